// test: input
// Broadcasting elementwise operators (ONNX Add, Mul, Sub; numpy rules:
// shapes align on the right, two extents agree when equal or when one is 1)
// and ONNX Expand. INPUT lines: see tests/realworld/README.md.

// ONNX Add as an execution provider emits it for ranked operands: the
// constraint and the broadcast on `!shape.shape` values.
func.func @add_bcast2(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
  %w = shape.cstr_broadcastable %sa, %sb : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %c = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %c : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @add_bcast2 [2,3] [3] -> [2,3]
// INPUT: @add_bcast2 [2,1] [4] -> [2,4]
// INPUT: @add_bcast2 [2,3] [1] -> [2,3]
// INPUT: @add_bcast2 [0,3] [3] -> [0,3]
// INPUT: @add_bcast2 [2,1] [0] -> [2,0]
// INPUT: @add_bcast2 [1,1] [1] -> [1,1]
// INPUT: @add_bcast2 [2,3] [4] -> error
// INPUT: @add_bcast2 [2,0] [3] -> error

// -----

// ONNX Mul of three operands (e.g. after fusing two Muls): one variadic
// constraint over all three shapes.
func.func @mul_bcast3(%a: tensor<*xf32>, %b: tensor<*xf32>, %c: tensor<*xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<*xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<*xf32> -> !shape.shape
  %sc = shape.shape_of %c : tensor<*xf32> -> !shape.shape
  %w = shape.cstr_broadcastable %sa, %sb, %sc : !shape.shape, !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %bc = shape.broadcast %sa, %sb, %sc : !shape.shape, !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %bc : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @mul_bcast3 [2,1,3] [4,1] [3] -> [2,4,3]
// INPUT: @mul_bcast3 [] [5] [2,1] -> [2,5]
// INPUT: @mul_bcast3 [2,3] [3] [2,1] -> [2,3]
// INPUT: @mul_bcast3 [7] [1] [] -> [7]
// INPUT: @mul_bcast3 [0] [1] [0] -> [0]
// INPUT: @mul_bcast3 [] [] [] -> []
// INPUT: @mul_bcast3 [2,3] [3] [3,1] -> error
// INPUT: @mul_bcast3 [2] [3] [] -> error
// INPUT: @mul_bcast3 [1,4] [4] [5,1,3] -> error

// -----

// ONNX Sub with the shape code in a single-block region, as a front end
// emits it when it outlines the shape computation of one op.
func.func @sub_bcast_region(%a: tensor<*xf32>, %b: tensor<*xf32>) -> !shape.shape {
  %r = scf.execute_region -> !shape.shape {
    %sa = shape.shape_of %a : tensor<*xf32> -> !shape.shape
    %sb = shape.shape_of %b : tensor<*xf32> -> !shape.shape
    %w = shape.cstr_broadcastable %sa, %sb : !shape.shape, !shape.shape
    %c = shape.assuming %w -> (!shape.shape) {
      %bc = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
      shape.assuming_yield %bc : !shape.shape
    }
    scf.yield %c : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @sub_bcast_region [2,3,4] [3,1] -> [2,3,4]
// INPUT: @sub_bcast_region [] [5,6] -> [5,6]
// INPUT: @sub_bcast_region [1] [0] -> [0]
// INPUT: @sub_bcast_region [5,6] [5,6] -> [5,6]
// INPUT: @sub_bcast_region [2,3] [3,2] -> error
// INPUT: @sub_bcast_region [4] [3] -> error

// -----

// ONNX Expand with its target shape read from a data tensor of three
// extents: the input and the target broadcast in both directions; a
// negative target extent is invalid.
func.func @expand_data(%x: tensor<*xf32>, %target: tensor<3xi64>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %t0 = tensor.extract %target[%c0] : tensor<3xi64>
  %t1 = tensor.extract %target[%c1] : tensor<3xi64>
  %t2 = tensor.extract %target[%c2] : tensor<3xi64>
  %p0 = arith.cmpi sge, %t0, %zero : i64
  %p1 = arith.cmpi sge, %t1, %zero : i64
  %p2 = arith.cmpi sge, %t2, %zero : i64
  %p01 = arith.andi %p0, %p1 : i1
  %p = arith.andi %p01, %p2 : i1
  %wn = shape.cstr_require %p, "Expand: target extents must be non-negative"
  %r = shape.assuming %wn -> (!shape.shape) {
    %i0 = arith.index_cast %t0 : i64 to index
    %i1 = arith.index_cast %t1 : i64 to index
    %i2 = arith.index_cast %t2 : i64 to index
    %ts = shape.from_extents %i0, %i1, %i2 : index, index, index
    %sx = shape.shape_of %x : tensor<*xf32> -> !shape.shape
    %wb = shape.cstr_broadcastable %sx, %ts : !shape.shape, !shape.shape
    %b = shape.assuming %wb -> (!shape.shape) {
      %bc = shape.broadcast %sx, %ts : !shape.shape, !shape.shape -> !shape.shape
      shape.assuming_yield %bc : !shape.shape
    }
    shape.assuming_yield %b : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @expand_data [3,1] dense<[2,1,6]> -> [2,3,6]
// INPUT: @expand_data [3] dense<[1,1,1]> -> [1,1,3]
// INPUT: @expand_data [] dense<[2,3,4]> -> [2,3,4]
// INPUT: @expand_data [5,1,1,4] dense<[2,1,4]> -> [5,2,1,4]
// INPUT: @expand_data [1] dense<[0,1,2]> -> [0,1,2]
// INPUT: @expand_data [3,1] dense<[1,2,6]> -> error
// INPUT: @expand_data [3] dense<[2,-1,3]> -> error "Expand: target extents must be non-negative"

// -----

// ONNX Expand with a target of run-time length: the whole data tensor is
// cast to an extent tensor; a loop checks that no extent is negative.
func.func @expand_dynlen(%x: tensor<?x?xf32>, %target: tensor<?xi64>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %true = arith.constant true
  %len = tensor.dim %target, %c0 : tensor<?xi64>
  %ok = scf.for %i = %c0 to %len step %c1 iter_args(%acc = %true) -> (i1) {
    %t = tensor.extract %target[%i] : tensor<?xi64>
    %p = arith.cmpi sge, %t, %zero : i64
    %a = arith.andi %acc, %p : i1
    scf.yield %a : i1
  }
  %wn = shape.cstr_require %ok, "Expand: target extents must be non-negative"
  %r = shape.assuming %wn -> (tensor<?xindex>) {
    %ts = arith.index_cast %target : tensor<?xi64> to tensor<?xindex>
    %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<?xindex>
    %wb = shape.cstr_broadcastable %sx, %ts : tensor<?xindex>, tensor<?xindex>
    %b = shape.assuming %wb -> (tensor<?xindex>) {
      %bc = shape.broadcast %sx, %ts : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      shape.assuming_yield %bc : tensor<?xindex>
    }
    shape.assuming_yield %b : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @expand_dynlen [3,1] dense<[4]> -> [3,4]
// INPUT: @expand_dynlen [3,1] dense<[]> -> [3,1]
// INPUT: @expand_dynlen [3,1] dense<[2,1,5]> -> [2,3,5]
// INPUT: @expand_dynlen [1,1] dense<[7,0]> -> [7,0]
// INPUT: @expand_dynlen [3,2] dense<[4,1,1]> -> [4,3,2]
// INPUT: @expand_dynlen [3,2] dense<[3]> -> error
// INPUT: @expand_dynlen [3,1] dense<[-2]> -> error "Expand: target extents must be non-negative"
