// test: input
// The matmul shape function lowered all the way (std form): `tensor`,
// `arith` and `cf` only.
func.func @matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<2xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lhs_rank = tensor.rank %lhs : tensor<*xf32>
  %rhs_rank = tensor.rank %rhs : tensor<*xf32>
  %same = arith.cmpi eq, %lhs_rank, %rhs_rank : index
  cf.assert %same, "operands of shape.meet must be equal"
  %is2 = arith.cmpi eq, %lhs_rank, %c2 : index
  cf.assert %is2, "requires rank 2 operands"
  %m = tensor.dim %lhs, %c0 : tensor<*xf32>
  %k = tensor.dim %lhs, %c1 : tensor<*xf32>
  %k2 = tensor.dim %rhs, %c0 : tensor<*xf32>
  %n = tensor.dim %rhs, %c1 : tensor<*xf32>
  %inner = arith.cmpi eq, %k, %k2 : index
  cf.assert %inner, "inner dimensions required to match"
  %res = tensor.from_elements %m, %n : tensor<2xindex>
  return %res : tensor<2xindex>
}
