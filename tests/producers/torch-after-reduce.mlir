// test: input
// ONNX model `reduce` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x?xf32>) -> tensor<?x1xf32>, sym_name = "reduce"}> ({
  ^bb0(%arg0: tensor<?x?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 2 : index}> : () -> index
    %4 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %20 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%20) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %5 = "tensor.dim"(%arg0, %1) : (tensor<?x?x?xf32>, index) -> index
    %6 = "tensor.dim"(%arg0, %3) : (tensor<?x?x?xf32>, index) -> index
    %7 = "tensor.from_elements"(%5, %2, %6) : (index, index, index) -> tensor<3xindex>
    %8 = "stablehlo.dynamic_reshape"(%4, %7) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x1x?xf32>
    %9 = "stablehlo.reduce"(%8, %0) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %19 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%19) : (tensor<f32>) -> ()
    }) : (tensor<?x1x?xf32>, tensor<f32>) -> tensor<?x1xf32>
    %10 = "tensor.dim"(%8, %3) : (tensor<?x1x?xf32>, index) -> index
    %11 = "arith.index_cast"(%10) : (index) -> i64
    %12 = "tensor.from_elements"(%11) : (i64) -> tensor<1xi64>
    %13 = "stablehlo.convert"(%12) : (tensor<1xi64>) -> tensor<1xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<1xf32>) -> tensor<f32>
    %15 = "shape.shape_of"(%9) : (tensor<?x1xf32>) -> tensor<2xindex>
    %16 = "stablehlo.dynamic_broadcast_in_dim"(%9, %15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%14, %15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x1xf32>
    %18 = "stablehlo.divide"(%16, %17) : (tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x1xf32>
    "func.return"(%18) : (tensor<?x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
