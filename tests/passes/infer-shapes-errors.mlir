// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --infer-shapes
//
// Meets and constraints certain to fail are compile-time errors, with
// their own message.

func.func @meet(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> !shape.shape {
  %s = shape.shape_of %a : tensor<2x3xf32> -> !shape.shape
  %t = shape.shape_of %b : tensor<4x4xf32> -> !shape.shape
  // expected-error@+1 {{'shape.meet' op always fails: operands must agree}}
  %m = shape.meet %s, %t, error = "operands must agree" : !shape.shape, !shape.shape -> !shape.shape
  return %m : !shape.shape
}

// -----

func.func @unused_meet_without_message(%a: tensor<2xf32>) {
  %s = shape.shape_of %a : tensor<2xf32> -> !shape.shape
  %r = shape.rank %s : !shape.shape -> !shape.size
  %c2 = shape.const_size 2
  // expected-error@+1 {{'shape.meet' op always fails: sizes 1 and 2 are inconsistent}}
  %m = shape.meet %r, %c2 : !shape.size, !shape.size -> !shape.size
  return
}

// -----

func.func @broadcastable(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<?xindex> {
  %s = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  %t = shape.shape_of %b : tensor<4xf32> -> tensor<?xindex>
  // expected-error@+1 {{'shape.cstr_broadcastable' op always fails: operands must broadcast}}
  %w = shape.cstr_broadcastable %s, %t {msg = "operands must broadcast"} : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %x = shape.broadcast %s, %t : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

func.func @require(%a: tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %a, %c0 : tensor<2xf32>
  %ok = arith.cmpi eq, %d, %c1 : index
  // expected-error@+1 {{'shape.cstr_require' op always fails: rank-1 operand of one element}}
  %w = shape.cstr_require %ok, "rank-1 operand of one element"
  return
}

// -----

// Inside a branch a failing meet is not certain to run: no error.
func.func @branch(%a: tensor<2xf32>, %p: i1) {
  scf.if %p {
    %s = shape.shape_of %a : tensor<2xf32> -> !shape.shape
    %c = shape.const_shape [3] : !shape.shape
    %m = shape.meet %s, %c : !shape.shape, !shape.shape -> !shape.shape
  }
  return
}
