// test: input
// ONNX-style shape functions whose shapes come from data: the target shape
// of a Reshape is an integer tensor, read element by element. `shape-run`
// takes it as `--arg 'dense<[3, -1]>'` (crates/cli/tests/shape_run.rs).

// The extents of `reshape(%x, %shape)`: a -1 takes what the others leave
// of the element count, a 0 copies the input's extent (ONNX's rules).
func.func @reshape(%x: tensor<?x?xf32>, %shape: tensor<2xi64>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %e0 = tensor.extract %shape[%c0] : tensor<2xi64>
  %e1 = tensor.extract %shape[%c1] : tensor<2xi64>
  %i0 = arith.index_cast %e0 : i64 to index
  %i1 = arith.index_cast %e1 : i64 to index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %count = arith.muli %d0, %d1 : index
  // A 0 copies the input's extent.
  %zero0 = arith.cmpi eq, %i0, %c0 : index
  %zero1 = arith.cmpi eq, %i1, %c0 : index
  %j0 = arith.select %zero0, %d0, %i0 : index
  %j1 = arith.select %zero1, %d1, %i1 : index
  // A -1 is inferred from the other extent.
  %infer0 = arith.cmpi eq, %j0, %cm1 : index
  %infer1 = arith.cmpi eq, %j1, %cm1 : index
  %both = arith.andi %infer0, %infer1 : i1
  %true = arith.constant true
  %one_inferred = arith.xori %both, %true : i1
  cf.assert %one_inferred, "at most one extent may be -1"
  %s0 = arith.maxsi %j0, %c1 : index
  %s1 = arith.maxsi %j1, %c1 : index
  %q1 = arith.divsi %count, %s1 : index
  %q0 = arith.divsi %count, %s0 : index
  %k0 = arith.select %infer0, %q1, %j0 : index
  %k1 = arith.select %infer1, %q0, %j1 : index
  %n0 = arith.cmpi sge, %k0, %c0 : index
  %n1 = arith.cmpi sge, %k1, %c0 : index
  %non_negative = arith.andi %n0, %n1 : i1
  cf.assert %non_negative, "extents must be non-negative"
  %product = arith.muli %k0, %k1 : index
  %same = arith.cmpi eq, %product, %count : index
  cf.assert %same, "reshape must keep the element count"
  %r = tensor.from_elements %k0, %k1 : tensor<2xindex>
  %c = tensor.cast %r : tensor<2xindex> to tensor<?xindex>
  return %c : tensor<?xindex>
}
