// test: roundtrip
module {
  func.func @bitcast(%arg0: tensor<4xi32>) -> tensor<4xf32> {
    %0 = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
module {
  func.func @bitcast_unsigned(%arg0: tensor<?xi32>) -> tensor<?xui32> {
    %0 = tensor.bitcast %arg0 : tensor<?xi32> to tensor<?xui32>
    return %0 : tensor<?xui32>
  }
}

// -----
module {
  func.func @cast(%arg0: tensor<4xf32>, %arg1: tensor<*xf32>) -> (tensor<?xf32>, tensor<*xf32>, tensor<2x3xf32>) {
    %cast = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
    %cast_0 = tensor.cast %arg0 : tensor<4xf32> to tensor<*xf32>
    %cast_1 = tensor.cast %arg1 : tensor<*xf32> to tensor<2x3xf32>
    return %cast, %cast_0, %cast_1 : tensor<?xf32>, tensor<*xf32>, tensor<2x3xf32>
  }
}

// -----
module {
  func.func @collapse(%arg0: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<24xf32>) {
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
    %collapsed_0 = tensor.collapse_shape %arg0 [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
    return %collapsed, %collapsed_0 : tensor<6x4xf32>, tensor<24xf32>
  }
}

// -----
module {
  func.func @collapse_to_scalar(%arg0: tensor<1x1xf32>) -> tensor<f32> {
    %collapsed = tensor.collapse_shape %arg0 [] : tensor<1x1xf32> into tensor<f32>
    return %collapsed : tensor<f32>
  }
}

// -----
module {
  func.func @collapse_dyn(%arg0: tensor<?x?x4xi8>) -> tensor<?x4xi8> {
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<?x?x4xi8> into tensor<?x4xi8>
    return %collapsed : tensor<?x4xi8>
  }
}

// -----
module {
  func.func @concat(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>) -> tensor<6x3xf32> {
    %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
    return %concat : tensor<6x3xf32>
  }
}

// -----
module {
  func.func @concat_dyn(%arg0: tensor<?x3xf32>, %arg1: tensor<?x5xf32>, %arg2: tensor<?x1xf32>) -> tensor<?x9xf32> {
    %concat = tensor.concat dim(1) %arg0, %arg1, %arg2 : (tensor<?x3xf32>, tensor<?x5xf32>, tensor<?x1xf32>) -> tensor<?x9xf32>
    return %concat : tensor<?x9xf32>
  }
}

// -----
module {
  func.func @dim(%arg0: tensor<?x4x?xf32>, %arg1: index) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x4x?xf32>
    %dim_0 = tensor.dim %arg0, %c2 : tensor<?x4x?xf32>
    %dim_1 = tensor.dim %arg0, %arg1 : tensor<?x4x?xf32>
    return %dim, %dim_0, %dim_1 : index, index, index
  }
}

// -----
module {
  func.func @dim_unranked(%arg0: tensor<*xf32>, %arg1: index) -> index {
    %dim = tensor.dim %arg0, %arg1 : tensor<*xf32>
    return %dim : index
  }
}

// -----
module {
  func.func @empty(%arg0: index, %arg1: index) -> (tensor<4x5xf32>, tensor<?x5x?xi32>) {
    %0 = tensor.empty() : tensor<4x5xf32>
    %1 = tensor.empty(%arg0, %arg1) : tensor<?x5x?xi32>
    return %0, %1 : tensor<4x5xf32>, tensor<?x5x?xi32>
  }
}

// -----
module {
  func.func @empty_many() -> (tensor<1xf32>, tensor<2xf32>, tensor<3xf32>) {
    %0 = tensor.empty() : tensor<1xf32>
    %1 = tensor.empty() : tensor<2xf32>
    %2 = tensor.empty() : tensor<3xf32>
    return %0, %1, %2 : tensor<1xf32>, tensor<2xf32>, tensor<3xf32>
  }
}

// -----
module {
  func.func @expand(%arg0: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
    return %expanded : tensor<2x3x4xf32>
  }
}

// -----
module {
  func.func @expand_dyn(%arg0: tensor<?x4xf32>, %arg1: index) -> tensor<?x2x4xf32> {
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [%arg1, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
    return %expanded : tensor<?x2x4xf32>
  }
}

// -----
module {
  func.func @expand_scalar(%arg0: tensor<f32>) -> tensor<1x1xf32> {
    %expanded = tensor.expand_shape %arg0 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
    return %expanded : tensor<1x1xf32>
  }
}

// -----
module {
  func.func @extract(%arg0: tensor<4x?xf32>, %arg1: index, %arg2: index) -> (f32, f32) {
    %extracted = tensor.extract %arg0[%arg1, %arg2] : tensor<4x?xf32>
    %extracted_0 = tensor.extract %arg0[%arg2, %arg1] : tensor<4x?xf32>
    return %extracted, %extracted_0 : f32, f32
  }
}

// -----
module {
  func.func @extract_0d(%arg0: tensor<i32>) -> i32 {
    %extracted = tensor.extract %arg0[] : tensor<i32>
    return %extracted : i32
  }
}

// -----
module {
  func.func @extract_slice_static(%arg0: tensor<8x16xf32>) -> tensor<4x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 4] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
    return %extracted_slice : tensor<4x4xf32>
  }
}

// -----
module {
  func.func @extract_slice_dynamic(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x?xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, 2] [%arg2, %arg2] [%arg3, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    return %extracted_slice : tensor<?x?xf32>
  }
}

// -----
module {
  func.func @extract_slice_rank_reduce(%arg0: tensor<8x16x4xf32>, %arg1: index) -> tensor<16xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, 0, 2] [1, 16, 1] [1, 1, 1] : tensor<8x16x4xf32> to tensor<16xf32>
    return %extracted_slice : tensor<16xf32>
  }
}

// -----
module {
  func.func @extract_slice_strided(%arg0: tensor<64xi8>) -> tensor<8xi8> {
    %extracted_slice = tensor.extract_slice %arg0[3] [8] [4] : tensor<64xi8> to tensor<8xi8>
    return %extracted_slice : tensor<8xi8>
  }
}

// -----
module {
  func.func @from_elements(%arg0: f32, %arg1: f32, %arg2: index) -> (tensor<2xf32>, tensor<2x1xf32>, tensor<index>) {
    %from_elements = tensor.from_elements %arg0, %arg1 : tensor<2xf32>
    %from_elements_0 = tensor.from_elements %arg0, %arg1 : tensor<2x1xf32>
    %from_elements_1 = tensor.from_elements %arg2 : tensor<index>
    return %from_elements, %from_elements_0, %from_elements_1 : tensor<2xf32>, tensor<2x1xf32>, tensor<index>
  }
}

// -----
module {
  func.func @gather(%arg0: tensor<4x5x6xf32>, %arg1: tensor<2x3x1xindex>, %arg2: tensor<7x2xindex>) -> (tensor<2x3x1x5x6xf32>, tensor<2x3x5x6xf32>, tensor<7x1x1x6xf32>) {
    %gather = tensor.gather %arg0[%arg1] gather_dims([0]) : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x1x5x6xf32>
    %gather_0 = tensor.gather %arg0[%arg1] gather_dims([0]) unique : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x5x6xf32>
    %gather_1 = tensor.gather %arg0[%arg2] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<7x2xindex>) -> tensor<7x1x1x6xf32>
    return %gather, %gather_0, %gather_1 : tensor<2x3x1x5x6xf32>, tensor<2x3x5x6xf32>, tensor<7x1x1x6xf32>
  }
}

// -----
module {
  func.func @generate(%arg0: index) -> tensor<?x3xindex> {
    %generated = tensor.generate %arg0 {
    ^bb0(%arg1: index, %arg2: index):
      %0 = arith.addi %arg1, %arg2 : index
      tensor.yield %0 : index
    } : tensor<?x3xindex>
    return %generated : tensor<?x3xindex>
  }
}

// -----
module {
  func.func @generate_static() -> tensor<2x2xf32> {
    %generated = tensor.generate  {
    ^bb0(%arg0: index, %arg1: index):
      %cst = arith.constant 1.000000e+00 : f32
      tensor.yield %cst : f32
    } : tensor<2x2xf32>
    return %generated : tensor<2x2xf32>
  }
}

// -----
module {
  func.func @insert(%arg0: tensor<4x4xi32>, %arg1: i32, %arg2: index) -> tensor<4x4xi32> {
    %inserted = tensor.insert %arg1 into %arg0[%arg2, %arg2] : tensor<4x4xi32>
    return %inserted : tensor<4x4xi32>
  }
}

// -----
module {
  func.func @insert_slice(%arg0: tensor<2x2xf32>, %arg1: tensor<8x8xf32>, %arg2: index) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
    %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
    %inserted_slice_0 = tensor.insert_slice %arg0 into %inserted_slice[%arg2, 4] [2, 2] [2, %arg2] : tensor<2x2xf32> into tensor<8x8xf32>
    return %inserted_slice, %inserted_slice_0 : tensor<8x8xf32>, tensor<8x8xf32>
  }
}

// -----
module {
  func.func @insert_slice_rank_expand(%arg0: tensor<4xf32>, %arg1: tensor<?x4xf32>, %arg2: index) -> tensor<?x4xf32> {
    %inserted_slice = tensor.insert_slice %arg0 into %arg1[%arg2, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x4xf32>
    return %inserted_slice : tensor<?x4xf32>
  }
}

// -----
module {
  func.func @pad(%arg0: tensor<4x4xf32>, %arg1: f32) -> tensor<6x9xf32> {
    %padded = tensor.pad %arg0 low[1, 2] high[1, 3] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %arg1 : f32
    } : tensor<4x4xf32> to tensor<6x9xf32>
    return %padded : tensor<6x9xf32>
  }
}

// -----
module {
  func.func @pad_dyn(%arg0: tensor<?xf32>, %arg1: index, %arg2: index, %arg3: f32) -> tensor<?xf32> {
    %padded = tensor.pad %arg0 low[%arg1] high[%arg2] {
    ^bb0(%arg4: index):
      tensor.yield %arg3 : f32
    } : tensor<?xf32> to tensor<?xf32>
    return %padded : tensor<?xf32>
  }
}

// -----
module {
  func.func @pad_nofold(%arg0: tensor<2xi32>, %arg1: i32) -> tensor<2xi32> {
    %padded = tensor.pad %arg0 nofold low[0] high[0] {
    ^bb0(%arg2: index):
      tensor.yield %arg1 : i32
    } : tensor<2xi32> to tensor<2xi32>
    return %padded : tensor<2xi32>
  }
}

// -----
module {
  func.func @parallel_insert_slice(%arg0: tensor<16xf32>, %arg1: tensor<4xf32>) -> tensor<16xf32> {
    %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg0) -> (tensor<16xf32>) {
      %c4 = arith.constant 4 : index
      %1 = arith.muli %arg2, %c4 : index
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg1 into %arg3[%1] [4] [1] : tensor<4xf32> into tensor<16xf32>
      }
    }
    return %0 : tensor<16xf32>
  }
}

// -----
module {
  func.func @parallel_insert_slice_2d(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>) -> tensor<8x8xf32> {
    %0 = scf.forall (%arg2) in (8) shared_outs(%arg3 = %arg0) -> (tensor<8x8xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg1 into %arg3[%arg2, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<8x8xf32>
      }
    }
    return %0 : tensor<8x8xf32>
  }
}

// -----
module {
  func.func @rank(%arg0: tensor<*xf32>, %arg1: tensor<2x3xi8>) -> (index, index) {
    %rank = tensor.rank %arg0 : tensor<*xf32>
    %rank_0 = tensor.rank %arg1 : tensor<2x3xi8>
    return %rank, %rank_0 : index, index
  }
}

// -----
module {
  func.func @reshape(%arg0: tensor<6xf32>, %arg1: tensor<2xi32>, %arg2: tensor<?xindex>) -> (tensor<2x3xf32>, tensor<*xf32>) {
    %reshape = tensor.reshape %arg0(%arg1) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    %reshape_0 = tensor.reshape %arg0(%arg2) : (tensor<6xf32>, tensor<?xindex>) -> tensor<*xf32>
    return %reshape, %reshape_0 : tensor<2x3xf32>, tensor<*xf32>
  }
}

// -----
module {
  func.func @scatter(%arg0: tensor<2x3x1x5x6xf32>, %arg1: tensor<4x5x6xf32>, %arg2: tensor<2x3x1xindex>) -> tensor<4x5x6xf32> {
    %scatter = tensor.scatter %arg0 into %arg1[%arg2] scatter_dims([0]) unique : (tensor<2x3x1x5x6xf32>, tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<4x5x6xf32>
    return %scatter : tensor<4x5x6xf32>
  }
}

// -----
module {
  func.func @splat(%arg0: f32, %arg1: index) -> (tensor<4xf32>, tensor<?x8xf32>) {
    %splat = tensor.splat %arg0 : tensor<4xf32>
    %splat_0 = tensor.splat %arg0[%arg1] : tensor<?x8xf32>
    return %splat, %splat_0 : tensor<4xf32>, tensor<?x8xf32>
  }
}

// -----
module {
  func.func @names_conflict(%arg0: tensor<?x?xf32>) -> (index, index, f32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
    %extracted = tensor.extract %arg0[%c0, %c0] : tensor<?x?xf32>
    %extracted_1 = tensor.extract %arg0[%c1, %c1] : tensor<?x?xf32>
    return %dim, %dim_0, %extracted, %extracted_1 : index, index, f32, f32
  }
}

// -----
module {
  func.func @result_names(%arg0: tensor<4xf32>, %arg1: tensor<2x2xf32>, %arg2: f32, %arg3: index) {
    %cast = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
    %collapsed = tensor.collapse_shape %arg1 [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
    %expanded = tensor.expand_shape %arg0 [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
    %extracted_slice = tensor.extract_slice %arg0[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %from_elements = tensor.from_elements %arg2 : tensor<1xf32>
    %inserted = tensor.insert %arg2 into %arg0[%arg3] : tensor<4xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[0] [2] [1] : tensor<2xf32> into tensor<4xf32>
    %splat = tensor.splat %arg2 : tensor<3xf32>
    %rank = tensor.rank %arg0 : tensor<4xf32>
    %0 = tensor.bitcast %arg0 : tensor<4xf32> to tensor<4xi32>
    %1 = tensor.empty() : tensor<5xf32>
    "test.use"(%cast, %collapsed, %expanded, %extracted_slice, %from_elements, %inserted, %inserted_slice, %splat, %rank, %0, %1) : (tensor<?xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, index, tensor<4xi32>, tensor<5xf32>) -> ()
    return
  }
}

// -----
module {
  func.func @result_names2(%arg0: tensor<4xf32>, %arg1: tensor<1xindex>, %arg2: f32) {
    %reshape = tensor.reshape %arg0(%arg1) : (tensor<4xf32>, tensor<1xindex>) -> tensor<4xf32>
    %concat = tensor.concat dim(0) %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    %padded = tensor.pad %arg0 low[1] high[1] {
    ^bb0(%arg3: index):
      tensor.yield %arg2 : f32
    } : tensor<4xf32> to tensor<6xf32>
    %generated = tensor.generate  {
    ^bb0(%arg3: index):
      tensor.yield %arg2 : f32
    } : tensor<2xf32>
    "test.use"(%reshape, %concat, %padded, %generated) : (tensor<4xf32>, tensor<8xf32>, tensor<6xf32>, tensor<2xf32>) -> ()
    return
  }
}

// -----
module {
  func.func @encoding_tensor(%arg0: tensor<4xf32, "enc">) -> tensor<?xf32, "enc"> {
    %cast = tensor.cast %arg0 : tensor<4xf32, "enc"> to tensor<?xf32, "enc">
    return %cast : tensor<?xf32, "enc">
  }
}

// -----
module {
  func.func @extract_slice_all_dynamic(%arg0: tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x?x?xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, %arg2, %arg3] [%arg3, %arg2, %arg1] [%arg1, %arg1, %arg1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
    return %extracted_slice : tensor<?x?x?xf32>
  }
}

// -----
module {
  func.func @gather_scatter_names(%arg0: tensor<4xf32>, %arg1: tensor<2x1xindex>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %gather = tensor.gather %arg0[%arg1] gather_dims([0]) unique : (tensor<4xf32>, tensor<2x1xindex>) -> tensor<2xf32>
    %scatter = tensor.scatter %gather into %arg2[%arg1] scatter_dims([0]) unique : (tensor<2xf32>, tensor<4xf32>, tensor<2x1xindex>) -> tensor<4xf32>
    return %scatter : tensor<4xf32>
  }
}

// -----
module {
  func.func @mixed_attrs(%arg0: tensor<4x?xf32, "enc">, %arg1: index, %arg2: f32, %arg3: tensor<2x3xf32>, %arg4: tensor<2x1xi32>, %arg5: tensor<1xindex>) {
    %cast = tensor.cast %arg0 {x = 1 : i64} : tensor<4x?xf32, "enc"> to tensor<?x?xf32, "enc">
    %collapsed = tensor.collapse_shape %arg3 [[0, 1]] {x} : tensor<2x3xf32> into tensor<6xf32>
    %expanded = tensor.expand_shape %collapsed [[0, 1]] output_shape [2, 3] {y} : tensor<6xf32> into tensor<2x3xf32>
    %extracted_slice = tensor.extract_slice %arg3[%arg1, 1] [1, 2] [1, %arg1] {z} : tensor<2x3xf32> to tensor<2xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %arg3[%arg1, %arg1] [1, 2] [%arg1, %arg1] {z} : tensor<2xf32> into tensor<2x3xf32>
    %padded = tensor.pad %arg3 nofold low[%arg1, 1] high[2, %arg1] {
    ^bb0(%arg6: index, %arg7: index):
      tensor.yield %arg2 : f32
    } {q} : tensor<2x3xf32> to tensor<?x?xf32>
    %generated = tensor.generate %arg1, %arg1 {
    ^bb0(%arg6: index, %arg7: index):
      %extracted = tensor.extract %arg3[%arg6, %arg7] : tensor<2x3xf32>
      tensor.yield %extracted : f32
    } {w} : tensor<?x?xf32>
    %gather = tensor.gather %arg3[%arg4] gather_dims([1]) unique {k} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
    %concat = tensor.concat dim(0) %arg3, %arg3 {k} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %reshape = tensor.reshape %collapsed(%arg5) {k} : (tensor<6xf32>, tensor<1xindex>) -> tensor<6xf32>
    %rank = tensor.rank %arg0 {k} : tensor<4x?xf32, "enc">
    %dim = tensor.dim {k} %arg0, %arg1 : tensor<4x?xf32, "enc">
    %splat = tensor.splat %arg2[%arg1, %arg1] {k} : tensor<?x2x?xf32>
    %0 = tensor.empty(%arg1) : tensor<?xf32, "enc">
    %1 = tensor.bitcast %arg3 {k} : tensor<2x3xf32> to tensor<2x3xi32>
    "foo.use"(%cast, %expanded, %inserted_slice, %padded, %gather, %concat, %reshape, %rank, %dim, %splat, %0, %1) : (tensor<?x?xf32, "enc">, tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x?xf32>, tensor<2x2xf32>, tensor<4x3xf32>, tensor<6xf32>, index, index, tensor<?x2x?xf32>, tensor<?xf32, "enc">, tensor<2x3xi32>) -> ()
    return
  }
}

// -----
module {
  func.func @empty_lists(%arg0: tensor<f32>, %arg1: f32) {
    %from_elements = tensor.from_elements  : tensor<0xf32>
    %extracted_slice = tensor.extract_slice %arg0[] [] [] : tensor<f32> to tensor<f32>
    %extracted = tensor.extract %arg0[] {x} : tensor<f32>
    %inserted = tensor.insert %arg1 into %arg0[] {x} : tensor<f32>
    %splat = tensor.splat %arg1 {x} : tensor<2xf32>
    %generated = tensor.generate  {
      tensor.yield %arg1 : f32
    } {x} : tensor<f32>
    %0 = tensor.empty() {x} : tensor<2xf32>
    %c0 = arith.constant 0 : index
    %dim = tensor.dim {x} %from_elements, %c0 : tensor<0xf32>
    "foo.use"(%from_elements, %extracted_slice, %extracted, %inserted, %splat, %generated) : (tensor<0xf32>, tensor<f32>, f32, tensor<f32>, tensor<2xf32>, tensor<f32>) -> ()
    return
  }
}

// -----
module {
  func.func @pad_generate_dyn(%arg0: tensor<?x4xf32>, %arg1: index, %arg2: index, %arg3: f32) -> (tensor<?x?xf32>, tensor<?x5x?xf32>) {
    %padded = tensor.pad %arg0 low[%arg1, 0] high[1, %arg2] {
    ^bb0(%arg4: index, %arg5: index):
      tensor.yield %arg3 : f32
    } : tensor<?x4xf32> to tensor<?x?xf32>
    %generated = tensor.generate %arg1, %arg2 {
    ^bb0(%arg4: index, %arg5: index, %arg6: index):
      %0 = arith.addi %arg4, %arg5 : index
      %1 = arith.index_cast %0 : index to i32
      %2 = arith.sitofp %1 : i32 to f32
      tensor.yield %2 : f32
    } : tensor<?x5x?xf32>
    return %padded, %generated : tensor<?x?xf32>, tensor<?x5x?xf32>
  }
}

// -----
module {
  func.func @generate_constant_extents(%arg0: index, %arg1: index) -> (tensor<2xindex>, tensor<?x?x?xindex>, tensor<?xindex>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c-1 = arith.constant -1 : index
    %generated = tensor.generate %c2 {
    ^bb0(%arg2: index):
      %0 = arith.muli %arg2, %arg0 : index
      tensor.yield %0 : index
    } : tensor<?xindex>
    %cast = tensor.cast %generated : tensor<?xindex> to tensor<2xindex>
    %dim = tensor.dim %generated, %c0 : tensor<?xindex>
    %generated_0 = tensor.generate %c4, %arg1, %c2 {
    ^bb0(%arg2: index, %arg3: index, %arg4: index):
      %0 = arith.addi %arg2, %arg4 : index
      tensor.yield %0 : index
    } {w} : tensor<?x?x?xindex>
    %generated_1 = tensor.generate %c-1 {
    ^bb0(%arg2: index):
      tensor.yield %dim : index
    } : tensor<?xindex>
    return %cast, %generated_0, %generated_1 : tensor<2xindex>, tensor<?x?x?xindex>, tensor<?xindex>
  }
}

