// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Errors of builtin syntax: `dense_resource` attributes, the file metadata
// that gives their blobs, and uses that do not dominate. Every diagnostic
// here is also what `mlir-opt` 22 gives (tests/dialects.rs runs both).

// expected-error@+2 {{expected identifier key in file metadata dictionary}}
{-#

// -----

// expected-error@+2 {{expected ':'}}
{-#
  key
#-}

// -----

// expected-error@+2 {{unknown key 'some_key' in file metadata dictionary}}
{-#
  some_key: {}
#-}

// -----

// expected-error@+2 {{expected '{'}}
{-#
  dialect_resources: "value"
#-}

// -----

// expected-error@+3 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    10
  }
#-}

// -----

// expected-error@+3 {{dialect 'foobar' is unknown}}
{-#
  dialect_resources: {
    foobar: {
      entry: "0x04000000"
    }
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'func'}}
{-#
  dialect_resources: {
    func: {
      entry: "0x04000000"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: 10
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000zz"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0300000001"
    }
  }
#-}

// -----

// A missing `#-}`.
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000"
    }
  // expected-error@+1 {{expected ',' or '#-}'}}
  }

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected ',' or '}'}}
      a: "0x04000000"
      b: "0x04000000"
    }
  }
#-}

// -----

// expected-error@+4 {{expected identifier key for 'external_resources' entry}}
{-#
  external_resources: {
    group: {
      10: "x"
    }
  }
#-}

// -----

// expected-error@+4 {{expected string value for key 'x'}}
{-#
  external_resources: {
    group: {
      x: 10
    }
  }
#-}

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
func.func private @not_shaped() attributes {a = dense_resource<a> : i32}

// -----

// expected-error@+1 {{expected ':'}}
func.func private @no_type() attributes {a = dense_resource<a>}

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
func.func private @no_key() attributes {a = dense_resource<10> : tensor<2xi32>}

// -----

func.func @constant_type() -> tensor<3xi32> {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = dense_resource<a> : tensor<2xi32>}> : () -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 3 but was 2}}
"memref.global"() <{initial_value = dense_resource<a> : tensor<2xi32>, sym_name = "g", type = memref<3xi32>}> : () -> ()

// -----

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %1 = "foo.use"(%0) : (i32) -> i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "foo.def"() : () -> i32
  return
}

// -----

func.func @graph_region_of_several_blocks() {
  "foo.graph"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %1 = "foo.use"(%0) : (i32) -> i32
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %0 = "foo.def"() : () -> i32
    "foo.br"() [^bb1] : () -> ()
  ^bb1:
    "foo.yield"(%1) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @use_in_a_region_before_def() {
  "foo.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %1 = "foo.use"(%0) : (i32) -> i32
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = "foo.def"() : () -> i32
  return
}

// -----

"foo.graph"() ({
  "foo.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %1 = "foo.use"(%0) : (i32) -> i32
  }) : () -> ()
  "foo.region"() ({
    // expected-note@+1 {{operand defined here (op is neither in a parent nor in a child region)}}
    %0 = "foo.def"() : () -> i32
  }) : () -> ()
}) : () -> ()

// -----

func.func @own_region() {
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = "foo.op"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%0) : (i32) -> ()
  }) : () -> i32
  return
}

// -----

// expected-note@+1 {{operand defined as a block argument (block #2 in the same region)}}
func.func @block_argument(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2(%c : i1)
^bb1:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i1) -> ()
  cf.br ^bb2(%c : i1)
^bb2(%x: i1):
  return
}

// -----

"foo.graph"() ({
  // expected-note@+1 {{previously used here with type 'i32'}}
  %1 = "foo.use"(%0) : (i32) -> i32
  // expected-error@+1 {{definition of SSA value '%0#0' has type 'i64'}}
  %0 = "foo.def"() : () -> i64
}) : () -> ()
