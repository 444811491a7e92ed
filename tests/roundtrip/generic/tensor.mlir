// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi32>) -> tensor<4xf32>, sym_name = "bitcast"}> ({
  ^bb0(%arg0: tensor<4xi32>):
    %0 = "tensor.bitcast"(%arg0) : (tensor<4xi32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xi32>) -> tensor<?xui32>, sym_name = "bitcast_unsigned"}> ({
  ^bb0(%arg0: tensor<?xi32>):
    %0 = "tensor.bitcast"(%arg0) : (tensor<?xi32>) -> tensor<?xui32>
    "func.return"(%0) : (tensor<?xui32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<*xf32>) -> (tensor<?xf32>, tensor<*xf32>, tensor<2x3xf32>), sym_name = "cast"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<*xf32>):
    %0 = "tensor.cast"(%arg0) : (tensor<4xf32>) -> tensor<?xf32>
    %1 = "tensor.cast"(%arg0) : (tensor<4xf32>) -> tensor<*xf32>
    %2 = "tensor.cast"(%arg1) : (tensor<*xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2) : (tensor<?xf32>, tensor<*xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<24xf32>), sym_name = "collapse"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tensor.collapse_shape"(%arg0) <{reassociation = [[0, 1], [2]]}> : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %1 = "tensor.collapse_shape"(%arg0) <{reassociation = [[0, 1, 2]]}> : (tensor<2x3x4xf32>) -> tensor<24xf32>
    "func.return"(%0, %1) : (tensor<6x4xf32>, tensor<24xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x1xf32>) -> tensor<f32>, sym_name = "collapse_to_scalar"}> ({
  ^bb0(%arg0: tensor<1x1xf32>):
    %0 = "tensor.collapse_shape"(%arg0) <{reassociation = []}> : (tensor<1x1xf32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x4xi8>) -> tensor<?x4xi8>, sym_name = "collapse_dyn"}> ({
  ^bb0(%arg0: tensor<?x?x4xi8>):
    %0 = "tensor.collapse_shape"(%arg0) <{reassociation = [[0, 1], [2]]}> : (tensor<?x?x4xi8>) -> tensor<?x4xi8>
    "func.return"(%0) : (tensor<?x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>, sym_name = "concat"}> ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>):
    %0 = "tensor.concat"(%arg0, %arg1) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
    "func.return"(%0) : (tensor<6x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x3xf32>, tensor<?x5xf32>, tensor<?x1xf32>) -> tensor<?x9xf32>, sym_name = "concat_dyn"}> ({
  ^bb0(%arg0: tensor<?x3xf32>, %arg1: tensor<?x5xf32>, %arg2: tensor<?x1xf32>):
    %0 = "tensor.concat"(%arg0, %arg1, %arg2) <{dim = 1 : i64}> : (tensor<?x3xf32>, tensor<?x5xf32>, tensor<?x1xf32>) -> tensor<?x9xf32>
    "func.return"(%0) : (tensor<?x9xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4x?xf32>, index) -> (index, index, index), sym_name = "dim"}> ({
  ^bb0(%arg0: tensor<?x4x?xf32>, %arg1: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 2 : index}> : () -> index
    %2 = "tensor.dim"(%arg0, %0) : (tensor<?x4x?xf32>, index) -> index
    %3 = "tensor.dim"(%arg0, %1) : (tensor<?x4x?xf32>, index) -> index
    %4 = "tensor.dim"(%arg0, %arg1) : (tensor<?x4x?xf32>, index) -> index
    "func.return"(%2, %3, %4) : (index, index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<*xf32>, index) -> index, sym_name = "dim_unranked"}> ({
  ^bb0(%arg0: tensor<*xf32>, %arg1: index):
    %0 = "tensor.dim"(%arg0, %arg1) : (tensor<*xf32>, index) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> (tensor<4x5xf32>, tensor<?x5x?xi32>), sym_name = "empty"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "tensor.empty"() : () -> tensor<4x5xf32>
    %1 = "tensor.empty"(%arg0, %arg1) : (index, index) -> tensor<?x5x?xi32>
    "func.return"(%0, %1) : (tensor<4x5xf32>, tensor<?x5x?xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<1xf32>, tensor<2xf32>, tensor<3xf32>), sym_name = "empty_many"}> ({
    %0 = "tensor.empty"() : () -> tensor<1xf32>
    %1 = "tensor.empty"() : () -> tensor<2xf32>
    %2 = "tensor.empty"() : () -> tensor<3xf32>
    "func.return"(%0, %1, %2) : (tensor<1xf32>, tensor<2xf32>, tensor<3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6x4xf32>) -> tensor<2x3x4xf32>, sym_name = "expand"}> ({
  ^bb0(%arg0: tensor<6x4xf32>):
    %0 = "tensor.expand_shape"(%arg0) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 2, 3, 4>}> : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0) : (tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, index) -> tensor<?x2x4xf32>, sym_name = "expand_dyn"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: index):
    %0 = "tensor.expand_shape"(%arg0, %arg1) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 2, 4>}> : (tensor<?x4xf32>, index) -> tensor<?x2x4xf32>
    "func.return"(%0) : (tensor<?x2x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<f32>) -> tensor<1x1xf32>, sym_name = "expand_scalar"}> ({
  ^bb0(%arg0: tensor<f32>):
    %0 = "tensor.expand_shape"(%arg0) <{reassociation = [], static_output_shape = array<i64: 1, 1>}> : (tensor<f32>) -> tensor<1x1xf32>
    "func.return"(%0) : (tensor<1x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x?xf32>, index, index) -> (f32, f32), sym_name = "extract"}> ({
  ^bb0(%arg0: tensor<4x?xf32>, %arg1: index, %arg2: index):
    %0 = "tensor.extract"(%arg0, %arg1, %arg2) : (tensor<4x?xf32>, index, index) -> f32
    %1 = "tensor.extract"(%arg0, %arg2, %arg1) : (tensor<4x?xf32>, index, index) -> f32
    "func.return"(%0, %1) : (f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i32>) -> i32, sym_name = "extract_0d"}> ({
  ^bb0(%arg0: tensor<i32>):
    %0 = "tensor.extract"(%arg0) : (tensor<i32>) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x16xf32>) -> tensor<4x4xf32>, sym_name = "extract_slice_static"}> ({
  ^bb0(%arg0: tensor<8x16xf32>):
    %0 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 4>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x16xf32>) -> tensor<4x4xf32>
    "func.return"(%0) : (tensor<4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?xf32>, index, index, index) -> tensor<?x?xf32>, sym_name = "extract_slice_dynamic"}> ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1, %arg2, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, 1>}> : (tensor<?x?xf32>, index, index, index, index) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x16x4xf32>, index) -> tensor<16xf32>, sym_name = "extract_slice_rank_reduce"}> ({
  ^bb0(%arg0: tensor<8x16x4xf32>, %arg1: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 2>, static_sizes = array<i64: 1, 16, 1>, static_strides = array<i64: 1, 1, 1>}> : (tensor<8x16x4xf32>, index) -> tensor<16xf32>
    "func.return"(%0) : (tensor<16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<64xi8>) -> tensor<8xi8>, sym_name = "extract_slice_strided"}> ({
  ^bb0(%arg0: tensor<64xi8>):
    %0 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 3>, static_sizes = array<i64: 8>, static_strides = array<i64: 4>}> : (tensor<64xi8>) -> tensor<8xi8>
    "func.return"(%0) : (tensor<8xi8>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32, index) -> (tensor<2xf32>, tensor<2x1xf32>, tensor<index>), sym_name = "from_elements"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: index):
    %0 = "tensor.from_elements"(%arg0, %arg1) : (f32, f32) -> tensor<2xf32>
    %1 = "tensor.from_elements"(%arg0, %arg1) : (f32, f32) -> tensor<2x1xf32>
    %2 = "tensor.from_elements"(%arg2) : (index) -> tensor<index>
    "func.return"(%0, %1, %2) : (tensor<2xf32>, tensor<2x1xf32>, tensor<index>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x5x6xf32>, tensor<2x3x1xindex>, tensor<7x2xindex>) -> (tensor<2x3x1x5x6xf32>, tensor<2x3x5x6xf32>, tensor<7x1x1x6xf32>), sym_name = "gather"}> ({
  ^bb0(%arg0: tensor<4x5x6xf32>, %arg1: tensor<2x3x1xindex>, %arg2: tensor<7x2xindex>):
    %0 = "tensor.gather"(%arg0, %arg1) <{gather_dims = array<i64: 0>}> : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x1x5x6xf32>
    %1 = "tensor.gather"(%arg0, %arg1) <{gather_dims = array<i64: 0>, unique}> : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x5x6xf32>
    %2 = "tensor.gather"(%arg0, %arg2) <{gather_dims = array<i64: 0, 1>}> : (tensor<4x5x6xf32>, tensor<7x2xindex>) -> tensor<7x1x1x6xf32>
    "func.return"(%0, %1, %2) : (tensor<2x3x1x5x6xf32>, tensor<2x3x5x6xf32>, tensor<7x1x1x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> tensor<?x3xindex>, sym_name = "generate"}> ({
  ^bb0(%arg0: index):
    %0 = "tensor.generate"(%arg0) ({
    ^bb0(%arg1: index, %arg2: index):
      %1 = "arith.addi"(%arg1, %arg2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "tensor.yield"(%1) : (index) -> ()
    }) : (index) -> tensor<?x3xindex>
    "func.return"(%0) : (tensor<?x3xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2x2xf32>, sym_name = "generate_static"}> ({
    %0 = "tensor.generate"() ({
    ^bb0(%arg0: index, %arg1: index):
      %1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      "tensor.yield"(%1) : (f32) -> ()
    }) : () -> tensor<2x2xf32>
    "func.return"(%0) : (tensor<2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x4xi32>, i32, index) -> tensor<4x4xi32>, sym_name = "insert"}> ({
  ^bb0(%arg0: tensor<4x4xi32>, %arg1: i32, %arg2: index):
    %0 = "tensor.insert"(%arg1, %arg0, %arg2, %arg2) : (i32, tensor<4x4xi32>, index, index) -> tensor<4x4xi32>
    "func.return"(%0) : (tensor<4x4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2xf32>, tensor<8x8xf32>, index) -> (tensor<8x8xf32>, tensor<8x8xf32>), sym_name = "insert_slice"}> ({
  ^bb0(%arg0: tensor<2x2xf32>, %arg1: tensor<8x8xf32>, %arg2: index):
    %0 = "tensor.insert_slice"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (tensor<2x2xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %1 = "tensor.insert_slice"(%arg0, %0, %arg2, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, static_offsets = array<i64: -9223372036854775808, 4>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, -9223372036854775808>}> : (tensor<2x2xf32>, tensor<8x8xf32>, index, index) -> tensor<8x8xf32>
    "func.return"(%0, %1) : (tensor<8x8xf32>, tensor<8x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<?x4xf32>, index) -> tensor<?x4xf32>, sym_name = "insert_slice_rank_expand"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<?x4xf32>, %arg2: index):
    %0 = "tensor.insert_slice"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4xf32>, tensor<?x4xf32>, index) -> tensor<?x4xf32>
    "func.return"(%0) : (tensor<?x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x4xf32>, f32) -> tensor<6x9xf32>, sym_name = "pad"}> ({
  ^bb0(%arg0: tensor<4x4xf32>, %arg1: f32):
    %0 = "tensor.pad"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 1, 3>, static_low = array<i64: 1, 2>}> ({
    ^bb0(%arg2: index, %arg3: index):
      "tensor.yield"(%arg1) : (f32) -> ()
    }) : (tensor<4x4xf32>) -> tensor<6x9xf32>
    "func.return"(%0) : (tensor<6x9xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>, index, index, f32) -> tensor<?xf32>, sym_name = "pad_dyn"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: index, %arg2: index, %arg3: f32):
    %0 = "tensor.pad"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_high = array<i64: -9223372036854775808>, static_low = array<i64: -9223372036854775808>}> ({
    ^bb0(%arg4: index):
      "tensor.yield"(%arg3) : (f32) -> ()
    }) : (tensor<?xf32>, index, index) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xi32>, i32) -> tensor<2xi32>, sym_name = "pad_nofold"}> ({
  ^bb0(%arg0: tensor<2xi32>, %arg1: i32):
    %0 = "tensor.pad"(%arg0) <{nofold, operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0>, static_low = array<i64: 0>}> ({
    ^bb0(%arg2: index):
      "tensor.yield"(%arg1) : (i32) -> ()
    }) : (tensor<2xi32>) -> tensor<2xi32>
    "func.return"(%0) : (tensor<2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<16xf32>, tensor<4xf32>) -> tensor<16xf32>, sym_name = "parallel_insert_slice"}> ({
  ^bb0(%arg0: tensor<16xf32>, %arg1: tensor<4xf32>):
    %0 = "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
    ^bb0(%arg2: index, %arg3: tensor<16xf32>):
      %1 = "arith.constant"() <{value = 4 : index}> : () -> index
      %2 = "arith.muli"(%arg2, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%arg1, %arg3, %2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, tensor<16xf32>, index) -> ()
      }) : () -> ()
    }) : (tensor<16xf32>) -> tensor<16xf32>
    "func.return"(%0) : (tensor<16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>, sym_name = "parallel_insert_slice_2d"}> ({
  ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>):
    %0 = "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
    ^bb0(%arg2: index, %arg3: tensor<8x8xf32>):
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%arg1, %arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 8>, static_strides = array<i64: 1, 1>}> : (tensor<8xf32>, tensor<8x8xf32>, index) -> ()
      }) : () -> ()
    }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    "func.return"(%0) : (tensor<8x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<*xf32>, tensor<2x3xi8>) -> (index, index), sym_name = "rank"}> ({
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<2x3xi8>):
    %0 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
    %1 = "tensor.rank"(%arg1) : (tensor<2x3xi8>) -> index
    "func.return"(%0, %1) : (index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6xf32>, tensor<2xi32>, tensor<?xindex>) -> (tensor<2x3xf32>, tensor<*xf32>), sym_name = "reshape"}> ({
  ^bb0(%arg0: tensor<6xf32>, %arg1: tensor<2xi32>, %arg2: tensor<?xindex>):
    %0 = "tensor.reshape"(%arg0, %arg1) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    %1 = "tensor.reshape"(%arg0, %arg2) : (tensor<6xf32>, tensor<?xindex>) -> tensor<*xf32>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<*xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x1x5x6xf32>, tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<4x5x6xf32>, sym_name = "scatter"}> ({
  ^bb0(%arg0: tensor<2x3x1x5x6xf32>, %arg1: tensor<4x5x6xf32>, %arg2: tensor<2x3x1xindex>):
    %0 = "tensor.scatter"(%arg0, %arg1, %arg2) <{scatter_dims = array<i64: 0>, unique}> : (tensor<2x3x1x5x6xf32>, tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<4x5x6xf32>
    "func.return"(%0) : (tensor<4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, index) -> (tensor<4xf32>, tensor<?x8xf32>), sym_name = "splat"}> ({
  ^bb0(%arg0: f32, %arg1: index):
    %0 = "tensor.splat"(%arg0) : (f32) -> tensor<4xf32>
    %1 = "tensor.splat"(%arg0, %arg1) : (f32, index) -> tensor<?x8xf32>
    "func.return"(%0, %1) : (tensor<4xf32>, tensor<?x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?xf32>) -> (index, index, f32, f32), sym_name = "names_conflict"}> ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "tensor.dim"(%arg0, %0) : (tensor<?x?xf32>, index) -> index
    %3 = "tensor.dim"(%arg0, %1) : (tensor<?x?xf32>, index) -> index
    %4 = "tensor.extract"(%arg0, %0, %0) : (tensor<?x?xf32>, index, index) -> f32
    %5 = "tensor.extract"(%arg0, %1, %1) : (tensor<?x?xf32>, index, index) -> f32
    "func.return"(%2, %3, %4, %5) : (index, index, f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<2x2xf32>, f32, index) -> (), sym_name = "result_names"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<2x2xf32>, %arg2: f32, %arg3: index):
    %0 = "tensor.cast"(%arg0) : (tensor<4xf32>) -> tensor<?xf32>
    %1 = "tensor.collapse_shape"(%arg1) <{reassociation = [[0, 1]]}> : (tensor<2x2xf32>) -> tensor<4xf32>
    %2 = "tensor.expand_shape"(%arg0) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, 2>}> : (tensor<4xf32>) -> tensor<2x2xf32>
    %3 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<2xf32>
    %4 = "tensor.from_elements"(%arg2) : (f32) -> tensor<1xf32>
    %5 = "tensor.insert"(%arg2, %arg0, %arg3) : (f32, tensor<4xf32>, index) -> tensor<4xf32>
    %6 = "tensor.insert_slice"(%3, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
    %7 = "tensor.splat"(%arg2) : (f32) -> tensor<3xf32>
    %8 = "tensor.rank"(%arg0) : (tensor<4xf32>) -> index
    %9 = "tensor.bitcast"(%arg0) : (tensor<4xf32>) -> tensor<4xi32>
    %10 = "tensor.empty"() : () -> tensor<5xf32>
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (tensor<?xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, index, tensor<4xi32>, tensor<5xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<1xindex>, f32) -> (), sym_name = "result_names2"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<1xindex>, %arg2: f32):
    %0 = "tensor.reshape"(%arg0, %arg1) : (tensor<4xf32>, tensor<1xindex>) -> tensor<4xf32>
    %1 = "tensor.concat"(%arg0, %arg0) <{dim = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    %2 = "tensor.pad"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 1>, static_low = array<i64: 1>}> ({
    ^bb0(%arg4: index):
      "tensor.yield"(%arg2) : (f32) -> ()
    }) : (tensor<4xf32>) -> tensor<6xf32>
    %3 = "tensor.generate"() ({
    ^bb0(%arg3: index):
      "tensor.yield"(%arg2) : (f32) -> ()
    }) : () -> tensor<2xf32>
    "test.use"(%0, %1, %2, %3) : (tensor<4xf32>, tensor<8xf32>, tensor<6xf32>, tensor<2xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32, "enc">) -> tensor<?xf32, "enc">, sym_name = "encoding_tensor"}> ({
  ^bb0(%arg0: tensor<4xf32, "enc">):
    %0 = "tensor.cast"(%arg0) : (tensor<4xf32, "enc">) -> tensor<?xf32, "enc">
    "func.return"(%0) : (tensor<?xf32, "enc">) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x?x?xf32>, index, index, index) -> tensor<?x?x?xf32>, sym_name = "extract_slice_all_dynamic"}> ({
  ^bb0(%arg0: tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1, %arg2, %arg3, %arg3, %arg2, %arg1, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, -9223372036854775808, -9223372036854775808>}> : (tensor<?x?x?xf32>, index, index, index, index, index, index, index, index, index) -> tensor<?x?x?xf32>
    "func.return"(%0) : (tensor<?x?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<2x1xindex>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "gather_scatter_names"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<2x1xindex>, %arg2: tensor<4xf32>):
    %0 = "tensor.gather"(%arg0, %arg1) <{gather_dims = array<i64: 0>, unique}> : (tensor<4xf32>, tensor<2x1xindex>) -> tensor<2xf32>
    %1 = "tensor.scatter"(%0, %arg2, %arg1) <{scatter_dims = array<i64: 0>, unique}> : (tensor<2xf32>, tensor<4xf32>, tensor<2x1xindex>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x?xf32, "enc">, index, f32, tensor<2x3xf32>, tensor<2x1xi32>, tensor<1xindex>) -> (), sym_name = "mixed_attrs"}> ({
  ^bb0(%arg0: tensor<4x?xf32, "enc">, %arg1: index, %arg2: f32, %arg3: tensor<2x3xf32>, %arg4: tensor<2x1xi32>, %arg5: tensor<1xindex>):
    %0 = "tensor.cast"(%arg0) {x = 1 : i64} : (tensor<4x?xf32, "enc">) -> tensor<?x?xf32, "enc">
    %1 = "tensor.collapse_shape"(%arg3) <{reassociation = [[0, 1]]}> {x} : (tensor<2x3xf32>) -> tensor<6xf32>
    %2 = "tensor.expand_shape"(%1) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, 3>}> {y} : (tensor<6xf32>) -> tensor<2x3xf32>
    %3 = "tensor.extract_slice"(%arg3, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 1, 2>, static_strides = array<i64: 1, -9223372036854775808>}> {z} : (tensor<2x3xf32>, index, index) -> tensor<2xf32>
    %4 = "tensor.insert_slice"(%3, %arg3, %arg1, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 2, 0, 2>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 1, 2>, static_strides = array<i64: -9223372036854775808, -9223372036854775808>}> {z} : (tensor<2xf32>, tensor<2x3xf32>, index, index, index, index) -> tensor<2x3xf32>
    %5 = "tensor.pad"(%arg3, %arg1, %arg1) <{nofold, operandSegmentSizes = array<i32: 1, 1, 1>, static_high = array<i64: 2, -9223372036854775808>, static_low = array<i64: -9223372036854775808, 1>}> ({
    ^bb0(%arg8: index, %arg9: index):
      "tensor.yield"(%arg2) : (f32) -> ()
    }) {q} : (tensor<2x3xf32>, index, index) -> tensor<?x?xf32>
    %6 = "tensor.generate"(%arg1, %arg1) ({
    ^bb0(%arg6: index, %arg7: index):
      %15 = "tensor.extract"(%arg3, %arg6, %arg7) : (tensor<2x3xf32>, index, index) -> f32
      "tensor.yield"(%15) : (f32) -> ()
    }) {w} : (index, index) -> tensor<?x?xf32>
    %7 = "tensor.gather"(%arg3, %arg4) <{gather_dims = array<i64: 1>, unique}> {k} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
    %8 = "tensor.concat"(%arg3, %arg3) <{dim = 0 : i64}> {k} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %9 = "tensor.reshape"(%1, %arg5) {k} : (tensor<6xf32>, tensor<1xindex>) -> tensor<6xf32>
    %10 = "tensor.rank"(%arg0) {k} : (tensor<4x?xf32, "enc">) -> index
    %11 = "tensor.dim"(%arg0, %arg1) {k} : (tensor<4x?xf32, "enc">, index) -> index
    %12 = "tensor.splat"(%arg2, %arg1, %arg1) {k} : (f32, index, index) -> tensor<?x2x?xf32>
    %13 = "tensor.empty"(%arg1) : (index) -> tensor<?xf32, "enc">
    %14 = "tensor.bitcast"(%arg3) {k} : (tensor<2x3xf32>) -> tensor<2x3xi32>
    "foo.use"(%0, %2, %4, %5, %7, %8, %9, %10, %11, %12, %13, %14) : (tensor<?x?xf32, "enc">, tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x?xf32>, tensor<2x2xf32>, tensor<4x3xf32>, tensor<6xf32>, index, index, tensor<?x2x?xf32>, tensor<?xf32, "enc">, tensor<2x3xi32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<f32>, f32) -> (), sym_name = "empty_lists"}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: f32):
    %0 = "tensor.from_elements"() : () -> tensor<0xf32>
    %1 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64>, static_sizes = array<i64>, static_strides = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %2 = "tensor.extract"(%arg0) {x} : (tensor<f32>) -> f32
    %3 = "tensor.insert"(%arg1, %arg0) {x} : (f32, tensor<f32>) -> tensor<f32>
    %4 = "tensor.splat"(%arg1) {x} : (f32) -> tensor<2xf32>
    %5 = "tensor.generate"() ({
      "tensor.yield"(%arg1) : (f32) -> ()
    }) {x} : () -> tensor<f32>
    %6 = "tensor.empty"() {x} : () -> tensor<2xf32>
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "tensor.dim"(%0, %7) {x} : (tensor<0xf32>, index) -> index
    "foo.use"(%0, %1, %2, %3, %4, %5) : (tensor<0xf32>, tensor<f32>, f32, tensor<f32>, tensor<2xf32>, tensor<f32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, index, index, f32) -> (tensor<?x?xf32>, tensor<?x5x?xf32>), sym_name = "pad_generate_dyn"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: index, %arg2: index, %arg3: f32):
    %0 = "tensor.pad"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_high = array<i64: 1, -9223372036854775808>, static_low = array<i64: -9223372036854775808, 0>}> ({
    ^bb0(%arg7: index, %arg8: index):
      "tensor.yield"(%arg3) : (f32) -> ()
    }) : (tensor<?x4xf32>, index, index) -> tensor<?x?xf32>
    %1 = "tensor.generate"(%arg1, %arg2) ({
    ^bb0(%arg4: index, %arg5: index, %arg6: index):
      %2 = "arith.addi"(%arg4, %arg5) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %3 = "arith.index_cast"(%2) : (index) -> i32
      %4 = "arith.sitofp"(%3) : (i32) -> f32
      "tensor.yield"(%4) : (f32) -> ()
    }) : (index, index) -> tensor<?x5x?xf32>
    "func.return"(%0, %1) : (tensor<?x?xf32>, tensor<?x5x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

