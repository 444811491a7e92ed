// test: run-lines
// RUN: shape-opt %s --lower-to=std | precise-output
//
// examples/stage2/broadcast_binary.mlir (constrained form) lowered to std.

// Result shape of a binary elementwise op with numpy-style broadcasting
// (e.g. `%a + %b`): the broadcast of both operand shapes, guarded by a
// `cstr_broadcastable` witness. Aborts with "required broadcastable shapes"
// when the shapes do not broadcast, e.g. [2, 3] and [4].
func.func @broadcast_binary(%a: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  %res = shape.assuming %w -> tensor<?xindex> {
    %bcast = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %bcast : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
// PRECISE-OUTPUT:
// module {
//   func.func @broadcast_binary(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>) -> tensor<?xindex> {
//     %c0 = arith.constant 0 : index
//     %true = arith.constant true
//     %c1 = arith.constant 1 : index
//     %rank = tensor.rank %arg0 : tensor<*xf32>
//     %rank_0 = tensor.rank %arg1 : tensor<*xf32>
//     %0 = arith.maxui %rank, %rank_0 : index
//     %1 = arith.subi %0, %rank : index
//     %2 = arith.subi %0, %rank_0 : index
//     %3 = scf.for %arg2 = %c0 to %0 step %c1 iter_args(%arg3 = %true) -> (i1) {
//       %4 = arith.cmpi uge, %arg2, %1 : index
//       %5 = scf.if %4 -> (index) {
//         %14 = arith.subi %arg2, %1 : index
//         %dim = tensor.dim %arg0, %14 : tensor<*xf32>
//         scf.yield %dim : index
//       } else {
//         scf.yield %c1 : index
//       }
//       %6 = arith.cmpi uge, %arg2, %2 : index
//       %7 = scf.if %6 -> (index) {
//         %14 = arith.subi %arg2, %2 : index
//         %dim = tensor.dim %arg1, %14 : tensor<*xf32>
//         scf.yield %dim : index
//       } else {
//         scf.yield %c1 : index
//       }
//       %8 = arith.cmpi eq, %7, %c1 : index
//       %9 = arith.select %8, %5, %7 : index
//       %10 = arith.cmpi eq, %5, %c1 : index
//       %11 = arith.cmpi eq, %5, %9 : index
//       %12 = arith.ori %10, %11 : i1
//       %13 = arith.andi %arg3, %12 : i1
//       scf.yield %13 : i1
//     }
//     cf.assert %3, "operands must be broadcastable"
//     %generated = tensor.generate %0 {
//     ^bb0(%arg2: index):
//       %4 = arith.cmpi uge, %arg2, %1 : index
//       %5 = scf.if %4 -> (index) {
//         %10 = arith.subi %arg2, %1 : index
//         %dim = tensor.dim %arg0, %10 : tensor<*xf32>
//         scf.yield %dim : index
//       } else {
//         scf.yield %c1 : index
//       }
//       %6 = arith.cmpi uge, %arg2, %2 : index
//       %7 = scf.if %6 -> (index) {
//         %10 = arith.subi %arg2, %2 : index
//         %dim = tensor.dim %arg1, %10 : tensor<*xf32>
//         scf.yield %dim : index
//       } else {
//         scf.yield %c1 : index
//       }
//       %8 = arith.cmpi eq, %7, %c1 : index
//       %9 = arith.select %8, %5, %7 : index
//       tensor.yield %9 : index
//     } : tensor<?xindex>
//     return %generated : tensor<?xindex>
//   }
// }
//
