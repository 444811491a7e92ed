// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `broadcast` (scripts/producers/jax_models.py)
// exported.mlir_module(), printed generic without locations

"builtin.module"() <{sym_name = "jit_broadcast"}> ({
  "func.func"() <{function_type = (tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg6: tensor<?x1xf32>, %arg7: tensor<1x?xf32>, %arg8: tensor<?xf32>, %arg9: tensor<?x?xf32>):
    %19 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %20 = "stablehlo.get_dimension_size"(%arg6) <{dimension = 0 : i64}> : (tensor<?x1xf32>) -> tensor<i32>
    %21 = "stablehlo.get_dimension_size"(%arg7) <{dimension = 1 : i64}> : (tensor<1x?xf32>) -> tensor<i32>
    %22 = "stablehlo.get_dimension_size"(%arg8) <{dimension = 0 : i64}> : (tensor<?xf32>) -> tensor<i32>
    %23 = "stablehlo.get_dimension_size"(%arg9) <{dimension = 0 : i64}> : (tensor<?x?xf32>) -> tensor<i32>
    %24 = "stablehlo.get_dimension_size"(%arg9) <{dimension = 1 : i64}> : (tensor<?x?xf32>) -> tensor<i32>
    %25 = "stablehlo.compare"(%20, %19) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%25, %20) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'n'. Using the following polymorphic shapes specifications: args[0].shape = (n, 1),args[1].shape = (1, m),args[2].shape = (m,),args[3].shape = (n, m). Obtained dimension variables: 'n' = {0} from specification 'n' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>) -> ()
    %26 = "stablehlo.compare"(%21, %19) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%26, %20, %21) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'm'. Using the following polymorphic shapes specifications: args[0].shape = (n, 1),args[1].shape = (1, m),args[2].shape = (m,),args[3].shape = (n, m). Obtained dimension variables: 'n' = {0} from specification 'n' for dimension args[0].shape[0] (= {0}), 'm' = {1} from specification 'm' for dimension args[1].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %27 = "stablehlo.compare"(%22, %21) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%27, %22, %21, %20) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[0] (= {0}) and the specification 'm' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (n, 1),args[1].shape = (1, m),args[2].shape = (m,),args[3].shape = (n, m). Obtained dimension variables: 'n' = {2} from specification 'n' for dimension args[0].shape[0] (= {2}), 'm' = {1} from specification 'm' for dimension args[1].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %28 = "stablehlo.compare"(%23, %20) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%28, %23, %20, %21) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[3].shape[0] (= {0}) and the specification 'n' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (n, 1),args[1].shape = (1, m),args[2].shape = (m,),args[3].shape = (n, m). Obtained dimension variables: 'n' = {1} from specification 'n' for dimension args[0].shape[0] (= {1}), 'm' = {2} from specification 'm' for dimension args[1].shape[1] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %29 = "stablehlo.compare"(%24, %21) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%29, %24, %21, %20) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[3].shape[1] (= {0}) and the specification 'm' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (n, 1),args[1].shape = (1, m),args[2].shape = (m,),args[3].shape = (n, m). Obtained dimension variables: 'n' = {2} from specification 'n' for dimension args[0].shape[0] (= {2}), 'm' = {1} from specification 'm' for dimension args[1].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %30 = "func.call"(%21, %20, %arg6, %arg7, %arg8, %arg9) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<i32>, tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%30) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "m"}, {jax.global_constant = "n"}, {}, {}, {}, {}], function_type = (tensor<i32>, tensor<i32>, tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?x1xf32>, %arg3: tensor<1x?xf32>, %arg4: tensor<?xf32>, %arg5: tensor<?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %2 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %3 = "stablehlo.concatenate"(%1, %2) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %3) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %5 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %6 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %7 = "stablehlo.concatenate"(%5, %6) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %8 = "stablehlo.dynamic_broadcast_in_dim"(%arg3, %7) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %9 = "stablehlo.add"(%4, %8) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %10 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %11 = "stablehlo.concatenate"(%0, %10) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %12 = "stablehlo.dynamic_broadcast_in_dim"(%arg4, %11) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<1x?xf32>
    %13 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %14 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %15 = "stablehlo.concatenate"(%13, %14) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %16 = "stablehlo.dynamic_broadcast_in_dim"(%12, %15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %17 = "stablehlo.multiply"(%9, %16) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %18 = "stablehlo.subtract"(%17, %arg5) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%18) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
