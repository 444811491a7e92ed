// test: input
// ONNX model `softmax` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "softmax"}> ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "tensor.dim"(%arg0, %0) : (tensor<?x?xf32>, index) -> index
    %5 = "stablehlo.reduce"(%arg0, %2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %30 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%30) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %6 = "tensor.from_elements"(%4, %1) : (index, index) -> tensor<2xindex>
    %7 = "stablehlo.dynamic_reshape"(%5, %6) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %8 = "shape.shape_of"(%arg0) : (tensor<?x?xf32>) -> tensor<2xindex>
    %9 = "shape.shape_of"(%7) : (tensor<?x1xf32>) -> tensor<2xindex>
    %10 = "shape.cstr_broadcastable"(%8, %9) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %11 = "shape.assuming"(%10) ({
      %26 = "shape.broadcast"(%8, %9) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %27 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %28 = "stablehlo.dynamic_broadcast_in_dim"(%7, %26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %29 = "stablehlo.subtract"(%27, %28) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%29) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %12 = "stablehlo.exponential"(%11) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %13 = "stablehlo.reduce"(%12, %3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %25 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%25) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %14 = "tensor.dim"(%12, %0) : (tensor<?x?xf32>, index) -> index
    %15 = "tensor.from_elements"(%14, %1) : (index, index) -> tensor<2xindex>
    %16 = "stablehlo.dynamic_reshape"(%13, %15) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %17 = "shape.shape_of"(%12) : (tensor<?x?xf32>) -> tensor<2xindex>
    %18 = "shape.shape_of"(%16) : (tensor<?x1xf32>) -> tensor<2xindex>
    %19 = "shape.cstr_broadcastable"(%17, %18) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %20 = "shape.assuming"(%19) ({
      %21 = "shape.broadcast"(%17, %18) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %22 = "stablehlo.dynamic_broadcast_in_dim"(%12, %21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %23 = "stablehlo.dynamic_broadcast_in_dim"(%16, %21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %24 = "stablehlo.divide"(%22, %23) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%24) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%20) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
