// test: input
// Asserting (stage 3) shape functions with side effects: each assert must
// stay on its side of every call of a declaration, even where two asserts
// of one message could merge. Run by tests/soundness_guard.rs with every
// pass.

func.func private @log(i64)
func.func private @runtime_dim() -> index

// Logs 42 where %a has rank 2, then fails unless %b has rank 2 as well;
// logs 7 last.
func.func @log_between_asserts(%a: tensor<?xindex>, %b: tensor<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c42 = arith.constant 42 : i64
  %c7 = arith.constant 7 : i64
  %ra = tensor.dim %a, %c0 : tensor<?xindex>
  %oka = arith.cmpi eq, %ra, %c2 : index
  cf.assert %oka, "requires rank 2 operands"
  func.call @log(%c42) : (i64) -> ()
  %rb = tensor.dim %b, %c0 : tensor<?xindex>
  %okb = arith.cmpi eq, %rb, %c2 : index
  cf.assert %okb, "requires rank 2 operands"
  func.call @log(%c7) : (i64) -> ()
  %sum = arith.addi %ra, %rb : index
  return %sum : index
}

// An assert on a call's result, and a known-true one after a call.
func.func @assert_on_a_call_result(%a: tensor<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %n = func.call @runtime_dim() : () -> index
  %ra = tensor.dim %a, %c0 : tensor<?xindex>
  %fits = arith.cmpi ult, %ra, %n : index
  cf.assert %fits, "rank must stay below the runtime bound"
  %c1 = arith.constant 1 : index
  %m = func.call @runtime_dim() : () -> index
  %again = arith.cmpi ult, %ra, %n : index
  cf.assert %again, "rank must stay below the runtime bound"
  %r = arith.addi %m, %c1 : index
  return %r : index
}
