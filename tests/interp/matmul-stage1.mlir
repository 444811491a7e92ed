// test: input
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
