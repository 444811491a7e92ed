// The shape function of a 2-D NHWC convolution with stride and padding arithmetic.
//
// input [N, H, W, C] and filter [KH, KW, C, F] (HWCF) give
// [N, OH, OW, F] with OH = (H + 2 * pad - KH) floordiv stride + 1 (OW
// likewise). Requirements, in order: the stride is positive (`max(stride,
// 1)` meets stride), the channels C agree, and each output extent is
// positive, i.e. the padded input is at least as large as the filter
// (`max(H + 2 * pad, KH)` meets H + 2 * pad). The subtraction runs on
// `index` (a `!shape.size` has no `sub`), between `size_to_index` and
// `index_to_size`. The ranks are static, so the `get_extent`s cannot fail.
func.func @conv2d_nhwc(%input: tensor<?x?x?x?xf32>, %filter: tensor<?x?x?x?xf32>, %stride: !shape.size, %pad: !shape.size) -> !shape.shape {
  %c0 = shape.const_size 0
  %c1 = shape.const_size 1
  %c2 = shape.const_size 2
  %c3 = shape.const_size 3
  %in = shape.shape_of %input : tensor<?x?x?x?xf32> -> !shape.shape
  %fi = shape.shape_of %filter : tensor<?x?x?x?xf32> -> !shape.shape
  %stride_max = shape.max %stride, %c1 : !shape.size, !shape.size -> !shape.size
  %stride_ok = shape.meet %stride_max, %stride, error = "stride must be positive" : !shape.size, !shape.size -> !shape.size
  %c = shape.get_extent %in, %c3 : !shape.shape, !shape.size -> !shape.size
  %fc = shape.get_extent %fi, %c2 : !shape.shape, !shape.size -> !shape.size
  %channels = shape.meet %c, %fc, error = "input channels must match the filter's" : !shape.size, !shape.size -> !shape.size
  %n = shape.get_extent %in, %c0 : !shape.shape, !shape.size -> !shape.size
  %h = shape.get_extent %in, %c1 : !shape.shape, !shape.size -> !shape.size
  %w = shape.get_extent %in, %c2 : !shape.shape, !shape.size -> !shape.size
  %kh = shape.get_extent %fi, %c0 : !shape.shape, !shape.size -> !shape.size
  %kw = shape.get_extent %fi, %c1 : !shape.shape, !shape.size -> !shape.size
  %f = shape.get_extent %fi, %c3 : !shape.shape, !shape.size -> !shape.size
  %pad2 = shape.mul %pad, %c2 : !shape.size, !shape.size -> !shape.size
  %hp = shape.add %h, %pad2 : !shape.size, !shape.size -> !shape.size
  %wp = shape.add %w, %pad2 : !shape.size, !shape.size -> !shape.size
  %hp_max = shape.max %hp, %kh : !shape.size, !shape.size -> !shape.size
  %h_ok = shape.meet %hp_max, %hp, error = "output height must be positive" : !shape.size, !shape.size -> !shape.size
  %wp_max = shape.max %wp, %kw : !shape.size, !shape.size -> !shape.size
  %w_ok = shape.meet %wp_max, %wp, error = "output width must be positive" : !shape.size, !shape.size -> !shape.size
  %hp_i = shape.size_to_index %hp : !shape.size
  %kh_i = shape.size_to_index %kh : !shape.size
  %wp_i = shape.size_to_index %wp : !shape.size
  %kw_i = shape.size_to_index %kw : !shape.size
  %h_span_i = arith.subi %hp_i, %kh_i : index
  %w_span_i = arith.subi %wp_i, %kw_i : index
  %h_span = shape.index_to_size %h_span_i
  %w_span = shape.index_to_size %w_span_i
  %h_steps = shape.div %h_span, %stride : !shape.size, !shape.size -> !shape.size
  %w_steps = shape.div %w_span, %stride : !shape.size, !shape.size -> !shape.size
  %oh = shape.add %h_steps, %c1 : !shape.size, !shape.size -> !shape.size
  %ow = shape.add %w_steps, %c1 : !shape.size, !shape.size -> !shape.size
  %res = shape.from_extents %n, %oh, %ow, %f : !shape.size, !shape.size, !shape.size, !shape.size
  return %res : !shape.shape
}
