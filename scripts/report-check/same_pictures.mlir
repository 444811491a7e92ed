// Two checks that canonicalize-constraints keeps as they are: its pictures
// before and after are the same drawing, shown twice on the page (and the
// browser test checks that their ids stay apart).
module {
  func.func @kept_as_is(%a0: tensor<?x?xf32>, %a1: tensor<*xf32>) -> !shape.shape {
    %s0 = shape.shape_of %a0 : tensor<?x?xf32> -> !shape.shape
    %s1 = shape.shape_of %a1 : tensor<*xf32> -> !shape.shape
    %b1 = shape.broadcast %s0, %s1 {error = "shapes must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
    return %b1 : !shape.shape
  }
  func.func @kept_as_is_too(%a0: tensor<*xf32>, %a1: tensor<?x?xf32>, %a2: tensor<*xf32>) -> !shape.shape {
    %s0 = shape.shape_of %a0 : tensor<*xf32> -> !shape.shape
    %s1 = shape.shape_of %a1 : tensor<?x?xf32> -> !shape.shape
    %s2 = shape.shape_of %a2 : tensor<*xf32> -> !shape.shape
    %b1 = shape.broadcast %s0, %s1 {error = "first pair must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
    %b2 = shape.broadcast %b1, %s2 {error = "all three must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
    return %b2 : !shape.shape
  }
}
