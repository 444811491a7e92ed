// test: input
// ONNX model `mlp` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,16],f32>) -> !torch.vtensor<[?,4],f32>, sym_name = "mlp"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,16],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,16],f32>) -> tensor<?x16xf32>
    %1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %2 = "stablehlo.constant"() <{value = dense<"0x13FF4D3CCB7058BC9728833D4CDE2B3C02695BBDFE1B143D9487053E52F6C13DFF1F90BD449401BE104B7FBDBF6A873B4A156EBEF03BB3BC9F29FFBDE7F795BDB2ED5EBD7A8E01BD979A283DBA81D53D589752BC05ED0B3E5C3B88BD81FA0F3DDB07B93D9E071A3CC74498BDF5C4BCBD087C3BBD4462B43C12C5CEBD4C5BABBCE86F82BCC5875D3D48D9AF3C878F113D73E785BDE75B54BCE58EA03D67ED183EA6ED00BE9B061B3E51D1093E3803A03D5DA4D83C329500BD234D153EFFBA483EC77C383EA8AA063E0E62123DB276F7BD5D86E9B93272863D9FED03BE8DD7213D7A12303DAF8C8E3DE281F2BD468487BD8EC332BD5093EFBD7C1C323E03204BBDF7BE063D98D2D3BCCB25223E7934073EEBB5813DB0A361BE117DAA3BD9048C3D809CCD3D40187DBDEF923A3E4F3607BE1F7B87BD8D7FBF3DFFBDA03B850B4D3E576F9A3C9BAD81BD67A61ABD7B77DFBD9FD502BEB81B813DA70B6E3D1590043E138B9ABDF0F62C3E926DEBBC2B38213EE34431BD82A096BDCB9FCC3CDA3DD33D28E6833C27D56FBD455709BE03840FBE1FE64D3D77B1CA3D139786BCAA07DCBD8ECCB23DC31C03BE4E0992BD725E7E3D1A6A66BECA411E3D773D6EBD3B0B333C0B0FF8BB7692A53C9B2A8E3D6B509BBD3182113E3AB4943DE4CBAC3D6B90EE3D4F4CA13D08DEAC3D85B4F73B061A12BE05425DBCBB989DBD53B011BE7BB9D33C"> : tensor<16x8xf32>}> : () -> tensor<16x8xf32>
    %3 = "stablehlo.constant"() <{value = dense<[-0.0568549447, -0.10298045, -0.104300104, 0.0268417094, 0.0358671956, 0.132245749, -0.00139146694, 0.104183972]> : tensor<8xf32>}> : () -> tensor<8xf32>
    %4 = "stablehlo.constant"() <{value = dense<[[0.140226483, 0.115016572, -0.236530408, 0.122868374], [3.396200e-02, 0.0423771366, 0.0371227413, 0.038275715], [0.0319414251, -0.0358913317, -0.190163538, -0.0108914729], [-0.0803731903, 0.108016334, -0.0288766511, 0.00834753644], [-8.496060e-02, -0.0510622449, -0.00115330622, -0.148537517], [0.0300685111, -0.0106072258, -0.118571989, -0.239823297], [0.0513052121, -0.0297584031, -0.053000845, -0.0236154627], [0.181647599, -0.00498009706, 0.00866192672, -0.148707286]]> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
    %5 = "stablehlo.constant"() <{value = dense<[0.164733917, 0.0917487964, 0.106693484, 0.00476727309]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %6 = "stablehlo.dot"(%0, %2) : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
    %7 = "tensor.cast"(%6) : (tensor<?x8xf32>) -> tensor<?x8xf32>
    %8 = "shape.shape_of"(%7) : (tensor<?x8xf32>) -> tensor<2xindex>
    %9 = "shape.shape_of"(%3) : (tensor<8xf32>) -> tensor<1xindex>
    %10 = "shape.cstr_broadcastable"(%8, %9) : (tensor<2xindex>, tensor<1xindex>) -> !shape.witness
    %11 = "shape.assuming"(%10) ({
      %29 = "shape.shape_of"(%7) : (tensor<?x8xf32>) -> tensor<2xindex>
      %30 = "shape.shape_of"(%3) : (tensor<8xf32>) -> tensor<1xindex>
      %31 = "shape.broadcast"(%29, %30) : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
      %32 = "stablehlo.dynamic_broadcast_in_dim"(%7, %31) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
      %33 = "stablehlo.dynamic_broadcast_in_dim"(%3, %31) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
      %34 = "stablehlo.add"(%32, %33) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
      "shape.assuming_yield"(%34) : (tensor<?x8xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x8xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "shape.shape_of"(%11) : (tensor<?x8xf32>) -> tensor<2xindex>
    %14 = "stablehlo.dynamic_broadcast_in_dim"(%12, %13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %15 = "stablehlo.maximum"(%11, %14) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %16 = "stablehlo.dot"(%15, %4) : (tensor<?x8xf32>, tensor<8x4xf32>) -> tensor<?x4xf32>
    %17 = "tensor.cast"(%16) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %18 = "shape.shape_of"(%17) : (tensor<?x4xf32>) -> tensor<2xindex>
    %19 = "shape.shape_of"(%5) : (tensor<4xf32>) -> tensor<1xindex>
    %20 = "shape.cstr_broadcastable"(%18, %19) : (tensor<2xindex>, tensor<1xindex>) -> !shape.witness
    %21 = "shape.assuming"(%20) ({
      %23 = "shape.shape_of"(%17) : (tensor<?x4xf32>) -> tensor<2xindex>
      %24 = "shape.shape_of"(%5) : (tensor<4xf32>) -> tensor<1xindex>
      %25 = "shape.broadcast"(%23, %24) : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
      %26 = "stablehlo.dynamic_broadcast_in_dim"(%17, %25) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
      %27 = "stablehlo.dynamic_broadcast_in_dim"(%5, %25) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
      %28 = "stablehlo.add"(%26, %27) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
      "shape.assuming_yield"(%28) : (tensor<?x4xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x4xf32>
    %22 = "torch_c.from_builtin_tensor"(%21) : (tensor<?x4xf32>) -> !torch.vtensor<[?,4],f32>
    "func.return"(%22) : (!torch.vtensor<[?,4],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
