// test: roundtrip
module {
  func.func @to_tensor(%arg0: memref<?x4xf32>, %arg1: memref<4xf32, strided<[2], offset: ?>, 1>, %arg2: memref<*xi8>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xf32>, tensor<*xi8>) {
    %0 = bufferization.to_tensor %arg0 : memref<?x4xf32> to tensor<?x4xf32>
    %1 = bufferization.to_tensor %arg0 restrict writable : memref<?x4xf32> to tensor<?x4xf32>
    %2 = bufferization.to_tensor %arg1 restrict : memref<4xf32, strided<[2], offset: ?>, 1> to tensor<4xf32>
    %3 = bufferization.to_tensor %arg2 writable {tag = 1 : i32} : memref<*xi8> to tensor<*xi8>
    return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xf32>, tensor<*xi8>
  }
}

// -----
module {
  func.func @to_buffer(%arg0: tensor<?xf32>, %arg1: tensor<*xf32>) -> (memref<?xf32>, memref<?xf32, strided<[?], offset: ?>>, memref<*xf32, 3>) {
    %0 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32>
    %1 = bufferization.to_buffer %arg0 read_only : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %2 = bufferization.to_buffer %arg1 read_only : tensor<*xf32> to memref<*xf32, 3>
    return %0, %1, %2 : memref<?xf32>, memref<?xf32, strided<[?], offset: ?>>, memref<*xf32, 3>
  }
}

// -----
module {
  func.func @alloc_tensor(%arg0: tensor<?x4xf32>, %arg1: index) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4x4xf32>, tensor<?x4xf32>) {
    %0 = bufferization.alloc_tensor(%arg1) : tensor<?x4xf32>
    %1 = bufferization.alloc_tensor() copy(%arg0) : tensor<?x4xf32>
    %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4x4xf32>
    %3 = bufferization.alloc_tensor() copy(%0) {memory_space = 2 : ui64} : tensor<?x4xf32>
    return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<4x4xf32>, tensor<?x4xf32>
  }
}

// -----
module {
  func.func @alloc_tensor_size_hint(%arg0: index, %arg1: index) -> tensor<?x?xf64> {
    %0 = bufferization.alloc_tensor(%arg0, %arg0) size_hint=%arg1 : tensor<?x?xf64>
    return %0 : tensor<?x?xf64>
  }
}

// -----
module {
  func.func @materialize(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: memref<?xf32>, %arg3: memref<*xf32>, %arg4: tensor<*xf32>) -> tensor<?xf32> {
    %0 = bufferization.materialize_in_destination %arg0 in %arg1 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    bufferization.materialize_in_destination %arg0 in writable %arg2 : (tensor<?xf32>, memref<?xf32>) -> ()
    bufferization.materialize_in_destination %arg0 in restrict writable %arg2 : (tensor<?xf32>, memref<?xf32>) -> ()
    bufferization.materialize_in_destination %arg4 in writable %arg3 : (tensor<*xf32>, memref<*xf32>) -> ()
    return %0 : tensor<?xf32>
  }
}

// -----
module {
  func.func @dealloc_tensor_clone(%arg0: tensor<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>) -> (memref<?xf32>, memref<*xf32>) {
    bufferization.dealloc_tensor %arg0 : tensor<4xf32>
    %0 = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
    %1 = bufferization.clone %arg2 : memref<*xf32> to memref<*xf32>
    return %0, %1 : memref<?xf32>, memref<*xf32>
  }
}

// -----
module {
  func.func @shape_function(%arg0: memref<?x?xf32>) -> index {
    %0 = bufferization.to_tensor %arg0 : memref<?x?xf32> to tensor<?x?xf32>
    %1 = shape.shape_of %0 : tensor<?x?xf32> -> tensor<2xindex>
    %c1 = arith.constant 1 : index
    %extracted = tensor.extract %1[%c1] : tensor<2xindex>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %2 = arith.muli %extracted, %dim : index
    return %2 : index
  }
}

// -----
module {
  func.func @dim_of_to_tensor(%arg0: memref<?xf32>) -> index {
    %c0 = arith.constant 0 : index
    %0 = bufferization.to_tensor %arg0 : memref<?xf32> to tensor<?xf32>
    %dim = tensor.dim %0, %c0 : tensor<?xf32>
    return %dim : index
  }
}

