// RUN: shape-opt %s --split-input-file --hoist-constraints | FileCheck %s
//
// `hoist-constraints`: checks move before the regions they sat in, with
// the pure computation of their operands; regions directly nested merge
// under `shape.assuming_all`. (The runner adds --verify-semantics.)

// The matmul as lower-to-constrained gives it (the most nested form)
// becomes straight-line checks: every rank check before any split_at, and
// each split_at right after the split-index check that proves its index in
// range (value bounds), so the inner-dimension check and the concat move
// out too; the last region only yields.
// CHECK-LABEL: func @matmul
// CHECK-NOT:     split_at
// CHECK:         %[[W1:.*]] = cstr_require %{{.*}}, "operands of shape.meet must be equal"
// CHECK-NOT:     split_at
// CHECK:         %[[W2:.*]] = cstr_require %{{.*}}, "requires rank 2 operands"
// CHECK-NOT:     split_at
// CHECK:         %[[W3:.*]] = cstr_require %{{.*}}, "split index out of range"
// CHECK-NEXT:    "shape.split_at"(%0, %c1)
// CHECK-NOT:     split_at
// CHECK:         %[[W4:.*]] = cstr_require %{{.*}}, "split index out of range"
// CHECK-NEXT:    "shape.split_at"(%1, %c1)
// CHECK-NEXT:    %[[W5:.*]] = cstr_eq %tail, %head_{{.*}} {msg = "inner dimensions required to match"}
// CHECK-NEXT:    concat
// CHECK-NEXT:    %[[ALL:.*]] = assuming_all %[[W1]], %[[W2]], %[[W3]], %[[W4]], %[[W5]]
// CHECK-NEXT:    assuming %[[ALL]]
// CHECK-NEXT:      shape.assuming_yield
module {
  shape.function_library @shplib {
    func @matmul(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>) -> tensor<?xindex> {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %0 = shape_of %arg0 : tensor<*xf32> -> tensor<?xindex>
      %1 = shape_of %arg1 : tensor<*xf32> -> tensor<?xindex>
      %2 = rank %0 : tensor<?xindex> -> index
      %3 = rank %1 : tensor<?xindex> -> index
      %4 = arith.cmpi eq, %2, %3 : index
      %5 = cstr_require %4, "operands of shape.meet must be equal"
      %6 = assuming %5 -> (tensor<?xindex>) {
        %7 = arith.cmpi eq, %c2, %2 : index
        %8 = shape.cstr_require %7, "requires rank 2 operands"
        %9 = shape.assuming %8 -> (tensor<?xindex>) {
          %10 = shape.rank %0 : tensor<?xindex> -> index
          %c0 = arith.constant 0 : index
          %11 = arith.subi %c0, %10 : index
          %12 = arith.cmpi sge, %c1, %11 : index
          %13 = arith.cmpi sle, %c1, %10 : index
          %14 = arith.andi %12, %13 : i1
          %15 = shape.cstr_require %14, "split index out of range"
          %16 = shape.assuming %15 -> (tensor<?xindex>) {
            %head, %tail = "shape.split_at"(%0, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
            %17 = shape.rank %1 : tensor<?xindex> -> index
            %c0_0 = arith.constant 0 : index
            %18 = arith.subi %c0_0, %17 : index
            %19 = arith.cmpi sge, %c1, %18 : index
            %20 = arith.cmpi sle, %c1, %17 : index
            %21 = arith.andi %19, %20 : i1
            %22 = shape.cstr_require %21, "split index out of range"
            %23 = shape.assuming %22 -> (tensor<?xindex>) {
              %head_1, %tail_2 = "shape.split_at"(%1, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
              %24 = shape.cstr_eq %tail, %head_1 {msg = "inner dimensions required to match"} : tensor<?xindex>, tensor<?xindex>
              %25 = shape.assuming %24 -> (tensor<?xindex>) {
                %26 = shape.concat %head, %tail_2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
                shape.assuming_yield %26 : tensor<?xindex>
              }
              shape.assuming_yield %25 : tensor<?xindex>
            }
            shape.assuming_yield %23 : tensor<?xindex>
          }
          shape.assuming_yield %16 : tensor<?xindex>
        }
        shape.assuming_yield %9 : tensor<?xindex>
      }
      return %6 : tensor<?xindex>
    }
  } mapping {foo.matmul = @matmul}
}


// -----

// A split_at stays behind the check that makes it defined, and so does a
// constraint on its results.
// CHECK-LABEL: func.func @stays
// CHECK:         %[[W:.*]] = shape.cstr_require
// CHECK-NEXT:    shape.assuming %[[W]]
// CHECK-NEXT:      "shape.split_at"
// CHECK-NEXT:      shape.cstr_eq
func.func @stays(%s: tensor<?xindex>, %t: tensor<?xindex>, %i: index, %ok: i1) -> tensor<?xindex> {
  %w = shape.cstr_require %ok, "index in range"
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %h, %tail = "shape.split_at"(%s, %i) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %w2 = shape.cstr_eq %h, %t : tensor<?xindex>, tensor<?xindex>
    %x = shape.assuming %w2 -> (tensor<?xindex>) {
      shape.assuming_yield %tail : tensor<?xindex>
    }
    shape.assuming_yield %x : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// Conjunctions end canonical: nested ones flattened, duplicates dropped,
// witnesses in the order they are defined (so equal conjunctions cse).
// CHECK-LABEL: func.func @canonical_conjunction
// CHECK:         %[[A:.*]] = shape.cstr_eq %arg0, %arg1
// CHECK-NEXT:    %[[B:.*]] = shape.cstr_broadcastable %arg0, %arg2
// CHECK-NEXT:    %[[C:.*]] = shape.cstr_require %arg3
// CHECK-NEXT:    %[[ALL:.*]] = shape.assuming_all %[[A]], %[[B]], %[[C]]
// CHECK-NEXT:    %[[R:.*]] = shape.assuming %[[ALL]]
func.func @canonical_conjunction(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %ok: i1) -> tensor<?xindex> {
  %wa = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %wb = shape.cstr_broadcastable %a, %c : tensor<?xindex>, tensor<?xindex>
  %wc = shape.cstr_require %ok, "ok"
  %inner = shape.assuming_all %wc, %wa
  %all = shape.assuming_all %wb, %inner, %wc
  %r = shape.assuming %all -> (tensor<?xindex>) {
    shape.assuming_yield %a : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// A get_extent whose index no earlier check bounds stays behind the check
// that makes it defined; one whose index an earlier check proves in range
// moves out.
// CHECK-LABEL: func.func @extent_index
// CHECK:         cstr_require %{{.*}}, "index must be below the rank"
// CHECK-NEXT:    shape.get_extent %{{.*}}, %arg1
// CHECK:         shape.assuming
// CHECK-NEXT:      shape.get_extent %{{.*}}, %arg2
func.func @extent_index(%a: tensor<*xf32>, %i: index, %j: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %s = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %r = shape.rank %s : tensor<?xindex> -> index
  %below = arith.cmpi ult, %i, %r : index
  %w = shape.cstr_require %below, "index must be below the rank"
  %x, %y = shape.assuming %w -> (index, index) {
    %e = shape.get_extent %s, %i : tensor<?xindex>, index -> index
    %f = shape.get_extent %s, %j : tensor<?xindex>, index -> index
    shape.assuming_yield %e, %f : index, index
  }
  return %x, %y : index, index
}
