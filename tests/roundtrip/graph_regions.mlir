// test: roundtrip
module {
  "foo.graph"() ({
    %0 = "foo.use"(%1) : (i32) -> i32
    %1 = "foo.def"() : () -> i32
    "foo.yield"(%0) : (i32) -> ()
  }) : () -> ()
}

// -----
module {
  func.func @graph_nested(%arg0: i32) -> i32 {
    %0 = "foo.graph"(%arg0) ({
    ^bb0(%arg1: i32):
      "foo.inner"() ({
        %2 = "foo.use"(%1, %arg1) : (i32, i32) -> i32
      }) : () -> ()
      %1 = "foo.def"() : () -> i32
      "foo.yield"(%1) : (i32) -> ()
    }) : (i32) -> i32
    return %0 : i32
  }
}

// -----
module {
  %0 = "foo.use"(%1) : (i32) -> i32
  %1 = "foo.def"() : () -> i32
}

// -----
module {
  func.func @graph_cycles() {
    "foo.graph"() ({
      %0 = "foo.op"(%0) : (i32) -> i32
      %1 = "foo.inner"() ({
        "foo.use"(%1) : (i32) -> ()
      }) : () -> i32
      %2:2 = "foo.pair"(%2#1, %2#0) : (i32, i32) -> (i32, i32)
    }) : () -> ()
    return
  }
}

// -----
module {
  func.func @graph_known_ops(%arg0: index) -> index {
    %0 = "foo.graph"(%arg0) ({
    ^bb0(%arg1: index):
      %1 = arith.addi %2, %arg1 : index
      %2 = "foo.def"(%arg1, %1) : (index, index) -> index
      "foo.yield"(%1) : (index) -> ()
    }) : (index) -> index
    return %0 : index
  }
}

