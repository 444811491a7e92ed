// RUN: shape-opt %s --split-input-file --verify-diagnostics --convert-shape-to-std
//
// What convert-shape-to-std declines, with an error at the op.

func.func @constraint(%a: tensor<?xindex>, %b: tensor<?xindex>) {
  // expected-error@+1 {{'shape.cstr_eq' op uses type !shape.witness, which convert-shape-to-std cannot lower: run 'lower-to-asserting' first}}
  %w = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  return
}

// -----

func.func @meet(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  // expected-error@+1 {{'shape.meet' op cannot be lowered to std form}}
  %m = shape.meet %a, %b : !shape.shape, !shape.shape -> !shape.shape
  return %m : !shape.shape
}

// -----

// expected-error@+1 {{'func.func' op uses type !shape.value_shape, which convert-shape-to-std cannot lower: a value that carries errors has no std form}}
func.func @value_shape(%v: !shape.value_shape) -> !shape.shape {
  %s = shape.shape_of %v : !shape.value_shape -> !shape.shape
  return %s : !shape.shape
}

// -----

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
