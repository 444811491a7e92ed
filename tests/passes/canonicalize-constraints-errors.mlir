// RUN: shape-opt %s --split-input-file --verify-diagnostics --canonicalize-constraints
//
// The pass's diagnostics: a constraint that the static facts contradict
// is a compile-time error, with a note at the value in conflict; one it
// proves is removed with a remark.

func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %sa = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<4x5xf32> -> tensor<?xindex>
  %h, %t = "shape.split_at"(%sa, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  // expected-note@+1 {{the conflicting value is computed here}}
  %h2, %t2 = "shape.split_at"(%sb, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  // expected-error@+1 {{'shape.cstr_eq' op always fails: inner dimensions required to match: the shapes are [3] and [4]}}
  %w = shape.cstr_eq %t, %h2 {msg = "inner dimensions required to match"} : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %x = shape.concat %h, %t2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

func.func @broadcast(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> !shape.witness {
  %sa = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  // expected-note@+1 {{the conflicting value is computed here}}
  %sb = shape.shape_of %b : tensor<4xf32> -> tensor<?xindex>
  // expected-error@+1 {{'shape.cstr_broadcastable' op always fails: the shapes [2, 3], [4] cannot broadcast}}
  %w = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  return %w : !shape.witness
}

// -----

// A constraint proven true is removed with a remark saying why.
func.func @proven(%a: tensor<?xindex>, %b: tensor<?xindex>) -> !shape.witness {
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  // expected-remark@+1 {{'shape.cstr_broadcastable' op is always true: its operands are known equal}}
  %w2 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w = shape.assuming_all %w1, %w2
  return %w : !shape.witness
}
