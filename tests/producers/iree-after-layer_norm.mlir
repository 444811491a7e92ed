// test: input
// ONNX model `layer_norm`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_reshape)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x16xf32>) -> tensor<?x?x16xf32>, sym_name = "layer_norm"}> ({
  ^bb0(%arg0: tensor<?x?x16xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = 3 : index}> : () -> index
    %2 = "arith.constant"() <{value = true}> : () -> i1
    %3 = "stablehlo.constant"() <{value = dense<[0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963, -0.147388801, 0.10288544, -0.193495974, -0.0239936672, -0.0204522498, -0.104286015, 0.0613123141, -0.0200329702, -0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %4 = "stablehlo.constant"() <{value = dense<[0.0351455063, -0.0474332981, -0.194426507, -0.130775318, 0.108683072, -0.0050604064, -0.028312508, 0.164325163, -0.128264934, -0.0585657768, -0.0472587682, 0.0586337261, -0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %5 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %6 = "arith.constant"() <{value = 0 : index}> : () -> index
    %7 = "arith.constant"() <{value = 1 : index}> : () -> index
    %8 = "arith.constant"() <{value = dense<16> : tensor<1xi64>}> : () -> tensor<1xi64>
    %9 = "arith.constant"() <{value = dense<9.9999997473787516E-6> : tensor<1xf64>}> : () -> tensor<1xf64>
    %10 = "arith.constant"() <{value = 16 : index}> : () -> index
    %11 = "stablehlo.reduce"(%arg0, %5) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg14: tensor<f32>, %arg15: tensor<f32>):
      %179 = "stablehlo.add"(%arg14, %arg15) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%179) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %12 = "tensor.dim"(%arg0, %6) : (tensor<?x?x16xf32>, index) -> index
    %13 = "tensor.dim"(%arg0, %7) : (tensor<?x?x16xf32>, index) -> index
    %14 = "tensor.from_elements"(%12, %13, %7) : (index, index, index) -> tensor<3xindex>
    %15 = "stablehlo.dynamic_reshape"(%11, %14) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %16 = "stablehlo.convert"(%8) : (tensor<1xi64>) -> tensor<1xf32>
    %17 = "stablehlo.reshape"(%16) : (tensor<1xf32>) -> tensor<f32>
    %18 = "tensor.dim"(%15, %6) : (tensor<?x?x1xf32>, index) -> index
    %19 = "tensor.dim"(%15, %7) : (tensor<?x?x1xf32>, index) -> index
    %20 = "tensor.from_elements"(%18, %19, %7) : (index, index, index) -> tensor<3xindex>
    %21 = "stablehlo.dynamic_broadcast_in_dim"(%15, %20) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %22 = "stablehlo.dynamic_broadcast_in_dim"(%17, %20) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %23 = "stablehlo.divide"(%21, %22) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %24 = "tensor.from_elements"(%12, %13, %10) : (index, index, index) -> tensor<3xindex>
    %25 = "stablehlo.dynamic_broadcast_in_dim"(%23, %24) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %26 = "tensor.dim"(%25, %6) : (tensor<?x?x16xf32>, index) -> index
    %27 = "tensor.dim"(%25, %7) : (tensor<?x?x16xf32>, index) -> index
    %28 = "tensor.from_elements"(%26, %27, %10) : (index, index, index) -> tensor<3xindex>
    %29 = "scf.for"(%6, %1, %7, %2) ({
    ^bb0(%arg12: index, %arg13: i1):
      %160 = "arith.cmpi"(%arg12, %6) <{predicate = 6 : i64}> : (index, index) -> i1
      %161 = "scf.if"(%160) ({
        "scf.yield"(%7) : (index) -> ()
      }, {
        %178 = "tensor.extract"(%24, %arg12) : (tensor<3xindex>, index) -> index
        "scf.yield"(%178) : (index) -> ()
      }) : (i1) -> index
      %162 = "scf.if"(%160) ({
        "scf.yield"(%161) : (index) -> ()
      }, {
        %175 = "tensor.extract"(%28, %arg12) : (tensor<3xindex>, index) -> index
        %176 = "arith.cmpi"(%175, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %177 = "arith.select"(%176, %161, %175) : (i1, index, index) -> index
        "scf.yield"(%177) : (index) -> ()
      }) : (i1) -> index
      %163 = "scf.if"(%160) ({
        "scf.yield"(%arg13) : (i1) -> ()
      }, {
        %170 = "tensor.extract"(%24, %arg12) : (tensor<3xindex>, index) -> index
        %171 = "arith.cmpi"(%170, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %172 = "arith.cmpi"(%170, %162) <{predicate = 0 : i64}> : (index, index) -> i1
        %173 = "arith.ori"(%171, %172) : (i1, i1) -> i1
        %174 = "arith.andi"(%arg13, %173) : (i1, i1) -> i1
        "scf.yield"(%174) : (i1) -> ()
      }) : (i1) -> i1
      %164 = "scf.if"(%160) ({
        "scf.yield"(%163) : (i1) -> ()
      }, {
        %165 = "tensor.extract"(%28, %arg12) : (tensor<3xindex>, index) -> index
        %166 = "arith.cmpi"(%165, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %167 = "arith.cmpi"(%165, %162) <{predicate = 0 : i64}> : (index, index) -> i1
        %168 = "arith.ori"(%166, %167) : (i1, i1) -> i1
        %169 = "arith.andi"(%163, %168) : (i1, i1) -> i1
        "scf.yield"(%169) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%164) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %30 = "shape.cstr_require"(%29) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %31 = "shape.assuming"(%30) ({
      %149 = "tensor.generate"() ({
      ^bb0(%arg11: index):
        %153 = "arith.cmpi"(%arg11, %6) <{predicate = 6 : i64}> : (index, index) -> i1
        %154 = "scf.if"(%153) ({
          "scf.yield"(%7) : (index) -> ()
        }, {
          %159 = "tensor.extract"(%24, %arg11) : (tensor<3xindex>, index) -> index
          "scf.yield"(%159) : (index) -> ()
        }) : (i1) -> index
        %155 = "scf.if"(%153) ({
          "scf.yield"(%154) : (index) -> ()
        }, {
          %156 = "tensor.extract"(%28, %arg11) : (tensor<3xindex>, index) -> index
          %157 = "arith.cmpi"(%156, %7) <{predicate = 0 : i64}> : (index, index) -> i1
          %158 = "arith.select"(%157, %154, %156) : (i1, index, index) -> index
          "scf.yield"(%158) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%155) : (index) -> ()
      }) : () -> tensor<3xindex>
      %150 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %149) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %151 = "stablehlo.dynamic_broadcast_in_dim"(%23, %149) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %152 = "stablehlo.subtract"(%150, %151) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%152) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %32 = "tensor.dim"(%31, %6) : (tensor<?x?x16xf32>, index) -> index
    %33 = "tensor.dim"(%31, %7) : (tensor<?x?x16xf32>, index) -> index
    %34 = "tensor.from_elements"(%32, %33, %10) : (index, index, index) -> tensor<3xindex>
    %35 = "scf.for"(%6, %1, %7, %2) ({
    ^bb0(%arg9: index, %arg10: i1):
      %130 = "arith.cmpi"(%arg9, %6) <{predicate = 6 : i64}> : (index, index) -> i1
      %131 = "scf.if"(%130) ({
        "scf.yield"(%7) : (index) -> ()
      }, {
        %148 = "tensor.extract"(%34, %arg9) : (tensor<3xindex>, index) -> index
        "scf.yield"(%148) : (index) -> ()
      }) : (i1) -> index
      %132 = "scf.if"(%130) ({
        "scf.yield"(%131) : (index) -> ()
      }, {
        %145 = "tensor.extract"(%34, %arg9) : (tensor<3xindex>, index) -> index
        %146 = "arith.cmpi"(%145, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %147 = "arith.select"(%146, %131, %145) : (i1, index, index) -> index
        "scf.yield"(%147) : (index) -> ()
      }) : (i1) -> index
      %133 = "scf.if"(%130) ({
        "scf.yield"(%arg10) : (i1) -> ()
      }, {
        %140 = "tensor.extract"(%34, %arg9) : (tensor<3xindex>, index) -> index
        %141 = "arith.cmpi"(%140, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %142 = "arith.cmpi"(%140, %132) <{predicate = 0 : i64}> : (index, index) -> i1
        %143 = "arith.ori"(%141, %142) : (i1, i1) -> i1
        %144 = "arith.andi"(%arg10, %143) : (i1, i1) -> i1
        "scf.yield"(%144) : (i1) -> ()
      }) : (i1) -> i1
      %134 = "scf.if"(%130) ({
        "scf.yield"(%133) : (i1) -> ()
      }, {
        %135 = "tensor.extract"(%34, %arg9) : (tensor<3xindex>, index) -> index
        %136 = "arith.cmpi"(%135, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %137 = "arith.cmpi"(%135, %132) <{predicate = 0 : i64}> : (index, index) -> i1
        %138 = "arith.ori"(%136, %137) : (i1, i1) -> i1
        %139 = "arith.andi"(%133, %138) : (i1, i1) -> i1
        "scf.yield"(%139) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%134) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %36 = "shape.cstr_require"(%35) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %37 = "shape.assuming"(%36) ({
      %120 = "tensor.generate"() ({
      ^bb0(%arg8: index):
        %123 = "arith.cmpi"(%arg8, %6) <{predicate = 6 : i64}> : (index, index) -> i1
        %124 = "scf.if"(%123) ({
          "scf.yield"(%7) : (index) -> ()
        }, {
          %129 = "tensor.extract"(%34, %arg8) : (tensor<3xindex>, index) -> index
          "scf.yield"(%129) : (index) -> ()
        }) : (i1) -> index
        %125 = "scf.if"(%123) ({
          "scf.yield"(%124) : (index) -> ()
        }, {
          %126 = "tensor.extract"(%34, %arg8) : (tensor<3xindex>, index) -> index
          %127 = "arith.cmpi"(%126, %7) <{predicate = 0 : i64}> : (index, index) -> i1
          %128 = "arith.select"(%127, %124, %126) : (i1, index, index) -> index
          "scf.yield"(%128) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%125) : (index) -> ()
      }) : () -> tensor<3xindex>
      %121 = "stablehlo.dynamic_broadcast_in_dim"(%31, %120) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %122 = "stablehlo.multiply"(%121, %121) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%122) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %38 = "stablehlo.reduce"(%37, %5) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %119 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%119) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %39 = "tensor.dim"(%37, %6) : (tensor<?x?x16xf32>, index) -> index
    %40 = "tensor.dim"(%37, %7) : (tensor<?x?x16xf32>, index) -> index
    %41 = "tensor.from_elements"(%39, %40, %7) : (index, index, index) -> tensor<3xindex>
    %42 = "stablehlo.dynamic_reshape"(%38, %41) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %43 = "tensor.dim"(%42, %6) : (tensor<?x?x1xf32>, index) -> index
    %44 = "tensor.dim"(%42, %7) : (tensor<?x?x1xf32>, index) -> index
    %45 = "tensor.from_elements"(%43, %44, %7) : (index, index, index) -> tensor<3xindex>
    %46 = "stablehlo.dynamic_broadcast_in_dim"(%42, %45) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %47 = "stablehlo.dynamic_broadcast_in_dim"(%17, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %48 = "stablehlo.divide"(%46, %47) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %49 = "stablehlo.convert"(%9) : (tensor<1xf64>) -> tensor<1xf32>
    %50 = "stablehlo.reshape"(%49) : (tensor<1xf32>) -> tensor<f32>
    %51 = "tensor.dim"(%48, %6) : (tensor<?x?x1xf32>, index) -> index
    %52 = "tensor.dim"(%48, %7) : (tensor<?x?x1xf32>, index) -> index
    %53 = "tensor.from_elements"(%51, %52, %7) : (index, index, index) -> tensor<3xindex>
    %54 = "stablehlo.dynamic_broadcast_in_dim"(%48, %53) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %55 = "stablehlo.dynamic_broadcast_in_dim"(%50, %53) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %56 = "stablehlo.add"(%54, %55) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %57 = "stablehlo.rsqrt"(%56) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %58 = "stablehlo.dynamic_broadcast_in_dim"(%57, %24) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %59 = "tensor.dim"(%58, %6) : (tensor<?x?x16xf32>, index) -> index
    %60 = "tensor.dim"(%58, %7) : (tensor<?x?x16xf32>, index) -> index
    %61 = "tensor.from_elements"(%59, %60, %10) : (index, index, index) -> tensor<3xindex>
    %62 = "scf.for"(%6, %1, %7, %2) ({
    ^bb0(%arg4: index, %arg5: i1):
      %100 = "arith.cmpi"(%arg4, %6) <{predicate = 6 : i64}> : (index, index) -> i1
      %101 = "scf.if"(%100) ({
        "scf.yield"(%7) : (index) -> ()
      }, {
        %118 = "tensor.extract"(%34, %arg4) : (tensor<3xindex>, index) -> index
        "scf.yield"(%118) : (index) -> ()
      }) : (i1) -> index
      %102 = "scf.if"(%100) ({
        "scf.yield"(%101) : (index) -> ()
      }, {
        %115 = "tensor.extract"(%61, %arg4) : (tensor<3xindex>, index) -> index
        %116 = "arith.cmpi"(%115, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %117 = "arith.select"(%116, %101, %115) : (i1, index, index) -> index
        "scf.yield"(%117) : (index) -> ()
      }) : (i1) -> index
      %103 = "scf.if"(%100) ({
        "scf.yield"(%arg5) : (i1) -> ()
      }, {
        %110 = "tensor.extract"(%34, %arg4) : (tensor<3xindex>, index) -> index
        %111 = "arith.cmpi"(%110, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %112 = "arith.cmpi"(%110, %102) <{predicate = 0 : i64}> : (index, index) -> i1
        %113 = "arith.ori"(%111, %112) : (i1, i1) -> i1
        %114 = "arith.andi"(%arg5, %113) : (i1, i1) -> i1
        "scf.yield"(%114) : (i1) -> ()
      }) : (i1) -> i1
      %104 = "scf.if"(%100) ({
        "scf.yield"(%103) : (i1) -> ()
      }, {
        %105 = "tensor.extract"(%61, %arg4) : (tensor<3xindex>, index) -> index
        %106 = "arith.cmpi"(%105, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %107 = "arith.cmpi"(%105, %102) <{predicate = 0 : i64}> : (index, index) -> i1
        %108 = "arith.ori"(%106, %107) : (i1, i1) -> i1
        %109 = "arith.andi"(%103, %108) : (i1, i1) -> i1
        "scf.yield"(%109) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%104) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %63 = "shape.cstr_require"(%62) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %64 = "shape.assuming"(%63) ({
      %89 = "tensor.generate"() ({
      ^bb0(%arg3: index):
        %93 = "arith.cmpi"(%arg3, %6) <{predicate = 6 : i64}> : (index, index) -> i1
        %94 = "scf.if"(%93) ({
          "scf.yield"(%7) : (index) -> ()
        }, {
          %99 = "tensor.extract"(%34, %arg3) : (tensor<3xindex>, index) -> index
          "scf.yield"(%99) : (index) -> ()
        }) : (i1) -> index
        %95 = "scf.if"(%93) ({
          "scf.yield"(%94) : (index) -> ()
        }, {
          %96 = "tensor.extract"(%61, %arg3) : (tensor<3xindex>, index) -> index
          %97 = "arith.cmpi"(%96, %7) <{predicate = 0 : i64}> : (index, index) -> i1
          %98 = "arith.select"(%97, %94, %96) : (i1, index, index) -> index
          "scf.yield"(%98) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%95) : (index) -> ()
      }) : () -> tensor<3xindex>
      %90 = "stablehlo.dynamic_broadcast_in_dim"(%31, %89) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %91 = "stablehlo.dynamic_broadcast_in_dim"(%57, %89) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %92 = "stablehlo.multiply"(%90, %91) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%92) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %65 = "tensor.dim"(%64, %6) : (tensor<?x?x16xf32>, index) -> index
    %66 = "tensor.dim"(%64, %7) : (tensor<?x?x16xf32>, index) -> index
    %67 = "tensor.from_elements"(%65, %66, %10) : (index, index, index) -> tensor<3xindex>
    %68 = "tensor.generate"() ({
    ^bb0(%arg2: index):
      %84 = "arith.cmpi"(%arg2, %6) <{predicate = 6 : i64}> : (index, index) -> i1
      %85 = "scf.if"(%84) ({
        "scf.yield"(%7) : (index) -> ()
      }, {
        %88 = "tensor.extract"(%67, %arg2) : (tensor<3xindex>, index) -> index
        "scf.yield"(%88) : (index) -> ()
      }) : (i1) -> index
      %86 = "arith.cmpi"(%arg2, %0) <{predicate = 6 : i64}> : (index, index) -> i1
      %87 = "arith.select"(%86, %85, %10) : (i1, index, index) -> index
      "tensor.yield"(%87) : (index) -> ()
    }) : () -> tensor<3xindex>
    %69 = "stablehlo.dynamic_broadcast_in_dim"(%64, %68) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %70 = "stablehlo.dynamic_broadcast_in_dim"(%3, %68) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %71 = "stablehlo.multiply"(%69, %70) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %72 = "tensor.dim"(%71, %6) : (tensor<?x?x16xf32>, index) -> index
    %73 = "tensor.dim"(%71, %7) : (tensor<?x?x16xf32>, index) -> index
    %74 = "tensor.from_elements"(%72, %73, %10) : (index, index, index) -> tensor<3xindex>
    %75 = "tensor.generate"() ({
    ^bb0(%arg1: index):
      %79 = "arith.cmpi"(%arg1, %6) <{predicate = 6 : i64}> : (index, index) -> i1
      %80 = "scf.if"(%79) ({
        "scf.yield"(%7) : (index) -> ()
      }, {
        %83 = "tensor.extract"(%74, %arg1) : (tensor<3xindex>, index) -> index
        "scf.yield"(%83) : (index) -> ()
      }) : (i1) -> index
      %81 = "arith.cmpi"(%arg1, %0) <{predicate = 6 : i64}> : (index, index) -> i1
      %82 = "arith.select"(%81, %80, %10) : (i1, index, index) -> index
      "tensor.yield"(%82) : (index) -> ()
    }) : () -> tensor<3xindex>
    %76 = "stablehlo.dynamic_broadcast_in_dim"(%71, %75) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %77 = "stablehlo.dynamic_broadcast_in_dim"(%4, %75) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %78 = "stablehlo.add"(%76, %77) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    "func.return"(%78) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
