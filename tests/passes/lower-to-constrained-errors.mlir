// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --lower-to-constrained
//
// What lower-to-constrained declines, with an error at the op.

// A call of a function with a body (a declared-only one is the host's, and
// is bridged).
func.func private @helper(%s: !shape.shape) -> !shape.shape {
  return %s : !shape.shape
}

func.func @call(%s: !shape.shape) -> !shape.shape {
  // expected-error@+1 {{'func.call' op passes shape values to a function; run 'inline' before lowering}}
  %0 = func.call @helper(%s) : (!shape.shape) -> !shape.shape
  return %0 : !shape.shape
}

// -----

func.func @hidden_error(%s: !shape.shape, %t: !shape.shape) -> i1 {
  %c9 = shape.const_size 9
  %h, %tail = "shape.split_at"(%s, %c9) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  // expected-error@+1 {{'shape.shape_eq' op compares a value that may be an error no result depends on; stage 2 cannot represent it}}
  %eq = shape.shape_eq %h, %t : !shape.shape, !shape.shape
  return %eq : i1
}

// -----

func.func @failing_body(%s: !shape.shape) -> !shape.size {
  %c1 = shape.const_size 1
  %c0 = shape.const_size 0
  %n = shape.reduce(%s, %c1) : !shape.shape -> !shape.size {
  ^bb0(%i: index, %e: !shape.size, %acc: !shape.size):
    // expected-error@+1 {{'shape.div' op can fail inside the body of the 'shape.reduce'}}
    %q = shape.div %acc, %c0 : !shape.size, !shape.size -> !shape.size
    shape.yield %q : !shape.size
  }
  return %n : !shape.size
}

// -----

// A guard holds the rest of its block; in a region of several blocks the
// rest ends in a branch, which no `shape.assuming` can hold.
func.func @branching_region(%a: !shape.shape, %b: !shape.shape, %p: i1) -> !shape.shape {
  %r = scf.execute_region -> !shape.shape {
    // expected-error@+1 {{'shape.broadcast' op can fail inside a region of several blocks; stage 2 cannot guard it there}}
    %c = shape.broadcast %a, %b : !shape.shape, !shape.shape -> !shape.shape
    cf.cond_br %p, ^bb1, ^bb2
  ^bb1:
    scf.yield %c : !shape.shape
  ^bb2:
    scf.yield %a : !shape.shape
  }
  return %r : !shape.shape
}

// -----

// Stage 1 fails only when the select chooses the broadcast that does not
// broadcast; a check where the broadcast is made would fail the other
// inputs too.
func.func @select_of_an_error(%a: !shape.shape, %b: !shape.shape, %p: i1) -> !shape.shape {
  %c = shape.broadcast %a, %b : !shape.shape, !shape.shape -> !shape.shape
  // expected-error@+1 {{'arith.select' op chooses between shapes of which one may hold the error of the 'shape.broadcast' at}}
  %r = arith.select %p, %c, %a : !shape.shape
  return %r : !shape.shape
}
