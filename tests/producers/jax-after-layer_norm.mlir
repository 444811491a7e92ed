// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `layer_norm` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() <{sym_name = "jit_layer_norm"}> ({
  "func.func"() <{function_type = (tensor<?x?x16xf32>) -> tensor<?x?x16xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x?x16xf32>):
    %0 = "arith.constant"() <{value = 16 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.constant"() <{value = dense<[-0.0544259027, -0.0316300169, 0.0411630534, 0.10425134, -0.012853466, 0.136646345, -0.066519469, 0.0351510085, 0.0903470143, 9.401230e-03, -0.0743499324, -0.0921725407, -0.0457725823, 0.022019513, -0.100961819, -0.0209175572]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %5 = "stablehlo.constant"() <{value = dense<[0.0125730215, -0.0132104857, 0.0640422627, 0.0104900114, -0.0535669401, 0.0361595079, 1.304000e-01, 9.470810e-02, -0.0703735277, -0.126542151, -0.0623274446, 0.00413259817, -0.232503086, -0.0218791664, -0.124591105, -0.0732267424]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %6 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %8 = "arith.constant"() <{value = 0 : index}> : () -> index
    %9 = "tensor.dim"(%arg0, %8) : (tensor<?x?x16xf32>, index) -> index
    %10 = "arith.index_cast"(%9) : (index) -> i32
    %11 = "tensor.dim"(%arg0, %2) : (tensor<?x?x16xf32>, index) -> index
    %12 = "arith.index_cast"(%11) : (index) -> i32
    %13 = "stablehlo.reduce"(%arg0, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %37 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%37) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %14 = "tensor.from_elements"(%10, %12, %1) : (i32, i32, i32) -> tensor<3xi32>
    %15 = "stablehlo.dynamic_broadcast_in_dim"(%13, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %16 = "stablehlo.dynamic_broadcast_in_dim"(%6, %14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %17 = "stablehlo.divide"(%15, %16) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %18 = "tensor.from_elements"(%10, %12, %0) : (i32, i32, i32) -> tensor<3xi32>
    %19 = "stablehlo.dynamic_broadcast_in_dim"(%17, %18) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %20 = "stablehlo.subtract"(%arg0, %19) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %21 = "stablehlo.multiply"(%20, %20) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %22 = "stablehlo.reduce"(%21, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %36 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%36) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %23 = "stablehlo.dynamic_broadcast_in_dim"(%22, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %24 = "stablehlo.divide"(%23, %16) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %25 = "stablehlo.dynamic_broadcast_in_dim"(%7, %14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %26 = "stablehlo.add"(%24, %25) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %27 = "stablehlo.rsqrt"(%26) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %28 = "stablehlo.dynamic_broadcast_in_dim"(%27, %18) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %29 = "stablehlo.multiply"(%20, %28) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %30 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %31 = "stablehlo.dynamic_broadcast_in_dim"(%30, %18) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %32 = "stablehlo.multiply"(%29, %31) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %33 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %34 = "stablehlo.dynamic_broadcast_in_dim"(%33, %18) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %35 = "stablehlo.add"(%32, %34) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    "func.return"(%35) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
