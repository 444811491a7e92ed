// test: input
// Convolution and pooling in NCHW layout: ONNX Conv, MaxPool,
// AveragePool. INPUT lines: see tests/realworld/README.md. Along each
// spatial axis the output extent is
// floor((d + pad_begin + pad_end - dilation * (k - 1) - 1) / stride) + 1
// (ceil instead of floor with ceil_mode = 1); the dilated kernel must fit
// in the padded input, as ONNX Runtime and PyTorch require at run time.

// ONNX Conv, error-monadic: group = 1, strides = [2, 2],
// pads = [1, 1, 1, 1], dilations = [1, 1]; X is [N, C, H, W] and W is
// [M, C, kH, kW]; the result is [N, M, (H + 2 - kH) / 2 + 1, ...]. A size
// has no subtraction: it runs on `index`.
shape.function_library @onnx_conv {
  func @conv2d_nchw(%x: !shape.value_shape, %w: !shape.value_shape) -> !shape.shape {
    %c0 = const_size 0
    %c1 = const_size 1
    %c2 = const_size 2
    %c3 = const_size 3
    %c4 = const_size 4
    %sx = shape_of %x : !shape.value_shape -> !shape.shape
    %sw = shape_of %w : !shape.value_shape -> !shape.shape
    %rx = rank %sx : !shape.shape -> !shape.size
    %rw = rank %sw : !shape.shape -> !shape.size
    %okx = meet %rx, %c4, error = "Conv: X must have rank 4" : !shape.size, !shape.size -> !shape.size
    %okw = meet %rw, %c4, error = "Conv: W must have rank 4" : !shape.size, !shape.size -> !shape.size
    %n = get_extent %sx, %c0 : !shape.shape, !shape.size -> !shape.size
    %cx = get_extent %sx, %c1 : !shape.shape, !shape.size -> !shape.size
    %h = get_extent %sx, %c2 : !shape.shape, !shape.size -> !shape.size
    %wd = get_extent %sx, %c3 : !shape.shape, !shape.size -> !shape.size
    %m = get_extent %sw, %c0 : !shape.shape, !shape.size -> !shape.size
    %cw = get_extent %sw, %c1 : !shape.shape, !shape.size -> !shape.size
    %kh = get_extent %sw, %c2 : !shape.shape, !shape.size -> !shape.size
    %kw = get_extent %sw, %c3 : !shape.shape, !shape.size -> !shape.size
    %okc = meet %cx, %cw, error = "Conv: X and W must have as many channels (group = 1)" : !shape.size, !shape.size -> !shape.size
    %hp = add %h, %c2 : !shape.size, !shape.size -> !shape.size
    %wp = add %wd, %c2 : !shape.size, !shape.size -> !shape.size
    %hmax = max %hp, %kh : !shape.size, !shape.size -> !shape.size
    %wmax = max %wp, %kw : !shape.size, !shape.size -> !shape.size
    %okh = meet %hmax, %hp, error = "Conv: the kernel must fit in the padded input" : !shape.size, !shape.size -> !shape.size
    %okwd = meet %wmax, %wp, error = "Conv: the kernel must fit in the padded input" : !shape.size, !shape.size -> !shape.size
    %hp_i = size_to_index %hp : !shape.size
    %kh_i = size_to_index %kh : !shape.size
    %wp_i = size_to_index %wp : !shape.size
    %kw_i = size_to_index %kw : !shape.size
    %hs_i = arith.subi %hp_i, %kh_i : index
    %ws_i = arith.subi %wp_i, %kw_i : index
    %hs = index_to_size %hs_i
    %ws = index_to_size %ws_i
    %hq = div %hs, %c2 : !shape.size, !shape.size -> !shape.size
    %wq = div %ws, %c2 : !shape.size, !shape.size -> !shape.size
    %oh = add %hq, %c1 : !shape.size, !shape.size -> !shape.size
    %ow = add %wq, %c1 : !shape.size, !shape.size -> !shape.size
    %out = from_extents %n, %m, %oh, %ow : !shape.size, !shape.size, !shape.size, !shape.size
    return %out : !shape.shape
  }
} mapping {onnx.Conv = @conv2d_nchw}
// INPUT: @conv2d_nchw [1,3,32,32] [8,3,3,3] -> [1,8,16,16]
// INPUT: @conv2d_nchw [2,3,5,7] [4,3,3,3] -> [2,4,3,4]
// INPUT: @conv2d_nchw [1,1,1,1] [1,1,3,3] -> [1,1,1,1]
// INPUT: @conv2d_nchw [0,3,4,4] [2,3,1,1] -> [0,2,3,3]
// INPUT: @conv2d_nchw [1,1,1,1] [1,1,4,4] -> error "Conv: the kernel must fit in the padded input"
// INPUT: @conv2d_nchw [1,3,8,8] [8,4,3,3] -> error "Conv: X and W must have as many channels (group = 1)"
// INPUT: @conv2d_nchw [3,8,8] [8,3,3,3] -> error "Conv: X must have rank 4"
// INPUT: @conv2d_nchw [1,3,8,8] [8,3,3] -> error "Conv: W must have rank 4"

// -----

// ONNX Conv in the clean constrained form: group = 1, strides = [1, 1],
// pads = 0, dilations = [2, 2], so the dilated kernel spans 2 * k - 1
// elements and the output extent is d - (2 * k - 1) + 1; kernel extents
// must be positive.
func.func @conv_dilated(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %sx = shape.shape_of %x : tensor<?x?x?x?xf32> -> tensor<?xindex>
  %sw = shape.shape_of %w : tensor<?x?x?x?xf32> -> tensor<?xindex>
  %n = shape.get_extent %sx, %c0 : tensor<?xindex>, index -> index
  %cx = shape.get_extent %sx, %c1 : tensor<?xindex>, index -> index
  %h = shape.get_extent %sx, %c2 : tensor<?xindex>, index -> index
  %wd = shape.get_extent %sx, %c3 : tensor<?xindex>, index -> index
  %m = shape.get_extent %sw, %c0 : tensor<?xindex>, index -> index
  %cw = shape.get_extent %sw, %c1 : tensor<?xindex>, index -> index
  %kh = shape.get_extent %sw, %c2 : tensor<?xindex>, index -> index
  %kw = shape.get_extent %sw, %c3 : tensor<?xindex>, index -> index
  %same_c = arith.cmpi eq, %cx, %cw : index
  %wc = shape.cstr_require %same_c, "Conv: X and W must have as many channels (group = 1)"
  %khp = arith.cmpi uge, %kh, %c1 : index
  %kwp = arith.cmpi uge, %kw, %c1 : index
  %kp = arith.andi %khp, %kwp : i1
  %wk = shape.cstr_require %kp, "Conv: kernel extents must be positive"
  %kh2 = arith.muli %kh, %c2 : index
  %kw2 = arith.muli %kw, %c2 : index
  %ekh = arith.subi %kh2, %c1 : index
  %ekw = arith.subi %kw2, %c1 : index
  %fh = arith.cmpi uge, %h, %ekh : index
  %fw = arith.cmpi uge, %wd, %ekw : index
  %fits = arith.andi %fh, %fw : i1
  %wf = shape.cstr_require %fits, "Conv: the dilated kernel must fit in the input"
  %w3 = shape.assuming_all %wc, %wk, %wf
  %r = shape.assuming %w3 -> (tensor<?xindex>) {
    %hd = arith.subi %h, %ekh : index
    %wdd = arith.subi %wd, %ekw : index
    %oh = arith.addi %hd, %c1 : index
    %ow = arith.addi %wdd, %c1 : index
    %o = tensor.from_elements %n, %m, %oh, %ow : tensor<4xindex>
    %oc = tensor.cast %o : tensor<4xindex> to tensor<?xindex>
    shape.assuming_yield %oc : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @conv_dilated [1,2,10,10] [4,2,3,3] -> [1,4,6,6]
// INPUT: @conv_dilated [1,2,5,7] [4,2,3,2] -> [1,4,1,5]
// INPUT: @conv_dilated [3,1,1,1] [2,1,1,1] -> [3,2,1,1]
// INPUT: @conv_dilated [1,2,4,10] [4,2,3,3] -> error "Conv: the dilated kernel must fit in the input"
// INPUT: @conv_dilated [1,3,10,10] [4,2,3,3] -> error "Conv: X and W must have as many channels (group = 1)"
// INPUT: @conv_dilated [1,2,10,10] [4,2,0,3] -> error

// -----

// ONNX MaxPool, error-monadic: kernel_shape = [3, 3], strides = [2, 2],
// pads = [1, 1, 1, 1], ceil_mode = 0 on an input of rank 4.
shape.function_library @onnx_maxpool {
  func @maxpool(%x: !shape.value_shape) -> !shape.shape {
    %c0 = const_size 0
    %c1 = const_size 1
    %c2 = const_size 2
    %c3 = const_size 3
    %c4 = const_size 4
    %s = shape_of %x : !shape.value_shape -> !shape.shape
    %rank = rank %s : !shape.shape -> !shape.size
    %ok = meet %rank, %c4, error = "MaxPool: X must have rank 4" : !shape.size, !shape.size -> !shape.size
    %n = get_extent %s, %c0 : !shape.shape, !shape.size -> !shape.size
    %c = get_extent %s, %c1 : !shape.shape, !shape.size -> !shape.size
    %h = get_extent %s, %c2 : !shape.shape, !shape.size -> !shape.size
    %w = get_extent %s, %c3 : !shape.shape, !shape.size -> !shape.size
    %hp = add %h, %c2 : !shape.size, !shape.size -> !shape.size
    %wp = add %w, %c2 : !shape.size, !shape.size -> !shape.size
    %hmax = max %hp, %c3 : !shape.size, !shape.size -> !shape.size
    %wmax = max %wp, %c3 : !shape.size, !shape.size -> !shape.size
    %okh = meet %hmax, %hp, error = "MaxPool: the kernel must fit in the padded input" : !shape.size, !shape.size -> !shape.size
    %okw = meet %wmax, %wp, error = "MaxPool: the kernel must fit in the padded input" : !shape.size, !shape.size -> !shape.size
    %hp_i = size_to_index %hp : !shape.size
    %wp_i = size_to_index %wp : !shape.size
    %k_i = arith.constant 3 : index
    %hs_i = arith.subi %hp_i, %k_i : index
    %ws_i = arith.subi %wp_i, %k_i : index
    %hs = index_to_size %hs_i
    %ws = index_to_size %ws_i
    %hq = div %hs, %c2 : !shape.size, !shape.size -> !shape.size
    %wq = div %ws, %c2 : !shape.size, !shape.size -> !shape.size
    %oh = add %hq, %c1 : !shape.size, !shape.size -> !shape.size
    %ow = add %wq, %c1 : !shape.size, !shape.size -> !shape.size
    %out = from_extents %n, %c, %oh, %ow : !shape.size, !shape.size, !shape.size, !shape.size
    return %out : !shape.shape
  }
} mapping {onnx.MaxPool = @maxpool}
// INPUT: @maxpool [1,64,112,112] -> [1,64,56,56]
// INPUT: @maxpool [2,3,5,6] -> [2,3,3,3]
// INPUT: @maxpool [1,1,1,1] -> [1,1,1,1]
// INPUT: @maxpool [0,0,2,9] -> [0,0,1,5]
// INPUT: @maxpool [1,1,0,4] -> error "MaxPool: the kernel must fit in the padded input"
// INPUT: @maxpool [1,1,4] -> error "MaxPool: X must have rank 4"

// -----

// ONNX AveragePool with kernel_shape = [2, 2], strides = [2, 2],
// pads = [1, 1, 1, 1], ceil_mode = 1: the extent is ceil(d / 2) + 1, less
// one when the last window would start in the end padding (the rule of
// PyTorch and of ONNX's reference implementation). The correction is an
// `scf.if` yielding `!shape.size`.
func.func @avgpool_ceil(%x: tensor<?x?x?x?xf32>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = shape.shape_of %x : tensor<?x?x?x?xf32> -> !shape.shape
  %n = shape.get_extent %s, %c0 : !shape.shape, index -> !shape.size
  %c = shape.get_extent %s, %c1 : !shape.shape, index -> !shape.size
  %h = shape.get_extent %s, %c2 : !shape.shape, index -> !shape.size
  %w = shape.get_extent %s, %c3 : !shape.shape, index -> !shape.size
  %oh = func.call @avgpool_ceil_extent(%h) : (!shape.size) -> !shape.size
  %ow = func.call @avgpool_ceil_extent(%w) : (!shape.size) -> !shape.size
  %out = shape.from_extents %n, %c, %oh, %ow : !shape.size, !shape.size, !shape.size, !shape.size
  return %out : !shape.shape
}
func.func private @avgpool_ceil_extent(%d: !shape.size) -> !shape.size {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %di = shape.size_to_index %d : !shape.size
  %d1 = arith.addi %di, %c1 : index
  %q = arith.divui %d1, %c2 : index
  %o = arith.addi %q, %c1 : index
  %last_start = arith.muli %q, %c2 : index
  %in_pad = arith.cmpi uge, %last_start, %d1 : index
  %e = scf.if %in_pad -> (!shape.size) {
    %fewer = shape.index_to_size %q
    scf.yield %fewer : !shape.size
  } else {
    %all = shape.index_to_size %o
    scf.yield %all : !shape.size
  }
  return %e : !shape.size
}
// INPUT: @avgpool_ceil [1,1,4,4] -> [1,1,3,3]
// INPUT: @avgpool_ceil [1,1,3,5] -> [1,1,2,3]
// INPUT: @avgpool_ceil [2,3,1,2] -> [2,3,1,2]
// INPUT: @avgpool_ceil [1,16,7,8] -> [1,16,4,5]
