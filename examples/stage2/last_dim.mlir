// Rank checks with `cstr_require` on `arith.cmpi`: %a must have rank 1, 2 or
// 3. Returns the rank and the extent of the last dimension, read with
// `shape.dim` straight from the tensor.
//
// The rank takes a detour through `!shape.size` (`index_to_size`, then
// `size_to_index`): upstream has no lowering for either op, but
// `--canonicalize` folds the pair away before `convert-shape-to-std` runs.
//
// Aborts with "rank must be at least 1" or "rank must be at most 3".
func.func @last_dim(%a: tensor<*xf32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %shape = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %rank_index = shape.rank %shape : tensor<?xindex> -> index
  %rank_size = shape.index_to_size %rank_index
  %rank = shape.size_to_index %rank_size : !shape.size
  %at_least_1 = arith.cmpi uge, %rank, %c1 : index
  %at_most_3 = arith.cmpi ule, %rank, %c3 : index
  %w1 = shape.cstr_require %at_least_1, "rank must be at least 1"
  %w2 = shape.cstr_require %at_most_3, "rank must be at most 3"
  %w = shape.assuming_all %w1, %w2
  %res:2 = shape.assuming %w -> (index, index) {
    %last = arith.subi %rank, %c1 : index
    %extent = shape.dim %a, %last : tensor<*xf32>, index -> index
    shape.assuming_yield %rank, %extent : index, index
  }
  return %res#0, %res#1 : index, index
}
