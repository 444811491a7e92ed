// test: input
// ONNX MatMul (numpy.matmul rules) and Gemm. INPUT lines: see
// tests/realworld/README.md.

// MatMul of two 1-D operands: a dot product, whose result is 0-d. The shape
// code sits in a single-block region.
func.func @matmul_1d(%a: tensor<?xf32>, %b: tensor<?xf32>) -> !shape.shape {
  %r = scf.execute_region -> !shape.shape {
    %sa = shape.shape_of %a : tensor<?xf32> -> !shape.shape
    %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
    %w = shape.cstr_eq %sa, %sb : !shape.shape, !shape.shape
    %res = shape.assuming %w -> (!shape.shape) {
      %scalar = shape.const_shape [] : !shape.shape
      shape.assuming_yield %scalar : !shape.shape
    }
    scf.yield %res : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @matmul_1d [3] [3] -> []
// INPUT: @matmul_1d [0] [0] -> []
// INPUT: @matmul_1d [1] [1] -> []
// INPUT: @matmul_1d [3] [4] -> error
// INPUT: @matmul_1d [1] [4] -> error

// -----

// MatMul of two 2-D operands: [m, k] x [k, n] -> [m, n], the inner extents
// compared as `!shape.shape` halves.
func.func @matmul_2d(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.shape {
  %c1 = arith.constant 1 : index
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %m, %ka = "shape.split_at"(%sa, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %kb, %n = "shape.split_at"(%sb, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %w = shape.cstr_eq %ka, %kb : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %mn = shape.concat %m, %n : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %mn : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @matmul_2d [2,3] [3,4] -> [2,4]
// INPUT: @matmul_2d [1,1] [1,1] -> [1,1]
// INPUT: @matmul_2d [0,3] [3,5] -> [0,5]
// INPUT: @matmul_2d [2,0] [0,5] -> [2,5]
// INPUT: @matmul_2d [2,3] [4,4] -> error
// INPUT: @matmul_2d [2,1] [3,4] -> error

// -----

// Batched MatMul of two operands of rank >= 2 in the clean constrained
// form: the batch dimensions broadcast, the inner extents agree.
func.func @matmul_batched(%a: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm2 = arith.constant -2 : index
  %sa = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<*xf32> -> tensor<?xindex>
  %ra = shape.rank %sa : tensor<?xindex> -> index
  %rb = shape.rank %sb : tensor<?xindex> -> index
  %pa = arith.cmpi uge, %ra, %c2 : index
  %pb = arith.cmpi uge, %rb, %c2 : index
  %wa = shape.cstr_require %pa, "MatMul: A must have rank >= 2"
  %wb = shape.cstr_require %pb, "MatMul: B must have rank >= 2"
  %wr = shape.assuming_all %wa, %wb
  %r = shape.assuming %wr -> (tensor<?xindex>) {
    %ba, %mk = "shape.split_at"(%sa, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %bb, %kn = "shape.split_at"(%sb, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %m, %ka = "shape.split_at"(%mk, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %kb, %n = "shape.split_at"(%kn, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %wk = shape.cstr_eq %ka, %kb : tensor<?xindex>, tensor<?xindex>
    %wbatch = shape.cstr_broadcastable %ba, %bb : tensor<?xindex>, tensor<?xindex>
    %w = shape.assuming_all %wk, %wbatch
    %res = shape.assuming %w -> (tensor<?xindex>) {
      %batch = shape.broadcast %ba, %bb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      %mn = shape.concat %m, %n : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      %out = shape.concat %batch, %mn : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      shape.assuming_yield %out : tensor<?xindex>
    }
    shape.assuming_yield %res : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @matmul_batched [2,3,4] [4,5] -> [2,3,5]
// INPUT: @matmul_batched [2,1,3,4] [5,4,6] -> [2,5,3,6]
// INPUT: @matmul_batched [3,4] [4,5] -> [3,5]
// INPUT: @matmul_batched [0,3,4] [1,4,2] -> [0,3,2]
// INPUT: @matmul_batched [2,3,4] [3,4,5] -> error
// INPUT: @matmul_batched [2,3,4] [2,5,6] -> error
// INPUT: @matmul_batched [4] [4,5] -> error "MatMul: A must have rank >= 2"
// INPUT: @matmul_batched [3,4] [] -> error "MatMul: B must have rank >= 2"

// -----

// MatMul with numpy's full rules on operands of any rank: a 1-D left
// operand is promoted to [1, k] and a 1-D right one to [k, 1], and the
// added dimension is removed from the result; 0-d operands are invalid.
// The promotions are `scf.if`s yielding `!shape.shape`.
func.func @matmul_numpy(%a: tensor<*xf32>, %b: tensor<*xf32>) -> !shape.shape {
  %c1 = arith.constant 1 : index
  %cm2 = arith.constant -2 : index
  %one = shape.const_shape [1] : !shape.shape
  %scalar = shape.const_shape [] : !shape.shape
  %sa = shape.shape_of %a : tensor<*xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<*xf32> -> !shape.shape
  %ras = shape.rank %sa : !shape.shape -> !shape.size
  %rbs = shape.rank %sb : !shape.shape -> !shape.size
  %ra = shape.size_to_index %ras : !shape.size
  %rb = shape.size_to_index %rbs : !shape.size
  %pa = arith.cmpi uge, %ra, %c1 : index
  %pb = arith.cmpi uge, %rb, %c1 : index
  %wa = shape.cstr_require %pa, "MatMul: A must not be 0-d"
  %wb = shape.cstr_require %pb, "MatMul: B must not be 0-d"
  %wr = shape.assuming_all %wa, %wb
  %r = shape.assuming %wr -> (!shape.shape) {
    %a1 = arith.cmpi eq, %ra, %c1 : index
    %b1 = arith.cmpi eq, %rb, %c1 : index
    %pra = scf.if %a1 -> (!shape.shape) {
      %p = shape.concat %one, %sa : !shape.shape, !shape.shape -> !shape.shape
      scf.yield %p : !shape.shape
    } else {
      scf.yield %sa : !shape.shape
    }
    %prb = scf.if %b1 -> (!shape.shape) {
      %p = shape.concat %sb, %one : !shape.shape, !shape.shape -> !shape.shape
      scf.yield %p : !shape.shape
    } else {
      scf.yield %sb : !shape.shape
    }
    %ba, %mk = "shape.split_at"(%pra, %cm2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %bb, %kn = "shape.split_at"(%prb, %cm2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %m, %ka = "shape.split_at"(%mk, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %kb, %n = "shape.split_at"(%kn, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %wk = shape.cstr_eq %ka, %kb : !shape.shape, !shape.shape
    %wbatch = shape.cstr_broadcastable %ba, %bb : !shape.shape, !shape.shape
    %w = shape.assuming_all %wk, %wbatch
    %res = shape.assuming %w -> (!shape.shape) {
      %batch = shape.broadcast %ba, %bb : !shape.shape, !shape.shape -> !shape.shape
      %mm = arith.select %a1, %scalar, %m : !shape.shape
      %nn = arith.select %b1, %scalar, %n : !shape.shape
      %bm = shape.concat %batch, %mm : !shape.shape, !shape.shape -> !shape.shape
      %out = shape.concat %bm, %nn : !shape.shape, !shape.shape -> !shape.shape
      shape.assuming_yield %out : !shape.shape
    }
    shape.assuming_yield %res : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @matmul_numpy [3] [3] -> []
// INPUT: @matmul_numpy [3] [3,4] -> [4]
// INPUT: @matmul_numpy [2,3] [3] -> [2]
// INPUT: @matmul_numpy [5,2,3] [3] -> [5,2]
// INPUT: @matmul_numpy [3] [5,3,4] -> [5,4]
// INPUT: @matmul_numpy [2,3] [3,4] -> [2,4]
// INPUT: @matmul_numpy [2,1,2,3] [4,3,5] -> [2,4,2,5]
// INPUT: @matmul_numpy [0] [0,7] -> [7]
// INPUT: @matmul_numpy [] [3] -> error "MatMul: A must not be 0-d"
// INPUT: @matmul_numpy [3] [] -> error "MatMul: B must not be 0-d"
// INPUT: @matmul_numpy [3] [4] -> error
// INPUT: @matmul_numpy [2,3] [4] -> error
// INPUT: @matmul_numpy [2,2,3] [3,3,4] -> error

// -----

// ONNX Gemm with transA = 1 in the error-monadic form of a shape function
// library: A is [K, M], B is [K, N], and C must broadcast to [M, N] in one
// direction (the result is [M, N] whatever C is).
shape.function_library @onnx_gemm_trans_a {
  func @gemm_trans_a(%a: !shape.value_shape, %b: !shape.value_shape, %c: !shape.value_shape) -> !shape.shape {
    %c0 = const_size 0
    %c1 = const_size 1
    %c2 = const_size 2
    %sa = shape_of %a : !shape.value_shape -> !shape.shape
    %sb = shape_of %b : !shape.value_shape -> !shape.shape
    %sc = shape_of %c : !shape.value_shape -> !shape.shape
    %ra = rank %sa : !shape.shape -> !shape.size
    %rb = rank %sb : !shape.shape -> !shape.size
    %ra2 = meet %ra, %c2, error = "Gemm: A must have rank 2" : !shape.size, !shape.size -> !shape.size
    %rb2 = meet %rb, %c2, error = "Gemm: B must have rank 2" : !shape.size, !shape.size -> !shape.size
    %ka = get_extent %sa, %c0 : !shape.shape, !shape.size -> !shape.size
    %m = get_extent %sa, %c1 : !shape.shape, !shape.size -> !shape.size
    %kb = get_extent %sb, %c0 : !shape.shape, !shape.size -> !shape.size
    %n = get_extent %sb, %c1 : !shape.shape, !shape.size -> !shape.size
    %k = meet %ka, %kb, error = "Gemm: inner dimensions must match" : !shape.size, !shape.size -> !shape.size
    %mn = from_extents %m, %n : !shape.size, !shape.size
    %bc = broadcast %sc, %mn : !shape.shape, !shape.shape -> !shape.shape
    %out = meet %bc, %mn, error = "Gemm: C must broadcast to [M, N]" : !shape.shape, !shape.shape -> !shape.shape
    return %out : !shape.shape
  }
} mapping {onnx.Gemm = @gemm_trans_a}
// INPUT: @gemm_trans_a [3,2] [3,4] [4] -> [2,4]
// INPUT: @gemm_trans_a [3,2] [3,4] [] -> [2,4]
// INPUT: @gemm_trans_a [3,2] [3,4] [2,1] -> [2,4]
// INPUT: @gemm_trans_a [3,2] [3,4] [2,4] -> [2,4]
// INPUT: @gemm_trans_a [0,2] [0,4] [1] -> [2,4]
// INPUT: @gemm_trans_a [3,2] [3,4] [1,2,4] -> error "Gemm: C must broadcast to [M, N]"
// INPUT: @gemm_trans_a [3,2] [3,4] [3,4] -> error
// INPUT: @gemm_trans_a [3,2] [4,4] [4] -> error "Gemm: inner dimensions must match"
// INPUT: @gemm_trans_a [3] [3,4] [4] -> error "Gemm: A must have rank 2"
// INPUT: @gemm_trans_a [3,2] [3,4,1] [4] -> error "Gemm: B must have rank 2"

// -----

// ONNX Gemm with transB = 1, constraints on `!shape.shape`: A is [M, K], B
// is [N, K]; C broadcasts to [M, N] and the broadcast must be [M, N].
func.func @gemm_trans_b(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<*xf32>) -> !shape.shape {
  %c1 = arith.constant 1 : index
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %sc = shape.shape_of %c : tensor<*xf32> -> !shape.shape
  %m, %ka = "shape.split_at"(%sa, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %n, %kb = "shape.split_at"(%sb, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %wk = shape.cstr_eq %ka, %kb : !shape.shape, !shape.shape
  %mn = shape.concat %m, %n : !shape.shape, !shape.shape -> !shape.shape
  %wc = shape.cstr_broadcastable %sc, %mn : !shape.shape, !shape.shape
  %w = shape.assuming_all %wk, %wc
  %r = shape.assuming %w -> (!shape.shape) {
    %bc = shape.broadcast %sc, %mn : !shape.shape, !shape.shape -> !shape.shape
    %wu = shape.cstr_eq %bc, %mn : !shape.shape, !shape.shape
    %u = shape.assuming %wu -> (!shape.shape) {
      shape.assuming_yield %mn : !shape.shape
    }
    shape.assuming_yield %u : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @gemm_trans_b [2,3] [4,3] [4] -> [2,4]
// INPUT: @gemm_trans_b [2,3] [4,3] [2,4] -> [2,4]
// INPUT: @gemm_trans_b [2,3] [4,3] [1,1] -> [2,4]
// INPUT: @gemm_trans_b [2,3] [4,3] [] -> [2,4]
// INPUT: @gemm_trans_b [2,0] [4,0] [2,1] -> [2,4]
// INPUT: @gemm_trans_b [2,3] [4,3] [3,4] -> error
// INPUT: @gemm_trans_b [2,3] [4,3] [2,2,4] -> error
// INPUT: @gemm_trans_b [2,3] [4,2] [4] -> error
