// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `layer_norm` (scripts/producers/jax_models.py)
// exported.mlir_module(), printed generic without locations

"builtin.module"() <{sym_name = "jit_layer_norm"}> ({
  "func.func"() <{function_type = (tensor<?x?x16xf32>) -> tensor<?x?x16xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg7: tensor<?x?x16xf32>):
    %63 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %64 = "stablehlo.get_dimension_size"(%arg7) <{dimension = 0 : i64}> : (tensor<?x?x16xf32>) -> tensor<i32>
    %65 = "stablehlo.get_dimension_size"(%arg7) <{dimension = 1 : i64}> : (tensor<?x?x16xf32>) -> tensor<i32>
    %66 = "stablehlo.compare"(%64, %63) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%66, %64) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>) -> ()
    %67 = "stablehlo.compare"(%65, %63) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%67, %64, %65) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 's'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %68 = "func.call"(%64, %65, %arg7) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<i32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    "func.return"(%68) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {jax.global_constant = "s"}, {}], function_type = (tensor<i32>, tensor<i32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?x?x16xf32>):
    %0 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<16> : tensor<1xi32>}> : () -> tensor<1xi32>
    %2 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "stablehlo.constant"() <{value = dense<[0.0125730215, -0.0132104857, 0.0640422627, 0.0104900114, -0.0535669401, 0.0361595079, 1.304000e-01, 9.470810e-02, -0.0703735277, -0.126542151, -0.0623274446, 0.00413259817, -0.232503086, -0.0218791664, -0.124591105, -0.0732267424]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %5 = "stablehlo.constant"() <{value = dense<[-0.0544259027, -0.0316300169, 0.0411630534, 0.10425134, -0.012853466, 0.136646345, -0.066519469, 0.0351510085, 0.0903470143, 9.401230e-03, -0.0743499324, -0.0921725407, -0.0457725823, 0.022019513, -0.100961819, -0.0209175572]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %6 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.reduce"(%arg2, %6) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %62 = "stablehlo.add"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%62) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %8 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %9 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %10 = "stablehlo.concatenate"(%8, %9, %3) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %11 = "stablehlo.dynamic_broadcast_in_dim"(%7, %10) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %12 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %13 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %14 = "stablehlo.concatenate"(%12, %13, %3) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %15 = "stablehlo.dynamic_broadcast_in_dim"(%2, %14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %16 = "stablehlo.divide"(%11, %15) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %17 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %19 = "stablehlo.concatenate"(%17, %18, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %20 = "stablehlo.dynamic_broadcast_in_dim"(%16, %19) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %21 = "stablehlo.subtract"(%arg2, %20) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %22 = "stablehlo.multiply"(%21, %21) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %23 = "stablehlo.reduce"(%22, %6) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %61 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%61) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %24 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %25 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %26 = "stablehlo.concatenate"(%24, %25, %3) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %27 = "stablehlo.dynamic_broadcast_in_dim"(%23, %26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %28 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %29 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %30 = "stablehlo.concatenate"(%28, %29, %3) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %31 = "stablehlo.dynamic_broadcast_in_dim"(%2, %30) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %32 = "stablehlo.divide"(%27, %31) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %33 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %34 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %35 = "stablehlo.concatenate"(%33, %34, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %36 = "stablehlo.dynamic_broadcast_in_dim"(%16, %35) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %37 = "stablehlo.subtract"(%arg2, %36) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %38 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %39 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %40 = "stablehlo.concatenate"(%38, %39, %3) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %41 = "stablehlo.dynamic_broadcast_in_dim"(%0, %40) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %42 = "stablehlo.add"(%32, %41) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %43 = "stablehlo.rsqrt"(%42) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %44 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %45 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %46 = "stablehlo.concatenate"(%44, %45, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %47 = "stablehlo.dynamic_broadcast_in_dim"(%43, %46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %48 = "stablehlo.multiply"(%37, %47) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %49 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %50 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %51 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %52 = "stablehlo.concatenate"(%50, %51, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %53 = "stablehlo.dynamic_broadcast_in_dim"(%49, %52) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %54 = "stablehlo.multiply"(%48, %53) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %55 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %56 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %57 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %58 = "stablehlo.concatenate"(%56, %57, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %59 = "stablehlo.dynamic_broadcast_in_dim"(%55, %58) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %60 = "stablehlo.add"(%54, %59) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    "func.return"(%60) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
