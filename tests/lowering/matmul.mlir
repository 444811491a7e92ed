// test: run-lines
// RUN: shape-opt %s --lower-to=std | precise-output
//
// examples/matmul.mlir lowered to std; the whole output is kept below.

// The matmul shape function of the shape dialect's lowering walk-through, in
// error-monadic (stage 1) form, written as MLIR 22 accepts it: a
// `shape.function_library` whose `mapping` sends `foo.matmul` to @matmul.
shape.function_library @shplib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %c2 = const_size 2
    %lhs_shape = shape_of %lhs : !shape.value_shape -> !shape.shape
    %rhs_shape = shape_of %rhs : !shape.value_shape -> !shape.shape
    %lhs_rank = rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = rank %rhs_shape : !shape.shape -> !shape.size
    %r = meet %lhs_rank, %rhs_rank : !shape.size, !shape.size -> !shape.size
    %rank = meet %c2, %r, error = "requires rank 2 operands" : !shape.size, !shape.size -> !shape.size
    %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %c = meet %l1, %r0, error = "inner dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %res = concat %l0, %r1 : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {foo.matmul = @matmul}
// PRECISE-OUTPUT:
// module {
//   func.func @matmul(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>) -> tensor<?xindex> {
//     %c0 = arith.constant 0 : index
//     %c1 = arith.constant 1 : index
//     %c2 = arith.constant 2 : index
//     %rank = tensor.rank %arg0 : tensor<*xf32>
//     %rank_0 = tensor.rank %arg1 : tensor<*xf32>
//     %0 = arith.cmpi eq, %rank, %rank_0 : index
//     cf.assert %0, "operands of shape.meet must be equal"
//     %1 = arith.cmpi eq, %rank, %c2 : index
//     cf.assert %1, "requires rank 2 operands"
//     %dim = tensor.dim %arg0, %c0 : tensor<*xf32>
//     %dim_1 = tensor.dim %arg0, %c1 : tensor<*xf32>
//     %dim_2 = tensor.dim %arg1, %c0 : tensor<*xf32>
//     %dim_3 = tensor.dim %arg1, %c1 : tensor<*xf32>
//     %2 = arith.cmpi eq, %dim_1, %dim_2 : index
//     cf.assert %2, "inner dimensions required to match"
//     %from_elements = tensor.from_elements %dim, %dim_3 : tensor<2xindex>
//     %cast = tensor.cast %from_elements : tensor<2xindex> to tensor<?xindex>
//     return %cast : tensor<?xindex>
//   }
// }
//
