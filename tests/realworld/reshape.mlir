// test: input
// Operators that rearrange extents: ONNX Reshape, Flatten, Squeeze,
// Unsqueeze, Transpose. INPUT lines: see tests/realworld/README.md.

// ONNX Reshape (allowzero = 0) to a rank-2 target read from a data tensor:
// a target extent 0 copies the input's extent at the same position, one
// target extent may be -1 and is then inferred from the element count,
// and the result must keep the number of elements. The target is read
// with `tensor.extract` + `arith.index_cast`, checks are `cstr_require`s on
// extent tensors, and the result is made by `shape.from_extents`.
func.func @reshape_data(%x: tensor<*xf32>, %target: tensor<2xi64>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %minus1 = arith.constant -1 : i64
  %true = arith.constant true
  %sx = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %n = shape.num_elements %sx : tensor<?xindex> -> index
  %rank = shape.rank %sx : tensor<?xindex> -> index
  %t0 = tensor.extract %target[%c0] : tensor<2xi64>
  %t1 = tensor.extract %target[%c1] : tensor<2xi64>
  %ge0 = arith.cmpi sge, %t0, %minus1 : i64
  %ge1 = arith.cmpi sge, %t1, %minus1 : i64
  %ge = arith.andi %ge0, %ge1 : i1
  %wge = shape.cstr_require %ge, "Reshape: target extents must be >= -1"
  %inf0 = arith.cmpi eq, %t0, %minus1 : i64
  %inf1 = arith.cmpi eq, %t1, %minus1 : i64
  %two_inf = arith.andi %inf0, %inf1 : i1
  %one_inf = arith.xori %two_inf, %true : i1
  %winf = shape.cstr_require %one_inf, "Reshape: at most one target extent may be -1"
  %z0 = arith.cmpi eq, %t0, %zero : i64
  %z1 = arith.cmpi eq, %t1, %zero : i64
  %has0 = arith.cmpi ugt, %rank, %c0 : index
  %has1 = arith.cmpi ugt, %rank, %c1 : index
  %nz0 = arith.xori %z0, %true : i1
  %nz1 = arith.xori %z1, %true : i1
  %copy0 = arith.ori %nz0, %has0 : i1
  %copy1 = arith.ori %nz1, %has1 : i1
  %copy = arith.andi %copy0, %copy1 : i1
  %wcopy = shape.cstr_require %copy, "Reshape: a 0 in the target copies an extent the input does not have"
  %w = shape.assuming_all %wge, %winf, %wcopy
  %r = shape.assuming %w -> (!shape.shape) {
    %i0 = arith.index_cast %t0 : i64 to index
    %i1 = arith.index_cast %t1 : i64 to index
    %e0 = scf.if %z0 -> (index) {
      %d = shape.get_extent %sx, %c0 : tensor<?xindex>, index -> index
      scf.yield %d : index
    } else {
      scf.yield %i0 : index
    }
    %e1 = scf.if %z1 -> (index) {
      %d = shape.get_extent %sx, %c1 : tensor<?xindex>, index -> index
      scf.yield %d : index
    } else {
      scf.yield %i1 : index
    }
    %k0 = arith.select %inf0, %c1, %e0 : index
    %k1 = arith.select %inf1, %c1, %e1 : index
    %known = arith.muli %k0, %k1 : index
    %any_inf = arith.ori %inf0, %inf1 : i1
    %known_nz = arith.cmpi ne, %known, %c0 : index
    %divisor = arith.select %known_nz, %known, %c1 : index
    %q = arith.divui %n, %divisor : index
    %rem = arith.remui %n, %divisor : index
    %exact = arith.cmpi eq, %rem, %c0 : index
    %inferable = arith.andi %known_nz, %exact : i1
    %same = arith.cmpi eq, %known, %n : index
    %keeps = arith.select %any_inf, %inferable, %same : i1
    %wn = shape.cstr_require %keeps, "Reshape: the target must keep the number of elements"
    %res = shape.assuming %wn -> (!shape.shape) {
      %f0 = arith.select %inf0, %q, %e0 : index
      %f1 = arith.select %inf1, %q, %e1 : index
      %s = shape.from_extents %f0, %f1 : index, index
      shape.assuming_yield %s : !shape.shape
    }
    shape.assuming_yield %res : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @reshape_data [2,3,4] dense<[4,-1]> -> [4,6]
// INPUT: @reshape_data [2,3,4] dense<[-1,4]> -> [6,4]
// INPUT: @reshape_data [2,3,4] dense<[0,-1]> -> [2,12]
// INPUT: @reshape_data [2,3,4] dense<[0,12]> -> [2,12]
// INPUT: @reshape_data [2,3] dense<[3,2]> -> [3,2]
// INPUT: @reshape_data [2,3] dense<[0,0]> -> [2,3]
// INPUT: @reshape_data [0,3] dense<[-1,0]> -> [0,3]
// INPUT: @reshape_data [] dense<[1,1]> -> [1,1]
// INPUT: @reshape_data [] dense<[-1,1]> -> [1,1]
// INPUT: @reshape_data [6] dense<[2,0]> -> error "Reshape: a 0 in the target copies an extent the input does not have"
// INPUT: @reshape_data [2,3,4] dense<[-1,-1]> -> error "Reshape: at most one target extent may be -1"
// INPUT: @reshape_data [2,3,4] dense<[5,-1]> -> error "Reshape: the target must keep the number of elements"
// INPUT: @reshape_data [2,3,4] dense<[4,5]> -> error "Reshape: the target must keep the number of elements"
// INPUT: @reshape_data [3,0] dense<[-1,0]> -> error "Reshape: the target must keep the number of elements"
// INPUT: @reshape_data [2,3] dense<[-2,3]> -> error "Reshape: target extents must be >= -1"

// -----

// ONNX Flatten with axis = 2 in the clean constrained form: [d0 * d1,
// d2 * ... * dn]; the axis must be at most the rank.
func.func @flatten_axis2(%x: tensor<*xf32>) -> tensor<?xindex> {
  %c2 = arith.constant 2 : index
  %s = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %s : tensor<?xindex> -> index
  %ok = arith.cmpi uge, %rank, %c2 : index
  %w = shape.cstr_require %ok, "Flatten: axis 2 is out of range for the input"
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %head, %tail = "shape.split_at"(%s, %c2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %nh = shape.num_elements %head : tensor<?xindex> -> index
    %nt = shape.num_elements %tail : tensor<?xindex> -> index
    %o = tensor.from_elements %nh, %nt : tensor<2xindex>
    %oc = tensor.cast %o : tensor<2xindex> to tensor<?xindex>
    shape.assuming_yield %oc : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @flatten_axis2 [2,3,4,5] -> [6,20]
// INPUT: @flatten_axis2 [2,3] -> [6,1]
// INPUT: @flatten_axis2 [2,3,0] -> [6,0]
// INPUT: @flatten_axis2 [7] -> error "Flatten: axis 2 is out of range for the input"
// INPUT: @flatten_axis2 [] -> error "Flatten: axis 2 is out of range for the input"

// -----

// PyTorch meta function of `torch.flatten(x, start_dim=1)` (end_dim = -1),
// error-monadic: [d0, d1 * ... * dn]; dimension 1 must exist, so a 0-d or
// 1-D input is an error.
shape.function_library @torch_flatten {
  func @torch_flatten_1(%x: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %c2 = const_size 2
    %s = shape_of %x : !shape.value_shape -> !shape.shape
    %rank = rank %s : !shape.shape -> !shape.size
    %atleast2 = max %rank, %c2 : !shape.size, !shape.size -> !shape.size
    %ok = meet %atleast2, %rank, error = "flatten: start_dim 1 is out of range" : !shape.size, !shape.size -> !shape.size
    %head, %tail = "shape.split_at"(%s, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %n = num_elements %tail : !shape.shape -> !shape.size
    %ns = from_extents %n : !shape.size
    %out = concat %head, %ns : !shape.shape, !shape.shape -> !shape.shape
    return %out : !shape.shape
  }
} mapping {torch.aten.flatten.using_ints = @torch_flatten_1}
// INPUT: @torch_flatten_1 [2,3,4] -> [2,12]
// INPUT: @torch_flatten_1 [2,3] -> [2,3]
// INPUT: @torch_flatten_1 [0,5] -> [0,5]
// INPUT: @torch_flatten_1 [3,0,2] -> [3,0]
// INPUT: @torch_flatten_1 [5] -> error "flatten: start_dim 1 is out of range"
// INPUT: @torch_flatten_1 [] -> error "flatten: start_dim 1 is out of range"

// -----

// ONNX Squeeze with axes = [0, 2] on a rank-3 input: both extents must be
// 1; each is compared as a one-extent `!shape.shape`.
func.func @squeeze_axes(%x: tensor<?x?x?xf32>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = shape.const_shape [1] : !shape.shape
  %s = shape.shape_of %x : tensor<?x?x?xf32> -> !shape.shape
  %d0 = shape.get_extent %s, %c0 : !shape.shape, index -> !shape.size
  %d2 = shape.get_extent %s, %c2 : !shape.shape, index -> !shape.size
  %s0 = shape.from_extents %d0 : !shape.size
  %s2 = shape.from_extents %d2 : !shape.size
  %w0 = shape.cstr_eq %s0, %one : !shape.shape, !shape.shape
  %w2 = shape.cstr_eq %s2, %one : !shape.shape, !shape.shape
  %w = shape.assuming_all %w0, %w2
  %r = shape.assuming %w -> (!shape.shape) {
    %d1 = shape.get_extent %s, %c1 : !shape.shape, index -> !shape.size
    %o = shape.from_extents %d1 : !shape.size
    shape.assuming_yield %o : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @squeeze_axes [1,5,1] -> [5]
// INPUT: @squeeze_axes [1,0,1] -> [0]
// INPUT: @squeeze_axes [1,1,1] -> [1]
// INPUT: @squeeze_axes [2,5,1] -> error
// INPUT: @squeeze_axes [1,5,3] -> error
// INPUT: @squeeze_axes [0,5,1] -> error

// -----

// ONNX Unsqueeze with constant axes = [1, 3], error-monadic: the output
// has rank r + 2 and ones at positions 1 and 3, so the input needs rank
// >= 2 (position 3 must exist in the output).
shape.function_library @onnx_unsqueeze {
  func @unsqueeze_const(%x: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %one = const_shape [1] : !shape.shape
    %s = shape_of %x : !shape.value_shape -> !shape.shape
    %a, %rest = "shape.split_at"(%s, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %b, %tail = "shape.split_at"(%rest, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %o1 = concat %a, %one : !shape.shape, !shape.shape -> !shape.shape
    %o2 = concat %o1, %b : !shape.shape, !shape.shape -> !shape.shape
    %o3 = concat %o2, %one : !shape.shape, !shape.shape -> !shape.shape
    %out = concat %o3, %tail : !shape.shape, !shape.shape -> !shape.shape
    return %out : !shape.shape
  }
} mapping {onnx.Unsqueeze = @unsqueeze_const}
// INPUT: @unsqueeze_const [3,4] -> [3,1,4,1]
// INPUT: @unsqueeze_const [3,4,5] -> [3,1,4,1,5]
// INPUT: @unsqueeze_const [0,2,7,1] -> [0,1,2,1,7,1]
// INPUT: @unsqueeze_const [3] -> error
// INPUT: @unsqueeze_const [] -> error

// -----

// ONNX Unsqueeze of a rank-2 input with axes read from a data tensor of two
// values: axes lie in [-4, 3] (negative ones count from the end of the
// rank-4 output) and must differ; the output has ones at the axes and the
// input's extents, in order, elsewhere.
func.func @unsqueeze_data(%x: tensor<?x?xf32>, %axes: tensor<2xi64>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %im4 = arith.constant -4 : i64
  %a0 = tensor.extract %axes[%c0] : tensor<2xi64>
  %a1 = tensor.extract %axes[%c1] : tensor<2xi64>
  %lo0 = arith.cmpi sge, %a0, %im4 : i64
  %hi0 = arith.cmpi slt, %a0, %i4 : i64
  %lo1 = arith.cmpi sge, %a1, %im4 : i64
  %hi1 = arith.cmpi slt, %a1, %i4 : i64
  %in0 = arith.andi %lo0, %hi0 : i1
  %in1 = arith.andi %lo1, %hi1 : i1
  %in = arith.andi %in0, %in1 : i1
  %wr = shape.cstr_require %in, "Unsqueeze: axis out of range"
  %neg0 = arith.cmpi slt, %a0, %i0 : i64
  %neg1 = arith.cmpi slt, %a1, %i0 : i64
  %w0 = arith.addi %a0, %i4 : i64
  %w1 = arith.addi %a1, %i4 : i64
  %n0 = arith.select %neg0, %w0, %a0 : i64
  %n1 = arith.select %neg1, %w1, %a1 : i64
  %distinct = arith.cmpi ne, %n0, %n1 : i64
  %wd = shape.cstr_require %distinct, "Unsqueeze: axes must be unique"
  %w = shape.assuming_all %wr, %wd
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
    %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
    // Output position p holds 1 if p is an axis, else input extent
    // p - (number of axes before p).
    %e0 = func.call @unsqueeze_extent(%i0, %n0, %n1, %d0, %d1) : (i64, i64, i64, index, index) -> index
    %e1 = func.call @unsqueeze_extent(%i1, %n0, %n1, %d0, %d1) : (i64, i64, i64, index, index) -> index
    %e2 = func.call @unsqueeze_extent(%i2, %n0, %n1, %d0, %d1) : (i64, i64, i64, index, index) -> index
    %e3 = func.call @unsqueeze_extent(%i3, %n0, %n1, %d0, %d1) : (i64, i64, i64, index, index) -> index
    %o = tensor.from_elements %e0, %e1, %e2, %e3 : tensor<4xindex>
    %oc = tensor.cast %o : tensor<4xindex> to tensor<?xindex>
    shape.assuming_yield %oc : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
func.func private @unsqueeze_extent(%p: i64, %n0: i64, %n1: i64, %d0: index, %d1: index) -> index {
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %is0 = arith.cmpi eq, %n0, %p : i64
  %is1 = arith.cmpi eq, %n1, %p : i64
  %is = arith.ori %is0, %is1 : i1
  %before0 = arith.cmpi slt, %n0, %p : i64
  %before1 = arith.cmpi slt, %n1, %p : i64
  %b0 = arith.extui %before0 : i1 to i64
  %b1 = arith.extui %before1 : i1 to i64
  %b = arith.addi %b0, %b1 : i64
  %j = arith.subi %p, %b : i64
  %first = arith.cmpi eq, %j, %i0 : i64
  %d = arith.select %first, %d0, %d1 : index
  %e = arith.select %is, %c1, %d : index
  return %e : index
}
// INPUT: @unsqueeze_data [3,4] dense<[0,3]> -> [1,3,4,1]
// INPUT: @unsqueeze_data [3,4] dense<[1,2]> -> [3,1,1,4]
// INPUT: @unsqueeze_data [3,4] dense<[-1,0]> -> [1,3,4,1]
// INPUT: @unsqueeze_data [3,4] dense<[2,-3]> -> [3,1,1,4]
// INPUT: @unsqueeze_data [0,2] dense<[3,1]> -> [0,1,2,1]
// INPUT: @unsqueeze_data [3,4] dense<[0,0]> -> error "Unsqueeze: axes must be unique"
// INPUT: @unsqueeze_data [3,4] dense<[-1,3]> -> error "Unsqueeze: axes must be unique"
// INPUT: @unsqueeze_data [3,4] dense<[4,0]> -> error "Unsqueeze: axis out of range"
// INPUT: @unsqueeze_data [3,4] dense<[-5,0]> -> error "Unsqueeze: axis out of range"

// -----

// ONNX Transpose with perm = [0, 2, 3, 1] (NCHW -> NHWC) on a rank-4
// input, the shape code in a single-block region.
func.func @transpose_region(%x: tensor<?x?x?x?xf32>) -> !shape.shape {
  %r = scf.execute_region -> !shape.shape {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %s = shape.shape_of %x : tensor<?x?x?x?xf32> -> !shape.shape
    %n = shape.get_extent %s, %c0 : !shape.shape, index -> !shape.size
    %c = shape.get_extent %s, %c1 : !shape.shape, index -> !shape.size
    %h = shape.get_extent %s, %c2 : !shape.shape, index -> !shape.size
    %w = shape.get_extent %s, %c3 : !shape.shape, index -> !shape.size
    %t = shape.from_extents %n, %h, %w, %c : !shape.size, !shape.size, !shape.size, !shape.size
    scf.yield %t : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @transpose_region [1,3,224,224] -> [1,224,224,3]
// INPUT: @transpose_region [2,0,5,7] -> [2,5,7,0]

// -----

// ONNX Transpose with perm = [2, 0, 1] in the clean constrained form: the
// input must have rank 3 (the length of perm).
func.func @transpose_perm(%x: tensor<*xf32>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %s : tensor<?xindex> -> index
  %ok = arith.cmpi eq, %rank, %c3 : index
  %w = shape.cstr_require %ok, "Transpose: perm has 3 entries, the input must have rank 3"
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %d0 = shape.get_extent %s, %c0 : tensor<?xindex>, index -> index
    %d1 = shape.get_extent %s, %c1 : tensor<?xindex>, index -> index
    %d2 = shape.get_extent %s, %c2 : tensor<?xindex>, index -> index
    %o = tensor.from_elements %d2, %d0, %d1 : tensor<3xindex>
    %oc = tensor.cast %o : tensor<3xindex> to tensor<?xindex>
    shape.assuming_yield %oc : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @transpose_perm [2,3,4] -> [4,2,3]
// INPUT: @transpose_perm [1,0,5] -> [5,1,0]
// INPUT: @transpose_perm [2,3] -> error "Transpose: perm has 3 entries, the input must have rank 3"
// INPUT: @transpose_perm [2,3,4,5] -> error "Transpose: perm has 3 entries, the input must have rank 3"
