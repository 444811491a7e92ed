// test: input
// ONNX model `reshape` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,4,?,?],f32>, !torch.vtensor<[?,?,8],f32>) -> (!torch.vtensor<[?,?],f32>, !torch.vtensor<[?,?,4],f32>), sym_name = "reshape"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,4,?,?],f32>, %arg1: !torch.vtensor<[?,?,8],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg1) : (!torch.vtensor<[?,?,8],f32>) -> tensor<?x?x8xf32>
    %1 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,4,?,?],f32>) -> tensor<?x4x?x?xf32>
    %2 = "torch.constant.int"() <{value = 4 : i64}> : () -> !torch.int
    %3 = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
    %4 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
    %5 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %6 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "tensor.dim"(%1, %7) : (tensor<?x4x?x?xf32>, index) -> index
    %9 = "arith.constant"() <{value = 1 : index}> : () -> index
    %10 = "tensor.dim"(%1, %9) : (tensor<?x4x?x?xf32>, index) -> index
    %11 = "arith.constant"() <{value = 2 : index}> : () -> index
    %12 = "tensor.dim"(%1, %11) : (tensor<?x4x?x?xf32>, index) -> index
    %13 = "arith.constant"() <{value = 3 : index}> : () -> index
    %14 = "tensor.dim"(%1, %13) : (tensor<?x4x?x?xf32>, index) -> index
    %15 = "arith.constant"() <{value = 1 : index}> : () -> index
    %16 = "arith.muli"(%15, %10) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %17 = "arith.muli"(%16, %12) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %18 = "arith.muli"(%17, %14) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %19 = "tensor.from_elements"(%8, %18) : (index, index) -> tensor<2xindex>
    %20 = "stablehlo.dynamic_reshape"(%1, %19) : (tensor<?x4x?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %21 = "arith.constant"() <{value = 0 : index}> : () -> index
    %22 = "tensor.dim"(%20, %21) : (tensor<?x?xf32>, index) -> index
    %23 = "arith.constant"() <{value = 1 : index}> : () -> index
    %24 = "tensor.dim"(%20, %23) : (tensor<?x?xf32>, index) -> index
    %25 = "arith.constant"() <{value = 1 : index}> : () -> index
    %26 = "arith.muli"(%25, %22) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %27 = "tensor.from_elements"(%26, %24) : (index, index) -> tensor<2xindex>
    %28 = "stablehlo.dynamic_reshape"(%20, %27) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %29 = "torch_c.from_builtin_tensor"(%28) : (tensor<?x?xf32>) -> !torch.vtensor<[?,?],f32>
    %30 = "arith.constant"() <{value = 0 : index}> : () -> index
    %31 = "tensor.dim"(%0, %30) : (tensor<?x?x8xf32>, index) -> index
    %32 = "arith.index_cast"(%31) : (index) -> i64
    %33 = "torch_c.from_i64"(%32) : (i64) -> !torch.int
    %34 = "tensor.from_elements"(%32) : (i64) -> tensor<1xi64>
    %35 = "stablehlo.convert"(%34) : (tensor<1xi64>) -> tensor<1xi64>
    %36 = "stablehlo.reshape"(%35) : (tensor<1xi64>) -> tensor<i64>
    %37 = "arith.constant"() <{value = 1 : index}> : () -> index
    %38 = "tensor.dim"(%0, %37) : (tensor<?x?x8xf32>, index) -> index
    %39 = "arith.index_cast"(%38) : (index) -> i64
    %40 = "tensor.from_elements"(%39) : (i64) -> tensor<1xi64>
    %41 = "stablehlo.convert"(%40) : (tensor<1xi64>) -> tensor<1xi64>
    %42 = "stablehlo.reshape"(%41) : (tensor<1xi64>) -> tensor<i64>
    %43 = "torch.prim.ListConstruct"(%33, %3, %2) : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %44 = "torch_c.to_i64"(%33) : (!torch.int) -> i64
    %45 = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %46 = "arith.constant"() <{value = 4 : i64}> : () -> i64
    %47 = "shape.shape_of"(%0) : (tensor<?x?x8xf32>) -> tensor<3xindex>
    %48 = "shape.num_elements"(%47) : (tensor<3xindex>) -> index
    %49 = "arith.index_cast"(%48) : (index) -> i64
    %50 = "arith.divui"(%49, %44) : (i64, i64) -> i64
    %51 = "arith.divui"(%50, %46) : (i64, i64) -> i64
    %52 = "tensor.from_elements"(%44, %51, %46) : (i64, i64, i64) -> tensor<3xi64>
    %53 = "stablehlo.dynamic_reshape"(%0, %52) : (tensor<?x?x8xf32>, tensor<3xi64>) -> tensor<?x?x4xf32>
    %54 = "torch_c.from_builtin_tensor"(%53) : (tensor<?x?x4xf32>) -> !torch.vtensor<[?,?,4],f32>
    "func.return"(%29, %54) : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[?,?,4],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
