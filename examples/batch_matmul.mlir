// Batched matmul shape function with broadcasting batch dimensions.
//
// [b..., m, k] x [c..., k, n] gives [broadcast(b, c)..., m, n].
// The library maps `foo.batch_matmul` to @batch_matmul, in error-monadic
// form. Each requirement has its own `error=` text: both operands have
// rank >= 2 (`min(rank, 2)` meets 2), the contracting dimensions k agree,
// and the batch dimensions broadcast. A `shape.meet` fails where it
// stands, a `shape.broadcast` gives an error value that fails the function
// when it reaches the result, so an input failing the last two fails with
// the k message here; the lowering checks the broadcast where it stands,
// before the k check. `split_at` at the negative index -2 (an `index`
// constant: a `!shape.size` is never negative) separates the batch
// dimensions from the matrix dimensions.
shape.function_library @batch_matmul_lib {
  func @batch_matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %c2 = const_size 2
    %cm2 = arith.constant -2 : index
    %lhs_shape = shape_of %lhs : !shape.value_shape -> !shape.shape
    %rhs_shape = shape_of %rhs : !shape.value_shape -> !shape.shape
    %lhs_rank = rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = rank %rhs_shape : !shape.shape -> !shape.size
    %lhs_min = min %lhs_rank, %c2 : !shape.size, !shape.size -> !shape.size
    %rhs_min = min %rhs_rank, %c2 : !shape.size, !shape.size -> !shape.size
    %lhs_ok = meet %lhs_min, %c2, error = "batch matmul requires an lhs of rank >= 2" : !shape.size, !shape.size -> !shape.size
    %rhs_ok = meet %rhs_min, %c2, error = "batch matmul requires an rhs of rank >= 2" : !shape.size, !shape.size -> !shape.size
    %lhs_batch, %lhs_mk = "shape.split_at"(%lhs_shape, %cm2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %rhs_batch, %rhs_kn = "shape.split_at"(%rhs_shape, %cm2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %m, %lhs_k = "shape.split_at"(%lhs_mk, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %rhs_k, %n = "shape.split_at"(%rhs_kn, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %k = meet %lhs_k, %rhs_k, error = "contracting dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %batch = broadcast %lhs_batch, %rhs_batch {error = "batch dimensions must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
    %batch_m = concat %batch, %m : !shape.shape, !shape.shape -> !shape.shape
    %res = concat %batch_m, %n : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {foo.batch_matmul = @batch_matmul}
