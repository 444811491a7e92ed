// test: run-lines
// RUN: shape-opt %s --lower-to=std | precise-output
//
// examples/concat.mlir lowered to std; the whole output is kept below.

// Concatenation of two tensors along dimension 0, in error-monadic form.
//
// [a0, t...] ++ [b0, t...] gives [a0 + b0, t...]. The operands are
// unranked: their ranks must be equal and at least 1 (`min(rank, 1)` meets
// 1), and the trailing dimensions t must agree. `get_extent` reads the
// leading extents, `from_extents` builds the new leading dimension and
// `concat` puts the shape together again.
func.func @concat(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> !shape.shape {
  %c0 = shape.const_size 0
  %c1 = shape.const_size 1
  %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> !shape.shape
  %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> !shape.shape
  %lhs_rank = shape.rank %lhs_shape : !shape.shape -> !shape.size
  %rhs_rank = shape.rank %rhs_shape : !shape.shape -> !shape.size
  %rank = shape.meet %lhs_rank, %rhs_rank, error = "concat requires operands of equal rank" : !shape.size, !shape.size -> !shape.size
  %rank_min = shape.min %rank, %c1 : !shape.size, !shape.size -> !shape.size
  %nonscalar = shape.meet %rank_min, %c1, error = "concat requires operands of rank >= 1" : !shape.size, !shape.size -> !shape.size
  %lhs_head, %lhs_tail = "shape.split_at"(%lhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %rhs_head, %rhs_tail = "shape.split_at"(%rhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %tail = shape.meet %lhs_tail, %rhs_tail, error = "concat requires equal trailing dimensions" : !shape.shape, !shape.shape -> !shape.shape
  %lhs_rows = shape.get_extent %lhs_shape, %c0 : !shape.shape, !shape.size -> !shape.size
  %rhs_rows = shape.get_extent %rhs_shape, %c0 : !shape.shape, !shape.size -> !shape.size
  %rows = shape.add %lhs_rows, %rhs_rows : !shape.size, !shape.size -> !shape.size
  %head = shape.from_extents %rows : !shape.size
  %res = shape.concat %head, %tail : !shape.shape, !shape.shape -> !shape.shape
  return %res : !shape.shape
}
// PRECISE-OUTPUT:
// module {
//   func.func @concat(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>) -> tensor<?xindex> {
//     %c0 = arith.constant 0 : index
//     %false = arith.constant false
//     %c1 = arith.constant 1 : index
//     %true = arith.constant true
//     %rank = tensor.rank %arg0 : tensor<*xf32>
//     %rank_0 = tensor.rank %arg1 : tensor<*xf32>
//     %0 = arith.cmpi eq, %rank, %rank_0 : index
//     cf.assert %0, "concat requires operands of equal rank"
//     %1 = arith.minsi %rank, %c1 : index
//     %2 = arith.cmpi eq, %1, %c1 : index
//     cf.assert %2, "concat requires operands of rank >= 1"
//     %3 = arith.subi %rank, %c1 : index
//     %4 = arith.subi %rank_0, %c1 : index
//     %5 = arith.cmpi eq, %4, %3 : index
//     %6 = scf.if %5 -> (i1) {
//       %8 = scf.for %arg2 = %c0 to %3 step %c1 iter_args(%arg3 = %true) -> (i1) {
//         %9 = arith.addi %arg2, %c1 : index
//         %dim_2 = tensor.dim %arg0, %9 : tensor<*xf32>
//         %dim_3 = tensor.dim %arg1, %9 : tensor<*xf32>
//         %10 = arith.cmpi eq, %dim_2, %dim_3 : index
//         %11 = arith.andi %arg3, %10 : i1
//         scf.yield %11 : i1
//       }
//       scf.yield %8 : i1
//     } else {
//       scf.yield %false : i1
//     }
//     cf.assert %6, "concat requires equal trailing dimensions"
//     %dim = tensor.dim %arg0, %c0 : tensor<*xf32>
//     %dim_1 = tensor.dim %arg1, %c0 : tensor<*xf32>
//     %7 = arith.addi %dim, %dim_1 : index
//     %from_elements = tensor.from_elements %7 : tensor<1xindex>
//     %cast = tensor.cast %from_elements : tensor<1xindex> to tensor<?xindex>
//     %generated = tensor.generate %3 {
//     ^bb0(%arg2: index):
//       %8 = arith.addi %arg2, %c1 : index
//       %dim_2 = tensor.dim %arg0, %8 : tensor<*xf32>
//       tensor.yield %dim_2 : index
//     } : tensor<?xindex>
//     %concat = tensor.concat dim(0) %cast, %generated : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
//     return %concat : tensor<?xindex>
//   }
// }
//
