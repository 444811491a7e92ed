// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x4xf32>, memref<4xf32, strided<[2], offset: ?>, 1>, memref<*xi8>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xf32>, tensor<*xi8>), sym_name = "to_tensor"}> ({
  ^bb0(%arg0: memref<?x4xf32>, %arg1: memref<4xf32, strided<[2], offset: ?>, 1>, %arg2: memref<*xi8>):
    %0 = "bufferization.to_tensor"(%arg0) : (memref<?x4xf32>) -> tensor<?x4xf32>
    %1 = "bufferization.to_tensor"(%arg0) <{restrict, writable}> : (memref<?x4xf32>) -> tensor<?x4xf32>
    %2 = "bufferization.to_tensor"(%arg1) <{restrict}> : (memref<4xf32, strided<[2], offset: ?>, 1>) -> tensor<4xf32>
    %3 = "bufferization.to_tensor"(%arg2) <{writable}> {tag = 1 : i32} : (memref<*xi8>) -> tensor<*xi8>
    "func.return"(%0, %1, %2, %3) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xf32>, tensor<*xi8>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>, tensor<*xf32>) -> (memref<?xf32>, memref<?xf32, strided<[?], offset: ?>>, memref<*xf32, 3>), sym_name = "to_buffer"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<*xf32>):
    %0 = "bufferization.to_buffer"(%arg0) : (tensor<?xf32>) -> memref<?xf32>
    %1 = "bufferization.to_buffer"(%arg0) <{read_only}> : (tensor<?xf32>) -> memref<?xf32, strided<[?], offset: ?>>
    %2 = "bufferization.to_buffer"(%arg1) <{read_only}> : (tensor<*xf32>) -> memref<*xf32, 3>
    "func.return"(%0, %1, %2) : (memref<?xf32>, memref<?xf32, strided<[?], offset: ?>>, memref<*xf32, 3>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, index) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4x4xf32>, tensor<?x4xf32>), sym_name = "alloc_tensor"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: index):
    %0 = "bufferization.alloc_tensor"(%arg1) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?x4xf32>
    %1 = "bufferization.alloc_tensor"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %2 = "bufferization.alloc_tensor"() <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> tensor<4x4xf32>
    %3 = "bufferization.alloc_tensor"(%0) <{memory_space = 2 : ui64, operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<?x4xf32>) -> tensor<?x4xf32>
    "func.return"(%0, %1, %2, %3) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4x4xf32>, tensor<?x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> tensor<?x?xf64>, sym_name = "alloc_tensor_size_hint"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "bufferization.alloc_tensor"(%arg0, %arg0, %arg1) <{operandSegmentSizes = array<i32: 2, 0, 1>}> : (index, index, index) -> tensor<?x?xf64>
    "func.return"(%0) : (tensor<?x?xf64>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>, tensor<?xf32>, memref<?xf32>, memref<*xf32>, tensor<*xf32>) -> tensor<?xf32>, sym_name = "materialize"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: memref<?xf32>, %arg3: memref<*xf32>, %arg4: tensor<*xf32>):
    %0 = "bufferization.materialize_in_destination"(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "bufferization.materialize_in_destination"(%arg0, %arg2) <{writable}> : (tensor<?xf32>, memref<?xf32>) -> ()
    "bufferization.materialize_in_destination"(%arg0, %arg2) <{restrict, writable}> : (tensor<?xf32>, memref<?xf32>) -> ()
    "bufferization.materialize_in_destination"(%arg4, %arg3) <{writable}> : (tensor<*xf32>, memref<*xf32>) -> ()
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, memref<?xf32>, memref<*xf32>) -> (memref<?xf32>, memref<*xf32>), sym_name = "dealloc_tensor_clone"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>):
    "bufferization.dealloc_tensor"(%arg0) : (tensor<4xf32>) -> ()
    %0 = "bufferization.clone"(%arg1) : (memref<?xf32>) -> memref<?xf32>
    %1 = "bufferization.clone"(%arg2) : (memref<*xf32>) -> memref<*xf32>
    "func.return"(%0, %1) : (memref<?xf32>, memref<*xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32>) -> index, sym_name = "shape_function"}> ({
  ^bb0(%arg0: memref<?x?xf32>):
    %0 = "bufferization.to_tensor"(%arg0) : (memref<?x?xf32>) -> tensor<?x?xf32>
    %1 = "shape.shape_of"(%0) : (tensor<?x?xf32>) -> tensor<2xindex>
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "tensor.extract"(%1, %2) : (tensor<2xindex>, index) -> index
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "memref.dim"(%arg0, %4) : (memref<?x?xf32>, index) -> index
    %6 = "arith.muli"(%3, %5) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "func.return"(%6) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32>) -> index, sym_name = "dim_of_to_tensor"}> ({
  ^bb0(%arg0: memref<?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "bufferization.to_tensor"(%arg0) : (memref<?xf32>) -> tensor<?xf32>
    %2 = "tensor.dim"(%1, %0) : (tensor<?xf32>, index) -> index
    "func.return"(%2) : (index) -> ()
  }) : () -> ()
}) : () -> ()

