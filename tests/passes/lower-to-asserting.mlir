// test: run-lines
// RUN: shape-opt %s --split-input-file --allow-unregistered-dialect --lower-to-asserting | FileCheck %s
//
// `lower-to-asserting`: each constraint becomes a `cf.assert` where it
// stands, `shape.assuming` regions are inlined, witnesses go. (The runner
// adds --verify-semantics: each function must fail on the same inputs and
// return the same values elsewhere; tests/lower_to_asserting.rs checks the
// messages of these functions too.)

// The matmul as lower-to-constrained gives it (the most nested form): one
// assert per constraint, in source order, the regions flattened.
// CHECK-LABEL: func.func @matmul
// CHECK-NOT:     shape.cstr
// CHECK:         %[[SAME:.*]] = arith.cmpi eq
// CHECK-NEXT:    cf.assert %[[SAME]], "ranks must match"
// CHECK-NEXT:    %[[TWO:.*]] = arith.cmpi eq
// CHECK-NEXT:    cf.assert %[[TWO]], "requires rank 2 operands"
// CHECK:         "shape.split_at"
// CHECK:         "shape.split_at"
// CHECK-NEXT:    %[[INNER:.*]] = shape.shape_eq %tail, %head_{{.*}} : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT:    cf.assert %[[INNER]], "inner dimensions required to match"
// CHECK-NEXT:    %[[RES:.*]] = shape.concat
// CHECK-NEXT:    return %[[RES]] : tensor<?xindex>
// CHECK-NOT:     assuming
func.func @matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %ls = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
  %rs = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
  %lr = shape.rank %ls : tensor<?xindex> -> index
  %rr = shape.rank %rs : tensor<?xindex> -> index
  %same = arith.cmpi eq, %lr, %rr : index
  %w1 = shape.cstr_require %same, "ranks must match"
  %0 = shape.assuming %w1 -> (tensor<?xindex>) {
    %two = arith.cmpi eq, %lr, %c2 : index
    %w2 = shape.cstr_require %two, "requires rank 2 operands"
    %1 = shape.assuming %w2 -> (tensor<?xindex>) {
      %l0, %l1 = "shape.split_at"(%ls, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %r0, %r1 = "shape.split_at"(%rs, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %w3 = shape.cstr_eq %l1, %r0 {msg = "inner dimensions required to match"} : tensor<?xindex>, tensor<?xindex>
      %2 = shape.assuming %w3 -> (tensor<?xindex>) {
        %res = shape.concat %l0, %r1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
        shape.assuming_yield %res : tensor<?xindex>
      }
      shape.assuming_yield %2 : tensor<?xindex>
    }
    shape.assuming_yield %1 : tensor<?xindex>
  }
  return %0 : tensor<?xindex>
}

// -----

// Checks of one message next to each other (only ops defined everywhere
// between them, across an inlined region) become one assert of their
// conjunction, at the later one's place; `assuming_all` leaves nothing.
// CHECK-LABEL: func.func @same_message
// CHECK:         %[[GE1:.*]] = arith.cmpi uge
// CHECK-NEXT:    %[[LE3:.*]] = arith.cmpi ule
// CHECK-NEXT:    %[[AND1:.*]] = arith.andi %[[GE1]], %[[LE3]] : i1
// CHECK-NEXT:    %[[R:.*]] = shape.rank
// CHECK-NEXT:    %[[NE:.*]] = arith.cmpi ne, %[[R]]
// CHECK-NEXT:    %[[AND2:.*]] = arith.andi %[[AND1]], %[[NE]] : i1
// CHECK-NEXT:    cf.assert %[[AND2]], "bad rank"
// CHECK-NEXT:    return
// CHECK-NOT:     cf.assert
func.func @same_message(%a: tensor<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %rank = shape.rank %a : tensor<?xindex> -> index
  %ge1 = arith.cmpi uge, %rank, %c1 : index
  %le3 = arith.cmpi ule, %rank, %c3 : index
  %w1 = shape.cstr_require %ge1, "bad rank"
  %w2 = shape.cstr_require %le3, "bad rank"
  %w = shape.assuming_all %w1, %w2
  %0 = shape.assuming %w -> (index) {
    %r = shape.rank %a : tensor<?xindex> -> index
    %ne = arith.cmpi ne, %r, %c0 : index
    %w3 = shape.cstr_require %ne, "bad rank"
    %1 = shape.assuming %w3 -> (index) {
      shape.assuming_yield %r : index
    }
    shape.assuming_yield %1 : index
  }
  return %0 : index
}

// -----

// Different messages stay apart, in source order, even with a check of
// the first message after them; and an op that may be undefined
// (`get_extent`) keeps checks of one message apart.
// CHECK-LABEL: func.func @apart
// CHECK:         cf.assert %{{.*}}, "first"
// CHECK-NEXT:    arith.cmpi
// CHECK-NEXT:    cf.assert %{{.*}}, "second"
// CHECK-NEXT:    arith.cmpi
// CHECK-NEXT:    cf.assert %{{.*}}, "first"
// CHECK-NEXT:    shape.get_extent
// CHECK-NEXT:    arith.cmpi
// CHECK-NEXT:    cf.assert %{{.*}}, "first"
// CHECK-NEXT:    return
func.func @apart(%a: tensor<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rank = shape.rank %a : tensor<?xindex> -> index
  %p1 = arith.cmpi uge, %rank, %c1 : index
  %w1 = shape.cstr_require %p1, "first"
  %p2 = arith.cmpi ule, %rank, %c2 : index
  %w2 = shape.cstr_require %p2, "second"
  %p3 = arith.cmpi ne, %rank, %c2 : index
  %w3 = shape.cstr_require %p3, "first"
  %w = shape.assuming_all %w1, %w2, %w3
  %0 = shape.assuming %w -> (index) {
    %e = shape.get_extent %a, %c0 : tensor<?xindex>, index -> index
    %p4 = arith.cmpi ne, %e, %c0 : index
    %w4 = shape.cstr_require %p4, "first"
    %1 = shape.assuming %w4 -> (index) {
      shape.assuming_yield %e : index
    }
    shape.assuming_yield %1 : index
  }
  return %0 : index
}

// -----

// Shape constraints become their predicates, asserted with the message
// the interpreter reports: `msg`, else `error`, else what they require. A
// constraint whose witness nothing uses is still checked where it stands.
// CHECK-LABEL: func.func @shape_constraints
// CHECK:         %[[EQ:.*]] = shape.shape_eq %arg0, %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT:    cf.assert %[[EQ]], "shapes must be equal"
// CHECK-NEXT:    %[[B:.*]] = shape.is_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT:    cf.assert %[[B]], "operands must be broadcastable"
// CHECK-NEXT:    %[[B2:.*]] = shape.is_broadcastable %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT:    cf.assert %[[B2]], "from the error attribute"
// CHECK-NEXT:    %[[ANY:.*]] = shape.any %arg0, %arg1
// CHECK-NEXT:    return %[[ANY]]
func.func @shape_constraints(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) -> tensor<?xindex> {
  %w1 = shape.cstr_eq %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %unused = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w2 = shape.cstr_broadcastable %b, %c {error = "from the error attribute"} : tensor<?xindex>, tensor<?xindex>
  %w = shape.assuming_all %w1, %w2
  %0 = shape.assuming %w -> (tensor<?xindex>) {
    %s = shape.any %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %s : tensor<?xindex>
  }
  return %0 : tensor<?xindex>
}

// -----

// A region with several results, nested in another that yields a witness
// made inside: results are replaced by the yielded values.
// CHECK-LABEL: func.func @several_results
// CHECK-SAME:    -> (tensor<?xindex>, index, index)
// CHECK:         %[[R:.*]] = shape.rank %arg0
// CHECK:         cf.assert %{{.*}}, "rank 1 at least"
// CHECK-NEXT:    %[[H:.*]], %[[T:.*]] = "shape.split_at"(%arg0, %c1)
// CHECK-NEXT:    %[[N:.*]] = shape.num_elements %[[T]]
// CHECK-NEXT:    %[[EQ:.*]] = shape.shape_eq %[[H]], %arg1
// CHECK-NEXT:    cf.assert %[[EQ]], "heads differ"
// CHECK-NEXT:    return %[[T]], %[[N]], %[[R]] : tensor<?xindex>, index, index
func.func @several_results(%a: tensor<?xindex>, %b: tensor<?xindex>) -> (tensor<?xindex>, index, index) {
  %c1 = arith.constant 1 : index
  %rank = shape.rank %a : tensor<?xindex> -> index
  %ok = arith.cmpi uge, %rank, %c1 : index
  %w = shape.cstr_require %ok, "rank 1 at least"
  %0:3 = shape.assuming %w -> (tensor<?xindex>, index, !shape.witness) {
    %head, %tail = "shape.split_at"(%a, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %n = shape.num_elements %tail : tensor<?xindex> -> index
    %heads = shape.cstr_eq %head, %b {msg = "heads differ"} : tensor<?xindex>, tensor<?xindex>
    shape.assuming_yield %tail, %n, %heads : tensor<?xindex>, index, !shape.witness
  }
  %1:2 = shape.assuming %0#2 -> (tensor<?xindex>, index) {
    shape.assuming_yield %0#0, %0#1 : tensor<?xindex>, index
  }
  return %1#0, %1#1, %rank : tensor<?xindex>, index, index
}

// -----

// `const_witness true` leaves nothing. A false witness (alone or in an
// `assuming_all`) fails where a region assumes it, with the interpreter's
// message; one nothing assumes fails nothing.
// CHECK-LABEL: func.func @const_witnesses
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    cf.assert %[[FALSE]], "the witness is false"
// CHECK-NEXT:    return %arg0
// CHECK-NOT:     witness
// CHECK-LABEL: func.func @const_witness_in_conjunction
// CHECK:         cf.assert %{{.*}}, "needs rank 2"
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    cf.assert %[[FALSE]], "the witness is false"
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @unassumed_false_witness
// CHECK-NEXT:    return %arg0
func.func @const_witnesses(%a: tensor<?xindex>) -> tensor<?xindex> {
  %yes = shape.const_witness true
  %0 = shape.assuming %yes -> (tensor<?xindex>) {
    shape.assuming_yield %a : tensor<?xindex>
  }
  %no = shape.const_witness false
  %1 = shape.assuming %no -> (tensor<?xindex>) {
    shape.assuming_yield %0 : tensor<?xindex>
  }
  return %1 : tensor<?xindex>
}
func.func @const_witness_in_conjunction(%a: tensor<?xindex>) -> index {
  %c2 = arith.constant 2 : index
  %no = shape.const_witness false
  %rank = shape.rank %a : tensor<?xindex> -> index
  %two = arith.cmpi eq, %rank, %c2 : index
  %w = shape.cstr_require %two, "needs rank 2"
  %all = shape.assuming_all %w, %no
  %0 = shape.assuming %all -> (index) {
    shape.assuming_yield %rank : index
  }
  return %0 : index
}
func.func @unassumed_false_witness(%a: tensor<?xindex>) -> tensor<?xindex> {
  %no = shape.const_witness false
  %all = shape.assuming_all %no, %no
  return %a : tensor<?xindex>
}

// -----

// Constraints inside other regions (`scf.if`, a library `shape.func`) are
// lowered in place.
// CHECK-LABEL: func.func @in_scf_if
// CHECK:         scf.if
// CHECK-NEXT:      %[[EQ:.*]] = shape.shape_eq %arg0, %arg1
// CHECK-NEXT:      cf.assert %[[EQ]], "equal when asked"
// CHECK-NEXT:      scf.yield %arg0
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1
// CHECK-LABEL: shape.function_library @lib
// CHECK:         func @f
// CHECK-NEXT:      %[[B:.*]] = is_broadcastable %arg0, %arg1
// CHECK-NEXT:      cf.assert %[[B]], "library check"
// CHECK-NEXT:      %[[R:.*]] = broadcast %arg0, %arg1
// CHECK-NEXT:      return %[[R]]
func.func @in_scf_if(%a: tensor<?xindex>, %b: tensor<?xindex>, %check: i1) -> tensor<?xindex> {
  %0 = scf.if %check -> (tensor<?xindex>) {
    %w = shape.cstr_eq %a, %b {msg = "equal when asked"} : tensor<?xindex>, tensor<?xindex>
    %1 = shape.assuming %w -> (tensor<?xindex>) {
      shape.assuming_yield %a : tensor<?xindex>
    }
    scf.yield %1 : tensor<?xindex>
  } else {
    scf.yield %b : tensor<?xindex>
  }
  return %0 : tensor<?xindex>
}
shape.function_library @lib {
  func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
    %w = cstr_broadcastable %a, %b {msg = "library check"} : tensor<?xindex>, tensor<?xindex>
    %0 = assuming %w -> (tensor<?xindex>) {
      %r = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      shape.assuming_yield %r : tensor<?xindex>
    }
    return %0 : tensor<?xindex>
  }
} mapping {foo.f = @f}

// -----

// Witnesses of the host (a function argument, a host op's result) stay the
// host's: the region relying on them asserts each through a bridge to
// `i1`; a host op given a witness a constraint made gets one that holds.
// CHECK-LABEL: func.func @host_witnesses
// CHECK-SAME:    (%[[W:.*]]: !shape.witness, %[[A:.*]]: tensor<?xindex>, %[[B:.*]]: tensor<?xindex>)
// CHECK:         %[[H:.*]] = "mhlo.cstr_reshapable"(%[[A]], %[[B]]) : (tensor<?xindex>, tensor<?xindex>) -> !shape.witness
// CHECK:         cf.assert %{{.*}}, "operands must be broadcastable"
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[OURS:.*]] = builtin.unrealized_conversion_cast %[[TRUE]] : i1 to !shape.witness
// CHECK-NEXT:    "mhlo.consume"(%[[OURS]]) : (!shape.witness) -> ()
// CHECK-NEXT:    %[[HW:.*]] = builtin.unrealized_conversion_cast %[[W]] : !shape.witness to i1
// CHECK-NEXT:    cf.assert %[[HW]], "a witness of the host does not hold"
// CHECK-NEXT:    %[[HH:.*]] = builtin.unrealized_conversion_cast %[[H]] : !shape.witness to i1
// CHECK-NEXT:    cf.assert %[[HH]], "a witness of the host does not hold"
// CHECK-NEXT:    shape.broadcast %[[A]], %[[B]]
// CHECK-NOT:     shape.assuming
func.func @host_witnesses(%w: !shape.witness, %a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %h = "mhlo.cstr_reshapable"(%a, %b) : (tensor<?xindex>, tensor<?xindex>) -> !shape.witness
  %ours = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  "mhlo.consume"(%ours) : (!shape.witness) -> ()
  %all = shape.assuming_all %w, %h, %ours
  %r = shape.assuming %all -> (tensor<?xindex>) {
    %c = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %c : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// A witness a constraint made, yielded out of a region and cast to `i1`
// (a bridge is the host's, like a host op): the constraint was asserted
// where it stands, so the cast gets a witness that holds.
// CHECK-LABEL: func.func @yielded_then_cast
// CHECK:         cf.assert %{{.*}}, "shapes must be equal"
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[W:.*]] = builtin.unrealized_conversion_cast %[[TRUE]] : i1 to !shape.witness
// CHECK-NEXT:    %[[FLAG:.*]] = builtin.unrealized_conversion_cast %[[W]] : !shape.witness to i1
// CHECK-NEXT:    return %[[FLAG]] : i1
func.func @yielded_then_cast(%a: tensor<?xindex>, %b: tensor<?xindex>) -> i1 {
  %yes = shape.const_witness true
  %0:2 = shape.assuming %yes -> (!shape.witness, tensor<?xindex>) {
    %eq = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
    shape.assuming_yield %eq, %a : !shape.witness, tensor<?xindex>
  }
  %flag = builtin.unrealized_conversion_cast %0#0 : !shape.witness to i1
  return %flag : i1
}

// -----

// Checks of one message merge only across ops defined on every input: a
// call that may log stands between these two, so each check stays where it
// is, before the call it guards and after the one before it.
// CHECK-LABEL: func.func @log_between
// CHECK:         cf.assert %{{.*}}, "operands must be broadcastable"
// CHECK-NEXT:    call @log(%c42_i64)
// CHECK:         cf.assert %{{.*}}, "operands must be broadcastable"
// CHECK-NEXT:    call @log(%c7_i64)
func.func private @log(i64)
func.func @log_between(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
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
