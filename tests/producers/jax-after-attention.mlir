// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `attention` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() <{sym_name = "jit_attention"}> ({
  "func.func"() <{function_type = (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?x?x8xf32>, %arg2: tensor<?x?x8xf32>):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "stablehlo.constant"() <{value = dense<2.82842708> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "tensor.dim"(%arg0, %4) : (tensor<?x?x8xf32>, index) -> index
    %6 = "arith.index_cast"(%5) : (index) -> i32
    %7 = "tensor.dim"(%arg0, %0) : (tensor<?x?x8xf32>, index) -> index
    %8 = "arith.index_cast"(%7) : (index) -> i32
    %9 = "tensor.dim"(%arg1, %0) : (tensor<?x?x8xf32>, index) -> index
    %10 = "arith.index_cast"(%9) : (index) -> i32
    %11 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>}> : (tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x?xf32>
    %12 = "tensor.from_elements"(%6, %8, %10) : (i32, i32, i32) -> tensor<3xi32>
    %13 = "stablehlo.dynamic_broadcast_in_dim"(%1, %12) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %14 = "stablehlo.divide"(%11, %13) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %15 = "stablehlo.reduce"(%14, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %27 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%27) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %16 = "tensor.from_elements"(%6, %8) : (i32, i32) -> tensor<2xi32>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%2, %16) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xi32>) -> tensor<?x?xf32>
    %18 = "stablehlo.maximum"(%17, %15) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %19 = "stablehlo.dynamic_broadcast_in_dim"(%18, %12) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %20 = "stablehlo.subtract"(%14, %19) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %21 = "stablehlo.exponential"(%20) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %22 = "stablehlo.reduce"(%21, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %26 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %23 = "stablehlo.dynamic_broadcast_in_dim"(%22, %12) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %24 = "stablehlo.divide"(%21, %23) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %25 = "stablehlo.dot_general"(%24, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%25) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
