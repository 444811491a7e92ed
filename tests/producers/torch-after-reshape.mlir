// test: input
// ONNX model `reshape` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4x?x?xf32>, tensor<?x?x8xf32>) -> (tensor<?x?xf32>, tensor<?x?x4xf32>), sym_name = "reshape"}> ({
  ^bb0(%arg0: tensor<?x4x?x?xf32>, %arg1: tensor<?x?x8xf32>):
    %0 = "arith.constant"() <{value = 4 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 2 : index}> : () -> index
    %4 = "arith.constant"() <{value = 3 : index}> : () -> index
    %5 = "arith.constant"() <{value = 4 : index}> : () -> index
    %6 = "tensor.dim"(%arg0, %1) : (tensor<?x4x?x?xf32>, index) -> index
    %7 = "tensor.dim"(%arg0, %3) : (tensor<?x4x?x?xf32>, index) -> index
    %8 = "tensor.dim"(%arg0, %4) : (tensor<?x4x?x?xf32>, index) -> index
    %9 = "arith.muli"(%7, %5) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %10 = "arith.muli"(%9, %8) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %11 = "tensor.from_elements"(%6, %10) : (index, index) -> tensor<2xindex>
    %12 = "stablehlo.dynamic_reshape"(%arg0, %11) : (tensor<?x4x?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %13 = "tensor.dim"(%12, %1) : (tensor<?x?xf32>, index) -> index
    %14 = "tensor.dim"(%12, %2) : (tensor<?x?xf32>, index) -> index
    %15 = "tensor.from_elements"(%13, %14) : (index, index) -> tensor<2xindex>
    %16 = "stablehlo.dynamic_reshape"(%12, %15) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %17 = "tensor.dim"(%arg1, %1) : (tensor<?x?x8xf32>, index) -> index
    %18 = "arith.index_cast"(%17) : (index) -> i64
    %19 = "shape.shape_of"(%arg1) : (tensor<?x?x8xf32>) -> tensor<3xindex>
    %20 = "shape.num_elements"(%19) : (tensor<3xindex>) -> index
    %21 = "arith.index_cast"(%20) : (index) -> i64
    %22 = "arith.divui"(%21, %18) : (i64, i64) -> i64
    %23 = "arith.divui"(%22, %0) : (i64, i64) -> i64
    %24 = "tensor.from_elements"(%18, %23, %0) : (i64, i64, i64) -> tensor<3xi64>
    %25 = "stablehlo.dynamic_reshape"(%arg1, %24) : (tensor<?x?x8xf32>, tensor<3xi64>) -> tensor<?x?x4xf32>
    "func.return"(%16, %25) : (tensor<?x?xf32>, tensor<?x?x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
