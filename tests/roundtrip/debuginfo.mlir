// test: roundtrip
#loc2 = loc("<stdin>":1:19)
module {
  func.func @simple(%arg0: i32 loc("<stdin>":1:19)) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc3)
    return %0 : i32 loc(#loc4)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":0:0)
#loc1 = loc("<stdin>":1:1)
#loc3 = loc("<stdin>":2:8)
#loc4 = loc("<stdin>":3:3)

// -----
#loc2 = loc("args.mlir":1:10)
module {
  func.func @with_locs(%arg0: i32 loc("args.mlir":1:10)) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc3)
    %1 = arith.muli %0, %0 : i32 loc(#loc4)
    return %1 : i32 loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":5:9)
#loc1 = loc("func.mlir":1:1)
#loc3 = loc("ops.mlir":2:3)
#loc4 = loc("ops.mlir":3:3)
#loc5 = loc("ops.mlir":4:3)

// -----
module {
  func.func @loc_kinds() {
    "foo.a"() : () -> () loc(#loc2)
    "foo.b"() : () -> () loc(#loc3)
    "foo.c"() : () -> () loc(#loc13)
    "foo.d"() : () -> () loc(#loc14)
    "foo.e"() : () -> () loc(#loc15)
    "foo.f"() : () -> () loc(#loc16)
    "foo.g"() : () -> () loc(#loc10)
    "foo.h"() : () -> () loc(#loc11)
    return loc(#loc12)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":11:9)
#loc1 = loc("<stdin>":12:1)
#loc2 = loc(unknown)
#loc3 = loc("name")
#loc4 = loc("file.mlir":5:6)
#loc5 = loc("file.mlir":1:1)
#loc6 = loc("other.mlir":2:2)
#loc7 = loc("a.mlir":1:1)
#loc8 = loc("callee.mlir":1:1)
#loc9 = loc("caller.mlir":2:2)
#loc10 = loc("range.mlir":1:2 to 3:4)
#loc11 = loc("range.mlir":1:2 to :9)
#loc12 = loc("<stdin>":21:3)
#loc13 = loc("name"(#loc4))
#loc14 = loc(fused[#loc5, #loc6])
#loc15 = loc(fused<"meta">[#loc7])
#loc16 = loc(callsite(#loc8 at #loc9))

// -----
module {
  func.func @loc_alias_user() {
    "foo.x"() : () -> () loc(#loc2)
    "foo.y"() : () -> () loc(#loc2)
    return loc(#loc3)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":23:9)
#loc1 = loc("<stdin>":25:1)
#loc2 = loc("aliased.mlir":7:7)
#loc3 = loc("<stdin>":28:3)

// -----
#loc2 = loc("<stdin>":31:27)
#loc4 = loc("blockarg.mlir":9:9)
module {
  func.func @block_arg_locs(%arg0: i1 loc("<stdin>":31:27)) {
    cf.br ^bb1(%arg0 : i1) loc(#loc3)
  ^bb1(%0: i1 loc("blockarg.mlir":9:9)):  // pred: ^bb0
    return loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":30:9)
#loc1 = loc("<stdin>":31:1)
#loc3 = loc("<stdin>":32:3)
#loc5 = loc("<stdin>":34:3)

// -----
#loc2 = loc("<stdin>":37:24)
module {
  func.func @region_locs(%arg0: index loc("<stdin>":37:24)) {
    %c0 = arith.constant 0 : index loc(#loc3)
    %c1 = arith.constant 1 : index loc(#loc4)
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      "foo.use"(%arg1) : (index) -> () loc(#loc6)
    } loc(#loc5)
    return loc(#loc7)
  } loc(#loc1)
} loc(#loc)
#loc = loc("<stdin>":36:9)
#loc1 = loc("<stdin>":37:1)
#loc3 = loc("c.mlir":1:1)
#loc4 = loc("c.mlir":2:1)
#loc5 = loc("c.mlir":3:1)
#loc6 = loc("c.mlir":4:1)
#loc7 = loc("<stdin>":43:3)

// -----
module @m attributes {foo.x} {
} loc(#loc)
#loc = loc("module.mlir":0:0)

