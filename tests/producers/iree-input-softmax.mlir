// test: input
// ONNX model `softmax`, torch-mlir 20261001: the backend IR to StableHLO+CHLO
// torch-mlir-opt --pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))' --mlir-print-op-generic
// (the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "softmax"}> ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "tensor.dim"(%arg0, %3) : (tensor<?x?xf32>, index) -> index
    %5 = "stablehlo.reduce"(%arg0, %1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %16 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%16) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %6 = "tensor.from_elements"(%4, %2) : (index, index) -> tensor<2xindex>
    %7 = "stablehlo.dynamic_reshape"(%5, %6) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %8 = "chlo.broadcast_subtract"(%arg0, %7) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
    %9 = "stablehlo.exponential"(%8) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %10 = "stablehlo.reduce"(%9, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %15 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%15) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %11 = "tensor.dim"(%9, %3) : (tensor<?x?xf32>, index) -> index
    %12 = "tensor.from_elements"(%11, %2) : (index, index) -> tensor<2xindex>
    %13 = "stablehlo.dynamic_reshape"(%10, %12) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %14 = "chlo.broadcast_divide"(%9, %13) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
    "func.return"(%14) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
