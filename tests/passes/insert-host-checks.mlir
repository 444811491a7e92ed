// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --insert-host-checks | FileCheck %s
//
// `insert-host-checks`: each requirement of a StableHLO, MHLO or CHLO op
// becomes a constraint before it, with the rule's message. (The runner
// adds --verify-semantics: where an op was undefined, the function now
// fails; elsewhere it computes what it did.)

// dot_general: the contracting extents are equal.
// CHECK-LABEL: func @dot_general
// CHECK:         %[[K0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[K1:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[P:.*]] = arith.cmpi eq, %[[K0]], %[[K1]] : index
// CHECK:         shape.cstr_require %[[P]], "stablehlo.dot_general: contracting dimension 1 of lhs must equal dimension 0 of rhs"
// CHECK-NEXT:    "stablehlo.dot_general"
func.func @dot_general(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A CHLO broadcast: its operand shapes broadcast.
// CHECK-LABEL: func @chlo_broadcast
// CHECK:         %[[A:.*]] = shape.shape_of %arg0
// CHECK:         %[[B:.*]] = shape.shape_of %arg1
// CHECK:         shape.cstr_broadcastable %[[A]], %[[B]] {msg = "chlo.broadcast_add: the operand shapes must be broadcastable"}
func.func @chlo_broadcast(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %r = "chlo.broadcast_add"(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// dynamic_reshape: non-negative extents and as many elements; the
// operand's shape read through the transpose that made it.
// CHECK-LABEL: func @dynamic_reshape
// CHECK:         shape.cstr_require %{{.*}}, "mhlo.dynamic_reshape: extent 0 of the output shape must be non-negative"
// CHECK:         shape.cstr_require %{{.*}}, "mhlo.dynamic_reshape: extent 1 of the output shape must be non-negative"
// CHECK:         %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[S:.*]] = tensor.from_elements %[[D1]], %[[D0]] : tensor<2xindex>
// CHECK:         shape.num_elements %[[S]]
// CHECK:         shape.cstr_require %{{.*}}, "mhlo.dynamic_reshape: the operand and the result must have as many elements"
func.func @dynamic_reshape(%x: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %t = "mhlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = "mhlo.dynamic_reshape"(%t, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Requirements the types decide are not stated (the slice's limits, the
// concatenation's other extents); an op of one operand that is not
// broadcast or reshaped requires nothing.
// CHECK-LABEL: func @nothing_to_check
// CHECK-NOT:     shape.cstr_
// CHECK:         return
func.func @nothing_to_check(%x: tensor<?x4xf32>, %k: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<2x0xf32>) {
  %t = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<?x4xf32>) -> tensor<4x?xf32>
  %n = "stablehlo.negate"(%t) : (tensor<4x?xf32>) -> tensor<4x?xf32>
  %s = "stablehlo.slice"(%k) <{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 0>, strides = array<i64: 2, 1>}> : (tensor<4x?xf32>) -> tensor<2x0xf32>
  %c = "stablehlo.concatenate"(%s, %s) <{dimension = 1 : i64}> : (tensor<2x0xf32>, tensor<2x0xf32>) -> tensor<2x0xf32>
  return %n, %c : tensor<4x?xf32>, tensor<2x0xf32>
}
