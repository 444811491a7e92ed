// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --reify-host-shapes | FileCheck %s
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --no-hlo-knowledge --reify-host-shapes | FileCheck %s --check-prefix=OFF
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(reify-host-shapes,canonicalize,canonicalize-constraints,canonicalize))' | FileCheck %s --check-prefix=PROVEN
//
// `reify-host-shapes`: `shape.shape_of` and `tensor.dim` of a StableHLO,
// MHLO or CHLO op's result become the op's shape rule over its operands,
// read where the query stands (through `shape.assuming` results and the
// ops that computed them). With the knowledge off nothing changes. The
// PROVEN run follows it with the constraint passes: the checks real
// producers put around these ops are then proven. (The runner adds
// --verify-semantics: the interpreter gives these ops their rules' shapes.)

// A shape operand of i64 extents, built from index extents: the shape is
// those extents.
// CHECK-LABEL: func @dynamic_reshape
// CHECK-SAME:    (%[[X:.*]]: tensor<?x?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:         %[[S:.*]] = tensor.from_elements %[[A]], %[[B]] : tensor<2xindex>
// CHECK:         return %[[S]]
// OFF-LABEL: func @dynamic_reshape
// OFF:         shape.shape_of %{{.*}} : tensor<?x?xf32> -> tensor<2xindex>
func.func @dynamic_reshape(%x: tensor<?x?xf32>, %a: index, %b: index) -> tensor<2xindex> {
  %ai = arith.index_cast %a : index to i64
  %bi = arith.index_cast %b : index to i64
  %s = tensor.from_elements %ai, %bi : tensor<2xi64>
  %r = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %0 = shape.shape_of %r : tensor<?x?xf32> -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// dot_general: batch, then the free dimensions of lhs, then of rhs.
// CHECK-LABEL: func @dot_general
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.*]] = tensor.dim %arg0, %[[C0]]
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = tensor.dim %arg0, %[[C1]]
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[N:.*]] = tensor.dim %arg1, %[[C2]]
// CHECK:         tensor.from_elements %[[B]], %[[M]], %[[N]] : tensor<3xindex>
func.func @dot_general(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<3xindex> {
  %r = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %0 = shape.shape_of %r : tensor<?x?x?xf32> -> tensor<3xindex>
  return %0 : tensor<3xindex>
}

// -----

// A chain: the transpose's dimension 0 is the concatenation's dimension 1,
// the sum of its operands' dimensions 1 (one static).
// CHECK-LABEL: func @chain
// CHECK:         %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[S:.*]] = arith.addi %{{.*}}, %[[D]] : index
// CHECK:         return %[[S]]
func.func @chain(%a: tensor<?x4xf32>, %b: tensor<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c = "stablehlo.concatenate"(%a, %b) <{dimension = 1 : i64}> : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %t = "mhlo.transpose"(%c) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %d = tensor.dim %t, %c0 : tensor<?x?xf32>
  return %d : index
}

// -----

// A result of `shape.assuming` yielding an elementwise op of broadcasts:
// the broadcast shape, computed again before the query from what it was
// computed from inside the region.
// CHECK-LABEL: func @through_assuming
// CHECK:         shape.assuming
// CHECK:         }
// CHECK:         %[[SX:.*]] = shape.shape_of %arg0 : tensor<?x?xf32> -> tensor<2xindex>
// CHECK-NEXT:    %[[CX:.*]] = tensor.cast %[[SX]]
// CHECK-NEXT:    %[[SY:.*]] = shape.shape_of %arg1 : tensor<?xf32> -> tensor<1xindex>
// CHECK-NEXT:    %[[CY:.*]] = tensor.cast %[[SY]]
// CHECK-NEXT:    %[[B:.*]] = shape.broadcast %[[CX]], %[[CY]]
// CHECK:         return %[[B]]
func.func @through_assuming(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?xindex> {
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<?xindex>
  %sy = shape.shape_of %y : tensor<?xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %sx, %sy : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?x?xf32>) {
    %ix = shape.shape_of %x : tensor<?x?xf32> -> tensor<?xindex>
    %iy = shape.shape_of %y : tensor<?xf32> -> tensor<?xindex>
    %b = shape.broadcast %ix, %iy : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %xb = "stablehlo.dynamic_broadcast_in_dim"(%x, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    %yb = "stablehlo.dynamic_broadcast_in_dim"(%y, %b) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    %s = "stablehlo.add"(%xb, %yb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %s : tensor<?x?xf32>
  }
  %0 = shape.shape_of %r : tensor<?x?xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// An operand of a foreign type cannot be read: the query stays.
// CHECK-LABEL: func @foreign_operand
// CHECK:         shape.shape_of %{{.*}} : tensor<?xf32> -> tensor<1xindex>
func.func @foreign_operand(%h: !torch.vtensor<[?],f32>) -> tensor<1xindex> {
  %t = "stablehlo.negate"(%h) : (!torch.vtensor<[?],f32>) -> tensor<?xf32>
  %0 = shape.shape_of %t : tensor<?xf32> -> tensor<1xindex>
  return %0 : tensor<1xindex>
}

// -----

// A user's library maps the op: its shape function, not the built-in
// rule, is what the op's shape is (the query stays for that library's
// passes).
// CHECK-LABEL: func @mapped
// CHECK:         shape.shape_of %{{.*}} : tensor<?xf32> -> tensor<1xindex>
shape.function_library @lib {
  shape.func @same(%a: !shape.value_shape) -> !shape.shape {
    %s = shape.shape_of %a : !shape.value_shape -> !shape.shape
    shape.return %s : !shape.shape
  }
} mapping {
  stablehlo.negate = @same
}
func.func @mapped(%x: tensor<?xf32>) -> tensor<1xindex> {
  %t = "stablehlo.negate"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %0 = shape.shape_of %t : tensor<?xf32> -> tensor<1xindex>
  return %0 : tensor<1xindex>
}

// -----

// Softmax as torch-mlir emits it (ONNX Softmax over axis 1 through
// --torch-backend-to-stablehlo-backend-pipeline): the max, reshaped to
// [N, 1], broadcast against the input. The check always holds.
// PROVEN-LABEL: func @softmax
// PROVEN-NOT:     shape.cstr_
// PROVEN:         return
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1_i64 = arith.constant 1 : i64
  %init = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %max = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d0i = arith.index_cast %d0 : index to i64
  %s = tensor.from_elements %d0i, %c1_i64 : tensor<2xi64>
  %r = "stablehlo.dynamic_reshape"(%max, %s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x1xf32>
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %sr = shape.shape_of %r : tensor<?x1xf32> -> tensor<2xindex>
  %w = shape.cstr_broadcastable %sx, %sr : tensor<2xindex>, tensor<2xindex>
  %res = shape.assuming %w -> (tensor<?x?xf32>) {
    %b = shape.broadcast %sx, %sr : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
    %xb = "stablehlo.dynamic_broadcast_in_dim"(%x, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %rb = "stablehlo.dynamic_broadcast_in_dim"(%r, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %sub = "stablehlo.subtract"(%xb, %rb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %sub : tensor<?x?xf32>
  }
  %e = "stablehlo.exponential"(%res) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %zero = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %sum = "stablehlo.reduce"(%e, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %e0 = tensor.dim %e, %c0 : tensor<?x?xf32>
  %e0i = arith.index_cast %e0 : index to i64
  %s2 = tensor.from_elements %e0i, %c1_i64 : tensor<2xi64>
  %q = "stablehlo.dynamic_reshape"(%sum, %s2) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x1xf32>
  %se = shape.shape_of %e : tensor<?x?xf32> -> tensor<2xindex>
  %sq = shape.shape_of %q : tensor<?x1xf32> -> tensor<2xindex>
  %w2 = shape.cstr_broadcastable %se, %sq : tensor<2xindex>, tensor<2xindex>
  %out = shape.assuming %w2 -> (tensor<?x?xf32>) {
    %b = shape.broadcast %se, %sq : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
    %eb = "stablehlo.dynamic_broadcast_in_dim"(%e, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %qb = "stablehlo.dynamic_broadcast_in_dim"(%q, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %div = "stablehlo.divide"(%eb, %qb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %div : tensor<?x?xf32>
  }
  return %out : tensor<?x?xf32>
}

// -----

// Reduce, then broadcast back (a mean subtracted, keepdims): the reduced
// tensor reshaped to [N, 1] broadcasts against [N, M].
// PROVEN-LABEL: func @reduce_then_broadcast
// PROVEN-NOT:     shape.cstr_
// PROVEN:         return
func.func @reduce_then_broadcast(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %zero = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %sum = "stablehlo.reduce"(%x, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %s = tensor.from_elements %d0, %c1 : tensor<2xindex>
  %r = "stablehlo.dynamic_reshape"(%sum, %s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %sr = shape.shape_of %r : tensor<?x1xf32> -> tensor<2xindex>
  %w = shape.cstr_broadcastable %sx, %sr : tensor<2xindex>, tensor<2xindex>
  %res = shape.assuming %w -> (tensor<?x?xf32>) {
    %b = shape.broadcast %sx, %sr : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
    %xb = "stablehlo.dynamic_broadcast_in_dim"(%x, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %rb = "stablehlo.dynamic_broadcast_in_dim"(%r, %b) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %sub = "stablehlo.subtract"(%xb, %rb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %sub : tensor<?x?xf32>
  }
  return %res : tensor<?x?xf32>
}


// -----

// Layer norm over the last axis as torch-mlir emits it (ONNX
// LayerNormalization through --torch-backend-to-stablehlo-backend-pipeline,
// its final output): the mean and the variance, each reduced, reshaped to
// [N, S, 1] and broadcast back against [N, S, 16], then scaled and shifted
// by [16]. Every check holds.
// PROVEN-LABEL: func @layer_norm
// PROVEN-NOT:     shape.cstr_
// PROVEN:         return
func.func @layer_norm(%arg0: tensor<?x?x16xf32>) -> tensor<?x?x16xf32> {
  %0 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<16xf32>}> : () -> tensor<16xf32>
  %1 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<16xf32>}> : () -> tensor<16xf32>
  %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<16> : tensor<1xi64>
  %c16 = arith.constant 16 : index
  %cst_0 = arith.constant dense<9.9999997473787516E-6> : tensor<1xf64>
  %3 = shape.const_shape [16] : tensor<1xindex>
  %4 = "stablehlo.reduce"(%arg0, %2) <{dimensions = array<i64: 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %47 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%47) : (tensor<f32>) -> ()
  }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
  %dim = tensor.dim %arg0, %c0 : tensor<?x?x16xf32>
  %dim_1 = tensor.dim %arg0, %c1 : tensor<?x?x16xf32>
  %from_elements = tensor.from_elements %dim, %dim_1, %c1 : tensor<3xindex>
  %5 = "stablehlo.dynamic_reshape"(%4, %from_elements) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %6 = "stablehlo.convert"(%cst) : (tensor<1xi64>) -> tensor<1xf32>
  %7 = "stablehlo.reshape"(%6) : (tensor<1xf32>) -> tensor<f32>
  %8 = shape.shape_of %5 : tensor<?x?x1xf32> -> tensor<3xindex>
  %9 = "stablehlo.dynamic_broadcast_in_dim"(%5, %8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %10 = "stablehlo.dynamic_broadcast_in_dim"(%7, %8) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %11 = "stablehlo.divide"(%9, %10) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  %from_elements_2 = tensor.from_elements %dim, %dim_1, %c16 : tensor<3xindex>
  %12 = "stablehlo.dynamic_broadcast_in_dim"(%11, %from_elements_2) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %13 = shape.shape_of %arg0 : tensor<?x?x16xf32> -> tensor<3xindex>
  %14 = shape.shape_of %12 : tensor<?x?x16xf32> -> tensor<3xindex>
  %15 = shape.cstr_broadcastable %13, %14 : tensor<3xindex>, tensor<3xindex>
  %16 = shape.assuming %15 -> (tensor<?x?x16xf32>) {
    %47 = shape.broadcast %13, %14 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
    %48 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %47) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %49 = "stablehlo.dynamic_broadcast_in_dim"(%12, %47) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %50 = "stablehlo.subtract"(%48, %49) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    shape.assuming_yield %50 : tensor<?x?x16xf32>
  }
  %17 = shape.shape_of %16 : tensor<?x?x16xf32> -> tensor<3xindex>
  %18 = "stablehlo.dynamic_broadcast_in_dim"(%16, %17) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %19 = "stablehlo.multiply"(%18, %18) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
  %20 = "stablehlo.reduce"(%19, %2) <{dimensions = array<i64: 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %47 = "stablehlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%47) : (tensor<f32>) -> ()
  }) : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
  %dim_3 = tensor.dim %19, %c0 : tensor<?x?x16xf32>
  %dim_4 = tensor.dim %19, %c1 : tensor<?x?x16xf32>
  %from_elements_5 = tensor.from_elements %dim_3, %dim_4, %c1 : tensor<3xindex>
  %21 = "stablehlo.dynamic_reshape"(%20, %from_elements_5) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %22 = shape.shape_of %21 : tensor<?x?x1xf32> -> tensor<3xindex>
  %23 = "stablehlo.dynamic_broadcast_in_dim"(%21, %22) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %24 = "stablehlo.dynamic_broadcast_in_dim"(%7, %22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %25 = "stablehlo.divide"(%23, %24) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  %26 = "stablehlo.convert"(%cst_0) : (tensor<1xf64>) -> tensor<1xf32>
  %27 = "stablehlo.reshape"(%26) : (tensor<1xf32>) -> tensor<f32>
  %28 = shape.shape_of %25 : tensor<?x?x1xf32> -> tensor<3xindex>
  %29 = "stablehlo.dynamic_broadcast_in_dim"(%25, %28) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %30 = "stablehlo.dynamic_broadcast_in_dim"(%27, %28) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x1xf32>
  %31 = "stablehlo.add"(%29, %30) : (tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  %32 = "stablehlo.rsqrt"(%31) : (tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  %33 = "stablehlo.dynamic_broadcast_in_dim"(%32, %from_elements_2) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %34 = shape.shape_of %33 : tensor<?x?x16xf32> -> tensor<3xindex>
  %35 = shape.cstr_broadcastable %17, %34 : tensor<3xindex>, tensor<3xindex>
  %36 = shape.assuming %35 -> (tensor<?x?x16xf32>) {
    %47 = shape.broadcast %17, %34 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
    %48 = "stablehlo.dynamic_broadcast_in_dim"(%16, %47) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %49 = "stablehlo.dynamic_broadcast_in_dim"(%33, %47) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
    %50 = "stablehlo.multiply"(%48, %49) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    shape.assuming_yield %50 : tensor<?x?x16xf32>
  }
  %37 = shape.shape_of %36 : tensor<?x?x16xf32> -> tensor<3xindex>
  %38 = shape.broadcast %37, %3 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
  %39 = "stablehlo.dynamic_broadcast_in_dim"(%36, %38) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %40 = "stablehlo.dynamic_broadcast_in_dim"(%0, %38) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %41 = "stablehlo.multiply"(%39, %40) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
  %42 = shape.shape_of %41 : tensor<?x?x16xf32> -> tensor<3xindex>
  %43 = shape.broadcast %42, %3 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
  %44 = "stablehlo.dynamic_broadcast_in_dim"(%41, %43) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x?x16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %45 = "stablehlo.dynamic_broadcast_in_dim"(%1, %43) <{broadcast_dimensions = array<i64: 2>}> : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x?x16xf32>
  %46 = "stablehlo.add"(%44, %45) : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
  return %46 : tensor<?x?x16xf32>
}

// -----

// A shape computed with StableHLO ops on `tensor<i32>`, as JAX writes it
// (`get_dimension_size`, `reshape`, `concatenate`): its elements are the
// extents they read, so the broadcast's shape is the input's.
// CHECK-LABEL: func @jax_shape_computation
// CHECK:         %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK:         tensor.from_elements %[[D0]], %[[D1]] : tensor<2xindex>
// PROVEN-LABEL: func @jax_shape_computation
// PROVEN-NOT:     shape.cstr_
// PROVEN:         return
func.func @jax_shape_computation(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %d0 = "stablehlo.get_dimension_size"(%x) <{dimension = 0 : i64}> : (tensor<?x?xf32>) -> tensor<i32>
  %r0 = "stablehlo.reshape"(%d0) : (tensor<i32>) -> tensor<1xi32>
  %d1 = "stablehlo.get_dimension_size"(%x) <{dimension = 1 : i64}> : (tensor<?x?xf32>) -> tensor<i32>
  %r1 = "stablehlo.reshape"(%d1) : (tensor<i32>) -> tensor<1xi32>
  %s = "stablehlo.concatenate"(%r0, %r1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %b = "stablehlo.dynamic_broadcast_in_dim"(%y, %s) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<2xindex>
  %w = shape.cstr_eq %sx, %sb : tensor<2xindex>, tensor<2xindex>
  %r = shape.assuming %w -> (tensor<?x?xf32>) {
    %a = "stablehlo.add"(%x, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %a : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
