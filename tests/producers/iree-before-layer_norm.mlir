// test: input
// ONNX model `layer_norm`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after its chlo-legalize-to-stablehlo

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
      %118 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%118) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %9 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %10 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %11 = "tensor.from_elements"(%9, %10, %3) : (index, index, index) -> tensor<3xindex>
    %12 = "stablehlo.dynamic_reshape"(%8, %11) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %13 = "stablehlo.convert"(%2) : (tensor<1xi64>) -> tensor<1xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<1xf32>) -> tensor<f32>
    %15 = "shape.shape_of"(%12) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %16 = "shape.shape_of"(%14) : (tensor<f32>) -> tensor<0xindex>
    %17 = "shape.cstr_broadcastable"(%15, %16) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %18 = "shape.assuming"(%17) ({
      %112 = "shape.shape_of"(%12) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %113 = "shape.shape_of"(%14) : (tensor<f32>) -> tensor<0xindex>
      %114 = "shape.broadcast"(%112, %113) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %115 = "stablehlo.dynamic_broadcast_in_dim"(%12, %114) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %116 = "stablehlo.dynamic_broadcast_in_dim"(%14, %114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %117 = "stablehlo.divide"(%115, %116) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
      "shape.assuming_yield"(%117) : (tensor<?x?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x1xf32>
    %19 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %20 = "arith.index_cast"(%19) : (index) -> i64
    %21 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %22 = "arith.index_cast"(%21) : (index) -> i64
    %23 = "tensor.from_elements"(%19, %21, %1) : (index, index, index) -> tensor<3xindex>
    %24 = "stablehlo.dynamic_broadcast_in_dim"(%18, %23) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %25 = "shape.shape_of"(%arg0) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %26 = "shape.shape_of"(%24) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %27 = "shape.cstr_broadcastable"(%25, %26) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %28 = "shape.assuming"(%27) ({
      %106 = "shape.shape_of"(%arg0) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %107 = "shape.shape_of"(%24) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %108 = "shape.broadcast"(%106, %107) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %109 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %108) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %110 = "stablehlo.dynamic_broadcast_in_dim"(%24, %108) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %111 = "stablehlo.subtract"(%109, %110) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%111) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %29 = "shape.shape_of"(%28) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %30 = "shape.shape_of"(%28) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %31 = "shape.cstr_broadcastable"(%29, %30) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %32 = "shape.assuming"(%31) ({
      %100 = "shape.shape_of"(%28) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %101 = "shape.shape_of"(%28) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %102 = "shape.broadcast"(%100, %101) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %103 = "stablehlo.dynamic_broadcast_in_dim"(%28, %102) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %104 = "stablehlo.dynamic_broadcast_in_dim"(%28, %102) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %105 = "stablehlo.multiply"(%103, %104) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%105) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %33 = "stablehlo.reduce"(%32, %5) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %99 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%99) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %34 = "tensor.dim"(%32, %4) : (tensor<?x?x16xf32>, index) -> index
    %35 = "tensor.dim"(%32, %3) : (tensor<?x?x16xf32>, index) -> index
    %36 = "tensor.from_elements"(%34, %35, %3) : (index, index, index) -> tensor<3xindex>
    %37 = "stablehlo.dynamic_reshape"(%33, %36) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %38 = "stablehlo.convert"(%2) : (tensor<1xi64>) -> tensor<1xf32>
    %39 = "stablehlo.reshape"(%38) : (tensor<1xf32>) -> tensor<f32>
    %40 = "shape.shape_of"(%37) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %41 = "shape.shape_of"(%39) : (tensor<f32>) -> tensor<0xindex>
    %42 = "shape.cstr_broadcastable"(%40, %41) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %43 = "shape.assuming"(%42) ({
      %93 = "shape.shape_of"(%37) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %94 = "shape.shape_of"(%39) : (tensor<f32>) -> tensor<0xindex>
      %95 = "shape.broadcast"(%93, %94) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %96 = "stablehlo.dynamic_broadcast_in_dim"(%37, %95) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %97 = "stablehlo.dynamic_broadcast_in_dim"(%39, %95) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %98 = "stablehlo.divide"(%96, %97) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
      "shape.assuming_yield"(%98) : (tensor<?x?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x1xf32>
    %44 = "stablehlo.convert"(%0) : (tensor<1xf64>) -> tensor<1xf32>
    %45 = "stablehlo.reshape"(%44) : (tensor<1xf32>) -> tensor<f32>
    %46 = "shape.shape_of"(%43) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %47 = "shape.shape_of"(%45) : (tensor<f32>) -> tensor<0xindex>
    %48 = "shape.cstr_broadcastable"(%46, %47) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %49 = "shape.assuming"(%48) ({
      %87 = "shape.shape_of"(%43) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %88 = "shape.shape_of"(%45) : (tensor<f32>) -> tensor<0xindex>
      %89 = "shape.broadcast"(%87, %88) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %90 = "stablehlo.dynamic_broadcast_in_dim"(%43, %89) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %91 = "stablehlo.dynamic_broadcast_in_dim"(%45, %89) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %92 = "stablehlo.add"(%90, %91) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
      "shape.assuming_yield"(%92) : (tensor<?x?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x1xf32>
    %50 = "stablehlo.rsqrt"(%49) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %51 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %52 = "arith.index_cast"(%51) : (index) -> i64
    %53 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %54 = "arith.index_cast"(%53) : (index) -> i64
    %55 = "tensor.from_elements"(%51, %53, %1) : (index, index, index) -> tensor<3xindex>
    %56 = "stablehlo.dynamic_broadcast_in_dim"(%50, %55) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %57 = "shape.shape_of"(%28) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %58 = "shape.shape_of"(%56) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %59 = "shape.cstr_broadcastable"(%57, %58) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %60 = "shape.assuming"(%59) ({
      %81 = "shape.shape_of"(%28) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %82 = "shape.shape_of"(%56) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %83 = "shape.broadcast"(%81, %82) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %84 = "stablehlo.dynamic_broadcast_in_dim"(%28, %83) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %85 = "stablehlo.dynamic_broadcast_in_dim"(%56, %83) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %86 = "stablehlo.multiply"(%84, %85) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%86) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %61 = "shape.shape_of"(%60) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %62 = "shape.shape_of"(%7) : (tensor<16xf32>) -> tensor<1xindex>
    %63 = "shape.cstr_broadcastable"(%61, %62) : (tensor<3xindex>, tensor<1xindex>) -> !shape.witness
    %64 = "shape.assuming"(%63) ({
      %75 = "shape.shape_of"(%60) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %76 = "shape.shape_of"(%7) : (tensor<16xf32>) -> tensor<1xindex>
      %77 = "shape.broadcast"(%75, %76) : (tensor<3xindex>, tensor<1xindex>) -> tensor<3xindex>
      %78 = "stablehlo.dynamic_broadcast_in_dim"(%60, %77) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %79 = "stablehlo.dynamic_broadcast_in_dim"(%7, %77) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %80 = "stablehlo.multiply"(%78, %79) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%80) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %65 = "shape.shape_of"(%64) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %66 = "shape.shape_of"(%6) : (tensor<16xf32>) -> tensor<1xindex>
    %67 = "shape.cstr_broadcastable"(%65, %66) : (tensor<3xindex>, tensor<1xindex>) -> !shape.witness
    %68 = "shape.assuming"(%67) ({
      %69 = "shape.shape_of"(%64) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %70 = "shape.shape_of"(%6) : (tensor<16xf32>) -> tensor<1xindex>
      %71 = "shape.broadcast"(%69, %70) : (tensor<3xindex>, tensor<1xindex>) -> tensor<3xindex>
      %72 = "stablehlo.dynamic_broadcast_in_dim"(%64, %71) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %73 = "stablehlo.dynamic_broadcast_in_dim"(%6, %71) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %74 = "stablehlo.add"(%72, %73) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%74) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    "func.return"(%68) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
