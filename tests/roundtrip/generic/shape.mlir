// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.size, !shape.size, index, index) -> (!shape.size, index, !shape.size), sym_name = "add"}> ({
  ^bb0(%arg0: !shape.size, %arg1: !shape.size, %arg2: index, %arg3: index):
    %0 = "shape.add"(%arg0, %arg1) : (!shape.size, !shape.size) -> !shape.size
    %1 = "shape.add"(%arg2, %arg3) : (index, index) -> index
    %2 = "shape.add"(%arg0, %arg2) : (!shape.size, index) -> !shape.size
    "func.return"(%0, %1, %2) : (!shape.size, index, !shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape, tensor<?xindex>, tensor<?xindex>) -> (!shape.shape, tensor<?xindex>), sym_name = "any"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>, %arg3: tensor<?xindex>):
    %0 = "shape.any"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.shape
    %1 = "shape.any"(%arg2, %arg3) : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
    "func.return"(%0, %1) : (!shape.shape, tensor<?xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.witness, !shape.witness, !shape.witness) -> !shape.witness, sym_name = "assuming_all"}> ({
  ^bb0(%arg0: !shape.witness, %arg1: !shape.witness, %arg2: !shape.witness):
    %0 = "shape.assuming_all"(%arg0, %arg1, %arg2) : (!shape.witness, !shape.witness, !shape.witness) -> !shape.witness
    "func.return"(%0) : (!shape.witness) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.witness, tensor<?xf32>) -> tensor<?xf32>, sym_name = "assuming"}> ({
  ^bb0(%arg0: !shape.witness, %arg1: tensor<?xf32>):
    %0 = "shape.assuming"(%arg0) ({
      %1 = "test.compute"(%arg1) : (tensor<?xf32>) -> tensor<?xf32>
      "shape.assuming_yield"(%1) : (tensor<?xf32>) -> ()
    }) : (!shape.witness) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.witness, index, f32) -> (index, f32), sym_name = "assuming_multi"}> ({
  ^bb0(%arg0: !shape.witness, %arg1: index, %arg2: f32):
    %0:2 = "shape.assuming"(%arg0) ({
      "shape.assuming_yield"(%arg1, %arg2) : (index, f32) -> ()
    }) : (!shape.witness) -> (index, f32)
    "func.return"(%0#0, %0#1) : (index, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.witness) -> (), sym_name = "assuming_no_results"}> ({
  ^bb0(%arg0: !shape.witness):
    "shape.assuming"(%arg0) ({
      "test.side_effect"() : () -> ()
      "shape.assuming_yield"() : () -> ()
    }) : (!shape.witness) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape, tensor<?xindex>, tensor<3xindex>) -> (!shape.shape, tensor<?xindex>, !shape.shape), sym_name = "broadcast"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>, %arg3: tensor<3xindex>):
    %0 = "shape.broadcast"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.shape
    %1 = "shape.broadcast"(%arg2, %arg3) : (tensor<?xindex>, tensor<3xindex>) -> tensor<?xindex>
    %2 = "shape.broadcast"(%arg0, %arg1, %arg2) : (!shape.shape, !shape.shape, tensor<?xindex>) -> !shape.shape
    "func.return"(%0, %1, %2) : (!shape.shape, tensor<?xindex>, !shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape) -> !shape.shape, sym_name = "broadcast_error"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape):
    %0 = "shape.broadcast"(%arg0, %arg1) <{error = "incompatible shapes"}> : (!shape.shape, !shape.shape) -> !shape.shape
    "func.return"(%0) : (!shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape) -> !shape.shape, sym_name = "concat"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape):
    %0 = "shape.concat"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.shape
    "func.return"(%0) : (!shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (!shape.shape, tensor<3xindex>, !shape.shape, tensor<0xindex>), sym_name = "const_shape"}> ({
    %0 = "shape.const_shape"() <{shape = dense<[2, 3, 4]> : tensor<3xindex>}> : () -> !shape.shape
    %1 = "shape.const_shape"() <{shape = dense<[7, 8, 9]> : tensor<3xindex>}> : () -> tensor<3xindex>
    %2 = "shape.const_shape"() <{shape = dense<> : tensor<0xindex>}> : () -> !shape.shape
    %3 = "shape.const_shape"() <{shape = dense<> : tensor<0xindex>}> : () -> tensor<0xindex>
    "func.return"(%0, %1, %2, %3) : (!shape.shape, tensor<3xindex>, !shape.shape, tensor<0xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (!shape.size, !shape.size, !shape.size), sym_name = "const_size"}> ({
    %0 = "shape.const_size"() <{value = 0 : index}> : () -> !shape.size
    %1 = "shape.const_size"() <{value = 17 : index}> : () -> !shape.size
    %2 = "shape.const_size"() <{value = 17 : index}> : () -> !shape.size
    "func.return"(%0, %1, %2) : (!shape.size, !shape.size, !shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (!shape.witness, !shape.witness), sym_name = "const_witness"}> ({
    %0 = "shape.const_witness"() <{passing = true}> : () -> !shape.witness
    %1 = "shape.const_witness"() <{passing = false}> : () -> !shape.witness
    "func.return"(%0, %1) : (!shape.witness, !shape.witness) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape, tensor<?xindex>) -> (!shape.witness, !shape.witness), sym_name = "cstr_broadcastable"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>):
    %0 = "shape.cstr_broadcastable"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.witness
    %1 = "shape.cstr_broadcastable"(%arg0, %arg1, %arg2) : (!shape.shape, !shape.shape, tensor<?xindex>) -> !shape.witness
    "func.return"(%0, %1) : (!shape.witness, !shape.witness) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) -> (!shape.witness, !shape.witness), sym_name = "cstr_eq"}> ({
  ^bb0(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: tensor<?xindex>):
    %0 = "shape.cstr_eq"(%arg0, %arg1) : (tensor<?xindex>, tensor<?xindex>) -> !shape.witness
    %1 = "shape.cstr_eq"(%arg0, %arg1, %arg2) : (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) -> !shape.witness
    "func.return"(%0, %1) : (!shape.witness, !shape.witness) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> !shape.witness, sym_name = "cstr_require"}> ({
  ^bb0(%arg0: i1):
    %0 = "shape.cstr_require"(%arg0) <{msg = "predicate must hold"}> : (i1) -> !shape.witness
    "func.return"(%0) : (!shape.witness) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.size) -> (!shape.shape, !shape.size), sym_name = "debug_print"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.size):
    %0 = "shape.debug_print"(%arg0) : (!shape.shape) -> !shape.shape
    %1 = "shape.debug_print"(%arg1) : (!shape.size) -> !shape.size
    "func.return"(%0, %1) : (!shape.shape, !shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x?xf32>, index, !shape.size) -> (index, !shape.size), sym_name = "dim"}> ({
  ^bb0(%arg0: tensor<2x?xf32>, %arg1: index, %arg2: !shape.size):
    %0 = "shape.dim"(%arg0, %arg1) : (tensor<2x?xf32>, index) -> index
    %1 = "shape.dim"(%arg0, %arg2) : (tensor<2x?xf32>, !shape.size) -> !shape.size
    "func.return"(%0, %1) : (index, !shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.size, !shape.size, index, index) -> (!shape.size, index), sym_name = "div"}> ({
  ^bb0(%arg0: !shape.size, %arg1: !shape.size, %arg2: index, %arg3: index):
    %0 = "shape.div"(%arg0, %arg1) : (!shape.size, !shape.size) -> !shape.size
    %1 = "shape.div"(%arg2, %arg3) : (index, index) -> index
    "func.return"(%0, %1) : (!shape.size, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xindex>) -> !shape.shape, sym_name = "from_extent_tensor"}> ({
  ^bb0(%arg0: tensor<?xindex>):
    %0 = "shape.from_extent_tensor"(%arg0) : (tensor<?xindex>) -> !shape.shape
    "func.return"(%0) : (!shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index, !shape.size) -> (!shape.shape, !shape.shape, !shape.shape), sym_name = "from_extents"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: !shape.size):
    %0 = "shape.from_extents"(%arg0, %arg1) : (index, index) -> !shape.shape
    %1 = "shape.from_extents"(%arg0, %arg2) : (index, !shape.size) -> !shape.shape
    %2 = "shape.from_extents"(%arg2) : (!shape.size) -> !shape.shape
    "func.return"(%0, %1, %2) : (!shape.shape, !shape.shape, !shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "shape.function_library"() <{mapping = {foo.op = @same_shape}, sym_name = "shape_lib"}> ({
    "shape.func"() <{function_type = (!shape.value_shape) -> !shape.shape, sym_name = "same_shape"}> ({
    ^bb0(%arg0: !shape.value_shape):
      %0 = "shape.shape_of"(%arg0) : (!shape.value_shape) -> !shape.shape
      "shape.return"(%0) : (!shape.shape) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "shape.function_library"() <{mapping = {bar.other = @f1, foo.binary = @f2, foo.unary = @f1}, sym_name = "lib2"}> ({
    "shape.func"() <{function_type = (!shape.value_shape) -> !shape.shape, sym_name = "f1"}> ({
    ^bb0(%arg2: !shape.value_shape):
      %3 = "shape.shape_of"(%arg2) : (!shape.value_shape) -> !shape.shape
      "shape.return"(%3) : (!shape.shape) -> ()
    }) : () -> ()
    "shape.func"() <{function_type = (!shape.value_shape, !shape.value_shape) -> !shape.shape, sym_name = "f2"}> ({
    ^bb0(%arg0: !shape.value_shape, %arg1: !shape.value_shape):
      %0 = "shape.shape_of"(%arg0) : (!shape.value_shape) -> !shape.shape
      %1 = "shape.shape_of"(%arg1) : (!shape.value_shape) -> !shape.shape
      %2 = "shape.broadcast"(%0, %1) : (!shape.shape, !shape.shape) -> !shape.shape
      "shape.return"(%2) : (!shape.shape) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "uses_library"}> ({
  ^bb0(%arg1: tensor<?xf32>):
    "func.return"(%arg1) : (tensor<?xf32>) -> ()
  }) : () -> ()
  "shape.function_library"() <{mapping = {foo.identity = @fn}, sym_name = "sl"}> ({
    "shape.func"() <{function_type = (!shape.value_shape) -> !shape.shape, sym_name = "fn"}> ({
    ^bb0(%arg0: !shape.value_shape):
      %0 = "shape.shape_of"(%arg0) : (!shape.value_shape) -> !shape.shape
      "shape.return"(%0) : (!shape.shape) -> ()
    }) : () -> ()
  }) : () -> ()
}) {shape.lib = @sl} : () -> ()

// -----
"builtin.module"() ({
  "shape.func"() <{function_type = (!shape.shape, !shape.shape) -> (!shape.shape, !shape.witness), sym_name = "standalone_shape_func"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape):
    %0 = "shape.broadcast"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.shape
    %1 = "shape.cstr_broadcastable"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.witness
    "shape.return"(%0, %1) : (!shape.shape, !shape.witness) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "shape.func"() <{function_type = (!shape.shape) -> !shape.size, sym_name = "shape_func_decl", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "shape.func"() <{arg_attrs = [{foo.arg}], function_type = (index) -> index, res_attrs = [{foo.res}], sym_name = "shape_func_attrs"}> ({
  ^bb0(%arg0: index):
    "shape.return"(%arg0) : (index) -> ()
  }) {foo.attr = 1 : i64} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "shape.func"() <{function_type = () -> (), sym_name = "shape_func_no_result"}> ({
    "shape.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.size, tensor<?xindex>, index) -> (!shape.size, index), sym_name = "get_extent"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.size, %arg2: tensor<?xindex>, %arg3: index):
    %0 = "shape.get_extent"(%arg0, %arg1) : (!shape.shape, !shape.size) -> !shape.size
    %1 = "shape.get_extent"(%arg2, %arg3) : (tensor<?xindex>, index) -> index
    "func.return"(%0, %1) : (!shape.size, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> !shape.size, sym_name = "index_to_size"}> ({
  ^bb0(%arg0: index):
    %0 = "shape.index_to_size"(%arg0) : (index) -> !shape.size
    "func.return"(%0) : (!shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape, tensor<?xindex>) -> (i1, i1), sym_name = "is_broadcastable"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>):
    %0 = "shape.is_broadcastable"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> i1
    %1 = "shape.is_broadcastable"(%arg0, %arg1, %arg2) : (!shape.shape, !shape.shape, tensor<?xindex>) -> i1
    "func.return"(%0, %1) : (i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.size, !shape.size, !shape.shape, !shape.shape) -> (!shape.size, !shape.size, !shape.shape), sym_name = "max_min"}> ({
  ^bb0(%arg0: !shape.size, %arg1: !shape.size, %arg2: !shape.shape, %arg3: !shape.shape):
    %0 = "shape.max"(%arg0, %arg1) : (!shape.size, !shape.size) -> !shape.size
    %1 = "shape.min"(%arg0, %arg1) : (!shape.size, !shape.size) -> !shape.size
    %2 = "shape.max"(%arg2, %arg3) : (!shape.shape, !shape.shape) -> !shape.shape
    "func.return"(%0, %1, %2) : (!shape.size, !shape.size, !shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape) -> !shape.shape, sym_name = "meet"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape):
    %0 = "shape.meet"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> !shape.shape
    "func.return"(%0) : (!shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.size, !shape.size) -> !shape.size, sym_name = "meet_error"}> ({
  ^bb0(%arg0: !shape.size, %arg1: !shape.size):
    %0 = "shape.meet"(%arg0, %arg1) <{error = "sizes must agree"}> : (!shape.size, !shape.size) -> !shape.size
    "func.return"(%0) : (!shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> index, sym_name = "meet_index"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "shape.meet"(%arg0, %arg1) : (index, index) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape) -> !shape.shape, sym_name = "meet_generic"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape):
    %0 = "shape.meet"(%arg0, %arg1) <{error = "from generic"}> : (!shape.shape, !shape.shape) -> !shape.shape
    "func.return"(%0) : (!shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.size, !shape.size, index) -> (!shape.size, index, !shape.size), sym_name = "mul"}> ({
  ^bb0(%arg0: !shape.size, %arg1: !shape.size, %arg2: index):
    %0 = "shape.mul"(%arg0, %arg1) : (!shape.size, !shape.size) -> !shape.size
    %1 = "shape.mul"(%arg2, %arg2) : (index, index) -> index
    %2 = "shape.mul"(%arg2, %arg0) : (index, !shape.size) -> !shape.size
    "func.return"(%0, %1, %2) : (!shape.size, index, !shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, tensor<?xindex>) -> (!shape.size, index), sym_name = "num_elements"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: tensor<?xindex>):
    %0 = "shape.num_elements"(%arg0) : (!shape.shape) -> !shape.size
    %1 = "shape.num_elements"(%arg1) : (tensor<?xindex>) -> index
    "func.return"(%0, %1) : (!shape.size, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, tensor<?xindex>) -> (!shape.size, index), sym_name = "rank"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: tensor<?xindex>):
    %0 = "shape.rank"(%arg0) : (!shape.shape) -> !shape.size
    %1 = "shape.rank"(%arg1) : (tensor<?xindex>) -> index
    "func.return"(%0, %1) : (!shape.size, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape) -> !shape.size, sym_name = "reduce_size"}> ({
  ^bb0(%arg0: !shape.shape):
    %0 = "shape.const_size"() <{value = 1 : index}> : () -> !shape.size
    %1 = "shape.reduce"(%arg0, %0) ({
    ^bb0(%arg1: index, %arg2: !shape.size, %arg3: !shape.size):
      %2 = "shape.mul"(%arg3, %arg2) : (!shape.size, !shape.size) -> !shape.size
      "shape.yield"(%2) : (!shape.size) -> ()
    }) : (!shape.shape, !shape.size) -> !shape.size
    "func.return"(%1) : (!shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xindex>) -> (index, index), sym_name = "reduce_index"}> ({
  ^bb0(%arg0: tensor<?xindex>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1:2 = "shape.reduce"(%arg0, %0, %0) ({
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      %2 = "arith.addi"(%arg3, %arg2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %3 = "arith.maxui"(%arg4, %arg2) : (index, index) -> index
      "shape.yield"(%2, %3) : (index, index) -> ()
    }) : (tensor<?xindex>, index, index) -> (index, index)
    "func.return"(%1#0, %1#1) : (index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.shape, tensor<?xindex>) -> (i1, i1), sym_name = "shape_eq"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.shape, %arg2: tensor<?xindex>):
    %0 = "shape.shape_eq"(%arg0, %arg1) : (!shape.shape, !shape.shape) -> i1
    %1 = "shape.shape_eq"(%arg0, %arg1, %arg2) : (!shape.shape, !shape.shape, tensor<?xindex>) -> i1
    "func.return"(%0, %1) : (i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, !shape.value_shape, tensor<*xi8>) -> (tensor<2xindex>, !shape.shape, tensor<?xindex>), sym_name = "shape_of"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: !shape.value_shape, %arg2: tensor<*xi8>):
    %0 = "shape.shape_of"(%arg0) : (tensor<?x4xf32>) -> tensor<2xindex>
    %1 = "shape.shape_of"(%arg1) : (!shape.value_shape) -> !shape.shape
    %2 = "shape.shape_of"(%arg2) : (tensor<*xi8>) -> tensor<?xindex>
    "func.return"(%0, %1, %2) : (tensor<2xindex>, !shape.shape, tensor<?xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.size, index) -> (index, index), sym_name = "size_to_index"}> ({
  ^bb0(%arg0: !shape.size, %arg1: index):
    %0 = "shape.size_to_index"(%arg0) : (!shape.size) -> index
    %1 = "shape.size_to_index"(%arg1) : (index) -> index
    "func.return"(%0, %1) : (index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.size, tensor<?xindex>, index) -> (!shape.shape, !shape.shape, tensor<?xindex>, tensor<?xindex>), sym_name = "split_at"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.size, %arg2: tensor<?xindex>, %arg3: index):
    %0:2 = "shape.split_at"(%arg0, %arg1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %1:2 = "shape.split_at"(%arg2, %arg3) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    "func.return"(%0#0, %0#1, %1#0, %1#1) : (!shape.shape, !shape.shape, tensor<?xindex>, tensor<?xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, tensor<3xindex>) -> (tensor<?xindex>, tensor<3xindex>), sym_name = "to_extent_tensor"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: tensor<3xindex>):
    %0 = "shape.to_extent_tensor"(%arg0) : (!shape.shape) -> tensor<?xindex>
    %1 = "shape.to_extent_tensor"(%arg1) : (tensor<3xindex>) -> tensor<3xindex>
    "func.return"(%0, %1) : (tensor<?xindex>, tensor<3xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xindex>, tensor<?xi32>) -> (!shape.shape, !shape.shape), sym_name = "value_as_shape"}> ({
  ^bb0(%arg0: tensor<3xindex>, %arg1: tensor<?xi32>):
    %0 = "shape.value_as_shape"(%arg0) : (tensor<3xindex>) -> !shape.shape
    %1 = "shape.value_as_shape"(%arg1) : (tensor<?xi32>) -> !shape.shape
    "func.return"(%0, %1) : (!shape.shape, !shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.value_shape) -> tensor<?xf32>, sym_name = "value_of"}> ({
  ^bb0(%arg0: !shape.value_shape):
    %0 = "shape.value_of"(%arg0) : (!shape.value_shape) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.value_shape, !shape.shape, tensor<?x?xf32>, tensor<2xindex>) -> (!shape.value_shape, !shape.value_shape), sym_name = "with_shape"}> ({
  ^bb0(%arg0: !shape.value_shape, %arg1: !shape.shape, %arg2: tensor<?x?xf32>, %arg3: tensor<2xindex>):
    %0 = "shape.with_shape"(%arg0, %arg1) : (!shape.value_shape, !shape.shape) -> !shape.value_shape
    %1 = "shape.with_shape"(%arg2, %arg3) : (tensor<?x?xf32>, tensor<2xindex>) -> !shape.value_shape
    "func.return"(%0, %1) : (!shape.value_shape, !shape.value_shape) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xindex>, tensor<?xindex>, i1, tensor<?xf32>) -> tensor<?xindex>, sym_name = "witness_flow"}> ({
  ^bb0(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: i1, %arg3: tensor<?xf32>):
    %0 = "shape.cstr_broadcastable"(%arg0, %arg1) : (tensor<?xindex>, tensor<?xindex>) -> !shape.witness
    %1 = "shape.cstr_eq"(%arg0, %arg1) : (tensor<?xindex>, tensor<?xindex>) -> !shape.witness
    %2 = "shape.cstr_require"(%arg2) <{msg = "p"}> : (i1) -> !shape.witness
    %3 = "shape.const_witness"() <{passing = true}> : () -> !shape.witness
    %4 = "shape.assuming_all"(%0, %1, %2, %3) : (!shape.witness, !shape.witness, !shape.witness, !shape.witness) -> !shape.witness
    %5 = "shape.assuming"(%4) ({
      %6 = "shape.broadcast"(%arg0, %arg1) : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
      "shape.assuming_yield"(%6) : (tensor<?xindex>) -> ()
    }) : (!shape.witness) -> tensor<?xindex>
    "func.return"(%5) : (tensor<?xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape, !shape.size, !shape.value_shape, !shape.witness) -> (), sym_name = "shape_types"}> ({
  ^bb0(%arg0: !shape.shape, %arg1: !shape.size, %arg2: !shape.value_shape, %arg3: !shape.witness):
    "test.use"(%arg0, %arg1, %arg2, %arg3) : (!shape.shape, !shape.size, !shape.value_shape, !shape.witness) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (!shape.shape, !shape.size, !shape.witness, index), sym_name = "shape_names"}> ({
    %0 = "shape.const_shape"() <{shape = dense<1> : tensor<1xindex>}> : () -> !shape.shape
    %1 = "shape.const_size"() <{value = 3 : index}> : () -> !shape.size
    %2 = "shape.const_witness"() <{passing = true}> : () -> !shape.witness
    %3 = "shape.const_shape"() <{shape = dense<1> : tensor<1xindex>}> : () -> !shape.shape
    %4 = "shape.const_size"() <{value = 3 : index}> : () -> !shape.size
    %5 = "shape.const_witness"() <{passing = true}> : () -> !shape.witness
    %6 = "shape.const_size"() <{value = 4 : index}> : () -> !shape.size
    %7 = "shape.size_to_index"(%6) : (!shape.size) -> index
    "test.use"(%3, %4, %5) : (!shape.shape, !shape.size, !shape.witness) -> ()
    "func.return"(%0, %1, %2, %7) : (!shape.shape, !shape.size, !shape.witness, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape) -> !shape.size, sym_name = "shape_attrs_on_ops"}> ({
  ^bb0(%arg0: !shape.shape):
    %0 = "shape.rank"(%arg0) {foo.tag} : (!shape.shape) -> !shape.size
    "func.return"(%0) : (!shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.witness, !shape.witness, index) -> index, sym_name = "nested_assuming"}> ({
  ^bb0(%arg0: !shape.witness, %arg1: !shape.witness, %arg2: index):
    %0 = "shape.assuming"(%arg0) ({
      %1 = "shape.assuming"(%arg1) ({
        %2 = "arith.constant"() <{value = 1 : index}> : () -> index
        %3 = "arith.addi"(%arg2, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        "shape.assuming_yield"(%3) : (index) -> ()
      }) : (!shape.witness) -> index
      "shape.assuming_yield"(%1) : (index) -> ()
    }) : (!shape.witness) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (!shape.shape, tensor<2xindex>), sym_name = "const_shape_attrs"}> ({
    %0 = "shape.const_shape"() <{shape = dense<[1, 2]> : tensor<2xindex>}> {foo = 1 : i64} : () -> !shape.shape
    %1 = "shape.const_shape"() <{shape = dense<5> : tensor<2xindex>}> : () -> tensor<2xindex>
    "func.return"(%0, %1) : (!shape.shape, tensor<2xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.witness) -> index, sym_name = "assuming_attrs"}> ({
  ^bb0(%arg0: !shape.witness):
    %0 = "shape.assuming"(%arg0) ({
      %1 = "arith.constant"() <{value = 1 : index}> : () -> index
      "shape.assuming_yield"(%1) : (index) -> ()
    }) {foo} : (!shape.witness) -> index
    "shape.assuming"(%arg0) ({
      "shape.assuming_yield"() : () -> ()
    }) {bar} : (!shape.witness) -> ()
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!shape.shape) -> !shape.size, sym_name = "reduce_attrs"}> ({
  ^bb0(%arg0: !shape.shape):
    %0 = "shape.const_size"() <{value = -3 : index}> : () -> !shape.size
    %1 = "shape.reduce"(%arg0, %0) ({
    ^bb0(%arg1: index, %arg2: !shape.size, %arg3: !shape.size):
      "shape.yield"(%arg3) : (!shape.size) -> ()
    }) {qux} : (!shape.shape, !shape.size) -> !shape.size
    "func.return"(%1) : (!shape.size) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "shape.function_library"() <{mapping = {bar = 3 : i64, baz = "s", foo = @d}, sym_name = "lib"}> ({
    "shape.func"() <{function_type = (!shape.value_shape) -> !shape.shape, sym_name = "d", sym_visibility = "private"}> ({
    }) : () -> ()
    "shape.func"() <{function_type = (!shape.shape) -> (), sym_name = "e", sym_visibility = "nested"}> ({
    ^bb0(%arg0: !shape.shape):
      "shape.return"() : () -> ()
    }) {foo} : () -> ()
    "test.op"() : () -> ()
  }) {x = 1 : i64} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xindex>, tensor<?xindex>, !shape.shape) -> (tensor<3xindex>, !shape.shape), sym_name = "meet_extent_tensors"}> ({
  ^bb0(%arg0: tensor<3xindex>, %arg1: tensor<?xindex>, %arg2: !shape.shape):
    %0 = "shape.meet"(%arg0, %arg1) <{error = "x"}> : (tensor<3xindex>, tensor<?xindex>) -> tensor<3xindex>
    %1 = "shape.meet"(%arg2, %arg1) {foo} : (!shape.shape, tensor<?xindex>) -> !shape.shape
    "func.return"(%0, %1) : (tensor<3xindex>, !shape.shape) -> ()
  }) : () -> ()
}) : () -> ()

