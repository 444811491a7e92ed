// test: input
// ONNX model `softmax`, torch-mlir 20261001 to StableHLO+CHLO (--pass-pipeline='builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),torch-func-backend-type-conversion-for-stablehlo,func.func(torch-finalizing-backend-type-conversion-for-stablehlo))'), then IREE 3.13.0
// iree-compile --compile-to=input --iree-input-type=stablehlo, IR after iree-stablehlo-legalize-shape-computations (the input pipeline then fails: failed to legalize stablehlo.dynamic_reshape)

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "softmax"}> ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "arith.constant"() <{value = 2 : index}> : () -> index
    %1 = "arith.constant"() <{value = true}> : () -> i1
    %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "tensor.dim"(%arg0, %5) : (tensor<?x?xf32>, index) -> index
    %7 = "stablehlo.reduce"(%arg0, %3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %90 = "stablehlo.maximum"(%arg9, %arg10) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%90) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %8 = "tensor.from_elements"(%6, %4) : (index, index) -> tensor<2xindex>
    %9 = "stablehlo.dynamic_reshape"(%7, %8) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %10 = "tensor.dim"(%arg0, %4) : (tensor<?x?xf32>, index) -> index
    %11 = "tensor.from_elements"(%6, %10) : (index, index) -> tensor<2xindex>
    %12 = "tensor.dim"(%9, %5) : (tensor<?x1xf32>, index) -> index
    %13 = "tensor.from_elements"(%12, %4) : (index, index) -> tensor<2xindex>
    %14 = "scf.for"(%5, %0, %4, %1) ({
    ^bb0(%arg7: index, %arg8: i1):
      %71 = "arith.cmpi"(%arg7, %5) <{predicate = 6 : i64}> : (index, index) -> i1
      %72 = "scf.if"(%71) ({
        "scf.yield"(%4) : (index) -> ()
      }, {
        %89 = "tensor.extract"(%11, %arg7) : (tensor<2xindex>, index) -> index
        "scf.yield"(%89) : (index) -> ()
      }) : (i1) -> index
      %73 = "scf.if"(%71) ({
        "scf.yield"(%72) : (index) -> ()
      }, {
        %86 = "tensor.extract"(%13, %arg7) : (tensor<2xindex>, index) -> index
        %87 = "arith.cmpi"(%86, %4) <{predicate = 0 : i64}> : (index, index) -> i1
        %88 = "arith.select"(%87, %72, %86) : (i1, index, index) -> index
        "scf.yield"(%88) : (index) -> ()
      }) : (i1) -> index
      %74 = "scf.if"(%71) ({
        "scf.yield"(%arg8) : (i1) -> ()
      }, {
        %81 = "tensor.extract"(%11, %arg7) : (tensor<2xindex>, index) -> index
        %82 = "arith.cmpi"(%81, %4) <{predicate = 0 : i64}> : (index, index) -> i1
        %83 = "arith.cmpi"(%81, %73) <{predicate = 0 : i64}> : (index, index) -> i1
        %84 = "arith.ori"(%82, %83) : (i1, i1) -> i1
        %85 = "arith.andi"(%arg8, %84) : (i1, i1) -> i1
        "scf.yield"(%85) : (i1) -> ()
      }) : (i1) -> i1
      %75 = "scf.if"(%71) ({
        "scf.yield"(%74) : (i1) -> ()
      }, {
        %76 = "tensor.extract"(%13, %arg7) : (tensor<2xindex>, index) -> index
        %77 = "arith.cmpi"(%76, %4) <{predicate = 0 : i64}> : (index, index) -> i1
        %78 = "arith.cmpi"(%76, %73) <{predicate = 0 : i64}> : (index, index) -> i1
        %79 = "arith.ori"(%77, %78) : (i1, i1) -> i1
        %80 = "arith.andi"(%74, %79) : (i1, i1) -> i1
        "scf.yield"(%80) : (i1) -> ()
      }) : (i1) -> i1
      "scf.yield"(%75) : (i1) -> ()
    }) : (index, index, index, i1) -> i1
    %15 = "shape.cstr_require"(%14) <{msg = "required broadcastable shapes"}> : (i1) -> !shape.witness
    %16 = "shape.assuming"(%15) ({
      %60 = "tensor.generate"() ({
      ^bb0(%arg6: index):
        %64 = "arith.cmpi"(%arg6, %5) <{predicate = 6 : i64}> : (index, index) -> i1
        %65 = "scf.if"(%64) ({
          "scf.yield"(%4) : (index) -> ()
        }, {
          %70 = "tensor.extract"(%11, %arg6) : (tensor<2xindex>, index) -> index
          "scf.yield"(%70) : (index) -> ()
        }) : (i1) -> index
        %66 = "scf.if"(%64) ({
          "scf.yield"(%65) : (index) -> ()
        }, {
          %67 = "tensor.extract"(%13, %arg6) : (tensor<2xindex>, index) -> index
          %68 = "arith.cmpi"(%67, %4) <{predicate = 0 : i64}> : (index, index) -> i1
          %69 = "arith.select"(%68, %65, %67) : (i1, index, index) -> index
          "scf.yield"(%69) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%66) : (index) -> ()
      }) : () -> tensor<2xindex>
      %61 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %60) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %62 = "stablehlo.dynamic_broadcast_in_dim"(%9, %60) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %63 = "stablehlo.subtract"(%61, %62) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%63) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    %17 = "stablehlo.exponential"(%16) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %18 = "stablehlo.reduce"(%17, %2) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %59 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%59) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    %19 = "tensor.dim"(%17, %5) : (tensor<?x?xf32>, index) -> index
    %20 = "tensor.from_elements"(%19, %4) : (index, index) -> tensor<2xindex>
    %21 = "stablehlo.dynamic_reshape"(%18, %20) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %22 = "tensor.dim"(%17, %4) : (tensor<?x?xf32>, index) -> index
    %23 = "tensor.from_elements"(%19, %22) : (index, index) -> tensor<2xindex>
    %24 = "tensor.dim"(%21, %5) : (tensor<?x1xf32>, index) -> index
    %25 = "tensor.from_elements"(%24, %4) : (index, index) -> tensor<2xindex>
    %26 = "scf.for"(%5, %0, %4, %1) ({
    ^bb0(%arg2: index, %arg3: i1):
      %40 = "arith.cmpi"(%arg2, %5) <{predicate = 6 : i64}> : (index, index) -> i1
      %41 = "scf.if"(%40) ({
        "scf.yield"(%4) : (index) -> ()
      }, {
        %58 = "tensor.extract"(%23, %arg2) : (tensor<2xindex>, index) -> index
        "scf.yield"(%58) : (index) -> ()
      }) : (i1) -> index
      %42 = "scf.if"(%40) ({
        "scf.yield"(%41) : (index) -> ()
      }, {
        %55 = "tensor.extract"(%25, %arg2) : (tensor<2xindex>, index) -> index
        %56 = "arith.cmpi"(%55, %4) <{predicate = 0 : i64}> : (index, index) -> i1
        %57 = "arith.select"(%56, %41, %55) : (i1, index, index) -> index
        "scf.yield"(%57) : (index) -> ()
      }) : (i1) -> index
      %43 = "scf.if"(%40) ({
        "scf.yield"(%arg3) : (i1) -> ()
      }, {
        %50 = "tensor.extract"(%23, %arg2) : (tensor<2xindex>, index) -> index
        %51 = "arith.cmpi"(%50, %4) <{predicate = 0 : i64}> : (index, index) -> i1
        %52 = "arith.cmpi"(%50, %42) <{predicate = 0 : i64}> : (index, index) -> i1
        %53 = "arith.ori"(%51, %52) : (i1, i1) -> i1
        %54 = "arith.andi"(%arg3, %53) : (i1, i1) -> i1
        "scf.yield"(%54) : (i1) -> ()
      }) : (i1) -> i1
      %44 = "scf.if"(%40) ({
        "scf.yield"(%43) : (i1) -> ()
      }, {
        %45 = "tensor.extract"(%25, %arg2) : (tensor<2xindex>, index) -> index
        %46 = "arith.cmpi"(%45, %4) <{predicate = 0 : i64}> : (index, index) -> i1
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
      ^bb0(%arg1: index):
        %33 = "arith.cmpi"(%arg1, %5) <{predicate = 6 : i64}> : (index, index) -> i1
        %34 = "scf.if"(%33) ({
          "scf.yield"(%4) : (index) -> ()
        }, {
          %39 = "tensor.extract"(%23, %arg1) : (tensor<2xindex>, index) -> index
          "scf.yield"(%39) : (index) -> ()
        }) : (i1) -> index
        %35 = "scf.if"(%33) ({
          "scf.yield"(%34) : (index) -> ()
        }, {
          %36 = "tensor.extract"(%25, %arg1) : (tensor<2xindex>, index) -> index
          %37 = "arith.cmpi"(%36, %4) <{predicate = 0 : i64}> : (index, index) -> i1
          %38 = "arith.select"(%37, %34, %36) : (i1, index, index) -> index
          "scf.yield"(%38) : (index) -> ()
        }) : (i1) -> index
        "tensor.yield"(%35) : (index) -> ()
      }) : () -> tensor<2xindex>
      %30 = "stablehlo.dynamic_broadcast_in_dim"(%17, %29) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %31 = "stablehlo.dynamic_broadcast_in_dim"(%21, %29) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
      %32 = "stablehlo.divide"(%30, %31) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      "shape.assuming_yield"(%32) : (tensor<?x?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?xf32>
    "func.return"(%28) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()
