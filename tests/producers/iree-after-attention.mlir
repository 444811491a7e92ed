// test: input
// ONNX model `attention`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_broadcast_in_dim)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>, sym_name = "attention"}> ({
  ^bb0(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?x?x8xf32>, %arg2: tensor<?x?x8xf32>):
    %0 = "arith.constant"() <{value = 3 : index}> : () -> index
    %1 = "arith.constant"() <{value = true}> : () -> i1
    %2 = "arith.constant"() <{value = 8 : index}> : () -> index
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %5 = "arith.constant"() <{value = 2 : index}> : () -> index
    %6 = "arith.constant"() <{value = 1 : index}> : () -> index
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "stablehlo.constant"() <{value = dense<0.353553385> : tensor<f32>}> : () -> tensor<f32>
    %9 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 0, 2, 1>}> : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
    %10 = "tensor.dim"(%9, %7) : (tensor<?x8x?xf32>, index) -> index
    %11 = "tensor.dim"(%9, %5) : (tensor<?x8x?xf32>, index) -> index
    %12 = "tensor.from_elements"(%10, %2, %11) : (index, index, index) -> tensor<3xindex>
    %13 = "stablehlo.dynamic_broadcast_in_dim"(%9, %12) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x8x?xf32>, tensor<3xindex>) -> tensor<?x8x?xf32>
    %14 = "stablehlo.dot_general"(%arg0, %13) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
    %15 = "tensor.dim"(%14, %7) : (tensor<?x?x?xf32>, index) -> index
    %16 = "tensor.dim"(%14, %6) : (tensor<?x?x?xf32>, index) -> index
    %17 = "tensor.dim"(%14, %5) : (tensor<?x?x?xf32>, index) -> index
    %18 = "tensor.from_elements"(%15, %16, %17) : (index, index, index) -> tensor<3xindex>
    %19 = "stablehlo.dynamic_broadcast_in_dim"(%14, %18) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
    %20 = "stablehlo.dynamic_broadcast_in_dim"(%8, %18) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x?xf32>
    %21 = "stablehlo.multiply"(%19, %20) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %22 = "tensor.dim"(%21, %7) : (tensor<?x?x?xf32>, index) -> index
    %23 = "tensor.dim"(%21, %6) : (tensor<?x?x?xf32>, index) -> index
    %24 = "stablehlo.reduce"(%21, %4) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg11: tensor<f32>, %arg12: tensor<f32>):
      %115 = "stablehlo.maximum"(%arg11, %arg12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%115) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %25 = "tensor.from_elements"(%22, %23, %6) : (index, index, index) -> tensor<3xindex>
    %26 = "stablehlo.dynamic_reshape"(%24, %25) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %27 = "tensor.dim"(%21, %5) : (tensor<?x?x?xf32>, index) -> index
    %28 = "tensor.from_elements"(%22, %23, %27) : (index, index, index) -> tensor<3xindex>
    %29 = "tensor.dim"(%26, %7) : (tensor<?x?x1xf32>, index) -> index
    %30 = "tensor.dim"(%26, %6) : (tensor<?x?x1xf32>, index) -> index
    %31 = "tensor.from_elements"(%29, %30, %6) : (index, index, index) -> tensor<3xindex>
    %32 = "scf.for"(%7, %0, %6, %1) ({
    ^bb0(%arg9: index, %arg10: i1):
      %96 = "arith.cmpi"(%arg9, %7) <{predicate = 6 : i64}> : (index, index) -> i1
      %97 = "scf.if"(%96) ({
        "scf.yield"(%6) : (index) -> ()
      }, {
        %114 = "tensor.extract"(%28, %arg9) : (tensor<3xindex>, index) -> index
        "scf.yield"(%114) : (index) -> ()
      }) : (i1) -> index
      %98 = "scf.if"(%96) ({
        "scf.yield"(%97) : (index) -> ()
      }, {
        %111 = "tensor.extract"(%31, %arg9) : (tensor<3xindex>, index) -> index
        %112 = "arith.cmpi"(%111, %6) <{predicate = 0 : i64}> : (index, index) -> i1
        %113 = "arith.select"(%112, %97, %111) : (i1, index, index) -> index
        "scf.yield"(%113) : (index) -> ()
      }) : (i1) -> index
      %99 = "scf.if"(%96) ({
        "scf.yield"(%arg10) : (i1) -> ()
      }, {
        %106 = "tensor.extract"(%28, %arg9) : (tensor<3xindex>, index) -> index
        %107 = "arith.cmpi"(%106, %6) <{predicate = 0 : i64}> : (index, index) -> i1
        %108 = "arith.cmpi"(%106, %98) <{predicate = 0 : i64}> : (index, index) -> i1
        %109 = "arith.ori"(%107, %108) : (i1, i1) -> i1
        %110 = "arith.andi"(%arg10, %109) : (i1, i1) -> i1
        "scf.yield"(%110) : (i1) -> ()
      }) : (i1) -> i1
      %100 = "scf.if"(%96) ({
        "scf.yield"(%99) : (i1) -> ()
      }, {
        %101 = "tensor.extract"(%31, %arg9) : (tensor<3xindex>, index) -> index
        %102 = "arith.cmpi"(%101, %6) <{predicate = 0 : i64}> : (index, index) -> i1
        %103 = "arith.cmpi"(%101, %98) <{predicate = 0 : i64}> : (index, index) -> i1
        %104 = "arith.ori"(%102, %103) : (i1, i1) -> i1
        %105 = "arith.andi"(%99, %104) : (i1, i1) -> i1
        "scf.yield"(%105) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%100) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %33 = "shape.cstr_require"(%32) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %34 = "shape.assuming"(%33) ({
      %85 = "tensor.generate"() ({
      ^bb0(%arg8: index):
        %89 = "arith.cmpi"(%arg8, %7) <{predicate = 6 : i64}> : (index, index) -> i1
        %90 = "scf.if"(%89) ({
          "scf.yield"(%6) : (index) -> ()
        }, {
          %95 = "tensor.extract"(%28, %arg8) : (tensor<3xindex>, index) -> index
          "scf.yield"(%95) : (index) -> ()
        }) : (i1) -> index
        %91 = "scf.if"(%89) ({
          "scf.yield"(%90) : (index) -> ()
        }, {
          %92 = "tensor.extract"(%31, %arg8) : (tensor<3xindex>, index) -> index
          %93 = "arith.cmpi"(%92, %6) <{predicate = 0 : i64}> : (index, index) -> i1
          %94 = "arith.select"(%93, %90, %92) : (i1, index, index) -> index
          "scf.yield"(%94) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%91) : (index) -> ()
      }) : () -> tensor<3xindex>
      %86 = "stablehlo.dynamic_broadcast_in_dim"(%21, %85) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %87 = "stablehlo.dynamic_broadcast_in_dim"(%26, %85) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %88 = "stablehlo.subtract"(%86, %87) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%88) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %35 = "stablehlo.exponential"(%34) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    %36 = "stablehlo.reduce"(%35, %3) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %84 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%84) : (tensor<f32>) -> ()
    }) : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %37 = "tensor.dim"(%35, %7) : (tensor<?x?x?xf32>, index) -> index
    %38 = "tensor.dim"(%35, %6) : (tensor<?x?x?xf32>, index) -> index
    %39 = "tensor.from_elements"(%37, %38, %6) : (index, index, index) -> tensor<3xindex>
    %40 = "stablehlo.dynamic_reshape"(%36, %39) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %41 = "tensor.dim"(%35, %5) : (tensor<?x?x?xf32>, index) -> index
    %42 = "tensor.from_elements"(%37, %38, %41) : (index, index, index) -> tensor<3xindex>
    %43 = "tensor.dim"(%40, %7) : (tensor<?x?x1xf32>, index) -> index
    %44 = "tensor.dim"(%40, %6) : (tensor<?x?x1xf32>, index) -> index
    %45 = "tensor.from_elements"(%43, %44, %6) : (index, index, index) -> tensor<3xindex>
    %46 = "scf.for"(%7, %0, %6, %1) ({
    ^bb0(%arg4: index, %arg5: i1):
      %65 = "arith.cmpi"(%arg4, %7) <{predicate = 6 : i64}> : (index, index) -> i1
      %66 = "scf.if"(%65) ({
        "scf.yield"(%6) : (index) -> ()
      }, {
        %83 = "tensor.extract"(%42, %arg4) : (tensor<3xindex>, index) -> index
        "scf.yield"(%83) : (index) -> ()
      }) : (i1) -> index
      %67 = "scf.if"(%65) ({
        "scf.yield"(%66) : (index) -> ()
      }, {
        %80 = "tensor.extract"(%45, %arg4) : (tensor<3xindex>, index) -> index
        %81 = "arith.cmpi"(%80, %6) <{predicate = 0 : i64}> : (index, index) -> i1
        %82 = "arith.select"(%81, %66, %80) : (i1, index, index) -> index
        "scf.yield"(%82) : (index) -> ()
      }) : (i1) -> index
      %68 = "scf.if"(%65) ({
        "scf.yield"(%arg5) : (i1) -> ()
      }, {
        %75 = "tensor.extract"(%42, %arg4) : (tensor<3xindex>, index) -> index
        %76 = "arith.cmpi"(%75, %6) <{predicate = 0 : i64}> : (index, index) -> i1
        %77 = "arith.cmpi"(%75, %67) <{predicate = 0 : i64}> : (index, index) -> i1
        %78 = "arith.ori"(%76, %77) : (i1, i1) -> i1
        %79 = "arith.andi"(%arg5, %78) : (i1, i1) -> i1
        "scf.yield"(%79) : (i1) -> ()
      }) : (i1) -> i1
      %69 = "scf.if"(%65) ({
        "scf.yield"(%68) : (i1) -> ()
      }, {
        %70 = "tensor.extract"(%45, %arg4) : (tensor<3xindex>, index) -> index
        %71 = "arith.cmpi"(%70, %6) <{predicate = 0 : i64}> : (index, index) -> i1
        %72 = "arith.cmpi"(%70, %67) <{predicate = 0 : i64}> : (index, index) -> i1
        %73 = "arith.ori"(%71, %72) : (i1, i1) -> i1
        %74 = "arith.andi"(%68, %73) : (i1, i1) -> i1
        "scf.yield"(%74) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%69) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %47 = "shape.cstr_require"(%46) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %48 = "shape.assuming"(%47) ({
      %54 = "tensor.generate"() ({
      ^bb0(%arg3: index):
        %58 = "arith.cmpi"(%arg3, %7) <{predicate = 6 : i64}> : (index, index) -> i1
        %59 = "scf.if"(%58) ({
          "scf.yield"(%6) : (index) -> ()
        }, {
          %64 = "tensor.extract"(%42, %arg3) : (tensor<3xindex>, index) -> index
          "scf.yield"(%64) : (index) -> ()
        }) : (i1) -> index
        %60 = "scf.if"(%58) ({
          "scf.yield"(%59) : (index) -> ()
        }, {
          %61 = "tensor.extract"(%45, %arg3) : (tensor<3xindex>, index) -> index
          %62 = "arith.cmpi"(%61, %6) <{predicate = 0 : i64}> : (index, index) -> i1
          %63 = "arith.select"(%62, %59, %61) : (i1, index, index) -> index
          "scf.yield"(%63) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%60) : (index) -> ()
      }) : () -> tensor<3xindex>
      %55 = "stablehlo.dynamic_broadcast_in_dim"(%35, %54) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %56 = "stablehlo.dynamic_broadcast_in_dim"(%40, %54) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
      %57 = "stablehlo.divide"(%55, %56) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
      "shape.assuming_yield"(%57) : (tensor<?x?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x?xf32>
    %49 = "tensor.dim"(%arg2, %7) : (tensor<?x?x8xf32>, index) -> index
    %50 = "tensor.dim"(%arg2, %6) : (tensor<?x?x8xf32>, index) -> index
    %51 = "tensor.from_elements"(%49, %50, %2) : (index, index, index) -> tensor<3xindex>
    %52 = "stablehlo.dynamic_broadcast_in_dim"(%arg2, %51) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x8xf32>, tensor<3xindex>) -> tensor<?x?x8xf32>
    %53 = "stablehlo.dot_general"(%48, %52) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
    "func.return"(%53) : (tensor<?x?x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
