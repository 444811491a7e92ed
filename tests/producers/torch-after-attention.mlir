// test: input
// ONNX model `attention` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, sym_name = "attention"}> ({
  ^bb0(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?x?x8xf32>, %arg2: tensor<?x?x8xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.353553385> : tensor<f32>}> : () -> tensor<f32>
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 2 : index}> : () -> index
    %4 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %6 = "arith.constant"() <{value = 8 : index}> : () -> index
    %7 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 0, 2, 1>}> : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
    %8 = "tensor.dim"(%7, %1) : (tensor<?x8x?xf32>, index) -> index
    %9 = "tensor.dim"(%7, %3) : (tensor<?x8x?xf32>, index) -> index
    %10 = "tensor.from_elements"(%8, %6, %9) : (index, index, index) -> tensor<3xindex>
    %11 = "stablehlo.dynamic_broadcast_in_dim"(%7, %10) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x8x?xf32>, tensor<3xindex>) -> tensor<?x8x?xf32>
    %12 = "stablehlo.dot_general"(%arg0, %11) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
    %13 = "shape.shape_of"(%12) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %14 = "stablehlo.dynamic_broadcast_in_dim"(%12, %13) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
    %15 = "stablehlo.dynamic_broadcast_in_dim"(%0, %13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x?xf32>
    %16 = "stablehlo.multiply"(%14, %15) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %17 = "tensor.dim"(%16, %1) : (tensor<?x?x?xf32>, index) -> index
    %18 = "tensor.dim"(%16, %2) : (tensor<?x?x?xf32>, index) -> index
    %19 = "stablehlo.reduce"(%16, %4) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %50 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%50) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %20 = "tensor.from_elements"(%17, %18, %2) : (index, index, index) -> tensor<3xindex>
    %21 = "stablehlo.dynamic_reshape"(%19, %20) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %22 = "shape.shape_of"(%16) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %23 = "shape.shape_of"(%21) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %24 = "shape.cstr_broadcastable"(%22, %23) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %25 = "shape.assuming"(%24) ({
      %46 = "shape.broadcast"(%22, %23) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %47 = "stablehlo.dynamic_broadcast_in_dim"(%16, %46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %48 = "stablehlo.dynamic_broadcast_in_dim"(%21, %46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %49 = "stablehlo.subtract"(%47, %48) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%49) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %26 = "stablehlo.exponential"(%25) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %27 = "stablehlo.reduce"(%26, %5) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %45 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%45) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %28 = "tensor.dim"(%26, %1) : (tensor<?x?x?xf32>, index) -> index
    %29 = "tensor.dim"(%26, %2) : (tensor<?x?x?xf32>, index) -> index
    %30 = "tensor.from_elements"(%28, %29, %2) : (index, index, index) -> tensor<3xindex>
    %31 = "stablehlo.dynamic_reshape"(%27, %30) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %32 = "shape.shape_of"(%26) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %33 = "shape.shape_of"(%31) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %34 = "shape.cstr_broadcastable"(%32, %33) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %35 = "shape.assuming"(%34) ({
      %41 = "shape.broadcast"(%32, %33) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %42 = "stablehlo.dynamic_broadcast_in_dim"(%26, %41) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %43 = "stablehlo.dynamic_broadcast_in_dim"(%31, %41) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %44 = "stablehlo.divide"(%42, %43) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%44) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %36 = "tensor.dim"(%arg2, %1) : (tensor<?x?x8xf32>, index) -> index
    %37 = "tensor.dim"(%arg2, %2) : (tensor<?x?x8xf32>, index) -> index
    %38 = "tensor.from_elements"(%36, %37, %6) : (index, index, index) -> tensor<3xindex>
    %39 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %38) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x8xf32>, tensor<3xindex>) -> tensor<?x?x8xf32>
    %40 = "stablehlo.dot_general"(%35, %39) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%40) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
