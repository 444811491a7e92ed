// test: input
// A function that logs 42 where %a and %b broadcast, then fails unless %c
// broadcasts with them too, then logs 7: moving the second check before
// the first call changes what it does (the tests of effects, of the
// interpreter, of --verify-semantics and against mlir-runner use it).
func.func private @log(i64)
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
