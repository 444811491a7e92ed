// `--lower-to=std` on inputs it must refuse, with the op to blame.

func.func @mixed(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  // expected-error@+1 {{the input mixes forms: 'shape.cstr_eq' op is not legal in error-monadic form (constraints and witnesses)}}
  %w = shape.cstr_eq %a, %b : !shape.shape, !shape.shape
  %0 = shape.meet %a, %b : !shape.shape, !shape.shape -> !shape.shape
  return %0 : !shape.shape
}

// -----
// Every pass of the default pipelines is registered: what the lowering to
// std form declines is an error at the op.

func.func @twice(%t: tensor<*xf32>) -> index {
  %c0 = arith.constant 0 : index
  return %c0 : index
}

shape.function_library @lib {
  // expected-error@+1 {{'shape.func' op cannot leave library @lib: the module already defines @twice}}
  func @twice(%t: tensor<*xf32>) -> index {
    %s = shape_of %t : tensor<*xf32> -> tensor<?xindex>
    %r = rank %s : tensor<?xindex> -> index
    return %r : index
  }
} mapping {foo.op = @twice}
