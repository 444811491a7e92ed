// test: input
// JAX 0.10.2 jax.export, symbolic shapes, model `conv` (scripts/producers/jax_models.py)
// then IREE 3.13.0: iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.convolution)

"builtin.module"() <{sym_name = "jit_conv"}> ({
  "func.func"() <{function_type = (tensor<?x3x?x?xf32>) -> tensor<?x4x?x?xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<?x3x?x?xf32>):
    %0 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 3 : index}> : () -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<"0xEB18A53DB91F43BDDFCE853CF25D04BE324141BD281A0D3E98615E3CCB946C3E9337A1BD3BAF6D3D8B28A0BC4DC2673D9E0A3DBAE3DD65BD1BB0B1BD28FB9C3EBD71FDBB8D814EBE5AD584BDCFDC8A3DAFCD4CBD484F0B3E8A4ACD3D759779BC6F6B41BD83C8CDBD685A8FBD90D916BE0DA9F63D44E3223EE8A000BE3802F2BD7B1835BEB965C5BD610B9FBE50F0E9BDDCCD043E64960DBDD304AF3D1F4848BDD74A343E0B33A33CD8771CBD22AF823E57E704BD471BFABD9967A53C62827EBB1F62DA3D29C0BCBD58CEA43D94A4AE3D0BBE88BDC0BA853C5423AABDF335703E323590BD4D9439BD9B48DABD73C50DBD59091ABA433E9D3D2A0E7ABD9F2F98BC6B0C11BEB573A9BDEC188D3E223FD53D2009A0BD11F308BEA3CCC7BD3A270EBB9097633BEF7198BDC7BE03BECDA6113EA702393D4E6C19BD03C4B4BC4BE558BD565396BE17803D3C5B3FDBBD8A59CDBD312083BDB3F9953D87B9EFBDD4DE12BEAD0A833DA87E9A3DBF63C4BDAB5B663DC2E7EEBC8DD1F63C511F01BEA893AA3D6D6DF63DFC78823D30B2643DF723C1BE0582D53C28C226BB5BEB70BC732481BD826BB53BA4CD283D6318D8BC0FC73DBD"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "tensor.dim"(%arg0, %5) : (tensor<?x3x?x?xf32>, index) -> index
    %7 = "arith.index_cast"(%6) : (index) -> i32
    %8 = "tensor.dim"(%arg0, %2) : (tensor<?x3x?x?xf32>, index) -> index
    %9 = "arith.index_cast"(%8) : (index) -> i32
    %10 = "tensor.dim"(%arg0, %1) : (tensor<?x3x?x?xf32>, index) -> index
    %11 = "arith.index_cast"(%10) : (index) -> i32
    %12 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<?x3x?x?xf32>) -> tensor<?x?x?x3xf32>
    %13 = "stablehlo.transpose"(%3) <{permutation = array<i64: 2, 3, 1, 0>}> : (tensor<4x3x3x3xf32>) -> tensor<3x3x3x4xf32>
    %14 = "stablehlo.convolution"(%12, %13) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>}> : (tensor<?x?x?x3xf32>, tensor<3x3x3x4xf32>) -> tensor<?x?x?x4xf32>
    %15 = "stablehlo.transpose"(%14) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<?x?x?x4xf32>) -> tensor<?x4x?x?xf32>
    %16 = "tensor.from_elements"(%7, %0, %9, %11) : (i32, i32, i32, i32) -> tensor<4xi32>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%4, %16) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<4xi32>) -> tensor<?x4x?x?xf32>
    %18 = "stablehlo.maximum"(%15, %17) : (tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    "func.return"(%18) : (tensor<?x4x?x?xf32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
