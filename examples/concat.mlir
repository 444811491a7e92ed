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
