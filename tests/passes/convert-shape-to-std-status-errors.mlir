// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-shape-to-std{failure=status})'
//
// A check that cannot return a status from its function is an error at it.

func.func @nested(%a: index, %b: i1) -> index {
  scf.if %b {
    %ok = arith.cmpi eq, %a, %a : index
    // expected-error @+1 {{status mode: a check inside a nested region cannot return from its function}}
    cf.assert %ok, "inside"
  }
  return %a : index
}

// -----

func.func @recursive(%a: index) -> index {
  %ok = arith.cmpi sge, %a, %a : index
  cf.assert %ok, "non-negative"
  // expected-error @+1 {{status mode: a recursive call cannot return a status table of its own}}
  %r = func.call @recursive(%a) : (index) -> index
  return %r : index
}
