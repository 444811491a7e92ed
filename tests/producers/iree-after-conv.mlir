// test: input
// ONNX model `conv`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.convolution)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x3x?x?xf32>) -> tensor<?x4x?x?xf32>, sym_name = "conv"}> ({
  ^bb0(%arg0: tensor<?x3x?x?xf32>):
    %0 = "arith.constant"() <{value = 3 : index}> : () -> index
    %1 = "arith.constant"() <{value = 2 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<"0xEB18A53DB91F43BDDFCE853CF25D04BE324141BD281A0D3E98615E3CCB946C3E9337A1BD3BAF6D3D8B28A0BC4DC2673D9E0A3DBAE3DD65BD1BB0B1BD28FB9C3EBD71FDBB8D814EBE5AD584BDCFDC8A3DAFCD4CBD484F0B3E8A4ACD3D759779BC6F6B41BD83C8CDBD685A8FBD90D916BE0DA9F63D44E3223EE8A000BE3802F2BD7B1835BEB965C5BD610B9FBE50F0E9BDDCCD043E64960DBDD304AF3D1F4848BDD74A343E0B33A33CD8771CBD22AF823E57E704BD471BFABD9967A53C62827EBB1F62DA3D29C0BCBD58CEA43D94A4AE3D0BBE88BDC0BA853C5423AABDF335703E323590BD4D9439BD9B48DABD73C50DBD59091ABA433E9D3D2A0E7ABD9F2F98BC6B0C11BEB573A9BDEC188D3E223FD53D2009A0BD11F308BEA3CCC7BD3A270EBB9097633BEF7198BDC7BE03BECDA6113EA702393D4E6C19BD03C4B4BC4BE558BD565396BE17803D3C5B3FDBBD8A59CDBD312083BDB3F9953D87B9EFBDD4DE12BEAD0A833DA87E9A3DBF63C4BDAB5B663DC2E7EEBC8DD1F63C511F01BEA893AA3D6D6DF63DFC78823D30B2643DF723C1BE0582D53C28C226BB5BEB70BC732481BD826BB53BA4CD283D6318D8BC0FC73DBD"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.constant"() <{value = dense<[[[0.122975387]], [[-0.110536709]], [[0.10301552]], [[0.0176812466]]]> : tensor<4x1x1xf32>}> : () -> tensor<4x1x1xf32>
    %6 = "arith.constant"() <{value = 4 : index}> : () -> index
    %7 = "arith.constant"() <{value = 1 : index}> : () -> index
    %8 = "arith.constant"() <{value = dense<[4, 1, 1]> : tensor<3xindex>}> : () -> tensor<3xindex>
    %9 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<?x3x?x?xf32>) -> tensor<?x?x?x3xf32>
    %10 = "stablehlo.transpose"(%3) <{permutation = array<i64: 2, 3, 1, 0>}> : (tensor<4x3x3x3xf32>) -> tensor<3x3x3x4xf32>
    %11 = "stablehlo.convolution"(%9, %10) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> : (tensor<?x?x?x3xf32>, tensor<3x3x3x4xf32>) -> tensor<?x?x?x4xf32>
    %12 = "stablehlo.transpose"(%11) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<?x?x?x4xf32>) -> tensor<?x4x?x?xf32>
    %13 = "tensor.dim"(%12, %2) : (tensor<?x4x?x?xf32>, index) -> index
    %14 = "tensor.dim"(%12, %1) : (tensor<?x4x?x?xf32>, index) -> index
    %15 = "tensor.dim"(%12, %0) : (tensor<?x4x?x?xf32>, index) -> index
    %16 = "tensor.from_elements"(%13, %6, %14, %15) : (index, index, index, index) -> tensor<4xindex>
    %17 = "tensor.generate"() ({
    ^bb0(%arg1: index):
      %27 = "arith.cmpi"(%arg1, %2) <{predicate = 6 : i64}> : (index, index) -> i1
      %28 = "scf.if"(%27) ({
        "scf.yield"(%7) : (index) -> ()
      }, {
        %35 = "tensor.extract"(%16, %arg1) : (tensor<4xindex>, index) -> index
        "scf.yield"(%35) : (index) -> ()
      }) : (i1) -> index
      %29 = "arith.cmpi"(%arg1, %7) <{predicate = 6 : i64}> : (index, index) -> i1
      %30 = "scf.if"(%29) ({
        "scf.yield"(%28) : (index) -> ()
      }, {
        %31 = "arith.subi"(%arg1, %7) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %32 = "tensor.extract"(%8, %31) : (tensor<3xindex>, index) -> index
        %33 = "arith.cmpi"(%32, %7) <{predicate = 0 : i64}> : (index, index) -> i1
        %34 = "arith.select"(%33, %28, %32) : (i1, index, index) -> index
        "scf.yield"(%34) : (index) -> ()
      }) : (i1) -> index
      "tensor.yield"(%30) : (index) -> ()
    }) : () -> tensor<4xindex>
    %18 = "stablehlo.dynamic_broadcast_in_dim"(%12, %17) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<?x4x?x?xf32>, tensor<4xindex>) -> tensor<?x4x?x?xf32>
    %19 = "stablehlo.dynamic_broadcast_in_dim"(%5, %17) <{broadcast_dimensions = array<i64: 1, 2, 3>}> : (tensor<4x1x1xf32>, tensor<4xindex>) -> tensor<?x4x?x?xf32>
    %20 = "stablehlo.add"(%18, %19) : (tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    %21 = "tensor.dim"(%20, %2) : (tensor<?x4x?x?xf32>, index) -> index
    %22 = "tensor.dim"(%20, %1) : (tensor<?x4x?x?xf32>, index) -> index
    %23 = "tensor.dim"(%20, %0) : (tensor<?x4x?x?xf32>, index) -> index
    %24 = "tensor.from_elements"(%21, %6, %22, %23) : (index, index, index, index) -> tensor<4xindex>
    %25 = "stablehlo.dynamic_broadcast_in_dim"(%4, %24) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<4xindex>) -> tensor<?x4x?x?xf32>
    %26 = "stablehlo.maximum"(%20, %25) : (tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    "func.return"(%26) : (tensor<?x4x?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
