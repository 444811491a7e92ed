// test: input
// ONNX model `layer_norm`, torch-mlir 20261001: the backend IR to StableHLO+CHLO
// torch-mlir-opt --pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))' --mlir-print-op-generic
// (the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x16xf32>) -> tensor<?x?x16xf32>, sym_name = "layer_norm"}> ({
  ^bb0(%arg0: tensor<?x?x16xf32>):
    %0 = "arith.constant"() <{value = dense<9.9999997473787516E-6> : tensor<1xf64>}> : () -> tensor<1xf64>
    %1 = "arith.constant"() <{value = 16 : index}> : () -> index
    %2 = "arith.constant"() <{value = dense<16> : tensor<1xi64>}> : () -> tensor<1xi64>
    %3 = "arith.constant"() <{value = 1 : index}> : () -> index
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.constant"() <{value = dense<[0.0351455063, -0.0474332981, -0.194426507, -0.130775318, 0.108683072, -0.0050604064, -0.028312508, 0.164325163, -0.128264934, -0.0585657768, -0.0472587682, 0.0586337261, -0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %7 = "stablehlo.constant"() <{value = dense<[0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963, -0.147388801, 0.10288544, -0.193495974, -0.0239936672, -0.0204522498, -0.104286015, 0.0613123141, -0.0200329702, -0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %8 = "stablehlo.reduce"(%arg0, %5) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %50 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%50) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %9 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %10 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %11 = "tensor.from_elements"(%9, %10, %3) : (index, index, index) -> tensor<3xindex>
    %12 = "stablehlo.dynamic_reshape"(%8, %11) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %13 = "stablehlo.convert"(%2) : (tensor<1xi64>) -> tensor<1xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<1xf32>) -> tensor<f32>
    %15 = "chlo.broadcast_divide"(%12, %14) : (tensor<?x?x1xf32>, tensor<f32>) -> tensor<?x?x1xf32>
    %16 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %17 = "arith.index_cast"(%16) : (index) -> i64
    %18 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %19 = "arith.index_cast"(%18) : (index) -> i64
    %20 = "arith.index_cast"(%17) : (i64) -> index
    %21 = "arith.index_cast"(%19) : (i64) -> index
    %22 = "tensor.from_elements"(%20, %21, %1) : (index, index, index) -> tensor<3xindex>
    %23 = "stablehlo.dynamic_broadcast_in_dim"(%15, %22) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %24 = "chlo.broadcast_subtract"(%arg0, %23) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %25 = "chlo.broadcast_multiply"(%24, %24) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %26 = "stablehlo.reduce"(%25, %5) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %49 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%49) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %27 = "tensor.dim"(%25, %4) : (tensor<?x?x16xf32>, index) -> index
    %28 = "tensor.dim"(%25, %3) : (tensor<?x?x16xf32>, index) -> index
    %29 = "tensor.from_elements"(%27, %28, %3) : (index, index, index) -> tensor<3xindex>
    %30 = "stablehlo.dynamic_reshape"(%26, %29) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %31 = "stablehlo.convert"(%2) : (tensor<1xi64>) -> tensor<1xf32>
    %32 = "stablehlo.reshape"(%31) : (tensor<1xf32>) -> tensor<f32>
    %33 = "chlo.broadcast_divide"(%30, %32) : (tensor<?x?x1xf32>, tensor<f32>) -> tensor<?x?x1xf32>
    %34 = "stablehlo.convert"(%0) : (tensor<1xf64>) -> tensor<1xf32>
    %35 = "stablehlo.reshape"(%34) : (tensor<1xf32>) -> tensor<f32>
    %36 = "chlo.broadcast_add"(%33, %35) : (tensor<?x?x1xf32>, tensor<f32>) -> tensor<?x?x1xf32>
    %37 = "stablehlo.rsqrt"(%36) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %38 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %39 = "arith.index_cast"(%38) : (index) -> i64
    %40 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %41 = "arith.index_cast"(%40) : (index) -> i64
    %42 = "arith.index_cast"(%39) : (i64) -> index
    %43 = "arith.index_cast"(%41) : (i64) -> index
    %44 = "tensor.from_elements"(%42, %43, %1) : (index, index, index) -> tensor<3xindex>
    %45 = "stablehlo.dynamic_broadcast_in_dim"(%37, %44) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %46 = "chlo.broadcast_multiply"(%24, %45) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %47 = "chlo.broadcast_multiply"(%46, %7) : (tensor<?x?x16xf32>, tensor<16xf32>) -> tensor<?x?x16xf32>
    %48 = "chlo.broadcast_add"(%47, %6) : (tensor<?x?x16xf32>, tensor<16xf32>) -> tensor<?x?x16xf32>
    "func.return"(%48) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
