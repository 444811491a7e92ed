// Left-pads an extent tensor (not a tensor's shape: the argument *is* the
// shape) with 1s to rank 3, by broadcasting it with the constant shape
// [1, 1, 1], and casts the result to the static type `tensor<3xindex>`.
// A `const_witness true` stands for a constraint already discharged at
// compile time.
//
// Requires rank <= 3: aborts with "pad_rank needs rank <= 3".
func.func @pad_rank(%s: tensor<?xindex>) -> tensor<3xindex> {
  %c3 = arith.constant 3 : index
  %rank = shape.rank %s : tensor<?xindex> -> index
  %small = arith.cmpi ule, %rank, %c3 : index
  %w_rank = shape.cstr_require %small, "pad_rank needs rank <= 3"
  %w_known = shape.const_witness true
  %w = shape.assuming_all %w_known, %w_rank
  %res = shape.assuming %w -> tensor<3xindex> {
    %ones = shape.const_shape [1, 1, 1] : tensor<3xindex>
    %padded = shape.broadcast %s, %ones : tensor<?xindex>, tensor<3xindex> -> tensor<?xindex>
    %fixed = shape.to_extent_tensor %padded : tensor<?xindex> -> tensor<3xindex>
    shape.assuming_yield %fixed : tensor<3xindex>
  }
  return %res : tensor<3xindex>
}
