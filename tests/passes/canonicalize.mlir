// RUN: shape-opt %s --split-input-file --canonicalize | FileCheck %s
//
// `canonicalize` on the asserting form: an assertion of a constant true
// goes (so does one of a comparison that folds to true); an assertion of
// false is the program's failure and stays. mlir-opt 22 prints the same.

// CHECK-LABEL: func.func @asserts
// CHECK-NOT:     "never"
// CHECK-NOT:     "self"
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK-NEXT:    cf.assert %[[F]], "always"
// CHECK-NEXT:    return
func.func @asserts(%a: index) -> index {
  %t = arith.constant true
  cf.assert %t, "never"
  %c = arith.cmpi eq, %a, %a : index
  cf.assert %c, "self"
  %f = arith.constant false
  cf.assert %f, "always"
  return %a : index
}
