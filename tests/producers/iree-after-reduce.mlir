// test: input
// ONNX model `reduce`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_reshape)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x?xf32>) -> tensor<?x1xf32>, sym_name = "reduce"}> ({
  ^bb0(%arg0: tensor<?x?x?xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.reduce"(%arg0, %3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %20 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%20) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %5 = "tensor.dim"(%arg0, %2) : (tensor<?x?x?xf32>, index) -> index
    %6 = "tensor.dim"(%arg0, %0) : (tensor<?x?x?xf32>, index) -> index
    %7 = "tensor.from_elements"(%5, %1, %6) : (index, index, index) -> tensor<3xindex>
    %8 = "stablehlo.dynamic_reshape"(%4, %7) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x1x?xf32>
    %9 = "stablehlo.reduce"(%8, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %19 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%19) : (tensor<f32>) -> ()
    }) : (tensor<?x1x?xf32>, tensor<f32>) -> tensor<?x1xf32>
    %10 = "tensor.dim"(%8, %0) : (tensor<?x1x?xf32>, index) -> index
    %11 = "arith.index_cast"(%10) : (index) -> i64
    %12 = "arith.sitofp"(%11) : (i64) -> f32
    %13 = "tensor.from_elements"(%12) : (f32) -> tensor<f32>
    %14 = "tensor.dim"(%9, %2) : (tensor<?x1xf32>, index) -> index
    %15 = "tensor.from_elements"(%14, %1) : (index, index) -> tensor<2xindex>
    %16 = "stablehlo.dynamic_broadcast_in_dim"(%9, %15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%13, %15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x1xf32>
    %18 = "stablehlo.divide"(%16, %17) : (tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x1xf32>
    "func.return"(%18) : (tensor<?x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
