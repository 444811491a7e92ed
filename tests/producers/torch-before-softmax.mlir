// test: input
// ONNX model `softmax` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?],f32>, sym_name = "softmax"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,?],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
    %1 = "torch.constant.none"() : () -> !torch.none
    %2 = "torch.constant.float"() <{value = 1.000000e+00 : f64}> : () -> !torch.float
    %3 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %4 = "torch.constant.bool"() <{value = true}> : () -> !torch.bool
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "tensor.dim"(%0, %5) : (tensor<?x?xf32>, index) -> index
    %7 = "arith.constant"() <{value = 1 : index}> : () -> index
    %8 = "tensor.dim"(%0, %7) : (tensor<?x?xf32>, index) -> index
    %9 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.reduce"(%0, %9) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %47 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%47) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %11 = "arith.constant"() <{value = 1 : index}> : () -> index
    %12 = "tensor.from_elements"(%6, %11) : (index, index) -> tensor<2xindex>
    %13 = "stablehlo.dynamic_reshape"(%10, %12) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %14 = "shape.shape_of"(%0) : (tensor<?x?xf32>) -> tensor<2xindex>
    %15 = "shape.shape_of"(%13) : (tensor<?x1xf32>) -> tensor<2xindex>
    %16 = "shape.cstr_broadcastable"(%14, %15) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %17 = "shape.assuming"(%16) ({
      %41 = "shape.shape_of"(%0) : (tensor<?x?xf32>) -> tensor<2xindex>
      %42 = "shape.shape_of"(%13) : (tensor<?x1xf32>) -> tensor<2xindex>
      %43 = "shape.broadcast"(%41, %42) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %44 = "stablehlo.dynamic_broadcast_in_dim"(%0, %43) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %45 = "stablehlo.dynamic_broadcast_in_dim"(%13, %43) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %46 = "stablehlo.subtract"(%44, %45) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%46) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %18 = "stablehlo.exponential"(%17) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %19 = "torch.prim.ListConstruct"(%3) : (!torch.int) -> !torch.list<int>
    %20 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.reduce"(%18, %20) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %40 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%40) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %22 = "arith.constant"() <{value = 0 : index}> : () -> index
    %23 = "tensor.dim"(%18, %22) : (tensor<?x?xf32>, index) -> index
    %24 = "arith.constant"() <{value = 1 : index}> : () -> index
    %25 = "tensor.dim"(%18, %24) : (tensor<?x?xf32>, index) -> index
    %26 = "arith.constant"() <{value = 1 : index}> : () -> index
    %27 = "tensor.from_elements"(%23, %26) : (index, index) -> tensor<2xindex>
    %28 = "stablehlo.dynamic_reshape"(%21, %27) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %29 = "shape.shape_of"(%18) : (tensor<?x?xf32>) -> tensor<2xindex>
    %30 = "shape.shape_of"(%28) : (tensor<?x1xf32>) -> tensor<2xindex>
    %31 = "shape.cstr_broadcastable"(%29, %30) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %32 = "shape.assuming"(%31) ({
      %34 = "shape.shape_of"(%18) : (tensor<?x?xf32>) -> tensor<2xindex>
      %35 = "shape.shape_of"(%28) : (tensor<?x1xf32>) -> tensor<2xindex>
      %36 = "shape.broadcast"(%34, %35) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %37 = "stablehlo.dynamic_broadcast_in_dim"(%18, %36) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %38 = "stablehlo.dynamic_broadcast_in_dim"(%28, %36) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %39 = "stablehlo.divide"(%37, %38) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%39) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %33 = "torch_c.from_builtin_tensor"(%32) : (tensor<?x?xf32>) -> !torch.vtensor<[?,?],f32>
    "func.return"(%33) : (!torch.vtensor<[?,?],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
