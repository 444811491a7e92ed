// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics --reify-shape-library
//
// A mapping must name a function of its library; a mapped op must fit its
// shape function: as many operands as parameters, each of a type the
// parameter takes.

// expected-error@+1 {{mapping of 'foo.matmul' names @nope, which is not a function of @shplib}}
shape.function_library @shplib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %lhs : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.matmul = @nope}

// -----

shape.function_library @shplib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %lhs : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.matmul = @matmul}

func.func @three_operands(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'foo.matmul' op has 3 operands, but its shape function @matmul takes 2}}
  %0 = "foo.matmul"(%a, %b, %b) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

shape.function_library @shplib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %lhs : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.matmul = @matmul}

func.func @index_operand(%a: tensor<?x?xf32>, %i: index) -> tensor<?x?xf32> {
  // expected-error@+1 {{'foo.matmul' op operand #1 of type index cannot bind to parameter #1 of shape function @matmul, of type !shape.value_shape}}
  %0 = "foo.matmul"(%a, %i) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Parameters other than value shapes take operands of their own type.
shape.function_library @shplib {
  func @pad(%t: !shape.value_shape, %n: !shape.size) -> !shape.shape {
    %0 = shape_of %t : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.pad = @pad}

func.func @size_for_index(%a: tensor<?xf32>, %i: index) -> tensor<?xf32> {
  // expected-error@+1 {{'foo.pad' op operand #1 of type index cannot bind to parameter #1 of shape function @pad, of type !shape.size}}
  %0 = "foo.pad"(%a, %i) : (tensor<?xf32>, index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

shape.function_library @a {
  func @f(%t: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %t : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.op = @f}

// expected-error@+1 {{'foo.op' is mapped by both @a and @b}}
shape.function_library @b {
  func @g(%t: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %t : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.op = @g}

// -----

// A shape function calling itself cannot be inlined into an instance.
shape.function_library @shplib {
  func.func @loop(%t: !shape.value_shape) -> !shape.shape {
    %0 = func.call @loop(%t) : (!shape.value_shape) -> !shape.shape
    func.return %0 : !shape.shape
  }
} mapping {foo.op = @loop}

func.func @recursive(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'foo.op' op: shape function @loop calls @loop, which cannot be inlined (recursion, or a callee outside the library)}}
  %0 = "foo.op"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
