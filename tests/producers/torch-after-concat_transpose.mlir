// test: input
// ONNX model `concat_transpose` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>, sym_name = "concat_transpose"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x1xf32>):
    %0 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %1 = "stablehlo.transpose"(%0) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %2 = "shape.shape_of"(%1) : (tensor<?x?xf32>) -> tensor<2xindex>
    %3 = "shape.shape_of"(%arg2) : (tensor<?x1xf32>) -> tensor<2xindex>
    %4 = "shape.cstr_broadcastable"(%2, %3) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %5 = "shape.assuming"(%4) ({
      %6 = "shape.broadcast"(%2, %3) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %7 = "stablehlo.dynamic_broadcast_in_dim"(%1, %6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %8 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %9 = "stablehlo.add"(%7, %8) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%9) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%5) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
