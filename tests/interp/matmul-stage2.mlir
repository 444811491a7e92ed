// test: input
// The matmul shape function of the lowering walk-through in constrained
// form (stage 2): errors are no longer values; requirements are witnesses
// (`shape.cstr_*`), and the code that relies on them runs under
// `shape.assuming`. Extents travel as `tensor<?xindex>` and `index`.
func.func @matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
  %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
  %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
  %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
  %same = arith.cmpi eq, %lhs_rank, %rhs_rank : index
  %w0 = shape.cstr_require %same, "operands of shape.meet must be equal"
  %is2 = arith.cmpi eq, %lhs_rank, %c2 : index
  %w1 = shape.cstr_require %is2, "requires rank 2 operands"
  %w = shape.assuming_all %w0, %w1
  %res = shape.assuming %w -> (tensor<?xindex>) {
    %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %w2 = shape.cstr_eq %l1, %r0 {msg = "inner dimensions required to match"} : tensor<?xindex>, tensor<?xindex>
    %inner = shape.assuming %w2 -> (tensor<?xindex>) {
      %c = shape.concat %l0, %r1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      shape.assuming_yield %c : tensor<?xindex>
    }
    shape.assuming_yield %inner : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
