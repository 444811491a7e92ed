// The matmul shape function of the lowering walk-through of the shape dialect, in the
// stage-2 (constrained) form that upstream MLIR can lower: [m, k] x [k, n]
// gives [m, n].
//
// Differences from the walk-through: the rank checks are `cstr_require` on
// `arith.cmpi` (`cstr_eq` takes shapes, not sizes), and the result is built
// with `tensor.from_elements` because upstream cannot lower `shape.concat`.
//
// Aborts with "requires rank 2 operands" (either operand, lhs checked first)
// or, for ranks 2 and 2, with "required equal shapes" when k differs.
func.func @matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %size1 = shape.const_size 1
  %c1 = shape.size_to_index %size1 : !shape.size
  %size2 = shape.const_size 2
  %c2 = shape.size_to_index %size2 : !shape.size
  %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
  %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
  %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
  %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
  %lhs_rank_ok = arith.cmpi eq, %lhs_rank, %c2 : index
  %rhs_rank_ok = arith.cmpi eq, %rhs_rank, %c2 : index
  %w1 = shape.cstr_require %lhs_rank_ok, "requires rank 2 operands"
  %w2 = shape.cstr_require %rhs_rank_ok, "requires rank 2 operands"
  %w = shape.assuming_all %w1, %w2
  %res = shape.assuming %w -> tensor<?xindex> {
    %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    // The inner dimensions must match.
    %w3 = shape.cstr_eq %l1, %r0 : tensor<?xindex>, tensor<?xindex>
    %res_1 = shape.assuming %w3 -> tensor<?xindex> {
      %m = shape.get_extent %l0, %c0 : tensor<?xindex>, index -> index
      %n = shape.get_extent %r1, %c0 : tensor<?xindex>, index -> index
      %mn = tensor.from_elements %m, %n : tensor<2xindex>
      %res_2 = tensor.cast %mn : tensor<2xindex> to tensor<?xindex>
      shape.assuming_yield %res_2 : tensor<?xindex>
    }
    shape.assuming_yield %res_1 : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
