// test: run-lines
// RUN: shape-opt %s --split-input-file --remove-shape-constraints | FileCheck %s
//
// `remove-shape-constraints` (upstream's pass of that name): every
// `shape.cstr_*` becomes `shape.const_witness true`, so the code they
// guard runs unchecked. A test and debugging aid: it drops checks on
// purpose, so an input that failed a check now runs on (the runner's
// `--verify-semantics` would say so); the constraints here always hold.

// CHECK-LABEL: func.func @drops_checks
// CHECK-NOT:     shape.cstr_
// CHECK:         shape.const_witness true
// CHECK:         shape.assuming
func.func @drops_checks(%a: tensor<?xindex>) -> tensor<?xindex> {
  %w = shape.cstr_broadcastable %a, %a : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %s = shape.broadcast %a, %a : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %s : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
