// Shape check of a reshape of %src into the shape of %dst: both must hold
// the same number of elements. Returns the target shape and the element
// count. `shape.num_elements` is lowered by `shape-to-shape-lowering` into a
// `shape.reduce` (a product) and then into an `scf.for` loop.
//
// Aborts with "reshape requires equal element counts", e.g. for [2, 3] and
// [7]; [0, 3] and [2, 0] reshape fine (0 elements each).
func.func @reshape(%src: tensor<*xf32>, %dst: tensor<*xf32>) -> (tensor<?xindex>, index) {
  %src_shape = shape.shape_of %src : tensor<*xf32> -> tensor<?xindex>
  %dst_shape = shape.shape_of %dst : tensor<*xf32> -> tensor<?xindex>
  %src_count = shape.num_elements %src_shape : tensor<?xindex> -> index
  %dst_count = shape.num_elements %dst_shape : tensor<?xindex> -> index
  %same = arith.cmpi eq, %src_count, %dst_count : index
  %w = shape.cstr_require %same, "reshape requires equal element counts"
  %res:2 = shape.assuming %w -> (tensor<?xindex>, index) {
    shape.assuming_yield %dst_shape, %dst_count : tensor<?xindex>, index
  }
  return %res#0, %res#1 : tensor<?xindex>, index
}
