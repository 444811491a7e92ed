// test: roundtrip
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

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>) -> memref<4x?xf32>, sym_name = "assume_alignment"}> ({
  ^bb0(%arg0: memref<4x?xf32>):
    %0 = "memref.assume_alignment"(%arg0) <{alignment = 16 : i32}> : (memref<4x?xf32>) -> memref<4x?xf32>
    "func.return"(%0) : (memref<4x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32>, memref<4xi32>) -> (memref<?xf32>, memref<4xi32>), sym_name = "distinct_objects"}> ({
  ^bb0(%arg0: memref<?xf32>, %arg1: memref<4xi32>):
    %0:2 = "memref.distinct_objects"(%arg0, %arg1) : (memref<?xf32>, memref<4xi32>) -> (memref<?xf32>, memref<4xi32>)
    "func.return"(%0#0, %0#1) : (memref<?xf32>, memref<4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<64xf32>, index, memref<?xf32>) -> (memref<124xf32>, memref<?xf32>), sym_name = "realloc"}> ({
  ^bb0(%arg0: memref<64xf32>, %arg1: index, %arg2: memref<?xf32>):
    %0 = "memref.realloc"(%arg0) : (memref<64xf32>) -> memref<124xf32>
    %1 = "memref.realloc"(%arg2, %arg1) <{alignment = 8 : i64}> : (memref<?xf32>, index) -> memref<?xf32>
    "func.return"(%0, %1) : (memref<124xf32>, memref<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "alloca_scope"}> ({
  ^bb0(%arg0: f32):
    "memref.alloca_scope"() ({
      %3 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
      "test.use"(%3) : (memref<4xf32>) -> ()
      "memref.alloca_scope.return"() : () -> ()
    }) : () -> ()
    %0 = "memref.alloca_scope"() ({
      %1 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<f32>
      "memref.store"(%arg0, %1) : (f32, memref<f32>) -> ()
      %2 = "memref.load"(%1) : (memref<f32>) -> f32
      "memref.alloca_scope.return"(%2) : (f32) -> ()
    }) : () -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>, index, index, index, index) -> (), sym_name = "dma"}> ({
  ^bb0(%arg0: memref<40x128xf32>, %arg1: memref<2x1024xf32, 1>, %arg2: memref<1xi32, 2>, %arg3: index, %arg4: index, %arg5: index, %arg6: index):
    "memref.dma_start"(%arg0, %arg3, %arg3, %arg1, %arg3, %arg3, %arg4, %arg2, %arg3) : (memref<40x128xf32>, index, index, memref<2x1024xf32, 1>, index, index, index, memref<1xi32, 2>, index) -> ()
    "memref.dma_start"(%arg0, %arg3, %arg3, %arg1, %arg3, %arg3, %arg4, %arg2, %arg3, %arg5, %arg6) : (memref<40x128xf32>, index, index, memref<2x1024xf32, 1>, index, index, index, memref<1xi32, 2>, index, index, index) -> ()
    "memref.dma_wait"(%arg2, %arg3, %arg4) : (memref<1xi32, 2>, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, memref<*xf32>) -> (index, index, memref<f32>, index, index, index, index, index), sym_name = "extract"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>):
    %0 = "memref.extract_aligned_pointer_as_index"(%arg0) : (memref<4x?xf32>) -> index
    %1 = "memref.extract_aligned_pointer_as_index"(%arg1) : (memref<*xf32>) -> index
    %2:6 = "memref.extract_strided_metadata"(%arg0) : (memref<4x?xf32>) -> (memref<f32>, index, index, index, index, index)
    "func.return"(%0, %1, %2#0, %2#1, %2#2, %2#3, %2#4, %2#5) : (index, index, memref<f32>, index, index, index, index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<10xf32>, index, f32, memref<4xi32>, i32) -> (f32, f32, i32), sym_name = "atomics"}> ({
  ^bb0(%arg0: memref<10xf32>, %arg1: index, %arg2: f32, %arg3: memref<4xi32>, %arg4: i32):
    %0 = "memref.generic_atomic_rmw"(%arg0, %arg1) ({
    ^bb0(%arg5: f32):
      %3 = "arith.addf"(%arg5, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.atomic_yield"(%3) : (f32) -> ()
    }) : (memref<10xf32>, index) -> f32
    %1 = "memref.atomic_rmw"(%arg2, %arg0, %arg1) <{kind = 0 : i64}> : (f32, memref<10xf32>, index) -> f32
    %2 = "memref.atomic_rmw"(%arg4, %arg3, %arg1) <{kind = 6 : i64}> : (i32, memref<4xi32>, index) -> i32
    "func.return"(%0, %1, %2) : (f32, f32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32, 5>, memref<*xf32, 1>) -> (memref<?xf32>, memref<*xf32, 3>), sym_name = "casts"}> ({
  ^bb0(%arg0: memref<?xf32, 5>, %arg1: memref<*xf32, 1>):
    %0 = "memref.memory_space_cast"(%arg0) : (memref<?xf32, 5>) -> memref<?xf32>
    %1 = "memref.memory_space_cast"(%arg1) : (memref<*xf32, 1>) -> memref<*xf32, 3>
    "func.return"(%0, %1) : (memref<?xf32>, memref<*xf32, 3>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<400x400xi32>, index) -> (), sym_name = "prefetch"}> ({
  ^bb0(%arg0: memref<400x400xi32>, %arg1: index):
    "memref.prefetch"(%arg0, %arg1, %arg1) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<400x400xi32>, index, index) -> ()
    "memref.prefetch"(%arg0, %arg1, %arg1) <{isDataCache = false, isWrite = true, localityHint = 0 : i32}> : (memref<400x400xi32>, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x1xf32>, memref<1xi32>, memref<*xf32>, memref<?xindex>) -> (memref<4xf32>, memref<*xf32>), sym_name = "reshape"}> ({
  ^bb0(%arg0: memref<4x1xf32>, %arg1: memref<1xi32>, %arg2: memref<*xf32>, %arg3: memref<?xindex>):
    %0 = "memref.reshape"(%arg0, %arg1) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
    %1 = "memref.reshape"(%arg2, %arg3) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
    "func.return"(%0, %1) : (memref<4xf32>, memref<*xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0, d1) -> (d1, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>>, sym_name = "transpose"}> ({
  ^bb0(%arg0: memref<?x?xf32>):
    %0 = "memref.transpose"(%arg0) <{permutation = #map}> : (memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>>
    "func.return"(%0) : (memref<?x?xf32, strided<[1, ?]>>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<2048xi8>, index, index, index) -> (memref<64x4xf32>, memref<?x4x?xf32>), sym_name = "view"}> ({
  ^bb0(%arg0: memref<2048xi8>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "memref.view"(%arg0, %arg1) : (memref<2048xi8>, index) -> memref<64x4xf32>
    %1 = "memref.view"(%arg0, %arg1, %arg2, %arg3) : (memref<2048xi8>, index, index, index) -> memref<?x4x?xf32>
    "func.return"(%0, %1) : (memref<64x4xf32>, memref<?x4x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0, d1) -> (d1, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x8xf32, strided<[16, 2], offset: 3>>) -> memref<8x4xf32, strided<[2, 16], offset: 3>>, sym_name = "transpose_strided"}> ({
  ^bb0(%arg0: memref<4x8xf32, strided<[16, 2], offset: 3>>):
    %0 = "memref.transpose"(%arg0) <{permutation = #map}> : (memref<4x8xf32, strided<[16, 2], offset: 3>>) -> memref<8x4xf32, strided<[2, 16], offset: 3>>
    "func.return"(%0) : (memref<8x4xf32, strided<[2, 16], offset: 3>>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<f32, 1>) -> (memref<f32>, index, index, index, index, index, memref<f32, 1>, index), sym_name = "extract_strided"}> ({
  ^bb0(%arg0: memref<?x?xf32, strided<[?, ?], offset: ?>>, %arg1: memref<f32, 1>):
    %0:6 = "memref.extract_strided_metadata"(%arg0) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
    %1:2 = "memref.extract_strided_metadata"(%arg1) : (memref<f32, 1>) -> (memref<f32, 1>, index)
    "func.return"(%0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %1#0, %1#1) : (memref<f32>, index, index, index, index, index, memref<f32, 1>, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xi32>, index, i32) -> i32, sym_name = "generic_atomic_rmw_attrs"}> ({
  ^bb0(%arg0: memref<4x4xi32>, %arg1: index, %arg2: i32):
    %0 = "memref.generic_atomic_rmw"(%arg0, %arg1, %arg1) ({
    ^bb0(%arg3: i32):
      %1 = "arith.addi"(%arg3, %arg2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "memref.atomic_yield"(%1) : (i32) -> ()
    }) {tag = "x"} : (memref<4x4xi32>, index, index) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xi32>, memref<4xf32>, index, i32, f32) -> (i32, i32, f32, f32), sym_name = "atomic_rmw_kinds"}> ({
  ^bb0(%arg0: memref<4xi32>, %arg1: memref<4xf32>, %arg2: index, %arg3: i32, %arg4: f32):
    %0 = "memref.atomic_rmw"(%arg3, %arg0, %arg2) <{kind = 3 : i64}> : (i32, memref<4xi32>, index) -> i32
    %1 = "memref.atomic_rmw"(%arg3, %arg0, %arg2) <{kind = 15 : i64}> {tag} : (i32, memref<4xi32>, index) -> i32
    %2 = "memref.atomic_rmw"(%arg4, %arg1, %arg2) <{kind = 4 : i64}> : (f32, memref<4xf32>, index) -> f32
    %3 = "memref.atomic_rmw"(%arg4, %arg1, %arg2) <{kind = 9 : i64}> : (f32, memref<4xf32>, index) -> f32
    "func.return"(%0, %1, %2, %3) : (i32, i32, f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, f32) -> f32, sym_name = "alloca_scope_nested"}> ({
  ^bb0(%arg0: index, %arg1: f32):
    %0 = "memref.alloca_scope"() ({
      %1 = "memref.alloca"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
      %2 = "arith.constant"() <{value = 0 : index}> : () -> index
      "memref.store"(%arg1, %1, %2) : (f32, memref<?xf32>, index) -> ()
      %3 = "memref.load"(%1, %2) : (memref<?xf32>, index) -> f32
      "memref.alloca_scope.return"(%3) : (f32) -> ()
    }) {tag} : () -> f32
    "test.use"(%0) : (f32) -> ()
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<2x2xi32, 2>, index, index) -> (), sym_name = "dma_wait_2d"}> ({
  ^bb0(%arg0: memref<2x2xi32, 2>, %arg1: index, %arg2: index):
    "memref.dma_wait"(%arg0, %arg1, %arg1, %arg2) : (memref<2x2xi32, 2>, index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<2048xi8, 3>, index, memref<2xindex>, index) -> (memref<?x4xf32, 3>, memref<?x?xf32>), sym_name = "view_and_reshape"}> ({
  ^bb0(%arg0: memref<2048xi8, 3>, %arg1: index, %arg2: memref<2xindex>, %arg3: index):
    %0 = "memref.view"(%arg0, %arg1, %arg3) {tag} : (memref<2048xi8, 3>, index, index) -> memref<?x4xf32, 3>
    %1 = "memref.alloc"(%arg3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    %2 = "memref.reshape"(%1, %arg2) {tag} : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
    "func.return"(%0, %2) : (memref<?x4xf32, 3>, memref<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<*xi8, 2>) -> (memref<*xi8>, index), sym_name = "casts_unranked"}> ({
  ^bb0(%arg0: memref<*xi8, 2>):
    %0 = "memref.memory_space_cast"(%arg0) : (memref<*xi8, 2>) -> memref<*xi8>
    %1 = "memref.extract_aligned_pointer_as_index"(%arg0) {tag} : (memref<*xi8, 2>) -> index
    "func.return"(%0, %1) : (memref<*xi8>, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>), sym_name = "assume_distinct"}> ({
  ^bb0(%arg0: memref<?xf32>, %arg1: memref<?xf32>):
    %0 = "memref.assume_alignment"(%arg0) <{alignment = 64 : i32}> {tag} : (memref<?xf32>) -> memref<?xf32>
    %1:2 = "memref.distinct_objects"(%0, %arg1) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>)
    "func.return"(%1#0, %1#1) : (memref<?xf32>, memref<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<2048xi8>, index, index) -> memref<?x?xf32>, sym_name = "view_sizes"}> ({
  ^bb0(%arg0: memref<2048xi8>, %arg1: index, %arg2: index):
    %0 = "arith.constant"() <{value = 4 : index}> : () -> index
    %1 = "memref.view"(%arg0, %arg1, %0, %arg2) : (memref<2048xi8>, index, index, index) -> memref<?x?xf32>
    "func.return"(%1) : (memref<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> memref<16x4xf32>, sym_name = "view_of_cast"}> ({
  ^bb0(%arg0: index):
    %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2048xi8>
    %1 = "memref.cast"(%0) : (memref<2048xi8>) -> memref<?xi8>
    %2 = "memref.view"(%1, %arg0) : (memref<?xi8>, index) -> memref<16x4xf32>
    "func.return"(%2) : (memref<16x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x8xf32>, memref<4x8x2xf32>) -> (memref<4x8xf32>, memref<4x8x2xf32, strided<[16, 2, 1]>>), sym_name = "transposes"}> ({
  ^bb0(%arg0: memref<4x8xf32>, %arg1: memref<4x8x2xf32>):
    %0 = "memref.transpose"(%arg0) <{permutation = #map}> : (memref<4x8xf32>) -> memref<4x8xf32>
    %1 = "memref.transpose"(%arg1) <{permutation = #map1}> : (memref<4x8x2xf32>) -> memref<2x4x8xf32, strided<[1, 16, 2]>>
    %2 = "memref.transpose"(%1) <{permutation = #map2}> : (memref<2x4x8xf32, strided<[1, 16, 2]>>) -> memref<4x8x2xf32, strided<[16, 2, 1]>>
    "func.return"(%0, %2) : (memref<4x8xf32>, memref<4x8x2xf32, strided<[16, 2, 1]>>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32, 1>) -> (memref<4xf32, 3>, memref<4xf32, 1>), sym_name = "casts_of_casts"}> ({
  ^bb0(%arg0: memref<4xf32, 1>):
    %0 = "memref.memory_space_cast"(%arg0) : (memref<4xf32, 1>) -> memref<4xf32, 2>
    %1 = "memref.memory_space_cast"(%0) : (memref<4xf32, 2>) -> memref<4xf32, 3>
    %2 = "memref.assume_alignment"(%arg0) <{alignment = 16 : i32}> : (memref<4xf32, 1>) -> memref<4xf32, 1>
    %3 = "memref.assume_alignment"(%2) <{alignment = 16 : i32}> : (memref<4xf32, 1>) -> memref<4xf32, 1>
    %4 = "memref.assume_alignment"(%3) <{alignment = 32 : i32}> : (memref<4xf32, 1>) -> memref<4xf32, 1>
    "func.return"(%1, %4) : (memref<4xf32, 3>, memref<4xf32, 1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32>, f32, index) -> (), sym_name = "dead_realloc"}> ({
  ^bb0(%arg0: memref<4xf32>, %arg1: f32, %arg2: index):
    %0 = "memref.realloc"(%arg0) : (memref<4xf32>) -> memref<8xf32>
    "memref.store"(%arg1, %0, %arg2) : (f32, memref<8xf32>, index) -> ()
    "memref.dealloc"(%0) : (memref<8xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32>, memref<1xi32>, index, f32) -> f32, sym_name = "cast_into_users"}> ({
  ^bb0(%arg0: memref<4xf32>, %arg1: memref<1xi32>, %arg2: index, %arg3: f32):
    %0 = "memref.cast"(%arg0) : (memref<4xf32>) -> memref<?xf32>
    %1 = "memref.cast"(%arg1) : (memref<1xi32>) -> memref<?xi32>
    "memref.prefetch"(%0, %arg2) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<?xf32>, index) -> ()
    "memref.dma_start"(%0, %arg2, %0, %arg2, %arg2, %1, %arg2) : (memref<?xf32>, index, memref<?xf32>, index, index, memref<?xi32>, index) -> ()
    "memref.dma_wait"(%1, %arg2, %arg2) : (memref<?xi32>, index, index) -> ()
    %2 = "memref.atomic_rmw"(%arg3, %0, %arg2) <{kind = 0 : i64}> : (f32, memref<?xf32>, index) -> f32
    %3:4 = "memref.extract_strided_metadata"(%0) : (memref<?xf32>) -> (memref<f32>, index, index, index)
    "test.use"(%3#0, %3#1, %3#2, %3#3) : (memref<f32>, index, index, index) -> ()
    "func.return"(%2) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "scope_without_alloca"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "memref.alloca_scope"() ({
      %2 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.alloca_scope.return"(%2) : (f32) -> ()
    }) : () -> f32
    %1 = "arith.mulf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "scope_in_loop"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.for"(%0, %arg0, %1) ({
    ^bb0(%arg1: index):
      "memref.alloca_scope"() ({
        %2 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
        "test.use"(%2) : (memref<4xf32>) -> ()
        "memref.alloca_scope.return"() : () -> ()
      }) : () -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

