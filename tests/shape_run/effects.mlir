// test: input
// A shape function with side effects: `@log` is declared without a body, so
// each call is an event `shape-run` prints before the outcome
// (crates/cli/tests/shape_run.rs).

func.func private @log(i64)

// Logs 42 where %a and %b broadcast, then fails unless %c broadcasts with
// them too; logs 7 last.
func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
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
