// test: input
// IR that the plugin hands to shape-opt and takes back unchanged (an empty
// shape-opt pipeline): blocks listed out of dominance order, successors
// with operands, block arguments with locations, every kind of location,
// properties and discardable attributes of registered and unregistered
// ops, and attributes of many kinds.

#set = affine_set<(d0) : (d0 - 1 >= 0)>

module attributes {test.module_attr = "kept", test.dense = dense<[1, 2]> : tensor<2xi32>} {
  func.func private @declared(index) -> index attributes {llvm.emit_c_interface}

  func.func @cfg(%arg: index loc("cfg.py":3:10), %flag: i1 loc(fused["a.py":1:2, "b.py":3:4])) -> index {
    %c1 = arith.constant 1 : index loc("name"("cfg.py":4:1))
    cf.br ^bb2(%arg : index) loc(callsite("callee.py":7:7 at "caller.py":8:8))
  ^bb1(%x: index loc("cfg.py":9:9)):
    %sum = arith.addi %x, %late : index loc("cfg.py":10:1 to 12:3)
    return %sum : index loc(fused<"meta">["cfg.py":11:2, unknown])
  ^bb2(%y: index):
    %late = arith.muli %y, %c1 overflow<nsw> : index loc("only-name")
    cf.cond_br %flag, ^bb1(%late : index), ^bb3 loc("cfg.py":13:1 to :9)
  ^bb3:
    %r = func.call @declared(%c1) : (index) -> index
    return %r : index
  }

  func.func @attributes() {
    "test.unregistered"() <{inherent = 4 : i64, text = "q\"uote\n"}> {discardable, array = array<i32: 1, -2>, set = #set, map = affine_map<(d0)[s0] -> (d0 + s0)>} : () -> ()
    "test.with_region"() ({
    ^bb0(%a: f32):
      "test.terminator"(%a) : (f32) -> ()
    }) {ref = @attributes::@nested, dict = {b = 1.5 : f32, a = [unit, "s", 0x7FC00000 : f32]}} : () -> ()
    %cst = arith.constant dense<[[1.0, 2.5], [-0.0, 3.0e10]]> : tensor<2x2xf64>
    %cmp = arith.cmpf olt, %cst, %cst fastmath<nnan> : tensor<2x2xf64>
    return
  }
}
