// A program using the matmul shape function of `examples/matmul.mlir` twice:
// @main chains two `foo.matmul` ops (an op of no registered dialect, kept
// opaque in generic form; run with --allow-unregistered-dialect). The
// library's `mapping` sends `foo.matmul` to @matmul, so
// `shape-opt --allow-unregistered-dialect --reify-shape-library` gives each
// op its own instance of @matmul on the op's operand types, called right
// before the op. The first product takes an unranked operand, so its
// instance can fail on rank; the second is ranked, with a static result
// column count.
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

func.func @main(%a: tensor<*xf32>, %b: tensor<?x?xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %ab = "foo.matmul"(%a, %b) : (tensor<*xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %abc = "foo.matmul"(%ab, %c) : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %abc : tensor<?x4xf32>
}
