// test: input
// ONNX model `concat_transpose` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,?],f32>, !torch.vtensor<[?,1],f32>) -> !torch.vtensor<[?,?],f32>, sym_name = "concat_transpose"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,?],f32>, %arg2: !torch.vtensor<[?,1],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg2) : (!torch.vtensor<[?,1],f32>) -> tensor<?x1xf32>
    %1 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
    %2 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %3 = "torch.prim.ListConstruct"(%arg0, %arg1) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,?],f32>) -> !torch.list<vtensor>
    %4 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,4],f32>) -> tensor<?x4xf32>
    %5 = "torch_c.to_builtin_tensor"(%arg1) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
    %6 = "stablehlo.concatenate"(%4, %5) <{dimension = 1 : i64}> : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %7 = "stablehlo.transpose"(%6) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %8 = "shape.shape_of"(%7) : (tensor<?x?xf32>) -> tensor<2xindex>
    %9 = "shape.shape_of"(%0) : (tensor<?x1xf32>) -> tensor<2xindex>
    %10 = "shape.cstr_broadcastable"(%8, %9) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %11 = "shape.assuming"(%10) ({
      %13 = "shape.shape_of"(%7) : (tensor<?x?xf32>) -> tensor<2xindex>
      %14 = "shape.shape_of"(%0) : (tensor<?x1xf32>) -> tensor<2xindex>
      %15 = "shape.broadcast"(%13, %14) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %16 = "stablehlo.dynamic_broadcast_in_dim"(%7, %15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %17 = "stablehlo.dynamic_broadcast_in_dim"(%0, %15) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %18 = "stablehlo.add"(%16, %17) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%18) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %12 = "torch_c.from_builtin_tensor"(%11) : (tensor<?x?xf32>) -> !torch.vtensor<[?,?],f32>
    "func.return"(%12) : (!torch.vtensor<[?,?],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
