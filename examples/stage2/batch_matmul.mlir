// Batched matmul with broadcast batch dimensions (like numpy's `@`):
// [b..., m, k] x [c..., k, n] gives [broadcast(b, c)..., m, n].
//
// `split_at` with the negative index -2 separates the batch dimensions from
// the matrix dimensions, which are split again (a slice of a slice, whose
// offsets `--expand-strided-metadata` adds up with `affine.apply`: the
// runnable pipeline needs `--lower-affine`). `tensor.concat` assembles the
// result because upstream cannot lower `shape.concat`.
//
// Aborts with "batch matmul requires rank >= 2" (lhs checked first), then
// "required equal shapes" when k differs, then "required broadcastable
// shapes" when the batch dimensions conflict.
func.func @batch_matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm2 = arith.constant -2 : index
  %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
  %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
  %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
  %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
  %lhs_ok = arith.cmpi uge, %lhs_rank, %c2 : index
  %rhs_ok = arith.cmpi uge, %rhs_rank, %c2 : index
  %w1 = shape.cstr_require %lhs_ok, "batch matmul requires rank >= 2"
  %w2 = shape.cstr_require %rhs_ok, "batch matmul requires rank >= 2"
  %w = shape.assuming_all %w1, %w2
  %res = shape.assuming %w -> tensor<?xindex> {
    %lb, %lmk = "shape.split_at"(%lhs_shape, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %rb, %rkn = "shape.split_at"(%rhs_shape, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %lm, %lk = "shape.split_at"(%lmk, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %rk, %rn = "shape.split_at"(%rkn, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %wk = shape.cstr_eq %lk, %rk : tensor<?xindex>, tensor<?xindex>
    %wb = shape.cstr_broadcastable %lb, %rb : tensor<?xindex>, tensor<?xindex>
    %wkb = shape.assuming_all %wk, %wb
    %res_1 = shape.assuming %wkb -> tensor<?xindex> {
      %batch = shape.broadcast %lb, %rb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      %full = tensor.concat dim(0) %batch, %lm, %rn : (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
      shape.assuming_yield %full : tensor<?xindex>
    }
    shape.assuming_yield %res_1 : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
