// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --lower-to-asserting
//
// What lower-to-asserting declines, with an error at the op: witnesses
// of ours that escape (the check they stand for cannot travel with them), and
// input that is not in constrained form.

// expected-error@+1 {{'func.func' op returns a witness, which cannot be lowered to asserting form}}
func.func private @make() -> !shape.witness {
  %w = shape.const_witness true
  return %w : !shape.witness
}

// -----

// A function with a body is ours: a witness passed to it escapes. (A
// function declared without a body is the host's, and gets a witness
// bridged from `true`.)
func.func @call_operand(%a: tensor<?xindex>, %b: tensor<?xindex>) {
  %w = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  // expected-error@+1 {{'func.call' op uses a witness, which cannot be lowered to asserting form}}
  func.call @take(%w) : (!shape.witness) -> ()
  return
}

func.func private @take(%w: !shape.witness) {
  return
}

// -----

func.func @yielded_by_scf(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: i1) -> tensor<?xindex> {
  // expected-error@+1 {{'scf.if' op gives a witness no constraint made, which cannot be lowered to asserting form}}
  %w = scf.if %c -> (!shape.witness) {
    %eq = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
    scf.yield %eq : !shape.witness
  } else {
    %yes = shape.const_witness true
    scf.yield %yes : !shape.witness
  }
  %0 = shape.assuming %w -> (tensor<?xindex>) {
    shape.assuming_yield %a : tensor<?xindex>
  }
  return %0 : tensor<?xindex>
}

// -----

func.func @loop_carried(%a: tensor<?xindex>, %n: index) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %yes = shape.const_witness true
  // expected-error@+1 {{'scf.for' op has a witness block argument, which cannot be lowered to asserting form}}
  %w = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %yes) -> (!shape.witness) {
    scf.yield %acc : !shape.witness
  }
  %0 = shape.assuming %w -> (tensor<?xindex>) {
    shape.assuming_yield %a : tensor<?xindex>
  }
  return %0 : tensor<?xindex>
}

// -----

func.func @not_constrained(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  // expected-error@+1 {{'shape.meet' op is not legal in constrained form (values that carry errors); lower-to-asserting takes constrained form}}
  %0 = shape.meet %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
