// test: input
// ONNX model `conv` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x3x?x?xf32>) -> tensor<?x4x?x?xf32>, sym_name = "conv"}> ({
  ^bb0(%arg0: tensor<?x3x?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<"0xEB18A53DB91F43BDDFCE853CF25D04BE324141BD281A0D3E98615E3CCB946C3E9337A1BD3BAF6D3D8B28A0BC4DC2673D9E0A3DBAE3DD65BD1BB0B1BD28FB9C3EBD71FDBB8D814EBE5AD584BDCFDC8A3DAFCD4CBD484F0B3E8A4ACD3D759779BC6F6B41BD83C8CDBD685A8FBD90D916BE0DA9F63D44E3223EE8A000BE3802F2BD7B1835BEB965C5BD610B9FBE50F0E9BDDCCD043E64960DBDD304AF3D1F4848BDD74A343E0B33A33CD8771CBD22AF823E57E704BD471BFABD9967A53C62827EBB1F62DA3D29C0BCBD58CEA43D94A4AE3D0BBE88BDC0BA853C5423AABDF335703E323590BD4D9439BD9B48DABD73C50DBD59091ABA433E9D3D2A0E7ABD9F2F98BC6B0C11BEB573A9BDEC188D3E223FD53D2009A0BD11F308BEA3CCC7BD3A270EBB9097633BEF7198BDC7BE03BECDA6113EA702393D4E6C19BD03C4B4BC4BE558BD565396BE17803D3C5B3FDBBD8A59CDBD312083BDB3F9953D87B9EFBDD4DE12BEAD0A833DA87E9A3DBF63C4BDAB5B663DC2E7EEBC8DD1F63C511F01BEA893AA3D6D6DF63DFC78823D30B2643DF723C1BE0582D53C28C226BB5BEB70BC732481BD826BB53BA4CD283D6318D8BC0FC73DBD"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %1 = "stablehlo.constant"() <{value = dense<[0.122975387, -0.110536709, 0.10301552, 0.0176812466]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "shape.const_shape"() <{shape = dense<[4, 1, 1]> : tensor<3xindex>}> : () -> tensor<3xindex>
    %4 = "stablehlo.convolution"(%arg0, %0) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
    %5 = "stablehlo.reshape"(%1) : (tensor<4xf32>) -> tensor<4x1x1xf32>
    %6 = "shape.shape_of"(%4) : (tensor<?x4x?x?xf32>) -> tensor<4xindex>
    %7 = "shape.broadcast"(%6, %3) : (tensor<4xindex>, tensor<3xindex>) -> tensor<4xindex>
    %8 = "stablehlo.dynamic_broadcast_in_dim"(%4, %7) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<?x4x?x?xf32>, tensor<4xindex>) -> tensor<?x4x?x?xf32>
    %9 = "stablehlo.dynamic_broadcast_in_dim"(%5, %7) <{broadcast_dimensions = array<i64: 1, 2, 3>}> : (tensor<4x1x1xf32>, tensor<4xindex>) -> tensor<?x4x?x?xf32>
    %10 = "stablehlo.add"(%8, %9) : (tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    %11 = "shape.shape_of"(%10) : (tensor<?x4x?x?xf32>) -> tensor<4xindex>
    %12 = "stablehlo.dynamic_broadcast_in_dim"(%2, %11) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<4xindex>) -> tensor<?x4x?x?xf32>
    %13 = "stablehlo.maximum"(%10, %12) : (tensor<?x4x?x?xf32>, tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
    "func.return"(%13) : (tensor<?x4x?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
