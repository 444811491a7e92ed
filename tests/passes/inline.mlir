// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --inline='default-pipeline=' | FileCheck %s
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --inline='default-pipeline=' -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
//
// The `inline` pass, without simplification (mlir-opt's
// `--inline='default-pipeline='`). tests/inline.rs runs these lines and
// compares every piece with mlir-opt's own output.

// Single-block callee: inlined, then erased (private, no use left).
// CHECK-LABEL: module {
// CHECK-NOT:   @double
// CHECK-LABEL: func.func @single(%arg0: index) -> index {
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %0 = arith.muli %arg0, %c2 : index
// CHECK-NEXT:    %c2_0 = arith.constant 2 : index
// CHECK-NEXT:    %1 = arith.muli %0, %c2_0 : index
// CHECK-NEXT:    return %1 : index

func.func private @double(%x: index) -> index {
  %c2 = arith.constant 2 : index
  %0 = arith.muli %x, %c2 : index
  return %0 : index
}
func.func @single(%a: index) -> index {
  %0 = call @double(%a) : (index) -> index
  %1 = call @double(%0) : (index) -> index
  return %1 : index
}

// -----

// Multi-block callee: the caller's block is split, returns become branches.
// CHECK-LABEL: module {
// CHECK-NOT:   @clamp
// CHECK-LABEL: func.func @multi(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT:    %0 = arith.cmpi ult, %arg0, %arg1 : index
// CHECK-NEXT:    cf.cond_br %0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%arg0 : index)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%arg1 : index)
// CHECK-NEXT:  ^bb3(%1: index):
// CHECK-NEXT:    %2 = arith.addi %1, %arg0 : index
// CHECK-NEXT:    return %2 : index
// LOC-LABEL:   func.func @multi(
// LOC:         ^bb3(%1: index loc("{{.*}}inline.mlir":{{[0-9]+}}:8)):

func.func private @clamp(%x: index, %hi: index) -> index {
  %lt = arith.cmpi ult, %x, %hi : index
  cf.cond_br %lt, ^small, ^big
^small:
  return %x : index
^big:
  return %hi : index
}
func.func @multi(%a: index, %b: index) -> index {
  %0 = call @clamp(%a, %b) : (index, index) -> index
  %1 = arith.addi %0, %a : index
  return %1 : index
}

// -----

// Nested calls a -> b -> c inline fully, bottom-up.
// CHECK-LABEL: module {
// CHECK-NOT:   @b
// CHECK-NOT:   @c
// CHECK-LABEL: func.func @a(%arg0: index) -> index {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:    %1 = arith.addi %0, %0 : index
// CHECK-NEXT:    return %1 : index
// LOC-LABEL:   func.func @a(
// LOC-NEXT:      arith.addi {{.*}} loc(#[[FIRST:loc[0-9]+]])
// LOC:         #[[OUTER:loc[0-9]+]] = loc(callsite(#{{loc[0-9]+}} at #{{loc[0-9]+}}))
// LOC:         #[[FIRST]] = loc(callsite(#{{loc[0-9]+}} at #[[OUTER]]))

func.func private @c(%x: index) -> index {
  %0 = arith.addi %x, %x : index
  return %0 : index
}
func.func private @b(%x: index) -> index {
  %0 = call @c(%x) : (index) -> index
  %1 = call @c(%0) : (index) -> index
  return %1 : index
}
func.func @a(%x: index) -> index {
  %0 = call @b(%x) : (index) -> index
  return %0 : index
}

// -----

// Recursion is left alone: self-recursive and mutually recursive callees.
// CHECK-LABEL: func.func private @self(%arg0: index) -> index {
// CHECK-NEXT:    call @self(%arg0)
// CHECK-LABEL: func.func private @ping(%arg0: index) -> index {
// CHECK-NEXT:    call @pong(%arg0)
// CHECK-LABEL: func.func private @pong(%arg0: index) -> index {
// CHECK-NEXT:    call @ping(%arg0)
// CHECK-LABEL: func.func @recursive(%arg0: index) -> index {
// CHECK-NEXT:    call @self(%arg0)

func.func private @self(%x: index) -> index {
  %0 = call @self(%x) : (index) -> index
  return %0 : index
}
func.func private @ping(%x: index) -> index {
  %0 = call @pong(%x) : (index) -> index
  return %0 : index
}
func.func private @pong(%x: index) -> index {
  %0 = call @ping(%x) : (index) -> index
  return %0 : index
}
func.func @recursive(%x: index) -> index {
  %0 = call @self(%x) : (index) -> index
  return %0 : index
}

// -----

// A multi-block callee is not inlined into a single-block region (scf.if);
// a single-block one is.
// CHECK-LABEL: func.func private @pick(
// CHECK-NOT:   @inc
// CHECK-LABEL: func.func @in_if(%arg0: i1, %arg1: index, %arg2: index) -> index {
// CHECK-NEXT:    %0 = scf.if %arg0 -> (index) {
// CHECK-NEXT:      %1 = func.call @pick(%arg0, %arg1, %arg2) : (i1, index, index) -> index
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      %2 = arith.addi %1, %c1 : index
// CHECK-NEXT:      scf.yield %2 : index

func.func private @pick(%c: i1, %x: index, %y: index) -> index {
  cf.cond_br %c, ^t, ^f
^t:
  return %x : index
^f:
  return %y : index
}
func.func private @inc(%x: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %x, %c1 : index
  return %0 : index
}
func.func @in_if(%c: i1, %x: index, %y: index) -> index {
  %0 = scf.if %c -> (index) {
    %1 = func.call @pick(%c, %x, %y) : (i1, index, index) -> index
    %2 = func.call @inc(%1) : (index) -> index
    scf.yield %2 : index
  } else {
    scf.yield %y : index
  }
  return %0 : index
}

// -----

// Private callees with no use left are erased; public ones stay.
// CHECK-LABEL: module {
// CHECK-NOT:   @priv
// CHECK-LABEL: func.func @pub(%arg0: index) -> index {
// CHECK-LABEL: func.func @visibility(%arg0: index) -> index {
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:    %1 = arith.subi %0, %0 : index
// CHECK-NEXT:    return %1 : index

func.func private @priv(%x: index) -> index {
  %0 = arith.muli %x, %x : index
  return %0 : index
}
func.func @pub(%x: index) -> index {
  %0 = arith.subi %x, %x : index
  return %0 : index
}
func.func @visibility(%x: index) -> index {
  %0 = call @priv(%x) : (index) -> index
  %1 = call @pub(%0) : (index) -> index
  return %1 : index
}

// -----

// Shape helpers called from a shape function and under shape.assuming.
// CHECK-LABEL: module {
// CHECK-NOT:   @rank_plus
// CHECK-LABEL: func.func private @at_least_one(
// CHECK-LABEL: shape.func @shape_fn(%arg0: !shape.shape, %arg1: i1) -> !shape.size {
// CHECK-NEXT:    %c3 = const_size 3
// CHECK-NEXT:    %0 = rank %arg0 : !shape.shape -> !shape.size
// CHECK-NEXT:    %1 = add %0, %c3 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%1 : !shape.size)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %c1 = const_size 1
// CHECK-NEXT:    cf.br ^bb3(%c1 : !shape.size)
// CHECK-NEXT:  ^bb3(%2: !shape.size):
// CHECK-NEXT:    return %2 : !shape.size
// CHECK-LABEL: func.func @assuming(
// CHECK-NEXT:    %0 = shape.assuming %arg1 -> (!shape.size) {
// CHECK-NEXT:      %c2 = shape.const_size 2
// CHECK-NEXT:      %1 = shape.rank %arg0 : !shape.shape -> !shape.size
// CHECK-NEXT:      %2 = shape.add %1, %c2 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:      %3 = func.call @at_least_one(%2, %arg2) : (!shape.size, i1) -> !shape.size
// CHECK-NEXT:      shape.assuming_yield %3 : !shape.size

func.func private @rank_plus(%s: !shape.shape, %k: !shape.size) -> !shape.size {
  %r = shape.rank %s : !shape.shape -> !shape.size
  %t = shape.add %r, %k : !shape.size, !shape.size -> !shape.size
  return %t : !shape.size
}
func.func private @at_least_one(%n: !shape.size, %c: i1) -> !shape.size {
  cf.cond_br %c, ^keep, ^one
^keep:
  return %n : !shape.size
^one:
  %1 = shape.const_size 1
  return %1 : !shape.size
}
shape.func @shape_fn(%s: !shape.shape, %c: i1) -> !shape.size {
  %k = shape.const_size 3
  %0 = func.call @rank_plus(%s, %k) : (!shape.shape, !shape.size) -> !shape.size
  %1 = func.call @at_least_one(%0, %c) : (!shape.size, i1) -> !shape.size
  shape.return %1 : !shape.size
}
func.func @assuming(%s: !shape.shape, %w: !shape.witness, %c: i1) -> !shape.size {
  %0 = shape.assuming %w -> (!shape.size) {
    %k = shape.const_size 2
    %1 = func.call @rank_plus(%s, %k) : (!shape.shape, !shape.size) -> !shape.size
    %2 = func.call @at_least_one(%1, %c) : (!shape.size, i1) -> !shape.size
    shape.assuming_yield %2 : !shape.size
  }
  return %0 : !shape.size
}

// -----

// Callees without results, single- and multi-block.
// CHECK-LABEL: module {
// CHECK-NOT:   @check
// CHECK-LABEL: func.func @no_results(%arg0: i1, %arg1: !shape.shape, %arg2: !shape.shape) {
// CHECK-NEXT:    %0 = shape.cstr_broadcastable %arg1, %arg2 : !shape.shape, !shape.shape
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %1 = shape.cstr_broadcastable %arg2, %arg2 : !shape.shape, !shape.shape
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return

func.func private @check(%s: !shape.shape, %t: !shape.shape) {
  %w = shape.cstr_broadcastable %s, %t : !shape.shape, !shape.shape
  return
}
func.func private @maybe_check(%c: i1, %s: !shape.shape) {
  cf.cond_br %c, ^yes, ^no
^yes:
  %w = shape.cstr_broadcastable %s, %s : !shape.shape, !shape.shape
  cf.br ^no
^no:
  return
}
func.func @no_results(%c: i1, %s: !shape.shape, %t: !shape.shape) {
  call @check(%s, %t) : (!shape.shape, !shape.shape) -> ()
  call @maybe_check(%c, %t) : (i1, !shape.shape) -> ()
  return
}

// -----

// Left alone: declarations, unknown callees, indirect calls, no_inline,
// callees with unregistered ops.
// CHECK-LABEL: func.func private @decl(index) -> index
// CHECK-LABEL: func.func private @opaque(
// CHECK-LABEL: func.func private @keep(
// CHECK-LABEL: func.func private @id(
// CHECK-LABEL: func.func @declined(%arg0: index) -> index {
// CHECK-NEXT:    %0 = call @decl(%arg0) : (index) -> index
// CHECK-NEXT:    %1 = call @opaque(%0) : (index) -> index
// CHECK-NEXT:    %2 = call @keep(%1) : (index) -> index
// CHECK-NEXT:    %3 = call @id(%2) {no_inline} : (index) -> index
// CHECK-NEXT:    %f = constant @id : (index) -> index
// CHECK-NEXT:    %4 = call_indirect %f(%3) : (index) -> index

func.func private @decl(index) -> index
func.func private @opaque(%x: index) -> index {
  %0 = "foo.op"(%x) : (index) -> index
  return %0 : index
}
func.func private @keep(%x: index) -> index attributes {no_inline} {
  return %x : index
}
func.func private @id(%x: index) -> index {
  return %x : index
}
func.func @declined(%x: index) -> index {
  %0 = call @decl(%x) : (index) -> index
  %1 = call @opaque(%0) : (index) -> index
  %2 = call @keep(%1) : (index) -> index
  %3 = call @id(%2) {no_inline} : (index) -> index
  %f = func.constant @id : (index) -> index
  %4 = func.call_indirect %f(%3) : (index) -> index
  return %4 : index
}

// -----

// A longer cycle is unrolled as mlir-opt does (up to max-iterations rounds).
// CHECK-LABEL: func.func @r1(%arg0: index) -> index {
// CHECK-NEXT:    call @r2(%arg0)
// CHECK-LABEL: func.func @r2(%arg0: index) -> index {
// CHECK-NEXT:    call @r2(%arg0)
// CHECK-LABEL: func.func @r3(%arg0: index) -> index {
// CHECK-NEXT:    call @r2(%arg0)

func.func @r1(%x: index) -> index {
  %0 = call @r2(%x) : (index) -> index
  return %0 : index
}
func.func @r2(%x: index) -> index {
  %0 = call @r3(%x) : (index) -> index
  return %0 : index
}
func.func @r3(%x: index) -> index {
  %0 = call @r1(%x) : (index) -> index
  return %0 : index
}

// -----

// A private function unused from the start is erased without being
// inlined into; what it calls was visited first and stays (as mlir-opt).
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @helper(
// CHECK-NOT:     @unused

func.func private @helper(%x: index) -> index {
  %0 = arith.addi %x, %x : index
  return %0 : index
}
func.func private @unused(%x: index) -> index {
  %0 = call @helper(%x) : (index) -> index
  return %0 : index
}

// -----

// A function that assumes strict symbolic shapes neither is inlined nor
// inlines: what its broadcasts check depends on which values are its
// arguments. Between functions that assume nothing, calls are inlined.
// CHECK-LABEL: func.func @strict_caller
// CHECK:         call @checks(
// CHECK:         call @plain(
// CHECK-LABEL: func.func @caller
// CHECK:         call @checks(
// CHECK-NOT:     call @plain(
module {
  func.func @checks(%t: tensor<?xf32>) -> index attributes {shape_opt.strict_symbolic_shapes} {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %t, %c0 : tensor<?xf32>
    return %d : index
  }
  func.func private @plain(%t: tensor<?xf32>) -> index {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %t, %c0 : tensor<?xf32>
    return %d : index
  }
  func.func @strict_caller(%t: tensor<?xf32>) -> (index, index) attributes {shape_opt.strict_symbolic_shapes} {
    %0 = call @checks(%t) : (tensor<?xf32>) -> index
    %1 = call @plain(%t) : (tensor<?xf32>) -> index
    return %0, %1 : index, index
  }
  func.func @caller(%t: tensor<?xf32>) -> (index, index) {
    %0 = call @checks(%t) : (tensor<?xf32>) -> index
    %1 = call @plain(%t) : (tensor<?xf32>) -> index
    return %0, %1 : index, index
  }
}
