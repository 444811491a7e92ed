// test: run-lines
// RUN: shape-opt %s --split-input-file --reify-shape-library | FileCheck %s
// RUN: shape-opt %s --split-input-file --pass-pipeline='builtin.module(reify-shape-library{tensor-library=false})' | FileCheck %s --check-prefix=OFF
//
// `reify-shape-library` with the built-in shape functions of the tensor
// dialect: each tensor op no library maps gets a function written for its
// attributes and operands, instantiated like a library function (call and
// meet before the op, `shape.fn` on it); conditions known to hold are not
// stated, and ops whose shape is then a constant get none. With
// `tensor-library=false` only user libraries are used.
// (--verify-semantics cannot compare the functions running tensor.pad,
// insert_slice, pack and unpack until the interpreter runs those ops; their
// instances are run directly by shape-run in the report of the change.)

// OFF-NOT: call @tensor_{{[a-z_]+}}_shape_

// Mixed static/dynamic padding: low + extent + high, each dynamic amount
// required non-negative; static ones need no requirement.
// CHECK-LABEL: func.func @pad(
// CHECK:         %[[S:.*]] = call @tensor_pad_pad_shape_0(%arg0, %arg1, %arg2) : (tensor<?x4xf32>, index, index) -> !shape.shape
// CHECK-NEXT:    shape.meet %[[S]], %[[S]]
// CHECK-NEXT:    tensor.pad %arg0
// CHECK:         } {shape.fn = @tensor_pad_pad_shape_0}
// CHECK-LABEL: func.func private @tensor_pad_pad_shape_0(%arg0: tensor<?x4xf32>, %arg1: index, %arg2: index) -> !shape.shape
// CHECK:         %[[D0:.*]] = shape.size_to_index
// CHECK:         arith.cmpi sle, %c0, %arg1 : index
// CHECK:         shape.meet {{.*}}, %c1, error = "tensor.pad: the padding of dimension 0 must be non-negative"
// CHECK:         %[[LD:.*]] = arith.addi %arg1, %[[D0]] : index
// CHECK:         %[[E0:.*]] = arith.addi %[[LD]], %c2 : index
// CHECK:         shape.meet {{.*}}, %c1, error = "tensor.pad: the padding of dimension 1 must be non-negative"
// CHECK:         %[[E1:.*]] = arith.addi %c5, %arg2 : index
// CHECK:         %[[R:.*]] = shape.from_extents %[[E0]], %[[E1]] : index, index
// CHECK-NEXT:    return %[[R]] : !shape.shape

func.func @pad(%x: tensor<?x4xf32>, %l: index, %h: index) -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%l, 1] high[2, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x4xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// -----

// A strided, rank-reducing slice: the bounds of each dimension in one
// requirement (dimension 2 is static and in bounds: none); the unit size
// is dropped from the result.
// CHECK-LABEL: func.func private @tensor_extract_slice_extract_slice_shape_0(%arg0: tensor<?x?x8xf32>, %arg1: index, %arg2: index, %arg3: index)
// CHECK:         arith.maxsi %arg3, %c1 : index
// CHECK:         arith.divsi
// CHECK:         error = "tensor.extract_slice: the slice must lie within dimension 0 of the source (offset >= 0, size >= 0, stride >= 1, offset + (size - 1) * stride < extent)"
// CHECK:         error = "tensor.extract_slice: the slice must lie within dimension 1 of the source
// CHECK-NOT:     dimension 2 of the source
// CHECK:         %[[R:.*]] = shape.from_extents %arg2, %c3 : index, index
// CHECK-NEXT:    return %[[R]]

func.func @extract_slice(%x: tensor<?x?x8xf32>, %o: index, %s: index, %t: index) -> tensor<?x3xf32> {
  %r = tensor.extract_slice %x[%o, 0, 2] [%s, 1, 3] [%t, 1, 2] : tensor<?x?x8xf32> to tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// insert_slice: the slice within the destination, the (rank-reduced)
// source of the slice's sizes; the result is the destination's shape.
// CHECK-LABEL: func.func private @tensor_insert_slice_insert_slice_shape_0(%arg0: tensor<?xf32>, %arg1: tensor<?x?xf32>, %arg2: index, %arg3: index)
// CHECK:         error = "tensor.insert_slice: the slice must lie within dimension 0 of the destination
// CHECK:         error = "tensor.insert_slice: the slice must lie within dimension 1 of the destination
// CHECK:         %[[SRC:.*]] = shape.shape_of %arg0
// CHECK:         %[[S0:.*]] = shape.size_to_index
// CHECK-NEXT:    arith.cmpi eq, %[[S0]], %arg3 : index
// CHECK:         error = "tensor.insert_slice: dimension 0 of the source must be the size of the slice it fills"
// CHECK:         shape.from_extents

func.func @insert_slice(%src: tensor<?xf32>, %dst: tensor<?x?xf32>, %o: index, %s: index) -> tensor<?x?xf32> {
  %r = tensor.insert_slice %src into %dst[%o, 1] [%s, 1] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// concat of three inputs: the dimensions outside the concatenated one
// agree with input 0 (5 is static in input 2), the sum agrees with the
// static result type.
// CHECK-LABEL: func.func private @tensor_concat_concat_shape_0(
// CHECK:         error = "tensor.concat: dimension 1 of input 1 must equal dimension 1 of input 0"
// CHECK:         arith.cmpi eq, %c5,
// CHECK:         error = "tensor.concat: dimension 1 of input 2 must equal dimension 1 of input 0"
// CHECK:         error = "tensor.concat: dimension 0 of the result is 6 in its type, but the operands make it another extent"
// CHECK:         shape.const_shape [6, 5] : !shape.shape

func.func @concat(%a: tensor<?x?xf32>, %b: tensor<2x?xf32>, %c: tensor<?x5xf32>) -> tensor<6x5xf32> {
  %r = tensor.concat dim(0) %a, %b, %c : (tensor<?x?xf32>, tensor<2x?xf32>, tensor<?x5xf32>) -> tensor<6x5xf32>
  return %r : tensor<6x5xf32>
}

// -----

// collapse_shape multiplies its groups; expand_shape requires its output
// sizes non-negative and each group's product; reshape reads its shape
// operand, and requires equal element counts.
// CHECK-LABEL: func.func private @tensor_collapse_shape_collapse_shape_shape_0(
// CHECK-NOT:     shape.meet
// CHECK:         %[[P:.*]] = arith.muli
// CHECK:         shape.from_extents %[[P]], %c4
// CHECK-LABEL: func.func private @tensor_expand_shape_expand_shape_shape_0(%arg0: tensor<?x4xf32>, %arg1: index)
// CHECK:         error = "tensor.expand_shape: output size 0 must be non-negative"
// CHECK:         %[[P:.*]] = arith.muli %arg1, %c3 : index
// CHECK:         arith.cmpi eq, %[[P]],
// CHECK:         error = "tensor.expand_shape: the output sizes of group 0 must multiply to dimension 0 of the source"
// CHECK-NOT:     group 1
// CHECK:         shape.from_extents %arg1, %c3, %c4
// CHECK-LABEL: func.func private @tensor_reshape_reshape_shape_0(%arg0: tensor<?x3x4xf32>, %arg1: tensor<2xindex>)
// CHECK:         %[[A:.*]] = tensor.extract %arg1[%c0] : tensor<2xindex>
// CHECK:         error = "tensor.reshape: size 0 of the new shape must be non-negative"
// CHECK:         %[[B:.*]] = tensor.extract %arg1[%c1] : tensor<2xindex>
// CHECK:         error = "tensor.reshape: size 1 of the new shape must be non-negative"
// CHECK:         error = "tensor.reshape: the new shape must hold as many elements as the source"
// CHECK:         shape.from_extents %[[A]], %[[B]]

func.func @reshapes(%x: tensor<?x?x4xf32>, %n: index, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  %grid = tensor.expand_shape %flat [[0, 1], [2]] output_shape [%n, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
  %r = tensor.reshape %grid(%shape) : (tensor<?x3x4xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// pack: tiles positive, divisibility without a padding value only, the
// destination of the packed shape (outer extents rounded up, permuted);
// unpack: the source of the packed shape of the destination.
// CHECK-LABEL: func.func @pack(
// CHECK:         call @tensor_pack_pack_shape_0(%arg0, %arg1, %arg2)
// CHECK:         call @tensor_pack_pack_shape_1(%arg0, %arg4, %arg3, %arg2) : (tensor<?x?xf32>, tensor<?x?x8x?xf32>, f32, index)
// CHECK:         call @tensor_unpack_unpack_shape_0(
// CHECK-LABEL: func.func private @tensor_pack_pack_shape_0(
// CHECK:         error = "tensor.pack: inner tile 1 must be positive"
// CHECK:         error = "tensor.pack: without a padding value, inner tile 0 must divide dimension 0 of the source"
// CHECK:         error = "tensor.pack: without a padding value, inner tile 1 must divide dimension 1 of the source"
// CHECK:         error = "tensor.pack: dimension 0 of the destination must be the packed extent"
// CHECK:         error = "tensor.pack: dimension 1 of the destination must be the packed extent"
// CHECK-NOT:     dimension 2 of the destination
// CHECK:         error = "tensor.pack: dimension 3 of the destination must be the packed extent"
// CHECK:         shape.from_extents {{.*}}, %c8,
// CHECK-LABEL: func.func private @tensor_pack_pack_shape_1(
// CHECK-NOT:     must divide
// CHECK:         error = "tensor.pack: dimension 0 of the destination must be the packed extent"
// CHECK-LABEL: func.func private @tensor_unpack_unpack_shape_0(
// CHECK:         error = "tensor.unpack: inner tile 1 must be positive"
// CHECK-NOT:     must divide
// CHECK:         error = "tensor.unpack: dimension 0 of the source must be the packed extent"

func.func @pack(%x: tensor<?x?xf32>, %d: tensor<?x?x8x?xf32>, %t: index, %pad: f32, %e: tensor<?x?x8x?xf32>) -> tensor<?x?xf32> {
  %p = tensor.pack %x outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?xf32> -> tensor<?x?x8x?xf32>
  %q = tensor.pack %x padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %e : tensor<?x?xf32> -> tensor<?x?x8x?xf32>
  %u = tensor.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %x : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
  return %u : tensor<?x?xf32>
}

// -----

// A cast from an unranked tensor: the rank, and the static extent.
// CHECK-LABEL: func.func private @tensor_cast_cast_shape_0(%arg0: tensor<*xf32>)
// CHECK:         shape.rank
// CHECK:         error = "tensor.cast: the source must have rank 2"
// CHECK:         error = "tensor.cast: dimension 1 of the result is 3 in its type, but the operands make it another extent"
// CHECK:         shape.from_extents %{{.*}}, %c3

func.func @cast(%x: tensor<*xf32>) -> tensor<?x3xf32> {
  %r = tensor.cast %x : tensor<*xf32> to tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// Dynamic sizes non-negative; a scalar operand binds to its own type.
// CHECK-LABEL: func.func private @tensor_empty_empty_shape_0(%arg0: index)
// CHECK:         error = "tensor.empty: the size of dimension 0 must be non-negative"
// CHECK:         shape.from_extents %arg0, %c2
// CHECK-LABEL: func.func private @tensor_splat_splat_shape_0(%arg0: f32, %arg1: index)
// CHECK:         error = "tensor.splat: the size of dimension 0 must be non-negative"
// CHECK-LABEL: func.func private @tensor_generate_generate_shape_0(%arg0: index, %arg1: index)
// CHECK:         error = "tensor.generate: the size of dimension 0 must be non-negative"
// CHECK:         error = "tensor.generate: the size of dimension 2 must be non-negative"
// CHECK:         shape.from_extents %arg0, %c4, %arg1

func.func @sized(%n: index, %m: index, %v: f32) -> tensor<?x4x?xf32> {
  %e = tensor.empty(%n) : tensor<?x2xf32>
  %s = tensor.splat %v[%m] : tensor<?xf32>
  %g = tensor.generate %n, %m {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %v : f32
  } : tensor<?x4x?xf32>
  return %g : tensor<?x4x?xf32>
}

// -----

// Statically total and exact ops get no function: tensor.dim of a constant
// index in range, tensor.rank, tensor.from_elements. A static slice of a
// dynamic source still needs its bounds; a dynamic dim index its range.
// CHECK-LABEL: func.func @total(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    tensor.dim %arg0, %[[C1]] : tensor<?x?xf32>
// CHECK-NEXT:    tensor.rank %arg0
// CHECK-NEXT:    tensor.from_elements
// CHECK-NEXT:    call @tensor_extract_slice_extract_slice_shape_0(%arg0)
// CHECK:         call @tensor_dim_dim_shape_0(%arg0, %arg1)
// CHECK-LABEL: func.func private @tensor_dim_dim_shape_0(
// CHECK:         arith.cmpi slt, %arg1, %c2 : index
// CHECK:         error = "tensor.dim: the index must be non-negative and less than the rank of the source"
// CHECK:         shape.const_shape [] : !shape.shape

func.func @total(%x: tensor<?x?xf32>, %i: index, %a: index) -> index {
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %r = tensor.rank %x : tensor<?x?xf32>
  %f = tensor.from_elements %a, %d1 : tensor<2xindex>
  %s = tensor.extract_slice %x[0, 0] [1, 1] [1, 1] : tensor<?x?xf32> to tensor<1x1xf32>
  %di = tensor.dim %x, %i : tensor<?x?xf32>
  return %di : index
}

// -----

// A user library's mapping takes precedence; tensor ops inside a library
// function get no instance.
// CHECK-LABEL: func @uses_tensor_ops(
// CHECK-NEXT:    tensor.dim %arg0, %arg1 : tensor<?xindex>
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @tensor_pad_pad_shape_0(%arg0: tensor<?xf32>, %arg1: index, %arg2: index)
// CHECK-NEXT:    %[[S:.*]] = shape.shape_of %arg0
// CHECK-NEXT:    return %[[S]]
// OFF-LABEL: func.func @user_mapping(
// OFF:         call @tensor_pad_pad_shape_0(

shape.function_library @lib {
  func @pad(%x: !shape.value_shape, %l: index, %h: index) -> !shape.shape {
    %s = shape_of %x : !shape.value_shape -> !shape.shape
    return %s : !shape.shape
  }
  func @uses_tensor_ops(%t: tensor<?xindex>, %i: index) -> index {
    %d = tensor.dim %t, %i : tensor<?xindex>
    return %d : index
  }
} mapping {tensor.pad = @pad}
func.func @user_mapping(%x: tensor<?xf32>, %l: index, %h: index) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%l] high[%h] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
