// test: input
// Shape functions that always fail, lowered through the mlir-opt plugin
// (tests/mlir_plugin.rs): shape-opt's errors, and their notes, come out at
// the lines and columns of this file, so -verify-diagnostics matches them.
//
// mlir-opt --load-pass-plugin=<plugin> --split-input-file --verify-diagnostics \
//   --pass-pipeline='builtin.module(shape-opt-lower{to=std})' <this file>

shape.function_library @lib {
  func @never_fits(%arg: !shape.value_shape) -> !shape.size {
    %c2 = const_size 2
    %c3 = const_size 3
    %s = shape_of %arg : !shape.value_shape -> !shape.shape
    %r = rank %s : !shape.shape -> !shape.size
    %two = meet %r, %c2, error = "rank must be 2" : !shape.size, !shape.size -> !shape.size
    // expected-error@+1 {{'shape.meet' op always fails: rank must be 3}}
    %m = meet %two, %c3, error = "rank must be 3" : !shape.size, !shape.size -> !shape.size
    return %m : !shape.size
  }
} mapping {foo.op = @never_fits}

// -----

func.func @broadcastable(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<?xindex> {
  %s = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  // expected-note@+1 {{the conflicting value is computed here}}
  %t = shape.shape_of %b : tensor<4xf32> -> tensor<?xindex>
  // expected-error@+1 {{'shape.cstr_broadcastable' op always fails: operands must broadcast: the shapes [2, 3], [4] cannot broadcast}}
  %w = shape.cstr_broadcastable %s, %t {msg = "operands must broadcast"} : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %x = shape.broadcast %s, %t : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
