// Result shape of a ternary elementwise op such as `select(%c, %x, %y)`:
// the broadcast of three operand shapes under one variadic
// `cstr_broadcastable`. Aborts with "required broadcastable shapes" when any
// two of the shapes conflict.
func.func @broadcast_ternary(%c: tensor<*xf32>, %x: tensor<*xf32>, %y: tensor<*xf32>) -> tensor<?xindex> {
  %sc = shape.shape_of %c : tensor<*xf32> -> tensor<?xindex>
  %sx = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %sy = shape.shape_of %y : tensor<*xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %sc, %sx, %sy : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %res = shape.assuming %w -> tensor<?xindex> {
    %bcast = shape.broadcast %sc, %sx, %sy : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %bcast : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
