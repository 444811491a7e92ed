// test: input
// ONNX model `broadcast`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "broadcast"}> ({
  ^bb0(%arg0: tensor<?x1xf32>, %arg1: tensor<1x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>):
    %0 = "shape.shape_of"(%arg0) : (tensor<?x1xf32>) -> tensor<2xindex>
    %1 = "shape.shape_of"(%arg1) : (tensor<1x?xf32>) -> tensor<2xindex>
    %2 = "shape.cstr_broadcastable"(%0, %1) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %3 = "shape.assuming"(%2) ({
      %24 = "shape.shape_of"(%arg0) : (tensor<?x1xf32>) -> tensor<2xindex>
      %25 = "shape.shape_of"(%arg1) : (tensor<1x?xf32>) -> tensor<2xindex>
      %26 = "shape.broadcast"(%24, %25) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %27 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %28 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %29 = "stablehlo.add"(%27, %28) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%29) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %4 = "shape.shape_of"(%3) : (tensor<?x?xf32>) -> tensor<2xindex>
    %5 = "shape.shape_of"(%arg2) : (tensor<?xf32>) -> tensor<1xindex>
    %6 = "shape.cstr_broadcastable"(%4, %5) : (tensor<2xindex>, tensor<1xindex>) -> !shape.witness
    %7 = "shape.assuming"(%6) ({
      %18 = "shape.shape_of"(%3) : (tensor<?x?xf32>) -> tensor<2xindex>
      %19 = "shape.shape_of"(%arg2) : (tensor<?xf32>) -> tensor<1xindex>
      %20 = "shape.broadcast"(%18, %19) : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
      %21 = "stablehlo.dynamic_broadcast_in_dim"(%3, %20) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %22 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %20) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %23 = "stablehlo.multiply"(%21, %22) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%23) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %8 = "shape.shape_of"(%7) : (tensor<?x?xf32>) -> tensor<2xindex>
    %9 = "shape.shape_of"(%arg3) : (tensor<?x?xf32>) -> tensor<2xindex>
    %10 = "shape.cstr_broadcastable"(%8, %9) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %11 = "shape.assuming"(%10) ({
      %12 = "shape.shape_of"(%7) : (tensor<?x?xf32>) -> tensor<2xindex>
      %13 = "shape.shape_of"(%arg3) : (tensor<?x?xf32>) -> tensor<2xindex>
      %14 = "shape.broadcast"(%12, %13) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %15 = "stablehlo.dynamic_broadcast_in_dim"(%7, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %16 = "stablehlo.dynamic_broadcast_in_dim"(%arg3, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %17 = "stablehlo.subtract"(%15, %16) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%17) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%11) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
