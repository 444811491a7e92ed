// RUN: shape-opt %s --split-input-file --canonicalize-constraints | FileCheck %s
// RUN: shape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize-constraints))' | FileCheck %s
//
// `canonicalize-constraints`: constraints implied by the ones before them
// become `shape.const_witness true`; the rest stay. (The runner adds
// --verify-semantics.)

// Once the ranks are known to be 2, the split-index checks hold.
// CHECK-LABEL: func.func @split_checks
// CHECK:         shape.cstr_require %{{.*}}, "requires rank 2 operands"
// CHECK-NOT:     "split index out of range"
// CHECK:         shape.const_witness true
// CHECK:         shape.assuming_all
func.func @split_checks(%a: tensor<*xf32>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %r = shape.rank %s : tensor<?xindex> -> index
  %is2 = arith.cmpi eq, %r, %c2 : index
  %w1 = shape.cstr_require %is2, "requires rank 2 operands"
  %neg = arith.subi %c0, %r : index
  %lo = arith.cmpi sge, %c1, %neg : index
  %hi = arith.cmpi sle, %c1, %r : index
  %ok = arith.andi %lo, %hi : i1
  %w2 = shape.cstr_require %ok, "split index out of range"
  %w = shape.assuming_all %w1, %w2
  %res = shape.assuming %w -> (tensor<?xindex>) {
    %h, %t = "shape.split_at"(%s, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    shape.assuming_yield %t : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}

// -----

// Equal shapes are broadcastable; a broadcastable set's subset is too; an
// unknown check stays.
// CHECK-LABEL: func.func @implied
// CHECK:         shape.cstr_eq %arg0, %arg1
// CHECK-NEXT:    shape.const_witness true
// CHECK-NEXT:    shape.cstr_broadcastable %arg0, %arg2, %arg3
// CHECK-NEXT:    shape.const_witness true
func.func @implied(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> (!shape.witness, !shape.witness, !shape.witness, !shape.witness) {
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %w2 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w3 = shape.cstr_broadcastable %a, %c, %d : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %w4 = shape.cstr_broadcastable %d, %b : tensor<?xindex>, tensor<?xindex>
  return %w1, %w2, %w3, %w4 : !shape.witness, !shape.witness, !shape.witness, !shape.witness
}

// -----

// A later broadcastable check on a superset of an earlier one's shapes
// widens the earlier check (all its shapes are defined before it) and
// goes; so a chain keeps one check.
// CHECK-LABEL: func.func @widened
// CHECK:         %[[W:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2
// CHECK-NEXT:    shape.assuming %[[W]]
// CHECK:         shape.const_witness true
// CHECK-NOT:     cstr_
func.func @widened(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) -> tensor<?xindex> {
  %w1 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w1 -> (tensor<?xindex>) {
    %x = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  %w2 = shape.cstr_broadcastable %ab, %c : tensor<?xindex>, tensor<?xindex>
  %abc = shape.assuming %w2 -> (tensor<?xindex>) {
    %y = shape.broadcast %ab, %c : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %y : tensor<?xindex>
  }
  return %abc : tensor<?xindex>
}

// -----

// No widening when a shape is defined only after the earlier check, or
// when the messages differ.
// CHECK-LABEL: func.func @not_widened
// CHECK:         shape.cstr_broadcastable %arg0, %arg1
// CHECK:         shape.cstr_broadcastable %{{.*}}, %arg2 {msg = "other"}
// CHECK:         shape.cstr_broadcastable %{{.*}}, %[[LATE:.*]] :
func.func @not_widened(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %t: tensor<?x?xf32>) -> tensor<?xindex> {
  %w1 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w1 -> (tensor<?xindex>) {
    %x = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  %w2 = shape.cstr_broadcastable %ab, %c {msg = "other"} : tensor<?xindex>, tensor<?xindex>
  %late = shape.shape_of %t : tensor<?x?xf32> -> tensor<?xindex>
  %w3 = shape.cstr_broadcastable %ab, %late : tensor<?xindex>, tensor<?xindex>
  %w = shape.assuming_all %w2, %w3
  %r = shape.assuming %w -> (tensor<?xindex>) {
    shape.assuming_yield %ab : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// Facts come only from checks that run whenever the function does: not
// from another branch of a multi-block body.
// CHECK-LABEL: func.func @branches
// CHECK:       ^bb1:
// CHECK-NEXT:    shape.cstr_eq %arg0, %arg1
// CHECK:       ^bb2:
// CHECK-NEXT:    shape.cstr_eq %arg0, %arg1
func.func @branches(%a: tensor<?xindex>, %b: tensor<?xindex>, %p: i1) -> !shape.witness {
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  return %w1 : !shape.witness
^bb2:
  %w2 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  return %w2 : !shape.witness
}

// -----

// Bounds: extents of tensors and ranks are non-negative, and a kept
// `cstr_require` narrows its operands (after `1 <= %d`, `%d` is in 1..?;
// after `%r >= 2`, index 1 is below the rank).
// CHECK-LABEL: func.func @bounds
// CHECK-NOT:     "extents are non-negative"
// CHECK:         shape.cstr_require %{{.*}}, "a non-empty operand"
// CHECK-NOT:     "index 0 in range"
// CHECK:         shape.cstr_require %{{.*}}, "rank 2 or more"
// CHECK-NOT:     "index 1 below the rank"
// CHECK:         return
func.func @bounds(%a: tensor<?x3xf32>, %b: tensor<*xf32>) -> (!shape.witness, !shape.witness, !shape.witness, !shape.witness, !shape.witness) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = shape.shape_of %a : tensor<?x3xf32> -> tensor<?xindex>
  %d = shape.get_extent %s, %c0 : tensor<?xindex>, index -> index
  %nonneg = arith.cmpi sge, %d, %c0 : index
  %w1 = shape.cstr_require %nonneg, "extents are non-negative"
  %nonempty = arith.cmpi sle, %c1, %d : index
  %w2 = shape.cstr_require %nonempty, "a non-empty operand"
  %in_range = arith.cmpi ult, %c0, %d : index
  %w3 = shape.cstr_require %in_range, "index 0 in range"
  %t = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %r = shape.rank %t : tensor<?xindex> -> index
  %ranked = arith.cmpi sge, %r, %c2 : index
  %w4 = shape.cstr_require %ranked, "rank 2 or more"
  %below = arith.cmpi slt, %c1, %r : index
  %w5 = shape.cstr_require %below, "index 1 below the rank"
  return %w1, %w2, %w3, %w4, %w5 : !shape.witness, !shape.witness, !shape.witness, !shape.witness, !shape.witness
}

// -----

// Divisibility: the element count of a `?x4` tensor is a multiple of 4
// (even where the product wraps), so it is not 6.
// CHECK-LABEL: func.func @divisibility
// CHECK-NOT:     shape.cstr_require
// CHECK:         shape.const_witness true
func.func @divisibility(%a: tensor<?x4xf32>) -> !shape.witness {
  %c6 = arith.constant 6 : index
  %s = shape.shape_of %a : tensor<?x4xf32> -> tensor<?xindex>
  %n = shape.num_elements %s : tensor<?xindex> -> index
  %not6 = arith.cmpi ne, %n, %c6 : index
  %w = shape.cstr_require %not6, "not 6 elements"
  return %w : !shape.witness
}
