// test: roundtrip
module {
  func.func @assert_op(%arg0: i1) {
    cf.assert %arg0, "must hold"
    return
  }
}

// -----
module {
  func.func @assert_escapes(%arg0: i1) {
    cf.assert %arg0, "quote \22 backslash \\ newline \0A tab \09 end"
    return
  }
}

// -----
module {
  func.func @br_simple() {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    return
  }
}

// -----
module {
  func.func @br_args(%arg0: i32) -> i32 {
    cf.br ^bb1(%arg0 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    return %0 : i32
  }
}

// -----
module {
  func.func @br_multi_args(%arg0: i32, %arg1: f32) -> f32 {
    cf.br ^bb1(%arg0, %arg1 : i32, f32)
  ^bb1(%0: i32, %1: f32):  // pred: ^bb0
    return %1 : f32
  }
}

// -----
module {
  func.func @cond_br_plain(%arg0: i1) {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return
  ^bb2:  // pred: ^bb0
    return
  }
}

// -----
module {
  func.func @cond_br_args(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2, %arg1 : i32, i32)
  ^bb1(%0: i32):  // pred: ^bb0
    return %0 : i32
  ^bb2(%1: i32, %2: i32):  // pred: ^bb0
    %3 = arith.addi %1, %2 : i32
    return %3 : i32
  }
}

// -----
module {
  func.func @cond_br_weights(%arg0: i1) {
    cf.cond_br %arg0 weights([3, 7]), ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return
  ^bb2:  // pred: ^bb0
    return
  }
}

// -----
module {
  func.func @loop(%arg0: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%c0 : index)
  ^bb1(%0: index):  // 2 preds: ^bb0, ^bb2
    %1 = arith.cmpi slt, %0, %arg0 : index
    cf.cond_br %1, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %2 = arith.addi %0, %c1 : index
    cf.br ^bb1(%2 : index)
  ^bb3:  // pred: ^bb1
    return %0 : index
  }
}

// -----
module {
  func.func @block_arg_numbering(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    cf.br ^bb1(%0, %0 : i32, i32)
  ^bb1(%1: i32, %2: i32):  // pred: ^bb0
    %3 = arith.muli %1, %2 : i32
    cf.br ^bb2(%3 : i32)
  ^bb2(%4: i32):  // pred: ^bb1
    %5 = arith.subi %4, %3 : i32
    return %5 : i32
  }
}

// -----
module {
  func.func @switch_op(%arg0: i32, %arg1: f32) -> f32 {
    cf.switch %arg0 : i32, [
      default: ^bb1(%arg1 : f32),
      42: ^bb2,
      7: ^bb3(%arg1 : f32)
    ]
  ^bb1(%0: f32):  // pred: ^bb0
    return %0 : f32
  ^bb2:  // pred: ^bb0
    return %arg1 : f32
  ^bb3(%1: f32):  // pred: ^bb0
    return %1 : f32
  }
}

// -----
module {
  func.func @switch_default_only(%arg0: i64) {
    cf.switch %arg0 : i64, [
      default: ^bb1]
  ^bb1:  // pred: ^bb0
    return
  }
}

// -----
module {
  func.func @unreachable_block_order() {
    cf.br ^bb2
  ^bb1:  // pred: ^bb2
    return
  ^bb2:  // pred: ^bb0
    cf.br ^bb1
  }
}

// -----
module {
  func.func @many_blocks(%arg0: i1) {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    cf.br ^bb2
  ^bb2:  // pred: ^bb1
    cf.cond_br %arg0, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    cf.br ^bb4
  ^bb4:  // 2 preds: ^bb2, ^bb3
    return
  }
}

// -----
module {
  func.func @same_dest(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
    return %0 : i32
  }
}

// -----
module {
  func.func @generic_cf(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    cf.br ^bb2(%0 : i32)
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    return %1 : i32
  }
}

// -----
module {
  func.func @const_in_blocks(%arg0: i1) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.addi %c0_i32, %c0_i32_0 : i32
    return %0 : i32
  ^bb2:  // pred: ^bb0
    %c0_i32_1 = arith.constant 0 : i32
    return %c0_i32_1 : i32
  }
}

// -----
module {
  func.func @unregistered_terminator(%arg0: i32) {
    "foo.branch"(%arg0)[^bb1, ^bb2] : (i32) -> ()
  ^bb1:  // pred: ^bb0
    return
  ^bb2:  // pred: ^bb0
    return
  }
}

// -----
module {
  func.func @dead_block() {
    return
  ^bb1:  // no predecessors
    return
  }
}

// -----
module {
  func.func @dead_block_args(%arg0: i32) -> i32 {
    return %arg0 : i32
  ^bb1(%0: i32, %1: i32):  // no predecessors
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}

// -----
module {
  func.func @switch_unsigned_print(%arg0: i8, %arg1: i32) {
    cf.switch %arg0 : i8, [
      default: ^bb2,
      255: ^bb1(%arg1 : i32),
      200: ^bb3
    ] {sw}
  ^bb1(%0: i32):  // pred: ^bb0
    cf.br ^bb2 {br}
  ^bb2:  // 2 preds: ^bb0, ^bb1
    cf.br ^bb3
  ^bb3:  // 2 preds: ^bb0, ^bb2
    return
  }
}

// -----
module {
  func.func @cond_br_attrs(%arg0: i1, %arg1: i32) {
    cf.assert %arg0, "x" {as}
    cf.cond_br %arg0 weights([1, 2]), ^bb1(%arg1 : i32), ^bb2 {cc}
  ^bb1(%0: i32):  // pred: ^bb0
    return
  ^bb2:  // pred: ^bb0
    return
  }
}

