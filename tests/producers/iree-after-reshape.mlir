// test: input
// ONNX model `reshape`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_reshape)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4x?x?xf32>, tensor<?x?x8xf32>) -> (tensor<?x?xf32>, tensor<?x?x4xf32>), sym_name = "reshape"}> ({
  ^bb0(%arg0: tensor<?x4x?x?xf32>, %arg1: tensor<?x?x8xf32>):
    %0 = "arith.constant"() <{value = 8 : index}> : () -> index
    %1 = "arith.constant"() <{value = 4 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 4 : index}> : () -> index
    %3 = "arith.constant"() <{value = 3 : index}> : () -> index
    %4 = "arith.constant"() <{value = 2 : index}> : () -> index
    %5 = "arith.constant"() <{value = 1 : index}> : () -> index
    %6 = "arith.constant"() <{value = 0 : index}> : () -> index
    %7 = "tensor.dim"(%arg0, %6) : (tensor<?x4x?x?xf32>, index) -> index
    %8 = "tensor.dim"(%arg0, %4) : (tensor<?x4x?x?xf32>, index) -> index
    %9 = "tensor.dim"(%arg0, %3) : (tensor<?x4x?x?xf32>, index) -> index
    %10 = "arith.muli"(%8, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %11 = "arith.muli"(%10, %9) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %12 = "tensor.from_elements"(%7, %11) : (index, index) -> tensor<2xindex>
    %13 = "stablehlo.dynamic_reshape"(%arg0, %12) : (tensor<?x4x?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %14 = "tensor.dim"(%13, %6) : (tensor<?x?xf32>, index) -> index
    %15 = "tensor.dim"(%13, %5) : (tensor<?x?xf32>, index) -> index
    %16 = "tensor.from_elements"(%14, %15) : (index, index) -> tensor<2xindex>
    %17 = "stablehlo.dynamic_reshape"(%13, %16) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %18 = "tensor.dim"(%arg1, %6) : (tensor<?x?x8xf32>, index) -> index
    %19 = "arith.index_cast"(%18) : (index) -> i64
    %20 = "tensor.dim"(%arg1, %5) : (tensor<?x?x8xf32>, index) -> index
    %21 = "tensor.from_elements"(%18, %20, %0) : (index, index, index) -> tensor<3xindex>
    %22 = "scf.for"(%6, %3, %5, %5) ({
    ^bb0(%arg2: index, %arg3: index):
      %28 = "tensor.extract"(%21, %arg2) : (tensor<3xindex>, index) -> index
      %29 = "arith.muli"(%28, %arg3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "scf.yield"(%29) : (index) -> ()
    }) : (index, index, index, index) -> index
    %23 = "arith.index_cast"(%22) : (index) -> i64
    %24 = "arith.divui"(%23, %19) : (i64, i64) -> i64
    %25 = "arith.divui"(%24, %1) : (i64, i64) -> i64
    %26 = "tensor.from_elements"(%19, %25, %1) : (i64, i64, i64) -> tensor<3xi64>
    %27 = "stablehlo.dynamic_reshape"(%arg1, %26) : (tensor<?x?x8xf32>, tensor<3xi64>) -> tensor<?x?x4xf32>
    "func.return"(%17, %27) : (tensor<?x?xf32>, tensor<?x?x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
