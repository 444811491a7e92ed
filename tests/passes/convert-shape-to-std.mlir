// test: run-lines
// RUN: shape-opt %s --split-input-file --convert-shape-to-std | FileCheck %s
//
// `convert-shape-to-std`: asserting-form shape functions to tensor, arith
// and scf. Where ranks are known (types, how shapes are made, asserts) the
// code is straight-line: no scf.for, no tensor.generate. (The runner adds
// --verify-semantics; tests/convert_shape_to_std.rs also runs every
// function under mlir-runner.)

// The matmul of the lowering walk-through: after the asserts on the ranks
// of the unranked operands, their extents are tensor.dims.
// CHECK-LABEL: func.func @matmul
// CHECK-NOT:     scf.for
// CHECK-NOT:     tensor.generate
// CHECK-DAG:     %[[L:.*]] = tensor.rank %arg0
// CHECK-DAG:     %[[R:.*]] = tensor.rank %arg1
// CHECK:         arith.cmpi eq, %[[L]], %[[R]]
// CHECK:         cf.assert %{{.*}}, "ranks must match"
// CHECK:         cf.assert %{{.*}}, "requires rank 2 operands"
// CHECK-DAG:     %[[M:.*]] = tensor.dim %arg0, %c0
// CHECK-DAG:     %[[K:.*]] = tensor.dim %arg0, %c1
// CHECK-DAG:     %[[K2:.*]] = tensor.dim %arg1, %c0
// CHECK-DAG:     %[[N:.*]] = tensor.dim %arg1, %c1
// CHECK:         %[[SAME:.*]] = arith.cmpi eq, %[[K]], %[[K2]]
// CHECK:         cf.assert %[[SAME]], "inner dimensions required to match"
// CHECK:         %[[RES:.*]] = tensor.from_elements %[[M]], %[[N]] : tensor<2xindex>
// CHECK:         %[[CAST:.*]] = tensor.cast %[[RES]] : tensor<2xindex> to tensor<?xindex>
// CHECK:         return %[[CAST]]
func.func @matmul(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
  %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
  %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
  %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
  %same = arith.cmpi eq, %lhs_rank, %rhs_rank : index
  cf.assert %same, "ranks must match"
  %is2 = arith.cmpi eq, %lhs_rank, %c2 : index
  cf.assert %is2, "requires rank 2 operands"
  %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %inner = shape.shape_eq %l1, %r0 : tensor<?xindex>, tensor<?xindex>
  cf.assert %inner, "inner dimensions required to match"
  %res = shape.concat %l0, %r1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %res : tensor<?xindex>
}

// -----

// shape_of of a ranked tensor: its dims, constants where static.
// CHECK-LABEL: func.func @shape_of_ranked
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %arg0, %c0 : tensor<?x3x?xf32>
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %arg0, %c2 : tensor<?x3x?xf32>
// CHECK:         tensor.from_elements %[[D0]], %[[C3]], %[[D2]] : tensor<3xindex>
func.func @shape_of_ranked(%t: tensor<?x3x?xf32>) -> tensor<?xindex> {
  %s = shape.shape_of %t : tensor<?x3x?xf32> -> tensor<?xindex>
  return %s : tensor<?xindex>
}

// -----

// shape_of of an unranked tensor, needed as a tensor: a tensor.generate.
// CHECK-LABEL: func.func @shape_of_unranked
// CHECK:         %[[RANK:.*]] = tensor.rank %arg0 : tensor<*xf32>
// CHECK:         tensor.generate %[[RANK]]
// CHECK:           tensor.dim %arg0, %{{.*}} : tensor<*xf32>
func.func @shape_of_unranked(%t: tensor<*xf32>) -> tensor<?xindex> {
  %s = shape.shape_of %t : tensor<*xf32> -> tensor<?xindex>
  return %s : tensor<?xindex>
}

// -----

// rank: a constant at known rank, tensor.rank / tensor.dim otherwise.
// CHECK-LABEL: func.func @rank
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[U:.*]] = tensor.rank %arg1 : tensor<*xf32>
// CHECK-DAG:     %[[E:.*]] = tensor.dim %arg2, %c0 : tensor<?xindex>
// CHECK:         return %[[C2]], %[[U]], %[[E]]
func.func @rank(%r: tensor<?x?xf32>, %u: tensor<*xf32>, %e: tensor<?xindex>) -> (index, index, index) {
  %sr = shape.shape_of %r : tensor<?x?xf32> -> tensor<?xindex>
  %su = shape.shape_of %u : tensor<*xf32> -> tensor<?xindex>
  %a = shape.rank %sr : tensor<?xindex> -> index
  %b = shape.rank %su : tensor<?xindex> -> index
  %c = shape.rank %e : tensor<?xindex> -> index
  return %a, %b, %c : index, index, index
}

// -----

// get_extent and dim: a tensor.dim of the tensor (at any index), an extent
// already known, or a tensor.extract of an extent tensor.
// CHECK-LABEL: func.func @extents
// CHECK-NOT:     scf.for
// CHECK-DAG:     %[[A:.*]] = tensor.dim %arg0, %arg2 : tensor<*xf32>
// CHECK-DAG:     %[[B:.*]] = tensor.dim %arg0, %c1 : tensor<*xf32>
// CHECK-DAG:     %[[C:.*]] = tensor.extract %arg1[%arg2] : tensor<?xindex>
// CHECK:         return %[[A]], %[[B]], %[[C]], %c5
func.func @extents(%t: tensor<*xf32>, %e: tensor<?xindex>, %i: index) -> (index, index, index, index) {
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %t : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %s : tensor<?xindex> -> index
  %ok = arith.cmpi ult, %i, %rank : index
  cf.assert %ok, "index out of range"
  %two = arith.cmpi ult, %c1, %rank : index
  cf.assert %two, "rank below 2"
  %elen = shape.rank %e : tensor<?xindex> -> index
  %eok = arith.cmpi ult, %i, %elen : index
  cf.assert %eok, "index out of range of e"
  %a = shape.get_extent %s, %i : tensor<?xindex>, index -> index
  %b = shape.dim %t, %c1 : tensor<*xf32>, index -> index
  %c = shape.get_extent %e, %i : tensor<?xindex>, index -> index
  %f = shape.const_shape [1, 5, 1] : tensor<3xindex>
  %d = shape.get_extent %f, %c1 : tensor<3xindex>, index -> index
  return %a, %b, %c, %d : index, index, index, index
}

// -----

// split_at at a constant index of a known rank (negative: from the back).
// CHECK-LABEL: func.func @split_known
// CHECK-NOT:     scf.for
// CHECK-NOT:     tensor.extract_slice
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %arg0, %c0
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %arg0, %c2
// CHECK-DAG:     tensor.from_elements %[[D0]], %c3 : tensor<2xindex>
// CHECK-DAG:     tensor.from_elements %[[D2]] : tensor<1xindex>
func.func @split_known(%t: tensor<?x3x?xf32>) -> (tensor<?xindex>, tensor<?xindex>) {
  %c = arith.constant -1 : index
  %s = shape.shape_of %t : tensor<?x3x?xf32> -> tensor<?xindex>
  %h, %tl = "shape.split_at"(%s, %c) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %h, %tl : tensor<?xindex>, tensor<?xindex>
}

// -----

// split_at at a runtime index, negative ones included (`0 - i`): slices,
// made into tensors where returned (tensor.extract_slice of an extent
// tensor, a tensor.generate of tensor.dims of an unranked tensor).
// CHECK-LABEL: func.func @split_runtime
// CHECK-NOT:     scf.for
// CHECK:         arith.cmpi slt
// CHECK:         arith.select
// CHECK:         tensor.generate
// CHECK:           tensor.dim %arg0
// CHECK:         tensor.generate
// CHECK:           tensor.dim %arg0
// CHECK:         tensor.extract_slice %arg1
// CHECK:         tensor.extract_slice %arg1
func.func @split_runtime(%t: tensor<*xf32>, %e: tensor<?xindex>, %i: index) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) {
  %c0 = arith.constant 0 : index
  %s = shape.shape_of %t : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %s : tensor<?xindex> -> index
  %ok = arith.cmpi ule, %i, %rank : index
  cf.assert %ok, "split index out of range"
  %neg = arith.subi %c0, %i : index
  %h, %tl = "shape.split_at"(%s, %neg) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %elen = shape.rank %e : tensor<?xindex> -> index
  %eok = arith.cmpi ule, %i, %elen : index
  cf.assert %eok, "split index out of range of e"
  %eh, %et = "shape.split_at"(%e, %i) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %h, %tl, %eh, %et : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
}

// -----

// split_at at a constant index of an unknown rank (as batch matmuls split
// off their batch dimensions): the tail at -2 has two extents, read with
// tensor.dim; the head (the batch dimensions) is a slice read in the loop
// over the broadcast.
// CHECK-LABEL: func.func @split_unknown_rank
// CHECK:         cf.assert %{{.*}}, "rank below 2"
// CHECK-DAG:     %[[AT:.*]] = arith.addi %{{.*}}, %c-2
// CHECK-DAG:     tensor.dim %arg0, %[[AT]]
// CHECK-DAG:     %[[NEXT:.*]] = arith.addi %[[AT]], %c1
// CHECK-DAG:     tensor.dim %arg0, %[[NEXT]]
// CHECK:         scf.for
// CHECK:         cf.assert %{{.*}}, "batch dimensions must broadcast"
// CHECK-NOT:     tensor.generate
// CHECK:         return
func.func @split_unknown_rank(%t: tensor<*xf32>, %b: tensor<*xf32>) -> (i1, index, index) {
  %c2 = arith.constant 2 : index
  %cm2 = arith.constant -2 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %t : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %s : tensor<?xindex> -> index
  %ok = arith.cmpi uge, %rank, %c2 : index
  cf.assert %ok, "rank below 2"
  %batch, %mk = "shape.split_at"(%s, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %m = shape.get_extent %mk, %c0 : tensor<?xindex>, index -> index
  %k = shape.get_extent %mk, %c1 : tensor<?xindex>, index -> index
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %bc = shape.is_broadcastable %batch, %sb : tensor<?xindex>, tensor<?xindex>
  cf.assert %bc, "batch dimensions must broadcast"
  return %bc, %m, %k : i1, index, index
}

// -----

// concat of known ranks: the extents side by side; otherwise tensor.concat.
// CHECK-LABEL: func.func @concat_known
// CHECK-NOT:     tensor.concat
// CHECK:         tensor.from_elements %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xindex>
func.func @concat_known(%a: tensor<?xf32>, %b: tensor<2x?xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<2x?xf32> -> tensor<?xindex>
  %c = shape.concat %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %c : tensor<?xindex>
}

// CHECK-LABEL: func.func @concat_unknown
// CHECK:         tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<?xindex>, tensor<2xindex>) -> tensor<?xindex>
func.func @concat_unknown(%a: tensor<*xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %c = shape.concat %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %c : tensor<?xindex>
}

// -----

// Broadcast of known ranks (1 and 2): per dimension, the last extent that is
// not 1; the check: every other extent is 1 or that one.
// CHECK-LABEL: func.func @broadcast_known
// CHECK-NOT:     scf.for
// CHECK-NOT:     tensor.generate
// CHECK-DAG:     %[[A:.*]] = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK-DAG:     %[[B0:.*]] = tensor.dim %arg1, %c0 : tensor<?x?xf32>
// CHECK-DAG:     %[[B1:.*]] = tensor.dim %arg1, %c1 : tensor<?x?xf32>
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %[[B1]], %c1
// CHECK:         %[[R:.*]] = arith.select %[[ONE]], %[[A]], %[[B1]]
// CHECK:         %[[AONE:.*]] = arith.cmpi eq, %[[A]], %c1
// CHECK:         %[[ASAME:.*]] = arith.cmpi eq, %[[A]], %[[R]]
// CHECK:         %[[OK:.*]] = arith.ori %[[AONE]], %[[ASAME]]
// CHECK:         cf.assert %[[OK]], "shapes must broadcast"
// CHECK:         tensor.from_elements %[[B0]], %{{.*}} : tensor<2xindex>
func.func @broadcast_known(%a: tensor<?xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %ok = shape.is_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  cf.assert %ok, "shapes must broadcast"
  %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// Three operands, static extents: a 1 changes nothing, a 4 is the result.
// CHECK-LABEL: func.func @broadcast_static
// CHECK-NOT:     scf.for
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[A0:.*]] = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-DAG:     %[[A1:.*]] = tensor.dim %arg0, %c1 : tensor<?x?xf32>
// CHECK:         tensor.from_elements %[[A0]], %[[C4]] : tensor<2xindex>
func.func @broadcast_static(%a: tensor<?x?xf32>, %b: tensor<1x1xf32>, %c: tensor<4xf32>) -> (i1, tensor<?xindex>) {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<1x1xf32> -> tensor<?xindex>
  %sc = shape.shape_of %c : tensor<4xf32> -> tensor<?xindex>
  %ok = shape.is_broadcastable %sa, %sb, %sc : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  cf.assert %ok, "shapes must broadcast"
  %r = shape.broadcast %sa, %sb, %sc : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %ok, %r : i1, tensor<?xindex>
}

// -----

// Broadcast with an unknown rank: a loop for the check, a tensor.generate
// for the result, over the largest rank; each operand padded with 1s, its
// extents read with tensor.dim.
// CHECK-LABEL: func.func @broadcast_unknown
// CHECK:         arith.maxui
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK:             tensor.dim %arg0
// CHECK:           scf.if
// CHECK:             tensor.dim %arg1
// CHECK:         cf.assert %{{.*}}, "shapes must broadcast"
// CHECK:         tensor.generate
func.func @broadcast_unknown(%a: tensor<*xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %ok = shape.is_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  cf.assert %ok, "shapes must broadcast"
  %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// shape_eq: per extent at known ranks, false at different ones; a loop
// guarded by the rank comparison otherwise.
// CHECK-LABEL: func.func @shape_eq_known
// CHECK-NOT:     scf.for
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:     %[[A:.*]] = tensor.dim %arg0, %c0
// CHECK-DAG:     %[[B:.*]] = tensor.dim %arg1, %c0
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[B]]
// CHECK:         return %[[EQ]], %[[FALSE]]
func.func @shape_eq_known(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>, %c: tensor<?xf32>) -> (i1, i1) {
  %sa = shape.shape_of %a : tensor<?x2xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<?x2xf32> -> tensor<?xindex>
  %sc = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
  %e = shape.shape_eq %sa, %sb : tensor<?xindex>, tensor<?xindex>
  %f = shape.shape_eq %sa, %sb, %sc : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  return %e, %f : i1, i1
}

// CHECK-LABEL: func.func @shape_eq_unknown
// CHECK:         scf.if
// CHECK:           scf.for
func.func @shape_eq_unknown(%a: tensor<*xf32>, %b: tensor<?xindex>) -> i1 {
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %e = shape.shape_eq %sa, %b : tensor<?xindex>, tensor<?xindex>
  return %e : i1
}

// -----

// num_elements: a product of the extents, or a loop.
// CHECK-LABEL: func.func @num_elements_known
// CHECK-NOT:     scf.for
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %arg0, %c0
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %arg0, %c2
// CHECK:         %[[P:.*]] = arith.muli %[[D0]], %c5
// CHECK:         %[[Q:.*]] = arith.muli %[[P]], %[[D2]]
// CHECK:         return %[[Q]]
func.func @num_elements_known(%t: tensor<?x5x?xf32>) -> index {
  %s = shape.shape_of %t : tensor<?x5x?xf32> -> tensor<?xindex>
  %n = shape.num_elements %s : tensor<?xindex> -> index
  return %n : index
}

// CHECK-LABEL: func.func @num_elements_unknown
// CHECK:         scf.for
// CHECK:           arith.muli
func.func @num_elements_unknown(%e: tensor<?xindex>) -> index {
  %n = shape.num_elements %e : tensor<?xindex> -> index
  return %n : index
}

// -----

// Sizes: arithmetic on index (div is floor division), constants; max and
// min of sizes are signed.
// CHECK-LABEL: func.func @sizes
// CHECK-DAG:     arith.addi %arg0, %arg1
// CHECK-DAG:     arith.muli %arg0, %c3
// CHECK-DAG:     arith.floordivsi %arg0, %c3
// CHECK-DAG:     arith.maxsi %arg0, %arg1
// CHECK-DAG:     arith.minsi %arg0, %arg1
func.func @sizes(%a: index, %b: index) -> (index, index, index, index, index) {
  %c3 = shape.const_size 3
  %three = shape.size_to_index %c3 : !shape.size
  %s = shape.add %a, %b : index, index -> index
  %m = shape.mul %a, %three : index, index -> index
  %d = shape.div %a, %three : index, index -> index
  %sa = shape.index_to_size %a
  %sb = shape.index_to_size %b
  %x = shape.max %sa, %sb : !shape.size, !shape.size -> !shape.size
  %n = shape.min %sa, %sb : !shape.size, !shape.size -> !shape.size
  %xi = shape.size_to_index %x : !shape.size
  %ni = shape.size_to_index %n : !shape.size
  return %s, %m, %d, %xi, %ni : index, index, index, index, index
}

// -----

// Shape and size types become tensor<?xindex> and index, signatures too.
// CHECK-LABEL: func.func @shape_types
// CHECK-SAME:    (%arg0: tensor<?xindex>, %arg1: index) -> (index, tensor<?xindex>)
// CHECK-NOT:     shape.
func.func @shape_types(%a: !shape.shape, %n: !shape.size) -> (!shape.size, !shape.shape) {
  %r = shape.rank %a : !shape.shape -> !shape.size
  %s = shape.max %r, %n : !shape.size, !shape.size -> !shape.size
  %i = shape.size_to_index %s : !shape.size
  %back = shape.index_to_size %i
  %t = shape.const_shape [2, 3] : !shape.shape
  %u = shape.concat %t, %a : !shape.shape, !shape.shape -> !shape.shape
  %e = shape.to_extent_tensor %u : !shape.shape -> tensor<?xindex>
  %v = shape.from_extent_tensor %e : tensor<?xindex>
  return %s, %v : !shape.size, !shape.shape
}

// -----

// const_shape, concat and to_extent_tensor to a static type.
// CHECK-LABEL: func.func @constants
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[N:.*]] = tensor.dim %arg0, %c1
// CHECK:         tensor.from_elements %[[C2]], %[[C7]], %[[N]] : tensor<3xindex>
func.func @constants(%t: tensor<?x?xf32>) -> tensor<3xindex> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c1 : tensor<?x?xf32>
  %c = shape.const_shape [2, 7] : tensor<2xindex>
  %f = tensor.from_elements %n : tensor<1xindex>
  %s = shape.concat %c, %f : tensor<2xindex>, tensor<1xindex> -> !shape.shape
  %r = shape.to_extent_tensor %s : !shape.shape -> tensor<3xindex>
  return %r : tensor<3xindex>
}

// -----

// reduce: unrolled at known rank (the body's shape ops lowered in each
// copy), an scf.for otherwise.
// CHECK-LABEL: func.func @reduce_known
// CHECK-NOT:     scf.for
// CHECK-COUNT-3: arith.muli
func.func @reduce_known(%t: tensor<?x4x?xf32>) -> index {
  %s = shape.shape_of %t : tensor<?x4x?xf32> -> tensor<?xindex>
  %c1 = arith.constant 1 : index
  %n = shape.reduce(%s, %c1) : tensor<?xindex> -> index {
    ^bb0(%i: index, %e: index, %acc: index):
      %p = arith.muli %acc, %e : index
      %q = shape.add %p, %i : index, index -> index
      shape.yield %q : index
  }
  return %n : index
}

// CHECK-LABEL: func.func @reduce_unknown
// CHECK:         scf.for %[[I:.*]] = %c0 to %{{.*}} step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (index)
// CHECK:           %[[E:.*]] = tensor.dim %arg0, %[[I]]
// CHECK:           arith.muli %[[ACC]], %[[E]]
// CHECK:           scf.yield
func.func @reduce_unknown(%t: tensor<*xf32>) -> index {
  %s = shape.shape_of %t : tensor<*xf32> -> tensor<?xindex>
  %c1 = arith.constant 1 : index
  %n = shape.reduce(%s, %c1) : tensor<?xindex> -> index {
    ^bb0(%i: index, %e: index, %acc: index):
      %p = shape.mul %acc, %e : index, index -> index
      %q = shape.add %p, %i : index, index -> index
      shape.yield %q : index
  }
  return %n : index
}

// -----

// Rank facts: ranks asserted equal to a known one (through tensor.rank and
// through tensor.dim of an extent tensor, in an andi), or made equal by
// shape_eq.
// CHECK-LABEL: func.func @facts
// CHECK-NOT:     scf.for
// CHECK-NOT:     tensor.generate
// CHECK:         cf.assert %{{.*}}, "ranks"
// CHECK-DAG:     tensor.dim %arg1, %c1 : tensor<*xf32>
// CHECK-DAG:     tensor.extract %arg2[%c1]
func.func @facts(%a: tensor<?x?xf32>, %b: tensor<*xf32>, %e: tensor<?xindex>) -> (i1, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %ra = tensor.rank %a : tensor<?x?xf32>
  %rb = tensor.rank %b : tensor<*xf32>
  %same = arith.cmpi eq, %rb, %ra : index
  %le = tensor.dim %e, %c0 : tensor<?xindex>
  %is2 = arith.cmpi eq, %le, %c2 : index
  %both = arith.andi %same, %is2 : i1
  cf.assert %both, "ranks"
  %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %ok = shape.is_broadcastable %sa, %sb, %e : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %n = shape.get_extent %e, %c1 : tensor<?xindex>, index -> index
  return %ok, %n : i1, index
}

// CHECK-LABEL: func.func @shape_eq_fact
// CHECK-NOT:     scf.for
// CHECK:         cf.assert %{{.*}}, "e is the shape of a"
// CHECK-DAG:     %[[E0:.*]] = tensor.extract %arg1[%c0]
// CHECK-DAG:     %[[E1:.*]] = tensor.extract %arg1[%c1]
// CHECK:         %[[N:.*]] = arith.muli %[[E0]], %[[E1]]
// CHECK:         return %[[E1]], %[[N]]
func.func @shape_eq_fact(%a: tensor<?x?xf32>, %e: tensor<?xindex>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %eq = shape.shape_eq %sa, %e : tensor<?xindex>, tensor<?xindex>
  cf.assert %eq, "e is the shape of a"
  %n = shape.num_elements %e : tensor<?xindex> -> index
  %x = shape.get_extent %e, %c1 : tensor<?xindex>, index -> index
  return %x, %n : index, index
}

// -----

// A fact holds only where its assert dominates: not after the scf.if that
// holds it, so the broadcast there loops.
// CHECK-LABEL: func.func @scoped_facts
// CHECK:         scf.if
// CHECK:           cf.assert
// CHECK:           scf.yield
// CHECK:         scf.for
func.func @scoped_facts(%a: tensor<*xf32>, %i: index) -> i1 {
  %c1 = arith.constant 1 : index
  %c = arith.cmpi ult, %i, %c1 : index
  %s = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %r = shape.rank %s : tensor<?xindex> -> index
  %inner = scf.if %c -> (i1) {
    %is1 = arith.cmpi eq, %r, %c1 : index
    cf.assert %is1, "rank 1 here"
    %k = shape.is_broadcastable %s, %s : tensor<?xindex>, tensor<?xindex>
    scf.yield %k : i1
  } else {
    %t = arith.constant true
    scf.yield %t : i1
  }
  %ok = shape.is_broadcastable %s, %s : tensor<?xindex>, tensor<?xindex>
  %both = arith.andi %inner, %ok : i1
  return %both : i1
}

// -----

// A library function becomes a func.func of the module, the library goes.
// CHECK-NOT:   shape.function_library
// CHECK-LABEL: func.func @library_rank
// CHECK:         tensor.rank %arg0
// CHECK:         return
shape.function_library @lib {
  func @library_rank(%t: tensor<*xf32>) -> index {
    %s = shape_of %t : tensor<*xf32> -> tensor<?xindex>
    %r = rank %s : tensor<?xindex> -> index
    return %r : index
  }
} mapping {foo.op = @library_rank}

// -----

// The host's declaration of a library function's lowered signature, called
// from the host's code, is replaced by the lowered definition, in its place.
// CHECK-NOT:   func.func private @library_rank
// CHECK-LABEL: func.func @library_rank(%arg0: tensor<*xf32>) -> index
// CHECK:         tensor.rank %arg0
// CHECK-LABEL: func.func @host
// CHECK:         call @library_rank(%arg0) : (tensor<*xf32>) -> index
func.func private @library_rank(tensor<*xf32>) -> index
func.func @host(%t: tensor<*xf32>) -> index {
  %r = func.call @library_rank(%t) : (tensor<*xf32>) -> index
  return %r : index
}
shape.function_library @lib {
  func @library_rank(%t: tensor<*xf32>) -> index {
    %s = shape_of %t : tensor<*xf32> -> tensor<?xindex>
    %r = rank %s : tensor<?xindex> -> index
    return %r : index
  }
} mapping {foo.op = @library_rank}

// -----

// The same with the library first: the definition still takes the
// declaration's place, and nothing after it is lost.
// CHECK-NOT:   func.func private @first_rank
// CHECK-LABEL: func.func @first_rank(%arg0: tensor<*xf32>) -> index
// CHECK:         tensor.rank %arg0
// CHECK-LABEL: func.func @host
// CHECK:         call @first_rank(%arg0) : (tensor<*xf32>) -> index
shape.function_library @lib {
  func @first_rank(%t: tensor<*xf32>) -> index {
    %s = shape_of %t : tensor<*xf32> -> tensor<?xindex>
    %r = rank %s : tensor<?xindex> -> index
    return %r : index
  }
} mapping {foo.op = @first_rank}
func.func private @first_rank(tensor<*xf32>) -> index
func.func @host(%t: tensor<*xf32>) -> index {
  %r = func.call @first_rank(%t) : (tensor<*xf32>) -> index
  return %r : index
}
