// test: input
// ONNX model `attention`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, sym_name = "attention"}> ({
  ^bb0(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?x?x8xf32>, %arg2: tensor<?x?x8xf32>):
    %0 = "arith.constant"() <{value = 8 : index}> : () -> index
    %1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "arith.constant"() <{value = 2 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "stablehlo.constant"() <{value = dense<0.353553385> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 0, 2, 1>}> : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
    %8 = "tensor.dim"(%7, %5) : (tensor<?x8x?xf32>, index) -> index
    %9 = "tensor.dim"(%7, %3) : (tensor<?x8x?xf32>, index) -> index
    %10 = "tensor.from_elements"(%8, %0, %9) : (index, index, index) -> tensor<3xindex>
    %11 = "stablehlo.dynamic_broadcast_in_dim"(%7, %10) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x8x?xf32>, tensor<3xindex>) -> tensor<?x8x?xf32>
    %12 = "stablehlo.dot_general"(%arg0, %11) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
    %13 = "shape.shape_of"(%12) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %14 = "shape.shape_of"(%6) : (tensor<f32>) -> tensor<0xindex>
    %15 = "shape.cstr_broadcastable"(%13, %14) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %16 = "shape.assuming"(%15) ({
      %55 = "shape.shape_of"(%12) : (tensor<?x?x?xf32>) -> tensor<3xindex>
      %56 = "shape.shape_of"(%6) : (tensor<f32>) -> tensor<0xindex>
      %57 = "shape.broadcast"(%55, %56) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %58 = "stablehlo.dynamic_broadcast_in_dim"(%12, %57) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %59 = "stablehlo.dynamic_broadcast_in_dim"(%6, %57) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %60 = "stablehlo.multiply"(%58, %59) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%60) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %17 = "tensor.dim"(%16, %5) : (tensor<?x?x?xf32>, index) -> index
    %18 = "tensor.dim"(%16, %4) : (tensor<?x?x?xf32>, index) -> index
    %19 = "stablehlo.reduce"(%16, %2) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %54 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%54) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %20 = "tensor.from_elements"(%17, %18, %4) : (index, index, index) -> tensor<3xindex>
    %21 = "stablehlo.dynamic_reshape"(%19, %20) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %22 = "shape.shape_of"(%16) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %23 = "shape.shape_of"(%21) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %24 = "shape.cstr_broadcastable"(%22, %23) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %25 = "shape.assuming"(%24) ({
      %48 = "shape.shape_of"(%16) : (tensor<?x?x?xf32>) -> tensor<3xindex>
      %49 = "shape.shape_of"(%21) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %50 = "shape.broadcast"(%48, %49) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %51 = "stablehlo.dynamic_broadcast_in_dim"(%16, %50) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %52 = "stablehlo.dynamic_broadcast_in_dim"(%21, %50) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %53 = "stablehlo.subtract"(%51, %52) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%53) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %26 = "stablehlo.exponential"(%25) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %27 = "stablehlo.reduce"(%26, %1) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %47 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%47) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %28 = "tensor.dim"(%26, %5) : (tensor<?x?x?xf32>, index) -> index
    %29 = "tensor.dim"(%26, %4) : (tensor<?x?x?xf32>, index) -> index
    %30 = "tensor.from_elements"(%28, %29, %4) : (index, index, index) -> tensor<3xindex>
    %31 = "stablehlo.dynamic_reshape"(%27, %30) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %32 = "shape.shape_of"(%26) : (tensor<?x?x?xf32>) -> tensor<3xindex>
    %33 = "shape.shape_of"(%31) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %34 = "shape.cstr_broadcastable"(%32, %33) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %35 = "shape.assuming"(%34) ({
      %41 = "shape.shape_of"(%26) : (tensor<?x?x?xf32>) -> tensor<3xindex>
      %42 = "shape.shape_of"(%31) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %43 = "shape.broadcast"(%41, %42) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %44 = "stablehlo.dynamic_broadcast_in_dim"(%26, %43) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %45 = "stablehlo.dynamic_broadcast_in_dim"(%31, %43) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %46 = "stablehlo.divide"(%44, %45) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%46) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %36 = "tensor.dim"(%arg2, %5) : (tensor<?x?x8xf32>, index) -> index
    %37 = "tensor.dim"(%arg2, %4) : (tensor<?x?x8xf32>, index) -> index
    %38 = "tensor.from_elements"(%36, %37, %0) : (index, index, index) -> tensor<3xindex>
    %39 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %38) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x8xf32>, tensor<3xindex>) -> tensor<?x?x8xf32>
    %40 = "stablehlo.dot_general"(%35, %39) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%40) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
