// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --reify-bounds | FileCheck %s
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --reify-bounds='type=ub' | FileCheck %s --check-prefix=UB
//
// `reify-bounds`: each `test.reify_bound` becomes the bound it asks for in
// terms of the function's arguments, `test.reify_constant_bound` a
// constant; the examples of MLIR's ValueBoundsOpInterface documentation. Upper bounds are inclusive.
// (The runner adds --verify-semantics.)

// tensor.pad: the result dimension is the source's plus both paddings.
// CHECK-LABEL: func @pad
// CHECK:         %[[S:.*]] = arith.addi %arg1, %arg2 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?xf32>
// CHECK-NEXT:    %[[B:.*]] = arith.addi %[[S]], %[[D]] : index
// CHECK-NEXT:    return %[[B]] : index
// Without a `type` the option decides; the upper bound is the equality.
// UB-LABEL: func @pad
// UB:         arith.addi %arg1, %arg2 : index
// UB:         tensor.dim %arg0
func.func @pad(%t: tensor<?xf32>, %l: index, %h: index) -> index {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%l] high[%h] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32> to tensor<?xf32>
  %b = "test.reify_bound"(%p) {dim = 0} : (tensor<?xf32>) -> index
  return %b : index
}

// -----

// scf.for: lower ≤ iv ≤ upper - 1.
// CHECK-LABEL: func @for_induction_variable
// CHECK:         scf.for %[[IV:.*]] = %arg0 to %arg1
// CHECK-NEXT:      %[[C:.*]] = arith.constant -1 : index
// CHECK-NEXT:      %[[HIGH:.*]] = arith.addi %arg1, %[[C]] : index
// CHECK-NEXT:      %{{.*}} = arith.addi %arg0, %[[HIGH]] : index
func.func @for_induction_variable(%lb: index, %ub: index) -> index {
  %c1 = arith.constant 1 : index
  %r = scf.for %iv = %lb to %ub step %c1 iter_args(%acc = %c1) -> (index) {
    %low = "test.reify_bound"(%iv) {type = "LB"} : (index) -> index
    %high = "test.reify_bound"(%iv) {type = "UB"} : (index) -> index
    %sum = arith.addi %low, %high : index
    scf.yield %sum : index
  }
  return %r : index
}

// -----

// Padding a dynamic size to its static upper bound: a slice of size
// min(%n, 16) has at most 16 elements.
// CHECK-LABEL: func @slice_of_bounded_size
// CHECK:         tensor.extract_slice
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    return %[[C16]] : index
func.func @slice_of_bounded_size(%t: tensor<?xf32>, %n: index) -> index {
  %c16 = arith.constant 16 : index
  %s = arith.minsi %n, %c16 : index
  %x = tensor.extract_slice %t[0] [%s] [1] : tensor<?xf32> to tensor<?xf32>
  %b = "test.reify_constant_bound"(%x) {dim = 0, type = "UB"} : (tensor<?xf32>) -> index
  return %b : index
}

// -----

// Several upper bounds: their minimum; the slice also lies in its source.
// CHECK-LABEL: func @slice_upper_bounds
// CHECK:         tensor.extract_slice
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %arg0, %[[C0]]
// CHECK-NEXT:    %[[M:.*]] = arith.minsi %[[C16]], %[[D]] : index
// CHECK-NEXT:    %[[B:.*]] = arith.minsi %[[M]], %arg1 : index
// CHECK-NEXT:    return %[[B]] : index
// UB-LABEL: func @slice_upper_bounds
// UB:         arith.minsi
func.func @slice_upper_bounds(%t: tensor<?xf32>, %n: index) -> index {
  %c16 = arith.constant 16 : index
  %s = arith.minsi %n, %c16 : index
  %x = tensor.extract_slice %t[0] [%s] [1] : tensor<?xf32> to tensor<?xf32>
  %b = "test.reify_bound"(%x) {dim = 0, type = "UB"} : (tensor<?xf32>) -> index
  return %b : index
}
