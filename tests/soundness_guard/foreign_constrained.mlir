// test: input
// Constrained shape checks around foreign ops, in the generic form real
// producers (torch-mlir, IREE, JAX) emit: `torch_c`, `stablehlo`, `chlo`
// and `mhlo` ops of no registered dialect, one with a region, and
// parameters of foreign types. The interpreter takes each such op for an
// uninterpreted function of its operands, name, attributes and regions
// (with the shapes their rules give, for StableHLO, MHLO and CHLO ops,
// which are pure; the `torch_c` and `xla` ops are events), and each
// `!torch.vtensor<[?,?],f32>` for a handle of that shape: every pass must
// keep every check on its side of every event. Run by tests/soundness_guard.rs with every pass (with
// --allow-unregistered-dialect).

// Torch bridges feed a broadcast check that protects a `chlo` op.
func.func @torch_broadcast_add(%a: !torch.vtensor<[?,?],f32>, %b: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?],f32> {
  %ta = "torch_c.to_builtin_tensor"(%a) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
  %tb = "torch_c.to_builtin_tensor"(%b) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
  %sa = shape.shape_of %ta : tensor<?x?xf32> -> tensor<2xindex>
  %sb = shape.shape_of %tb : tensor<?x?xf32> -> tensor<2xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<2xindex>, tensor<2xindex>
  %r = shape.assuming %w -> (!torch.vtensor<[?,?],f32>) {
    %s = "chlo.broadcast_add"(%ta, %tb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %v = "torch_c.from_builtin_tensor"(%s) : (tensor<?x?xf32>) -> !torch.vtensor<[?,?],f32>
    shape.assuming_yield %v : !torch.vtensor<[?,?],f32>
  }
  return %r : !torch.vtensor<[?,?],f32>
}

// A reduction with a region, where the two operands have one shape.
func.func @reduce_where_equal(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %init: tensor<f32>) -> tensor<?xf32> {
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %sy = shape.shape_of %y : tensor<?x?xf32> -> tensor<2xindex>
  %w = shape.cstr_eq %sx, %sy : tensor<2xindex>, tensor<2xindex>
  %r = shape.assuming %w -> (tensor<?xf32>) {
    %sum = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 1>}> ({
    ^bb0(%lhs: tensor<f32>, %rhs: tensor<f32>):
      %s = "stablehlo.add"(%lhs, %rhs) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%s) : (tensor<f32>) -> ()
    }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
    shape.assuming_yield %sum : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// A dynamic reshape where the element count is kept.
func.func @dynamic_reshape(%x: tensor<?x?xf32>, %rows: index, %cols: index) -> tensor<?x?xf32> {
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %n = shape.num_elements %s : tensor<2xindex> -> index
  %m = arith.muli %rows, %cols : index
  %same = arith.cmpi eq, %n, %m : index
  %w = shape.cstr_require %same, "reshape must keep the element count"
  %r = shape.assuming %w -> (tensor<?x?xf32>) {
    %t = tensor.from_elements %rows, %cols : tensor<2xindex>
    %y = "stablehlo.dynamic_reshape"(%x, %t) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    shape.assuming_yield %y : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// A check after an op with a region and an event: it must stay after
// both, where an input that passes the first check fails it.
func.func @check_after_a_region_op(%a: tensor<?xindex>, %b: tensor<?xindex>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %y = shape.assuming %w0 -> (tensor<?xf32>) {
    %m = "xla.map"(%x) ({
    ^bb0(%e: tensor<f32>):
      %n = "xla.negate"(%e) : (tensor<f32>) -> tensor<f32>
      "xla.return"(%n) : (tensor<f32>) -> ()
    }) {dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %m : tensor<?xf32>
  }
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w1 -> (tensor<?xf32>) {
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// A check on the shape of an opaque op's result, before an event that
// consumes it: the check can move neither before its op nor after the
// event.
func.func @check_on_an_opaque_result(%v: !torch.vtensor<[?,?],f32>, %b: tensor<?x?xf32>) -> !stablehlo.token {
  %t = "torch_c.to_builtin_tensor"(%v) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
  %st = shape.shape_of %t : tensor<?x?xf32> -> tensor<2xindex>
  %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<2xindex>
  %w = shape.cstr_broadcastable %st, %sb : tensor<2xindex>, tensor<2xindex>
  %token = shape.assuming %w -> (!stablehlo.token) {
    %k = "stablehlo.custom_call"(%t, %b) {call_target_name = "consume"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> !stablehlo.token
    shape.assuming_yield %k : !stablehlo.token
  }
  return %token : !stablehlo.token
}
