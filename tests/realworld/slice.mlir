// test: input
// Operators that select or join parts of a shape: ONNX Slice, Gather,
// Split, Concat. INPUT lines: see tests/realworld/README.md.

// ONNX Slice of a rank-2 input on one axis, with starts, ends, axes and
// steps all read at run time from data tensors. As the specification says:
// a negative axis counts from the end; steps must not be 0; negative starts
// and ends have the extent added; then starts are clamped to [0, d] for a
// positive step and [0, d - 1] for a negative one, ends to [0, d] and
// [-1, d - 1]; the extent is ceil((end - start) / step) for a positive
// step, ceil((start - end) / -step) for a negative one, and not below 0.
func.func @slice_1axis(%x: tensor<?x?xf32>, %starts: tensor<1xi64>, %ends: tensor<1xi64>, %axes: tensor<1xi64>, %steps: tensor<1xi64>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %im1 = arith.constant -1 : i64
  %i2 = arith.constant 2 : i64
  %im2 = arith.constant -2 : i64
  %axis = tensor.extract %axes[%c0] : tensor<1xi64>
  %step = tensor.extract %steps[%c0] : tensor<1xi64>
  %start = tensor.extract %starts[%c0] : tensor<1xi64>
  %end = tensor.extract %ends[%c0] : tensor<1xi64>
  %alo = arith.cmpi sge, %axis, %im2 : i64
  %ahi = arith.cmpi slt, %axis, %i2 : i64
  %ain = arith.andi %alo, %ahi : i1
  %wa = shape.cstr_require %ain, "Slice: axis out of range"
  %snz = arith.cmpi ne, %step, %i0 : i64
  %ws = shape.cstr_require %snz, "Slice: steps must not be 0"
  %w = shape.assuming_all %wa, %ws
  %r = shape.assuming %w -> (!shape.shape) {
    %aneg = arith.cmpi slt, %axis, %i0 : i64
    %awrap = arith.addi %axis, %i2 : i64
    %an = arith.select %aneg, %awrap, %axis : i64
    %on0 = arith.cmpi eq, %an, %i0 : i64
    %sx = shape.shape_of %x : tensor<?x?xf32> -> !shape.shape
    %d0s = shape.get_extent %sx, %c0 : !shape.shape, index -> !shape.size
    %d1s = shape.get_extent %sx, %c1 : !shape.shape, index -> !shape.size
    %d0 = shape.size_to_index %d0s : !shape.size
    %d1 = shape.size_to_index %d1s : !shape.size
    %dx = arith.select %on0, %d0, %d1 : index
    %d = arith.index_cast %dx : index to i64
    %sneg = arith.cmpi slt, %start, %i0 : i64
    %swrap = arith.addi %start, %d : i64
    %s1 = arith.select %sneg, %swrap, %start : i64
    %eneg = arith.cmpi slt, %end, %i0 : i64
    %ewrap = arith.addi %end, %d : i64
    %e1 = arith.select %eneg, %ewrap, %end : i64
    %pos = arith.cmpi sgt, %step, %i0 : i64
    %dm1 = arith.subi %d, %i1 : i64
    %hi = arith.select %pos, %d, %dm1 : i64
    %elo = arith.select %pos, %i0, %im1 : i64
    %s2 = arith.maxsi %s1, %i0 : i64
    %s3 = arith.minsi %s2, %hi : i64
    %e2 = arith.maxsi %e1, %elo : i64
    %e3 = arith.minsi %e2, %hi : i64
    %fwd = arith.subi %e3, %s3 : i64
    %bwd = arith.subi %s3, %e3 : i64
    %span = arith.select %pos, %fwd, %bwd : i64
    %span0 = arith.maxsi %span, %i0 : i64
    %nstep = arith.subi %i0, %step : i64
    %mag = arith.select %pos, %step, %nstep : i64
    %len = arith.ceildivsi %span0, %mag : i64
    %leni = arith.index_cast %len : i64 to index
    %o0 = arith.select %on0, %leni, %d0 : index
    %o1 = arith.select %on0, %d1, %leni : index
    %out = shape.from_extents %o0, %o1 : index, index
    shape.assuming_yield %out : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @slice_1axis [10,5] dense<[2]> dense<[8]> dense<[0]> dense<[1]> -> [6,5]
// INPUT: @slice_1axis [10,5] dense<[-3]> dense<[9223372036854775807]> dense<[0]> dense<[1]> -> [3,5]
// INPUT: @slice_1axis [10,5] dense<[0]> dense<[-1]> dense<[1]> dense<[2]> -> [10,2]
// INPUT: @slice_1axis [10,5] dense<[-1]> dense<[-9223372036854775808]> dense<[-1]> dense<[-1]> -> [10,5]
// INPUT: @slice_1axis [10,5] dense<[20]> dense<[30]> dense<[0]> dense<[1]> -> [0,5]
// INPUT: @slice_1axis [10,5] dense<[9]> dense<[2]> dense<[0]> dense<[-3]> -> [3,5]
// INPUT: @slice_1axis [10,5] dense<[100]> dense<[-100]> dense<[0]> dense<[-1]> -> [10,5]
// INPUT: @slice_1axis [10,5] dense<[5]> dense<[2]> dense<[-2]> dense<[1]> -> [0,5]
// INPUT: @slice_1axis [0,5] dense<[0]> dense<[1]> dense<[0]> dense<[-1]> -> [0,5]
// INPUT: @slice_1axis [10,5] dense<[1]> dense<[3]> dense<[2]> dense<[1]> -> error "Slice: axis out of range"
// INPUT: @slice_1axis [10,5] dense<[1]> dense<[3]> dense<[-3]> dense<[1]> -> error "Slice: axis out of range"
// INPUT: @slice_1axis [10,5] dense<[1]> dense<[3]> dense<[0]> dense<[0]> -> error "Slice: steps must not be 0"

// -----

// ONNX Gather with axis = 1, error-monadic: dense<[:1]> ++ indices ++ dense<[2:]>;
// the data needs rank >= 2.
shape.function_library @onnx_gather {
  func @gather_axis1(%data: !shape.value_shape, %indices: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %c2 = const_size 2
    %sd = shape_of %data : !shape.value_shape -> !shape.shape
    %si = shape_of %indices : !shape.value_shape -> !shape.shape
    %rank = rank %sd : !shape.shape -> !shape.size
    %atleast2 = max %rank, %c2 : !shape.size, !shape.size -> !shape.size
    %ok = meet %atleast2, %rank, error = "Gather: axis 1 is out of range for the data" : !shape.size, !shape.size -> !shape.size
    %head, %rest = "shape.split_at"(%sd, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %gathered, %tail = "shape.split_at"(%rest, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %o1 = concat %head, %si : !shape.shape, !shape.shape -> !shape.shape
    %out = concat %o1, %tail : !shape.shape, !shape.shape -> !shape.shape
    return %out : !shape.shape
  }
} mapping {onnx.Gather = @gather_axis1}
// INPUT: @gather_axis1 [5,4,3] [2,7] -> [5,2,7,3]
// INPUT: @gather_axis1 [5,4] [] -> [5]
// INPUT: @gather_axis1 [5,4] [6] -> [5,6]
// INPUT: @gather_axis1 [5,0,3] [2] -> [5,2,3]
// INPUT: @gather_axis1 [5] [2] -> error "Gather: axis 1 is out of range for the data"
// INPUT: @gather_axis1 [] [2] -> error "Gather: axis 1 is out of range for the data"

// -----

// ONNX Gather with axis = -1 in the clean constrained form: dense<[:-1]> ++
// indices; the data needs rank >= 1.
func.func @gather_last(%data: tensor<*xf32>, %indices: tensor<*xi64>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %sd = shape.shape_of %data : tensor<*xf32> -> tensor<?xindex>
  %si = shape.shape_of %indices : tensor<*xi64> -> tensor<?xindex>
  %rank = shape.rank %sd : tensor<?xindex> -> index
  %ok = arith.cmpi uge, %rank, %c1 : index
  %w = shape.cstr_require %ok, "Gather: axis -1 is out of range for the data"
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %head, %last = "shape.split_at"(%sd, %cm1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %out = shape.concat %head, %si : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %out : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @gather_last [5,4] [3] -> [5,3]
// INPUT: @gather_last [5] [2,2] -> [2,2]
// INPUT: @gather_last [5] [] -> []
// INPUT: @gather_last [2,3,4] [0] -> [2,3,0]
// INPUT: @gather_last [] [3] -> error "Gather: axis -1 is out of range for the data"

// -----

// ONNX Split (opset 13, no `split` input) into 3 equal parts on axis 1,
// error-monadic, with three results: the axis extent must divide by 3.
shape.function_library @onnx_split {
  func @split3(%x: !shape.value_shape) -> (!shape.shape, !shape.shape, !shape.shape) {
    %c0 = const_size 0
    %c1 = const_size 1
    %c3 = const_size 3
    %s = shape_of %x : !shape.value_shape -> !shape.shape
    %head, %rest = "shape.split_at"(%s, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %axis, %tail = "shape.split_at"(%rest, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %d = get_extent %axis, %c0 : !shape.shape, !shape.size -> !shape.size
    %part = div %d, %c3 : !shape.size, !shape.size -> !shape.size
    %back = mul %part, %c3 : !shape.size, !shape.size -> !shape.size
    %ok = meet %back, %d, error = "Split: the axis extent must divide into 3 equal parts" : !shape.size, !shape.size -> !shape.size
    %ps = from_extents %part : !shape.size
    %o1 = concat %head, %ps : !shape.shape, !shape.shape -> !shape.shape
    %out = concat %o1, %tail : !shape.shape, !shape.shape -> !shape.shape
    return %out, %out, %out : !shape.shape, !shape.shape, !shape.shape
  }
} mapping {onnx.Split = @split3}
// INPUT: @split3 [2,6,4] -> [2,2,4] [2,2,4] [2,2,4]
// INPUT: @split3 [1,0] -> [1,0] [1,0] [1,0]
// INPUT: @split3 [1,3] -> [1,1] [1,1] [1,1]
// INPUT: @split3 [2,7] -> error "Split: the axis extent must divide into 3 equal parts"
// INPUT: @split3 [2] -> error
// INPUT: @split3 [] -> error

// -----

// ONNX Concat with axis = 1 of two rank-3 inputs, constraints on
// `!shape.shape`: the extents off the axis must agree; the axis extents add.
func.func @concat_axis1(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> !shape.shape {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sa = shape.shape_of %a : tensor<?x?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?x?xf32> -> !shape.shape
  %a0, %ar = "shape.split_at"(%sa, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %b0, %br = "shape.split_at"(%sb, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %a1, %a2 = "shape.split_at"(%ar, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %b1, %b2 = "shape.split_at"(%br, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %w0 = shape.cstr_eq %a0, %b0 : !shape.shape, !shape.shape
  %w2 = shape.cstr_eq %a2, %b2 : !shape.shape, !shape.shape
  %w = shape.assuming_all %w0, %w2
  %r = shape.assuming %w -> (!shape.shape) {
    %x = shape.get_extent %sa, %c1 : !shape.shape, index -> !shape.size
    %y = shape.get_extent %sb, %c1 : !shape.shape, index -> !shape.size
    %sum = shape.add %x, %y : !shape.size, !shape.size -> !shape.size
    %mid = shape.from_extents %sum : !shape.size
    %o1 = shape.concat %a0, %mid : !shape.shape, !shape.shape -> !shape.shape
    %out = shape.concat %o1, %a2 : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %out : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @concat_axis1 [2,3,4] [2,5,4] -> [2,8,4]
// INPUT: @concat_axis1 [2,0,4] [2,0,4] -> [2,0,4]
// INPUT: @concat_axis1 [0,1,1] [0,2,1] -> [0,3,1]
// INPUT: @concat_axis1 [2,3,4] [3,3,4] -> error
// INPUT: @concat_axis1 [2,3,4] [2,3,5] -> error

// -----

// ONNX Concat with axis = 0 of three inputs of any rank, error-monadic: the
// ranks are equal and >= 1, the extents past the axis agree.
shape.function_library @onnx_concat {
  func @concat3(%a: !shape.value_shape, %b: !shape.value_shape, %c: !shape.value_shape) -> !shape.shape {
    %c0 = const_size 0
    %c1 = const_size 1
    %sa = shape_of %a : !shape.value_shape -> !shape.shape
    %sb = shape_of %b : !shape.value_shape -> !shape.shape
    %sc = shape_of %c : !shape.value_shape -> !shape.shape
    %ha, %ta = "shape.split_at"(%sa, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %hb, %tb = "shape.split_at"(%sb, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %hc, %tc = "shape.split_at"(%sc, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %tab = meet %ta, %tb, error = "Concat: inputs must agree off the axis" : !shape.shape, !shape.shape -> !shape.shape
    %tabc = meet %tab, %tc, error = "Concat: inputs must agree off the axis" : !shape.shape, !shape.shape -> !shape.shape
    %xa = get_extent %sa, %c0 : !shape.shape, !shape.size -> !shape.size
    %xb = get_extent %sb, %c0 : !shape.shape, !shape.size -> !shape.size
    %xc = get_extent %sc, %c0 : !shape.shape, !shape.size -> !shape.size
    %xab = add %xa, %xb : !shape.size, !shape.size -> !shape.size
    %sum = add %xab, %xc : !shape.size, !shape.size -> !shape.size
    %lead = from_extents %sum : !shape.size
    %out = concat %lead, %tabc : !shape.shape, !shape.shape -> !shape.shape
    return %out : !shape.shape
  }
} mapping {onnx.Concat = @concat3}
// INPUT: @concat3 [2,3] [4,3] [1,3] -> [7,3]
// INPUT: @concat3 [2] [3] [0] -> [5]
// INPUT: @concat3 [0,2,2] [0,2,2] [1,2,2] -> [1,2,2]
// INPUT: @concat3 [2,3] [2,4] [2,3] -> error "Concat: inputs must agree off the axis"
// INPUT: @concat3 [2,3] [2,3] [2,3,1] -> error "Concat: inputs must agree off the axis"
// INPUT: @concat3 [] [] [] -> error
