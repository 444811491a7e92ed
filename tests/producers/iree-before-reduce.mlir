// test: input
// ONNX model `reduce`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x?xf32>) -> tensor<?x1xf32>, sym_name = "reduce"}> ({
  ^bb0(%arg0: tensor<?x?x?xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.reduce"(%arg0, %3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %26 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %5 = "tensor.dim"(%arg0, %2) : (tensor<?x?x?xf32>, index) -> index
    %6 = "tensor.dim"(%arg0, %0) : (tensor<?x?x?xf32>, index) -> index
    %7 = "tensor.from_elements"(%5, %1, %6) : (index, index, index) -> tensor<3xindex>
    %8 = "stablehlo.dynamic_reshape"(%4, %7) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x1x?xf32>
    %9 = "stablehlo.reduce"(%8, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %25 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%25) : (tensor<f32>) -> ()
    }) : (tensor<?x1x?xf32>, tensor<f32>) -> tensor<?x1xf32>
    %10 = "tensor.dim"(%8, %0) : (tensor<?x1x?xf32>, index) -> index
    %11 = "arith.index_cast"(%10) : (index) -> i64
    %12 = "tensor.from_elements"(%11) : (i64) -> tensor<1xi64>
    %13 = "stablehlo.convert"(%12) : (tensor<1xi64>) -> tensor<1xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<1xf32>) -> tensor<f32>
    %15 = "shape.shape_of"(%9) : (tensor<?x1xf32>) -> tensor<2xindex>
    %16 = "shape.shape_of"(%14) : (tensor<f32>) -> tensor<0xindex>
    %17 = "shape.cstr_broadcastable"(%15, %16) : (tensor<2xindex>, tensor<0xindex>) -> !shape.witness
    %18 = "shape.assuming"(%17) ({
      %19 = "shape.shape_of"(%9) : (tensor<?x1xf32>) -> tensor<2xindex>
      %20 = "shape.shape_of"(%14) : (tensor<f32>) -> tensor<0xindex>
      %21 = "shape.broadcast"(%19, %20) : (tensor<2xindex>, tensor<0xindex>) -> tensor<2xindex>
      %22 = "stablehlo.dynamic_broadcast_in_dim"(%9, %21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x1xf32>
      %23 = "stablehlo.dynamic_broadcast_in_dim"(%14, %21) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x1xf32>
      %24 = "stablehlo.divide"(%22, %23) : (tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x1xf32>
      "shape.assuming_yield"(%24) : (tensor<?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x1xf32>
    "func.return"(%18) : (tensor<?x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
