// test: input
// ONNX model `concat_transpose`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>, sym_name = "concat_transpose"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x1xf32>):
    %0 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %1 = "stablehlo.transpose"(%0) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %2 = "shape.shape_of"(%1) : (tensor<?x?xf32>) -> tensor<2xindex>
    %3 = "shape.shape_of"(%arg2) : (tensor<?x1xf32>) -> tensor<2xindex>
    %4 = "shape.cstr_broadcastable"(%2, %3) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %5 = "shape.assuming"(%4) ({
      %6 = "shape.shape_of"(%1) : (tensor<?x?xf32>) -> tensor<2xindex>
      %7 = "shape.shape_of"(%arg2) : (tensor<?x1xf32>) -> tensor<2xindex>
      %8 = "shape.broadcast"(%6, %7) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %9 = "stablehlo.dynamic_broadcast_in_dim"(%1, %8) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %10 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %8) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %11 = "stablehlo.add"(%9, %10) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%11) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%5) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
