// Result shape of a ternary elementwise op without broadcasting (e.g. a
// fused multiply-add): all three shapes must be equal, checked by one
// variadic `cstr_eq`; `shape.any` then picks one of the (equal) shapes.
//
// Aborts with "required equal shapes".
func.func @same_shape(%a: tensor<*xf32>, %b: tensor<*xf32>, %c: tensor<*xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %sc = shape.shape_of %c : tensor<*xf32> -> tensor<?xindex>
  %w = shape.cstr_eq %sa, %sb, %sc : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %res = shape.assuming %w -> tensor<?xindex> {
    %any = shape.any %sa, %sb, %sc : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %any : tensor<?xindex>
  }
  return %res : tensor<?xindex>
}
