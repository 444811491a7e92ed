// test: input
// ONNX model `broadcast`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x1xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "broadcast"}> ({
  ^bb0(%arg0: tensor<?x1xf32>, %arg1: tensor<1x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = true}> : () -> i1
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 0 : index}> : () -> index
    %4 = "tensor.dim"(%arg0, %3) : (tensor<?x1xf32>, index) -> index
    %5 = "tensor.from_elements"(%4, %2) : (index, index) -> tensor<2xindex>
    %6 = "tensor.dim"(%arg1, %2) : (tensor<1x?xf32>, index) -> index
    %7 = "tensor.from_elements"(%2, %6) : (index, index) -> tensor<2xindex>
    %8 = "tensor.generate"() ({
    ^bb0(%arg10: index):
      %94 = "arith.cmpi"(%arg10, %3) <{predicate = 6 : i64}> : (index, index) -> i1
      %95 = "scf.if"(%94) ({
        "scf.yield"(%2) : (index) -> ()
      }, {
        %100 = "tensor.extract"(%5, %arg10) : (tensor<2xindex>, index) -> index
        "scf.yield"(%100) : (index) -> ()
      }) : (i1) -> index
      %96 = "scf.if"(%94) ({
        "scf.yield"(%95) : (index) -> ()
      }, {
        %97 = "tensor.extract"(%7, %arg10) : (tensor<2xindex>, index) -> index
        %98 = "arith.cmpi"(%97, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %99 = "arith.select"(%98, %95, %97) : (i1, index, index) -> index
        "scf.yield"(%99) : (index) -> ()
      }) : (i1) -> index
      "tensor.yield"(%96) : (index) -> ()
    }) : () -> tensor<2xindex>
    %9 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %8) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %10 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %8) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %11 = "stablehlo.add"(%9, %10) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %12 = "tensor.dim"(%11, %3) : (tensor<?x?xf32>, index) -> index
    %13 = "tensor.dim"(%11, %2) : (tensor<?x?xf32>, index) -> index
    %14 = "tensor.from_elements"(%12, %13) : (index, index) -> tensor<2xindex>
    %15 = "tensor.dim"(%arg2, %3) : (tensor<?xf32>, index) -> index
    %16 = "tensor.from_elements"(%15) : (index) -> tensor<1xindex>
    %17 = "scf.for"(%3, %0, %2, %1) ({
    ^bb0(%arg8: index, %arg9: i1):
      %72 = "arith.cmpi"(%arg8, %3) <{predicate = 6 : i64}> : (index, index) -> i1
      %73 = "scf.if"(%72) ({
        "scf.yield"(%2) : (index) -> ()
      }, {
        %93 = "tensor.extract"(%14, %arg8) : (tensor<2xindex>, index) -> index
        "scf.yield"(%93) : (index) -> ()
      }) : (i1) -> index
      %74 = "arith.cmpi"(%arg8, %2) <{predicate = 6 : i64}> : (index, index) -> i1
      %75 = "scf.if"(%74) ({
        "scf.yield"(%73) : (index) -> ()
      }, {
        %89 = "arith.subi"(%arg8, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %90 = "tensor.extract"(%16, %89) : (tensor<1xindex>, index) -> index
        %91 = "arith.cmpi"(%90, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %92 = "arith.select"(%91, %73, %90) : (i1, index, index) -> index
        "scf.yield"(%92) : (index) -> ()
      }) : (i1) -> index
      %76 = "scf.if"(%72) ({
        "scf.yield"(%arg9) : (i1) -> ()
      }, {
        %84 = "tensor.extract"(%14, %arg8) : (tensor<2xindex>, index) -> index
        %85 = "arith.cmpi"(%84, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %86 = "arith.cmpi"(%84, %75) <{predicate = 0 : i64}> : (index, index) -> i1
        %87 = "arith.ori"(%85, %86) : (i1, i1) -> i1
        %88 = "arith.andi"(%arg9, %87) : (i1, i1) -> i1
        "scf.yield"(%88) : (i1) -> ()
      }) : (i1) -> i1
      %77 = "scf.if"(%74) ({
        "scf.yield"(%76) : (i1) -> ()
      }, {
        %78 = "arith.subi"(%arg8, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %79 = "tensor.extract"(%16, %78) : (tensor<1xindex>, index) -> index
        %80 = "arith.cmpi"(%79, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %81 = "arith.cmpi"(%79, %75) <{predicate = 0 : i64}> : (index, index) -> i1
        %82 = "arith.ori"(%80, %81) : (i1, i1) -> i1
        %83 = "arith.andi"(%76, %82) : (i1, i1) -> i1
        "scf.yield"(%83) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%77) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %18 = "shape.cstr_require"(%17) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %19 = "shape.assuming"(%18) ({
      %59 = "tensor.generate"() ({
      ^bb0(%arg7: index):
        %63 = "arith.cmpi"(%arg7, %3) <{predicate = 6 : i64}> : (index, index) -> i1
        %64 = "scf.if"(%63) ({
          "scf.yield"(%2) : (index) -> ()
        }, {
          %71 = "tensor.extract"(%14, %arg7) : (tensor<2xindex>, index) -> index
          "scf.yield"(%71) : (index) -> ()
        }) : (i1) -> index
        %65 = "arith.cmpi"(%arg7, %2) <{predicate = 6 : i64}> : (index, index) -> i1
        %66 = "scf.if"(%65) ({
          "scf.yield"(%64) : (index) -> ()
        }, {
          %67 = "arith.subi"(%arg7, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
          %68 = "tensor.extract"(%16, %67) : (tensor<1xindex>, index) -> index
          %69 = "arith.cmpi"(%68, %2) <{predicate = 0 : i64}> : (index, index) -> i1
          %70 = "arith.select"(%69, %64, %68) : (i1, index, index) -> index
          "scf.yield"(%70) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%66) : (index) -> ()
      }) : () -> tensor<2xindex>
      %60 = "stablehlo.dynamic_broadcast_in_dim"(%11, %59) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %61 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %59) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %62 = "stablehlo.multiply"(%60, %61) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%62) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %20 = "tensor.dim"(%19, %3) : (tensor<?x?xf32>, index) -> index
    %21 = "tensor.dim"(%19, %2) : (tensor<?x?xf32>, index) -> index
    %22 = "tensor.from_elements"(%20, %21) : (index, index) -> tensor<2xindex>
    %23 = "tensor.dim"(%arg3, %3) : (tensor<?x?xf32>, index) -> index
    %24 = "tensor.dim"(%arg3, %2) : (tensor<?x?xf32>, index) -> index
    %25 = "tensor.from_elements"(%23, %24) : (index, index) -> tensor<2xindex>
    %26 = "scf.for"(%3, %0, %2, %1) ({
    ^bb0(%arg5: index, %arg6: i1):
      %40 = "arith.cmpi"(%arg5, %3) <{predicate = 6 : i64}> : (index, index) -> i1
      %41 = "scf.if"(%40) ({
        "scf.yield"(%2) : (index) -> ()
      }, {
        %58 = "tensor.extract"(%22, %arg5) : (tensor<2xindex>, index) -> index
        "scf.yield"(%58) : (index) -> ()
      }) : (i1) -> index
      %42 = "scf.if"(%40) ({
        "scf.yield"(%41) : (index) -> ()
      }, {
        %55 = "tensor.extract"(%25, %arg5) : (tensor<2xindex>, index) -> index
        %56 = "arith.cmpi"(%55, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %57 = "arith.select"(%56, %41, %55) : (i1, index, index) -> index
        "scf.yield"(%57) : (index) -> ()
      }) : (i1) -> index
      %43 = "scf.if"(%40) ({
        "scf.yield"(%arg6) : (i1) -> ()
      }, {
        %50 = "tensor.extract"(%22, %arg5) : (tensor<2xindex>, index) -> index
        %51 = "arith.cmpi"(%50, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %52 = "arith.cmpi"(%50, %42) <{predicate = 0 : i64}> : (index, index) -> i1
        %53 = "arith.ori"(%51, %52) : (i1, i1) -> i1
        %54 = "arith.andi"(%arg6, %53) : (i1, i1) -> i1
        "scf.yield"(%54) : (i1) -> ()
      }) : (i1) -> i1
      %44 = "scf.if"(%40) ({
        "scf.yield"(%43) : (i1) -> ()
      }, {
        %45 = "tensor.extract"(%25, %arg5) : (tensor<2xindex>, index) -> index
        %46 = "arith.cmpi"(%45, %2) <{predicate = 0 : i64}> : (index, index) -> i1
        %47 = "arith.cmpi"(%45, %42) <{predicate = 0 : i64}> : (index, index) -> i1
        %48 = "arith.ori"(%46, %47) : (i1, i1) -> i1
        %49 = "arith.andi"(%43, %48) : (i1, i1) -> i1
        "scf.yield"(%49) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%44) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %27 = "shape.cstr_require"(%26) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %28 = "shape.assuming"(%27) ({
      %29 = "tensor.generate"() ({
      ^bb0(%arg4: index):
        %33 = "arith.cmpi"(%arg4, %3) <{predicate = 6 : i64}> : (index, index) -> i1
        %34 = "scf.if"(%33) ({
          "scf.yield"(%2) : (index) -> ()
        }, {
          %39 = "tensor.extract"(%22, %arg4) : (tensor<2xindex>, index) -> index
          "scf.yield"(%39) : (index) -> ()
        }) : (i1) -> index
        %35 = "scf.if"(%33) ({
          "scf.yield"(%34) : (index) -> ()
        }, {
          %36 = "tensor.extract"(%25, %arg4) : (tensor<2xindex>, index) -> index
          %37 = "arith.cmpi"(%36, %2) <{predicate = 0 : i64}> : (index, index) -> i1
          %38 = "arith.select"(%37, %34, %36) : (i1, index, index) -> index
          "scf.yield"(%38) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%35) : (index) -> ()
      }) : () -> tensor<2xindex>
      %30 = "stablehlo.dynamic_broadcast_in_dim"(%19, %29) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %31 = "stablehlo.dynamic_broadcast_in_dim"(%arg3, %29) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %32 = "stablehlo.subtract"(%30, %31) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%32) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%28) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
