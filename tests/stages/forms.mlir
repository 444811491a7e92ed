// test: stage-forms
// Each piece is legal in the form its FORM line names and in no later one.

// FORM: error-monadic
func.func @meet(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  %0 = shape.meet %a, %b, error="shapes differ" : !shape.shape, !shape.shape -> !shape.shape
  return %0 : !shape.shape
}

// -----
// FORM: error-monadic
shape.function_library @lib {
  shape.func @same(%a: !shape.value_shape) -> !shape.shape {
    %0 = shape.shape_of %a : !shape.value_shape -> !shape.shape
    shape.return %0 : !shape.shape
  }
} mapping {
  foo.same = @same
}

// -----
// FORM: constrained
func.func @guarded(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %w = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %0 = shape.assuming %w -> (tensor<?xindex>) {
    %1 = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %1 : tensor<?xindex>
  }
  return %0 : tensor<?xindex>
}

// -----
// FORM: asserting
func.func @asserted(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %ok = shape.is_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  cf.assert %ok, "operands must be broadcastable"
  %0 = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----
// FORM: std
func.func @plain(%t: tensor<?x3xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x3xf32>
  return %d : index
}
