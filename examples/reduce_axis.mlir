// A reduction over a runtime axis: the operand's shape with dimension `axis` removed.
//
// [d0, ..., d(k-1), dk, d(k+1), ...] reduced over axis k gives
// [d0, ..., d(k-1), d(k+1), ...] and the extent dk that was reduced. The
// rank check is `axis < rank`, written as `max(axis + 1, rank)` meeting
// rank (the shape dialect has no comparison in this form); a rank-0
// operand has no axis to reduce. Two `split_at`s (at the axis, then at 1)
// cut the dimension out and `concat` joins the rest.
func.func @reduce_axis(%operand: tensor<*xf32>, %axis: !shape.size) -> (!shape.shape, !shape.size) {
  %c1 = shape.const_size 1
  %shape = shape.shape_of %operand : tensor<*xf32> -> !shape.shape
  %rank = shape.rank %shape : !shape.shape -> !shape.size
  %axis_end = shape.add %axis, %c1 : !shape.size, !shape.size -> !shape.size
  %bound = shape.max %axis_end, %rank : !shape.size, !shape.size -> !shape.size
  %in_range = shape.meet %bound, %rank, error = "reduction axis out of range" : !shape.size, !shape.size -> !shape.size
  %before, %from_axis = "shape.split_at"(%shape, %axis) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %reduced, %after = "shape.split_at"(%from_axis, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %extent = shape.get_extent %shape, %axis : !shape.shape, !shape.size -> !shape.size
  %res = shape.concat %before, %after : !shape.shape, !shape.shape -> !shape.shape
  return %res, %extent : !shape.shape, !shape.size
}
