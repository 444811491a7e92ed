// test: input
// Constrained shape functions with side effects: calls of functions declared
// without a body are events, which every pass must keep, in order, before
// each check that stood after them (a check may move earlier among pure ops,
// never across an event). Run by tests/soundness_guard.rs with every pass.

func.func private @log(i64)
func.func private @trace_shape(tensor<?xindex>)
func.func private @runtime_dim() -> index

// Logs 42 where %a and %b broadcast, then fails unless %c broadcasts with
// them too; logs 7 last.
func.func @log_between_checks(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
  %c42 = arith.constant 42 : i64
  %c7 = arith.constant 7 : i64
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  shape.assuming %w0 {
    func.call @log(%c42) : (i64) -> ()
    shape.assuming_yield
  }
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  shape.assuming %w1 {
    func.call @log(%c7) : (i64) -> ()
    shape.assuming_yield
  }
  return
}

// A call's result feeds a check: the check cannot move before the call.
func.func @check_on_a_call_result(%a: tensor<?xindex>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %n = func.call @runtime_dim() : () -> index
  %e = tensor.extract %a[%c0] : tensor<?xindex>
  %same = arith.cmpi eq, %e, %n : index
  %w = shape.cstr_require %same, "the first extent must be the runtime one"
  %r = shape.assuming %w -> (tensor<?xindex>) {
    func.call @trace_shape(%a) : (tensor<?xindex>) -> ()
    shape.assuming_yield %a : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}


// Fails before logging unless %a and %b broadcast; `canonicalize` must not
// let the wider check after the call stand for the narrower one before it.
func.func @conjunction_across_a_call(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
  %c42 = arith.constant 42 : i64
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  func.call @log(%c42) : (i64) -> ()
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %all = shape.assuming_all %w0, %w1
  shape.assuming %all {
    shape.assuming_yield
  }
  return
}
