// test: run-lines
// RUN: shape-opt %s --split-input-file --shape-to-shape-lowering | FileCheck %s
//
// `shape-to-shape-lowering` (upstream's pass of that name): shape ops
// with a simpler equivalent in the shape dialect are rewritten into it;
// `shape.num_elements` becomes a `shape.reduce` that multiplies the
// extents.

// CHECK-LABEL: func.func @num_elements
// CHECK-NOT:     shape.num_elements
// CHECK:         shape.reduce
// CHECK:           shape.mul
func.func @num_elements(%s: !shape.shape) -> !shape.size {
  %n = shape.num_elements %s : !shape.shape -> !shape.size
  return %n : !shape.size
}
