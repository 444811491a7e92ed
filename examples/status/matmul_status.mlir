// A host that checks a shape function's status instead of aborting.
//
//   shape-opt --lower-to=std --shape-failure=status examples/status/matmul_status.mlir \
//     | mlir-opt <the pipeline to LLVM of README> \
//     | mlir-runner -e main --entry-point-result=void --shared-libs=<libmlir_c_runner_utils.so>
//
// prints `0` and `2, 4,` for the matrices 2x3 and 3x4, then `3` for 2x3 and
// 5x4: status 3 is the third entry of @matmul's
// `shape_opt.failure_messages`, "inner dimensions required to match".
//
// With --shape-failure=status, @matmul (a library function) returns an i32
// status before its results: 0 when every check passes, else the 1-based
// number of the check that failed first, whose message is entry (status - 1)
// of the `shape_opt.failure_messages` array on the lowered function. The
// other results then mean nothing (placeholders, or what was computed
// where computing it was safe) and must not be used. The host declares the lowered signature,
// status first; shape-opt puts the definition in the declaration's place.
shape.function_library @shplib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %c2 = const_size 2
    %lhs_shape = shape_of %lhs : !shape.value_shape -> !shape.shape
    %rhs_shape = shape_of %rhs : !shape.value_shape -> !shape.shape
    %lhs_rank = rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = rank %rhs_shape : !shape.shape -> !shape.size
    %r = meet %lhs_rank, %rhs_rank : !shape.size, !shape.size -> !shape.size
    %rank = meet %c2, %r, error = "requires rank 2 operands" : !shape.size, !shape.size -> !shape.size
    %l0, %l1 = "shape.split_at"(%lhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %r0, %r1 = "shape.split_at"(%rhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %c = meet %l1, %r0, error = "inner dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %res = concat %l0, %r1 : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {foo.matmul = @matmul}

func.func private @matmul(tensor<*xf32>, tensor<*xf32>) -> (i32, tensor<?xindex>)
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

// Print the status of @matmul on tensors of these shapes and, when it is 0,
// the result's extents.
func.func @report(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %status, %shape = func.call @matmul(%lhs, %rhs) : (tensor<*xf32>, tensor<*xf32>) -> (i32, tensor<?xindex>)
  %code = arith.extsi %status : i32 to i64
  func.call @printI64(%code) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %ok = arith.cmpi eq, %status, %zero : i32
  scf.if %ok {
    %rank = tensor.dim %shape, %c0 : tensor<?xindex>
    scf.for %i = %c0 to %rank step %c1 {
      %e = tensor.extract %shape[%i] : tensor<?xindex>
      %e64 = arith.index_cast %e : index to i64
      func.call @printI64(%e64) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  return
}

func.func @main() {
  %a = tensor.empty() : tensor<2x3xf32>
  %b = tensor.empty() : tensor<3x4xf32>
  %c = tensor.empty() : tensor<5x4xf32>
  %ua = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
  %ub = tensor.cast %b : tensor<3x4xf32> to tensor<*xf32>
  %uc = tensor.cast %c : tensor<5x4xf32> to tensor<*xf32>
  func.call @report(%ua, %ub) : (tensor<*xf32>, tensor<*xf32>) -> ()
  func.call @report(%ua, %uc) : (tensor<*xf32>, tensor<*xf32>) -> ()
  return
}
