// test: input
// Inputs of `shape-run --reify-bound` (crates/cli/tests/shape_run.rs):
// the examples of MLIR's ValueBoundsOpInterface documentation.
func.func @pad(%t: tensor<?xf32>, %l: index, %h: index) -> index {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%l] high[%h] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32> to tensor<?xf32>
  %d = tensor.dim %p, %c0 : tensor<?xf32>
  return %d : index
}

func.func @slice(%t: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %s = arith.minsi %n, %c16 : index
  %x = tensor.extract_slice %t[0] [%s] [1] : tensor<?xf32> to tensor<?xf32>
  scf.for %iv = %c0 to %s step %c1 {
    %k = arith.addi %iv, %c1 : index
  }
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}
