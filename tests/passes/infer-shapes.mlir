// test: run-lines
// RUN: shape-opt %s --split-input-file --infer-shapes | FileCheck %s
// RUN: shape-opt %s --split-input-file --mlir-print-shape-facts | FileCheck %s --check-prefix=FACTS
//
// `infer-shapes`: facts from argument types and constants, folded where the
// result type can hold the constant; meets are kept (every meet is a
// requirement).

// CHECK-LABEL: func.func @static_shapes
// CHECK-NEXT:    %[[S:.*]] = shape.const_shape [2, 3] : !shape.shape
// CHECK-NEXT:    %[[R:.*]] = shape.const_size 2
// CHECK-NEXT:    %[[T:.*]] = shape.shape_of %arg1 : tensor<3x?xf32> -> tensor<2xindex>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[E:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[M:.*]] = shape.meet %[[R]], %[[R]] : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:    return %[[S]], %[[M]], %[[E]]
// FACTS-LABEL: func.func @static_shapes
// FACTS:         // shape facts: {2,3}
// FACTS-NEXT:    shape.shape_of %arg0
// FACTS-NEXT:    // shape facts: 2
// FACTS-NEXT:    shape.rank
// FACTS-NEXT:    // shape facts: {3,?}
// FACTS-NEXT:    shape.shape_of %arg1
func.func @static_shapes(%a: tensor<2x3xf32>, %b: tensor<3x?xf32>) -> (!shape.shape, !shape.size, index) {
  %s = shape.shape_of %a : tensor<2x3xf32> -> !shape.shape
  %r = shape.rank %s : !shape.shape -> !shape.size
  %t = shape.shape_of %b : tensor<3x?xf32> -> tensor<2xindex>
  %c0 = arith.constant 0 : index
  %e = shape.get_extent %t, %c0 : tensor<2xindex>, index -> index
  %m = shape.meet %r, %r : !shape.size, !shape.size -> !shape.size
  return %s, %m, %e : !shape.shape, !shape.size, index
}

// -----

// Dynamic extents stay; known ones fold through split_at, concat,
// broadcast and num_elements. An extent tensor of unknown length cannot
// hold a constant.
// CHECK-LABEL: func.func @partial
// CHECK-DAG:     shape.const_size 6
// CHECK-DAG:     shape.const_shape [2, 3, 4] : !shape.shape
// CHECK:         shape.broadcast
// CHECK-SAME:    -> tensor<?xindex>
// CHECK-DAG:     shape.const_shape [5, 2, 3] : !shape.shape
// CHECK-DAG:     shape.const_size 3
// FACTS-LABEL: func.func @partial
// FACTS:         // shape facts: {5}, {?}
// FACTS-NEXT:    "shape.split_at"
// FACTS-NEXT:    // shape facts: {?,2,3}
// FACTS-NEXT:    shape.concat %tail
// FACTS-NEXT:    // shape facts: {5,2,3}
// FACTS-NEXT:    shape.concat %head
// FACTS-NEXT:    // shape facts: 3
func.func @partial(%a: tensor<2x3xf32>, %b: tensor<4xf32>, %c: tensor<5x?xf32>) -> (!shape.size, !shape.shape, tensor<?xindex>, !shape.shape, !shape.shape, !shape.size) {
  %sa = shape.shape_of %a : tensor<2x3xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<4xf32> -> !shape.shape
  %n = shape.num_elements %sa : !shape.shape -> !shape.size
  %cat = shape.concat %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
  %ta = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  %tc = shape.shape_of %c : tensor<5x?xf32> -> tensor<?xindex>
  %bc = shape.broadcast %ta, %ta : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %sc = shape.shape_of %c : tensor<5x?xf32> -> !shape.shape
  %c1 = shape.const_size 1
  %head, %tail = "shape.split_at"(%sc, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %x = shape.concat %tail, %sa : !shape.shape, !shape.shape -> !shape.shape
  %y = shape.concat %head, %sa : !shape.shape, !shape.shape -> !shape.shape
  %r = shape.rank %x : !shape.shape -> !shape.size
  return %n, %cat, %bc, %x, %y, %r : !shape.size, !shape.shape, tensor<?xindex>, !shape.shape, !shape.shape, !shape.size
}

// -----

// Unknown shapes (value shapes, unranked tensors) give no facts.
// CHECK-LABEL: func.func @unknown
// CHECK-NEXT:    shape.shape_of %arg0
// CHECK-NEXT:    shape.rank
// FACTS-LABEL: func.func @unknown
// FACTS-NEXT:    shape.shape_of
func.func @unknown(%a: tensor<*xf32>) -> !shape.size {
  %s = shape.shape_of %a : tensor<*xf32> -> !shape.shape
  %r = shape.rank %s : !shape.shape -> !shape.size
  return %r : !shape.size
}

// -----

// A known rank of a shape that may be an error is not a constant: when the
// broadcast fails, its rank is that error (so are the products of it).
// CHECK-LABEL: func.func @rank_of_a_failing_broadcast
// CHECK:         %[[B:.*]] = shape.broadcast
// CHECK:         shape.rank %[[B]]
// CHECK:         shape.mul
func.func @rank_of_a_failing_broadcast(%a0: tensor<2x?x?xf32>, %a1: tensor<?xf32>) -> !shape.size {
  %s1 = shape.shape_of %a1 : tensor<?xf32> -> !shape.shape
  %s0 = shape.shape_of %a0 : tensor<2x?x?xf32> -> !shape.shape
  %c = shape.concat %s1, %s0 : !shape.shape, !shape.shape -> !shape.shape
  %c2 = arith.constant 2 : index
  %head, %tail = "shape.split_at"(%c, %c2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %seven = shape.const_size 7
  %b = shape.broadcast %tail, %head : !shape.shape, !shape.shape -> !shape.shape
  %r = shape.rank %b : !shape.shape -> !shape.size
  %p = shape.mul %seven, %r : !shape.size, !shape.size -> !shape.size
  return %p : !shape.size
}
