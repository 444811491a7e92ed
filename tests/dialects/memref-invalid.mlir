// test: run-lines
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

// -----

func.func @transpose_1(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<?x?xf32>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_2(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (i, j) -> (i, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_3(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %0 = memref.transpose %m (i) -> (i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_4(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @transpose_5(%m: memref<4x8xf32, strided<[16, 2], offset: 3>>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 2 + d1 * 16 + 3)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32, strided<[16, 2], offset: 3>> to memref<8x4xf32>
  return
}

// -----

func.func @assume_alignment_1(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 3 : memref<4xf32>
  return
}

// -----

func.func @assume_alignment_2(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = memref.assume_alignment %m, -4 : memref<4xf32>
  return
}

// -----

func.func @assume_alignment_3(%m: memref<*xf32>) {
  // expected-error@+1 {{custom op 'memref.assume_alignment' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0 = memref.assume_alignment %m, 4 : memref<*xf32>
  return
}

// -----

func.func @assume_alignment_4(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op requires the same type for all operands and results}}
  %0 = "memref.assume_alignment"(%m) <{alignment = 4 : i32}> : (memref<4xf32>) -> memref<5xf32>
  return
}

// -----

func.func @distinct_objects_1(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
  %0:2 = "memref.distinct_objects"(%m) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  return
}

// -----

func.func @distinct_objects_2() {
  // expected-error@+1 {{'memref.distinct_objects' op expected at least one operand}}
  "memref.distinct_objects"() : () -> ()
  return
}

// -----

func.func @distinct_objects_3(%m: tensor<4xf32>) {
  // expected-error@+1 {{'memref.distinct_objects' op operand #0 must be variadic of memref of any type values, but got 'tensor<4xf32>'}}
  %0 = memref.distinct_objects %m : tensor<4xf32>
  return
}

// -----

func.func @realloc_1(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'memref<4x4xf32>'}}
  %0 = memref.realloc %m : memref<4x4xf32> to memref<8xf32>
  return
}

// -----

func.func @realloc_2(%m: memref<4xf32, strided<[2]>>) {
  // expected-error@+1 {{unsupported layout for source memref type 'memref<4xf32, strided<[2]>>'}}
  %0 = memref.realloc %m : memref<4xf32, strided<[2]>> to memref<8xf32>
  return
}

// -----

func.func @realloc_3(%m: memref<4xf32>) {
  // expected-error@+1 {{different memory spaces specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xf32, 1>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<8xf32, 1>
  return
}

// -----

func.func @realloc_4(%m: memref<4xf32>) {
  // expected-error@+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xi32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<8xi32>
  return
}

// -----

func.func @realloc_5(%m: memref<4xf32>) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_6(%m: memref<4xf32>, %d: index) {
  // expected-error@+1 {{unnecessary dimension operand for result type 'memref<8xf32>'}}
  %0 = memref.realloc %m(%d) : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @realloc_7(%m: memref<4xf32>) {
  // expected-error@+1 {{attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.realloc %m {alignment = 3} : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @dma_wait_1(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 2}}
  memref.dma_wait %m[%i, %i], %i : memref<4xf32>
  return
}

// -----

func.func @dma_start_1(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.dma_start' expected two stride related operands}}
  memref.dma_start %m[%i], %m[%i], %i, %m[%i], %i : memref<4xf32>, memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @dma_start_2(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.dma_start' fewer/more types expected}}
  memref.dma_start %m[%i], %m[%i], %i, %m[%i] : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @dma_start_3(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 4 operands}}
  "memref.dma_start"(%m, %i, %m) : (memref<4xf32>, index, memref<4xf32>) -> ()
  return
}

// -----

func.func @dma_start_4(%m: memref<4xf32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected source indices to be of index type}}
  "memref.dma_start"(%m, %j, %m, %i, %i, %m, %i) : (memref<4xf32>, i32, memref<4xf32>, index, index, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @dma_start_5(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%m, %i, %m, %i, %i, %m, %i, %i) : (memref<4xf32>, index, memref<4xf32>, index, index, memref<4xf32>, index, index) -> ()
  return
}

// -----

func.func @dma_start_6(%m: memref<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected destination to be of memref type}}
  "memref.dma_start"(%m, %i, %t, %i, %i, %m, %i) : (memref<4xf32>, index, tensor<4xf32>, index, index, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @extract_strided_metadata_1(%m: memref<4xf32>) {
  // expected-error@+2 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index'}}
  // expected-error@+1 {{'memref.extract_strided_metadata' op failed to infer returned types}}
  %0:3 = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index
  return
}

// -----

func.func @extract_strided_metadata_2(%m: memref<4xf32>) {
  // expected-error@+2 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<i32>', 'index', 'index', 'index'}}
  // expected-error@+1 {{'memref.extract_strided_metadata' op failed to infer returned types}}
  %0:4 = memref.extract_strided_metadata %m : memref<4xf32> -> memref<i32>, index, index, index
  return
}

// -----

func.func @extract_strided_metadata_3(%m: memref<*xf32>) {
  // expected-error@+1 {{custom op 'memref.extract_strided_metadata' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0:2 = memref.extract_strided_metadata %m : memref<*xf32> -> memref<f32>, index
  return
}

// -----

func.func @extract_strided_metadata_4(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op operand #0 must be strided memref of any type values, but got 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  %0:6 = memref.extract_strided_metadata %m : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>> -> memref<f32>, index, index, index, index, index
  return
}

// -----

func.func @extract_aligned_pointer_as_index_1(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'i32'}}
  %0 = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> i32
  return
}

// -----

func.func @generic_atomic_rmw_1(%m: memref<10xf32>, %i: index, %v: f32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %cur, %m[%i] : memref<10xf32>
    memref.atomic_yield %cur : f32
  }
  return
}

// -----

func.func @atomic_yield_1(%m: memref<10xf32>, %i: index, %v: i32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %v : i32
  }
  return
}

// -----

func.func @generic_atomic_rmw_2(%m: memref<10xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32, %o: f32):
    memref.atomic_yield %cur : f32
  }
  return
}

// -----

func.func @generic_atomic_rmw_3(%m: memref<10xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  }
  return
}

// -----

func.func @generic_atomic_rmw_4(%m: memref<10xindex>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op operand #0 must be memref of signless integer or floating-point values, but got 'memref<10xindex>'}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xindex> {
  ^bb0(%cur: index):
    memref.atomic_yield %cur : index
  }
  return
}

// -----

func.func @op_1(%m: memref<10xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    // expected-error@+1 {{block with no terminator, has %1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32}}
    %c = arith.constant 1.0 : f32
  }
  return
}

// -----

func.func @atomic_yield_2(%v: f32) {
  // expected-error@+1 {{'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'}}
  memref.atomic_yield %v : f32
  return
}

// -----

func.func @memory_space_cast_1(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<5xf32, 1>
  return
}

// -----

func.func @memory_space_cast_2(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<*xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<*xf32, 1>
  return
}

// -----

func.func @memory_space_cast_3(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<4xi32, 1>
  return
}

// -----

func.func @memory_space_cast_4(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, strided<[2]>, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<4xf32, strided<[2]>, 1>
  return
}

// -----

func.func @prefetch_1(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[%i], read, locality<3>, data : memref<4x4xf32>
  return
}

// -----

func.func @prefetch_2(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], readx, locality<3>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_3(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.prefetch' cache type has to be 'data' or 'instr'}}
  memref.prefetch %m[%i], read, locality<3>, datax : memref<4xf32>
  return
}

// -----

func.func @prefetch_4(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<5>, data : memref<4xf32>
  return
}

// -----

func.func @reshape_1(%m: memref<4xf32>, %s: memref<2xi32>) {
  // expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<2xi32>) -> memref<2x2xi32>
  return
}

// -----

func.func @reshape_2(%m: memref<4xf32>, %s: memref<?xi32>) {
  // expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<?xi32>) -> memref<2x2xf32>
  return
}

// -----

func.func @reshape_3(%m: memref<4xf32>, %s: memref<3xi32>) {
  // expected-error@+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<3xi32>) -> memref<2x2xf32>
  return
}

// -----

func.func @reshape_4(%m: memref<4xf32, strided<[2]>>, %s: memref<2xi32>) {
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4xf32, strided<[2]>>, memref<2xi32>) -> memref<2x2xf32>
  return
}

// -----

func.func @reshape_5(%m: memref<4xf32>, %s: memref<2xf32>) {
  // expected-error@+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<2xf32>'}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<2xf32>) -> memref<2x2xf32>
  return
}

// -----

func.func @reshape_6(%m: memref<4xf32>, %s: memref<2xi32>) {
  // expected-error@+1 {{'memref.reshape' op result memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<2xi32>) -> memref<2x2xf32, strided<[4, 1]>>
  return
}

// -----

func.func @view_1(%m: memref<2048xf32>, %o: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xf32>'}}
  %0 = memref.view %m[%o][] : memref<2048xf32> to memref<64x4xf32>
  return
}

// -----

func.func @view_2(%m: memref<2048xi8>, %o: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %m[%o][] : memref<2048xi8> to memref<64x?xf32>
  return
}

// -----

func.func @view_3(%m: memref<2048xi8>, %o: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<2048xi8>' and view memref type 'memref<64x4xf32, 1>'}}
  %0 = memref.view %m[%o][] : memref<2048xi8> to memref<64x4xf32, 1>
  return
}

// -----

func.func @view_4(%m: memref<2048xi8>, %o: index) {
  // expected-error@+1 {{unsupported map for result memref type 'memref<64x4xf32, strided<[8, 1]>>'}}
  %0 = memref.view %m[%o][] : memref<2048xi8> to memref<64x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @view_5(%m: memref<2048xi8, strided<[2]>>, %o: index) {
  // expected-error@+1 {{unsupported map for base memref type 'memref<2048xi8, strided<[2]>>'}}
  %0 = memref.view %m[%o][] : memref<2048xi8, strided<[2]>> to memref<64x4xf32>
  return
}

// -----

func.func @atomic_rmw_1(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %x = memref.atomic_rmw addi %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @atomic_rmw_2(%m: memref<10xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<10xi32>) -> i32
  return
}

// -----

func.func @atomic_rmw_3(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %x = memref.atomic_rmw addf %v, %m[%i, %i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @atomic_rmw_4(%m: memref<10xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{custom op 'memref.atomic_rmw' expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, andi, assign, maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori]}}
  %x = memref.atomic_rmw nope %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @atomic_rmw_5(%m: memref<10xf32>, %i: index, %v: f16) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (f16, memref<10xf32>) -> f16
  return
}

// -----

func.func @alloca_scope_return_1() {
  // expected-error@+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
  memref.alloca_scope.return
  return
}

// -----

func.func @alloca_scope_1(%v: f32) {
  // expected-error@+1 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = memref.alloca_scope -> f32 {
    // expected-note@+1 {{region branch point}}
    memref.alloca_scope.return
  }
  return
}

// -----

func.func @alloca_scope_2(%v: f32) {
  // expected-error@+2 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = memref.alloca_scope -> f32 {
  }
  return
}
