// Two statistics of a shape in one `shape.reduce` with two accumulators:
// the number of unit (size-1) dimensions, and the row-major stride of
// dimension 0 (the product of every extent but the first). Uses `shape.add`
// and `shape.mul` on `index` inside the reduction body.
//
// Requires rank >= 1: aborts with "stride of dimension 0 needs rank >= 1"
// for a scalar.
func.func @reduce(%a: tensor<*xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %shape = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %shape : tensor<?xindex> -> index
  %ranked = arith.cmpi uge, %rank, %c1 : index
  %w = shape.cstr_require %ranked, "stride of dimension 0 needs rank >= 1"
  %res:2 = shape.assuming %w -> (index, index) {
    %units, %stride = shape.reduce(%shape, %c0, %c1) : tensor<?xindex> -> (index, index) {
      ^bb0(%i: index, %extent: index, %units_acc: index, %stride_acc: index):
        %is_unit = arith.cmpi eq, %extent, %c1 : index
        %unit = arith.select %is_unit, %c1, %c0 : index
        %units_next = shape.add %units_acc, %unit : index, index -> index
        %is_first = arith.cmpi eq, %i, %c0 : index
        %product = shape.mul %stride_acc, %extent : index, index -> index
        %stride_next = arith.select %is_first, %stride_acc, %product : index
        shape.yield %units_next, %stride_next : index, index
    }
    shape.assuming_yield %units, %stride : index, index
  }
  return %res#0, %res#1 : index, index
}
