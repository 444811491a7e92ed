// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `conv` (scripts/producers/jax_models.py)
// exported.mlir_module(), printed generic without locations

"builtin.module"() <{sym_name = "jit_conv"}> ({
  "func.func"() <{function_type = (tensor<?x3x?x?xf32>) -> tensor<?x4x?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg8: tensor<?x3x?x?xf32>):
    %11 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %12 = "stablehlo.get_dimension_size"(%arg8) <{dimension = 0 : i64}> : (tensor<?x3x?x?xf32>) -> tensor<i32>
    %13 = "stablehlo.get_dimension_size"(%arg8) <{dimension = 2 : i64}> : (tensor<?x3x?x?xf32>) -> tensor<i32>
    %14 = "stablehlo.get_dimension_size"(%arg8) <{dimension = 3 : i64}> : (tensor<?x3x?x?xf32>) -> tensor<i32>
    %15 = "stablehlo.compare"(%12, %11) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%15, %12) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 3, h, w). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>) -> ()
    %16 = "stablehlo.compare"(%13, %11) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%16, %12, %13) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'h'. Using the following polymorphic shapes specifications: args[0].shape = (b, 3, h, w). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'h' = {1} from specification 'h' for dimension args[0].shape[2] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %17 = "stablehlo.compare"(%14, %11) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.custom_call"(%17, %12, %13, %14) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'w'. Using the following polymorphic shapes specifications: args[0].shape = (b, 3, h, w). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'h' = {1} from specification 'h' for dimension args[0].shape[2] (= {1}), 'w' = {2} from specification 'w' for dimension args[0].shape[3] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %18 = "func.call"(%12, %13, %14, %arg8) <{callee = @_wrapped_jax_export_main}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?x3x?x?xf32>) -> tensor<?x4x?x?xf32>
    "func.return"(%18) : (tensor<?x4x?x?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {jax.global_constant = "h"}, {jax.global_constant = "w"}, {}], function_type = (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?x3x?x?xf32>) -> tensor<?x4x?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<?x3x?x?xf32>):
    %8 = "stablehlo.constant"() <{value = dense<"0xEB18A53DB91F43BDDFCE853CF25D04BE324141BD281A0D3E98615E3CCB946C3E9337A1BD3BAF6D3D8B28A0BC4DC2673D9E0A3DBAE3DD65BD1BB0B1BD28FB9C3EBD71FDBB8D814EBE5AD584BDCFDC8A3DAFCD4CBD484F0B3E8A4ACD3D759779BC6F6B41BD83C8CDBD685A8FBD90D916BE0DA9F63D44E3223EE8A000BE3802F2BD7B1835BEB965C5BD610B9FBE50F0E9BDDCCD043E64960DBDD304AF3D1F4848BDD74A343E0B33A33CD8771CBD22AF823E57E704BD471BFABD9967A53C62827EBB1F62DA3D29C0BCBD58CEA43D94A4AE3D0BBE88BDC0BA853C5423AABDF335703E323590BD4D9439BD9B48DABD73C50DBD59091ABA433E9D3D2A0E7ABD9F2F98BC6B0C11BEB573A9BDEC188D3E223FD53D2009A0BD11F308BEA3CCC7BD3A270EBB9097633BEF7198BDC7BE03BECDA6113EA702393D4E6C19BD03C4B4BC4BE558BD565396BE17803D3C5B3FDBBD8A59CDBD312083BDB3F9953D87B9EFBDD4DE12BEAD0A833DA87E9A3DBF63C4BDAB5B663DC2E7EEBC8DD1F63C511F01BEA893AA3D6D6DF63DFC78823D30B2643DF723C1BE0582D53C28C226BB5BEB70BC732481BD826BB53BA4CD283D6318D8BC0FC73DBD"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %9 = "stablehlo.convolution"(%arg7, %8) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>}> : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
    %10 = "func.call"(%arg4, %arg5, %arg6, %9) <{callee = @relu}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    "func.return"(%10) : (tensor<?x4x?x?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {jax.global_constant = "h"}, {jax.global_constant = "w"}, {}], function_type = (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>, sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<?x4x?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.reshape"(%arg0) : (tensor<i32>) -> tensor<1xi32>
    %3 = "stablehlo.reshape"(%arg1) : (tensor<i32>) -> tensor<1xi32>
    %4 = "stablehlo.reshape"(%arg2) : (tensor<i32>) -> tensor<1xi32>
    %5 = "stablehlo.concatenate"(%2, %0, %3, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %6 = "stablehlo.dynamic_broadcast_in_dim"(%1, %5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<4xi32>) -> tensor<?x4x?x?xf32>
    %7 = "stablehlo.maximum"(%arg3, %6) : (tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    "func.return"(%7) : (tensor<?x4x?x?xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
