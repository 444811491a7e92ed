// test: roundtrip
module {
  func.func @empty() {
    return
  }
}

// -----
module {
  func.func private @decl(i32, f32) -> i64
}

// -----
module {
  func.func private @decl_noargs()
  func.func private @decl_multi(index) -> (i1, i32)
}

// -----
module {
  func.func nested @nested_vis() {
    return
  }
}

// -----
module {
  func.func public @public_vis(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}

// -----
module {
  func.func @arg_attrs(%arg0: i32 {foo.bar = 1 : i64}, %arg1: f32 {foo.unit}) -> (i32 {res.attr = "r"}) {
    return %arg0 : i32
  }
}

// -----
module {
  func.func private @decl_arg_attrs(i32 {foo.x}, f32) -> (f32 {foo.y = 2 : i32})
}

// -----
module {
  func.func @multi_results(%arg0: i32, %arg1: f64) -> (i32, f64, i32) {
    return %arg0, %arg1, %arg0 : i32, f64, i32
  }
}

// -----
module {
  func.func @callee(%arg0: i32) -> (i32, i32) {
    return %arg0, %arg0 : i32, i32
  }
  func.func @caller(%arg0: i32) -> i32 {
    %0:2 = call @callee(%arg0) : (i32) -> (i32, i32)
    %1:2 = call @callee(%0#1) : (i32) -> (i32, i32)
    %2:2 = call @callee(%1#0) : (i32) -> (i32, i32)
    return %0#0 : i32
  }
}

// -----
module {
  func.func private @ext(i32)
  func.func @call_noresult(%arg0: i32) {
    call @ext(%arg0) : (i32) -> ()
    return
  }
}

// -----
module {
  func.func @fattrs() attributes {llvm.emit_c_interface, my.attr = 3 : i32} {
    return
  }
}

// -----
module {
  func.func private @decl_attrs(i32) attributes {my.flag}
}

// -----
module {
  func.func @call_indirect(%arg0: (i32) -> i64, %arg1: i32) -> i64 {
    %0 = call_indirect %arg0(%arg1) : (i32) -> i64
    return %0 : i64
  }
}

// -----
module {
  func.func private @target(f32) -> f32
  func.func @constant_func() -> ((f32) -> f32) {
    %f = constant @target : (f32) -> f32
    return %f : (f32) -> f32
  }
}

// -----
module {
  func.func @func_type_args(%arg0: () -> (), %arg1: (i32, i32) -> (i1, i1), %arg2: (index) -> ((i32) -> i32)) {
    return
  }
}

// -----
module {
  func.func @many_args(%arg0: i8, %arg1: i8, %arg2: i8, %arg3: i8, %arg4: i8, %arg5: i8, %arg6: i8, %arg7: i8, %arg8: i8, %arg9: i8, %arg10: i8, %arg11: i8) -> i8 {
    return %arg11 : i8
  }
}

// -----
module {
  func.func @no_arg_names_result_types() -> (tensor<?xf32>, memref<4xi8>) {
    %0 = "test.source"() : () -> tensor<?xf32>
    %1 = "test.source"() : () -> memref<4xi8>
    return %0, %1 : tensor<?xf32>, memref<4xi8>
  }
}

// -----
module {
  func.func @result_named_on_single(%arg0: i32) -> (i32 {a.b}) {
    return %arg0 : i32
  }
}

// -----
module {
  func.func private @decl_with_all(i32 {a.x}) -> (i64 {b.y}) attributes {c.z}
}

// -----
module {
  func.func @recursive(%arg0: index) -> index {
    %0 = call @recursive(%arg0) : (index) -> index
    return %0 : index
  }
}

// -----
module {
  func.func @sym_names_quoted() {
    call @"weird name"() : () -> ()
    return
  }
  func.func private @"weird name"()
}

// -----
module {
  func.func @"0digit"() {
    return
  }
}

// -----
module {
  func.func @with.dots_and$dollar() {
    return
  }
}

// -----
module {
  func.func @two_funcs_a(%arg0: i32) -> i32 {
    %0 = "test.op"(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @two_funcs_b(%arg0: i32) -> i32 {
    %0 = "test.op"(%arg0) : (i32) -> i32
    %1 = "test.op"(%0) : (i32) -> i32
    return %1 : i32
  }
}

// -----
module {
  func.func @multi_block(%arg0: i1) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %c1_i32 = arith.constant 1 : i32
    return %c1_i32 : i32
  ^bb2:  // pred: ^bb0
    %c2_i32 = arith.constant 2 : i32
    return %c2_i32 : i32
  }
}

// -----
module {
  func.func @arg_attr_dict_multiple(%arg0: memref<?xf32> {foo.align = 16 : i64, foo.noalias}) {
    return
  }
}

// -----
module {
  func.func @res_attrs_multi() -> (i32 {foo.a}, i32, i32 {foo.b = 1 : i64}) {
    %0 = "test.src"() : () -> i32
    return %0, %0, %0 : i32, i32, i32
  }
}

