// test: run-lines
// RUN: shape-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: shape-opt %s --split-input-file --canonicalize='region-simplify=aggressive' | FileCheck %s --check-prefix=MERGE
//
// `canonicalize` on the asserting form: an assertion of a constant true
// goes (so does one of a comparison that folds to true); an assertion of
// false is the program's failure and stays. Then one case per family of
// `cf`, `scf` and `arith` patterns and of region simplification. mlir-opt
// 22 prints the same for every case.

// CHECK-LABEL: func.func @asserts
// CHECK-NOT:     "never"
// CHECK-NOT:     "self"
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK-NEXT:    cf.assert %[[F]], "always"
// CHECK-NEXT:    return
func.func @asserts(%a: index) -> index {
  %t = arith.constant true
  cf.assert %t, "never"
  %c = arith.cmpi eq, %a, %a : index
  cf.assert %c, "self"
  %f = arith.constant false
  cf.assert %f, "always"
  return %a : index
}

// -----

// Branches to a block with one predecessor merge it; pass-through blocks go.
// CHECK-LABEL: func.func @br_chain
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:    return %[[Y]] : index
func.func @br_chain(%a: index) -> index {
  cf.br ^bb1(%a : index)
^bb1(%x: index):
  %y = arith.addi %x, %x : index
  cf.br ^bb2(%y : index)
^bb2(%z: index):
  cf.br ^bb3(%z : index)
^bb3(%w: index):
  return %w : index
}

// -----

// Two edges into one block: one `cf.br` passing `arith.select`s.
// CHECK-LABEL: func.func @cond_br_same_block
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : index
// CHECK-NEXT:    return %[[S]] : index
func.func @cond_br_same_block(%c: i1, %a: index, %b: index) -> index {
  cf.cond_br %c, ^bb1(%a : index), ^bb1(%b : index)
^bb1(%x: index):
  return %x : index
}

// -----

// In a successor entered by one edge the condition is a constant.
// CHECK-LABEL: func.func @cond_br_truth
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    return %[[C1]] : index
// CHECK:       ^bb2:
// CHECK-NEXT:    return %[[C0]] : index
func.func @cond_br_truth(%c: i1) -> index {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %t = arith.extui %c : i1 to i64
  %ti = arith.index_cast %t : i64 to index
  return %ti : index
^bb2:
  %f = arith.extui %c : i1 to i64
  %fi = arith.index_cast %f : i64 to index
  return %fi : index
}

// -----

// A constant condition takes its branch; the other block is unreachable.
// CHECK-LABEL: func.func @cond_br_constant
// CHECK-NEXT:    return %arg0 : index
func.func @cond_br_constant(%a: index, %b: index) -> index {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%a : index), ^bb2
^bb1(%x: index):
  return %x : index
^bb2:
  return %b : index
}

// -----

// A constant flag picks its case.
// CHECK-LABEL: func.func @switch_constant
// CHECK-NEXT:    return %arg1 : index
func.func @switch_constant(%a: index, %b: index) -> index {
  %c3 = arith.constant 3 : i32
  cf.switch %c3 : i32, [
    default: ^bb1(%a : index),
    3: ^bb1(%b : index)
  ]
^bb1(%x: index):
  return %x : index
}

// -----

// A block argument only the loop itself reads is dead, with the ops
// computing it.
// CHECK-LABEL: func.func @dead_loop_argument
// CHECK:         cf.br ^bb1(%{{.*}} : index)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index):
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi slt, %[[I]], %arg0 : index
// CHECK-NEXT:    cf.cond_br %[[LT]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[N:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:    cf.br ^bb1(%[[N]] : index)
func.func @dead_loop_argument(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %c0 : index, index)
^bb1(%i: index, %unused: index):
  %next_unused = arith.addi %unused, %c1 : index
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next, %next_unused : index, index)
^bb3:
  return %i : index
}

// -----

// Blocks equal up to values from outside merge only when asked
// (`region-simplify=aggressive`), the difference becoming an argument.
// CHECK-LABEL: func.func @identical_blocks
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// MERGE-LABEL: func.func @identical_blocks
// MERGE-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : index
// MERGE-NEXT:    %[[M:.*]] = arith.muli %[[S]], %[[S]] : index
// MERGE-NEXT:    return %[[M]] : index
func.func @identical_blocks(%c: i1, %a: index, %b: index) -> index {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.muli %a, %a : index
  return %x : index
^bb2:
  %y = arith.muli %b, %b : index
  return %y : index
}

// -----

// Results both branches yield from outside become `arith.select`s.
// CHECK-LABEL: func.func @if_to_select
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (index) {
// CHECK-NEXT:      arith.addi
// CHECK:         } else {
// CHECK-NEXT:      arith.subi
// CHECK:         return %[[S]], %[[R]] : index, index
func.func @if_to_select(%c: i1, %a: index, %b: index) -> (index, index) {
  %0:2 = scf.if %c -> (index, index) {
    %x = arith.addi %a, %b : index
    scf.yield %a, %x : index, index
  } else {
    %y = arith.subi %a, %b : index
    scf.yield %b, %y : index, index
  }
  return %0#0, %0#1 : index, index
}

// -----

// A constant condition inlines its branch; a negated one swaps them.
// CHECK-LABEL: func.func @if_static_and_negated
// CHECK-NEXT:    %[[X:.*]] = arith.addi %arg1, %arg1 : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (index) {
// CHECK-NEXT:      scf.yield %[[X]] : index
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %arg1, %arg1 : index
// CHECK-NEXT:      scf.yield %[[Y]] : index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[X]], %[[R]] : index, index
func.func @if_static_and_negated(%c: i1, %a: index) -> (index, index) {
  %true = arith.constant true
  %0 = scf.if %true -> (index) {
    %x = arith.addi %a, %a : index
    scf.yield %x : index
  } else {
    scf.yield %a : index
  }
  %not = arith.xori %c, %true : i1
  %1 = scf.if %not -> (index) {
    %y = arith.muli %a, %a : index
    scf.yield %y : index
  } else {
    %z = arith.subi %a, %a : index
    %w = arith.addi %z, %0 : index
    scf.yield %w : index
  }
  return %0, %1 : index, index
}

// -----

// Results yielding true/false are the condition or its negation.
// CHECK-LABEL: func.func @if_yields_condition
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[N:.*]] = arith.xori %arg0, %[[T]] : i1
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (index) {
// CHECK:         return %arg0, %[[N]], %[[R]] : i1, i1, index
func.func @if_yields_condition(%c: i1, %a: index) -> (i1, i1, index) {
  %true = arith.constant true
  %false = arith.constant false
  %0:3 = scf.if %c -> (i1, i1, index) {
    %x = arith.addi %a, %a : index
    scf.yield %true, %false, %x : i1, i1, index
  } else {
    %y = arith.muli %a, %a : index
    scf.yield %false, %true, %y : i1, i1, index
  }
  return %0#0, %0#1, %0#2 : i1, i1, index
}

// -----

// An `scf.if` holding only an `scf.if` tests the conjunction.
// CHECK-LABEL: func.func @nested_ifs
// CHECK-NEXT:    %[[C:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (index) {
// CHECK-NEXT:      %[[X:.*]] = arith.addi %arg2, %arg2 : index
// CHECK-NEXT:      scf.yield %[[X]] : index
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : index
func.func @nested_ifs(%c: i1, %d: i1, %a: index) -> index {
  %0 = scf.if %c -> (index) {
    %1 = scf.if %d -> (index) {
      %x = arith.addi %a, %a : index
      scf.yield %x : index
    } else {
      scf.yield %a : index
    }
    scf.yield %1 : index
  } else {
    scf.yield %a : index
  }
  return %0 : index
}

// -----

// Loops running zero times are their initial values, once their body;
// a loop yielding its iteration argument unchanged is its initial value.
// CHECK-LABEL: func.func @for_trips
// CHECK-NEXT:    %[[X:.*]] = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:    return %arg0, %arg0, %[[X]] : index, index, index
func.func @for_trips(%a: index, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %a) -> (index) {
    %y = arith.addi %x, %i : index
    scf.yield %y : index
  }
  %1 = scf.for %i = %c1 to %n step %c1 iter_args(%x = %a) -> (index) {
    scf.yield %x : index
  }
  %2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a) -> (index) {
    %y = arith.addi %x, %x : index
    scf.yield %y : index
  }
  return %0, %1, %2 : index, index, index
}

// -----

// Iteration arguments fed alike merge.
// CHECK-LABEL: func.func @for_duplicate_iter_args
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[X:.*]] = %arg0) -> (index) {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[X]] : index
// CHECK-NEXT:      scf.yield %[[S]] : index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %[[R]] : index, index
func.func @for_duplicate_iter_args(%a: index, %n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (index, index) {
    %s = arith.addi %x, %y : index
    scf.yield %s, %s : index, index
  }
  return %0#0, %0#1 : index, index
}

// -----

// A loop-invariant argument goes; the after region knows the condition
// held, so the comparison repeating it is true.
// CHECK-LABEL: func.func @while_forwarded
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[R:.*]] = scf.while (%[[I:.*]] = %arg0) : (index) -> index {
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpi slt, %[[I]], %arg1 : index
// CHECK-NEXT:      scf.condition(%[[LT]]) %[[I]] : index
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[J]], %[[C1]] : index
// CHECK-NEXT:      scf.yield %[[N]] : index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : index
func.func @while_forwarded(%a: index, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %0:2 = scf.while (%i = %a, %k = %n) : (index, index) -> (index, index) {
    %lt = arith.cmpi slt, %i, %k : index
    scf.condition(%lt) %i, %k : index, index
  } do {
  ^bb0(%i: index, %k: index):
    %lt = arith.cmpi slt, %i, %k : index
    %step = arith.select %lt, %c1, %k : index
    %next = arith.addi %i, %step : index
    scf.yield %next, %k : index, index
  }
  return %0#0 : index
}

// -----

// A single-block `scf.execute_region` is inlined; in a function, so are
// several blocks, as branches.
// CHECK-LABEL: func.func @execute_regions
// CHECK-NOT:     scf.execute_region
// CHECK:         %[[X:.*]] = arith.addi %arg1, %arg1 : index
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : index)
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[Y:.*]] = arith.muli %[[X]], %arg1 : index
// CHECK-NEXT:    cf.br ^bb2(%[[Y]] : index)
// CHECK:       ^bb2(%[[Z:.*]]: index):
// CHECK-NEXT:    return %[[X]], %[[Z]] : index, index
func.func @execute_regions(%c: i1, %a: index) -> (index, index) {
  %0 = scf.execute_region -> index {
    %x = arith.addi %a, %a : index
    scf.yield %x : index
  }
  %1 = scf.execute_region -> index {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %y = arith.muli %0, %a : index
    scf.yield %y : index
  ^bb2:
    scf.yield %a : index
  }
  return %0, %1 : index, index
}

// -----

// A constant `scf.index_switch` inlines the case taken.
// CHECK-LABEL: func.func @index_switch_constant
// CHECK-NEXT:    %[[X:.*]] = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:    return %[[X]] : index
func.func @index_switch_constant(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %0 = scf.index_switch %c2 -> index
  case 1 {
    scf.yield %a : index
  }
  case 2 {
    %x = arith.addi %a, %a : index
    scf.yield %x : index
  }
  default {
    scf.yield %c2 : index
  }
  return %0 : index
}

// -----

// select(x == c, c, x) is x; a negated condition swaps the choices; an
// inner select on the same condition is redundant; select(p, false, true)
// is its negation, select(p, 1, 0) its zero extension.
// CHECK-LABEL: func.func @select_folds
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[A:.*]] = arith.select %arg1, %arg3, %arg2 : i32
// CHECK-NEXT:    %[[B:.*]] = arith.select %arg1, %arg3, %arg2 : i32
// CHECK-NEXT:    %[[N:.*]] = arith.xori %arg1, %[[T]] : i1
// CHECK-NEXT:    %[[E:.*]] = arith.extui %arg1 : i1 to i32
// CHECK-NEXT:    return %arg0, %[[A]], %[[B]], %[[N]], %[[E]]
func.func @select_folds(%x: index, %p: i1, %a: i32, %b: i32) -> (index, i32, i32, i1, i32) {
  %c1 = arith.constant 1 : index
  %eq = arith.cmpi eq, %x, %c1 : index
  %0 = arith.select %eq, %c1, %x : index
  %true = arith.constant true
  %not = arith.xori %p, %true : i1
  %1 = arith.select %not, %a, %b : i32
  %2 = arith.select %p, %1, %a : i32
  %false = arith.constant false
  %3 = arith.select %p, %false, %true : i1
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %4 = arith.select %p, %one, %zero : i32
  return %0, %1, %2, %3, %4 : index, i32, i32, i1, i32
}

// -----

// Constants move to the right of a comparison; `%p == true` is `%p`; a
// negated comparison is the opposite one.
// CHECK-LABEL: func.func @cmpi_folds
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : index
// CHECK-NEXT:    %[[A:.*]] = arith.cmpi sgt, %arg0, %[[C5]] : index
// CHECK-NEXT:    %[[B:.*]] = arith.cmpi uge, %arg0, %[[C5]] : index
// CHECK-NEXT:    return %[[A]], %arg1, %[[B]] : i1, i1, i1
func.func @cmpi_folds(%x: index, %p: i1) -> (i1, i1, i1) {
  %c5 = arith.constant 5 : index
  %0 = arith.cmpi slt, %c5, %x : index
  %true = arith.constant true
  %1 = arith.cmpi eq, %p, %true : i1
  %lt = arith.cmpi ult, %x, %c5 : index
  %2 = arith.xori %lt, %true : i1
  return %0, %1, %2 : i1, i1, i1
}

// -----

// Constants of chained additions and subtractions combine; the overflow
// flags both ops carry stay.
// CHECK-LABEL: func.func @reassociated_constants
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[A:.*]] = arith.addi %arg0, %[[C8]] overflow<nsw> : index
// CHECK-NEXT:    %[[B:.*]] = arith.subi %[[C2]], %arg0 : index
// CHECK-NEXT:    return %[[A]], %[[B]] : index, index
func.func @reassociated_constants(%x: index) -> (index, index) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = arith.addi %x, %c3 overflow<nsw> : index
  %b = arith.addi %a, %c5 overflow<nsw, nuw> : index
  %c = arith.subi %c5, %a : index
  return %b, %c : index, index
}

// -----

// An element of an effect-free `tensor.generate` is its body at the index.
// CHECK-LABEL: func.func @extract_of_generate
// CHECK-NOT:     tensor.generate
// CHECK:         %[[M:.*]] = arith.muli %arg1, %arg1 : index
// CHECK-NEXT:    return %[[M]] : index
func.func @extract_of_generate(%n: index, %i: index) -> index {
  %t = tensor.generate %n {
  ^bb0(%j: index):
    %m = arith.muli %j, %j : index
    tensor.yield %m : index
  } : tensor<?xindex>
  %e = tensor.extract %t[%i] : tensor<?xindex>
  return %e : index
}

// -----

// Constant non-negative extents of a `tensor.generate` go into its type
// (the body moves over unchanged), a cast giving the users the type they
// had: a cast to the static type then folds away. A negative constant
// stays an operand.
// CHECK-LABEL: func.func @static_generate
// CHECK:         %[[G:.*]] = tensor.generate  {
// CHECK-NEXT:    ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:      %[[D:.*]] = tensor.dim %arg0, %[[I]] : tensor<?x?xf32>
// CHECK-NEXT:      tensor.yield %[[D]] : index
// CHECK-NEXT:    } : tensor<2xindex>
// CHECK:         %[[H:.*]] = tensor.generate %arg1 {
// CHECK:         } : tensor<4x?x2xindex>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[H]] : tensor<4x?x2xindex> to tensor<?x?x?xindex>
// CHECK:         tensor.generate %c-1 {
// CHECK:         } : tensor<?xindex>
// CHECK:         return %[[G]], %[[C]],
func.func @static_generate(%t: tensor<?x?xf32>, %n: index) -> (tensor<2xindex>, tensor<?x?x?xindex>, tensor<?xindex>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c-1 = arith.constant -1 : index
  %g = tensor.generate %c2 {
  ^bb0(%i: index):
    %d = tensor.dim %t, %i : tensor<?x?xf32>
    tensor.yield %d : index
  } : tensor<?xindex>
  %cast = tensor.cast %g : tensor<?xindex> to tensor<2xindex>
  %h = tensor.generate %c4, %n, %c2 {
  ^bb0(%i: index, %j: index, %k: index):
    %s = arith.addi %i, %k : index
    tensor.yield %s : index
  } : tensor<?x?x?xindex>
  %neg = tensor.generate %c-1 {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %cast, %h, %neg : tensor<2xindex>, tensor<?x?x?xindex>, tensor<?xindex>
}

// -----

// A collapse of an expansion made of whole expanded groups collapses the
// source directly.
// CHECK-LABEL: func.func @collapse_of_expand
// CHECK:         memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<?x4xf32> into memref<?xf32>
func.func @collapse_of_expand(%m: memref<?x4xf32>, %n: index) -> memref<?xf32> {
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%n, 2, 2] : memref<?x4xf32> into memref<?x2x2xf32>
  %c = memref.collapse_shape %e [[0, 1, 2]] : memref<?x2x2xf32> into memref<?xf32>
  return %c : memref<?xf32>
}
