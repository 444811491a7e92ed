// test: input
// ONNX model `reduce`, torch-mlir 20261001: the backend IR to StableHLO+CHLO
// torch-mlir-opt --pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))' --mlir-print-op-generic
// (the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x?xf32>) -> tensor<?x1xf32>, sym_name = "reduce"}> ({
  ^bb0(%arg0: tensor<?x?x?xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.reduce"(%arg0, %3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %17 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%17) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %5 = "tensor.dim"(%arg0, %2) : (tensor<?x?x?xf32>, index) -> index
    %6 = "tensor.dim"(%arg0, %0) : (tensor<?x?x?xf32>, index) -> index
    %7 = "tensor.from_elements"(%5, %1, %6) : (index, index, index) -> tensor<3xindex>
    %8 = "stablehlo.dynamic_reshape"(%4, %7) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x1x?xf32>
    %9 = "stablehlo.reduce"(%8, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%16) : (tensor<f32>) -> ()
    }) : (tensor<?x1x?xf32>, tensor<f32>) -> tensor<?x1xf32>
    %10 = "tensor.dim"(%8, %0) : (tensor<?x1x?xf32>, index) -> index
    %11 = "arith.index_cast"(%10) : (index) -> i64
    %12 = "tensor.from_elements"(%11) : (i64) -> tensor<1xi64>
    %13 = "stablehlo.convert"(%12) : (tensor<1xi64>) -> tensor<1xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<1xf32>) -> tensor<f32>
    %15 = "chlo.broadcast_divide"(%9, %14) : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
    "func.return"(%15) : (tensor<?x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
