// test: input
// ONNX model `concat_transpose`, torch-mlir 20261001: the backend IR to StableHLO+CHLO
// torch-mlir-opt --pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))' --mlir-print-op-generic
// (the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>, sym_name = "concat_transpose"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x1xf32>):
    %0 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %1 = "stablehlo.transpose"(%0) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %2 = "chlo.broadcast_add"(%1, %arg2) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
    "func.return"(%2) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
