// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `mlp` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then succeeds)

"builtin.module"() <{sym_name = "jit_mlp"}> ({
  "func.func"() <{function_type = (tensor<?x16xf32>) -> tensor<?x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x16xf32>):
    %0 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %2 = "stablehlo.constant"() <{value = dense<[-0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %3 = "stablehlo.constant"() <{value = dense<[[0.164733917, 0.0917487964, 0.106693484, 0.00476727309], [0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963], [-0.147388801, 0.10288544, -0.193495974, -0.0239936672], [-0.0204522498, -0.104286015, 0.0613123141, -0.0200329702], [-0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01], [0.0351455063, -0.0474332981, -0.194426507, -0.130775318], [0.108683072, -0.0050604064, -0.028312508, 0.164325163], [-0.128264934, -0.0585657768, -0.0472587682, 0.0586337261]]> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
    %4 = "stablehlo.constant"() <{value = dense<[0.0513052121, -0.0297584031, -0.053000845, -0.0236154627, 0.181647599, -0.00498009706, 0.00866192672, -0.148707286]> : tensor<8xf32>}> : () -> tensor<8xf32>
    %5 = "stablehlo.constant"() <{value = dense<"0xE86F82BCC5875D3D48D9AF3C878F113D73E785BDE75B54BCE58EA03D67ED183EA6ED00BE9B061B3E51D1093E3803A03D5DA4D83C329500BD234D153EFFBA483EC77C383EA8AA063E0E62123DB276F7BD5D86E9B93272863D9FED03BE8DD7213D7A12303DAF8C8E3DE281F2BD468487BD8EC332BD5093EFBD7C1C323E03204BBDF7BE063D98D2D3BCCB25223E7934073EEBB5813DB0A361BE117DAA3BD9048C3D809CCD3D40187DBDEF923A3E4F3607BE1F7B87BD8D7FBF3DFFBDA03B850B4D3E576F9A3C9BAD81BD67A61ABD7B77DFBD9FD502BEB81B813DA70B6E3D1590043E138B9ABDF0F62C3E926DEBBC2B38213EE34431BD82A096BDCB9FCC3CDA3DD33D28E6833C27D56FBD455709BE03840FBE1FE64D3D77B1CA3D139786BCAA07DCBD8ECCB23DC31C03BE4E0992BD725E7E3D1A6A66BECA411E3D773D6EBD3B0B333C0B0FF8BB7692A53C9B2A8E3D6B509BBD3182113E3AB4943DE4CBAC3D6B90EE3D4F4CA13D08DEAC3D85B4F73B061A12BE05425DBCBB989DBD53B011BE7BB9D33CBBE068BD6AE7D2BD4B9BD5BD25E3DB3C7BE9123D6E6B073EE261B6BA685ED53D88970F3ECF8DEB3D073572BE6AA2FB3DBD1B0B3DA6932D3D040E183DFFC61C3D03D5023DCA0213BD3BBA42BE267232BCB39AA4BDAB37DD3DBA8EECBC1BC4083CD3FFADBDA52651BD892A97BA381A18BE3D52F63CEEC92DBCDFD5F2BD3D9475BE"> : tensor<16x8xf32>}> : () -> tensor<16x8xf32>
    %6 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.constant"() <{value = dense<0.707106769> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %9 = "stablehlo.constant"() <{value = dense<-1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.constant"() <{value = dense<-0.0142647391> : tensor<f32>}> : () -> tensor<f32>
    %11 = "stablehlo.constant"() <{value = dense<-0.00737332925> : tensor<f32>}> : () -> tensor<f32>
    %12 = "stablehlo.constant"() <{value = dense<-0.00168282702> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.constant"() <{value = dense<-2.13374049E-4> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.constant"() <{value = dense<-1.45660715E-5> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.constant"() <{value = dense<-0.0160960332> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.constant"() <{value = dense<-2.954600e-03> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.constant"() <{value = dense<-7.34990637E-4> : tensor<f32>}> : () -> tensor<f32>
    %18 = "stablehlo.constant"() <{value = dense<-5.69250624E-5> : tensor<f32>}> : () -> tensor<f32>
    %19 = "stablehlo.constant"() <{value = dense<-2.10102394E-6> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.constant"() <{value = dense<2.77068146E-8> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.constant"() <{value = dense<-2.72614237E-10> : tensor<f32>}> : () -> tensor<f32>
    %22 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %23 = "stablehlo.constant"() <{value = dense<-4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %24 = "arith.constant"() <{value = 0 : index}> : () -> index
    %25 = "tensor.dim"(%arg0, %24) : (tensor<?x16xf32>, index) -> index
    %26 = "arith.index_cast"(%25) : (index) -> i32
    %27 = "stablehlo.dot"(%arg0, %5) : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
    %28 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1x8xf32>
    %29 = "tensor.from_elements"(%26, %1) : (i32, i32) -> tensor<2xi32>
    %30 = "stablehlo.dynamic_broadcast_in_dim"(%28, %29) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %31 = "stablehlo.add"(%27, %30) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %32 = "stablehlo.dynamic_broadcast_in_dim"(%6, %29) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %33 = "stablehlo.multiply"(%32, %31) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %34 = "stablehlo.dynamic_broadcast_in_dim"(%7, %29) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %35 = "stablehlo.multiply"(%31, %34) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %36 = "tensor.dim"(%35, %24) : (tensor<?x8xf32>, index) -> index
    %37 = "arith.index_cast"(%36) : (index) -> i32
    %38 = "tensor.from_elements"(%37, %1) : (i32, i32) -> tensor<2xi32>
    %39 = "stablehlo.dynamic_broadcast_in_dim"(%23, %38) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %40 = "stablehlo.dynamic_broadcast_in_dim"(%22, %38) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %41 = "stablehlo.clamp"(%39, %35, %40) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %42 = "stablehlo.multiply"(%41, %41) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %43 = "tensor.dim"(%42, %24) : (tensor<?x8xf32>, index) -> index
    %44 = "arith.index_cast"(%43) : (index) -> i32
    %45 = "tensor.from_elements"(%44, %1) : (i32, i32) -> tensor<2xi32>
    %46 = "stablehlo.dynamic_broadcast_in_dim"(%21, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %47 = "stablehlo.multiply"(%46, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %48 = "stablehlo.dynamic_broadcast_in_dim"(%20, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %49 = "stablehlo.add"(%47, %48) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %50 = "stablehlo.multiply"(%49, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %51 = "stablehlo.dynamic_broadcast_in_dim"(%19, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %52 = "stablehlo.add"(%50, %51) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %53 = "stablehlo.multiply"(%52, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %54 = "stablehlo.dynamic_broadcast_in_dim"(%18, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %55 = "stablehlo.add"(%53, %54) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %56 = "stablehlo.multiply"(%55, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %57 = "stablehlo.dynamic_broadcast_in_dim"(%17, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %58 = "stablehlo.add"(%56, %57) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %59 = "stablehlo.multiply"(%58, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %60 = "stablehlo.dynamic_broadcast_in_dim"(%16, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %61 = "stablehlo.add"(%59, %60) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %62 = "stablehlo.multiply"(%61, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %63 = "stablehlo.dynamic_broadcast_in_dim"(%15, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %64 = "stablehlo.add"(%62, %63) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %65 = "stablehlo.dynamic_broadcast_in_dim"(%14, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %66 = "stablehlo.multiply"(%65, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %67 = "stablehlo.dynamic_broadcast_in_dim"(%13, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %68 = "stablehlo.add"(%66, %67) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %69 = "stablehlo.multiply"(%68, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %70 = "stablehlo.dynamic_broadcast_in_dim"(%12, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %71 = "stablehlo.add"(%69, %70) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %72 = "stablehlo.multiply"(%71, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %73 = "stablehlo.dynamic_broadcast_in_dim"(%11, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %74 = "stablehlo.add"(%72, %73) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %75 = "stablehlo.multiply"(%74, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %76 = "stablehlo.dynamic_broadcast_in_dim"(%10, %45) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %77 = "stablehlo.add"(%75, %76) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %78 = "stablehlo.multiply"(%41, %64) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %79 = "stablehlo.divide"(%78, %77) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %80 = "tensor.dim"(%41, %24) : (tensor<?x8xf32>, index) -> index
    %81 = "arith.index_cast"(%80) : (index) -> i32
    %82 = "tensor.from_elements"(%81, %1) : (i32, i32) -> tensor<2xi32>
    %83 = "stablehlo.dynamic_broadcast_in_dim"(%9, %82) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %84 = "stablehlo.dynamic_broadcast_in_dim"(%8, %82) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %85 = "stablehlo.clamp"(%83, %79, %84) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %86 = "stablehlo.dynamic_broadcast_in_dim"(%8, %29) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %87 = "stablehlo.add"(%86, %85) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %88 = "stablehlo.multiply"(%33, %87) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %89 = "stablehlo.dot"(%88, %3) : (tensor<?x8xf32>, tensor<8x4xf32>) -> tensor<?x4xf32>
    %90 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1x4xf32>
    %91 = "tensor.from_elements"(%26, %0) : (i32, i32) -> tensor<2xi32>
    %92 = "stablehlo.dynamic_broadcast_in_dim"(%90, %91) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %93 = "stablehlo.add"(%89, %92) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    "func.return"(%93) : (tensor<?x4xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
