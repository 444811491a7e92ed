// test: roundtrip
#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
module {
  func.func @alloc(%arg0: index, %arg1: index) -> (memref<?x4xf32>, memref<8x64xf32, 1>, memref<?x4xf32, #map>) {
    %alloc = memref.alloc(%arg0) : memref<?x4xf32>
    %alloc_0 = memref.alloc() : memref<8x64xf32, 1>
    %alloc_1 = memref.alloc(%arg0)[%arg1] {alignment = 64 : i64} : memref<?x4xf32, #map>
    return %alloc, %alloc_0, %alloc_1 : memref<?x4xf32>, memref<8x64xf32, 1>, memref<?x4xf32, #map>
  }
}

// -----
module {
  func.func @alloc_strided(%arg0: index, %arg1: index) -> (memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32, strided<[?, 1], offset: ?>>) {
    %alloc = memref.alloc()[%arg0] : memref<4xf32, strided<[1], offset: ?>>
    %alloc_0 = memref.alloc()[%arg0, %arg1] : memref<4x4xf32, strided<[?, 1], offset: ?>>
    return %alloc, %alloc_0 : memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32, strided<[?, 1], offset: ?>>
  }
}

// -----
module {
  func.func @alloca(%arg0: index) -> f32 {
    %c0 = arith.constant 0 : index
    %alloca = memref.alloca(%arg0) : memref<?xf32>
    %alloca_0 = memref.alloca() {alignment = 16 : i64} : memref<f32>
    %0 = memref.load %alloca[%c0] : memref<?xf32>
    %1 = memref.load %alloca_0[] : memref<f32>
    %2 = arith.addf %0, %1 : f32
    return %2 : f32
  }
}

// -----
module {
  func.func @alloca_in_loop(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      %alloca = memref.alloca() : memref<4xf32>
      "test.use"(%alloca) : (memref<4xf32>) -> ()
    }
    return
  }
}

// -----
module {
  func.func @load_store(%arg0: memref<4x?xf32>, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
    %0 = memref.load %arg0[%arg1, %arg2] : memref<4x?xf32>
    %1 = memref.load %arg0[%arg1, %arg2] {nontemporal = true} : memref<4x?xf32>
    %2 = memref.load %arg0[%arg1, %arg2] {alignment = 8 : i64} : memref<4x?xf32>
    memref.store %arg3, %arg0[%arg1, %arg2] : memref<4x?xf32>
    memref.store %0, %arg0[%arg2, %arg1] {nontemporal = true} : memref<4x?xf32>
    memref.store %1, %arg0[%arg2, %arg1] {alignment = 16 : i64} : memref<4x?xf32>
    %3 = arith.addf %1, %2 : f32
    return %3 : f32
  }
}

// -----
module {
  func.func @load_store_layouts(%arg0: memref<4x4xi32, strided<[8, 1], offset: 2>, 3>, %arg1: memref<8xindex, #gpu.address_space<workgroup>>, %arg2: index) -> i32 {
    %0 = memref.load %arg0[%arg2, %arg2] : memref<4x4xi32, strided<[8, 1], offset: 2>, 3>
    memref.store %arg2, %arg1[%arg2] : memref<8xindex, #gpu.address_space<workgroup>>
    return %0 : i32
  }
}

// -----
module {
  func.func @dim_rank(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>, %arg2: index) -> (index, index, index, index) {
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg0, %c1 : memref<4x?xf32>
    %dim_0 = memref.dim %arg1, %arg2 : memref<*xf32>
    %0 = memref.rank %arg0 : memref<4x?xf32>
    %1 = memref.rank %arg1 : memref<*xf32>
    return %dim, %dim_0, %0, %1 : index, index, index, index
  }
}

// -----
module {
  func.func @dim_attrs(%arg0: memref<4x?xf32>, %arg1: index) -> index {
    %dim = memref.dim {tag = "x"} %arg0, %arg1 : memref<4x?xf32>
    return %dim : index
  }
}

// -----
module {
  func.func @cast(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>, %arg2: memref<12x4xf32, strided<[4, 1], offset: 5>>) {
    %cast = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
    %cast_0 = memref.cast %arg0 : memref<4x?xf32> to memref<4x8xf32>
    %cast_1 = memref.cast %arg0 : memref<4x?xf32> to memref<*xf32>
    %cast_2 = memref.cast %arg1 : memref<*xf32> to memref<4x?xf32>
    %cast_3 = memref.cast %arg2 : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
    %cast_4 = memref.cast %cast_3 : memref<12x4xf32, strided<[?, ?], offset: ?>> to memref<12x4xf32, strided<[4, 1], offset: 5>>
    "test.use"(%cast, %cast_0, %cast_1, %cast_2, %cast_4) : (memref<?x?xf32>, memref<4x8xf32>, memref<*xf32>, memref<4x?xf32>, memref<12x4xf32, strided<[4, 1], offset: 5>>) -> ()
    return
  }
}

// -----
module {
  func.func @cast_memory_space(%arg0: memref<4xf32, 1>) -> memref<*xf32, 1> {
    %cast = memref.cast %arg0 : memref<4xf32, 1> to memref<*xf32, 1>
    return %cast : memref<*xf32, 1>
  }
}

// -----
module {
  func.func @copy_dealloc(%arg0: memref<4x?xf32>, %arg1: memref<?x4xf32, strided<[8, 1]>>, %arg2: memref<*xf32>) {
    memref.copy %arg0, %arg1 : memref<4x?xf32> to memref<?x4xf32, strided<[8, 1]>>
    memref.copy %arg2, %arg2 : memref<*xf32> to memref<*xf32>
    memref.dealloc %arg0 : memref<4x?xf32>
    memref.dealloc %arg2 : memref<*xf32>
    return
  }
}

// -----
module {
  func.func @subview(%arg0: memref<8x16x4xf32>, %arg1: index, %arg2: index, %arg3: index) {
    %subview = memref.subview %arg0[0, 0, 0] [8, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x16x4xf32>
    %subview_0 = memref.subview %arg0[%arg1, 2, 0] [%arg3, 8, 4] [1, %arg2, 1] : memref<8x16x4xf32> to memref<?x8x4xf32, strided<[64, ?, 1], offset: ?>>
    %subview_1 = memref.subview %arg0[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
    %subview_2 = memref.subview %arg0[3, 4, 2] [1, 6, 2] [1, 1, 1] : memref<8x16x4xf32> to memref<6x2xf32, strided<[4, 1], offset: 210>>
    %subview_3 = memref.subview %subview_2[1, 1] [2, 1] [2, 1] : memref<6x2xf32, strided<[4, 1], offset: 210>> to memref<2xf32, strided<[8], offset: 215>>
    "test.use"(%subview, %subview_0, %subview_1, %subview_2, %subview_3) : (memref<8x16x4xf32>, memref<?x8x4xf32, strided<[64, ?, 1], offset: ?>>, memref<16x4xf32>, memref<6x2xf32, strided<[4, 1], offset: 210>>, memref<2xf32, strided<[8], offset: 215>>) -> ()
    return
  }
}

// -----
module {
  func.func @subview_dynamic_source(%arg0: memref<?x?xf32>, %arg1: index) -> memref<4x4xf32, strided<[?, 1], offset: ?>> {
    %subview = memref.subview %arg0[%arg1, %arg1] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
    return %subview : memref<4x4xf32, strided<[?, 1], offset: ?>>
  }
}

// -----
module {
  func.func @subview_attrs(%arg0: memref<8xf32, 2>) -> memref<4xf32, strided<[1], offset: 2>, 2> {
    %subview = memref.subview %arg0[2] [4] [1] {tag} : memref<8xf32, 2> to memref<4xf32, strided<[1], offset: 2>, 2>
    return %subview : memref<4xf32, strided<[1], offset: 2>, 2>
  }
}

// -----
module {
  func.func @reinterpret_cast(%arg0: memref<*xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) {
    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg2, 10], strides: [10, 1] : memref<*xf32> to memref<?x10xf32, strided<[10, 1]>>
    %reinterpret_cast_0 = memref.reinterpret_cast %arg1 to offset: [%arg3], sizes: [%arg2, %arg2], strides: [%arg2, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %reinterpret_cast_1 = memref.reinterpret_cast %arg1 to offset: [0], sizes: [], strides: [] : memref<?x?xf32> to memref<f32>
    %reinterpret_cast_2 = memref.reinterpret_cast %arg1 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?x?xf32> to memref<4x4xf32>
    "test.use"(%reinterpret_cast, %reinterpret_cast_0, %reinterpret_cast_1, %reinterpret_cast_2) : (memref<?x10xf32, strided<[10, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<f32>, memref<4x4xf32>) -> ()
    return
  }
}

// -----
module {
  memref.global "private" @x : memref<2xf32> = dense<[0.000000e+00, 2.000000e+00]>
  memref.global "private" constant @c : memref<2x2xi32> = dense<[[1, 4], [2, 3]]> {alignment = 64 : i64}
  memref.global @z : memref<3xf16> = uninitialized
  memref.global "private" @y : memref<4xi32>
  memref.global @s : memref<f32> = dense<1.000000e+00>
  memref.global constant @splat : memref<8xi8> = dense<7>
  memref.global "nested" @n : memref<2xindex, 1> = dense<[3, 4]>
  func.func @get_global() -> (memref<2xf32>, memref<2x2xi32>, memref<f32>, memref<2xindex, 1>) {
    %0 = memref.get_global @x : memref<2xf32>
    %1 = memref.get_global @c : memref<2x2xi32>
    %2 = memref.get_global @s : memref<f32>
    %3 = memref.get_global @n : memref<2xindex, 1>
    return %0, %1, %2, %3 : memref<2xf32>, memref<2x2xi32>, memref<f32>, memref<2xindex, 1>
  }
}

// -----
module {
  func.func @expand_collapse(%arg0: memref<?x4xf32>, %arg1: index) -> (memref<?x2x2xf32>, memref<?xf32>) {
    %expand_shape = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [%arg1, 2, 2] : memref<?x4xf32> into memref<?x2x2xf32>
    %collapse_shape = memref.collapse_shape %expand_shape [[0, 1, 2]] : memref<?x2x2xf32> into memref<?xf32>
    return %expand_shape, %collapse_shape : memref<?x2x2xf32>, memref<?xf32>
  }
}

// -----
module {
  func.func @expand_collapse_strided(%arg0: memref<8x4xf32, strided<[8, 1], offset: 3>>, %arg1: memref<2x3x4xf32>) -> (memref<2x4x4xf32, strided<[32, 8, 1], offset: 3>>, memref<6x4xf32>, memref<24xf32>, memref<f32>) {
    %expand_shape = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [2, 4, 4] : memref<8x4xf32, strided<[8, 1], offset: 3>> into memref<2x4x4xf32, strided<[32, 8, 1], offset: 3>>
    %collapse_shape = memref.collapse_shape %arg1 [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
    %collapse_shape_0 = memref.collapse_shape %arg1 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
    %alloc = memref.alloc() : memref<1x1xf32>
    %collapse_shape_1 = memref.collapse_shape %alloc [] : memref<1x1xf32> into memref<f32>
    return %expand_shape, %collapse_shape, %collapse_shape_0, %collapse_shape_1 : memref<2x4x4xf32, strided<[32, 8, 1], offset: 3>>, memref<6x4xf32>, memref<24xf32>, memref<f32>
  }
}

// -----
module {
  func.func @collapse_strided(%arg0: memref<4x8xf32, strided<[16, 1], offset: ?>>) -> memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>> {
    %expand_shape = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [4, 2, 4] : memref<4x8xf32, strided<[16, 1], offset: ?>> into memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>
    return %expand_shape : memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>
  }
}

// -----
module {
  func.func private @types(memref<f32>, memref<0xf32>, memref<2x?x?xi1>, memref<4xf32, strided<[-1], offset: 3>>, memref<*xi8, #gpu.address_space<private>>, memref<4xf32, "shared">, memref<4xvector<4xf32>>, memref<4xcomplex<f32>>, memref<4xmemref<2xf32>>)
}

// -----
module {
  func.func @const_sizes(%arg0: index) -> memref<?x?xf32> {
    %c4 = arith.constant 4 : index
    %alloc = memref.alloc(%c4, %arg0) {alignment = 64 : i64} : memref<?x?xf32>
    return %alloc : memref<?x?xf32>
  }
}

// -----
module {
  func.func @const_sizes_alloca(%arg0: f32) -> f32 {
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %alloca = memref.alloca(%c4) : memref<?xf32>
    memref.store %arg0, %alloca[%c0] : memref<?xf32>
    %0 = memref.load %alloca[%c0] : memref<?xf32>
    return %0 : f32
  }
}

// -----
module {
  func.func @dead_alloc(%arg0: f32, %arg1: index) {
    %alloc = memref.alloc() : memref<4xf32>
    memref.store %arg0, %alloc[%arg1] : memref<4xf32>
    memref.dealloc %alloc : memref<4xf32>
    return
  }
}

// -----
module {
  func.func @stored_alloc(%arg0: index, %arg1: memref<4xmemref<4xf32>>) {
    %alloc = memref.alloc() : memref<4xf32>
    memref.store %alloc, %arg1[%arg0] : memref<4xmemref<4xf32>>
    return
  }
}

// -----
module {
  func.func @cast_into_users(%arg0: memref<4xf32>, %arg1: index, %arg2: f32) -> (f32, index) {
    %c0 = arith.constant 0 : index
    %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
    %0 = memref.load %cast[%arg1] : memref<?xf32>
    memref.store %arg2, %cast[%arg1] : memref<?xf32>
    %dim = memref.dim %cast, %c0 : memref<?xf32>
    memref.dealloc %cast : memref<?xf32>
    return %0, %dim : f32, index
  }
}

// -----
module {
  func.func @unranked_cast(%arg0: memref<*xf32>, %arg1: index) -> f32 {
    %cast = memref.cast %arg0 : memref<*xf32> to memref<?xf32>
    %0 = memref.load %cast[%arg1] : memref<?xf32>
    return %0 : f32
  }
}

// -----
module {
  func.func @empty_copy(%arg0: memref<0xf32>, %arg1: memref<0xf32>) {
    memref.copy %arg0, %arg1 : memref<0xf32> to memref<0xf32>
    return
  }
}

// -----
module {
  func.func @expand_of_collapse(%arg0: memref<2x3xf32>) -> memref<2x3xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1]] : memref<2x3xf32> into memref<6xf32>
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
    return %expand_shape : memref<2x3xf32>
  }
}

// -----
module {
  func.func @subview_trivial(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
    %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<4x4xf32> to memref<4x4xf32>
    return %subview : memref<4x4xf32>
  }
}

// -----
module {
  func.func @alloc_dim(%arg0: index) -> index {
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc(%arg0) : memref<?xf32>
    %dim = memref.dim %alloc, %c0 : memref<?xf32>
    memref.dealloc %alloc : memref<?xf32>
    return %dim : index
  }
}

// -----
module {
  func.func @cast_chain(%arg0: memref<4xf32>) -> memref<?xf32> {
    %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
    %cast_0 = memref.cast %cast : memref<?xf32> to memref<4xf32>
    %cast_1 = memref.cast %cast_0 : memref<4xf32> to memref<?xf32>
    return %cast_1 : memref<?xf32>
  }
}

// -----
module {
  func.func @assume_alignment(%arg0: memref<4x?xf32>) -> memref<4x?xf32> {
    %assume_align = memref.assume_alignment %arg0, 16 : memref<4x?xf32>
    return %assume_align : memref<4x?xf32>
  }
}

// -----
module {
  func.func @distinct_objects(%arg0: memref<?xf32>, %arg1: memref<4xi32>) -> (memref<?xf32>, memref<4xi32>) {
    %0:2 = memref.distinct_objects %arg0, %arg1 : memref<?xf32>, memref<4xi32>
    return %0#0, %0#1 : memref<?xf32>, memref<4xi32>
  }
}

// -----
module {
  func.func @realloc(%arg0: memref<64xf32>, %arg1: index, %arg2: memref<?xf32>) -> (memref<124xf32>, memref<?xf32>) {
    %0 = memref.realloc %arg0 : memref<64xf32> to memref<124xf32>
    %1 = memref.realloc %arg2(%arg1) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>
    return %0, %1 : memref<124xf32>, memref<?xf32>
  }
}

// -----
module {
  func.func @alloca_scope(%arg0: f32) -> f32 {
    memref.alloca_scope  {
      %alloca = memref.alloca() : memref<4xf32>
      "test.use"(%alloca) : (memref<4xf32>) -> ()
    }
    %0 = memref.alloca_scope  -> (f32) {
      %alloca = memref.alloca() : memref<f32>
      memref.store %arg0, %alloca[] : memref<f32>
      %1 = memref.load %alloca[] : memref<f32>
      memref.alloca_scope.return %1 : f32
    }
    return %0 : f32
  }
}

// -----
module {
  func.func @dma(%arg0: memref<40x128xf32>, %arg1: memref<2x1024xf32, 1>, %arg2: memref<1xi32, 2>, %arg3: index, %arg4: index, %arg5: index, %arg6: index) {
    memref.dma_start %arg0[%arg3, %arg3], %arg1[%arg3, %arg3], %arg4, %arg2[%arg3] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
    memref.dma_start %arg0[%arg3, %arg3], %arg1[%arg3, %arg3], %arg4, %arg2[%arg3], %arg5, %arg6 : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
    memref.dma_wait %arg2[%arg3], %arg4 : memref<1xi32, 2>
    return
  }
}

// -----
module {
  func.func @extract(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>) -> (index, index, memref<f32>, index, index, index, index, index) {
    %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<4x?xf32> -> index
    %intptr_0 = memref.extract_aligned_pointer_as_index %arg1 : memref<*xf32> -> index
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
    return %intptr, %intptr_0, %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : index, index, memref<f32>, index, index, index, index, index
  }
}

// -----
module {
  func.func @atomics(%arg0: memref<10xf32>, %arg1: index, %arg2: f32, %arg3: memref<4xi32>, %arg4: i32) -> (f32, f32, i32) {
    %0 = memref.generic_atomic_rmw %arg0[%arg1] : memref<10xf32> {
    ^bb0(%arg5: f32):
      %3 = arith.addf %arg5, %arg2 : f32
      memref.atomic_yield %3 : f32
    }
    %1 = memref.atomic_rmw addf %arg2, %arg0[%arg1] : (f32, memref<10xf32>) -> f32
    %2 = memref.atomic_rmw maxs %arg4, %arg3[%arg1] : (i32, memref<4xi32>) -> i32
    return %0, %1, %2 : f32, f32, i32
  }
}

// -----
module {
  func.func @casts(%arg0: memref<?xf32, 5>, %arg1: memref<*xf32, 1>) -> (memref<?xf32>, memref<*xf32, 3>) {
    %memspacecast = memref.memory_space_cast %arg0 : memref<?xf32, 5> to memref<?xf32>
    %memspacecast_0 = memref.memory_space_cast %arg1 : memref<*xf32, 1> to memref<*xf32, 3>
    return %memspacecast, %memspacecast_0 : memref<?xf32>, memref<*xf32, 3>
  }
}

// -----
module {
  func.func @prefetch(%arg0: memref<400x400xi32>, %arg1: index) {
    memref.prefetch %arg0[%arg1, %arg1], read, locality<3>, data : memref<400x400xi32>
    memref.prefetch %arg0[%arg1, %arg1], write, locality<0>, instr : memref<400x400xi32>
    return
  }
}

// -----
module {
  func.func @reshape(%arg0: memref<4x1xf32>, %arg1: memref<1xi32>, %arg2: memref<*xf32>, %arg3: memref<?xindex>) -> (memref<4xf32>, memref<*xf32>) {
    %reshape = memref.reshape %arg0(%arg1) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
    %reshape_0 = memref.reshape %arg2(%arg3) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
    return %reshape, %reshape_0 : memref<4xf32>, memref<*xf32>
  }
}

// -----
module {
  func.func @transpose(%arg0: memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>> {
    %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
    return %transpose : memref<?x?xf32, strided<[1, ?]>>
  }
}

// -----
module {
  func.func @view(%arg0: memref<2048xi8>, %arg1: index, %arg2: index, %arg3: index) -> (memref<64x4xf32>, memref<?x4x?xf32>) {
    %view = memref.view %arg0[%arg1][] : memref<2048xi8> to memref<64x4xf32>
    %view_0 = memref.view %arg0[%arg1][%arg2, %arg3] : memref<2048xi8> to memref<?x4x?xf32>
    return %view, %view_0 : memref<64x4xf32>, memref<?x4x?xf32>
  }
}

// -----
module {
  func.func @transpose_strided(%arg0: memref<4x8xf32, strided<[16, 2], offset: 3>>) -> memref<8x4xf32, strided<[2, 16], offset: 3>> {
    %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[16, 2], offset: 3>> to memref<8x4xf32, strided<[2, 16], offset: 3>>
    return %transpose : memref<8x4xf32, strided<[2, 16], offset: 3>>
  }
}

// -----
module {
  func.func @extract_strided(%arg0: memref<?x?xf32, strided<[?, ?], offset: ?>>, %arg1: memref<f32, 1>) -> (memref<f32>, index, index, index, index, index, memref<f32, 1>, index) {
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
    %base_buffer_0, %offset_1 = memref.extract_strided_metadata %arg1 : memref<f32, 1> -> memref<f32, 1>, index
    return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1, %base_buffer_0, %offset_1 : memref<f32>, index, index, index, index, index, memref<f32, 1>, index
  }
}

// -----
module {
  func.func @generic_atomic_rmw_attrs(%arg0: memref<4x4xi32>, %arg1: index, %arg2: i32) -> i32 {
    %0 = memref.generic_atomic_rmw %arg0[%arg1, %arg1] : memref<4x4xi32> {
    ^bb0(%arg3: i32):
      %1 = arith.addi %arg3, %arg2 : i32
      memref.atomic_yield %1 : i32
    } {tag = "x"}
    return %0 : i32
  }
}

// -----
module {
  func.func @atomic_rmw_kinds(%arg0: memref<4xi32>, %arg1: memref<4xf32>, %arg2: index, %arg3: i32, %arg4: f32) -> (i32, i32, f32, f32) {
    %0 = memref.atomic_rmw assign %arg3, %arg0[%arg2] : (i32, memref<4xi32>) -> i32
    %1 = memref.atomic_rmw xori %arg3, %arg0[%arg2] {tag} : (i32, memref<4xi32>) -> i32
    %2 = memref.atomic_rmw maximumf %arg4, %arg1[%arg2] : (f32, memref<4xf32>) -> f32
    %3 = memref.atomic_rmw minnumf %arg4, %arg1[%arg2] : (f32, memref<4xf32>) -> f32
    return %0, %1, %2, %3 : i32, i32, f32, f32
  }
}

// -----
module {
  func.func @alloca_scope_nested(%arg0: index, %arg1: f32) -> f32 {
    %0 = memref.alloca_scope  -> (f32) {
      %alloca = memref.alloca(%arg0) : memref<?xf32>
      %c0 = arith.constant 0 : index
      memref.store %arg1, %alloca[%c0] : memref<?xf32>
      %1 = memref.load %alloca[%c0] : memref<?xf32>
      memref.alloca_scope.return %1 : f32
    } {tag}
    "test.use"(%0) : (f32) -> ()
    return %0 : f32
  }
}

// -----
module {
  func.func @dma_wait_2d(%arg0: memref<2x2xi32, 2>, %arg1: index, %arg2: index) {
    memref.dma_wait %arg0[%arg1, %arg1], %arg2 : memref<2x2xi32, 2>
    return
  }
}

// -----
module {
  func.func @view_and_reshape(%arg0: memref<2048xi8, 3>, %arg1: index, %arg2: memref<2xindex>, %arg3: index) -> (memref<?x4xf32, 3>, memref<?x?xf32>) {
    %view = memref.view %arg0[%arg1][%arg3] {tag} : memref<2048xi8, 3> to memref<?x4xf32, 3>
    %alloc = memref.alloc(%arg3) : memref<?xf32>
    %reshape = memref.reshape %alloc(%arg2) {tag} : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
    return %view, %reshape : memref<?x4xf32, 3>, memref<?x?xf32>
  }
}

// -----
module {
  func.func @casts_unranked(%arg0: memref<*xi8, 2>) -> (memref<*xi8>, index) {
    %memspacecast = memref.memory_space_cast %arg0 : memref<*xi8, 2> to memref<*xi8>
    %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<*xi8, 2> -> index {tag}
    return %memspacecast, %intptr : memref<*xi8>, index
  }
}

// -----
module {
  func.func @assume_distinct(%arg0: memref<?xf32>, %arg1: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
    %assume_align = memref.assume_alignment %arg0, 64 {tag} : memref<?xf32>
    %0:2 = memref.distinct_objects %assume_align, %arg1 : memref<?xf32>, memref<?xf32>
    return %0#0, %0#1 : memref<?xf32>, memref<?xf32>
  }
}

// -----
module {
  func.func @view_sizes(%arg0: memref<2048xi8>, %arg1: index, %arg2: index) -> memref<?x?xf32> {
    %c4 = arith.constant 4 : index
    %view = memref.view %arg0[%arg1][%c4, %arg2] : memref<2048xi8> to memref<?x?xf32>
    return %view : memref<?x?xf32>
  }
}

// -----
module {
  func.func @view_of_cast(%arg0: index) -> memref<16x4xf32> {
    %alloc = memref.alloc() : memref<2048xi8>
    %cast = memref.cast %alloc : memref<2048xi8> to memref<?xi8>
    %view = memref.view %cast[%arg0][] : memref<?xi8> to memref<16x4xf32>
    return %view : memref<16x4xf32>
  }
}

// -----
module {
  func.func @transposes(%arg0: memref<4x8xf32>, %arg1: memref<4x8x2xf32>) -> (memref<4x8xf32>, memref<4x8x2xf32, strided<[16, 2, 1]>>) {
    %transpose = memref.transpose %arg0 (d0, d1) -> (d0, d1) : memref<4x8xf32> to memref<4x8xf32>
    %transpose_0 = memref.transpose %arg1 (d0, d1, d2) -> (d2, d0, d1) : memref<4x8x2xf32> to memref<2x4x8xf32, strided<[1, 16, 2]>>
    %transpose_1 = memref.transpose %transpose_0 (d0, d1, d2) -> (d1, d2, d0) : memref<2x4x8xf32, strided<[1, 16, 2]>> to memref<4x8x2xf32, strided<[16, 2, 1]>>
    return %transpose, %transpose_1 : memref<4x8xf32>, memref<4x8x2xf32, strided<[16, 2, 1]>>
  }
}

// -----
module {
  func.func @casts_of_casts(%arg0: memref<4xf32, 1>) -> (memref<4xf32, 3>, memref<4xf32, 1>) {
    %memspacecast = memref.memory_space_cast %arg0 : memref<4xf32, 1> to memref<4xf32, 2>
    %memspacecast_0 = memref.memory_space_cast %memspacecast : memref<4xf32, 2> to memref<4xf32, 3>
    %assume_align = memref.assume_alignment %arg0, 16 : memref<4xf32, 1>
    %assume_align_1 = memref.assume_alignment %assume_align, 16 : memref<4xf32, 1>
    %assume_align_2 = memref.assume_alignment %assume_align_1, 32 : memref<4xf32, 1>
    return %memspacecast_0, %assume_align_2 : memref<4xf32, 3>, memref<4xf32, 1>
  }
}

// -----
module {
  func.func @dead_realloc(%arg0: memref<4xf32>, %arg1: f32, %arg2: index) {
    %0 = memref.realloc %arg0 : memref<4xf32> to memref<8xf32>
    memref.store %arg1, %0[%arg2] : memref<8xf32>
    memref.dealloc %0 : memref<8xf32>
    return
  }
}

// -----
module {
  func.func @cast_into_users(%arg0: memref<4xf32>, %arg1: memref<1xi32>, %arg2: index, %arg3: f32) -> f32 {
    %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
    %cast_0 = memref.cast %arg1 : memref<1xi32> to memref<?xi32>
    memref.prefetch %cast[%arg2], read, locality<3>, data : memref<?xf32>
    memref.dma_start %cast[%arg2], %cast[%arg2], %arg2, %cast_0[%arg2] : memref<?xf32>, memref<?xf32>, memref<?xi32>
    memref.dma_wait %cast_0[%arg2], %arg2 : memref<?xi32>
    %0 = memref.atomic_rmw addf %arg3, %cast[%arg2] : (f32, memref<?xf32>) -> f32
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %cast : memref<?xf32> -> memref<f32>, index, index, index
    "test.use"(%base_buffer, %offset, %sizes, %strides) : (memref<f32>, index, index, index) -> ()
    return %0 : f32
  }
}

// -----
module {
  func.func @scope_without_alloca(%arg0: f32, %arg1: f32) -> f32 {
    %0 = memref.alloca_scope  -> (f32) {
      %2 = arith.addf %arg0, %arg1 : f32
      memref.alloca_scope.return %2 : f32
    }
    %1 = arith.mulf %0, %arg0 : f32
    return %1 : f32
  }
}

// -----
module {
  func.func @scope_in_loop(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      memref.alloca_scope  {
        %alloca = memref.alloca() : memref<4xf32>
        "test.use"(%alloca) : (memref<4xf32>) -> ()
      }
    }
    return
  }
}

