// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics
//
// Symbol errors: a call must name a function of its symbol table and have
// its signature, and a symbol table defines each name once. Every
// diagnostic here is also what `mlir-opt` 22 gives (tests/dialects.rs runs
// both).

func.func @f(%a: index) -> index {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  %r = call @nope(%a) : (index) -> index
  return %r : index
}

// -----

func.func private @g(index) -> index
func.func @f(%a: index) -> index {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %r = call @g(%a, %a) : (index, index) -> index
  return %r : index
}

// -----

func.func private @g(index) -> index
func.func @f(%a: i32) -> index {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'index', but provided 'i32' for operand number 0}}
  %r = call @g(%a) : (i32) -> index
  return %r : index
}

// -----

func.func private @g(index) -> index
func.func @f(%a: index) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  call @g(%a) : (index) -> ()
  return
}

// -----

func.func private @g(index) -> index
func.func @f(%a: index) -> i32 {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'i32'}}
  // expected-note@+1 {{function result types: 'index'}}
  %r = call @g(%a) : (index) -> i32
  return %r : i32
}

// -----

shape.function_library @lib {
  shape.func @s(%a: index) -> index {
    shape.return %a : index
  }
} mapping {}
func.func @f(%a: index) -> index {
  // expected-error@+1 {{'func.call' op 's' does not reference a valid function}}
  %r = call @s(%a) : (index) -> index
  return %r : index
}

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func @twice() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'twice'}}
func.func @twice() {
  return
}
