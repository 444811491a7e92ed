// test: input
// ONNX model `layer_norm` (scripts/producers/onnx_models.py), torch-mlir 20261001
// torch-mlir-import-onnx MODEL.onnx
// torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
// torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (!torch.vtensor<[?,?,16],f32>) -> !torch.vtensor<[?,?,16],f32>, sym_name = "layer_norm"}> ({
  ^bb0(%arg0: !torch.vtensor<[?,?,16],f32>):
    %0 = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[?,?,16],f32>) -> tensor<?x?x16xf32>
    %1 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
    %2 = "torch.constant.int"() <{value = 16 : i64}> : () -> !torch.int
    %3 = "arith.constant"() <{value = 16 : i64}> : () -> i64
    %4 = "torch.constant.none"() : () -> !torch.none
    %5 = "torch.constant.bool"() <{value = true}> : () -> !torch.bool
    %6 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
    %7 = "stablehlo.constant"() <{value = dense<[0.0916654765, 0.0370946825, 0.0613189116, -0.0152192963, -0.147388801, 0.10288544, -0.193495974, -0.0239936672, -0.0204522498, -0.104286015, 0.0613123141, -0.0200329702, -0.0436868332, 0.0519841723, -0.0476579033, 1.388980e-01]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %8 = "stablehlo.constant"() <{value = dense<[0.0351455063, -0.0474332981, -0.194426507, -0.130775318, 0.108683072, -0.0050604064, -0.028312508, 0.164325163, -0.128264934, -0.0585657768, -0.0472587682, 0.0586337261, -0.0663535222, -0.0613417886, -0.160514936, 0.0729349405]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %9 = "torch.constant.float"() <{value = 9.9999997473787516E-6 : f64}> : () -> !torch.float
    %10 = "arith.constant"() <{value = 9.9999997473787516E-6 : f64}> : () -> f64
    %11 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
    %12 = "torch.prim.ListConstruct"(%11) : (!torch.int) -> !torch.list<int>
    %13 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.reduce"(%0, %13) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %161 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%161) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %15 = "arith.constant"() <{value = 0 : index}> : () -> index
    %16 = "tensor.dim"(%0, %15) : (tensor<?x?x16xf32>, index) -> index
    %17 = "arith.constant"() <{value = 1 : index}> : () -> index
    %18 = "tensor.dim"(%0, %17) : (tensor<?x?x16xf32>, index) -> index
    %19 = "arith.constant"() <{value = 2 : index}> : () -> index
    %20 = "tensor.dim"(%0, %19) : (tensor<?x?x16xf32>, index) -> index
    %21 = "arith.constant"() <{value = 1 : index}> : () -> index
    %22 = "tensor.from_elements"(%16, %18, %21) : (index, index, index) -> tensor<3xindex>
    %23 = "stablehlo.dynamic_reshape"(%14, %22) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %24 = "tensor.from_elements"(%3) : (i64) -> tensor<1xi64>
    %25 = "stablehlo.convert"(%24) : (tensor<1xi64>) -> tensor<1xf32>
    %26 = "stablehlo.reshape"(%25) : (tensor<1xf32>) -> tensor<f32>
    %27 = "shape.shape_of"(%23) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %28 = "shape.shape_of"(%26) : (tensor<f32>) -> tensor<0xindex>
    %29 = "shape.cstr_broadcastable"(%27, %28) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %30 = "shape.assuming"(%29) ({
      %155 = "shape.shape_of"(%23) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %156 = "shape.shape_of"(%26) : (tensor<f32>) -> tensor<0xindex>
      %157 = "shape.broadcast"(%155, %156) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %158 = "stablehlo.dynamic_broadcast_in_dim"(%23, %157) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %159 = "stablehlo.dynamic_broadcast_in_dim"(%26, %157) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %160 = "stablehlo.divide"(%158, %159) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
      "shape.assuming_yield"(%160) : (tensor<?x?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x1xf32>
    %31 = "arith.constant"() <{value = 0 : index}> : () -> index
    %32 = "tensor.dim"(%0, %31) : (tensor<?x?x16xf32>, index) -> index
    %33 = "arith.index_cast"(%32) : (index) -> i64
    %34 = "torch_c.from_i64"(%33) : (i64) -> !torch.int
    %35 = "arith.constant"() <{value = 1 : index}> : () -> index
    %36 = "tensor.dim"(%0, %35) : (tensor<?x?x16xf32>, index) -> index
    %37 = "arith.index_cast"(%36) : (index) -> i64
    %38 = "torch_c.from_i64"(%37) : (i64) -> !torch.int
    %39 = "torch.prim.ListConstruct"(%34, %38, %2) : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %40 = "torch_c.to_i64"(%34) : (!torch.int) -> i64
    %41 = "arith.index_cast"(%40) : (i64) -> index
    %42 = "torch_c.to_i64"(%38) : (!torch.int) -> i64
    %43 = "arith.index_cast"(%42) : (i64) -> index
    %44 = "arith.constant"() <{value = 16 : i64}> : () -> i64
    %45 = "arith.index_cast"(%44) : (i64) -> index
    %46 = "tensor.from_elements"(%41, %43, %45) : (index, index, index) -> tensor<3xindex>
    %47 = "stablehlo.dynamic_broadcast_in_dim"(%30, %46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %48 = "shape.shape_of"(%0) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %49 = "shape.shape_of"(%47) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %50 = "shape.cstr_broadcastable"(%48, %49) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %51 = "shape.assuming"(%50) ({
      %149 = "shape.shape_of"(%0) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %150 = "shape.shape_of"(%47) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %151 = "shape.broadcast"(%149, %150) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %152 = "stablehlo.dynamic_broadcast_in_dim"(%0, %151) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %153 = "stablehlo.dynamic_broadcast_in_dim"(%47, %151) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %154 = "stablehlo.subtract"(%152, %153) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%154) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %52 = "shape.shape_of"(%51) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %53 = "shape.shape_of"(%51) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %54 = "shape.cstr_broadcastable"(%52, %53) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %55 = "shape.assuming"(%54) ({
      %143 = "shape.shape_of"(%51) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %144 = "shape.shape_of"(%51) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %145 = "shape.broadcast"(%143, %144) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %146 = "stablehlo.dynamic_broadcast_in_dim"(%51, %145) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %147 = "stablehlo.dynamic_broadcast_in_dim"(%51, %145) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %148 = "stablehlo.multiply"(%146, %147) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%148) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %56 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %57 = "stablehlo.reduce"(%55, %56) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %142 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%142) : (tensor<f32>) -> ()
    }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %58 = "arith.constant"() <{value = 0 : index}> : () -> index
    %59 = "tensor.dim"(%55, %58) : (tensor<?x?x16xf32>, index) -> index
    %60 = "arith.constant"() <{value = 1 : index}> : () -> index
    %61 = "tensor.dim"(%55, %60) : (tensor<?x?x16xf32>, index) -> index
    %62 = "arith.constant"() <{value = 2 : index}> : () -> index
    %63 = "tensor.dim"(%55, %62) : (tensor<?x?x16xf32>, index) -> index
    %64 = "arith.constant"() <{value = 1 : index}> : () -> index
    %65 = "tensor.from_elements"(%59, %61, %64) : (index, index, index) -> tensor<3xindex>
    %66 = "stablehlo.dynamic_reshape"(%57, %65) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
    %67 = "tensor.from_elements"(%3) : (i64) -> tensor<1xi64>
    %68 = "stablehlo.convert"(%67) : (tensor<1xi64>) -> tensor<1xf32>
    %69 = "stablehlo.reshape"(%68) : (tensor<1xf32>) -> tensor<f32>
    %70 = "shape.shape_of"(%66) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %71 = "shape.shape_of"(%69) : (tensor<f32>) -> tensor<0xindex>
    %72 = "shape.cstr_broadcastable"(%70, %71) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %73 = "shape.assuming"(%72) ({
      %136 = "shape.shape_of"(%66) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %137 = "shape.shape_of"(%69) : (tensor<f32>) -> tensor<0xindex>
      %138 = "shape.broadcast"(%136, %137) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %139 = "stablehlo.dynamic_broadcast_in_dim"(%66, %138) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %140 = "stablehlo.dynamic_broadcast_in_dim"(%69, %138) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %141 = "stablehlo.divide"(%139, %140) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
      "shape.assuming_yield"(%141) : (tensor<?x?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x1xf32>
    %74 = "tensor.from_elements"(%10) : (f64) -> tensor<1xf64>
    %75 = "stablehlo.convert"(%74) : (tensor<1xf64>) -> tensor<1xf32>
    %76 = "stablehlo.reshape"(%75) : (tensor<1xf32>) -> tensor<f32>
    %77 = "shape.shape_of"(%73) : (tensor<?x?x1xf32>) -> tensor<3xindex>
    %78 = "shape.shape_of"(%76) : (tensor<f32>) -> tensor<0xindex>
    %79 = "shape.cstr_broadcastable"(%77, %78) : (tensor<3xindex>, tensor<0xindex>) -> !shape.witness
    %80 = "shape.assuming"(%79) ({
      %130 = "shape.shape_of"(%73) : (tensor<?x?x1xf32>) -> tensor<3xindex>
      %131 = "shape.shape_of"(%76) : (tensor<f32>) -> tensor<0xindex>
      %132 = "shape.broadcast"(%130, %131) : (tensor<3xindex>, tensor<0xindex>) -> tensor<3xindex>
      %133 = "stablehlo.dynamic_broadcast_in_dim"(%73, %132) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %134 = "stablehlo.dynamic_broadcast_in_dim"(%76, %132) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
      %135 = "stablehlo.add"(%133, %134) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
      "shape.assuming_yield"(%135) : (tensor<?x?x1xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x1xf32>
    %81 = "stablehlo.rsqrt"(%80) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
    %82 = "arith.constant"() <{value = 0 : index}> : () -> index
    %83 = "tensor.dim"(%0, %82) : (tensor<?x?x16xf32>, index) -> index
    %84 = "arith.index_cast"(%83) : (index) -> i64
    %85 = "torch_c.from_i64"(%84) : (i64) -> !torch.int
    %86 = "arith.constant"() <{value = 1 : index}> : () -> index
    %87 = "tensor.dim"(%0, %86) : (tensor<?x?x16xf32>, index) -> index
    %88 = "arith.index_cast"(%87) : (index) -> i64
    %89 = "torch_c.from_i64"(%88) : (i64) -> !torch.int
    %90 = "torch.prim.ListConstruct"(%85, %89, %2) : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %91 = "torch_c.to_i64"(%85) : (!torch.int) -> i64
    %92 = "arith.index_cast"(%91) : (i64) -> index
    %93 = "torch_c.to_i64"(%89) : (!torch.int) -> i64
    %94 = "arith.index_cast"(%93) : (i64) -> index
    %95 = "arith.constant"() <{value = 16 : i64}> : () -> i64
    %96 = "arith.index_cast"(%95) : (i64) -> index
    %97 = "tensor.from_elements"(%92, %94, %96) : (index, index, index) -> tensor<3xindex>
    %98 = "stablehlo.dynamic_broadcast_in_dim"(%81, %97) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %99 = "shape.shape_of"(%51) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %100 = "shape.shape_of"(%98) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %101 = "shape.cstr_broadcastable"(%99, %100) : (tensor<3xindex>, tensor<3xindex>) -> !shape.witness
    %102 = "shape.assuming"(%101) ({
      %124 = "shape.shape_of"(%51) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %125 = "shape.shape_of"(%98) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %126 = "shape.broadcast"(%124, %125) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
      %127 = "stablehlo.dynamic_broadcast_in_dim"(%51, %126) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %128 = "stablehlo.dynamic_broadcast_in_dim"(%98, %126) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %129 = "stablehlo.multiply"(%127, %128) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%129) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %103 = "shape.shape_of"(%102) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %104 = "shape.shape_of"(%7) : (tensor<16xf32>) -> tensor<1xindex>
    %105 = "shape.cstr_broadcastable"(%103, %104) : (tensor<3xindex>, tensor<1xindex>) -> !shape.witness
    %106 = "shape.assuming"(%105) ({
      %118 = "shape.shape_of"(%102) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %119 = "shape.shape_of"(%7) : (tensor<16xf32>) -> tensor<1xindex>
      %120 = "shape.broadcast"(%118, %119) : (tensor<3xindex>, tensor<1xindex>) -> tensor<3xindex>
      %121 = "stablehlo.dynamic_broadcast_in_dim"(%102, %120) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %122 = "stablehlo.dynamic_broadcast_in_dim"(%7, %120) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %123 = "stablehlo.multiply"(%121, %122) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%123) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %107 = "shape.shape_of"(%106) : (tensor<?x?x16xf32>) -> tensor<3xindex>
    %108 = "shape.shape_of"(%8) : (tensor<16xf32>) -> tensor<1xindex>
    %109 = "shape.cstr_broadcastable"(%107, %108) : (tensor<3xindex>, tensor<1xindex>) -> !shape.witness
    %110 = "shape.assuming"(%109) ({
      %112 = "shape.shape_of"(%106) : (tensor<?x?x16xf32>) -> tensor<3xindex>
      %113 = "shape.shape_of"(%8) : (tensor<16xf32>) -> tensor<1xindex>
      %114 = "shape.broadcast"(%112, %113) : (tensor<3xindex>, tensor<1xindex>) -> tensor<3xindex>
      %115 = "stablehlo.dynamic_broadcast_in_dim"(%106, %114) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %116 = "stablehlo.dynamic_broadcast_in_dim"(%8, %114) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
      %117 = "stablehlo.add"(%115, %116) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
      "shape.assuming_yield"(%117) : (tensor<?x?x16xf32>) -> ()
    }) : (!shape.witness) -> tensor<?x?x16xf32>
    %111 = "torch_c.from_builtin_tensor"(%110) : (tensor<?x?x16xf32>) -> !torch.vtensor<[?,?,16],f32>
    "func.return"(%111) : (!torch.vtensor<[?,?,16],f32>) -> ()
  }) {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "shape-opt-producers", torch.onnx_meta.producer_version = ""} : () -> ()
}) : () -> ()
