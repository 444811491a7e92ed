// test: input
// ONNX model `softmax`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "softmax"}> ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "tensor.dim"(%arg0, %3) : (tensor<?x?xf32>, index) -> index
    %5 = "stablehlo.reduce"(%arg0, %1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %34 = "stablehlo.maximum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%34) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %6 = "tensor.from_elements"(%4, %2) : (index, index) -> tensor<2xindex>
    %7 = "stablehlo.dynamic_reshape"(%5, %6) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %8 = "shape.shape_of"(%arg0) : (tensor<?x?xf32>) -> tensor<2xindex>
    %9 = "shape.shape_of"(%7) : (tensor<?x1xf32>) -> tensor<2xindex>
    %10 = "shape.cstr_broadcastable"(%8, %9) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %11 = "shape.assuming"(%10) ({
      %28 = "shape.shape_of"(%arg0) : (tensor<?x?xf32>) -> tensor<2xindex>
      %29 = "shape.shape_of"(%7) : (tensor<?x1xf32>) -> tensor<2xindex>
      %30 = "shape.broadcast"(%28, %29) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %31 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %30) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %32 = "stablehlo.dynamic_broadcast_in_dim"(%7, %30) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %33 = "stablehlo.subtract"(%31, %32) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%33) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %12 = "stablehlo.exponential"(%11) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %13 = "stablehlo.reduce"(%12, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %27 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%27) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %14 = "tensor.dim"(%12, %3) : (tensor<?x?xf32>, index) -> index
    %15 = "tensor.from_elements"(%14, %2) : (index, index) -> tensor<2xindex>
    %16 = "stablehlo.dynamic_reshape"(%13, %15) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %17 = "shape.shape_of"(%12) : (tensor<?x?xf32>) -> tensor<2xindex>
    %18 = "shape.shape_of"(%16) : (tensor<?x1xf32>) -> tensor<2xindex>
    %19 = "shape.cstr_broadcastable"(%17, %18) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
    %20 = "shape.assuming"(%19) ({
      %21 = "shape.shape_of"(%12) : (tensor<?x?xf32>) -> tensor<2xindex>
      %22 = "shape.shape_of"(%16) : (tensor<?x1xf32>) -> tensor<2xindex>
      %23 = "shape.broadcast"(%21, %22) : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
      %24 = "stablehlo.dynamic_broadcast_in_dim"(%12, %23) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %25 = "stablehlo.dynamic_broadcast_in_dim"(%16, %23) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %26 = "stablehlo.divide"(%24, %25) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%26) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%20) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
