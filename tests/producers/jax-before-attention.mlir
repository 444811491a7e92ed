// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `attention` (scripts/producers/jax_models.py)
// exported.mlir_module(), printed generic without locations

"builtin.module"() <{sym_name = "jit_attention"}> ({
  "func.func"() <{function_type = (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg10: tensor<?x?x8xf32>, %arg11: tensor<?x?x8xf32>, %arg12: tensor<?x?x8xf32>):
    %42 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %43 = "stablehlo.get_dimension_size"(%arg10) <{dimension = 0 : i64}> : (tensor<?x?x8xf32>) -> tensor<i32>
    %44 = "stablehlo.get_dimension_size"(%arg10) <{dimension = 1 : i64}> : (tensor<?x?x8xf32>) -> tensor<i32>
    %45 = "stablehlo.get_dimension_size"(%arg11) <{dimension = 0 : i64}> : (tensor<?x?x8xf32>) -> tensor<i32>
    %46 = "stablehlo.get_dimension_size"(%arg11) <{dimension = 1 : i64}> : (tensor<?x?x8xf32>) -> tensor<i32>
    %47 = "stablehlo.get_dimension_size"(%arg12) <{dimension = 0 : i64}> : (tensor<?x?x8xf32>) -> tensor<i32>
    %48 = "stablehlo.get_dimension_size"(%arg12) <{dimension = 1 : i64}> : (tensor<?x?x8xf32>) -> tensor<i32>
    %49 = "stablehlo.compare"(%43, %42) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%49, %43) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 8),args[1].shape = (b, t, 8),args[2].shape = (b, t, 8). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>) -> ()
    %50 = "stablehlo.compare"(%44, %42) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%50, %43, %44) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 's'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 8),args[1].shape = (b, t, 8),args[2].shape = (b, t, 8). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %51 = "stablehlo.compare"(%45, %43) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%51, %45, %43, %44) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 8),args[1].shape = (b, t, 8),args[2].shape = (b, t, 8). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), 's' = {2} from specification 's' for dimension args[0].shape[1] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %52 = "stablehlo.compare"(%46, %42) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%52, %43, %44, %46) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 't'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 8),args[1].shape = (b, t, 8),args[2].shape = (b, t, 8). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), 't' = {2} from specification 't' for dimension args[1].shape[1] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %53 = "stablehlo.compare"(%47, %43) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%53, %47, %43, %44, %46) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 8),args[1].shape = (b, t, 8),args[2].shape = (b, t, 8). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), 's' = {2} from specification 's' for dimension args[0].shape[1] (= {2}), 't' = {3} from specification 't' for dimension args[1].shape[1] (= {3}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %54 = "stablehlo.compare"(%48, %46) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%54, %48, %46, %43, %44) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[1] (= {0}) and the specification 't' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 8),args[1].shape = (b, t, 8),args[2].shape = (b, t, 8). Obtained dimension variables: 'b' = {2} from specification 'b' for dimension args[0].shape[0] (= {2}), 's' = {3} from specification 's' for dimension args[0].shape[1] (= {3}), 't' = {1} from specification 't' for dimension args[1].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %55 = "func.call"(%43, %44, %46, %arg10, %arg11, %arg12) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%55) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {jax.global_constant = "s"}, {jax.global_constant = "t"}, {}, {}, {}], function_type = (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<?x?x8xf32>, %arg4: tensor<?x?x8xf32>, %arg5: tensor<?x?x8xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.constant"() <{value = dense<2.82842708> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.dot_general"(%arg3, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>}> : (tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x?xf32>
    %5 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %6 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %7 = "stablehlo.reshape"(%arg2) : (tensor<i32>) -> tensor<1xi32>
    %8 = "stablehlo.concatenate"(%5, %6, %7) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %9 = "stablehlo.dynamic_broadcast_in_dim"(%3, %8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %10 = "stablehlo.divide"(%4, %9) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %11 = "stablehlo.reduce"(%10, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %41 = "stablehlo.maximum"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%41) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %12 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %13 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %14 = "stablehlo.concatenate"(%12, %13) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %15 = "stablehlo.dynamic_broadcast_in_dim"(%2, %14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x?xf32>
    %16 = "stablehlo.maximum"(%15, %11) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %17 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %19 = "stablehlo.concatenate"(%17, %18, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %20 = "stablehlo.dynamic_broadcast_in_dim"(%16, %19) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %21 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %22 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.reshape"(%arg2) : (tensor<i32>) -> tensor<1xi32>
    %24 = "stablehlo.concatenate"(%21, %22, %23) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %25 = "stablehlo.dynamic_broadcast_in_dim"(%20, %24) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %26 = "stablehlo.subtract"(%10, %25) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %27 = "stablehlo.exponential"(%26) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %28 = "stablehlo.reduce"(%27, %0) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %40 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%40) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %29 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %30 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %31 = "stablehlo.concatenate"(%29, %30, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %32 = "stablehlo.dynamic_broadcast_in_dim"(%28, %31) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %33 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %34 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %35 = "stablehlo.reshape"(%arg2) : (tensor<i32>) -> tensor<1xi32>
    %36 = "stablehlo.concatenate"(%33, %34, %35) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %37 = "stablehlo.dynamic_broadcast_in_dim"(%32, %36) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %38 = "stablehlo.divide"(%27, %37) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %39 = "stablehlo.dot_general"(%38, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%39) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
