// Result shape of a binary elementwise op with numpy-style broadcasting
// (e.g. `%a + %b`): the broadcast of both operand shapes, guarded by a
// `cstr_broadcastable` witness. Aborts with "required broadcastable shapes"
// when the shapes do not broadcast, e.g. [2, 3] and [4].
func.func @broadcast_binary(%a: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  %res = shape.assuming %w -> tensor<?xindex> {
    %bcast = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %bcast : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
