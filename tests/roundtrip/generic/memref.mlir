#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> (memref<?x4xf32>, memref<8x64xf32, 1>, memref<?x4xf32, #map>), sym_name = "alloc"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "memref.alloc"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x4xf32>
    %1 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<8x64xf32, 1>
    %2 = "memref.alloc"(%arg0, %arg1) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?x4xf32, #map>
    "func.return"(%0, %1, %2) : (memref<?x4xf32>, memref<8x64xf32, 1>, memref<?x4xf32, #map>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> (memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32, strided<[?, 1], offset: ?>>), sym_name = "alloc_strided"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "memref.alloc"(%arg0) <{operandSegmentSizes = array<i32: 0, 1>}> : (index) -> memref<4xf32, strided<[1], offset: ?>>
    %1 = "memref.alloc"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 0, 2>}> : (index, index) -> memref<4x4xf32, strided<[?, 1], offset: ?>>
    "func.return"(%0, %1) : (memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32, strided<[?, 1], offset: ?>>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> f32, sym_name = "alloca"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "memref.alloca"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    %2 = "memref.alloca"() <{alignment = 16 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<f32>
    %3 = "memref.load"(%1, %0) : (memref<?xf32>, index) -> f32
    %4 = "memref.load"(%2) : (memref<f32>) -> f32
    %5 = "arith.addf"(%3, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%5) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "alloca_in_loop"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.for"(%0, %arg0, %1) ({
    ^bb0(%arg1: index):
      %2 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
      "test.use"(%2) : (memref<4xf32>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, index, index, f32) -> f32, sym_name = "load_store"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: index, %arg2: index, %arg3: f32):
    %0 = "memref.load"(%arg0, %arg1, %arg2) : (memref<4x?xf32>, index, index) -> f32
    %1 = "memref.load"(%arg0, %arg1, %arg2) <{nontemporal = true}> : (memref<4x?xf32>, index, index) -> f32
    %2 = "memref.load"(%arg0, %arg1, %arg2) <{alignment = 8 : i64}> : (memref<4x?xf32>, index, index) -> f32
    "memref.store"(%arg3, %arg0, %arg1, %arg2) : (f32, memref<4x?xf32>, index, index) -> ()
    "memref.store"(%0, %arg0, %arg2, %arg1) <{nontemporal = true}> : (f32, memref<4x?xf32>, index, index) -> ()
    "memref.store"(%1, %arg0, %arg2, %arg1) <{alignment = 16 : i64}> : (f32, memref<4x?xf32>, index, index) -> ()
    %3 = "arith.addf"(%1, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%3) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xi32, strided<[8, 1], offset: 2>, 3>, memref<8xindex, #gpu.address_space<workgroup>>, index) -> i32, sym_name = "load_store_layouts"}> ({
  ^bb0(%arg0: memref<4x4xi32, strided<[8, 1], offset: 2>, 3>, %arg1: memref<8xindex, #gpu.address_space<workgroup>>, %arg2: index):
    %0 = "memref.load"(%arg0, %arg2, %arg2) : (memref<4x4xi32, strided<[8, 1], offset: 2>, 3>, index, index) -> i32
    "memref.store"(%arg2, %arg1, %arg2) : (index, memref<8xindex, #gpu.address_space<workgroup>>, index) -> ()
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, memref<*xf32>, index) -> (index, index, index, index), sym_name = "dim_rank"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>, %arg2: index):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "memref.dim"(%arg0, %0) : (memref<4x?xf32>, index) -> index
    %2 = "memref.dim"(%arg1, %arg2) : (memref<*xf32>, index) -> index
    %3 = "memref.rank"(%arg0) : (memref<4x?xf32>) -> index
    %4 = "memref.rank"(%arg1) : (memref<*xf32>) -> index
    "func.return"(%1, %2, %3, %4) : (index, index, index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, index) -> index, sym_name = "dim_attrs"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: index):
    %0 = "memref.dim"(%arg0, %arg1) {tag = "x"} : (memref<4x?xf32>, index) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, memref<*xf32>, memref<12x4xf32, strided<[4, 1], offset: 5>>) -> (), sym_name = "cast"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>, %arg2: memref<12x4xf32, strided<[4, 1], offset: 5>>):
    %0 = "memref.cast"(%arg0) : (memref<4x?xf32>) -> memref<?x?xf32>
    %1 = "memref.cast"(%arg0) : (memref<4x?xf32>) -> memref<4x8xf32>
    %2 = "memref.cast"(%arg0) : (memref<4x?xf32>) -> memref<*xf32>
    %3 = "memref.cast"(%arg1) : (memref<*xf32>) -> memref<4x?xf32>
    %4 = "memref.cast"(%arg2) : (memref<12x4xf32, strided<[4, 1], offset: 5>>) -> memref<12x4xf32, strided<[?, ?], offset: ?>>
    %5 = "memref.cast"(%4) : (memref<12x4xf32, strided<[?, ?], offset: ?>>) -> memref<12x4xf32, strided<[4, 1], offset: 5>>
    "test.use"(%0, %1, %2, %3, %5) : (memref<?x?xf32>, memref<4x8xf32>, memref<*xf32>, memref<4x?xf32>, memref<12x4xf32, strided<[4, 1], offset: 5>>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32, 1>) -> memref<*xf32, 1>, sym_name = "cast_memory_space"}> ({
  ^bb0(%arg0: memref<4xf32, 1>):
    %0 = "memref.cast"(%arg0) : (memref<4xf32, 1>) -> memref<*xf32, 1>
    "func.return"(%0) : (memref<*xf32, 1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, memref<?x4xf32, strided<[8, 1]>>, memref<*xf32>) -> (), sym_name = "copy_dealloc"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: memref<?x4xf32, strided<[8, 1]>>, %arg2: memref<*xf32>):
    "memref.copy"(%arg0, %arg1) : (memref<4x?xf32>, memref<?x4xf32, strided<[8, 1]>>) -> ()
    "memref.copy"(%arg2, %arg2) : (memref<*xf32>, memref<*xf32>) -> ()
    "memref.dealloc"(%arg0) : (memref<4x?xf32>) -> ()
    "memref.dealloc"(%arg2) : (memref<*xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8x16x4xf32>, index, index, index) -> (), sym_name = "subview"}> ({
  ^bb0(%arg0: memref<8x16x4xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 8, 16, 4>, static_strides = array<i64: 1, 1, 1>}> : (memref<8x16x4xf32>) -> memref<8x16x4xf32>
    %1 = "memref.subview"(%arg0, %arg1, %arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: -9223372036854775808, 2, 0>, static_sizes = array<i64: -9223372036854775808, 8, 4>, static_strides = array<i64: 1, -9223372036854775808, 1>}> : (memref<8x16x4xf32>, index, index, index) -> memref<?x8x4xf32, strided<[64, ?, 1], offset: ?>>
    %2 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 1, 16, 4>, static_strides = array<i64: 1, 1, 1>}> : (memref<8x16x4xf32>) -> memref<16x4xf32>
    %3 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 3, 4, 2>, static_sizes = array<i64: 1, 6, 2>, static_strides = array<i64: 1, 1, 1>}> : (memref<8x16x4xf32>) -> memref<6x2xf32, strided<[4, 1], offset: 210>>
    %4 = "memref.subview"(%3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 1>, static_strides = array<i64: 2, 1>}> : (memref<6x2xf32, strided<[4, 1], offset: 210>>) -> memref<2xf32, strided<[8], offset: 215>>
    "test.use"(%0, %1, %2, %3, %4) : (memref<8x16x4xf32>, memref<?x8x4xf32, strided<[64, ?, 1], offset: ?>>, memref<16x4xf32>, memref<6x2xf32, strided<[4, 1], offset: 210>>, memref<2xf32, strided<[8], offset: 215>>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32>, index) -> memref<4x4xf32, strided<[?, 1], offset: ?>>, sym_name = "subview_dynamic_source"}> ({
  ^bb0(%arg0: memref<?x?xf32>, %arg1: index):
    %0 = "memref.subview"(%arg0, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x?xf32>, index, index) -> memref<4x4xf32, strided<[?, 1], offset: ?>>
    "func.return"(%0) : (memref<4x4xf32, strided<[?, 1], offset: ?>>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8xf32, 2>) -> memref<4xf32, strided<[1], offset: 2>, 2>, sym_name = "subview_attrs"}> ({
  ^bb0(%arg0: memref<8xf32, 2>):
    %0 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> {tag} : (memref<8xf32, 2>) -> memref<4xf32, strided<[1], offset: 2>, 2>
    "func.return"(%0) : (memref<4xf32, strided<[1], offset: 2>, 2>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<*xf32>, memref<?x?xf32>, index, index) -> (), sym_name = "reinterpret_cast"}> ({
  ^bb0(%arg0: memref<*xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index):
    %0 = "memref.reinterpret_cast"(%arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808, 10>, static_strides = array<i64: 10, 1>}> : (memref<*xf32>, index) -> memref<?x10xf32, strided<[10, 1]>>
    %1 = "memref.reinterpret_cast"(%arg1, %arg3, %arg2, %arg2, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, 1>}> : (memref<?x?xf32>, index, index, index, index) -> memref<?x?xf32, strided<[?, 1], offset: ?>>
    %2 = "memref.reinterpret_cast"(%arg1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64>, static_strides = array<i64>}> : (memref<?x?xf32>) -> memref<f32>
    %3 = "memref.reinterpret_cast"(%arg1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 4, 1>}> : (memref<?x?xf32>) -> memref<4x4xf32>
    "test.use"(%0, %1, %2, %3) : (memref<?x10xf32, strided<[10, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<f32>, memref<4x4xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "memref.global"() <{initial_value = dense<[0.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "x", sym_visibility = "private", type = memref<2xf32>}> : () -> ()
  "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<[[1, 4], [2, 3]]> : tensor<2x2xi32>, sym_name = "c", sym_visibility = "private", type = memref<2x2xi32>}> : () -> ()
  "memref.global"() <{initial_value, sym_name = "z", type = memref<3xf16>}> : () -> ()
  "memref.global"() <{sym_name = "y", sym_visibility = "private", type = memref<4xi32>}> : () -> ()
  "memref.global"() <{initial_value = dense<1.000000e+00> : tensor<f32>, sym_name = "s", type = memref<f32>}> : () -> ()
  "memref.global"() <{constant, initial_value = dense<7> : tensor<8xi8>, sym_name = "splat", type = memref<8xi8>}> : () -> ()
  "memref.global"() <{initial_value = dense<[3, 4]> : tensor<2xindex>, sym_name = "n", sym_visibility = "nested", type = memref<2xindex, 1>}> : () -> ()
  "func.func"() <{function_type = () -> (memref<2xf32>, memref<2x2xi32>, memref<f32>, memref<2xindex, 1>), sym_name = "get_global"}> ({
    %0 = "memref.get_global"() <{name = @x}> : () -> memref<2xf32>
    %1 = "memref.get_global"() <{name = @c}> : () -> memref<2x2xi32>
    %2 = "memref.get_global"() <{name = @s}> : () -> memref<f32>
    %3 = "memref.get_global"() <{name = @n}> : () -> memref<2xindex, 1>
    "func.return"(%0, %1, %2, %3) : (memref<2xf32>, memref<2x2xi32>, memref<f32>, memref<2xindex, 1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x4xf32>, index) -> (memref<?x2x2xf32>, memref<?xf32>), sym_name = "expand_collapse"}> ({
  ^bb0(%arg0: memref<?x4xf32>, %arg1: index):
    %0 = "memref.expand_shape"(%arg0, %arg1) <{reassociation = [[0], [1, 2]], static_output_shape = array<i64: -9223372036854775808, 2, 2>}> : (memref<?x4xf32>, index) -> memref<?x2x2xf32>
    %1 = "memref.collapse_shape"(%0) <{reassociation = [[0, 1, 2]]}> : (memref<?x2x2xf32>) -> memref<?xf32>
    "func.return"(%0, %1) : (memref<?x2x2xf32>, memref<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8x4xf32, strided<[8, 1], offset: 3>>, memref<2x3x4xf32>) -> (memref<2x4x4xf32, strided<[32, 8, 1], offset: 3>>, memref<6x4xf32>, memref<24xf32>, memref<f32>), sym_name = "expand_collapse_strided"}> ({
  ^bb0(%arg0: memref<8x4xf32, strided<[8, 1], offset: 3>>, %arg1: memref<2x3x4xf32>):
    %0 = "memref.expand_shape"(%arg0) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 2, 4, 4>}> : (memref<8x4xf32, strided<[8, 1], offset: 3>>) -> memref<2x4x4xf32, strided<[32, 8, 1], offset: 3>>
    %1 = "memref.collapse_shape"(%arg1) <{reassociation = [[0, 1], [2]]}> : (memref<2x3x4xf32>) -> memref<6x4xf32>
    %2 = "memref.collapse_shape"(%arg1) <{reassociation = [[0, 1, 2]]}> : (memref<2x3x4xf32>) -> memref<24xf32>
    %3 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1x1xf32>
    %4 = "memref.collapse_shape"(%3) <{reassociation = []}> : (memref<1x1xf32>) -> memref<f32>
    "func.return"(%0, %1, %2, %4) : (memref<2x4x4xf32, strided<[32, 8, 1], offset: 3>>, memref<6x4xf32>, memref<24xf32>, memref<f32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x8xf32, strided<[16, 1], offset: ?>>) -> memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>, sym_name = "collapse_strided"}> ({
  ^bb0(%arg0: memref<4x8xf32, strided<[16, 1], offset: ?>>):
    %0 = "memref.expand_shape"(%arg0) <{reassociation = [[0], [1, 2]], static_output_shape = array<i64: 4, 2, 4>}> : (memref<4x8xf32, strided<[16, 1], offset: ?>>) -> memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>
    "func.return"(%0) : (memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<f32>, memref<0xf32>, memref<2x?x?xi1>, memref<4xf32, strided<[-1], offset: 3>>, memref<*xi8, #gpu.address_space<private>>, memref<4xf32, "shared">, memref<4xvector<4xf32>>, memref<4xcomplex<f32>>, memref<4xmemref<2xf32>>) -> (), sym_name = "types", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> memref<?x?xf32>, sym_name = "const_sizes"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 4 : index}> : () -> index
    %1 = "memref.alloc"(%0, %arg0) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 2, 0>}> : (index, index) -> memref<?x?xf32>
    "func.return"(%1) : (memref<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "const_sizes_alloca"}> ({
  ^bb0(%arg0: f32):
    %0 = "arith.constant"() <{value = 4 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "memref.alloca"(%0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    "memref.store"(%arg0, %2, %1) : (f32, memref<?xf32>, index) -> ()
    %3 = "memref.load"(%2, %1) : (memref<?xf32>, index) -> f32
    "func.return"(%3) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, index) -> (), sym_name = "dead_alloc"}> ({
  ^bb0(%arg0: f32, %arg1: index):
    %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
    "memref.store"(%arg0, %0, %arg1) : (f32, memref<4xf32>, index) -> ()
    "memref.dealloc"(%0) : (memref<4xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, memref<4xmemref<4xf32>>) -> (), sym_name = "stored_alloc"}> ({
  ^bb0(%arg0: index, %arg1: memref<4xmemref<4xf32>>):
    %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
    "memref.store"(%0, %arg1, %arg0) : (memref<4xf32>, memref<4xmemref<4xf32>>, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32>, index, f32) -> (f32, index), sym_name = "cast_into_users"}> ({
  ^bb0(%arg0: memref<4xf32>, %arg1: index, %arg2: f32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "memref.cast"(%arg0) : (memref<4xf32>) -> memref<?xf32>
    %2 = "memref.load"(%1, %arg1) : (memref<?xf32>, index) -> f32
    "memref.store"(%arg2, %1, %arg1) : (f32, memref<?xf32>, index) -> ()
    %3 = "memref.dim"(%1, %0) : (memref<?xf32>, index) -> index
    "memref.dealloc"(%1) : (memref<?xf32>) -> ()
    "func.return"(%2, %3) : (f32, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<*xf32>, index) -> f32, sym_name = "unranked_cast"}> ({
  ^bb0(%arg0: memref<*xf32>, %arg1: index):
    %0 = "memref.cast"(%arg0) : (memref<*xf32>) -> memref<?xf32>
    %1 = "memref.load"(%0, %arg1) : (memref<?xf32>, index) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<0xf32>, memref<0xf32>) -> (), sym_name = "empty_copy"}> ({
  ^bb0(%arg0: memref<0xf32>, %arg1: memref<0xf32>):
    "memref.copy"(%arg0, %arg1) : (memref<0xf32>, memref<0xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<2x3xf32>) -> memref<2x3xf32>, sym_name = "expand_of_collapse"}> ({
  ^bb0(%arg0: memref<2x3xf32>):
    %0 = "memref.collapse_shape"(%arg0) <{reassociation = [[0, 1]]}> : (memref<2x3xf32>) -> memref<6xf32>
    %1 = "memref.expand_shape"(%0) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, 3>}> : (memref<6xf32>) -> memref<2x3xf32>
    "func.return"(%1) : (memref<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xf32>) -> memref<4x4xf32>, sym_name = "subview_trivial"}> ({
  ^bb0(%arg0: memref<4x4xf32>):
    %0 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<4x4xf32>) -> memref<4x4xf32>
    "func.return"(%0) : (memref<4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> index, sym_name = "alloc_dim"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "memref.alloc"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    %2 = "memref.dim"(%1, %0) : (memref<?xf32>, index) -> index
    "memref.dealloc"(%1) : (memref<?xf32>) -> ()
    "func.return"(%2) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32>) -> memref<?xf32>, sym_name = "cast_chain"}> ({
  ^bb0(%arg0: memref<4xf32>):
    %0 = "memref.cast"(%arg0) : (memref<4xf32>) -> memref<?xf32>
    %1 = "memref.cast"(%0) : (memref<?xf32>) -> memref<4xf32>
    %2 = "memref.cast"(%1) : (memref<4xf32>) -> memref<?xf32>
    "func.return"(%2) : (memref<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

