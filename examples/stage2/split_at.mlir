// `shape.split_at` of a tensor's shape at a runtime index %i, which may be
// negative (counted from the back, as in Python slicing): returns the head
// and the tail. Also returns the first extent of the tail, or 1 when the tail
// is empty, via `shape.get_extent` in an `scf.if`.
//
// Requires -rank <= %i <= rank: aborts with "split index out of range".
func.func @split_at(%a: tensor<*xf32>, %i: index) -> (tensor<?xindex>, tensor<?xindex>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %shape = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %shape : tensor<?xindex> -> index
  %neg_rank = arith.subi %c0, %rank : index
  %above = arith.cmpi sge, %i, %neg_rank : index
  %below = arith.cmpi sle, %i, %rank : index
  %w_above = shape.cstr_require %above, "split index out of range"
  %w_below = shape.cstr_require %below, "split index out of range"
  %w = shape.assuming_all %w_above, %w_below
  %res:3 = shape.assuming %w -> (tensor<?xindex>, tensor<?xindex>, index) {
    %head, %tail = "shape.split_at"(%shape, %i) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %tail_rank = shape.rank %tail : tensor<?xindex> -> index
    %tail_empty = arith.cmpi eq, %tail_rank, %c0 : index
    %first = scf.if %tail_empty -> (index) {
      scf.yield %c1 : index
    } else {
      %e = shape.get_extent %tail, %c0 : tensor<?xindex>, index -> index
      scf.yield %e : index
    }
    shape.assuming_yield %head, %tail, %first : tensor<?xindex>, tensor<?xindex>, index
  }
  return %res#0, %res#1, %res#2 : tensor<?xindex>, tensor<?xindex>, index
}
