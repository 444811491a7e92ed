// test: input
// ONNX model `attention`, torch-mlir 20261001: the backend IR to StableHLO+CHLO
// torch-mlir-opt --pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))' --mlir-print-op-generic
// (the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, sym_name = "attention"}> ({
  ^bb0(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?x?x8xf32>, %arg2: tensor<?x?x8xf32>):
    %0 = "arith.constant"() <{value = 8 : index}> : () -> index
    %1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "arith.constant"() <{value = 2 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "stablehlo.constant"() <{value = dense<0.353553385> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 0, 2, 1>}> : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
    %8 = "tensor.dim"(%7, %5) : (tensor<?x8x?xf32>, index) -> index
    %9 = "tensor.dim"(%7, %3) : (tensor<?x8x?xf32>, index) -> index
    %10 = "tensor.from_elements"(%8, %0, %9) : (index, index, index) -> tensor<3xindex>
    %11 = "stablehlo.dynamic_broadcast_in_dim"(%7, %10) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x8x?xf32>, tensor<3xindex>) -> tensor<?x8x?xf32>
    %12 = "stablehlo.dot_general"(%arg0, %11) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
    %13 = "chlo.broadcast_multiply"(%12, %6) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
    %14 = "tensor.dim"(%13, %5) : (tensor<?x?x?xf32>, index) -> index
    %15 = "tensor.dim"(%13, %4) : (tensor<?x?x?xf32>, index) -> index
    %16 = "stablehlo.reduce"(%13, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %33 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%33) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %17 = "tensor.from_elements"(%14, %15, %4) : (index, index, index) -> tensor<3xindex>
    %18 = "stablehlo.dynamic_reshape"(%16, %17) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %19 = "chlo.broadcast_subtract"(%13, %18) : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
    %20 = "stablehlo.exponential"(%19) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %21 = "stablehlo.reduce"(%20, %1) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %32 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%32) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %22 = "tensor.dim"(%20, %5) : (tensor<?x?x?xf32>, index) -> index
    %23 = "tensor.dim"(%20, %4) : (tensor<?x?x?xf32>, index) -> index
    %24 = "tensor.from_elements"(%22, %23, %4) : (index, index, index) -> tensor<3xindex>
    %25 = "stablehlo.dynamic_reshape"(%21, %24) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %26 = "chlo.broadcast_divide"(%20, %25) : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
    %27 = "tensor.dim"(%arg2, %5) : (tensor<?x?x8xf32>, index) -> index
    %28 = "tensor.dim"(%arg2, %4) : (tensor<?x?x8xf32>, index) -> index
    %29 = "tensor.from_elements"(%27, %28, %0) : (index, index, index) -> tensor<3xindex>
    %30 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %29) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x8xf32>, tensor<3xindex>) -> tensor<?x?x8xf32>
    %31 = "stablehlo.dot_general"(%26, %30) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%31) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
