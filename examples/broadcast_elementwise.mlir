// An elementwise broadcast chain in error-monadic form: ((a + b) * c) - d.
//
// A frontend writes one `shape.broadcast` per elementwise op, each with the
// `error=` text it reports when its operands' shapes do not broadcast
// (numpy rules: shapes align at the back, an extent 1 stretches). An error
// travels through the later broadcasts as a value, so the result is the
// first failing op's error. The operands mix ranked and unranked tensors,
// so the ranks of the results are known only in part.
func.func @broadcast_elementwise(%a: tensor<?x?xf32>, %b: tensor<*xf32>, %c: tensor<?xf32>, %d: tensor<*xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<*xf32> -> !shape.shape
  %sc = shape.shape_of %c : tensor<?xf32> -> !shape.shape
  %sd = shape.shape_of %d : tensor<*xf32> -> !shape.shape
  %add = shape.broadcast %sa, %sb {error = "a + b: shapes must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
  %mul = shape.broadcast %add, %sc {error = "(a + b) * c: shapes must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
  %sub = shape.broadcast %mul, %sd {error = "(a + b) * c - d: shapes must broadcast"} : !shape.shape, !shape.shape -> !shape.shape
  return %sub : !shape.shape
}
