// test: roundtrip
"builtin.module"() ({
  "foo.graph"() ({
    %0 = "foo.use"(%1) : (i32) -> i32
    %1 = "foo.def"() : () -> i32
    "foo.yield"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "graph_nested"}> ({
  ^bb0(%arg0: i32):
    %0 = "foo.graph"(%arg0) ({
    ^bb0(%arg1: i32):
      "foo.inner"() ({
        %2 = "foo.use"(%1, %arg1) : (i32, i32) -> i32
      }) : () -> ()
      %1 = "foo.def"() : () -> i32
      "foo.yield"(%1) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  %0 = "foo.use"(%1) : (i32) -> i32
  %1 = "foo.def"() : () -> i32
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "graph_cycles"}> ({
    "foo.graph"() ({
      %0 = "foo.op"(%0) : (i32) -> i32
      %1 = "foo.inner"() ({
        "foo.use"(%1) : (i32) -> ()
      }) : () -> i32
      %2:2 = "foo.pair"(%2#1, %2#0) : (i32, i32) -> (i32, i32)
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> index, sym_name = "graph_known_ops"}> ({
  ^bb0(%arg0: index):
    %0 = "foo.graph"(%arg0) ({
    ^bb0(%arg1: index):
      %1 = "arith.addi"(%2, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %2 = "foo.def"(%arg1, %1) : (index, index) -> index
      "foo.yield"(%1) : (index) -> ()
    }) : (index) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

