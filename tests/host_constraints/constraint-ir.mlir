// test: input
// Constraint IR as host compilers write it: broadcast lowering, constraint
// fusion and merge-assuming pipelines (mlir-hlo style) and shape-constraint
// passes (ByteIR style), with the host's ops in generic form. Run by
// tests/host_constraints.rs: each case below a `// -----` goes through
//
//   shape-opt --allow-unregistered-dialect --pure-ops=<PURE-OPS> --lower-to=constrained
//
// PURE-OPS: mhlo.,chlo.broadcast_add,@shape_helper
//
// so every `mhlo.*` op, `chlo.broadcast_add` and calls to `@shape_helper`
// are declared pure; `foo.*`, `some.*`, `shape_ext.*`, the other `chlo.*`
// ops and calls to functions without a body are not (they may have side
// effects: no check crosses them). Each case states the optimum a reviewer
// would accept, derived by hand: `OPTIMUM: constraints=C regions=R` counts
// the `shape.cstr_*` ops and `shape.assuming` regions left; the test
// requires no more. Host constraint ops (`foo.cstr`, `mhlo.cstr_reshapable`)
// and witness arguments are the host's business: they are kept and never
// counted.

// A single `chlo.broadcast_add` lowered: one check, one region. Nothing to
// improve.
// OPTIMUM: constraints=1 regions=1
func.func @broadcast_add(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s0 = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?x?xf32>) {
    %bs = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%a, %bs) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%b, %bs) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    %z = "mhlo.add"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %z : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// (a + b) * c lowered op by op, the second check on the broadcast shape of
// the first (after shape reification). The ops of the first region are
// pure, so the second check (of a, b, c: a broadcast is defined only where
// its shapes broadcast) moves before it and absorbs the first: one check
// of a, b, c and one region.
// OPTIMUM: constraints=1 regions=1
func.func @add_mul(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%a, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%b, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %s01 = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s01, %s2 : tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s01, %s2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%r0, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%c, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.multiply"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// The same chain with host ops of unknown effects (`foo.*`): the second
// check may not move before them, so both checks and both regions stay
// (the second check may only drop the broadcast for its shapes).
// OPTIMUM: constraints=2 regions=2
func.func @add_mul_opaque(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %z = "foo.broadcast_add"(%a, %b, %bs) : (tensor<?xf32>, tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %s01 = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s01, %s2 : tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s01, %s2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %z = "foo.broadcast_mul"(%r0, %c, %bs) : (tensor<?xf32>, tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// The first region yields the broadcast shape it computed (mlir-hlo moves
// shape computations into the region that makes their operands); the
// second check reads it. It is the broadcast of a and b, so the check is
// one of a, b, c, and the chain fuses as in @add_mul.
// OPTIMUM: constraints=1 regions=1
func.func @shape_yielded(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0:2 = shape.assuming %w0 -> (tensor<?xf32>, tensor<?xindex>) {
    %bs = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%a, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%b, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.subtract"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z, %bs : tensor<?xf32>, tensor<?xindex>
  }
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %r0#1, %s2 : tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %bs = shape.broadcast %r0#1, %s2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%r0#0, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%c, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.maximum"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// A chain of three broadcasting ops ((a + b) * c - d), all pure: one check
// of the four shapes, one region.
// OPTIMUM: constraints=1 regions=1
func.func @three_ops(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%a, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%b, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %s01 = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s01, %s2 : tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s01, %s2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%r0, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%c, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.multiply"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %s012 = shape.broadcast %s01, %s2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %s3 = shape.shape_of %d : tensor<?xf32> -> tensor<?xindex>
  %w2 = shape.cstr_broadcastable %s012, %s3 : tensor<?xindex>, tensor<?xindex>
  %r2 = shape.assuming %w2 -> (tensor<?xf32>) {
    %bs = shape.broadcast %s012, %s3 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%r1, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%d, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    %z = "mhlo.subtract"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r2 : tensor<?xf32>
}

// -----

// mlir-hlo's merge of assuming ops: both checks stand before both regions,
// so merging the regions moves no check (the ops of unknown effects in
// them keep their order), and the first check, a subset of the second,
// takes its place.
// OPTIMUM: constraints=1 regions=1
func.func @merge_assuming_ops(%arg0: tensor<?x32xf16>, %arg1: tensor<?x32xf16>, %arg2: tensor<?x?x32xf16>) -> tensor<?x?x32xf16> {
  %0 = shape.shape_of %arg0 : tensor<?x32xf16> -> tensor<2xindex>
  %1 = shape.shape_of %arg1 : tensor<?x32xf16> -> tensor<2xindex>
  %2 = shape.shape_of %arg2 : tensor<?x?x32xf16> -> tensor<3xindex>
  %3 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>
  %4 = shape.cstr_broadcastable %0, %1, %2 : tensor<2xindex>, tensor<2xindex>, tensor<3xindex>
  %5 = shape.assuming %3 -> (tensor<?x32xf16>) {
    "some.op"() : () -> ()
    %6 = "some.producer"() : () -> tensor<?x32xf16>
    shape.assuming_yield %6 : tensor<?x32xf16>
  }
  %7 = shape.assuming %4 -> (tensor<?x?x32xf16>) {
    "another.op"() : () -> ()
    %8 = "another.producer"() : () -> tensor<?x?x32xf16>
    shape.assuming_yield %8 : tensor<?x?x32xf16>
  }
  "use"(%5, %7) : (tensor<?x32xf16>, tensor<?x?x32xf16>) -> ()
  return %7 : tensor<?x?x32xf16>
}

// -----

// The second region's witness comes out of the first region (a host
// witness made inside it): the regions cannot merge.
// OPTIMUM: constraints=0 regions=2
func.func @witness_from_region() {
  %0 = "some.witness"() : () -> !shape.witness
  %1 = shape.assuming %0 -> (!shape.witness) {
    %2 = "some.witness"() : () -> !shape.witness
    shape.assuming_yield %2 : !shape.witness
  }
  shape.assuming %1 {
    "some.op"() : () -> ()
    shape.assuming_yield
  }
  return
}

// -----

// Conjunctions of overlapping broadcast checks over a region of unknown
// effects: the later conjunction may not move before it, and overlapping
// checks (a0, a1) and (a1, a2) are not one check of (a0, a1, a2)
// ([2], [1], [3] pass both).
// OPTIMUM: constraints=4 regions=2
func.func @conjunctions_opaque(%a0: tensor<?xindex>, %a1: tensor<?xindex>, %a2: tensor<?xindex>, %a3: tensor<?xindex>, %a4: tensor<?xindex>) {
  %0 = shape.cstr_broadcastable %a0, %a1 : tensor<?xindex>, tensor<?xindex>
  %1 = shape.cstr_broadcastable %a1, %a2 : tensor<?xindex>, tensor<?xindex>
  %2 = shape.assuming_all %0, %1
  shape.assuming %2 {
    "some.op"() : () -> ()
    shape.assuming_yield
  }
  %3 = shape.cstr_broadcastable %a2, %a3 : tensor<?xindex>, tensor<?xindex>
  %4 = shape.cstr_broadcastable %a3, %a4 : tensor<?xindex>, tensor<?xindex>
  %5 = shape.assuming_all %3, %4
  shape.assuming %5 {
    "some.op"() : () -> ()
    shape.assuming_yield
  }
  return
}

// -----

// The same conjunctions over regions of pure host ops: the second
// conjunction moves before the first region, and the regions merge.
// OPTIMUM: constraints=4 regions=1
func.func @conjunctions_pure(%a0: tensor<?xindex>, %a1: tensor<?xindex>, %a2: tensor<?xindex>, %a3: tensor<?xindex>, %a4: tensor<?xindex>, %t: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = shape.cstr_broadcastable %a0, %a1 : tensor<?xindex>, tensor<?xindex>
  %1 = shape.cstr_broadcastable %a1, %a2 : tensor<?xindex>, tensor<?xindex>
  %2 = shape.assuming_all %0, %1
  %r0 = shape.assuming %2 -> (tensor<?xf32>) {
    %x = "mhlo.tanh"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  %3 = shape.cstr_broadcastable %a2, %a3 : tensor<?xindex>, tensor<?xindex>
  %4 = shape.cstr_broadcastable %a3, %a4 : tensor<?xindex>, tensor<?xindex>
  %5 = shape.assuming_all %3, %4
  %r1 = shape.assuming %5 -> (tensor<?xf32>) {
    %y = "mhlo.exponential"(%r0) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r0, %r1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// A duplicated check under a conjunction: one check is enough.
// OPTIMUM: constraints=1 regions=1
func.func @redundant_cstr_broadcastable(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>) {
  %0 = shape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
  %1 = shape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
  %2 = shape.assuming_all %0, %1
  shape.assuming %2 -> () {
    "some.op"() : () -> ()
    shape.assuming_yield
  }
  return
}

// -----

// mlir-hlo's inlining of broadcast shape operands: a check of the
// broadcast of a and b (yielded by a region) with c is a check of a, b and
// c. The earlier check of a and b, a subset, is widened to it (nothing with
// side effects stands between them), and the later one goes.
// OPTIMUM: constraints=1 regions=1
func.func @inline_broadcasted_operands(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %t: tensor<?xf32>) -> tensor<?xf32> {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w0 -> (tensor<?xindex>) {
    %0 = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %0 : tensor<?xindex>
  }
  %w1 = shape.cstr_broadcastable %ab, %c : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w1 -> (tensor<?xf32>) {
    %abc = shape.broadcast %ab, %c : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%t, %abc) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Equalities in a chain (ByteIR's shape constraints between the operands
// of elementwise ops): the third follows from the first two, and the
// second, sharing a shape with the first, widens it: one check that the
// three shapes are equal.
// OPTIMUM: constraints=1 regions=1
func.func @eq_chain(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %s0 = shape.shape_of %a : tensor<?x4xf32> -> tensor<2xindex>
  %s1 = shape.shape_of %b : tensor<?x4xf32> -> tensor<2xindex>
  %s2 = shape.shape_of %c : tensor<?x4xf32> -> tensor<2xindex>
  %w0 = shape.cstr_eq %s0, %s1 : tensor<2xindex>, tensor<2xindex>
  %w1 = shape.cstr_eq %s1, %s2 : tensor<2xindex>, tensor<2xindex>
  %w2 = shape.cstr_eq %s0, %s2 : tensor<2xindex>, tensor<2xindex>
  %all = shape.assuming_all %w0, %w1, %w2
  %r = shape.assuming %all -> (tensor<?x4xf32>) {
    %x = "mhlo.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %y = "mhlo.add"(%x, %c) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    shape.assuming_yield %y : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A requirement the types decide: a dimension is never negative. The check
// goes, and with it the region (its witness is then always true).
// OPTIMUM: constraints=0 regions=0
func.func @require_known(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x4xf32>
  %ok = arith.cmpi sge, %d, %c0 : index
  %w = shape.cstr_require %ok, "dimension must be non-negative"
  %r = shape.assuming %w -> (tensor<?x4xf32>) {
    %x = "mhlo.abs"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    shape.assuming_yield %x : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// Nested regions, the inner witness made outside: one region under both.
// OPTIMUM: constraints=2 regions=1
func.func @nested_outer_witness(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>, %t: tensor<?xf32>) -> tensor<?xf32> {
  %w0 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_broadcastable %c, %d : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w0 -> (tensor<?xf32>) {
    %x = "mhlo.negate"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    %i = shape.assuming %w1 -> (tensor<?xf32>) {
      %y = "mhlo.abs"(%x) : (tensor<?xf32>) -> tensor<?xf32>
      shape.assuming_yield %y : tensor<?xf32>
    }
    shape.assuming_yield %i : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Nested regions, the inner check computed inside from the arguments'
// shapes after pure host ops: it moves out, and the regions merge.
// OPTIMUM: constraints=2 regions=1
func.func @nested_inner_check(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?xf32>) -> tensor<?x?xf32> {
  %s0 = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_eq %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w0 -> (tensor<?x?xf32>) {
    %x = "mhlo.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
    %w1 = shape.cstr_broadcastable %s0, %s2 : tensor<?xindex>, tensor<?xindex>
    %i = shape.assuming %w1 -> (tensor<?x?xf32>) {
      %bs = shape.broadcast %s0, %s2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      %y = "mhlo.dynamic_broadcast_in_dim"(%c, %bs) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
      %z = "mhlo.multiply"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      shape.assuming_yield %z : tensor<?x?xf32>
    }
    shape.assuming_yield %i : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// The same nest with a host op of unknown effects before the inner check:
// the check stays behind it, so both regions stay.
// OPTIMUM: constraints=2 regions=2
func.func @nested_behind_effect(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?xf32>) -> tensor<?x?xf32> {
  %s0 = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_eq %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w0 -> (tensor<?x?xf32>) {
    %x = "chlo.broadcast_multiply"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
    %w1 = shape.cstr_broadcastable %s0, %s2 : tensor<?xindex>, tensor<?xindex>
    %i = shape.assuming %w1 -> (tensor<?x?xf32>) {
      %z = "chlo.broadcast_add"(%x, %c) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
      shape.assuming_yield %z : tensor<?x?xf32>
    }
    shape.assuming_yield %i : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// The same nest with the host op declared pure by name
// (`chlo.broadcast_add`): the check moves out, the regions merge.
// OPTIMUM: constraints=2 regions=1
func.func @nested_behind_declared(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?xf32>) -> tensor<?x?xf32> {
  %s0 = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_eq %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w0 -> (tensor<?x?xf32>) {
    %x = "chlo.broadcast_add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
    %w1 = shape.cstr_broadcastable %s0, %s2 : tensor<?xindex>, tensor<?xindex>
    %i = shape.assuming %w1 -> (tensor<?x?xf32>) {
      %z = "chlo.broadcast_add"(%x, %c) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
      shape.assuming_yield %z : tensor<?x?xf32>
    }
    shape.assuming_yield %i : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// A witness passed in as an argument guards the outer region; the inner
// check moves out of it and the regions merge under both.
// OPTIMUM: constraints=1 regions=1
func.func @witness_argument(%w: !shape.witness, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = shape.assuming %w -> (tensor<?xf32>) {
    %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
    %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
    %w1 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
    %i = shape.assuming %w1 -> (tensor<?xf32>) {
      %bs = shape.broadcast %s0, %s1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      %x = "mhlo.dynamic_broadcast_in_dim"(%a, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
      %y = "mhlo.dynamic_broadcast_in_dim"(%b, %bs) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?xf32>
      %z = "mhlo.add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
      shape.assuming_yield %z : tensor<?xf32>
    }
    shape.assuming_yield %i : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A host constraint op of unknown effects makes the first witness; the
// second check comes after the first region of pure ops, moves before it,
// and the regions merge under both (the host's check stays where it is).
// OPTIMUM: constraints=1 regions=1
func.func @host_witness(%a: tensor<?xf32>, %b: tensor<?xf32>, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  %hw = "foo.cstr_reshapable"(%a, %shape) : (tensor<?xf32>, tensor<2xindex>) -> !shape.witness
  %r0 = shape.assuming %hw -> (tensor<?x?xf32>) {
    %x = "mhlo.dynamic_reshape"(%a, %shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    shape.assuming_yield %x : tensor<?x?xf32>
  }
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %shape, %s1 : tensor<2xindex>, tensor<?xindex>
  %r1 = shape.assuming %w -> (tensor<?x?xf32>) {
    %bs = shape.broadcast %shape, %s1 : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
    %x = "mhlo.dynamic_broadcast_in_dim"(%r0, %bs) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    %y = "mhlo.dynamic_broadcast_in_dim"(%b, %bs) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    %z = "mhlo.add"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %z : tensor<?x?xf32>
  }
  return %r1 : tensor<?x?xf32>
}

// -----

// mlir-hlo's `mhlo.cstr_reshapable` (declared pure with its dialect) and a
// broadcast check of the same operands' shapes, in sequential regions of
// pure ops: one region under both witnesses.
// OPTIMUM: constraints=1 regions=1
func.func @reshapable_then_broadcast(%a: tensor<?xf32>, %b: tensor<?x?xf32>, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  %n = shape.num_elements %shape : tensor<2xindex> -> index
  %hw = "mhlo.cstr_reshapable"(%n, %shape) : (index, tensor<2xindex>) -> !shape.witness
  %r0 = shape.assuming %hw -> (tensor<?x?xf32>) {
    %x = "mhlo.dynamic_reshape"(%a, %shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    shape.assuming_yield %x : tensor<?x?xf32>
  }
  %s1 = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %shape, %s1 : tensor<2xindex>, tensor<?xindex>
  %r1 = shape.assuming %w -> (tensor<?x?xf32>) {
    %z = "mhlo.add"(%r0, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %z : tensor<?x?xf32>
  }
  return %r1 : tensor<?x?xf32>
}

// -----

// Regions separated by a call to a function whose body is pure (and by
// pure host ops): the second check moves before the first region, absorbs
// the first check, and the regions merge.
// OPTIMUM: constraints=1 regions=1
func.func private @shape_extent(%s: tensor<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %s[%c0] : tensor<?xindex>
  return %e : index
}
func.func @pure_call_between(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> (tensor<?xf32>, index) {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %e = func.call @shape_extent(%s0) : (tensor<?xindex>) -> index
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s0, %s1, %s2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%r0, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1, %e : tensor<?xf32>, index
}

// -----

// The same with a call to a function without a body (it may print): the
// second check stays after it, both regions stay.
// OPTIMUM: constraints=2 regions=2
func.func private @trace(tensor<?xf32>)
func.func @external_call_between(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  func.call @trace(%r0) : (tensor<?xf32>) -> ()
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s0, %s1, %s2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%r0, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// A call to a function declared pure (`@shape_helper`, no body here)
// between the regions: as for a pure body, the chain fuses.
// OPTIMUM: constraints=1 regions=1
func.func private @shape_helper(tensor<?xindex>) -> tensor<?xindex>
func.func @declared_call_between(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xindex>) {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %h = func.call @shape_helper(%s0) : (tensor<?xindex>) -> tensor<?xindex>
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s0, %s1, %s2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%r0, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1, %h : tensor<?xf32>, tensor<?xindex>
}

// -----

// An op of unknown effects between the regions but after the second check:
// the check crosses only the pure first region; the traced value goes into
// the merged region between the two bodies, in its place.
// OPTIMUM: constraints=1 regions=1
func.func @effect_after_check(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %s1 = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %w0 = shape.cstr_broadcastable %s0, %s1 : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  %s2 = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %s0, %s1, %s2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %t = "foo.trace"(%r0) : (tensor<?xf32>) -> tensor<?xf32>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %z = "mhlo.add"(%t, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// ByteIR-style constraints between dimensions, with the host's own check
// (`shape_ext.meet`, effects unknown) between two requires: the second
// require, the same as the first, goes (the first held); nothing moves
// across the host check.
// OPTIMUM: constraints=1 regions=1
func.func @dim_requires(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x4xf32>
  %d1 = tensor.dim %b, %c0 : tensor<?x4xf32>
  %eq = arith.cmpi eq, %d0, %d1 : index
  %w0 = shape.cstr_require %eq, "batch sizes must match"
  "shape_ext.meet"(%d0, %d1) : (index, index) -> ()
  %eq2 = arith.cmpi eq, %d1, %d0 : index
  %w1 = shape.cstr_require %eq2, "batch sizes must match"
  %all = shape.assuming_all %w0, %w1
  %r = shape.assuming %all -> (tensor<?x4xf32>) {
    %x = "mhlo.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    shape.assuming_yield %x : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// An `scf.if` that may call a function without a body stands between the
// regions: no check crosses it.
// OPTIMUM: constraints=2 regions=2
func.func private @report(i1)
func.func @branch_with_call(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %t: tensor<?xf32>, %p: i1) -> tensor<?xf32> {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %x = "mhlo.sqrt"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  scf.if %p {
    func.call @report(%p) : (i1) -> ()
  }
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %y = "mhlo.sqrt"(%r0) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// Sequential regions carrying several tensors, results of both used after
// them: one region yields them all.
// OPTIMUM: constraints=2 regions=1
func.func @carry_tensors(%a: tensor<?xf32>, %b: tensor<?xf32>, %sa: tensor<?xindex>, %sb: tensor<?xindex>, %sc: tensor<?xindex>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %w0 = shape.cstr_eq %sa, %sb : tensor<?xindex>, tensor<?xindex>
  %r0:2 = shape.assuming %w0 -> (tensor<?xf32>, tensor<?xf32>) {
    %x = "mhlo.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %y = "mhlo.subtract"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x, %y : tensor<?xf32>, tensor<?xf32>
  }
  %w1 = shape.cstr_broadcastable %sa, %sc : tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %z = "mhlo.multiply"(%r0#0, %r0#1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %z : tensor<?xf32>
  }
  return %r0#0, %r0#1, %r1 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// Rank checks of a rank-specialised op (`cstr_require` on `shape.rank`),
// repeated by two consumers in sequential regions of pure ops: the repeated
// check goes, the regions merge.
// OPTIMUM: constraints=1 regions=1
func.func @rank_checks(%a: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c2 = arith.constant 2 : index
  %s = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %n = shape.rank %s : tensor<?xindex> -> index
  %two = arith.cmpi eq, %n, %c2 : index
  %w0 = shape.cstr_require %two, "expects a matrix"
  %r0 = shape.assuming %w0 -> (tensor<?x?xf32>) {
    %x = "mhlo.dynamic_reshape"(%a, %s) : (tensor<*xf32>, tensor<?xindex>) -> tensor<?x?xf32>
    shape.assuming_yield %x : tensor<?x?xf32>
  }
  %n2 = shape.rank %s : tensor<?xindex> -> index
  %two2 = arith.cmpi eq, %n2, %c2 : index
  %w1 = shape.cstr_require %two2, "expects a matrix"
  %r1 = shape.assuming %w1 -> (tensor<?x?xf32>) {
    %y = "mhlo.transpose"(%r0) {permutation = dense<[1, 0]> : tensor<2xi64>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %y : tensor<?x?xf32>
  }
  return %r0, %r1 : tensor<?x?xf32>, tensor<?x?xf32>
}
