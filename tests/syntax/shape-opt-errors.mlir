// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Errors shape-opt words beyond MLIR's: the ops whose custom syntax it
// does not read go on to say what to do instead, a misspelt op gets the
// closest op's name, and a resource blob that MLIR 22 accepts and then
// fails to allocate (alignment 0) is refused. Each message starts with
// MLIR's own where MLIR rejects the input too.

func.func @linalg(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{custom op 'linalg.matmul' is unknown: shape-opt does not model the 'linalg' dialect's custom syntax; give the op in generic form (as `mlir-opt --mlir-print-op-generic` prints it) with --allow-unregistered-dialect, or run shape-opt's passes inside mlir-opt with its pass plugin (`mlir-opt --load-pass-plugin=libShapeOptPlugin.so`)}}
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @affine(%i: index) -> index {
  // expected-error@+1 {{custom op 'affine.apply' is unknown: shape-opt does not model the 'affine' dialect's custom syntax; give the op in generic form}}
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  return %0 : index
}

// -----

func.func @math(%x: f32) -> f32 {
  // expected-error@+1 {{custom op 'math.powf' is unknown: shape-opt does not model this op of the 'math' dialect; give the op in generic form}}
  %0 = math.powf %x, %x : f32
  return %0 : f32
}

// -----

func.func @typo() -> index {
  // expected-error@+1 {{custom op 'arith.constnat' is unknown; did you mean 'arith.constant'?}}
  %0 = arith.constnat 1 : index
  return %0 : index
}

// -----

func.func @renamed(%t: tensor<4xf32>) -> memref<4xf32> {
  // expected-error@+1 {{custom op 'bufferization.to_memref' is unknown: MLIR 22 names this op 'bufferization.to_buffer'}}
  %0 = bufferization.to_memref %t : tensor<4xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// A blob of alignment 0 with data: MLIR 22 reads it, then aborts.
// expected-error@+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes, but got non-power-of-2 value: 0}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0000000001020304"
    }
  }
#-}
