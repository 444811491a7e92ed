// test: run-lines
// RUN: shape-opt %s --split-input-file --pass-pipeline='builtin.module(convert-shape-to-std)' | FileCheck %s
//
// `convert-shape-to-std` under strict symbolic shapes
// (`shape_opt.strict_symbolic_shapes`, on the module for its public
// functions, or on a function): no check on entry; a broadcast (or a
// broadcast check) asserts, in one `cf.assert` with a message naming the
// assumption, that in each dimension the dynamic extents of arguments and
// the static ones other than 1 that reach it are equal; the first then
// stands for all, with no select. A broadcast after the check of the same
// shapes asserts nothing again. Std form checks the assumption in code:
// the attribute goes.

// CHECK-LABEL: module {
// CHECK-LABEL: func.func @broadcast
// CHECK-NOT:     cf.assert
// CHECK:         %[[A0:.*]] = tensor.dim %arg0, %c0
// CHECK:         %[[A1:.*]] = tensor.dim %arg0, %c1
// CHECK:         %[[B0:.*]] = tensor.dim %arg1, %c0
// CHECK:         %[[B1:.*]] = tensor.dim %arg1, %c1
// CHECK:         %[[EQ0:.*]] = arith.cmpi eq, %[[A0]], %[[B0]] : index
// CHECK:         %[[EQ1:.*]] = arith.cmpi eq, %[[A1]], %[[B1]] : index
// CHECK:         %[[BOTH:.*]] = arith.andi %[[EQ0]], %[[EQ1]] : i1
// CHECK:         cf.assert %[[BOTH]], "strict symbolic shapes: broadcast needs equal extents where one is dynamic"
// CHECK:         cf.assert %true, "operands must be broadcastable"
// CHECK-NOT:     cf.assert
// CHECK-NOT:     arith.select
// CHECK:         tensor.from_elements %[[A0]], %[[A1]] : tensor<2xindex>
// CHECK:         return
module attributes {shape_opt.strict_symbolic_shapes} {
  func.func @broadcast(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {
    %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
    %ok = shape.is_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
    cf.assert %ok, "operands must be broadcastable"
    %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    return %r : tensor<?xindex>
  }
}

// -----

// A dynamic extent against a static 4 must be 4, and the result is 4; a
// static 1 broadcasts, and the dynamic extent it meets is the result.

// CHECK-LABEL: func.func @mixed
// CHECK-NOT:     attributes
// CHECK:         %[[A0:.*]] = tensor.dim %arg0, %c0
// CHECK:         %[[B1:.*]] = tensor.dim %arg1, %c1
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %[[A0]], %c4 : index
// CHECK:         cf.assert %[[EQ]], "strict symbolic shapes: broadcast needs equal extents where one is dynamic"
// CHECK-NOT:     strict symbolic shapes
// CHECK-NOT:     arith.select
// CHECK:         tensor.from_elements %c4, %[[B1]] : tensor<2xindex>
func.func @mixed(%a: tensor<?x1xf32>, %b: tensor<4x?xf32>, %s: tensor<?xindex>, %u: tensor<*xf32>) -> tensor<?xindex> attributes {shape_opt.strict_symbolic_shapes} {
  %sa = shape.shape_of %a : tensor<?x1xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<4x?xf32> -> tensor<?xindex>
  %ok = shape.is_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  cf.assert %ok, "operands must be broadcastable"
  %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// The module's attribute is for its public functions; a private one is
// strict only with an attribute of its own. Extents of an extent tensor
// (whose origin is unknown) broadcast as in general mode.

// CHECK-LABEL: func.func private @helper
// CHECK-NOT:     cf.assert
// CHECK:         arith.select
// CHECK-LABEL: func.func private @own
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: broadcast needs equal extents where one is dynamic"
// CHECK-NOT:     arith.select
// CHECK-LABEL: func.func @shapes
// CHECK-NOT:     strict symbolic shapes
// CHECK:         arith.select
module attributes {shape_opt.strict_symbolic_shapes} {
  func.func private @helper(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xindex> {
    %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
    %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    return %r : tensor<?xindex>
  }
  func.func private @own(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xindex> attributes {shape_opt.strict_symbolic_shapes} {
    %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
    %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    return %r : tensor<?xindex>
  }
  func.func @shapes(%a: tensor<?xf32>, %s: tensor<1xindex>) -> tensor<?xindex> {
    %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
    %r = shape.broadcast %sa, %s : tensor<?xindex>, tensor<1xindex> -> tensor<?xindex>
    return %r : tensor<?xindex>
  }
}

// -----

// Without the attribute, a dynamic extent may be the broadcasting 1.

// CHECK-LABEL: func.func @general
// CHECK-NOT:     strict symbolic shapes
// CHECK:         arith.select
func.func @general(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xindex> {
  %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
  %ok = shape.is_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  cf.assert %ok, "operands must be broadcastable"
  %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %r : tensor<?xindex>
}
