// Shape IR as producers write it: the constraint and the region that
// relies on it are stated directly on `!shape.shape` values. No single
// form holds it (witnesses beside values that may carry errors);
// `--lower-to=std` lowers it from the most general form and keeps the
// check: [2,3] and [4,4] do not broadcast, and the std code aborts on them.
func.func @broadcast_stated(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %w = shape.cstr_broadcastable %sa, %sb : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %c = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %c : !shape.shape
  }
  return %r : !shape.shape
}

// The inner dimensions of a matrix product, required equal by a stated
// `shape.cstr_eq` on the split-off parts.
func.func @matmul_stated(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %c1 = shape.const_size 1
  %m, %k0 = "shape.split_at"(%sa, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %k1, %n = "shape.split_at"(%sb, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %w = shape.cstr_eq %k0, %k1 : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %c = shape.concat %m, %n : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %c : !shape.shape
  }
  return %r : !shape.shape
}
