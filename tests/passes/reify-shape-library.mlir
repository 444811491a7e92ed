// test: run-lines
// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --reify-shape-library | FileCheck %s
//
// `reify-shape-library`: every op a library's mapping names gets its own
// instance of the shape function, a private func.func on the op's operand
// types, called right before the op, which names it with `shape.fn`.

// Two uses of the matmul shape function: two instances, each on its op's
// operand types, placed after the function in op order.
// CHECK-LABEL: shape.function_library @shplib
// CHECK:         func @matmul(%arg0: !shape.value_shape, %arg1: !shape.value_shape) -> !shape.shape
// CHECK:       } mapping {foo.matmul = @matmul}
// CHECK-LABEL: func.func @main(
// CHECK-NEXT:    %[[S0:.*]] = call @foo_matmul_matmul_shape_0(%arg0, %arg1) : (tensor<*xf32>, tensor<?x?xf32>) -> !shape.shape
// CHECK-NEXT:    shape.meet
// CHECK-NEXT:    %[[AB:.*]] = "foo.matmul"(%arg0, %arg1) {shape.fn = @foo_matmul_matmul_shape_0} : (tensor<*xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %[[S1:.*]] = call @foo_matmul_matmul_shape_1(%[[AB]], %arg2) : (tensor<?x?xf32>, tensor<?x4xf32>) -> !shape.shape
// CHECK-NEXT:    shape.meet
// CHECK-NEXT:    %[[ABC:.*]] = "foo.matmul"(%[[AB]], %arg2) {shape.fn = @foo_matmul_matmul_shape_1} : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %[[ABC]] : tensor<?x4xf32>
// CHECK-LABEL: func.func private @foo_matmul_matmul_shape_0(%arg0: tensor<*xf32>, %arg1: tensor<?x?xf32>) -> !shape.shape {
// CHECK-NEXT:    %[[C1:.*]] = shape.const_size 1
// CHECK-NEXT:    %[[C2:.*]] = shape.const_size 2
// CHECK-NEXT:    %[[L:.*]] = shape.shape_of %arg0 : tensor<*xf32> -> !shape.shape
// CHECK-NEXT:    %[[R:.*]] = shape.shape_of %arg1 : tensor<?x?xf32> -> !shape.shape
// CHECK-NEXT:    %[[LR:.*]] = shape.rank %[[L]]
// CHECK-NEXT:    %[[RR:.*]] = shape.rank %[[R]]
// CHECK-NEXT:    %[[M:.*]] = shape.meet %[[LR]], %[[RR]]
// CHECK-NEXT:    shape.meet %[[C2]], %[[M]], error = "requires rank 2 operands"
// CHECK-NEXT:    %[[L0:.*]], %[[L1:.*]] = "shape.split_at"(%[[L]], %[[C1]])
// CHECK-NEXT:    %[[R0:.*]], %[[R1:.*]] = "shape.split_at"(%[[R]], %[[C1]])
// CHECK-NEXT:    shape.meet %[[L1]], %[[R0]], error = "inner dimensions required to match"
// CHECK-NEXT:    %[[RES:.*]] = shape.concat %[[L0]], %[[R1]]
// CHECK-NEXT:    return %[[RES]] : !shape.shape
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @foo_matmul_matmul_shape_1(%arg0: tensor<?x?xf32>, %arg1: tensor<?x4xf32>) -> !shape.shape {
// CHECK:         shape.shape_of %arg0 : tensor<?x?xf32> -> !shape.shape
// CHECK-NEXT:    shape.shape_of %arg1 : tensor<?x4xf32> -> !shape.shape
// CHECK:         return
// CHECK-NEXT:  }
// CHECK-NEXT: }
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

func.func @main(%a: tensor<*xf32>, %b: tensor<?x?xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %ab = "foo.matmul"(%a, %b) : (tensor<*xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %abc = "foo.matmul"(%ab, %c) : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %abc : tensor<?x4xf32>
}

// -----

// Helpers of the library (func.func, as MLIR's func.call requires) are
// inlined into the instance; value shapes passed through calls and
// with_shape keep working; value_as_shape reads an index tensor directly.
// CHECK-LABEL: func.func @helpers(
// CHECK-NEXT:    call @foo_add_binary_shape_0(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> !shape.shape
// CHECK-NEXT:    shape.meet
// CHECK-NEXT:    %[[ADD:.*]] = "foo.add"(%arg0, %arg1) {shape.fn = @foo_add_binary_shape_0}
// CHECK-NEXT:    call @foo_reshape_reshape_shape_0(%[[ADD]], %arg2) : (tensor<?xf32>, tensor<2xindex>) -> !shape.shape
// CHECK-NEXT:    shape.meet
// CHECK-NEXT:    "foo.reshape"(%[[ADD]], %arg2) {shape.fn = @foo_reshape_reshape_shape_0}
// CHECK-LABEL: func.func private @foo_add_binary_shape_0(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> !shape.shape {
// CHECK-NEXT:    %[[A:.*]] = shape.shape_of %arg0 : tensor<?xf32> -> !shape.shape
// CHECK-NEXT:    %[[B:.*]] = shape.with_shape %arg1, %[[A]] : tensor<?xf32>, !shape.shape
// CHECK-NEXT:    %[[S:.*]] = shape.shape_of %[[B]] : !shape.value_shape -> !shape.shape
// CHECK-NEXT:    return %[[S]] : !shape.shape
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @foo_reshape_reshape_shape_0(%arg0: tensor<?xf32>, %arg1: tensor<2xindex>) -> !shape.shape {
// CHECK-NEXT:    shape.value_as_shape %arg1 : tensor<2xindex> -> !shape.shape
// CHECK:         shape.shape_of %arg0 : tensor<?xf32> -> !shape.shape
// CHECK:         shape.meet
// CHECK-SAME:      error = "element counts differ"
// CHECK-NOT:     call
shape.function_library @lib {
  func.func @same(%a: !shape.value_shape) -> !shape.shape {
    %0 = shape.shape_of %a : !shape.value_shape -> !shape.shape
    func.return %0 : !shape.shape
  }
  func @binary(%a: !shape.value_shape, %b: !shape.value_shape) -> !shape.shape {
    %0 = func.call @same(%a) : (!shape.value_shape) -> !shape.shape
    %1 = with_shape %b, %0 : !shape.value_shape, !shape.shape
    %2 = func.call @same(%1) : (!shape.value_shape) -> !shape.shape
    return %2 : !shape.shape
  }
  func @reshape(%t: !shape.value_shape, %s: !shape.value_shape) -> !shape.shape {
    %0 = value_as_shape %s : !shape.value_shape -> !shape.shape
    %n = num_elements %0 : !shape.shape -> !shape.size
    %1 = shape_of %t : !shape.value_shape -> !shape.shape
    %m = num_elements %1 : !shape.shape -> !shape.size
    %x = meet %n, %m, error = "element counts differ" : !shape.size, !shape.size -> !shape.size
    return %0 : !shape.shape
  }
} mapping {foo.add = @binary, foo.reshape = @reshape}

func.func @helpers(%a: tensor<?xf32>, %b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = "foo.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "foo.reshape"(%0, %s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Two libraries, each mapping its own op; the instance goes after the
// function holding the op, even inside a region; an unmapped op is left
// alone.
// CHECK-LABEL: func.func @two_libraries(
// CHECK:           scf.if
// CHECK-NEXT:        func.call @foo_neg_same_shape_0(%arg0) : (tensor<2x?xf32>) -> !shape.shape
// CHECK-NEXT:        shape.meet
// CHECK-NEXT:        "foo.neg"(%arg0) {shape.fn = @foo_neg_same_shape_0}
// CHECK:         call @foo_pad_pad_shape_0(%{{.*}}, %arg1) : (tensor<2x?xf32>, !shape.size) -> (!shape.shape, !shape.size)
// CHECK-NEXT:         shape.meet
// CHECK-NEXT:         shape.meet
// CHECK-NEXT:    "foo.pad"
// CHECK-SAME:      {shape.fn = @foo_pad_pad_shape_0}
// CHECK-NEXT:    "foo.other"(%{{.*}}) : (tensor<?x?xf32>)
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @foo_neg_same_shape_0(%arg0: tensor<2x?xf32>) -> !shape.shape {
// CHECK:       func.func private @foo_pad_pad_shape_0(%arg0: tensor<2x?xf32>, %arg1: !shape.size) -> (!shape.shape, !shape.size) {
// CHECK-NEXT:    %[[S:.*]] = shape.shape_of %arg0 : tensor<2x?xf32> -> !shape.shape
// CHECK-NEXT:    %[[R:.*]] = shape.rank %[[S]]
// CHECK-NEXT:    %[[N:.*]] = shape.add %[[R]], %arg1
// CHECK-NEXT:    return %[[S]], %[[N]] : !shape.shape, !shape.size
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @after()
shape.function_library @unary {
  func @same(%a: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %a : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {foo.neg = @same}

shape.function_library @sized {
  func @pad(%a: !shape.value_shape, %n: !shape.size) -> (!shape.shape, !shape.size) {
    %0 = shape_of %a : !shape.value_shape -> !shape.shape
    %r = rank %0 : !shape.shape -> !shape.size
    %s = add %r, %n : !shape.size, !shape.size -> !shape.size
    return %0, %s : !shape.shape, !shape.size
  }
} mapping {foo.pad = @pad}

func.func @two_libraries(%a: tensor<2x?xf32>, %n: !shape.size, %c: i1) -> tensor<?x?xf32> {
  %0 = scf.if %c -> tensor<2x?xf32> {
    %1 = "foo.neg"(%a) : (tensor<2x?xf32>) -> tensor<2x?xf32>
    scf.yield %1 : tensor<2x?xf32>
  } else {
    scf.yield %a : tensor<2x?xf32>
  }
  %2 = "foo.pad"(%0, %n) : (tensor<2x?xf32>, !shape.size) -> tensor<?x?xf32>
  %3 = "foo.other"(%2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

func.func @after() {
  return
}

// -----

// The module's shape.lib picks the library when two map the same op.
// CHECK-LABEL: func.func @picked(
// CHECK-NEXT:    call @foo_op_g_shape_0(%arg0)
// CHECK-NEXT:    shape.meet
// CHECK-NEXT:    "foo.op"(%arg0) {shape.fn = @foo_op_g_shape_0}
// CHECK-LABEL: func.func private @foo_op_g_shape_0(
// CHECK-NEXT:    shape.shape_of
// CHECK-NEXT:    shape.concat
module attributes {shape.lib = @second} {
  shape.function_library @first {
    func @f(%a: !shape.value_shape) -> !shape.shape {
      %0 = shape_of %a : !shape.value_shape -> !shape.shape
      return %0 : !shape.shape
    }
  } mapping {foo.op = @f}
  shape.function_library @second {
    func @g(%a: !shape.value_shape) -> !shape.shape {
      %0 = shape_of %a : !shape.value_shape -> !shape.shape
      %1 = concat %0, %0 : !shape.shape, !shape.shape -> !shape.shape
      return %1 : !shape.shape
    }
  } mapping {foo.op = @g}
  func.func @picked(%a: tensor<?xf32>) -> tensor<?xf32> {
    %0 = "foo.op"(%a) : (tensor<?xf32>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}

// -----

// value_of gives the operand itself when the types agree; otherwise, as
// for any use but shape_of, with_shape and value_as_shape, it reads the
// operand paired with its shape. A name in use is skipped; an op that has
// its instance already is left alone.
// CHECK-LABEL: func.func @values(
// CHECK-NEXT:    call @foo_values_values_shape_1(%arg0, %arg1) : (tensor<4xindex>, tensor<3xindex>) -> !shape.shape
// CHECK-NEXT:    shape.meet
// CHECK-NEXT:    "foo.values"(%arg0, %arg1) {shape.fn = @foo_values_values_shape_1}
// CHECK-NEXT:    "foo.values"(%arg0, %arg1) {shape.fn = @elsewhere}
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @foo_values_values_shape_1(%arg0: tensor<4xindex>, %arg1: tensor<3xindex>) -> !shape.shape {
// CHECK-NEXT:    %[[S:.*]] = shape.shape_of %arg1 : tensor<3xindex> -> !shape.shape
// CHECK-NEXT:    %[[VS:.*]] = shape.with_shape %arg1, %[[S]] : tensor<3xindex>, !shape.shape
// CHECK-NEXT:    %[[V:.*]] = shape.value_of %[[VS]] : tensor<?xindex>
// CHECK-NEXT:    %[[A:.*]] = shape.shape_of %arg0 : tensor<4xindex> -> !shape.shape
// CHECK-NEXT:    %[[B:.*]] = shape.shape_of %[[V]] : tensor<?xindex> -> !shape.shape
// CHECK-NEXT:    shape.concat %[[A]], %[[B]]
shape.function_library @lib {
  func @values(%a: !shape.value_shape, %b: !shape.value_shape) -> !shape.shape {
    %0 = value_of %a : tensor<4xindex>
    %1 = value_of %b : tensor<?xindex>
    %2 = shape_of %0 : tensor<4xindex> -> !shape.shape
    %3 = shape_of %1 : tensor<?xindex> -> !shape.shape
    %4 = concat %2, %3 : !shape.shape, !shape.shape -> !shape.shape
    return %4 : !shape.shape
  }
} mapping {foo.values = @values}

func.func private @foo_values_values_shape_0()

func.func @values(%a: tensor<4xindex>, %b: tensor<3xindex>) -> tensor<7xindex> {
  %0 = "foo.values"(%a, %b) : (tensor<4xindex>, tensor<3xindex>) -> tensor<7xindex>
  %1 = "foo.values"(%a, %b) {shape.fn = @elsewhere} : (tensor<4xindex>, tensor<3xindex>) -> tensor<7xindex>
  return %0 : tensor<7xindex>
}
