// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "decl_noargs", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (i1, i32), sym_name = "decl_multi", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "nested_vis", sym_visibility = "nested"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "public_vis", sym_visibility = "public"}> ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{foo.bar = 1 : i64}, {foo.unit}], function_type = (i32, f32) -> i32, res_attrs = [{res.attr = "r"}], sym_name = "arg_attrs"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{foo.x}, {}], function_type = (i32, f32) -> f32, res_attrs = [{foo.y = 2 : i32}], sym_name = "decl_arg_attrs", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, f64) -> (i32, f64, i32), sym_name = "multi_results"}> ({
  ^bb0(%arg0: i32, %arg1: f64):
    "func.return"(%arg0, %arg1, %arg0) : (i32, f64, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "callee"}> ({
  ^bb0(%arg1: i32):
    "func.return"(%arg1, %arg1) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "caller"}> ({
  ^bb0(%arg0: i32):
    %0:2 = "func.call"(%arg0) <{callee = @callee}> : (i32) -> (i32, i32)
    %1:2 = "func.call"(%0#1) <{callee = @callee}> : (i32) -> (i32, i32)
    %2:2 = "func.call"(%1#0) <{callee = @callee}> : (i32) -> (i32, i32)
    "func.return"(%0#0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "ext", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (), sym_name = "call_noresult"}> ({
  ^bb0(%arg0: i32):
    "func.call"(%arg0) <{callee = @ext}> : (i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "fattrs"}> ({
    "func.return"() : () -> ()
  }) {llvm.emit_c_interface, my.attr = 3 : i32} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "decl_attrs", sym_visibility = "private"}> ({
  }) {my.flag} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = ((i32) -> i64, i32) -> i64, sym_name = "call_indirect"}> ({
  ^bb0(%arg0: (i32) -> i64, %arg1: i32):
    %0 = "func.call_indirect"(%arg0, %arg1) : ((i32) -> i64, i32) -> i64
    "func.return"(%0) : (i64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "target", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> ((f32) -> f32), sym_name = "constant_func"}> ({
    %0 = "func.constant"() <{value = @target}> : () -> ((f32) -> f32)
    "func.return"(%0) : ((f32) -> f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (() -> (), (i32, i32) -> (i1, i1), (index) -> ((i32) -> i32)) -> (), sym_name = "func_type_args"}> ({
  ^bb0(%arg0: () -> (), %arg1: (i32, i32) -> (i1, i1), %arg2: (index) -> ((i32) -> i32)):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) -> i8, sym_name = "many_args"}> ({
  ^bb0(%arg0: i8, %arg1: i8, %arg2: i8, %arg3: i8, %arg4: i8, %arg5: i8, %arg6: i8, %arg7: i8, %arg8: i8, %arg9: i8, %arg10: i8, %arg11: i8):
    "func.return"(%arg11) : (i8) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<?xf32>, memref<4xi8>), sym_name = "no_arg_names_result_types"}> ({
    %0 = "test.source"() : () -> tensor<?xf32>
    %1 = "test.source"() : () -> memref<4xi8>
    "func.return"(%0, %1) : (tensor<?xf32>, memref<4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, res_attrs = [{a.b}], sym_name = "result_named_on_single"}> ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{a.x}], function_type = (i32) -> i64, res_attrs = [{b.y}], sym_name = "decl_with_all", sym_visibility = "private"}> ({
  }) {c.z} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> index, sym_name = "recursive"}> ({
  ^bb0(%arg0: index):
    %0 = "func.call"(%arg0) <{callee = @recursive}> : (index) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "sym_names_quoted"}> ({
    "func.call"() <{callee = @"weird name"}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "weird name", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "0digit"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "with.dots_and$dollar"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "two_funcs_a"}> ({
  ^bb0(%arg1: i32):
    %2 = "test.op"(%arg1) : (i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "two_funcs_b"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.op"(%arg0) : (i32) -> i32
    %1 = "test.op"(%0) : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> i32, sym_name = "multi_block"}> ({
  ^bb0(%arg0: i1):
    "cf.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "func.return"(%0) : (i32) -> ()
  ^bb2:  // pred: ^bb0
    %1 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{foo.align = 16 : i64, foo.noalias}], function_type = (memref<?xf32>) -> (), sym_name = "arg_attr_dict_multiple"}> ({
  ^bb0(%arg0: memref<?xf32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, i32, i32), res_attrs = [{foo.a}, {}, {foo.b = 1 : i64}], sym_name = "res_attrs_multi"}> ({
    %0 = "test.src"() : () -> i32
    "func.return"(%0, %0, %0) : (i32, i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

