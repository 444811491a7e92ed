// test: input
// ONNX model `layer_norm` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x16xf32>) -> tensor<?x?x16xf32>, sym_name = "layer_norm"}> ({
  ^bb0(%arg0: tensor<?x?x16xf32>):
    %0 = "stablehlo.constant"() <{value = dense<[0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963, -0.147388801, 0.10288544, -0.193495974, -0.0239936672, -0.0204522498, -0.104286015, 0.0613123141, -0.0200329702, -0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %1 = "stablehlo.constant"() <{value = dense<[0.0351455063, -0.0474332981, -0.194426507, -0.130775318, 0.108683072, -0.0050604064, -0.028312508, 0.164325163, -0.128264934, -0.0585657768, -0.0472587682, 0.0586337261, -0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    %5 = "arith.constant"() <{value = dense<16> : tensor<1xi64>}> : () -> tensor<1xi64>
    %6 = "arith.constant"() <{value = 16 : index}> : () -> index
    %7 = "arith.constant"() <{value = dense<9.9999997473787516E-6> : tensor<1xf64>}> : () -> tensor<1xf64>
    %8 = "shape.const_shape"() <{shape = dense<16> : tensor<1xindex>}> : () -> tensor<1xindex>
    %9 = "stablehlo.reduce"(%arg0, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %68 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%68) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %10 = "tensor.dim"(%arg0, %3) : (tensor<?x?x16xf32>, index) -> index
    %11 = "tensor.dim"(%arg0, %4) : (tensor<?x?x16xf32>, index) -> index
    %12 = "tensor.from_elements"(%10, %11, %4) : (index, index, index) -> tensor<3xindex>
    %13 = "stablehlo.dynamic_reshape"(%9, %12) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %14 = "stablehlo.convert"(%5) : (tensor<1xi64>) -> tensor<1xf32>
    %15 = "stablehlo.reshape"(%14) : (tensor<1xf32>) -> tensor<f32>
    %16 = "shape.shape_of"(%13) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%13, %16) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %18 = "stablehlo.dynamic_broadcast_in_dim"(%15, %16) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %19 = "stablehlo.divide"(%17, %18) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %20 = "tensor.from_elements"(%10, %11, %6) : (index, index, index) -> tensor<3xindex>
    %21 = "stablehlo.dynamic_broadcast_in_dim"(%19, %20) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %22 = "shape.shape_of"(%arg0) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %23 = "shape.shape_of"(%21) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %24 = "shape.cstr_broadcastable"(%22, %23) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %25 = "shape.assuming"(%24) ({
      %64 = "shape.broadcast"(%22, %23) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %65 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %64) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %66 = "stablehlo.dynamic_broadcast_in_dim"(%21, %64) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %67 = "stablehlo.subtract"(%65, %66) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%67) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %26 = "shape.shape_of"(%25) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %27 = "stablehlo.dynamic_broadcast_in_dim"(%25, %26) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %28 = "stablehlo.multiply"(%27, %27) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %29 = "stablehlo.reduce"(%28, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %63 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%63) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %30 = "tensor.dim"(%28, %3) : (tensor<?x?x16xf32>, index) -> index
    %31 = "tensor.dim"(%28, %4) : (tensor<?x?x16xf32>, index) -> index
    %32 = "tensor.from_elements"(%30, %31, %4) : (index, index, index) -> tensor<3xindex>
    %33 = "stablehlo.dynamic_reshape"(%29, %32) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %34 = "shape.shape_of"(%33) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %35 = "stablehlo.dynamic_broadcast_in_dim"(%33, %34) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %36 = "stablehlo.dynamic_broadcast_in_dim"(%15, %34) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %37 = "stablehlo.divide"(%35, %36) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %38 = "stablehlo.convert"(%7) : (tensor<1xf64>) -> tensor<1xf32>
    %39 = "stablehlo.reshape"(%38) : (tensor<1xf32>) -> tensor<f32>
    %40 = "shape.shape_of"(%37) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %41 = "stablehlo.dynamic_broadcast_in_dim"(%37, %40) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %42 = "stablehlo.dynamic_broadcast_in_dim"(%39, %40) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %43 = "stablehlo.add"(%41, %42) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %44 = "stablehlo.rsqrt"(%43) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %45 = "stablehlo.dynamic_broadcast_in_dim"(%44, %20) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %46 = "shape.shape_of"(%45) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %47 = "shape.cstr_broadcastable"(%26, %46) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %48 = "shape.assuming"(%47) ({
      %59 = "shape.broadcast"(%26, %46) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %60 = "stablehlo.dynamic_broadcast_in_dim"(%25, %59) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %61 = "stablehlo.dynamic_broadcast_in_dim"(%45, %59) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %62 = "stablehlo.multiply"(%60, %61) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%62) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %49 = "shape.shape_of"(%48) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %50 = "shape.broadcast"(%49, %8) : (tensor<3xindex>, tensor<1xindex>) -> tensor<3xindex>
    %51 = "stablehlo.dynamic_broadcast_in_dim"(%48, %50) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %52 = "stablehlo.dynamic_broadcast_in_dim"(%0, %50) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %53 = "stablehlo.multiply"(%51, %52) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %54 = "shape.shape_of"(%53) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %55 = "shape.broadcast"(%54, %8) : (tensor<3xindex>, tensor<1xindex>) -> tensor<3xindex>
    %56 = "stablehlo.dynamic_broadcast_in_dim"(%53, %55) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %57 = "stablehlo.dynamic_broadcast_in_dim"(%1, %55) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %58 = "stablehlo.add"(%56, %57) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    "func.return"(%58) : (tensor<?x?x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
