// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "assert_op"}> ({
  ^bb0(%arg0: i1):
    "cf.assert"(%arg0) <{msg = "must hold"}> : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "assert_escapes"}> ({
  ^bb0(%arg0: i1):
    "cf.assert"(%arg0) <{msg = "quote \22 backslash \\ newline \0A tab \09 end"}> : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "br_simple"}> ({
    "cf.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "br_args"}> ({
  ^bb0(%arg0: i32):
    "cf.br"(%arg0)[^bb1] : (i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> f32, sym_name = "br_multi_args"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    "cf.br"(%arg0, %arg1)[^bb1] : (i32, f32) -> ()
  ^bb1(%0: i32, %1: f32):  // pred: ^bb0
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "cond_br_plain"}> ({
  ^bb0(%arg0: i1):
    "cf.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "func.return"() : () -> ()
  ^bb2:  // pred: ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "cond_br_args"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    "cf.cond_br"(%arg0, %arg1, %arg2, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i32, i32, i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    "func.return"(%0) : (i32) -> ()
  ^bb2(%1: i32, %2: i32):  // pred: ^bb0
    %3 = "arith.addi"(%1, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%3) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "cond_br_weights"}> ({
  ^bb0(%arg0: i1):
    "cf.cond_br"(%arg0)[^bb1, ^bb2] <{branch_weights = array<i32: 3, 7>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "func.return"() : () -> ()
  ^bb2:  // pred: ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> index, sym_name = "loop"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "cf.br"(%0)[^bb1] : (index) -> ()
  ^bb1(%2: index):  // 2 preds: ^bb0, ^bb2
    %3 = "arith.cmpi"(%2, %arg0) <{predicate = 2 : i64}> : (index, index) -> i1
    "cf.cond_br"(%3)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %4 = "arith.addi"(%2, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "cf.br"(%4)[^bb1] : (index) -> ()
  ^bb3:  // pred: ^bb1
    "func.return"(%2) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "block_arg_numbering"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%0, %0)[^bb1] : (i32, i32) -> ()
  ^bb1(%1: i32, %2: i32):  // pred: ^bb0
    %3 = "arith.muli"(%1, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%3)[^bb2] : (i32) -> ()
  ^bb2(%4: i32):  // pred: ^bb1
    %5 = "arith.subi"(%4, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%5) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> f32, sym_name = "switch_op"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    "cf.switch"(%arg0, %arg1, %arg1)[^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 0, 1>, case_values = dense<[42, 7]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, f32, f32) -> ()
  ^bb1(%0: f32):  // pred: ^bb0
    "func.return"(%0) : (f32) -> ()
  ^bb2:  // pred: ^bb0
    "func.return"(%arg1) : (f32) -> ()
  ^bb3(%1: f32):  // pred: ^bb0
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i64) -> (), sym_name = "switch_default_only"}> ({
  ^bb0(%arg0: i64):
    "cf.switch"(%arg0)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
  ^bb1:  // pred: ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "unreachable_block_order"}> ({
    "cf.br"()[^bb2] : () -> ()
  ^bb1:  // pred: ^bb2
    "func.return"() : () -> ()
  ^bb2:  // pred: ^bb0
    "cf.br"()[^bb1] : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "many_blocks"}> ({
  ^bb0(%arg0: i1):
    "cf.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "cf.cond_br"(%arg0)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    "cf.br"()[^bb4] : () -> ()
  ^bb4:  // 2 preds: ^bb2, ^bb3
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "same_dest"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    "cf.cond_br"(%arg0, %arg1, %arg2)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> i32, sym_name = "generic_cf"}> ({
  ^bb0(%arg0: i1, %arg1: i32):
    "cf.cond_br"(%arg0, %arg1, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    "cf.br"(%0)[^bb2] : (i32) -> ()
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> i32, sym_name = "const_in_blocks"}> ({
  ^bb0(%arg0: i1):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "cf.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %2 = "arith.addi"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  ^bb2:  // pred: ^bb0
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "func.return"(%3) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "unregistered_terminator"}> ({
  ^bb0(%arg0: i32):
    "foo.branch"(%arg0)[^bb1, ^bb2] : (i32) -> ()
  ^bb1:  // pred: ^bb0
    "func.return"() : () -> ()
  ^bb2:  // pred: ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dead_block"}> ({
    "func.return"() : () -> ()
  ^bb1:  // no predecessors
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "dead_block_args"}> ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  ^bb1(%0: i32, %1: i32):  // no predecessors
    %2 = "arith.addi"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i8, i32) -> (), sym_name = "switch_unsigned_print"}> ({
  ^bb0(%arg0: i8, %arg1: i32):
    "cf.switch"(%arg0, %arg1)[^bb2, ^bb1, ^bb3] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[-1, -56]> : vector<2xi8>, operandSegmentSizes = array<i32: 1, 0, 1>}> {sw} : (i8, i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    "cf.br"()[^bb2] {br} : () -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "cf.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb0, ^bb2
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> (), sym_name = "cond_br_attrs"}> ({
  ^bb0(%arg0: i1, %arg1: i32):
    "cf.assert"(%arg0) <{msg = "x"}> {as} : (i1) -> ()
    "cf.cond_br"(%arg0, %arg1)[^bb1, ^bb2] <{branch_weights = array<i32: 1, 2>, operandSegmentSizes = array<i32: 1, 1, 0>}> {cc} : (i1, i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    "func.return"() : () -> ()
  ^bb2:  // pred: ^bb0
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

