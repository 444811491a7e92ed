// test: input
// The matmul shape function of the lowering walk-through in asserting form
// (stage 3): every requirement is a `cf.assert` at the point it must hold.
func.func @matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
  %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
  %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
  %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
  %same = arith.cmpi eq, %lhs_rank, %rhs_rank : index
  cf.assert %same, "operands of shape.meet must be equal"
  %is2 = arith.cmpi eq, %lhs_rank, %c2 : index
  cf.assert %is2, "requires rank 2 operands"
  %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %inner = shape.shape_eq %l1, %r0 : tensor<?xindex>, tensor<?xindex>
  cf.assert %inner, "inner dimensions required to match"
  %res = shape.concat %l0, %r1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %res : tensor<?xindex>
}
