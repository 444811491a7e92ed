// test: input
// ONNX model `attention` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,?,8],f32>, !torch.vtensor<[?,?,8],f32>, !torch.vtensor<[?,?,8],f32>) -> !torch.vtensor<[?,?,8],f32>, sym_name = "attention"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,?,8],f32>, %arg1: !torch.vtensor<[?,?,8],f32>, %arg2: !torch.vtensor<[?,?,8],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg2) : (!torch.vtensor<[?,?,8],f32>) -> tensor<?x?x8xf32>
    %1 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,?,8],f32>) -> tensor<?x?x8xf32>
    %2 = "torch_c.to_builtin_tensor"(%arg1) : (!torch.vtensor<[?,?,8],f32>) -> tensor<?x?x8xf32>
    %3 = "torch.constant.none"() : () -> !torch.none
    %4 = "torch.constant.float"() <{value = 1.000000e+00 : f64}> : () -> !torch.float
    %5 = "torch.constant.bool"() <{value = true}> : () -> !torch.bool
    %6 = "stablehlo.constant"() <{value = dense<0.353553385> : tensor<f32>}> : () -> tensor<f32>
    %7 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %8 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
    %9 = "stablehlo.transpose"(%2) <{permutation = array<i64: 0, 2, 1>}> : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
    %10 = "arith.constant"() <{value = 0 : index}> : () -> index
    %11 = "tensor.dim"(%9, %10) : (tensor<?x8x?xf32>, index) -> index
    %12 = "arith.constant"() <{value = 1 : index}> : () -> index
    %13 = "tensor.dim"(%9, %12) : (tensor<?x8x?xf32>, index) -> index
    %14 = "arith.constant"() <{value = 2 : index}> : () -> index
    %15 = "tensor.dim"(%9, %14) : (tensor<?x8x?xf32>, index) -> index
    %16 = "tensor.from_elements"(%11, %13, %15) : (index, index, index) -> tensor<3xindex>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%9, %16) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x8x?xf32>, tensor<3xindex>) -> tensor<?x8x?xf32>
    %18 = "stablehlo.dot_general"(%1, %17) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
    %19 = "tensor.cast"(%18) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %20 = "shape.shape_of"(%19) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %21 = "shape.shape_of"(%6) : (tensor<f32>) -> tensor<0xindex>
    %22 = "shape.cstr_broadcastable"(%20, %21) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %23 = "shape.assuming"(%22) ({
      %81 = "shape.shape_of"(%19) : (tensor<?x?x?xf32>) -> tensor<3xindex>
      %82 = "shape.shape_of"(%6) : (tensor<f32>) -> tensor<0xindex>
      %83 = "shape.broadcast"(%81, %82) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %84 = "stablehlo.dynamic_broadcast_in_dim"(%19, %83) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %85 = "stablehlo.dynamic_broadcast_in_dim"(%6, %83) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %86 = "stablehlo.multiply"(%84, %85) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%86) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %24 = "arith.constant"() <{value = 0 : index}> : () -> index
    %25 = "tensor.dim"(%23, %24) : (tensor<?x?x?xf32>, index) -> index
    %26 = "arith.constant"() <{value = 1 : index}> : () -> index
    %27 = "tensor.dim"(%23, %26) : (tensor<?x?x?xf32>, index) -> index
    %28 = "arith.constant"() <{value = 2 : index}> : () -> index
    %29 = "tensor.dim"(%23, %28) : (tensor<?x?x?xf32>, index) -> index
    %30 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %31 = "stablehlo.reduce"(%23, %30) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %80 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%80) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %32 = "arith.constant"() <{value = 1 : index}> : () -> index
    %33 = "tensor.from_elements"(%25, %27, %32) : (index, index, index) -> tensor<3xindex>
    %34 = "stablehlo.dynamic_reshape"(%31, %33) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %35 = "shape.shape_of"(%23) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %36 = "shape.shape_of"(%34) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %37 = "shape.cstr_broadcastable"(%35, %36) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %38 = "shape.assuming"(%37) ({
      %74 = "shape.shape_of"(%23) : (tensor<?x?x?xf32>) -> tensor<3xindex>
      %75 = "shape.shape_of"(%34) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %76 = "shape.broadcast"(%74, %75) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %77 = "stablehlo.dynamic_broadcast_in_dim"(%23, %76) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %78 = "stablehlo.dynamic_broadcast_in_dim"(%34, %76) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %79 = "stablehlo.subtract"(%77, %78) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%79) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %39 = "stablehlo.exponential"(%38) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %40 = "torch.prim.ListConstruct"(%8) : (!torch.int) -> !torch.list<int>
    %41 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %42 = "stablehlo.reduce"(%39, %41) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %73 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%73) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %43 = "arith.constant"() <{value = 0 : index}> : () -> index
    %44 = "tensor.dim"(%39, %43) : (tensor<?x?x?xf32>, index) -> index
    %45 = "arith.constant"() <{value = 1 : index}> : () -> index
    %46 = "tensor.dim"(%39, %45) : (tensor<?x?x?xf32>, index) -> index
    %47 = "arith.constant"() <{value = 2 : index}> : () -> index
    %48 = "tensor.dim"(%39, %47) : (tensor<?x?x?xf32>, index) -> index
    %49 = "arith.constant"() <{value = 1 : index}> : () -> index
    %50 = "tensor.from_elements"(%44, %46, %49) : (index, index, index) -> tensor<3xindex>
    %51 = "stablehlo.dynamic_reshape"(%42, %50) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %52 = "shape.shape_of"(%39) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %53 = "shape.shape_of"(%51) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %54 = "shape.cstr_broadcastable"(%52, %53) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %55 = "shape.assuming"(%54) ({
      %67 = "shape.shape_of"(%39) : (tensor<?x?x?xf32>) -> tensor<3xindex>
      %68 = "shape.shape_of"(%51) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %69 = "shape.broadcast"(%67, %68) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %70 = "stablehlo.dynamic_broadcast_in_dim"(%39, %69) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %71 = "stablehlo.dynamic_broadcast_in_dim"(%51, %69) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %72 = "stablehlo.divide"(%70, %71) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%72) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %56 = "arith.constant"() <{value = 0 : index}> : () -> index
    %57 = "tensor.dim"(%0, %56) : (tensor<?x?x8xf32>, index) -> index
    %58 = "arith.constant"() <{value = 1 : index}> : () -> index
    %59 = "tensor.dim"(%0, %58) : (tensor<?x?x8xf32>, index) -> index
    %60 = "arith.constant"() <{value = 2 : index}> : () -> index
    %61 = "tensor.dim"(%0, %60) : (tensor<?x?x8xf32>, index) -> index
    %62 = "tensor.from_elements"(%57, %59, %61) : (index, index, index) -> tensor<3xindex>
    %63 = "stablehlo.dynamic_broadcast_in_dim"(%0, %62) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x8xf32>, tensor<3xindex>) -> tensor<?x?x8xf32>
    %64 = "stablehlo.dot_general"(%55, %63) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    %65 = "tensor.cast"(%64) : (tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    %66 = "torch_c.from_builtin_tensor"(%65) : (tensor<?x?x8xf32>) -> !torch.vtensor<[?,?,8],f32>
    "func.return"(%66) : (!torch.vtensor<[?,?,8],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
