// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics --reify-bounds
//
// `reify-bounds` when there is no bound, or the request is malformed.

func.func @unbounded(%a: index, %b: index) -> index {
  %m = arith.muli %a, %b : index
  // expected-error@+1 {{could not reify bound}}
  %r = "test.reify_bound"(%m) {type = "UB"} : (index) -> index
  return %r : index
}

// -----

func.func @bad_kind(%t: tensor<?xf32>) -> index {
  // expected-error@+1 {{'type' must be "EQ", "LB" or "UB"}}
  %r = "test.reify_bound"(%t) {dim = 0, type = "MAX"} : (tensor<?xf32>) -> index
  return %r : index
}

// -----

func.func @bad_dim(%t: tensor<?xf32>) -> index {
  // expected-error@+1 {{'dim' must be a dimension of a ranked operand}}
  %r = "test.reify_bound"(%t) {dim = 1} : (tensor<?xf32>) -> index
  return %r : index
}
