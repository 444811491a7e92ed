// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `softmax` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() <{sym_name = "jit_softmax"}> ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> tensor<?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "tensor.dim"(%arg0, %3) : (tensor<?x?xf32>, index) -> index
    %5 = "arith.index_cast"(%4) : (index) -> i32
    %6 = "tensor.dim"(%arg0, %0) : (tensor<?x?xf32>, index) -> index
    %7 = "arith.index_cast"(%6) : (index) -> i32
    %8 = "stablehlo.reduce"(%arg0, %1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %20 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%20) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %9 = "tensor.from_elements"(%5) : (i32) -> tensor<1xi32>
    %10 = "stablehlo.dynamic_broadcast_in_dim"(%1, %9) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %11 = "stablehlo.maximum"(%10, %8) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %12 = "tensor.from_elements"(%5, %7) : (i32, i32) -> tensor<2xi32>
    %13 = "stablehlo.dynamic_broadcast_in_dim"(%11, %12) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %14 = "stablehlo.subtract"(%arg0, %13) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %15 = "stablehlo.exponential"(%14) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %16 = "stablehlo.reduce"(%15, %2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %19 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%19) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%16, %12) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %18 = "stablehlo.divide"(%15, %17) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%18) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
