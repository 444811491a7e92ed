// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `broadcast` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() <{sym_name = "jit_broadcast"}> ({
  "func.func"() <{function_type = (tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x1xf32>, %arg1: tensor<1x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "tensor.dim"(%arg0, %1) : (tensor<?x1xf32>, index) -> index
    %3 = "arith.index_cast"(%2) : (index) -> i32
    %4 = "tensor.dim"(%arg1, %0) : (tensor<1x?xf32>, index) -> index
    %5 = "arith.index_cast"(%4) : (index) -> i32
    %6 = "tensor.from_elements"(%3, %5) : (i32, i32) -> tensor<2xi32>
    %7 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %8 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %9 = "stablehlo.add"(%7, %8) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %10 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %6) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %11 = "stablehlo.multiply"(%9, %10) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %12 = "stablehlo.subtract"(%11, %arg3) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%12) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
