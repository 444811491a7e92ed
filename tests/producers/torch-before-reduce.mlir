// test: input
// ONNX model `reduce` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,?,?],f32>) -> !torch.vtensor<[?,1],f32>, sym_name = "reduce"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,?,?],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,?,?],f32>) -> tensor<?x?x?xf32>
    %1 = "torch.constant.bool"() <{value = false}> : () -> !torch.bool
    %2 = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
    %3 = "torch.constant.bool"() <{value = true}> : () -> !torch.bool
    %4 = "torch.constant.none"() : () -> !torch.none
    %5 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %6 = "torch.prim.ListConstruct"(%5) : (!torch.int) -> !torch.list<int>
    %7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.reduce"(%0, %7) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %39 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%39) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %9 = "arith.constant"() <{value = 0 : index}> : () -> index
    %10 = "tensor.dim"(%0, %9) : (tensor<?x?x?xf32>, index) -> index
    %11 = "arith.constant"() <{value = 1 : index}> : () -> index
    %12 = "tensor.dim"(%0, %11) : (tensor<?x?x?xf32>, index) -> index
    %13 = "arith.constant"() <{value = 2 : index}> : () -> index
    %14 = "tensor.dim"(%0, %13) : (tensor<?x?x?xf32>, index) -> index
    %15 = "arith.constant"() <{value = 1 : index}> : () -> index
    %16 = "tensor.from_elements"(%10, %15, %14) : (index, index, index) -> tensor<3xindex>
    %17 = "stablehlo.dynamic_reshape"(%8, %16) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x1x?xf32>
    %18 = "torch.prim.ListConstruct"(%2) : (!torch.int) -> !torch.list<int>
    %19 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.reduce"(%17, %19) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %38 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%38) : (tensor<f32>) -> ()
    }) : (tensor<?x1x?xf32>, tensor<f32>) -> tensor<?x1xf32>
    %21 = "arith.constant"() <{value = 2 : index}> : () -> index
    %22 = "tensor.dim"(%17, %21) : (tensor<?x1x?xf32>, index) -> index
    %23 = "arith.index_cast"(%22) : (index) -> i64
    %24 = "tensor.from_elements"(%23) : (i64) -> tensor<1xi64>
    %25 = "stablehlo.convert"(%24) : (tensor<1xi64>) -> tensor<1xf32>
    %26 = "stablehlo.reshape"(%25) : (tensor<1xf32>) -> tensor<f32>
    %27 = "shape.shape_of"(%20) : (tensor<?x1xf32>) -> tensor<2xindex>
    %28 = "shape.shape_of"(%26) : (tensor<f32>) -> tensor<0xindex>
    %29 = "shape.cstr_broadcastable"(%27, %28) : (tensor<2xindex>, tensor<0xindex>) -> !shape.witness
    %30 = "shape.assuming"(%29) ({
      %32 = "shape.shape_of"(%20) : (tensor<?x1xf32>) -> tensor<2xindex>
      %33 = "shape.shape_of"(%26) : (tensor<f32>) -> tensor<0xindex>
      %34 = "shape.broadcast"(%32, %33) : (tensor<2xindex>, tensor<0xindex>) -> tensor<2xindex>
      %35 = "stablehlo.dynamic_broadcast_in_dim"(%20, %34) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x1xf32>
      %36 = "stablehlo.dynamic_broadcast_in_dim"(%26, %34) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x1xf32>
      %37 = "stablehlo.divide"(%35, %36) : (tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x1xf32>
      "shape.assuming_yield"(%37) : (tensor<?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x1xf32>
    %31 = "torch_c.from_builtin_tensor"(%30) : (tensor<?x1xf32>) -> !torch.vtensor<[?,1],f32>
    "func.return"(%31) : (!torch.vtensor<[?,1],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
