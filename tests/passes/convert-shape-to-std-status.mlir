// test: run-lines
// RUN: shape-opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(convert-shape-to-std{failure=status})' | FileCheck %s
//
// `convert-shape-to-std{failure=status}`: every function that checks
// something returns an i32 status first (0, or the number of the check that
// failed first), its messages in `shape_opt.failure_messages`. Consecutive
// checks with only speculatable ops between them (no effect, no undefined
// behaviour) are tested together: one condition, their conjunction, and
// the failing check's number computed from their conditions. When the ops
// after the checks are speculatable too, the status is selected and the
// results are returned as computed (a caller reads no result of a failed
// call), with no branch; otherwise those ops run in the `then` region of
// an `scf.if` on the conjunction, whose `else` yields the code and
// placeholders. A call of such a function is a check whose codes
// come after the caller's own.

// CHECK-LABEL: func.func @checked
// CHECK-SAME:    -> (i32, index, tensor<?xindex>)
// CHECK-SAME:    shape_opt.failure_messages = ["a and b must be equal", "never true"]
// CHECK-NOT:     cf.assert
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[OK:.*]] = arith.constant 0 : i32
// CHECK-NOT:     tensor.empty
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %arg0, %arg1
// CHECK:         %[[GT:.*]] = arith.cmpi sgt, %arg0, %arg1
// CHECK-NOT:     scf.if
// CHECK:         %[[CAST:.*]] = tensor.cast
// CHECK:         %[[SECOND:.*]] = arith.select %[[GT]], %[[OK]], %[[TWO]] : i32
// CHECK:         %[[STATUS:.*]] = arith.select %[[EQ]], %[[SECOND]], %[[ONE]] : i32
// CHECK-NEXT:    return %[[STATUS]], %arg0, %[[CAST]]
func.func @checked(%a: index, %b: index) -> (index, tensor<?xindex>) {
  %ok = arith.cmpi eq, %a, %b : index
  cf.assert %ok, "a and b must be equal"
  %pos = arith.cmpi sgt, %a, %b : index
  cf.assert %pos, "never true"
  %t = tensor.from_elements %a : tensor<1xindex>
  %u = tensor.cast %t : tensor<1xindex> to tensor<?xindex>
  return %a, %u : index, tensor<?xindex>
}

// A call is no speculatable op: the code after the first check runs under
// an `scf.if`, and the call is a check of its own.
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    -> (i32, index)
// CHECK-SAME:    shape_opt.failure_messages = ["first", "a and b must be equal", "never true"]
// CHECK:         %[[FIRST:.*]] = arith.cmpi sge, %arg0, %arg0
// CHECK:         scf.if %[[FIRST]] -> (i32, index) {
// CHECK:           %[[CALL:.*]]:3 = func.call @checked(%arg0, %arg0) : (index, index) -> (i32, index, tensor<?xindex>)
// CHECK:           %[[PASSED:.*]] = arith.cmpi eq, %[[CALL]]#0, %{{.*}} : i32
// CHECK:           %[[SHIFT:.*]] = arith.constant 1 : i32
// CHECK:           %[[CODE:.*]] = arith.addi %[[CALL]]#0, %[[SHIFT]] : i32
// CHECK:           %[[STATUS:.*]] = arith.select %[[PASSED]], %{{.*}}, %[[CODE]] : i32
// CHECK:           scf.yield %[[STATUS]], %[[CALL]]#1
// CHECK:         } else {
// CHECK:           scf.yield %{{.*}}, %{{.*}} : i32, index
func.func @caller(%a: index) -> index {
  %nonneg = arith.cmpi sge, %a, %a : index
  cf.assert %nonneg, "first"
  %r, %s = func.call @checked(%a, %a) : (index, index) -> (index, tensor<?xindex>)
  return %r : index
}

// A function that checks nothing is not a shape function's: it stays as
// it is.
// CHECK-LABEL: func.func @unchecked(%arg0: index) -> index {
// CHECK-NEXT:    return %arg0 : index
func.func @unchecked(%a: index) -> index {
  return %a : index
}

// -----

// A shape library function always returns a status; one that checks
// nothing returns 0, in straight-line code.
// CHECK-LABEL: func.func @rank
// CHECK-SAME:    -> (i32, index) attributes {shape_opt.failure_messages = []}
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[RANK:.*]] = tensor.rank %arg0
// CHECK-NEXT:    return %[[ZERO]], %[[RANK]] : i32, index
shape.function_library @lib {
  func @rank(%t: tensor<*xf32>) -> index {
    %s = shape_of %t : tensor<*xf32> -> tensor<?xindex>
    %r = rank %s : tensor<?xindex> -> index
    return %r : index
  }
} mapping {}

// -----

// A host call the check guards stays after it: it runs only when the check
// passes (--verify-semantics, which every RUN line adds, compares the calls
// each input makes before and after).
// CHECK-LABEL: func.func @guarded_call
// CHECK:         %[[OK:.*]] = arith.cmpi sge, %arg0, %{{.*}}
// CHECK:         scf.if %[[OK]] -> (i32, index) {
// CHECK:           func.call @host_log(%arg0) : (index) -> ()
// CHECK:         } else {
func.func private @host_log(index)

func.func @guarded_call(%a: index) -> index {
  %c0 = arith.constant 0 : index
  %ok = arith.cmpi sge, %a, %c0 : index
  cf.assert %ok, "must be non-negative"
  func.call @host_log(%a) : (index) -> ()
  return %a : index
}

// -----

// A result of a type with no zero of its own (a type of another dialect, a
// memref, a vector, a tensor of complex numbers) gets `ub.poison` on
// failure: the status says failure, so no one reads it. A caller of the
// function hands the callee's result on with the callee's status, with no
// branch: its own caller reads it only where that status is 0.
// CHECK-LABEL: func.func @foreign
// CHECK-SAME:    -> (i32, index, !torch.vtensor<[2],f32>, memref<?xf32>, vector<4xf32>, tensor<2xcomplex<f32>>)
// CHECK-DAG:     %[[T:.*]] = ub.poison : !torch.vtensor<[2],f32>
// CHECK-DAG:     %[[M:.*]] = ub.poison : memref<?xf32>
// CHECK-DAG:     %[[V:.*]] = ub.poison : vector<4xf32>
// CHECK-DAG:     %[[C:.*]] = ub.poison : tensor<2xcomplex<f32>>
// CHECK:         scf.if
// CHECK:           "torch.make"(%arg0)
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %{{.*}}, %{{.*}}, %[[T]], %[[M]], %[[V]], %[[C]] :
// CHECK-LABEL: func.func @foreign_caller
// CHECK-SAME:    -> (i32, !torch.vtensor<[2],f32>)
// CHECK-NOT:     ub.poison
// CHECK:         %[[R:.*]]:6 = call @foreign
// CHECK-NOT:     scf.if
// CHECK:         %[[STATUS:.*]] = arith.select
// CHECK-NEXT:    return %[[STATUS]], %[[R]]#2 :
func.func @foreign(%a: index, %b: index, %m: memref<?xf32>, %v: vector<4xf32>) -> (index, !torch.vtensor<[2],f32>, memref<?xf32>, vector<4xf32>, tensor<2xcomplex<f32>>) {
  %ok = arith.cmpi eq, %a, %b : index
  cf.assert %ok, "a and b must be equal"
  %t = "torch.make"(%a) : (index) -> !torch.vtensor<[2],f32>
  %c = "torch.complex"(%a) : (index) -> tensor<2xcomplex<f32>>
  return %a, %t, %m, %v, %c : index, !torch.vtensor<[2],f32>, memref<?xf32>, vector<4xf32>, tensor<2xcomplex<f32>>
}

func.func @foreign_caller(%a: index, %m: memref<?xf32>, %v: vector<4xf32>) -> !torch.vtensor<[2],f32> {
  %c1 = arith.constant 1 : index
  %r:5 = func.call @foreign(%a, %c1, %m, %v) : (index, index, memref<?xf32>, vector<4xf32>) -> (index, !torch.vtensor<[2],f32>, memref<?xf32>, vector<4xf32>, tensor<2xcomplex<f32>>)
  return %r#1 : !torch.vtensor<[2],f32>
}

// -----

// The same, on inputs --verify-semantics can sample: on a failing input
// the poison is returned under a nonzero status, which the interpreter
// reads as the failure it names.
// CHECK-LABEL: func.func @foreign_sampled
// CHECK:         %[[T:.*]] = ub.poison : !torch.vtensor<[2],f32>
// CHECK:         scf.yield %{{.*}}, %{{.*}}, %[[T]] :
func.func @foreign_sampled(%a: index, %b: index) -> (index, !torch.vtensor<[2],f32>) {
  %ok = arith.cmpi eq, %a, %b : index
  cf.assert %ok, "a and b must be equal"
  %t = "torch.make"(%a) : (index) -> !torch.vtensor<[2],f32>
  return %a, %t : index, !torch.vtensor<[2],f32>
}

// -----

// Checks are tested together only across speculatable ops: a division (by
// a divisor the first check tests) and a read of an extent tensor at an
// index the second check tests stay guarded by the checks before them.
// CHECK-LABEL: func.func @guarded_by_each_check
// CHECK-SAME:    shape_opt.failure_messages = ["divisor must not be 0", "index in range", "quotient is small"]
// CHECK:         %[[NONZERO:.*]] = arith.cmpi ne, %arg1, %{{.*}}
// CHECK-NOT:     arith.divsi
// CHECK:         scf.if %[[NONZERO]] -> (i32, index) {
// CHECK:           %[[Q:.*]] = arith.divsi %arg0, %arg1
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[Q]], %{{.*}}
// CHECK-NOT:       tensor.extract
// CHECK:           scf.if %[[IN]] -> (i32, index) {
// CHECK:             %[[E:.*]] = tensor.extract %arg2[%[[Q]]]
// CHECK:             %[[SMALL:.*]] = arith.cmpi slt, %[[E]], %{{.*}}
// CHECK-NOT:         scf.if
// CHECK:             arith.select %[[SMALL]]
func.func @guarded_by_each_check(%a: index, %b: index, %t: tensor<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %nonzero = arith.cmpi ne, %b, %c0 : index
  cf.assert %nonzero, "divisor must not be 0"
  %q = arith.divsi %a, %b : index
  %n = tensor.dim %t, %c0 : tensor<?xindex>
  %in = arith.cmpi ult, %q, %n : index
  cf.assert %in, "index in range"
  %e = tensor.extract %t[%q] : tensor<?xindex>
  %small = arith.cmpi slt, %e, %c10 : index
  cf.assert %small, "quotient is small"
  return %e : index
}
