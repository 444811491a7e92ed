// test: run-lines
// RUN: shape-opt %s --split-input-file --pure-ops=@pure_helper --canonicalize-constraints | FileCheck %s
// RUN: shape-opt %s --split-input-file --pure-ops=@pure_helper --pass-pipeline='builtin.module(func.func(canonicalize-constraints))' | FileCheck %s
//
// `canonicalize-constraints`: constraints implied by the ones before them
// become `shape.const_witness true`; the rest stay. (The runner adds
// --verify-semantics.) `@pure_helper` is declared pure; functions are
// checked out on their own in the second run, so no case relies on a
// callee's body.

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

// A result of `shape.assuming` is the value its region yields, whether
// defined outside the region (`%r#0` is `%a`) or inside it (`%r#1` is the
// shape of a `2x3` tensor, of rank 2).
// CHECK-LABEL: func.func @assuming_results
// CHECK:         shape.assuming
// CHECK:         shape.const_witness true
// CHECK-NOT:     shape.cstr_
// CHECK:         shape.const_witness true
// CHECK-NEXT:    return
func.func @assuming_results(%a: tensor<?xindex>, %b: tensor<?xindex>, %t: tensor<2x3xf32>) -> (!shape.witness, !shape.witness) {
  %c2 = arith.constant 2 : index
  %w = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r:2 = shape.assuming %w -> (tensor<?xindex>, tensor<?xindex>) {
    %s = shape.shape_of %t : tensor<2x3xf32> -> tensor<?xindex>
    shape.assuming_yield %a, %s : tensor<?xindex>, tensor<?xindex>
  }
  %w1 = shape.cstr_eq %r#0, %a : tensor<?xindex>, tensor<?xindex>
  %rank = shape.rank %r#1 : tensor<?xindex> -> index
  %is2 = arith.cmpi eq, %rank, %c2 : index
  %w2 = shape.cstr_require %is2, "rank 2"
  return %w1, %w2 : !shape.witness, !shape.witness
}

// -----

// Broadcast checks fuse: once `a, b` and `c, d` broadcast, their broadcasts
// do exactly when all four do, so the first check, widened to the four
// shapes, makes the other two redundant (the checks combined by
// `shape.assuming_all`).
// CHECK-LABEL: func.func @fused
// CHECK:         %[[W:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2, %arg3 :
// CHECK-NEXT:    %[[T1:.*]] = shape.const_witness true
// CHECK-NOT:     shape.cstr_
// CHECK:         %[[T2:.*]] = shape.const_witness true
// CHECK-NEXT:    shape.assuming_all %[[W]], %[[T1]], %[[T2]]
func.func @fused(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> (!shape.witness, tensor<?xindex>) {
  %w1 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w2 = shape.cstr_broadcastable %c, %d : tensor<?xindex>, tensor<?xindex>
  %ab = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %cd = shape.broadcast %c, %d : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %w3 = shape.cstr_broadcastable %ab, %cd : tensor<?xindex>, tensor<?xindex>
  %w = shape.assuming_all %w1, %w2, %w3
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %x = shape.broadcast %ab, %cd : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  return %w, %r : !shape.witness, tensor<?xindex>
}

// -----

// The same as chlo's legalization writes it: each broadcast computed in
// the region its check guards, and yielded out of it.
// CHECK-LABEL: func.func @fused_through_regions
// CHECK:         %[[W:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2, %arg3 :
// CHECK-NEXT:    shape.assuming %[[W]]
// CHECK-NOT:     shape.cstr_
// CHECK:         shape.const_witness true
// CHECK-NOT:     shape.cstr_
// CHECK:         shape.const_witness true
// CHECK-NOT:     shape.cstr_
func.func @fused_through_regions(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> tensor<?xindex> {
  %w1 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w1 -> (tensor<?xindex>) {
    %x = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  %w2 = shape.cstr_broadcastable %c, %d : tensor<?xindex>, tensor<?xindex>
  %cd = shape.assuming %w2 -> (tensor<?xindex>) {
    %y = shape.broadcast %c, %d : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %y : tensor<?xindex>
  }
  %w3 = shape.cstr_broadcastable %ab, %cd : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w3 -> (tensor<?xindex>) {
    %z = shape.broadcast %ab, %cd : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %z : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// Nested regions, a broadcast of three shapes, and a shape computed inside
// a region (by `shape_of`, defined on every input, which moves out before
// the widened check).
// CHECK-LABEL: func.func @fused_nested
// CHECK:         %[[S:.*]] = shape.shape_of %arg4
// CHECK-NEXT:    %[[W:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2, %arg3, %[[S]] :
// CHECK-NEXT:    shape.assuming %[[W]]
// CHECK-NOT:     shape.cstr_
// CHECK:         return
func.func @fused_nested(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>, %t: tensor<?x?xf32>) -> tensor<?xindex> {
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w1 -> (tensor<?xindex>) {
    %abc = shape.broadcast %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %s = shape.shape_of %t : tensor<?x?xf32> -> tensor<?xindex>
    %w2 = shape.cstr_broadcastable %d, %s : tensor<?xindex>, tensor<?xindex>
    %r2 = shape.assuming %w2 -> (tensor<?xindex>) {
      %ds = shape.broadcast %d, %s : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      %w3 = shape.cstr_broadcastable %abc, %ds : tensor<?xindex>, tensor<?xindex>
      %r3 = shape.assuming %w3 -> (tensor<?xindex>) {
        %all = shape.broadcast %abc, %ds : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
        shape.assuming_yield %all : tensor<?xindex>
      }
      shape.assuming_yield %r3 : tensor<?xindex>
    }
    shape.assuming_yield %r2 : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// A call that may have side effects (`@log` has no body) between the first
// two checks: the check of `c, d` may not move before it, so the first
// check stays as it is and the second absorbs the last.
// CHECK-LABEL: func.func @not_fused_across_effects
// CHECK:         shape.cstr_broadcastable %arg0, %arg1 :
// CHECK:         call @log
// CHECK-NEXT:    shape.cstr_broadcastable %arg0, %arg1, %arg2, %arg3 :
// CHECK-NOT:     shape.cstr_
// CHECK:         shape.const_witness true
// CHECK-NOT:     shape.cstr_
func.func private @log(i64)
func.func @not_fused_across_effects(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> tensor<?xindex> {
  %c42 = arith.constant 42 : i64
  %w1 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w1 -> (tensor<?xindex>) {
    %x = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  func.call @log(%c42) : (i64) -> ()
  %w2 = shape.cstr_broadcastable %c, %d : tensor<?xindex>, tensor<?xindex>
  %cd = shape.assuming %w2 -> (tensor<?xindex>) {
    %y = shape.broadcast %c, %d : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %y : tensor<?xindex>
  }
  %w3 = shape.cstr_broadcastable %ab, %cd : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w3 -> (tensor<?xindex>) {
    %z = shape.broadcast %ab, %cd : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %z : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// No widening when a shape is computed after the earlier check by an op
// not defined on every input (`tensor.dim`, which cannot move before it),
// or when the messages differ.
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
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<?x?xf32>
  %late = tensor.from_elements %d : tensor<1xindex>
  %w3 = shape.cstr_broadcastable %ab, %late : tensor<?xindex>, tensor<1xindex>
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

// -----

// A shape the later check adds, computed after the earlier check by ops
// defined on every input (`shape_of`), moves before it with the widening.
// CHECK-LABEL: func.func @widened_with_its_shape
// CHECK:         %[[S:.*]] = shape.shape_of %arg2
// CHECK-NEXT:    %[[W:.*]] = shape.cstr_broadcastable %arg0, %arg1, %[[S]]
// CHECK-NEXT:    shape.assuming %[[W]]
// CHECK:         shape.const_witness true
func.func @widened_with_its_shape(%a: tensor<?xindex>, %b: tensor<?xindex>, %t: tensor<?x?xf32>) -> tensor<?xindex> {
  %w1 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w1 -> (tensor<?xindex>) {
    %x = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  %s = shape.shape_of %t : tensor<?x?xf32> -> tensor<?xindex>
  %w2 = shape.cstr_broadcastable %ab, %s : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w2 -> (tensor<?xindex>) {
    %y = shape.broadcast %ab, %s : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %y : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// No check moves across a call that may have side effects (`@log` has no
// body): the later check is not merged into the earlier one, which would
// check %c before 42 is logged. A call declared pure does not stop it.
// CHECK-LABEL: func.func @not_across_effects
// CHECK:         shape.cstr_broadcastable %arg0, %arg1 :
// CHECK:         call @log
// CHECK:         shape.cstr_broadcastable %arg0, %arg1, %arg2 :
// CHECK:         call @log
// CHECK-LABEL: func.func @across_declared
// CHECK:         shape.cstr_broadcastable %arg0, %arg1, %arg2 :
// CHECK:         call @pure_helper
// CHECK:         shape.const_witness true
func.func private @log(i64)
func.func private @pure_helper(i64)
func.func @not_across_effects(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
  %c42 = arith.constant 42 : i64
  %c7 = arith.constant 7 : i64
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  shape.assuming %w0 {
    func.call @log(%c42) : (i64) -> ()
    shape.assuming_yield
  }
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  shape.assuming %w1 {
    func.call @log(%c7) : (i64) -> ()
    shape.assuming_yield
  }
  return
}
func.func @across_declared(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
  %c42 = arith.constant 42 : i64
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  shape.assuming %w0 {
    func.call @pure_helper(%c42) : (i64) -> ()
    shape.assuming_yield
  }
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  shape.assuming %w1 {
    shape.assuming_yield
  }
  return
}

// -----

// Equalities chain: a later equality sharing a shape with an earlier kept
// one widens it; then an equality of shapes of that class holds.
// CHECK-LABEL: func.func @equalities
// CHECK:         shape.cstr_eq %arg0, %arg1, %arg2 :
// CHECK-NEXT:    shape.const_witness true
// CHECK-NEXT:    shape.const_witness true
// CHECK-NEXT:    shape.cstr_eq %arg3, %arg4 {msg = "other"}
func.func @equalities(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>, %e: tensor<?xindex>) -> !shape.witness {
  %w0 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_eq %b, %c : tensor<?xindex>, tensor<?xindex>
  %w2 = shape.cstr_eq %c, %a : tensor<?xindex>, tensor<?xindex>
  %w3 = shape.cstr_eq %d, %e {msg = "other"} : tensor<?xindex>, tensor<?xindex>
  %all = shape.assuming_all %w0, %w1, %w2, %w3
  return %all : !shape.witness
}

// -----

// Two equalities a third one joins fuse into the first, as broadcast
// checks do.
// CHECK-LABEL: func.func @equalities_fused
// CHECK:         shape.cstr_eq %arg0, %arg1, %arg2, %arg3 :
// CHECK-NEXT:    shape.const_witness true
// CHECK-NEXT:    shape.const_witness true
func.func @equalities_fused(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> !shape.witness {
  %w0 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_eq %c, %d : tensor<?xindex>, tensor<?xindex>
  %w2 = shape.cstr_eq %b, %c : tensor<?xindex>, tensor<?xindex>
  %all = shape.assuming_all %w0, %w1, %w2
  return %all : !shape.witness
}

// -----

// Under strict symbolic shapes a kept broadcast check found the dynamic
// extents of each dimension equal, so shapes of arguments that broadcast,
// with every extent dynamic, are equal (one class): their equality then
// holds. The broadcast check, widened by a later one, keeps checking its
// own shapes.
// CHECK-LABEL: func.func @strict
// CHECK:         %[[W:.*]] = shape.cstr_broadcastable %0, %2, %1 :
// CHECK-NEXT:    shape.const_witness true
// CHECK-NEXT:    shape.const_witness true
module attributes {shape_opt.strict_symbolic_shapes} {
  func.func @strict(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> !shape.witness {
    %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
    %sc = shape.shape_of %c : tensor<?x?xf32> -> tensor<?xindex>
    %w0 = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
    %w1 = shape.cstr_broadcastable %sa, %sb, %sc : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
    %w2 = shape.cstr_eq %sb, %sa : tensor<?xindex>, tensor<?xindex>
    %all = shape.assuming_all %w0, %w1, %w2
    return %all : !shape.witness
  }
}

// -----

// Without it, a dynamic extent may be the broadcasting 1: equality of
// shapes that broadcast stays a check.
// CHECK-LABEL: func.func @general
// CHECK:         shape.cstr_broadcastable
// CHECK-NEXT:    shape.cstr_eq
func.func @general(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.witness {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_eq %sb, %sa : tensor<?xindex>, tensor<?xindex>
  %all = shape.assuming_all %w0, %w1
  return %all : !shape.witness
}
