// RUN: shape-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// The memref dialect's parser and verifier errors. Every diagnostic here is
// also what `mlir-opt` 22 gives (tests/dialects.rs runs both).

func.func @load_of_tensor(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = memref.load %t[%i] : tensor<4xf32>
  return
}

// -----

func.func @load_of_unranked(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0 = memref.load %m[%i] : memref<*xf32>
  return
}

// -----

func.func @load_indices(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %0 = memref.load %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @load_result_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> f16
  return
}

// -----

func.func @load_alignment(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.load"(%m, %i) <{alignment = 3 : i64}> : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @store_value_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%i, %m, %i) : (index, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @store_indices(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @alloc_dynamic_sizes() {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_symbols() {
  // expected-error@+1 {{'memref.alloca' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloca() : memref<4xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error@+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = 3 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

// Only functions and loops (`scf.for`, `scf.parallel`, `scf.forall`) free
// stack allocations on exit.
"test.region"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
  "test.yield"() : () -> ()
}) : () -> ()

// -----

%c = "test.condition"() : () -> i1
scf.if %c {
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
}

// -----

func.func @dealloc_of_index(%i: index) {
  // expected-error@+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'index'}}
  "memref.dealloc"(%i) : (index) -> ()
  return
}

// -----

func.func @dim_of_scalar(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %m, %i : memref<f32>
  return
}

// -----

func.func @cast_sizes(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_element_type(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @cast_unranked_to_unranked(%m: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<*xf32>
  return
}

// -----

func.func @cast_memory_space(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, 1>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

func.func @cast_offset(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[4, 1], offset: 2>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: 2>>
  return
}

// -----

func.func @copy_shapes(%m: memref<4xf32>, %n: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %n : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @copy_element_types(%m: memref<4xf32>, %n: memref<4xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %n : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @get_global_missing() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global @g : memref<2xf32> = dense<1.0>
func.func @get_global_type() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

func.func @get_global_dynamic() {
  // expected-error@+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = "memref.get_global"() <{name = @g}> : () -> memref<?xf32>
  return
}

// -----

// expected-error@+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "g", type = i32}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 2, 3 but was 3, 2}}
"memref.global"() <{initial_value = dense<1.0> : tensor<3x2xf32>, sym_name = "g", type = memref<2x3xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{initial_value = dense<1> : tensor<2xi32>, sym_name = "g", type = memref<2xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 1 : i32}}
"memref.global"() <{initial_value = 1 : i32, sym_name = "g", type = memref<2xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
"memref.global"() <{alignment = 3 : i64, sym_name = "g", type = memref<2xf32>}> : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
memref.global @g : memref<2xf32> = dense<1>

// -----

func.func @subview_layout(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @subview_sizes(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_dynamic_offset(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 8>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[8, 1], offset: ?>>'}}
  %0 = memref.subview %m[1, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

func.func @subview_offset_count(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 1}}
  %0 = memref.subview %m[0] [4] [1] : memref<8x8xf32> to memref<4x8xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_mixed_ranks(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0, 0] [4] [1] : memref<8x8xf32> to memref<4xf32>
  return
}

// -----

func.func @subview_dynamic_count(%m: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>, index) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_negative_offset(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[-1, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: -8>>
  return
}

// -----

func.func @subview_out_of_bounds(%m: memref<8x8xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 9 >= 8}}
  %0 = memref.subview %m[9, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 72>>
  return
}

// -----

func.func @subview_slice_out_of_bounds(%m: memref<8x8xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = memref.subview %m[6, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 48>>
  return
}

// -----

func.func @subview_element_type(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<4x4xf16, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf16, strided<[8, 1]>>
  return
}

// -----

func.func @subview_memory_space(%m: memref<8x8xf32>) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<8x8xf32>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>, 1>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>, 1>
  return
}

// -----

func.func @subview_rank(%m: memref<8x8xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x1xf32, strided<[8, 1, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4x1xf32, strided<[8, 1, 1]>>
  return
}

// -----

func.func @reinterpret_cast_stride(%m: memref<*xf32>) {
  // expected-error@+1 {{expected result type with stride = 1 instead of 2 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<*xf32> to memref<10xf32, strided<[2]>>
  return
}

// -----

func.func @reinterpret_cast_size(%m: memref<*xf32>) {
  // expected-error@+1 {{expected result type with size = 10 instead of 11 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<*xf32> to memref<11xf32>
  return
}

// -----

func.func @reinterpret_cast_offset(%m: memref<*xf32>) {
  // expected-error@+1 {{expected result type with offset = 1 instead of 0}}
  %0 = memref.reinterpret_cast %m to offset: [1], sizes: [10], strides: [1] : memref<*xf32> to memref<10xf32>
  return
}

// -----

func.func @reinterpret_cast_element_type(%m: memref<*xf32>) {
  // expected-error@+1 {{different element types specified for source type 'memref<*xf32>' and result memref type 'memref<10xi32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<*xf32> to memref<10xi32>
  return
}

// -----

func.func @reinterpret_cast_memory_space(%m: memref<*xf32, 1>) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<*xf32, 1>' and result memref type 'memref<10xf32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<*xf32, 1> to memref<10xf32>
  return
}

// -----

func.func @collapse_sizes(%m: memref<8x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (30) must equal reassociation group size (32)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x4xf32> into memref<30xf32>
  return
}

// -----

func.func @collapse_non_contiguous(%m: memref<8x4xf32, strided<[8, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x4xf32, strided<[8, 1]>> into memref<32xf32>
  return
}

// -----

func.func @collapse_layout(%m: memref<8x4xf32, strided<[4, 2]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<8x4xf32, strided<[4, 2]>>' but found 'memref<8x4xf32>'}}
  %0 = memref.collapse_shape %m [[0], [1]] : memref<8x4xf32, strided<[4, 2]>> into memref<8x4xf32>
  return
}

// -----

func.func @expand_layout(%m: memref<32xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<8x4xf32>' but found 'memref<8x4xf32, strided<[8, 1]>>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 4] : memref<32xf32> into memref<8x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @expand_sizes(%m: memref<32xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (32) must equal reassociation group size (40)}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 5] : memref<32xf32> into memref<8x5xf32>
  return
}

// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
func.func private @strided_rank(memref<4xf32, strided<[1, 2]>>)

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
func.func private @map_rank(memref<4x4xf32, affine_map<(d0) -> (d0)>>)
