// test: input
// `--lower-to=std` on inputs it must refuse, with the op to blame.

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
