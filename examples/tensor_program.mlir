// A tensor program (pad, extract_slice, concat) whose ops get their shape functions from a library.
//
// The library's `mapping` names a shape function for each tensor op
// @program uses; `--lower-to` reifies one instance per op (as for
// `foo.matmul` in matmul_program.mlir), so the program aborts with the
// shape function's message before an op its operands do not fit. The
// functions are written for the way @program uses the ops: rank-2
// operands, every padding amount, offset and size an `index` operand
// (`tensor.pad low[..] high[..]`, `tensor.extract_slice` with unit
// strides), `tensor.concat` along dimension 0. Index arithmetic is `arith`
// (legal in every form); `shape.meet` on `index` states each requirement.
shape.function_library @tensor_shapes {
  // [d0, d1] padded by low[l0, l1] high[h0, h1]: [l0 + d0 + h0, l1 + d1 + h1].
  func @pad(%source: !shape.value_shape, %low0: index, %low1: index, %high0: index, %high1: index) -> !shape.shape {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %shape = shape_of %source : !shape.value_shape -> !shape.shape
    %d0_size = get_extent %shape, %c0 : !shape.shape, index -> !shape.size
    %d0 = size_to_index %d0_size : !shape.size
    %d1_size = get_extent %shape, %c1 : !shape.shape, index -> !shape.size
    %d1 = size_to_index %d1_size : !shape.size
    %low = arith.minsi %low0, %low1 : index
    %high = arith.minsi %high0, %high1 : index
    %least = arith.minsi %low, %high : index
    %least_or_0 = arith.maxsi %least, %c0 : index
    %nonnegative = meet %least_or_0, %least, error = "padding must be non-negative" : index, index -> index
    %sum0 = arith.addi %low0, %d0 : index
    %e0 = arith.addi %sum0, %high0 : index
    %sum1 = arith.addi %low1, %d1 : index
    %e1 = arith.addi %sum1, %high1 : index
    %res = from_extents %e0, %e1 : index, index
    return %res : !shape.shape
  }
  // The slice [o0, o0 + s0) x [o1, o1 + s1) of a [d0, d1] source: [s0, s1].
  func @extract_slice(%source: !shape.value_shape, %offset0: index, %offset1: index, %size0: index, %size1: index) -> !shape.shape {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %shape = shape_of %source : !shape.value_shape -> !shape.shape
    %d0_size = get_extent %shape, %c0 : !shape.shape, index -> !shape.size
    %d0 = size_to_index %d0_size : !shape.size
    %d1_size = get_extent %shape, %c1 : !shape.shape, index -> !shape.size
    %d1 = size_to_index %d1_size : !shape.size
    %offset = arith.minsi %offset0, %offset1 : index
    %size = arith.minsi %size0, %size1 : index
    %least = arith.minsi %offset, %size : index
    %least_or_0 = arith.maxsi %least, %c0 : index
    %nonnegative = meet %least_or_0, %least, error = "slice offsets and sizes must be non-negative" : index, index -> index
    %end0 = arith.addi %offset0, %size0 : index
    %end1 = arith.addi %offset1, %size1 : index
    %bound0 = arith.maxsi %end0, %d0 : index
    %bound1 = arith.maxsi %end1, %d1 : index
    %fits0 = meet %bound0, %d0, error = "slice exceeds dimension 0" : index, index -> index
    %fits1 = meet %bound1, %d1, error = "slice exceeds dimension 1" : index, index -> index
    %res = from_extents %size0, %size1 : index, index
    return %res : !shape.shape
  }
  // [a0, t...] ++ [b0, t...] along dimension 0: [a0 + b0, t...].
  func @concat(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lhs_shape = shape_of %lhs : !shape.value_shape -> !shape.shape
    %rhs_shape = shape_of %rhs : !shape.value_shape -> !shape.shape
    %lhs_head, %lhs_tail = "shape.split_at"(%lhs_shape, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %rhs_head, %rhs_tail = "shape.split_at"(%rhs_shape, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %tail = meet %lhs_tail, %rhs_tail, error = "concatenated tensors must have equal trailing dimensions" : !shape.shape, !shape.shape -> !shape.shape
    %a0_size = get_extent %lhs_shape, %c0 : !shape.shape, index -> !shape.size
    %a0 = size_to_index %a0_size : !shape.size
    %b0_size = get_extent %rhs_shape, %c0 : !shape.shape, index -> !shape.size
    %b0 = size_to_index %b0_size : !shape.size
    %rows = arith.addi %a0, %b0 : index
    %head = from_extents %rows : index
    %res = concat %head, %tail : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {
  tensor.pad = @pad,
  tensor.extract_slice = @extract_slice,
  tensor.concat = @concat
}

// Pads %x by %low rows above and %high rows below, keeps %rows rows of the
// result from row %offset on, and appends the rows of %y.
func.func @program(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %low: index, %high: index, %offset: index, %rows: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[%low, %c0] high[%high, %c0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %cols = tensor.dim %padded, %c1 : tensor<?x?xf32>
  %slice = tensor.extract_slice %padded[%offset, %c0] [%rows, %cols] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %joined = tensor.concat dim(0) %slice, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %joined : tensor<?x?xf32>
}
