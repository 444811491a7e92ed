// JAX 0.10.2 jax.export, symbolic shapes, model `mlp` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR the input pipeline's output (iree-compile --compile-to=input)

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (0, d1)>
#map6 = affine_map<(d0, d1) -> ()>
"builtin.module"() <{sym_name = "jit_mlp"}> ({
  "util.func"() <{function_type = (tensor<?x16xf32>) -> tensor<?x4xf32>, sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x16xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = dense<[-0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %2 = "arith.constant"() <{value = dense<[[0.164733917, 0.0917487964, 0.106693484, 0.00476727309], [0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963], [-0.147388801, 0.10288544, -0.193495974, -0.0239936672], [-0.0204522498, -0.104286015, 0.0613123141, -0.0200329702], [-0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01], [0.0351455063, -0.0474332981, -0.194426507, -0.130775318], [0.108683072, -0.0050604064, -0.028312508, 0.164325163], [-0.128264934, -0.0585657768, -0.0472587682, 0.0586337261]]> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
    %3 = "arith.constant"() <{value = dense<[0.0513052121, -0.0297584031, -0.053000845, -0.0236154627, 0.181647599, -0.00498009706, 0.00866192672, -0.148707286]> : tensor<8xf32>}> : () -> tensor<8xf32>
    %4 = "arith.constant"() <{value = dense<"0xE86F82BCC5875D3D48D9AF3C878F113D73E785BDE75B54BCE58EA03D67ED183EA6ED00BE9B061B3E51D1093E3803A03D5DA4D83C329500BD234D153EFFBA483EC77C383EA8AA063E0E62123DB276F7BD5D86E9B93272863D9FED03BE8DD7213D7A12303DAF8C8E3DE281F2BD468487BD8EC332BD5093EFBD7C1C323E03204BBDF7BE063D98D2D3BCCB25223E7934073EEBB5813DB0A361BE117DAA3BD9048C3D809CCD3D40187DBDEF923A3E4F3607BE1F7B87BD8D7FBF3DFFBDA03B850B4D3E576F9A3C9BAD81BD67A61ABD7B77DFBD9FD502BEB81B813DA70B6E3D1590043E138B9ABDF0F62C3E926DEBBC2B38213EE34431BD82A096BDCB9FCC3CDA3DD33D28E6833C27D56FBD455709BE03840FBE1FE64D3D77B1CA3D139786BCAA07DCBD8ECCB23DC31C03BE4E0992BD725E7E3D1A6A66BECA411E3D773D6EBD3B0B333C0B0FF8BB7692A53C9B2A8E3D6B509BBD3182113E3AB4943DE4CBAC3D6B90EE3D4F4CA13D08DEAC3D85B4F73B061A12BE05425DBCBB989DBD53B011BE7BB9D33CBBE068BD6AE7D2BD4B9BD5BD25E3DB3C7BE9123D6E6B073EE261B6BA685ED53D88970F3ECF8DEB3D073572BE6AA2FB3DBD1B0B3DA6932D3D040E183DFFC61C3D03D5023DCA0213BD3BBA42BE267232BCB39AA4BDAB37DD3DBA8EECBC1BC4083CD3FFADBDA52651BD892A97BA381A18BE3D52F63CEEC92DBCDFD5F2BD3D9475BE"> : tensor<16x8xf32>}> : () -> tensor<16x8xf32>
    %5 = "arith.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %6 = "arith.constant"() <{value = dense<0.707106769> : tensor<f32>}> : () -> tensor<f32>
    %7 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "arith.constant"() <{value = dense<-1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %9 = "arith.constant"() <{value = dense<-0.0142647391> : tensor<f32>}> : () -> tensor<f32>
    %10 = "arith.constant"() <{value = dense<-0.00737332925> : tensor<f32>}> : () -> tensor<f32>
    %11 = "arith.constant"() <{value = dense<-0.00168282702> : tensor<f32>}> : () -> tensor<f32>
    %12 = "arith.constant"() <{value = dense<-2.13374049E-4> : tensor<f32>}> : () -> tensor<f32>
    %13 = "arith.constant"() <{value = dense<-1.45660715E-5> : tensor<f32>}> : () -> tensor<f32>
    %14 = "arith.constant"() <{value = dense<-0.0160960332> : tensor<f32>}> : () -> tensor<f32>
    %15 = "arith.constant"() <{value = dense<-2.954600e-03> : tensor<f32>}> : () -> tensor<f32>
    %16 = "arith.constant"() <{value = dense<-7.34990637E-4> : tensor<f32>}> : () -> tensor<f32>
    %17 = "arith.constant"() <{value = dense<-5.69250624E-5> : tensor<f32>}> : () -> tensor<f32>
    %18 = "arith.constant"() <{value = dense<-2.10102394E-6> : tensor<f32>}> : () -> tensor<f32>
    %19 = "arith.constant"() <{value = dense<2.77068146E-8> : tensor<f32>}> : () -> tensor<f32>
    %20 = "arith.constant"() <{value = dense<-2.72614237E-10> : tensor<f32>}> : () -> tensor<f32>
    %21 = "arith.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %22 = "arith.constant"() <{value = dense<-4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %23 = "arith.constant"() <{value = 0 : index}> : () -> index
    %24 = "tensor.dim"(%arg0, %23) : (tensor<?x16xf32>, index) -> index
    %25 = "arith.index_cast"(%24) : (index) -> i32
    %26 = "tensor.dim"(%arg0, %23) : (tensor<?x16xf32>, index) -> index
    %27 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %28 = "linalg.fill"(%0, %27) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg149: f32, %arg150: f32):
      "linalg.yield"(%arg149) : (f32) -> ()
    }) : (f32, tensor<?x8xf32>) -> tensor<?x8xf32>
    %29 = "linalg.matmul"(%arg0, %4, %28) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg146: f32, %arg147: f32, %arg148: f32):
      %200 = "arith.mulf"(%arg146, %arg147) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %201 = "arith.addf"(%arg148, %200) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%201) : (f32) -> ()
    }) : (tensor<?x16xf32>, tensor<16x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %30 = "tensor.empty"() : () -> tensor<1x8xf32>
    %31 = "linalg.generic"(%3, %30) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg144: f32, %arg145: f32):
      "linalg.yield"(%arg144) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    %32 = "arith.index_cast"(%25) : (i32) -> index
    %33 = "tensor.empty"(%32) : (index) -> tensor<?x8xf32>
    %34 = "linalg.generic"(%31, %33) <{indexing_maps = [#map5, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg142: f32, %arg143: f32):
      "linalg.yield"(%arg142) : (f32) -> ()
    }) : (tensor<1x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %35 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %36 = "linalg.generic"(%29, %34, %35) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg139: f32, %arg140: f32, %arg141: f32):
      %199 = "arith.addf"(%arg139, %arg140) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%199) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %37 = "arith.index_cast"(%25) : (i32) -> index
    %38 = "tensor.empty"(%37) : (index) -> tensor<?x8xf32>
    %39 = "linalg.generic"(%5, %38) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg137: f32, %arg138: f32):
      "linalg.yield"(%arg137) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %40 = "tensor.empty"(%37) : (index) -> tensor<?x8xf32>
    %41 = "linalg.generic"(%39, %36, %40) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg134: f32, %arg135: f32, %arg136: f32):
      %198 = "arith.mulf"(%arg134, %arg135) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%198) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %42 = "arith.index_cast"(%25) : (i32) -> index
    %43 = "tensor.empty"(%42) : (index) -> tensor<?x8xf32>
    %44 = "linalg.generic"(%6, %43) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg132: f32, %arg133: f32):
      "linalg.yield"(%arg132) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %45 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %46 = "linalg.generic"(%36, %44, %45) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg129: f32, %arg130: f32, %arg131: f32):
      %197 = "arith.mulf"(%arg129, %arg130) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%197) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %47 = "arith.index_cast"(%26) : (index) -> i32
    %48 = "arith.index_cast"(%47) : (i32) -> index
    %49 = "tensor.empty"(%48) : (index) -> tensor<?x8xf32>
    %50 = "linalg.generic"(%22, %49) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg127: f32, %arg128: f32):
      "linalg.yield"(%arg127) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %51 = "arith.index_cast"(%47) : (i32) -> index
    %52 = "tensor.empty"(%51) : (index) -> tensor<?x8xf32>
    %53 = "linalg.generic"(%21, %52) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg125: f32, %arg126: f32):
      "linalg.yield"(%arg125) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %54 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %55 = "linalg.generic"(%50, %46, %53, %54) <{indexing_maps = [#map4, #map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg121: f32, %arg122: f32, %arg123: f32, %arg124: f32):
      %195 = "arith.maximumf"(%arg121, %arg122) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %196 = "arith.minimumf"(%195, %arg123) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%196) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %56 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %57 = "linalg.generic"(%55, %56) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg119: f32, %arg120: f32):
      %194 = "arith.mulf"(%arg119, %arg119) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%194) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %58 = "arith.index_cast"(%26) : (index) -> i32
    %59 = "arith.index_cast"(%58) : (i32) -> index
    %60 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %61 = "linalg.generic"(%20, %60) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg117: f32, %arg118: f32):
      "linalg.yield"(%arg117) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %62 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %63 = "linalg.generic"(%61, %57, %62) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg114: f32, %arg115: f32, %arg116: f32):
      %193 = "arith.mulf"(%arg114, %arg115) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%193) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %64 = "arith.index_cast"(%58) : (i32) -> index
    %65 = "tensor.empty"(%64) : (index) -> tensor<?x8xf32>
    %66 = "linalg.generic"(%19, %65) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg112: f32, %arg113: f32):
      "linalg.yield"(%arg112) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %67 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %68 = "linalg.generic"(%63, %66, %67) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg109: f32, %arg110: f32, %arg111: f32):
      %192 = "arith.addf"(%arg109, %arg110) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%192) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %69 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %70 = "linalg.generic"(%68, %57, %69) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg106: f32, %arg107: f32, %arg108: f32):
      %191 = "arith.mulf"(%arg106, %arg107) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%191) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %71 = "arith.index_cast"(%58) : (i32) -> index
    %72 = "tensor.empty"(%71) : (index) -> tensor<?x8xf32>
    %73 = "linalg.generic"(%18, %72) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg104: f32, %arg105: f32):
      "linalg.yield"(%arg104) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %74 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %75 = "linalg.generic"(%70, %73, %74) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg101: f32, %arg102: f32, %arg103: f32):
      %190 = "arith.addf"(%arg101, %arg102) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%190) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %76 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %77 = "linalg.generic"(%75, %57, %76) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg98: f32, %arg99: f32, %arg100: f32):
      %189 = "arith.mulf"(%arg98, %arg99) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%189) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %78 = "arith.index_cast"(%58) : (i32) -> index
    %79 = "tensor.empty"(%78) : (index) -> tensor<?x8xf32>
    %80 = "linalg.generic"(%17, %79) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg96: f32, %arg97: f32):
      "linalg.yield"(%arg96) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %81 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %82 = "linalg.generic"(%77, %80, %81) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg93: f32, %arg94: f32, %arg95: f32):
      %188 = "arith.addf"(%arg93, %arg94) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%188) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %83 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %84 = "linalg.generic"(%82, %57, %83) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg90: f32, %arg91: f32, %arg92: f32):
      %187 = "arith.mulf"(%arg90, %arg91) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%187) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %85 = "arith.index_cast"(%58) : (i32) -> index
    %86 = "tensor.empty"(%85) : (index) -> tensor<?x8xf32>
    %87 = "linalg.generic"(%16, %86) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg88: f32, %arg89: f32):
      "linalg.yield"(%arg88) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %88 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %89 = "linalg.generic"(%84, %87, %88) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg85: f32, %arg86: f32, %arg87: f32):
      %186 = "arith.addf"(%arg85, %arg86) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%186) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %90 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %91 = "linalg.generic"(%89, %57, %90) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg82: f32, %arg83: f32, %arg84: f32):
      %185 = "arith.mulf"(%arg82, %arg83) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%185) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %92 = "arith.index_cast"(%58) : (i32) -> index
    %93 = "tensor.empty"(%92) : (index) -> tensor<?x8xf32>
    %94 = "linalg.generic"(%15, %93) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg80: f32, %arg81: f32):
      "linalg.yield"(%arg80) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %95 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %96 = "linalg.generic"(%91, %94, %95) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg77: f32, %arg78: f32, %arg79: f32):
      %184 = "arith.addf"(%arg77, %arg78) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%184) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %97 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %98 = "linalg.generic"(%96, %57, %97) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg74: f32, %arg75: f32, %arg76: f32):
      %183 = "arith.mulf"(%arg74, %arg75) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%183) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %99 = "arith.index_cast"(%58) : (i32) -> index
    %100 = "tensor.empty"(%99) : (index) -> tensor<?x8xf32>
    %101 = "linalg.generic"(%14, %100) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg72: f32, %arg73: f32):
      "linalg.yield"(%arg72) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %102 = "tensor.empty"(%59) : (index) -> tensor<?x8xf32>
    %103 = "linalg.generic"(%98, %101, %102) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg69: f32, %arg70: f32, %arg71: f32):
      %182 = "arith.addf"(%arg69, %arg70) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%182) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %104 = "arith.index_cast"(%58) : (i32) -> index
    %105 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %106 = "linalg.generic"(%13, %105) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg67: f32, %arg68: f32):
      "linalg.yield"(%arg67) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %107 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %108 = "linalg.generic"(%106, %57, %107) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg64: f32, %arg65: f32, %arg66: f32):
      %181 = "arith.mulf"(%arg64, %arg65) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%181) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %109 = "arith.index_cast"(%58) : (i32) -> index
    %110 = "tensor.empty"(%109) : (index) -> tensor<?x8xf32>
    %111 = "linalg.generic"(%12, %110) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg62: f32, %arg63: f32):
      "linalg.yield"(%arg62) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %112 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %113 = "linalg.generic"(%108, %111, %112) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg59: f32, %arg60: f32, %arg61: f32):
      %180 = "arith.addf"(%arg59, %arg60) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%180) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %114 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %115 = "linalg.generic"(%113, %57, %114) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg56: f32, %arg57: f32, %arg58: f32):
      %179 = "arith.mulf"(%arg56, %arg57) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%179) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %116 = "arith.index_cast"(%58) : (i32) -> index
    %117 = "tensor.empty"(%116) : (index) -> tensor<?x8xf32>
    %118 = "linalg.generic"(%11, %117) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg54: f32, %arg55: f32):
      "linalg.yield"(%arg54) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %119 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %120 = "linalg.generic"(%115, %118, %119) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg51: f32, %arg52: f32, %arg53: f32):
      %178 = "arith.addf"(%arg51, %arg52) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%178) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %121 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %122 = "linalg.generic"(%120, %57, %121) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg48: f32, %arg49: f32, %arg50: f32):
      %177 = "arith.mulf"(%arg48, %arg49) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%177) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %123 = "arith.index_cast"(%58) : (i32) -> index
    %124 = "tensor.empty"(%123) : (index) -> tensor<?x8xf32>
    %125 = "linalg.generic"(%10, %124) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg46: f32, %arg47: f32):
      "linalg.yield"(%arg46) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %126 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %127 = "linalg.generic"(%122, %125, %126) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg43: f32, %arg44: f32, %arg45: f32):
      %176 = "arith.addf"(%arg43, %arg44) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%176) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %128 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %129 = "linalg.generic"(%127, %57, %128) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg40: f32, %arg41: f32, %arg42: f32):
      %175 = "arith.mulf"(%arg40, %arg41) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%175) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %130 = "arith.index_cast"(%58) : (i32) -> index
    %131 = "tensor.empty"(%130) : (index) -> tensor<?x8xf32>
    %132 = "linalg.generic"(%9, %131) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32):
      "linalg.yield"(%arg38) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %133 = "tensor.empty"(%104) : (index) -> tensor<?x8xf32>
    %134 = "linalg.generic"(%129, %132, %133) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg35: f32, %arg36: f32, %arg37: f32):
      %174 = "arith.addf"(%arg35, %arg36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%174) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %135 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %136 = "linalg.generic"(%55, %103, %135) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32, %arg34: f32):
      %173 = "arith.mulf"(%arg32, %arg33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%173) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %137 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %138 = "linalg.generic"(%136, %134, %137) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg29: f32, %arg30: f32, %arg31: f32):
      %172 = "arith.divf"(%arg29, %arg30) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%172) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %139 = "arith.index_cast"(%26) : (index) -> i32
    %140 = "arith.index_cast"(%139) : (i32) -> index
    %141 = "tensor.empty"(%140) : (index) -> tensor<?x8xf32>
    %142 = "linalg.generic"(%8, %141) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg27: f32, %arg28: f32):
      "linalg.yield"(%arg27) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %143 = "arith.index_cast"(%139) : (i32) -> index
    %144 = "tensor.empty"(%143) : (index) -> tensor<?x8xf32>
    %145 = "linalg.generic"(%7, %144) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32):
      "linalg.yield"(%arg25) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %146 = "tensor.empty"(%26) : (index) -> tensor<?x8xf32>
    %147 = "linalg.generic"(%142, %138, %145, %146) <{indexing_maps = [#map4, #map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg21: f32, %arg22: f32, %arg23: f32, %arg24: f32):
      %170 = "arith.maximumf"(%arg21, %arg22) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %171 = "arith.minimumf"(%170, %arg23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%171) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %148 = "arith.index_cast"(%25) : (i32) -> index
    %149 = "tensor.empty"(%148) : (index) -> tensor<?x8xf32>
    %150 = "linalg.generic"(%7, %149) <{indexing_maps = [#map6, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg19: f32, %arg20: f32):
      "linalg.yield"(%arg19) : (f32) -> ()
    }) : (tensor<f32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %151 = "tensor.empty"(%148) : (index) -> tensor<?x8xf32>
    %152 = "linalg.generic"(%150, %147, %151) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg16: f32, %arg17: f32, %arg18: f32):
      %169 = "arith.addf"(%arg16, %arg17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%169) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %153 = "tensor.empty"(%37) : (index) -> tensor<?x8xf32>
    %154 = "linalg.generic"(%41, %152, %153) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg13: f32, %arg14: f32, %arg15: f32):
      %168 = "arith.mulf"(%arg13, %arg14) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%168) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %155 = "tensor.empty"(%37) : (index) -> tensor<?x4xf32>
    %156 = "linalg.fill"(%0, %155) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32):
      "linalg.yield"(%arg11) : (f32) -> ()
    }) : (f32, tensor<?x4xf32>) -> tensor<?x4xf32>
    %157 = "linalg.matmul"(%154, %2, %156) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %166 = "arith.mulf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %167 = "arith.addf"(%arg10, %166) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%167) : (f32) -> ()
    }) : (tensor<?x8xf32>, tensor<8x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %158 = "tensor.empty"() : () -> tensor<1x4xf32>
    %159 = "linalg.generic"(%1, %158) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (tensor<4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
    %160 = "arith.index_cast"(%25) : (i32) -> index
    %161 = "tensor.empty"(%160) : (index) -> tensor<?x4xf32>
    %162 = "linalg.generic"(%159, %161) <{indexing_maps = [#map5, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      "linalg.yield"(%arg4) : (f32) -> ()
    }) : (tensor<1x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %163 = "tensor.empty"(%37) : (index) -> tensor<?x4xf32>
    %164 = "linalg.generic"(%157, %162, %163) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %165 = "arith.addf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%165) : (f32) -> ()
    }) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    "util.return"(%164) : (tensor<?x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
