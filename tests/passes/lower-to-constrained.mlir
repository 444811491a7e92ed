// test: run-lines
// RUN: shape-opt %s --split-input-file --allow-unregistered-dialect --lower-to-constrained | FileCheck %s
//
// `lower-to-constrained`: error-monadic shape functions to the most nested
// constrained form. (The runner adds --verify-semantics: each function must
// fail on the same inputs, and return the same shapes elsewhere.)

// The matmul of the lowering walk-through: its two meets and two split_at
// become constraints, each guarding all the code after it.
// CHECK-LABEL: shape.function_library @shplib
// CHECK:       func @matmul(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>) -> tensor<?xindex>
// CHECK:         cstr_require %{{.*}}, "operands of shape.meet must be equal"
// CHECK-NEXT:    assuming
// CHECK:           shape.cstr_require %{{.*}}, "requires rank 2 operands"
// CHECK-NEXT:      shape.assuming
// CHECK:             shape.cstr_require %{{.*}}, "split index out of range"
// CHECK:               "shape.split_at"(%0, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
// CHECK:               shape.cstr_require %{{.*}}, "split index out of range"
// CHECK:                 "shape.split_at"(%1, %c1)
// CHECK-NEXT:            shape.cstr_eq %tail, %head_{{.*}} {msg = "inner dimensions required to match"}
// CHECK-NEXT:            shape.assuming
// CHECK-NEXT:              shape.concat %head, %tail_{{.*}} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
// CHECK-NEXT:              shape.assuming_yield
// CHECK:         return %{{.*}} : tensor<?xindex>
shape.function_library @shplib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %c2 = const_size 2
    %lhs_shape = shape_of %lhs : !shape.value_shape -> !shape.shape
    %rhs_shape = shape_of %rhs : !shape.value_shape -> !shape.shape
    %lhs_rank = rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = rank %rhs_shape : !shape.shape -> !shape.size
    %r = meet %lhs_rank, %rhs_rank : !shape.size, !shape.size -> !shape.size
    %rank = meet %c2, %r, error = "requires rank 2 operands" : !shape.size, !shape.size -> !shape.size
    %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %c = meet %l1, %r0, error = "inner dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %res = concat %l0, %r1 : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {foo.matmul = @matmul}

// -----

// Broadcast of shapes: cstr_broadcastable with the op's message; an
// error-producing op whose error reaches nothing gets no constraint (and is
// removed); the met size is the constant operand.
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME:    (%arg0: tensor<?x?xf32>, %arg1: tensor<?xindex>, %arg2: index) -> (tensor<?xindex>, index)
// CHECK:         %[[W:.*]] = shape.cstr_broadcastable %{{.*}}, %arg1 {msg = "incompatible operands"}
// CHECK-NEXT:    shape.assuming %[[W]] -> (tensor<?xindex>, index)
// CHECK:           shape.broadcast
// CHECK:           arith.cmpi eq, %arg2, %[[C3:.*]] : index
// CHECK-NEXT:      shape.cstr_require %{{.*}}, "operands of shape.meet must be equal"
// CHECK-NEXT:      shape.assuming
// CHECK-NEXT:        shape.assuming_yield %{{.*}}, %[[C3]] : tensor<?xindex>, index
// CHECK-NOT:     get_extent
func.func @broadcast(%a: tensor<?x?xf32>, %s: !shape.shape, %n: !shape.size) -> (!shape.shape, !shape.size) {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %b = shape.broadcast %sa, %s {error = "incompatible operands"} : !shape.shape, !shape.shape -> !shape.shape
  %c7 = shape.const_size 7
  %unused = shape.get_extent %b, %c7 : !shape.shape, !shape.size -> !shape.size
  %c3 = shape.const_size 3
  %m = shape.meet %n, %c3 : !shape.size, !shape.size -> !shape.size
  return %b, %m : !shape.shape, !shape.size
}

// -----

// Sizes and extents: get_extent needs its index below the rank, div a
// non-zero divisor; from_extents of extents that are sizes by construction
// needs nothing, of a size from an argument a check that it is not
// negative.
// CHECK-LABEL: func.func @sizes
// CHECK:         arith.cmpi ult
// CHECK-NEXT:    shape.cstr_require %{{.*}}, "dimension index out of range"
// CHECK:           shape.get_extent
// CHECK:           arith.cmpi ne
// CHECK-NEXT:      shape.cstr_require %{{.*}}, "division by zero"
// CHECK:             arith.floordivsi
// CHECK-NOT:         "extents must be non-negative"
// CHECK:             tensor.from_elements
// CHECK:             shape.cstr_require %{{.*}}, "extents must be non-negative"
// CHECK:               tensor.from_elements
func.func @sizes(%a: tensor<*xf32>, %i: !shape.size, %d: !shape.size) -> (!shape.shape, !shape.shape) {
  %s = shape.shape_of %a : tensor<*xf32> -> !shape.shape
  %e = shape.get_extent %s, %i : !shape.shape, !shape.size -> !shape.size
  %q = shape.div %e, %d : !shape.size, !shape.size -> !shape.size
  %r = shape.rank %s : !shape.shape -> !shape.size
  %n = shape.num_elements %s : !shape.shape -> !shape.size
  %t = shape.mul %e, %n : !shape.size, !shape.size -> !shape.size
  %known = shape.from_extents %t, %r : !shape.size, !shape.size
  %signed = shape.from_extents %q : !shape.size
  return %known, %signed : !shape.shape, !shape.shape
}

// -----

// Constraints the input states on `!shape.shape` values (how producers
// write shape regions) stay where they stand, on the lowered operands; an
// error value reaching one is checked by the guard of the op that made it
// (here the split), before the constraint.
// CHECK-LABEL: func.func @stated_constraints
// CHECK-SAME:    (%[[A:.*]]: tensor<?xindex>, %[[B:.*]]: tensor<?xindex>, %[[I:.*]]: index) -> tensor<?xindex>
// CHECK:         shape.cstr_require %{{.*}}, "split index out of range"
// CHECK-NEXT:    %[[R:.*]] = shape.assuming
// CHECK:           %[[H:.*]], %[[T:.*]] = "shape.split_at"(%[[A]], %[[I]])
// CHECK-NEXT:      %[[W:.*]] = shape.cstr_broadcastable %[[T]], %[[B]] : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT:      %[[S:.*]] = shape.assuming %[[W]] -> (tensor<?xindex>) {
// CHECK:             shape.concat %[[H]]
// CHECK:           shape.assuming_yield %[[S]] : tensor<?xindex>
// CHECK:         return %[[R]] : tensor<?xindex>
func.func @stated_constraints(%a: !shape.shape, %b: !shape.shape, %i: !shape.size) -> !shape.shape {
  %h, %t = "shape.split_at"(%a, %i) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %w = shape.cstr_broadcastable %t, %b : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %c = shape.broadcast %t, %b : !shape.shape, !shape.shape -> !shape.shape
    %d = shape.concat %h, %c : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %d : !shape.shape
  }
  return %r : !shape.shape
}

// -----

// Shape values through `scf` regions: results and block arguments take
// stage-2 types, and a check needed inside a region guards the rest of
// that region only (its terminator yields through the guard).
// CHECK-LABEL: func.func @regions
// CHECK:         %[[IF:.*]] = scf.if %{{.*}} -> (tensor<?xindex>) {
// CHECK-NEXT:      %[[W:.*]] = shape.cstr_broadcastable
// CHECK-NEXT:      %[[G:.*]] = shape.assuming %[[W]] -> (tensor<?xindex>) {
// CHECK-NEXT:        shape.broadcast
// CHECK-NEXT:        shape.assuming_yield
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[G]] : tensor<?xindex>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %{{.*}} : tensor<?xindex>
// CHECK-NEXT:    }
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[IF]]) -> (tensor<?xindex>) {
// CHECK:           shape.concat %[[ACC]]
// CHECK:         scf.execute_region -> tensor<?xindex> {
// CHECK:           shape.cstr_eq
func.func @regions(%a: !shape.shape, %b: !shape.shape, %p: i1, %n: index) -> !shape.shape {
  %r = scf.if %p -> !shape.shape {
    %c = shape.broadcast %a, %b : !shape.shape, !shape.shape -> !shape.shape
    scf.yield %c : !shape.shape
  } else {
    scf.yield %a : !shape.shape
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> !shape.shape {
    %one = shape.const_shape [1] : !shape.shape
    %next = shape.concat %acc, %one : !shape.shape, !shape.shape -> !shape.shape
    scf.yield %next : !shape.shape
  }
  %e = scf.execute_region -> !shape.shape {
    %m = shape.meet %l, %b, error = "loop result differs" : !shape.shape, !shape.shape -> !shape.shape
    scf.yield %m : !shape.shape
  }
  return %e : !shape.shape
}

// -----

// Host ops (of dialects shape-opt does not model) keep their types: a
// lowered shape reaches one through a bridge cast back to `!shape.shape`,
// and a shape it makes is bridged to an extent tensor for the ops after
// it. The error a host op could be given is checked before it.
// CHECK-LABEL: func.func @host_ops
// CHECK:         shape.cstr_broadcastable
// CHECK-NEXT:    shape.assuming
// CHECK:           %[[B:.*]] = shape.broadcast
// CHECK-NEXT:      %[[TO:.*]] = builtin.unrealized_conversion_cast %[[B]] : tensor<?xindex> to !shape.shape
// CHECK-NEXT:      %[[R:.*]] = "onnx.Reshape"(%{{.*}}, %[[TO]]) : (tensor<?x?xf32>, !shape.shape) -> tensor<?xf32>
// CHECK-NEXT:      %[[S:.*]] = "hip.shape_of"(%[[R]]) : (tensor<?xf32>) -> !shape.shape
// CHECK-NEXT:      %[[FROM:.*]] = builtin.unrealized_conversion_cast %[[S]] : !shape.shape to tensor<?xindex>
// CHECK-NEXT:      shape.rank %[[FROM]] : tensor<?xindex> -> index
func.func @host_ops(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> (tensor<?xf32>, !shape.size) {
  %sx = shape.shape_of %x : tensor<?x?xf32> -> !shape.shape
  %sy = shape.shape_of %y : tensor<?x?xf32> -> !shape.shape
  %b = shape.broadcast %sx, %sy : !shape.shape, !shape.shape -> !shape.shape
  %r = "onnx.Reshape"(%x, %b) : (tensor<?x?xf32>, !shape.shape) -> tensor<?xf32>
  %s = "hip.shape_of"(%r) : (tensor<?xf32>) -> !shape.shape
  %k = shape.rank %s : !shape.shape -> !shape.size
  return %r, %k : tensor<?xf32>, !shape.size
}

// -----

// A select between shapes whose errors are checked anyway (the split's
// other half is required equal) is a select of extent tensors.
// CHECK-LABEL: func.func @select_of_checked
// CHECK:         shape.cstr_require %{{.*}}, "split index out of range"
// CHECK:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?xindex>
func.func @select_of_checked(%a: !shape.shape, %b: !shape.shape, %p: i1) -> !shape.shape {
  %c1 = shape.const_size 1
  %h, %t = "shape.split_at"(%a, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %w = shape.cstr_eq %t, %b : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %s = arith.select %p, %h, %b : !shape.shape
    shape.assuming_yield %s : !shape.shape
  }
  return %r : !shape.shape
}

// -----

// `scf.while` carrying a shape: both regions' arguments and the condition's
// values are retyped; the check a loop body needs stays in the body.
// CHECK-LABEL: func.func @while_loop
// CHECK:         scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<?xindex>, index) -> (tensor<?xindex>, index) {
// CHECK:           scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : tensor<?xindex>, index
// CHECK:         } do {
// CHECK:           shape.cstr_broadcastable
// CHECK:           shape.assuming
// CHECK:             shape.broadcast
// CHECK:           scf.yield
func.func @while_loop(%a: !shape.shape, %n: index) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%s = %a, %i = %c0) : (!shape.shape, index) -> (!shape.shape, index) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %s, %i : !shape.shape, index
  } do {
  ^bb0(%s: !shape.shape, %i: index):
    %two = shape.const_shape [2] : !shape.shape
    %b = shape.broadcast %s, %two : !shape.shape, !shape.shape -> !shape.shape
    %j = arith.addi %i, %c1 : index
    scf.yield %b, %j : !shape.shape, index
  }
  return %r#0 : !shape.shape
}

// -----

// Stage 1 fails when the broadcast's error reaches the result, after the
// call has logged; the check of the broadcast stands after the call (the
// call moves up past the shape ops, which run the same either way).
// CHECK-LABEL: func.func @check_after_effect
// CHECK:         call @log
// CHECK-NEXT:    shape.shape_of
// CHECK:         shape.cstr_broadcastable
func.func private @log(i64)
func.func @check_after_effect(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.shape {
  %c42 = arith.constant 42 : i64
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %c = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
  func.call @log(%c42) : (i64) -> ()
  return %c : !shape.shape
}
