// test: run-lines
// RUN: shape-opt %s --split-input-file --discharge-asserts | FileCheck %s
// RUN: shape-opt %s --split-input-file --verify-diagnostics --discharge-asserts
//
// `discharge-asserts`: an assert whose condition value bounds prove, given
// the asserts before it, is erased with a remark; the rest stay. (The
// runner adds --verify-semantics.)

// A broadcast extent is one of the extents it broadcasts, each a size:
// adding one gives a positive number.
// CHECK-LABEL: func.func @positive_extent
// CHECK:         cf.assert %{{.*}}, "operands must be broadcastable"
// CHECK-NOT:     "extent must be positive"
func.func @positive_extent(%a: tensor<?xf32>, %b: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %da = tensor.dim %a, %c0 : tensor<?xf32>
  %db = tensor.dim %b, %c0 : tensor<?xf32>
  %b1 = arith.cmpi eq, %db, %c1 : index
  %r = arith.select %b1, %da, %db : index
  %a1 = arith.cmpi eq, %da, %c1 : index
  %same = arith.cmpi eq, %da, %r : index
  %ok = arith.ori %a1, %same : i1
  cf.assert %ok, "operands must be broadcastable"
  %n = arith.addi %r, %c1 : index
  %pos = arith.cmpi sgt, %n, %c0 : index
  // expected-remark@+1 {{'cf.assert' op is always true: its condition follows from value bounds}}
  cf.assert %pos, "extent must be positive"
  return %r : index
}

// -----

// An earlier assert is a fact for the later ones: `i < n` gives
// `i + 1 <= n`; but not the other way round, and not a failing one.
// CHECK-LABEL: func.func @earlier_asserts
// CHECK:         cf.assert %{{.*}}, "i must be below n"
// CHECK-NOT:     "i + 1 must not pass n"
// CHECK:         cf.assert %{{.*}}, "i must be non-negative"
func.func @earlier_asserts(%i: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %below = arith.cmpi slt, %i, %n : index
  cf.assert %below, "i must be below n"
  %next = arith.addi %i, %c1 : index
  %fits = arith.cmpi sle, %next, %n : index
  // expected-remark@+1 {{'cf.assert' op is always true: its condition follows from value bounds}}
  cf.assert %fits, "i + 1 must not pass n"
  %nonneg = arith.cmpi sge, %i, %c0 : index
  cf.assert %nonneg, "i must be non-negative"
  return %next : index
}

// -----

// An assert inside a branch that may not run proves nothing after it.
// CHECK-LABEL: func.func @branch_scope
// CHECK:         scf.if
// CHECK:           cf.assert %{{.*}}, "inside"
// CHECK:         cf.assert %{{.*}}, "after"
func.func @branch_scope(%c: i1, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %nonneg = arith.cmpi sge, %i, %c0 : index
  scf.if %c {
    cf.assert %nonneg, "inside"
  }
  cf.assert %nonneg, "after"
  return %i : index
}

// -----

// Unsigned comparisons count once both sides are known non-negative.
// CHECK-LABEL: func.func @unsigned
// CHECK-NOT:     cf.assert
func.func @unsigned(%t: tensor<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<?x?xf32>
  %e = arith.addi %d, %c1 : index
  %ok = arith.cmpi ult, %d, %e : index
  // expected-remark@+1 {{'cf.assert' op is always true: its condition follows from value bounds}}
  cf.assert %ok, "dimension is below itself plus one"
  return %e : index
}
