// test: run-lines
// RUN: shape-opt %s --split-input-file --cse | FileCheck %s
//
// `cse`: a pure op that computes what a dominating pure op computes is
// replaced by it; ops with effects and ops in sibling regions stay apart.

// CHECK-LABEL: func.func @duplicates
// CHECK:         %[[R:.*]] = shape.rank %arg0
// CHECK-NOT:     shape.rank
// CHECK:         shape.add %[[R]], %[[R]]
func.func @duplicates(%s: !shape.shape) -> !shape.size {
  %a = shape.rank %s : !shape.shape -> !shape.size
  %b = shape.rank %s : !shape.shape -> !shape.size
  %c = shape.add %a, %b : !shape.size, !shape.size -> !shape.size
  return %c : !shape.size
}

// -----

// Checks are not pure: two identical ones both stay.
// CHECK-LABEL: func.func @checks_stay
// CHECK-COUNT-2: cf.assert
func.func @checks_stay(%p: i1) {
  cf.assert %p, "first"
  cf.assert %p, "first"
  return
}

// -----

// An op in one branch does not replace its twin in the other.
// CHECK-LABEL: func.func @sibling_regions
// CHECK:         scf.if
// CHECK:           arith.addi
// CHECK:         } else {
// CHECK:           arith.addi
func.func @sibling_regions(%p: i1, %a: index) -> index {
  %r = scf.if %p -> index {
    %x = arith.addi %a, %a : index
    scf.yield %x : index
  } else {
    %y = arith.addi %a, %a : index
    scf.yield %y : index
  }
  return %r : index
}
