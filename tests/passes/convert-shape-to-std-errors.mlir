// test: run-lines
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
  // expected-error@+1 {{'shape.meet' op may give an error as its !shape.shape result, which std form cannot hold: run 'lower-to-constrained' first}}
  %m = shape.meet %a, %b : !shape.shape, !shape.shape -> !shape.shape
  return %m : !shape.shape
}

// -----

// A stage-1 broadcast fails with its message on shapes that do not
// broadcast; lowered as if it could not fail, it would pass them.
func.func @error_monadic_broadcast(%a: tensor<?xf32>, %b: tensor<?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
  // expected-error@+1 {{'shape.broadcast' op may give an error as its !shape.shape result, which std form cannot hold: run 'lower-to-constrained' first}}
  %r = shape.broadcast %sa, %sb {error = "a + b: shapes must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
  return %r : !shape.shape
}

// -----

// Sizes overflow into an error, where index arithmetic wraps.
func.func @size_arithmetic(%a: !shape.size, %b: !shape.size) -> !shape.size {
  // expected-error@+1 {{'shape.add' op may give an error as its !shape.size result, which std form cannot hold: run 'lower-to-constrained' first}}
  %s = shape.add %a, %b : !shape.size, !shape.size -> !shape.size
  return %s : !shape.size
}

// -----

// max and min of shapes fail on different ranks.
func.func @max_of_shapes(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
  // expected-error@+1 {{'shape.max' op may give an error as its !shape.shape result, which std form cannot hold: run 'lower-to-constrained' first}}
  %m = shape.max %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
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

// -----

// A declaration of a library function must declare its lowered signature.
// expected-error@+1 {{'func.func' op declares (tensor<*xf32>) -> i32 but the library function it names lowers to (tensor<*xf32>) -> index}}
func.func private @declared_rank(tensor<*xf32>) -> i32

shape.function_library @lib {
  func @declared_rank(%t: tensor<*xf32>) -> index {
    %s = shape_of %t : tensor<*xf32> -> tensor<?xindex>
    %r = rank %s : tensor<?xindex> -> index
    return %r : index
  }
} mapping {foo.op = @declared_rank}
