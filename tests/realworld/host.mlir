// test: input
// Shape functions whose results also feed ops of the host program (ops of
// dialects shape-opt does not know, in generic form): the shape values they
// consume must be lowered too. Nothing reads the host ops' results, so they
// cannot change what the functions return. INPUT lines: see
// tests/realworld/README.md.

// ONNX Flatten (axis = 1) as a Reshape the execution provider emits: the
// target [d0, d1 * d2] is a `!shape.shape` handed to the host's reshape.
func.func @flatten_host(%x: tensor<?x?x?xf32>) -> !shape.shape {
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %x : tensor<?x?x?xf32> -> !shape.shape
  %head, %tail = "shape.split_at"(%s, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %n = shape.num_elements %tail : !shape.shape -> !shape.size
  %ns = shape.from_extents %n : !shape.size
  %target = shape.concat %head, %ns : !shape.shape, !shape.shape -> !shape.shape
  %y = "onnx.Reshape"(%x, %target) : (tensor<?x?x?xf32>, !shape.shape) -> tensor<?x?xf32>
  return %target : !shape.shape
}
// INPUT: @flatten_host [2,3,4] -> [2,12]
// INPUT: @flatten_host [0,3,4] -> [0,12]
// INPUT: @flatten_host [5,0,2] -> [5,0]

// -----

// ONNX Add whose broadcast result shape sizes the output buffer a GPU
// runtime allocates.
func.func @add_hip_alloc(%a: tensor<*xf32>, %b: tensor<*xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<*xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<*xf32> -> !shape.shape
  %w = shape.cstr_broadcastable %sa, %sb : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %c = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %c : !shape.shape
  }
  %buf = "hip.alloc"(%r) {elem = f32} : (!shape.shape) -> !hip.buffer
  return %r : !shape.shape
}
// INPUT: @add_hip_alloc [2,1] [3] -> [2,3]
// INPUT: @add_hip_alloc [] [4,4] -> [4,4]
// INPUT: @add_hip_alloc [4] [5] -> error
// INPUT: @add_hip_alloc [2,3] [3,3] -> error

// -----

// ONNX Mul: the element count of the result (a `!shape.size`) and its byte
// size go to the host's allocator; the function returns the shape and the
// element count.
func.func @mul_hip_bytes(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> (!shape.shape, !shape.size) {
  %four = shape.const_size 4
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %w = shape.cstr_broadcastable %sa, %sb : !shape.shape, !shape.shape
  %r:2 = shape.assuming %w -> (!shape.shape, !shape.size) {
    %c = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
    %n = shape.num_elements %c : !shape.shape -> !shape.size
    shape.assuming_yield %c, %n : !shape.shape, !shape.size
  }
  %bytes = shape.mul %r#1, %four : !shape.size, !shape.size -> !shape.size
  %buf = "hip.malloc"(%bytes) : (!shape.size) -> !hip.buffer
  return %r#0, %r#1 : !shape.shape, !shape.size
}
// INPUT: @mul_hip_bytes [2,1] [1,3] -> [2,3] 6
// INPUT: @mul_hip_bytes [0,5] [1,5] -> [0,5] 0
// INPUT: @mul_hip_bytes [2,3] [4,3] -> error

// -----

// A shape computed in the clean constrained form (an extent tensor) handed
// to the host's Expand, as torch-mlir passes a size list to an ATen op.
func.func @expand_host(%x: tensor<*xf32>, %target: tensor<*xf32>) -> tensor<?xindex> {
  %sx = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %st = shape.shape_of %target : tensor<*xf32> -> tensor<?xindex>
  %w = shape.cstr_broadcastable %sx, %st : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %c = shape.broadcast %sx, %st : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %c : tensor<?xindex>
  }
  %y = "torch.aten.expand"(%x, %r) : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  return %r : tensor<?xindex>
}
// INPUT: @expand_host [3,1] [2,3,4] -> [2,3,4]
// INPUT: @expand_host [1] [] -> [1]
// INPUT: @expand_host [3,2] [2,3] -> error
