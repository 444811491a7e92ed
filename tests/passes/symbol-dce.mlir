// test: run-lines
// RUN: shape-opt %s --split-input-file --symbol-dce | FileCheck %s
//
// `symbol-dce`: private symbols nothing references are erased; public
// ones, and private ones still called, stay.

// CHECK-LABEL: func.func @main
// CHECK:       func.func private @used
// CHECK-NOT:   @unused
func.func @main(%a: index) -> index {
  %0 = call @used(%a) : (index) -> index
  return %0 : index
}
func.func private @used(%a: index) -> index {
  return %a : index
}
func.func private @unused(%a: index) -> index {
  return %a : index
}

// -----

// A public function stays although nothing calls it.
// CHECK: func.func @public_uncalled
func.func @public_uncalled() {
  return
}
