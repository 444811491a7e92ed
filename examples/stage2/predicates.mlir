// The two shape predicates, which never abort: whether the shapes of a
// rank-2 %a and an arbitrary %b are equal (`shape.shape_eq`) and whether they
// broadcast (`shape.is_broadcastable`). %a has a ranked type, so its shape
// comes from two `tensor.dim`s rather than a `tensor.generate`.
func.func @predicates(%a: tensor<?x?xf32>, %b: tensor<*xf32>) -> (i1, i1) {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %eq = shape.shape_eq %sa, %sb : tensor<?xindex>, tensor<?xindex>
  %bcast = shape.is_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  return %eq, %bcast : i1, i1
}
