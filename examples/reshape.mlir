// A reshape's shape function: the target shape, checked against the operand by element count.
//
// Reshaping %operand to the runtime shape %target keeps the elements, so
// both must hold the same number of them: `num_elements` of each, met
// with the op's `error=` text. The function returns the target shape and
// the element count (two results). The operand is unranked and the target
// is a `!shape.shape` argument (an extent tensor once lowered), so no rank
// is known.
func.func @reshape(%operand: tensor<*xf32>, %target: !shape.shape) -> (!shape.shape, !shape.size) {
  %shape = shape.shape_of %operand : tensor<*xf32> -> !shape.shape
  %count = shape.num_elements %shape : !shape.shape -> !shape.size
  %target_count = shape.num_elements %target : !shape.shape -> !shape.size
  %same = shape.meet %count, %target_count, error = "reshape must keep the number of elements" : !shape.size, !shape.size -> !shape.size
  return %target, %same : !shape.shape, !shape.size
}
