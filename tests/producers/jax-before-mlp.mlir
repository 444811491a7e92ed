// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `mlp` (scripts/producers/jax_models.py)
// exported.mlir_module(), printed generic without locations

"builtin.module"() <{sym_name = "jit_mlp"}> ({
  "func.func"() <{function_type = (tensor<?x16xf32>) -> tensor<?x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg3: tensor<?x16xf32>):
    %172 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %173 = "stablehlo.get_dimension_size"(%arg3) <{dimension = 0 : i64}> : (tensor<?x16xf32>) -> tensor<i32>
    %174 = "stablehlo.compare"(%173, %172) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%174, %173) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>) -> ()
    %175 = "func.call"(%173, %arg3) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<?x16xf32>) -> tensor<?x4xf32>
    "func.return"(%175) : (tensor<?x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}], function_type = (tensor<i32>, tensor<?x16xf32>) -> tensor<?x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<?x16xf32>):
    %137 = "stablehlo.constant"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
    %138 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %139 = "stablehlo.constant"() <{value = dense<0.707106769> : tensor<f32>}> : () -> tensor<f32>
    %140 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %141 = "stablehlo.constant"() <{value = dense<8> : tensor<1xi32>}> : () -> tensor<1xi32>
    %142 = "stablehlo.constant"() <{value = dense<"0xE86F82BCC5875D3D48D9AF3C878F113D73E785BDE75B54BCE58EA03D67ED183EA6ED00BE9B061B3E51D1093E3803A03D5DA4D83C329500BD234D153EFFBA483EC77C383EA8AA063E0E62123DB276F7BD5D86E9B93272863D9FED03BE8DD7213D7A12303DAF8C8E3DE281F2BD468487BD8EC332BD5093EFBD7C1C323E03204BBDF7BE063D98D2D3BCCB25223E7934073EEBB5813DB0A361BE117DAA3BD9048C3D809CCD3D40187DBDEF923A3E4F3607BE1F7B87BD8D7FBF3DFFBDA03B850B4D3E576F9A3C9BAD81BD67A61ABD7B77DFBD9FD502BEB81B813DA70B6E3D1590043E138B9ABDF0F62C3E926DEBBC2B38213EE34431BD82A096BDCB9FCC3CDA3DD33D28E6833C27D56FBD455709BE03840FBE1FE64D3D77B1CA3D139786BCAA07DCBD8ECCB23DC31C03BE4E0992BD725E7E3D1A6A66BECA411E3D773D6EBD3B0B333C0B0FF8BB7692A53C9B2A8E3D6B509BBD3182113E3AB4943DE4CBAC3D6B90EE3D4F4CA13D08DEAC3D85B4F73B061A12BE05425DBCBB989DBD53B011BE7BB9D33CBBE068BD6AE7D2BD4B9BD5BD25E3DB3C7BE9123D6E6B073EE261B6BA685ED53D88970F3ECF8DEB3D073572BE6AA2FB3DBD1B0B3DA6932D3D040E183DFFC61C3D03D5023DCA0213BD3BBA42BE267232BCB39AA4BDAB37DD3DBA8EECBC1BC4083CD3FFADBDA52651BD892A97BA381A18BE3D52F63CEEC92DBCDFD5F2BD3D9475BE"> : tensor<16x8xf32>}> : () -> tensor<16x8xf32>
    %143 = "stablehlo.constant"() <{value = dense<[0.0513052121, -0.0297584031, -0.053000845, -0.0236154627, 0.181647599, -0.00498009706, 0.00866192672, -0.148707286]> : tensor<8xf32>}> : () -> tensor<8xf32>
    %144 = "stablehlo.constant"() <{value = dense<[[0.164733917, 0.0917487964, 0.106693484, 0.00476727309], [0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963], [-0.147388801, 0.10288544, -0.193495974, -0.0239936672], [-0.0204522498, -0.104286015, 0.0613123141, -0.0200329702], [-0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01], [0.0351455063, -0.0474332981, -0.194426507, -0.130775318], [0.108683072, -0.0050604064, -0.028312508, 0.164325163], [-0.128264934, -0.0585657768, -0.0472587682, 0.0586337261]]> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
    %145 = "stablehlo.constant"() <{value = dense<[-0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %146 = "stablehlo.dot_general"(%arg2, %142) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
    %147 = "stablehlo.broadcast_in_dim"(%143) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1x8xf32>
    %148 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %149 = "stablehlo.concatenate"(%148, %141) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %150 = "stablehlo.dynamic_broadcast_in_dim"(%147, %149) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %151 = "stablehlo.add"(%146, %150) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %152 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %153 = "stablehlo.concatenate"(%152, %141) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %154 = "stablehlo.dynamic_broadcast_in_dim"(%140, %153) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %155 = "stablehlo.multiply"(%154, %151) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %156 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %157 = "stablehlo.concatenate"(%156, %141) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %158 = "stablehlo.dynamic_broadcast_in_dim"(%139, %157) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %159 = "stablehlo.multiply"(%151, %158) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %160 = "stablehlo.composite"(%159) <{decomposition = @chlo.erf.impl, name = "chlo.erf", version = 1 : i32}> : (tensor<?x8xf32>) -> tensor<?x8xf32>
    %161 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %162 = "stablehlo.concatenate"(%161, %141) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %163 = "stablehlo.dynamic_broadcast_in_dim"(%138, %162) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %164 = "stablehlo.add"(%163, %160) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %165 = "stablehlo.multiply"(%155, %164) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %166 = "stablehlo.dot_general"(%165, %144) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<?x8xf32>, tensor<8x4xf32>) -> tensor<?x4xf32>
    %167 = "stablehlo.broadcast_in_dim"(%145) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1x4xf32>
    %168 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %169 = "stablehlo.concatenate"(%168, %137) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %170 = "stablehlo.dynamic_broadcast_in_dim"(%167, %169) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %171 = "stablehlo.add"(%166, %170) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    "func.return"(%171) : (tensor<?x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?x8xf32>) -> tensor<?x8xf32>, sym_name = "chlo.erf.impl", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<?x8xf32>):
    %0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<-1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.constant"() <{value = dense<-0.0142647391> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.constant"() <{value = dense<-0.00737332925> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.constant"() <{value = dense<-0.00168282702> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.constant"() <{value = dense<-2.13374049E-4> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.constant"() <{value = dense<-1.45660715E-5> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.constant"() <{value = dense<-0.0160960332> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.constant"() <{value = dense<-2.954600e-03> : tensor<f32>}> : () -> tensor<f32>
    %9 = "stablehlo.constant"() <{value = dense<-7.34990637E-4> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.constant"() <{value = dense<-5.69250624E-5> : tensor<f32>}> : () -> tensor<f32>
    %11 = "stablehlo.constant"() <{value = dense<-2.10102394E-6> : tensor<f32>}> : () -> tensor<f32>
    %12 = "stablehlo.constant"() <{value = dense<2.77068146E-8> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.constant"() <{value = dense<-2.72614237E-10> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.constant"() <{value = dense<-4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %17 = "stablehlo.reshape"(%16) : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %19 = "stablehlo.reshape"(%18) : (tensor<i32>) -> tensor<1xi32>
    %20 = "stablehlo.concatenate"(%17, %19) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %21 = "stablehlo.dynamic_broadcast_in_dim"(%15, %20) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %22 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %23 = "stablehlo.reshape"(%22) : (tensor<i32>) -> tensor<1xi32>
    %24 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %25 = "stablehlo.reshape"(%24) : (tensor<i32>) -> tensor<1xi32>
    %26 = "stablehlo.concatenate"(%23, %25) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %27 = "stablehlo.dynamic_broadcast_in_dim"(%14, %26) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %28 = "stablehlo.clamp"(%21, %arg0, %27) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %29 = "stablehlo.multiply"(%28, %28) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %30 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %31 = "stablehlo.reshape"(%30) : (tensor<i32>) -> tensor<1xi32>
    %32 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %33 = "stablehlo.reshape"(%32) : (tensor<i32>) -> tensor<1xi32>
    %34 = "stablehlo.concatenate"(%31, %33) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %35 = "stablehlo.dynamic_broadcast_in_dim"(%13, %34) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %36 = "stablehlo.multiply"(%35, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %37 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %38 = "stablehlo.reshape"(%37) : (tensor<i32>) -> tensor<1xi32>
    %39 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %40 = "stablehlo.reshape"(%39) : (tensor<i32>) -> tensor<1xi32>
    %41 = "stablehlo.concatenate"(%38, %40) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %42 = "stablehlo.dynamic_broadcast_in_dim"(%12, %41) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %43 = "stablehlo.add"(%36, %42) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %44 = "stablehlo.multiply"(%43, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %45 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %46 = "stablehlo.reshape"(%45) : (tensor<i32>) -> tensor<1xi32>
    %47 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %48 = "stablehlo.reshape"(%47) : (tensor<i32>) -> tensor<1xi32>
    %49 = "stablehlo.concatenate"(%46, %48) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %50 = "stablehlo.dynamic_broadcast_in_dim"(%11, %49) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %51 = "stablehlo.add"(%44, %50) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %52 = "stablehlo.multiply"(%51, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %53 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %54 = "stablehlo.reshape"(%53) : (tensor<i32>) -> tensor<1xi32>
    %55 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %56 = "stablehlo.reshape"(%55) : (tensor<i32>) -> tensor<1xi32>
    %57 = "stablehlo.concatenate"(%54, %56) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %58 = "stablehlo.dynamic_broadcast_in_dim"(%10, %57) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %59 = "stablehlo.add"(%52, %58) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %60 = "stablehlo.multiply"(%59, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %61 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %62 = "stablehlo.reshape"(%61) : (tensor<i32>) -> tensor<1xi32>
    %63 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %64 = "stablehlo.reshape"(%63) : (tensor<i32>) -> tensor<1xi32>
    %65 = "stablehlo.concatenate"(%62, %64) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %66 = "stablehlo.dynamic_broadcast_in_dim"(%9, %65) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %67 = "stablehlo.add"(%60, %66) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %68 = "stablehlo.multiply"(%67, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %69 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %70 = "stablehlo.reshape"(%69) : (tensor<i32>) -> tensor<1xi32>
    %71 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %72 = "stablehlo.reshape"(%71) : (tensor<i32>) -> tensor<1xi32>
    %73 = "stablehlo.concatenate"(%70, %72) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %74 = "stablehlo.dynamic_broadcast_in_dim"(%8, %73) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %75 = "stablehlo.add"(%68, %74) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %76 = "stablehlo.multiply"(%75, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %77 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %78 = "stablehlo.reshape"(%77) : (tensor<i32>) -> tensor<1xi32>
    %79 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %80 = "stablehlo.reshape"(%79) : (tensor<i32>) -> tensor<1xi32>
    %81 = "stablehlo.concatenate"(%78, %80) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %82 = "stablehlo.dynamic_broadcast_in_dim"(%7, %81) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %83 = "stablehlo.add"(%76, %82) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %84 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %85 = "stablehlo.reshape"(%84) : (tensor<i32>) -> tensor<1xi32>
    %86 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %87 = "stablehlo.reshape"(%86) : (tensor<i32>) -> tensor<1xi32>
    %88 = "stablehlo.concatenate"(%85, %87) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %89 = "stablehlo.dynamic_broadcast_in_dim"(%6, %88) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %90 = "stablehlo.multiply"(%89, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %91 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %92 = "stablehlo.reshape"(%91) : (tensor<i32>) -> tensor<1xi32>
    %93 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %94 = "stablehlo.reshape"(%93) : (tensor<i32>) -> tensor<1xi32>
    %95 = "stablehlo.concatenate"(%92, %94) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %96 = "stablehlo.dynamic_broadcast_in_dim"(%5, %95) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %97 = "stablehlo.add"(%90, %96) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %98 = "stablehlo.multiply"(%97, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %99 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %100 = "stablehlo.reshape"(%99) : (tensor<i32>) -> tensor<1xi32>
    %101 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %102 = "stablehlo.reshape"(%101) : (tensor<i32>) -> tensor<1xi32>
    %103 = "stablehlo.concatenate"(%100, %102) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %104 = "stablehlo.dynamic_broadcast_in_dim"(%4, %103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %105 = "stablehlo.add"(%98, %104) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %106 = "stablehlo.multiply"(%105, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %107 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %108 = "stablehlo.reshape"(%107) : (tensor<i32>) -> tensor<1xi32>
    %109 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %110 = "stablehlo.reshape"(%109) : (tensor<i32>) -> tensor<1xi32>
    %111 = "stablehlo.concatenate"(%108, %110) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %112 = "stablehlo.dynamic_broadcast_in_dim"(%3, %111) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %113 = "stablehlo.add"(%106, %112) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %114 = "stablehlo.multiply"(%113, %29) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %115 = "stablehlo.get_dimension_size"(%29) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %116 = "stablehlo.reshape"(%115) : (tensor<i32>) -> tensor<1xi32>
    %117 = "stablehlo.get_dimension_size"(%29) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %118 = "stablehlo.reshape"(%117) : (tensor<i32>) -> tensor<1xi32>
    %119 = "stablehlo.concatenate"(%116, %118) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %120 = "stablehlo.dynamic_broadcast_in_dim"(%2, %119) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %121 = "stablehlo.add"(%114, %120) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %122 = "stablehlo.multiply"(%28, %83) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %123 = "stablehlo.divide"(%122, %121) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %124 = "stablehlo.get_dimension_size"(%28) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %125 = "stablehlo.reshape"(%124) : (tensor<i32>) -> tensor<1xi32>
    %126 = "stablehlo.get_dimension_size"(%28) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %127 = "stablehlo.reshape"(%126) : (tensor<i32>) -> tensor<1xi32>
    %128 = "stablehlo.concatenate"(%125, %127) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %129 = "stablehlo.dynamic_broadcast_in_dim"(%1, %128) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %130 = "stablehlo.get_dimension_size"(%28) <{dimension = 0 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %131 = "stablehlo.reshape"(%130) : (tensor<i32>) -> tensor<1xi32>
    %132 = "stablehlo.get_dimension_size"(%28) <{dimension = 1 : i64}> : (tensor<?x8xf32>) -> tensor<i32>
    %133 = "stablehlo.reshape"(%132) : (tensor<i32>) -> tensor<1xi32>
    %134 = "stablehlo.concatenate"(%131, %133) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %135 = "stablehlo.dynamic_broadcast_in_dim"(%0, %134) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %136 = "stablehlo.clamp"(%129, %123, %135) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    "func.return"(%136) : (tensor<?x8xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
