// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// The bufferization dialect's parser and verifier errors. Every diagnostic
// here is also what `mlir-opt` 22 gives (tests/dialects.rs runs both).

func.func @to_tensor_of_tensor(%t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'bufferization.to_tensor' invalid kind of type specified}}
  %0 = bufferization.to_tensor %t : tensor<4xf32> to tensor<4xf32>
  return
}

// -----

func.func @to_tensor_shapes(%m: memref<4xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @to_tensor_ranks(%m: memref<4xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @to_tensor_element_types(%m: memref<4xf32>) {
  // expected-error@+2 {{element types do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xi32>
  return
}

// -----

func.func @to_tensor_result(%m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.to_tensor' op result #0 must be TensorLikeType instance, but got 'memref<4xf32>'}}
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @to_buffer_shapes(%t: tensor<4xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_buffer %t : tensor<4xf32> to memref<?xf32>
  return
}

// -----

func.func @to_buffer_result(%t: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.to_buffer' op result #0 must be BufferLikeType instance, but got 'tensor<4xf32>'}}
  %0 = "bufferization.to_buffer"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @alloc_tensor_sizes(%d: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_copy_and_sizes(%d: index, %t: tensor<?xf32>) {
  // expected-error@+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%d) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_copy_type(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @materialize_writable_tensor(%t: tensor<?xf32>, %u: tensor<?xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  %0 = bufferization.materialize_in_destination %t in writable %u : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @materialize_memref_not_writable(%t: tensor<?xf32>, %m: memref<?xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

func.func @materialize_element_types(%t: tensor<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op failed to verify that all of {source, dest} have same element type}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<4xi32>) -> ()
  return
}

// -----

func.func @materialize_shapes(%t: tensor<4xf32>, %m: memref<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<5xf32>) -> ()
  return
}

// -----

func.func @materialize_tensor_needs_result(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op tensor 'dest' implies exactly one tensor result}}
  bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @materialize_restrict_tensor(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %t in restrict %u : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @materialize_memref_no_result(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op memref 'dest' implies zero results}}
  %0 = bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @materialize_result_type(%t: tensor<4xf32>, %u: tensor<?xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op result and 'dest' types must match}}
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @dealloc_tensor_of_index(%i: index) {
  // expected-error@+1 {{custom op 'bufferization.dealloc_tensor' invalid kind of type specified}}
  bufferization.dealloc_tensor %i : index
  return
}
