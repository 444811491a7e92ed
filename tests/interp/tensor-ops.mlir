// test: interp-cases
// The tensor ops whose result shapes issue 8 reifies, each in a function
// returning its result's dimensions as `index` values, with inputs that
// pass and inputs that fail (undefined behaviour the interpreter detects).
// tests/interp_tensor.rs runs every `// CASE: @func args... => outcome` with
// the interpreter (outcomes as `shape-run` prints them) and, for the passing
// ones, compares with the dimensions `mlir-opt` reifies and `mlir-runner`
// computes (`tensor.pack`/`tensor.unpack` renamed to MLIR 22's
// `linalg.pack`/`linalg.unpack`).

// CASE: @pad [2,3] 1 4 => ok 5, 7
// CASE: @pad [0,3] 0 0 => ok 2, 3
// CASE: @pad [2,3] -1 4 => error: undefined behaviour: tensor.pad with negative padding (low -1, high 2) in dimension 0
// CASE: @pad [2,3] 1 -4 => error: undefined behaviour: tensor.pad with negative padding (low 0, high -4) in dimension 1
func.func @pad(%t: tensor<?x3xf32>, %l: index, %h: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%l, 0] high[2, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<?x3xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %p, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %p, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// CASE: @insert_slice [3,4] [8,5] 3 1 => ok 8, 5
// CASE: @insert_slice [1,4] [1,5] 1 0 => ok 1, 5
// CASE: @insert_slice [3,4] [8,5] 3 6 => error: undefined behaviour: tensor.insert_slice out of bounds in dimension 0 of a tensor of shape [8, 5]
// CASE: @insert_slice [2,4] [8,5] 3 0 => error: undefined behaviour: tensor.insert_slice of a tensor of shape [2, 4] into a slice of sizes [3, 4]
func.func @insert_slice(%t: tensor<?x4xf32>, %d: tensor<?x?xf32>, %n: index, %o: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.insert_slice %t into %d[%o, 1] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// CASE: @insert_slice_rank_reducing [4] [8,4,4] 2 4 => ok 8, 4, 4
// CASE: @insert_slice_rank_reducing [3] [8,4,4] 2 4 => error: undefined behaviour: tensor.insert_slice of a tensor of shape [3] into a slice of sizes [1, 4, 1]
func.func @insert_slice_rank_reducing(%t: tensor<?xf32>, %d: tensor<?x4x?xf32>, %o: index, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = tensor.insert_slice %t into %d[%o, 0, 3] [1, %n, 1] [1, 1, 1] : tensor<?xf32> into tensor<?x4x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x4x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x4x?xf32>
  %d2 = tensor.dim %r, %c2 : tensor<?x4x?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// CASE: @pack [16,12] [3,2,8,4] 4 => ok 3, 2, 8, 4
// CASE: @pack [16,12] [2,3,8,4] 4 => error: undefined behaviour: 'tensor.pack' with a destination of shape [2, 3, 8, 4], expected [3, 2, 8, 4]
// CASE: @pack [16,13] [4,2,8,4] 4 => error: undefined behaviour: tensor.pack without a padding value: tile 4 does not divide extent 13 of dimension 1
// CASE: @pack [16,12] [3,2,8,0] 0 => error: undefined behaviour: 'tensor.pack' with tile size 0
func.func @pack(%s: tensor<?x?xf32>, %d: tensor<?x?x8x?xf32>, %t: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?xf32> -> tensor<?x?x8x?xf32>
  %d0 = tensor.dim %p, %c0 : tensor<?x?x8x?xf32>
  %d1 = tensor.dim %p, %c1 : tensor<?x?x8x?xf32>
  %d2 = tensor.dim %p, %c2 : tensor<?x?x8x?xf32>
  %d3 = tensor.dim %p, %c3 : tensor<?x?x8x?xf32>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}

// CASE: @pack_padded [13] [2,8] => ok 2, 8
// CASE: @pack_padded [16] [2,8] => ok 2, 8
// CASE: @pack_padded [13] [3,8] => error: undefined behaviour: 'tensor.pack' with a destination of shape [3, 8], expected [2, 8]
func.func @pack_padded(%s: tensor<?xf32>, %d: tensor<?x8xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pack %s padding_value(%z : f32) inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<?xf32> -> tensor<?x8xf32>
  %d0 = tensor.dim %p, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %p, %c1 : tensor<?x8xf32>
  return %d0, %d1 : index, index
}

// CASE: @unpack [3,2,8,4] [16,12] 4 => ok 16, 12
// CASE: @unpack [3,2,8,4] [13,10] 4 => ok 13, 10
// CASE: @unpack [3,2,8,4] [16,12] 3 => error: undefined behaviour: 'tensor.unpack' with a source of shape [3, 2, 8, 4], expected [4, 2, 8, 3]
// CASE: @unpack [3,2,8,4] [16,12] -4 => error: undefined behaviour: 'tensor.unpack' with tile size -4
func.func @unpack(%s: tensor<?x?x8x?xf32>, %d: tensor<?x?xf32>, %t: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %u = tensor.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
  %d0 = tensor.dim %u, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %u, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}
