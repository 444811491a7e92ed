// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = (index, index, index) -> (), sym_name = "for_simple"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index):
    "scf.for"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: index):
      "test.use"(%arg3) : (index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> f32, sym_name = "for_iter_args"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %3 = "scf.for"(%0, %arg0, %1, %2) ({
    ^bb0(%arg1: index, %arg2: f32):
      %4 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %5 = "arith.addf"(%arg2, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%5) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "func.return"(%3) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, i32, f64) -> (i32, f64), sym_name = "for_multi_iter"}> ({
  ^bb0(%arg0: index, %arg1: i32, %arg2: f64):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 2 : index}> : () -> index
    %2:2 = "scf.for"(%0, %arg0, %1, %arg1, %arg2) ({
    ^bb0(%arg3: index, %arg4: i32, %arg5: f64):
      "scf.yield"(%arg4, %arg5) : (i32, f64) -> ()
    }) : (index, index, index, i32, f64) -> (i32, f64)
    "func.return"(%2#0, %2#1) : (i32, f64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, i32) -> (), sym_name = "for_i32"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "scf.for"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: i32):
      "test.use"(%arg3) : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index, index) -> (), sym_name = "for_unsigned"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index):
    "scf.for"(%arg0, %arg1, %arg2) <{unsignedCmp}> ({
    ^bb0(%arg3: index):
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "nested_for"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.for"(%0, %arg0, %1) ({
    ^bb0(%arg1: index):
      "scf.for"(%0, %arg0, %1) ({
      ^bb0(%arg2: index):
        %4 = "arith.addi"(%arg1, %arg2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        "test.use"(%4) : (index) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      %3 = "arith.muli"(%arg1, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "test.use"(%3) : (index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %2 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "if_no_result"}> ({
  ^bb0(%arg0: i1):
    "scf.if"(%arg0) ({
      "test.op"() : () -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "if_else_no_result"}> ({
  ^bb0(%arg0: i1):
    "scf.if"(%arg0) ({
      "test.then"() : () -> ()
      "scf.yield"() : () -> ()
    }, {
      "test.else"() : () -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "if_results"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    %0 = "scf.if"(%arg0) ({
      "scf.yield"(%arg1) : (i32) -> ()
    }, {
      "scf.yield"(%arg2) : (i32) -> ()
    }) : (i1) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, f32) -> (i32, f32), sym_name = "if_multi_results"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: f32):
    %0:2 = "scf.if"(%arg0) ({
      %2 = "arith.addi"(%arg1, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%2, %arg2) : (i32, f32) -> ()
    }, {
      %1 = "arith.muli"(%arg1, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%1, %arg2) : (i32, f32) -> ()
    }) : (i1) -> (i32, f32)
    "func.return"(%0#0, %0#1) : (i32, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> i32, sym_name = "if_numbering"}> ({
  ^bb0(%arg0: i1, %arg1: i32):
    %0 = "arith.addi"(%arg1, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "scf.if"(%arg0) ({
      %4 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %5 = "arith.addi"(%4, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%5) : (i32) -> ()
    }, {
      %3 = "arith.muli"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%3) : (i32) -> ()
    }) : (i1) -> i32
    %2 = "arith.subi"(%1, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> index, sym_name = "if_const_names"}> ({
  ^bb0(%arg0: i1):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "scf.if"(%arg0) ({
      %4 = "arith.constant"() <{value = 1 : index}> : () -> index
      %5 = "arith.constant"() <{value = 2 : index}> : () -> index
      "scf.yield"(%4) : (index) -> ()
    }, {
      %3 = "arith.constant"() <{value = 1 : index}> : () -> index
      "scf.yield"(%3) : (index) -> ()
    }) : (i1) -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    "func.return"(%1) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "while_loop"}> ({
  ^bb0(%arg0: i32):
    %0 = "scf.while"(%arg0) ({
    ^bb0(%arg2: i32):
      %2 = "test.cond"(%arg2) : (i32) -> i1
      "scf.condition"(%2, %arg2) : (i1, i32) -> ()
    }, {
    ^bb0(%arg1: i32):
      %1 = "test.next"(%arg1) : (i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> (i64, f32), sym_name = "while_multi"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0:2 = "scf.while"(%arg0, %arg1) ({
    ^bb0(%arg4: i32, %arg5: f32):
      %2 = "test.cond"(%arg4) : (i32) -> i1
      %3 = "arith.extsi"(%arg4) : (i32) -> i64
      "scf.condition"(%2, %3, %arg5) : (i1, i64, f32) -> ()
    }, {
    ^bb0(%arg2: i64, %arg3: f32):
      %1 = "arith.trunci"(%arg2) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
      "scf.yield"(%1, %arg3) : (i32, f32) -> ()
    }) : (i32, f32) -> (i64, f32)
    "func.return"(%0#0, %0#1) : (i64, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "while_no_args"}> ({
    "scf.while"() ({
      %0 = "test.cond"() : () -> i1
      "scf.condition"(%0) : (i1) -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "forall_basic"}> ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
    ^bb0(%arg1: index, %arg2: tensor<8xf32>):
      %1 = "tensor.extract_slice"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>, index) -> tensor<1xf32>
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%1, %arg2, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<1xf32>, tensor<8xf32>, index) -> ()
      }) : () -> ()
    }) : (tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%0) : (tensor<8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "forall_no_outs"}> ({
  ^bb0(%arg0: index):
    "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: -9223372036854775808, 4>}> ({
    ^bb0(%arg1: index, %arg2: index):
      "test.use"(%arg1, %arg2) : (index, index) -> ()
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : (index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> (), sym_name = "forall_bounds"}> ({
  ^bb0(%arg0: index, %arg1: index):
    "scf.forall"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, staticLowerBound = array<i64: -9223372036854775808>, staticStep = array<i64: 2>, staticUpperBound = array<i64: -9223372036854775808>}> ({
    ^bb0(%arg2: index):
      "test.use"(%arg2) : (index) -> ()
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : (index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> i32, sym_name = "execute_region"}> ({
    %0 = "scf.execute_region"() ({
      %1 = "arith.constant"() <{value = 3 : i32}> : () -> i32
      "scf.yield"(%1) : (i32) -> ()
    }) : () -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> i32, sym_name = "execute_region_multi_block"}> ({
  ^bb0(%arg0: i1):
    %0 = "scf.execute_region"() ({
      "cf.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
    ^bb1:  // pred: ^bb0
      %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "scf.yield"(%1) : (i32) -> ()
    ^bb2:  // pred: ^bb0
      %2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      "scf.yield"(%2) : (i32) -> ()
    }) : () -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "parallel"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.parallel"(%0, %0, %arg0, %arg0, %1, %1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
    ^bb0(%arg1: index, %arg2: index):
      "test.use"(%arg1, %arg2) : (index, index) -> ()
      "scf.reduce"() : () -> ()
    }) : (index, index, index, index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> i32, sym_name = "index_switch"}> ({
  ^bb0(%arg0: index):
    %0 = "scf.index_switch"(%arg0) <{cases = array<i64: 2, 5>}> ({
      %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      "scf.yield"(%3) : (i32) -> ()
    }, {
      %2 = "arith.constant"() <{value = 10 : i32}> : () -> i32
      "scf.yield"(%2) : (i32) -> ()
    }, {
      %1 = "arith.constant"() <{value = 20 : i32}> : () -> i32
      "scf.yield"(%1) : (i32) -> ()
    }) : (index) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> (), sym_name = "nested_arg_numbering"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.for"(%arg0, %arg1, %0) ({
    ^bb0(%arg3: index):
      "scf.for"(%arg0, %arg1, %0) ({
      ^bb0(%arg5: index):
        "test.use"(%arg3, %arg5) : (index, index) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.for"(%arg0, %arg1, %0) ({
      ^bb0(%arg4: index):
        "test.use"(%arg4) : (index) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%arg0, %arg1, %0) ({
    ^bb0(%arg2: index):
      "test.use"(%arg2) : (index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, i1) -> i32, sym_name = "if_inside_for"}> ({
  ^bb0(%arg0: index, %arg1: i1):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %3 = "scf.for"(%0, %arg0, %1, %2) ({
    ^bb0(%arg2: index, %arg3: i32):
      %4 = "scf.if"(%arg1) ({
        %5 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        %6 = "arith.addi"(%arg3, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "scf.yield"(%6) : (i32) -> ()
      }, {
        "scf.yield"(%arg3) : (i32) -> ()
      }) : (i1) -> i32
      "scf.yield"(%4) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    "func.return"(%3) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "for_yield_empty"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.for"(%0, %arg0, %1) ({
    ^bb0(%arg1: index):
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>, index) -> tensor<?xf32>, sym_name = "for_tensor_iter"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "scf.for"(%0, %arg1, %1, %arg0) ({
    ^bb0(%arg2: index, %arg3: tensor<?xf32>):
      %3 = "tensor.extract"(%arg3, %arg2) : (tensor<?xf32>, index) -> f32
      %4 = "tensor.insert"(%3, %arg3, %0) : (f32, tensor<?xf32>, index) -> tensor<?xf32>
      "scf.yield"(%4) : (tensor<?xf32>) -> ()
    }) : (index, index, index, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%2) : (tensor<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "if_with_attrs"}> ({
  ^bb0(%arg0: i1):
    "scf.if"(%arg0) ({
      "scf.yield"() : () -> ()
    }, {
    }) {some.attr = 1 : i64} : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, f32) -> f32, sym_name = "parallel_reduce"}> ({
  ^bb0(%arg0: index, %arg1: f32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "scf.parallel"(%0, %arg0, %1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
    ^bb0(%arg2: index):
      %3 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      "scf.reduce"(%3) ({
      ^bb0(%arg3: f32, %arg4: f32):
        %4 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.reduce.return"(%4) : (f32) -> ()
      }) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "func.return"(%2) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i1, f32) -> i32, sym_name = "for_i32_iter_args"}> ({
  ^bb0(%arg0: i32, %arg1: i1, %arg2: f32):
    %0 = "scf.for"(%arg0, %arg0, %arg0, %arg0) ({
    ^bb0(%arg3: i32, %arg4: i32):
      "scf.yield"(%arg4) : (i32) -> ()
    }) {tag} : (i32, i32, i32, i32) -> i32
    %1:2 = "scf.if"(%arg1) ({
      "scf.yield"(%arg0, %arg2) : (i32, f32) -> ()
    }, {
      "scf.yield"(%arg0, %arg2) : (i32, f32) -> ()
    }) {w} : (i1) -> (i32, f32)
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "misc_forms"}> ({
  ^bb0(%arg0: i1):
    %0 = "scf.execute_region"() <{no_inline}> ({
      %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "scf.yield"(%1) : (i32) -> ()
    }) {foo} : () -> i32
    "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
    ^bb0(%arg2: index):
      "test.x"() : () -> ()
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) {foo.mapping} : () -> ()
    "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 1>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
    ^bb0(%arg1: index):
      "test.x"() : () -> ()
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : () -> ()
    "scf.while"() ({
      "scf.condition"(%arg0) : (i1) -> ()
    }, {
      "scf.yield"() : () -> ()
    }) {x} : () -> ()
    "scf.if"(%arg0) ({
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

