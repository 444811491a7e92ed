// test: input
// ONNX model `broadcast` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "broadcast"}> ({
  ^bb0(%arg0: tensor<?x1xf32>, %arg1: tensor<1x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>):
    %0 = "shape.shape_of"(%arg0) : (tensor<?x1xf32>) -> tensor<2xindex>
    %1 = "shape.shape_of"(%arg1) : (tensor<1x?xf32>) -> tensor<2xindex>
    %2 = "shape.broadcast"(%0, %1) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
    %3 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %4 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %5 = "stablehlo.add"(%3, %4) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %6 = "shape.shape_of"(%5) : (tensor<?x?xf32>) -> tensor<2xindex>
    %7 = "shape.shape_of"(%arg2) : (tensor<?xf32>) -> tensor<1xindex>
    %8 = "shape.cstr_broadcastable"(%6, %7) : (tensor<2xindex>, tensor<1xindex>) -> !shape.witness
    %9 = "shape.assuming"(%8) ({
      %18 = "shape.broadcast"(%6, %7) : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
      %19 = "stablehlo.dynamic_broadcast_in_dim"(%5, %18) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %20 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %18) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %21 = "stablehlo.multiply"(%19, %20) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%21) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %10 = "shape.shape_of"(%9) : (tensor<?x?xf32>) -> tensor<2xindex>
    %11 = "shape.shape_of"(%arg3) : (tensor<?x?xf32>) -> tensor<2xindex>
    %12 = "shape.cstr_broadcastable"(%10, %11) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %13 = "shape.assuming"(%12) ({
      %14 = "shape.broadcast"(%10, %11) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %15 = "stablehlo.dynamic_broadcast_in_dim"(%9, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %16 = "stablehlo.dynamic_broadcast_in_dim"(%arg3, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %17 = "stablehlo.subtract"(%15, %16) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%17) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%13) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
