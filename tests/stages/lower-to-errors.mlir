// `--lower-to=std` on inputs it must refuse, with the op to blame.

func.func @mixed(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  // expected-error@+1 {{the input mixes forms: 'shape.cstr_eq' op is not legal in error-monadic form (constraints and witnesses)}}
  %w = shape.cstr_eq %a, %b : !shape.shape, !shape.shape
  %0 = shape.meet %a, %b : !shape.shape, !shape.shape -> !shape.shape
  return %0 : !shape.shape
}

// -----
// expected-error@+1 {{lowering asserting form to std form needs pass 'convert-shape-to-std', which is not registered}}
func.func @size(%a: !shape.size) -> !shape.size {
  return %a : !shape.size
}
