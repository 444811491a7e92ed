// test: input
// ONNX model `broadcast` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,1],f32>, !torch.vtensor<[1,?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?],f32>, sym_name = "broadcast"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,1],f32>, %arg1: !torch.vtensor<[1,?],f32>, %arg2: !torch.vtensor<[?],f32>, %arg3: !torch.vtensor<[?,?],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg3) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
    %1 = "torch_c.to_builtin_tensor"(%arg2) : (!torch.vtensor<[?],f32>) -> tensor<?xf32>
    %2 = "torch_c.to_builtin_tensor"(%arg1) : (!torch.vtensor<[1,?],f32>) -> tensor<1x?xf32>
    %3 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,1],f32>) -> tensor<?x1xf32>
    %4 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %5 = "shape.shape_of"(%3) : (tensor<?x1xf32>) -> tensor<2xindex>
    %6 = "shape.shape_of"(%2) : (tensor<1x?xf32>) -> tensor<2xindex>
    %7 = "shape.cstr_broadcastable"(%5, %6) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %8 = "shape.assuming"(%7) ({
      %30 = "shape.shape_of"(%3) : (tensor<?x1xf32>) -> tensor<2xindex>
      %31 = "shape.shape_of"(%2) : (tensor<1x?xf32>) -> tensor<2xindex>
      %32 = "shape.broadcast"(%30, %31) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %33 = "stablehlo.dynamic_broadcast_in_dim"(%3, %32) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %34 = "stablehlo.dynamic_broadcast_in_dim"(%2, %32) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %35 = "stablehlo.add"(%33, %34) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%35) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %9 = "shape.shape_of"(%8) : (tensor<?x?xf32>) -> tensor<2xindex>
    %10 = "shape.shape_of"(%1) : (tensor<?xf32>) -> tensor<1xindex>
    %11 = "shape.cstr_broadcastable"(%9, %10) : (tensor<2xindex>, tensor<1xindex>) -> !shape.witness
    %12 = "shape.assuming"(%11) ({
      %24 = "shape.shape_of"(%8) : (tensor<?x?xf32>) -> tensor<2xindex>
      %25 = "shape.shape_of"(%1) : (tensor<?xf32>) -> tensor<1xindex>
      %26 = "shape.broadcast"(%24, %25) : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
      %27 = "stablehlo.dynamic_broadcast_in_dim"(%8, %26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %28 = "stablehlo.dynamic_broadcast_in_dim"(%1, %26) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %29 = "stablehlo.multiply"(%27, %28) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%29) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %13 = "shape.shape_of"(%12) : (tensor<?x?xf32>) -> tensor<2xindex>
    %14 = "shape.shape_of"(%0) : (tensor<?x?xf32>) -> tensor<2xindex>
    %15 = "shape.cstr_broadcastable"(%13, %14) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %16 = "shape.assuming"(%15) ({
      %18 = "shape.shape_of"(%12) : (tensor<?x?xf32>) -> tensor<2xindex>
      %19 = "shape.shape_of"(%0) : (tensor<?x?xf32>) -> tensor<2xindex>
      %20 = "shape.broadcast"(%18, %19) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %21 = "stablehlo.dynamic_broadcast_in_dim"(%12, %20) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %22 = "stablehlo.dynamic_broadcast_in_dim"(%0, %20) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %23 = "stablehlo.subtract"(%21, %22) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%23) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %17 = "torch_c.from_builtin_tensor"(%16) : (tensor<?x?xf32>) -> !torch.vtensor<[?,?],f32>
    "func.return"(%17) : (!torch.vtensor<[?,?],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
