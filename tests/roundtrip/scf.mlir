// test: roundtrip
module {
  func.func @for_simple(%arg0: index, %arg1: index, %arg2: index) {
    scf.for %arg3 = %arg0 to %arg1 step %arg2 {
      "test.use"(%arg3) : (index) -> ()
    }
    return
  }
}

// -----
module {
  func.func @for_iter_args(%arg0: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %cst) -> (f32) {
      %cst_0 = arith.constant 1.000000e+00 : f32
      %1 = arith.addf %arg2, %cst_0 : f32
      scf.yield %1 : f32
    }
    return %0 : f32
  }
}

// -----
module {
  func.func @for_multi_iter(%arg0: index, %arg1: i32, %arg2: f64) -> (i32, f64) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %0:2 = scf.for %arg3 = %c0 to %arg0 step %c2 iter_args(%arg4 = %arg1, %arg5 = %arg2) -> (i32, f64) {
      scf.yield %arg4, %arg5 : i32, f64
    }
    return %0#0, %0#1 : i32, f64
  }
}

// -----
module {
  func.func @for_i32(%arg0: i32, %arg1: i32, %arg2: i32) {
    scf.for %arg3 = %arg0 to %arg1 step %arg2  : i32 {
      "test.use"(%arg3) : (i32) -> ()
    }
    return
  }
}

// -----
module {
  func.func @for_unsigned(%arg0: index, %arg1: index, %arg2: index) {
    scf.for unsigned %arg3 = %arg0 to %arg1 step %arg2 {
    }
    return
  }
}

// -----
module {
  func.func @nested_for(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      scf.for %arg2 = %c0 to %arg0 step %c1 {
        %2 = arith.addi %arg1, %arg2 : index
        "test.use"(%2) : (index) -> ()
      }
      %1 = arith.muli %arg1, %arg1 : index
      "test.use"(%1) : (index) -> ()
    }
    %0 = arith.addi %arg0, %arg0 : index
    return
  }
}

// -----
module {
  func.func @if_no_result(%arg0: i1) {
    scf.if %arg0 {
      "test.op"() : () -> ()
    }
    return
  }
}

// -----
module {
  func.func @if_else_no_result(%arg0: i1) {
    scf.if %arg0 {
      "test.then"() : () -> ()
    } else {
      "test.else"() : () -> ()
    }
    return
  }
}

// -----
module {
  func.func @if_results(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    %0 = scf.if %arg0 -> (i32) {
      scf.yield %arg1 : i32
    } else {
      scf.yield %arg2 : i32
    }
    return %0 : i32
  }
}

// -----
module {
  func.func @if_multi_results(%arg0: i1, %arg1: i32, %arg2: f32) -> (i32, f32) {
    %0:2 = scf.if %arg0 -> (i32, f32) {
      %1 = arith.addi %arg1, %arg1 : i32
      scf.yield %1, %arg2 : i32, f32
    } else {
      %1 = arith.muli %arg1, %arg1 : i32
      scf.yield %1, %arg2 : i32, f32
    }
    return %0#0, %0#1 : i32, f32
  }
}

// -----
module {
  func.func @if_numbering(%arg0: i1, %arg1: i32) -> i32 {
    %0 = arith.addi %arg1, %arg1 : i32
    %1 = scf.if %arg0 -> (i32) {
      %3 = arith.addi %0, %0 : i32
      %4 = arith.addi %3, %3 : i32
      scf.yield %4 : i32
    } else {
      %3 = arith.muli %0, %0 : i32
      scf.yield %3 : i32
    }
    %2 = arith.subi %1, %0 : i32
    return %2 : i32
  }
}

// -----
module {
  func.func @if_const_names(%arg0: i1) -> index {
    %c1 = arith.constant 1 : index
    %0 = scf.if %arg0 -> (index) {
      %c1_0 = arith.constant 1 : index
      %c2_1 = arith.constant 2 : index
      scf.yield %c1_0 : index
    } else {
      %c1_0 = arith.constant 1 : index
      scf.yield %c1_0 : index
    }
    %c2 = arith.constant 2 : index
    return %0 : index
  }
}

// -----
module {
  func.func @while_loop(%arg0: i32) -> i32 {
    %0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {
      %1 = "test.cond"(%arg1) : (i32) -> i1
      scf.condition(%1) %arg1 : i32
    } do {
    ^bb0(%arg1: i32):
      %1 = "test.next"(%arg1) : (i32) -> i32
      scf.yield %1 : i32
    }
    return %0 : i32
  }
}

// -----
module {
  func.func @while_multi(%arg0: i32, %arg1: f32) -> (i64, f32) {
    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i64, f32) {
      %1 = "test.cond"(%arg2) : (i32) -> i1
      %2 = arith.extsi %arg2 : i32 to i64
      scf.condition(%1) %2, %arg3 : i64, f32
    } do {
    ^bb0(%arg2: i64, %arg3: f32):
      %1 = arith.trunci %arg2 : i64 to i32
      scf.yield %1, %arg3 : i32, f32
    }
    return %0#0, %0#1 : i64, f32
  }
}

// -----
module {
  func.func @while_no_args() {
    scf.while : () -> () {
      %0 = "test.cond"() : () -> i1
      scf.condition(%0)
    } do {
      scf.yield
    }
    return
  }
}

// -----
module {
  func.func @forall_basic(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = scf.forall (%arg1) in (8) shared_outs(%arg2 = %arg0) -> (tensor<8xf32>) {
      %extracted_slice = tensor.extract_slice %arg0[%arg1] [1] [1] : tensor<8xf32> to tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %extracted_slice into %arg2[%arg1] [1] [1] : tensor<1xf32> into tensor<8xf32>
      }
    }
    return %0 : tensor<8xf32>
  }
}

// -----
module {
  func.func @forall_no_outs(%arg0: index) {
    scf.forall (%arg1, %arg2) in (%arg0, 4) {
      "test.use"(%arg1, %arg2) : (index, index) -> ()
    }
    return
  }
}

// -----
module {
  func.func @forall_bounds(%arg0: index, %arg1: index) {
    scf.forall (%arg2) = (%arg0) to (%arg1) step (2) {
      "test.use"(%arg2) : (index) -> ()
    }
    return
  }
}

// -----
module {
  func.func @execute_region() -> i32 {
    %0 = scf.execute_region -> i32 {
      %c3_i32 = arith.constant 3 : i32
      scf.yield %c3_i32 : i32
    }
    return %0 : i32
  }
}

// -----
module {
  func.func @execute_region_multi_block(%arg0: i1) -> i32 {
    %0 = scf.execute_region -> i32 {
      cf.cond_br %arg0, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      %c1_i32 = arith.constant 1 : i32
      scf.yield %c1_i32 : i32
    ^bb2:  // pred: ^bb0
      %c2_i32 = arith.constant 2 : i32
      scf.yield %c2_i32 : i32
    }
    return %0 : i32
  }
}

// -----
module {
  func.func @parallel(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%arg1, %arg2) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
      "test.use"(%arg1, %arg2) : (index, index) -> ()
      scf.reduce 
    }
    return
  }
}

// -----
module {
  func.func @index_switch(%arg0: index) -> i32 {
    %0 = scf.index_switch %arg0 -> i32 
    case 2 {
      %c10_i32 = arith.constant 10 : i32
      scf.yield %c10_i32 : i32
    }
    case 5 {
      %c20_i32 = arith.constant 20 : i32
      scf.yield %c20_i32 : i32
    }
    default {
      %c0_i32 = arith.constant 0 : i32
      scf.yield %c0_i32 : i32
    }
    return %0 : i32
  }
}

// -----
module {
  func.func @nested_arg_numbering(%arg0: index, %arg1: index) {
    %c1 = arith.constant 1 : index
    scf.for %arg2 = %arg0 to %arg1 step %c1 {
      scf.for %arg3 = %arg0 to %arg1 step %c1 {
        "test.use"(%arg2, %arg3) : (index, index) -> ()
      }
      scf.for %arg3 = %arg0 to %arg1 step %c1 {
        "test.use"(%arg3) : (index) -> ()
      }
    }
    scf.for %arg2 = %arg0 to %arg1 step %c1 {
      "test.use"(%arg2) : (index) -> ()
    }
    return
  }
}

// -----
module {
  func.func @if_inside_for(%arg0: index, %arg1: i1) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %c0_i32) -> (i32) {
      %1 = scf.if %arg1 -> (i32) {
        %c1_i32 = arith.constant 1 : i32
        %2 = arith.addi %arg3, %c1_i32 : i32
        scf.yield %2 : i32
      } else {
        scf.yield %arg3 : i32
      }
      scf.yield %1 : i32
    }
    return %0 : i32
  }
}

// -----
module {
  func.func @for_yield_empty(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
    }
    return
  }
}

// -----
module {
  func.func @for_tensor_iter(%arg0: tensor<?xf32>, %arg1: index) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (tensor<?xf32>) {
      %extracted = tensor.extract %arg3[%arg2] : tensor<?xf32>
      %inserted = tensor.insert %extracted into %arg3[%c0] : tensor<?xf32>
      scf.yield %inserted : tensor<?xf32>
    }
    return %0 : tensor<?xf32>
  }
}

// -----
module {
  func.func @if_with_attrs(%arg0: i1) {
    scf.if %arg0 {
    } {some.attr = 1 : i64}
    return
  }
}

// -----
module {
  func.func @parallel_reduce(%arg0: index, %arg1: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) init (%arg1) -> f32 {
      %cst = arith.constant 1.000000e+00 : f32
      scf.reduce(%cst : f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %1 = arith.addf %arg3, %arg4 : f32
        scf.reduce.return %1 : f32
      }
    }
    return %0 : f32
  }
}

// -----
module {
  func.func @for_i32_iter_args(%arg0: i32, %arg1: i1, %arg2: f32) -> i32 {
    %0 = scf.for %arg3 = %arg0 to %arg0 step %arg0 iter_args(%arg4 = %arg0) -> (i32)  : i32 {
      scf.yield %arg4 : i32
    } {tag}
    %1:2 = scf.if %arg1 -> (i32, f32) {
      scf.yield %arg0, %arg2 : i32, f32
    } else {
      scf.yield %arg0, %arg2 : i32, f32
    } {w}
    return %0 : i32
  }
}

// -----
module {
  func.func @misc_forms(%arg0: i1) {
    %0 = scf.execute_region -> i32 no_inline {
      %c1_i32 = arith.constant 1 : i32
      scf.yield %c1_i32 : i32
    } {foo}
    scf.forall (%arg1) in (4) {
      "test.x"() : () -> ()
    } {foo.mapping}
    scf.forall (%arg1) = (1) to (4) step (1) {
      "test.x"() : () -> ()
    }
    scf.while : () -> () {
      scf.condition(%arg0)
    } do {
      scf.yield
    } attributes {x}
    scf.if %arg0 {
    } else {
    }
    return
  }
}

