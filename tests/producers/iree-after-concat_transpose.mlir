// test: input
// ONNX model `concat_transpose`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>, sym_name = "concat_transpose"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x1xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = true}> : () -> i1
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %5 = "stablehlo.transpose"(%4) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %6 = "tensor.dim"(%5, %3) : (tensor<?x?xf32>, index) -> index
    %7 = "tensor.dim"(%5, %2) : (tensor<?x?xf32>, index) -> index
    %8 = "tensor.from_elements"(%6, %7) : (index, index) -> tensor<2xindex>
    %9 = "tensor.dim"(%arg2, %3) : (tensor<?x1xf32>, index) -> index
    %10 = "tensor.from_elements"(%9, %2) : (index, index) -> tensor<2xindex>
    %11 = "scf.for"(%3, %0, %2, %1) ({
    ^bb0(%arg4: index, %arg5: i1):
      %25 = "arith.cmpi"(%arg4, %3) <{predicate = 6 : i64}> : (index, index) -> i1
      %26 = "scf.if"(%25) ({
        "scf.yield"(%2) : (index) -> ()
      }, {
        %43 = "tensor.extract"(%8, %arg4) : (tensor<2xindex>, index) -> index
        "scf.yield"(%43) : (index) -> ()
      }) : (i1) -> index
      %27 = "scf.if"(%25) ({
        "scf.yield"(%26) : (index) -> ()
      }, {
        %40 = "tensor.extract"(%10, %arg4) : (tensor<2xindex>, index) -> index
        %41 = "arith.cmpi"(%40, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %42 = "arith.select"(%41, %26, %40) : (i1, index, index) -> index
        "scf.yield"(%42) : (index) -> ()
      }) : (i1) -> index
      %28 = "scf.if"(%25) ({
        "scf.yield"(%arg5) : (i1) -> ()
      }, {
        %35 = "tensor.extract"(%8, %arg4) : (tensor<2xindex>, index) -> index
        %36 = "arith.cmpi"(%35, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %37 = "arith.cmpi"(%35, %27) <{predicate = 0 : i64}> : (index, index) -> i1
        %38 = "arith.ori"(%36, %37) : (i1, i1) -> i1
        %39 = "arith.andi"(%arg5, %38) : (i1, i1) -> i1
        "scf.yield"(%39) : (i1) -> ()
      }) : (i1) -> i1
      %29 = "scf.if"(%25) ({
        "scf.yield"(%28) : (i1) -> ()
      }, {
        %30 = "tensor.extract"(%10, %arg4) : (tensor<2xindex>, index) -> index
        %31 = "arith.cmpi"(%30, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %32 = "arith.cmpi"(%30, %27) <{predicate = 0 : i64}> : (index, index) -> i1
        %33 = "arith.ori"(%31, %32) : (i1, i1) -> i1
        %34 = "arith.andi"(%28, %33) : (i1, i1) -> i1
        "scf.yield"(%34) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%29) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %12 = "shape.cstr_require"(%11) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %13 = "shape.assuming"(%12) ({
      %14 = "tensor.generate"() ({
      ^bb0(%arg3: index):
        %18 = "arith.cmpi"(%arg3, %3) <{predicate = 6 : i64}> : (index, index) -> i1
        %19 = "scf.if"(%18) ({
          "scf.yield"(%2) : (index) -> ()
        }, {
          %24 = "tensor.extract"(%8, %arg3) : (tensor<2xindex>, index) -> index
          "scf.yield"(%24) : (index) -> ()
        }) : (i1) -> index
        %20 = "scf.if"(%18) ({
          "scf.yield"(%19) : (index) -> ()
        }, {
          %21 = "tensor.extract"(%10, %arg3) : (tensor<2xindex>, index) -> index
          %22 = "arith.cmpi"(%21, %2) <{predicate = 0 : i64}> : (index, index) -> i1
          %23 = "arith.select"(%22, %19, %21) : (i1, index, index) -> index
          "scf.yield"(%23) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%20) : (index) -> ()
      }) : () -> tensor<2xindex>
      %15 = "stablehlo.dynamic_broadcast_in_dim"(%5, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %16 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %14) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %17 = "stablehlo.add"(%15, %16) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%17) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%13) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
