// test: run-lines
// RUN: shape-opt %s --split-input-file --reify-result-shapes | FileCheck %s
//
// `reify-result-shapes`: each `tensor.dim` of a dynamic dimension of a
// tensor op's result becomes that dimension computed from the op's
// operands. (The runner adds --verify-semantics.)
//
// Compared with `mlir-opt --resolve-ranked-shaped-type-result-dims` on
// this file (tests/value_bounds.rs does it: every returned dimension is
// resolved by both, or by the one named here): the same dimensions, except
// that mlir-opt also resolves a collapsed group of two dynamic dimensions
// (as a product, through `affine.apply`) and we do not, and we resolve
// `tensor.reshape` (by the extents of its shape operand) and mlir-opt does
// not. mlir-opt builds `affine.apply` where we build `arith`, and erases
// the ops left dead; we leave them to `canonicalize`.

// MLIR's ValueBoundsOpInterface example: dim 0 = low + source + high.
// CHECK-LABEL: func @pad
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg1, %[[D]] : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[D0:.*]] = arith.addi %[[S]], %[[C2]] : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[D1:.*]] = arith.addi %arg2, %[[C3]] : index
// CHECK-NEXT:    return %[[D0]], %[[D1]] : index, index
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

// -----

// The dimension of the cast becomes one of the tensor.empty, which the
// next round reads off its size operand.
// CHECK-LABEL: func @empty_cast_splat_generate
// CHECK-NOT:     tensor.dim
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         return %arg0, %[[C4]], %arg1, %arg0
func.func @empty_cast_splat_generate(%n: index, %m: index, %x: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %c = tensor.cast %e : tensor<?x4xf32> to tensor<?x?xf32>
  %s = tensor.splat %x[%m] : tensor<?xindex>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  %d0 = tensor.dim %c, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %c, %c1 : tensor<?x?xf32>
  %d2 = tensor.dim %s, %c0 : tensor<?xindex>
  %d3 = tensor.dim %g, %c0 : tensor<?xindex>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}

// -----

// Rank-reducing: the unit size is dropped.
// CHECK-LABEL: func @extract_slice
// CHECK-NOT:     tensor.dim
// CHECK:         return %arg1, %arg1
func.func @extract_slice(%t: tensor<?x?x?xf32>, %n: index, %o: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tensor.extract_slice %t[%o, 0, 1] [%n, 1, %n] [1, 1, 2] : tensor<?x?x?xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// CHECK-LABEL: func @insert_slice
// CHECK:         %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT:    return %[[D]]
func.func @insert_slice(%t: tensor<?x4xf32>, %d: tensor<?x?xf32>, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %r = tensor.insert_slice %t into %d[0, 0] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d1 : index
}

// -----

// CHECK-LABEL: func @concat
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[D0:.*]] = arith.addi %[[D]], %[[C3]] : index
// CHECK:         %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT:    return %[[D0]], %[[D1]]
func.func @concat(%a: tensor<?x?xf32>, %b: tensor<3x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = tensor.concat dim(0) %a, %b : (tensor<?x?xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  %d0 = tensor.dim %c, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %c, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// A group of two dynamic dimensions has no affine equality: declined
// (mlir-opt gives the product of both dims, through affine.apply).
// CHECK-LABEL: func @collapse_expand
// CHECK:         %[[K:.*]] = tensor.collapse_shape %arg1
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x?xf32>
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[D0:.*]] = arith.muli %[[D]], %[[C4]] : index
// CHECK-NEXT:    %[[D1:.*]] = tensor.dim %[[K]], %{{.*}} : tensor<?xf32>
// CHECK-NEXT:    return %[[D0]], %[[D1]], %arg3
func.func @collapse_expand(%t: tensor<?x4x?xf32>, %u: tensor<?x?xf32>, %v: tensor<?xf32>, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>
  %k = tensor.collapse_shape %u [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %e = tensor.expand_shape %v [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  %d0 = tensor.dim %c, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %k, %c0 : tensor<?xf32>
  %d2 = tensor.dim %e, %c0 : tensor<?x4xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// The extents of the shape operand (mlir-opt leaves these tensor.dims).
// CHECK-LABEL: func @reshape
// CHECK:         %[[S:.*]] = tensor.from_elements %arg1, %arg2
// CHECK:         %[[D0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK:         %[[D1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK-NEXT:    return %[[D0]], %[[D1]]
func.func @reshape(%t: tensor<?xf32>, %n: index, %m: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = tensor.from_elements %n, %m : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// Both are their destination.
// CHECK-LABEL: func @pack_unpack
// CHECK:         %[[D0:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?x8x?xf32>
// CHECK:         %[[D3:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?x8x?xf32>
// CHECK:         %[[D4:.*]] = tensor.dim %arg3, %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT:    return %[[D0]], %[[D3]], %[[D4]]
func.func @pack_unpack(%s: tensor<?x?xf32>, %d: tensor<?x?x8x?xf32>, %t: index, %e: tensor<?x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %p = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?xf32> -> tensor<?x?x8x?xf32>
  %u = tensor.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %e : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
  %d0 = tensor.dim %p, %c0 : tensor<?x?x8x?xf32>
  %d3 = tensor.dim %p, %c3 : tensor<?x?x8x?xf32>
  %d4 = tensor.dim %u, %c0 : tensor<?x?xf32>
  return %d0, %d3, %d4 : index, index, index
}
