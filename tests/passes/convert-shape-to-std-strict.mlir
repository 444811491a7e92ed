// test: run-lines
// RUN: shape-opt %s --split-input-file --pass-pipeline='builtin.module(convert-shape-to-std)' | FileCheck %s
//
// `convert-shape-to-std` under strict symbolic shapes
// (`shape_opt.strict_symbolic_shapes`, on the module for its public
// functions, or on a function): each dimension an argument's type leaves
// dynamic is checked not to be 1 on entry, each with its own message, and
// is then known not to be 1: broadcasting it takes no select, and checks
// equality. Std form checks the assumption in code: the attribute goes.

// CHECK-LABEL: module {
// CHECK-LABEL: func.func @broadcast
// CHECK:         %[[A0:.*]] = tensor.dim %arg0, %c0
// CHECK:         %[[NE:.*]] = arith.cmpi ne, %[[A0]], %c1
// CHECK:         cf.assert %[[NE]], "strict symbolic shapes: dynamic dimension 0 of %arg0 is 1"
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: dynamic dimension 1 of %arg0 is 1"
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: dynamic dimension 0 of %arg1 is 1"
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: dynamic dimension 1 of %arg1 is 1"
// CHECK-NOT:     arith.select
// CHECK:         %[[EQ0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK:         %[[EQ1:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK:         %[[BOTH:.*]] = arith.andi %[[EQ0]], %[[EQ1]] : i1
// CHECK:         cf.assert %[[BOTH]], "operands must be broadcastable"
// CHECK-NOT:     arith.select
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

// Static dimensions, extent tensors (shapes) and unranked tensors declare no
// dynamic dimension; a static 1 still broadcasts, and an extent checked not
// to be 1 against a static one is equal to it.

// CHECK-LABEL: func.func @mixed
// CHECK-NOT:     attributes
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: dynamic dimension 0 of %arg0 is 1"
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: dynamic dimension 1 of %arg1 is 1"
// CHECK-NOT:     strict symbolic shapes
// CHECK-NOT:     arith.select
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %{{.*}}, %c4 : index
// CHECK:         cf.assert %[[EQ]], "operands must be broadcastable"
// CHECK:         tensor.from_elements %c4, %{{.*}} : tensor<2xindex>
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
// strict only with an attribute of its own.

// CHECK-LABEL: func.func private @helper
// CHECK-NOT:     cf.assert
// CHECK:         return
// CHECK-LABEL: func.func private @own
// CHECK:         cf.assert %{{.*}}, "strict symbolic shapes: dynamic dimension 0 of %arg0 is 1"
module attributes {shape_opt.strict_symbolic_shapes} {
  func.func private @helper(%a: tensor<?xf32>) -> index {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %a, %c0 : tensor<?xf32>
    return %d : index
  }
  func.func private @own(%a: tensor<?xf32>) -> index attributes {shape_opt.strict_symbolic_shapes} {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %a, %c0 : tensor<?xf32>
    return %d : index
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
