// test: roundtrip
module {
  func.func @add(%arg0: !shape.size, %arg1: !shape.size, %arg2: index, %arg3: index) -> (!shape.size, index, !shape.size) {
    %0 = shape.add %arg0, %arg1 : !shape.size, !shape.size -> !shape.size
    %1 = shape.add %arg2, %arg3 : index, index -> index
    %2 = shape.add %arg0, %arg2 : !shape.size, index -> !shape.size
    return %0, %1, %2 : !shape.size, index, !shape.size
  }
}

// -----
module {
  func.func @any(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>, %arg3: tensor<?xindex>) -> (!shape.shape, tensor<?xindex>) {
    %0 = shape.any %arg0, %arg1 : !shape.shape, !shape.shape -> !shape.shape
    %1 = shape.any %arg2, %arg3 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    return %0, %1 : !shape.shape, tensor<?xindex>
  }
}

// -----
module {
  func.func @assuming_all(%arg0: !shape.witness, %arg1: !shape.witness, %arg2: !shape.witness) -> !shape.witness {
    %0 = shape.assuming_all %arg0, %arg1, %arg2
    return %0 : !shape.witness
  }
}

// -----
module {
  func.func @assuming(%arg0: !shape.witness, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %0 = shape.assuming %arg0 -> (tensor<?xf32>) {
      %1 = "test.compute"(%arg1) : (tensor<?xf32>) -> tensor<?xf32>
      shape.assuming_yield %1 : tensor<?xf32>
    }
    return %0 : tensor<?xf32>
  }
}

// -----
module {
  func.func @assuming_multi(%arg0: !shape.witness, %arg1: index, %arg2: f32) -> (index, f32) {
    %0:2 = shape.assuming %arg0 -> (index, f32) {
      shape.assuming_yield %arg1, %arg2 : index, f32
    }
    return %0#0, %0#1 : index, f32
  }
}

// -----
module {
  func.func @assuming_no_results(%arg0: !shape.witness) {
    shape.assuming %arg0 {
      "test.side_effect"() : () -> ()
    }
    return
  }
}

// -----
module {
  func.func @broadcast(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>, %arg3: tensor<3xindex>) -> (!shape.shape, tensor<?xindex>, !shape.shape) {
    %0 = shape.broadcast %arg0, %arg1 : !shape.shape, !shape.shape -> !shape.shape
    %1 = shape.broadcast %arg2, %arg3 : tensor<?xindex>, tensor<3xindex> -> tensor<?xindex>
    %2 = shape.broadcast %arg0, %arg1, %arg2 : !shape.shape, !shape.shape, tensor<?xindex> -> !shape.shape
    return %0, %1, %2 : !shape.shape, tensor<?xindex>, !shape.shape
  }
}

// -----
module {
  func.func @broadcast_error(%arg0: !shape.shape, %arg1: !shape.shape) -> !shape.shape {
    %0 = shape.broadcast %arg0, %arg1 {error = "incompatible shapes"} : !shape.shape, !shape.shape -> !shape.shape
    return %0 : !shape.shape
  }
}

// -----
module {
  func.func @concat(%arg0: !shape.shape, %arg1: !shape.shape) -> !shape.shape {
    %0 = shape.concat %arg0, %arg1 : !shape.shape, !shape.shape -> !shape.shape
    return %0 : !shape.shape
  }
}

// -----
module {
  func.func @const_shape() -> (!shape.shape, tensor<3xindex>, !shape.shape, tensor<0xindex>) {
    %0 = shape.const_shape [2, 3, 4] : !shape.shape
    %1 = shape.const_shape [7, 8, 9] : tensor<3xindex>
    %2 = shape.const_shape [] : !shape.shape
    %3 = shape.const_shape [] : tensor<0xindex>
    return %0, %1, %2, %3 : !shape.shape, tensor<3xindex>, !shape.shape, tensor<0xindex>
  }
}

// -----
module {
  func.func @const_size() -> (!shape.size, !shape.size, !shape.size) {
    %c0 = shape.const_size 0
    %c17 = shape.const_size 17
    %c17_0 = shape.const_size 17
    return %c0, %c17, %c17_0 : !shape.size, !shape.size, !shape.size
  }
}

// -----
module {
  func.func @const_witness() -> (!shape.witness, !shape.witness) {
    %0 = shape.const_witness true
    %1 = shape.const_witness false
    return %0, %1 : !shape.witness, !shape.witness
  }
}

// -----
module {
  func.func @cstr_broadcastable(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>) -> (!shape.witness, !shape.witness) {
    %0 = shape.cstr_broadcastable %arg0, %arg1 : !shape.shape, !shape.shape
    %1 = shape.cstr_broadcastable %arg0, %arg1, %arg2 : !shape.shape, !shape.shape, tensor<?xindex>
    return %0, %1 : !shape.witness, !shape.witness
  }
}

// -----
module {
  func.func @cstr_eq(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: tensor<?xindex>) -> (!shape.witness, !shape.witness) {
    %0 = shape.cstr_eq %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
    %1 = shape.cstr_eq %arg0, %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
    return %0, %1 : !shape.witness, !shape.witness
  }
}

// -----
module {
  func.func @cstr_require(%arg0: i1) -> !shape.witness {
    %0 = shape.cstr_require %arg0, "predicate must hold"
    return %0 : !shape.witness
  }
}

// -----
module {
  func.func @debug_print(%arg0: !shape.shape, %arg1: !shape.size) -> (!shape.shape, !shape.size) {
    %0 = "shape.debug_print"(%arg0) : (!shape.shape) -> !shape.shape
    %1 = "shape.debug_print"(%arg1) : (!shape.size) -> !shape.size
    return %0, %1 : !shape.shape, !shape.size
  }
}

// -----
module {
  func.func @dim(%arg0: tensor<2x?xf32>, %arg1: index, %arg2: !shape.size) -> (index, !shape.size) {
    %0 = shape.dim %arg0, %arg1 : tensor<2x?xf32>, index -> index
    %1 = shape.dim %arg0, %arg2 : tensor<2x?xf32>, !shape.size -> !shape.size
    return %0, %1 : index, !shape.size
  }
}

// -----
module {
  func.func @div(%arg0: !shape.size, %arg1: !shape.size, %arg2: index, %arg3: index) -> (!shape.size, index) {
    %0 = shape.div %arg0, %arg1 : !shape.size, !shape.size -> !shape.size
    %1 = shape.div %arg2, %arg3 : index, index -> index
    return %0, %1 : !shape.size, index
  }
}

// -----
module {
  func.func @from_extent_tensor(%arg0: tensor<?xindex>) -> !shape.shape {
    %0 = shape.from_extent_tensor %arg0 : tensor<?xindex>
    return %0 : !shape.shape
  }
}

// -----
module {
  func.func @from_extents(%arg0: index, %arg1: index, %arg2: !shape.size) -> (!shape.shape, !shape.shape, !shape.shape) {
    %0 = shape.from_extents %arg0, %arg1 : index, index
    %1 = shape.from_extents %arg0, %arg2 : index, !shape.size
    %2 = shape.from_extents %arg2 : !shape.size
    return %0, %1, %2 : !shape.shape, !shape.shape, !shape.shape
  }
}

// -----
module {
  shape.function_library @shape_lib {
    func @same_shape(%arg0: !shape.value_shape) -> !shape.shape {
      %0 = shape_of %arg0 : !shape.value_shape -> !shape.shape
      return %0 : !shape.shape
    }
  } mapping {foo.op = @same_shape}
}

// -----
module {
  shape.function_library @lib2 {
    func @f1(%arg0: !shape.value_shape) -> !shape.shape {
      %0 = shape_of %arg0 : !shape.value_shape -> !shape.shape
      return %0 : !shape.shape
    }
    func @f2(%arg0: !shape.value_shape, %arg1: !shape.value_shape) -> !shape.shape {
      %0 = shape_of %arg0 : !shape.value_shape -> !shape.shape
      %1 = shape_of %arg1 : !shape.value_shape -> !shape.shape
      %2 = broadcast %0, %1 : !shape.shape, !shape.shape -> !shape.shape
      return %2 : !shape.shape
    }
  } mapping {bar.other = @f1, foo.binary = @f2, foo.unary = @f1}
}

// -----
module attributes {shape.lib = @sl} {
  func.func @uses_library(%arg0: tensor<?xf32>) -> tensor<?xf32> {
    return %arg0 : tensor<?xf32>
  }
  shape.function_library @sl {
    func @fn(%arg0: !shape.value_shape) -> !shape.shape {
      %0 = shape_of %arg0 : !shape.value_shape -> !shape.shape
      return %0 : !shape.shape
    }
  } mapping {foo.identity = @fn}
}

// -----
module {
  shape.func @standalone_shape_func(%arg0: !shape.shape, %arg1: !shape.shape) -> (!shape.shape, !shape.witness) {
    %0 = broadcast %arg0, %arg1 : !shape.shape, !shape.shape -> !shape.shape
    %1 = cstr_broadcastable %arg0, %arg1 : !shape.shape, !shape.shape
    return %0, %1 : !shape.shape, !shape.witness
  }
}

// -----
module {
  shape.func private @shape_func_decl(!shape.shape) -> !shape.size
}

// -----
module {
  shape.func @shape_func_attrs(%arg0: index {foo.arg}) -> (index {foo.res}) attributes {foo.attr = 1 : i64} {
    return %arg0 : index
  }
}

// -----
module {
  shape.func @shape_func_no_result() {
    return
  }
}

// -----
module {
  func.func @get_extent(%arg0: !shape.shape, %arg1: !shape.size, %arg2: tensor<?xindex>, %arg3: index) -> (!shape.size, index) {
    %0 = shape.get_extent %arg0, %arg1 : !shape.shape, !shape.size -> !shape.size
    %1 = shape.get_extent %arg2, %arg3 : tensor<?xindex>, index -> index
    return %0, %1 : !shape.size, index
  }
}

// -----
module {
  func.func @index_to_size(%arg0: index) -> !shape.size {
    %0 = shape.index_to_size %arg0
    return %0 : !shape.size
  }
}

// -----
module {
  func.func @is_broadcastable(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>) -> (i1, i1) {
    %0 = shape.is_broadcastable %arg0, %arg1 : !shape.shape, !shape.shape
    %1 = shape.is_broadcastable %arg0, %arg1, %arg2 : !shape.shape, !shape.shape, tensor<?xindex>
    return %0, %1 : i1, i1
  }
}

// -----
module {
  func.func @max_min(%arg0: !shape.size, %arg1: !shape.size, %arg2: !shape.shape, %arg3: !shape.shape) -> (!shape.size, !shape.size, !shape.shape) {
    %0 = shape.max %arg0, %arg1 : !shape.size, !shape.size -> !shape.size
    %1 = shape.min %arg0, %arg1 : !shape.size, !shape.size -> !shape.size
    %2 = shape.max %arg2, %arg3 : !shape.shape, !shape.shape -> !shape.shape
    return %0, %1, %2 : !shape.size, !shape.size, !shape.shape
  }
}

// -----
module {
  func.func @meet(%arg0: !shape.shape, %arg1: !shape.shape) -> !shape.shape {
    %0 = shape.meet %arg0, %arg1 : !shape.shape, !shape.shape -> !shape.shape
    return %0 : !shape.shape
  }
}

// -----
module {
  func.func @meet_error(%arg0: !shape.size, %arg1: !shape.size) -> !shape.size {
    %0 = shape.meet %arg0, %arg1, error = "sizes must agree" : !shape.size, !shape.size -> !shape.size
    return %0 : !shape.size
  }
}

// -----
module {
  func.func @meet_index(%arg0: index, %arg1: index) -> index {
    %0 = shape.meet %arg0, %arg1 : index, index -> index
    return %0 : index
  }
}

// -----
module {
  func.func @meet_generic(%arg0: !shape.shape, %arg1: !shape.shape) -> !shape.shape {
    %0 = shape.meet %arg0, %arg1, error = "from generic" : !shape.shape, !shape.shape -> !shape.shape
    return %0 : !shape.shape
  }
}

// -----
module {
  func.func @mul(%arg0: !shape.size, %arg1: !shape.size, %arg2: index) -> (!shape.size, index, !shape.size) {
    %0 = shape.mul %arg0, %arg1 : !shape.size, !shape.size -> !shape.size
    %1 = shape.mul %arg2, %arg2 : index, index -> index
    %2 = shape.mul %arg2, %arg0 : index, !shape.size -> !shape.size
    return %0, %1, %2 : !shape.size, index, !shape.size
  }
}

// -----
module {
  func.func @num_elements(%arg0: !shape.shape, %arg1: tensor<?xindex>) -> (!shape.size, index) {
    %0 = shape.num_elements %arg0 : !shape.shape -> !shape.size
    %1 = shape.num_elements %arg1 : tensor<?xindex> -> index
    return %0, %1 : !shape.size, index
  }
}

// -----
module {
  func.func @rank(%arg0: !shape.shape, %arg1: tensor<?xindex>) -> (!shape.size, index) {
    %0 = shape.rank %arg0 : !shape.shape -> !shape.size
    %1 = shape.rank %arg1 : tensor<?xindex> -> index
    return %0, %1 : !shape.size, index
  }
}

// -----
module {
  func.func @reduce_size(%arg0: !shape.shape) -> !shape.size {
    %c1 = shape.const_size 1
    %0 = shape.reduce(%arg0, %c1) : !shape.shape -> !shape.size {
    ^bb0(%arg1: index, %arg2: !shape.size, %arg3: !shape.size):
      %1 = shape.mul %arg3, %arg2 : !shape.size, !shape.size -> !shape.size
      shape.yield %1 : !shape.size
    }
    return %0 : !shape.size
  }
}

// -----
module {
  func.func @reduce_index(%arg0: tensor<?xindex>) -> (index, index) {
    %c0 = arith.constant 0 : index
    %0:2 = shape.reduce(%arg0, %c0, %c0) : tensor<?xindex> -> (index, index) {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      %1 = arith.addi %arg3, %arg2 : index
      %2 = arith.maxui %arg4, %arg2 : index
      shape.yield %1, %2 : index, index
    }
    return %0#0, %0#1 : index, index
  }
}

// -----
module {
  func.func @shape_eq(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>) -> (i1, i1) {
    %0 = shape.shape_eq %arg0, %arg1 : !shape.shape, !shape.shape
    %1 = shape.shape_eq %arg0, %arg1, %arg2 : !shape.shape, !shape.shape, tensor<?xindex>
    return %0, %1 : i1, i1
  }
}

// -----
module {
  func.func @shape_of(%arg0: tensor<?x4xf32>, %arg1: !shape.value_shape, %arg2: tensor<*xi8>) -> (tensor<2xindex>, !shape.shape, tensor<?xindex>) {
    %0 = shape.shape_of %arg0 : tensor<?x4xf32> -> tensor<2xindex>
    %1 = shape.shape_of %arg1 : !shape.value_shape -> !shape.shape
    %2 = shape.shape_of %arg2 : tensor<*xi8> -> tensor<?xindex>
    return %0, %1, %2 : tensor<2xindex>, !shape.shape, tensor<?xindex>
  }
}

// -----
module {
  func.func @size_to_index(%arg0: !shape.size, %arg1: index) -> (index, index) {
    %0 = shape.size_to_index %arg0 : !shape.size
    %1 = shape.size_to_index %arg1 : index
    return %0, %1 : index, index
  }
}

// -----
module {
  func.func @split_at(%arg0: !shape.shape, %arg1: !shape.size, %arg2: tensor<?xindex>, %arg3: index) -> (!shape.shape, !shape.shape, tensor<?xindex>, tensor<?xindex>) {
    %head, %tail = "shape.split_at"(%arg0, %arg1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %head_0, %tail_1 = "shape.split_at"(%arg2, %arg3) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    return %head, %tail, %head_0, %tail_1 : !shape.shape, !shape.shape, tensor<?xindex>, tensor<?xindex>
  }
}

// -----
module {
  func.func @to_extent_tensor(%arg0: !shape.shape, %arg1: tensor<3xindex>) -> (tensor<?xindex>, tensor<3xindex>) {
    %0 = shape.to_extent_tensor %arg0 : !shape.shape -> tensor<?xindex>
    %1 = shape.to_extent_tensor %arg1 : tensor<3xindex> -> tensor<3xindex>
    return %0, %1 : tensor<?xindex>, tensor<3xindex>
  }
}

// -----
module {
  func.func @value_as_shape(%arg0: tensor<3xindex>, %arg1: tensor<?xi32>) -> (!shape.shape, !shape.shape) {
    %0 = shape.value_as_shape %arg0 : tensor<3xindex> -> !shape.shape
    %1 = shape.value_as_shape %arg1 : tensor<?xi32> -> !shape.shape
    return %0, %1 : !shape.shape, !shape.shape
  }
}

// -----
module {
  func.func @value_of(%arg0: !shape.value_shape) -> tensor<?xf32> {
    %0 = shape.value_of %arg0 : tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}

// -----
module {
  func.func @with_shape(%arg0: !shape.value_shape, %arg1: !shape.shape, %arg2: tensor<?x?xf32>, %arg3: tensor<2xindex>) -> (!shape.value_shape, !shape.value_shape) {
    %0 = shape.with_shape %arg0, %arg1 : !shape.value_shape, !shape.shape
    %1 = shape.with_shape %arg2, %arg3 : tensor<?x?xf32>, tensor<2xindex>
    return %0, %1 : !shape.value_shape, !shape.value_shape
  }
}

// -----
module {
  func.func @witness_flow(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: i1, %arg3: tensor<?xf32>) -> tensor<?xindex> {
    %0 = shape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
    %1 = shape.cstr_eq %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
    %2 = shape.cstr_require %arg2, "p"
    %3 = shape.const_witness true
    %4 = shape.assuming_all %0, %1, %2, %3
    %5 = shape.assuming %4 -> (tensor<?xindex>) {
      %6 = shape.broadcast %arg0, %arg1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
      shape.assuming_yield %6 : tensor<?xindex>
    }
    return %5 : tensor<?xindex>
  }
}

// -----
module {
  func.func @shape_types(%arg0: !shape.shape, %arg1: !shape.size, %arg2: !shape.value_shape, %arg3: !shape.witness) {
    "test.use"(%arg0, %arg1, %arg2, %arg3) : (!shape.shape, !shape.size, !shape.value_shape, !shape.witness) -> ()
    return
  }
}

// -----
module {
  func.func @shape_names() -> (!shape.shape, !shape.size, !shape.witness, index) {
    %0 = shape.const_shape [1] : !shape.shape
    %c3 = shape.const_size 3
    %1 = shape.const_witness true
    %2 = shape.const_shape [1] : !shape.shape
    %c3_0 = shape.const_size 3
    %3 = shape.const_witness true
    %c4 = shape.const_size 4
    %4 = shape.size_to_index %c4 : !shape.size
    "test.use"(%2, %c3_0, %3) : (!shape.shape, !shape.size, !shape.witness) -> ()
    return %0, %c3, %1, %4 : !shape.shape, !shape.size, !shape.witness, index
  }
}

// -----
module {
  func.func @shape_attrs_on_ops(%arg0: !shape.shape) -> !shape.size {
    %0 = shape.rank %arg0 {foo.tag} : !shape.shape -> !shape.size
    return %0 : !shape.size
  }
}

// -----
module {
  func.func @nested_assuming(%arg0: !shape.witness, %arg1: !shape.witness, %arg2: index) -> index {
    %0 = shape.assuming %arg0 -> (index) {
      %1 = shape.assuming %arg1 -> (index) {
        %c1 = arith.constant 1 : index
        %2 = arith.addi %arg2, %c1 : index
        shape.assuming_yield %2 : index
      }
      shape.assuming_yield %1 : index
    }
    return %0 : index
  }
}

// -----
module {
  func.func @const_shape_attrs() -> (!shape.shape, tensor<2xindex>) {
    %0 = shape.const_shape  {foo = 1 : i64}[1, 2] : !shape.shape
    %1 = shape.const_shape [5, 5] : tensor<2xindex>
    return %0, %1 : !shape.shape, tensor<2xindex>
  }
}

// -----
module {
  func.func @assuming_attrs(%arg0: !shape.witness) -> index {
    %0 = shape.assuming %arg0 -> (index) {
      %c1 = arith.constant 1 : index
      shape.assuming_yield %c1 : index
    } {foo}
    shape.assuming %arg0 {
    } {bar}
    return %0 : index
  }
}

// -----
module {
  func.func @reduce_attrs(%arg0: !shape.shape) -> !shape.size {
    %c-3 = shape.const_size -3
    %0 = shape.reduce(%arg0, %c-3) : !shape.shape -> !shape.size {
    ^bb0(%arg1: index, %arg2: !shape.size, %arg3: !shape.size):
      shape.yield %arg3 : !shape.size
    } {qux}
    return %0 : !shape.size
  }
}

// -----
module {
  shape.function_library @lib attributes {x = 1 : i64} {
    func private @d(!shape.value_shape) -> !shape.shape
    func nested @e(%arg0: !shape.shape) attributes {foo} {
      return
    }
    "test.op"() : () -> ()
  } mapping {bar = 3 : i64, baz = "s", foo = @d}
}

// -----
module {
  func.func @meet_extent_tensors(%arg0: tensor<3xindex>, %arg1: tensor<?xindex>, %arg2: !shape.shape) -> (tensor<3xindex>, !shape.shape) {
    %0 = shape.meet %arg0, %arg1, error = "x" : tensor<3xindex>, tensor<?xindex> -> tensor<3xindex>
    %1 = shape.meet %arg2, %arg1 {foo} : !shape.shape, tensor<?xindex> -> !shape.shape
    return %0, %1 : tensor<3xindex>, !shape.shape
  }
}

