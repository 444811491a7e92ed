// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `softmax` (scripts/producers/jax_models.py)
// exported.mlir_module(), printed generic without locations

"builtin.module"() <{sym_name = "jit_softmax"}> ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> tensor<?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg7: tensor<?x?xf32>):
    %27 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %28 = "stablehlo.get_dimension_size"(%arg7) <{dimension = 0 : i64}> : (tensor<?x?xf32>) -> tensor<i32>
    %29 = "stablehlo.get_dimension_size"(%arg7) <{dimension = 1 : i64}> : (tensor<?x?xf32>) -> tensor<i32>
    %30 = "stablehlo.compare"(%28, %27) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%30, %28) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>) -> ()
    %31 = "stablehlo.compare"(%29, %27) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%31, %28, %29) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'n'. Using the following polymorphic shapes specifications: args[0].shape = (b, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'n' = {1} from specification 'n' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %32 = "func.call"(%28, %29, %arg7) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<i32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%32) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {jax.global_constant = "n"}, {}], function_type = (tensor<i32>, tensor<i32>, tensor<?x?xf32>) -> tensor<?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.reduce"(%arg2, %2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %26 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %4 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %5 = "stablehlo.dynamic_broadcast_in_dim"(%2, %4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %6 = "stablehlo.maximum"(%5, %3) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %7 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %8 = "stablehlo.concatenate"(%7, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %9 = "stablehlo.dynamic_broadcast_in_dim"(%6, %8) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %10 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %11 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %12 = "stablehlo.concatenate"(%10, %11) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %13 = "stablehlo.dynamic_broadcast_in_dim"(%9, %12) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %14 = "stablehlo.subtract"(%arg2, %13) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %15 = "stablehlo.exponential"(%14) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %16 = "stablehlo.reduce"(%15, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %25 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%25) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %17 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.concatenate"(%17, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %19 = "stablehlo.dynamic_broadcast_in_dim"(%16, %18) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %20 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %21 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %22 = "stablehlo.concatenate"(%20, %21) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %23 = "stablehlo.dynamic_broadcast_in_dim"(%19, %22) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %24 = "stablehlo.divide"(%15, %23) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%24) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
