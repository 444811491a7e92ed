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

