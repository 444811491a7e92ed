// test: input
// ONNX model `broadcast`, torch-mlir 20261001: the backend IR to StableHLO+CHLO
// torch-mlir-opt --pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))' --mlir-print-op-generic
// (the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "broadcast"}> ({
  ^bb0(%arg0: tensor<?x1xf32>, %arg1: tensor<1x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>):
    %0 = "chlo.broadcast_add"(%arg0, %arg1) : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
    %1 = "chlo.broadcast_multiply"(%0, %arg2) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    %2 = "chlo.broadcast_subtract"(%1, %arg3) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%2) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
