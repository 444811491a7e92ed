// test: input
// A function that never returns: its loop counts up from its argument for
// as long as the count is at least the argument. The interpreter runs it
// to a step limit, a budget or an interrupt (the tests of each use it).
func.func @f(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %a) : (index) -> index {
    %t = arith.cmpi sge, %i, %a : index
    scf.condition(%t) %i : index
  } do {
  ^bb0(%i: index):
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  }
  return %r : index
}
