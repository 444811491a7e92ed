// test: run-lines
// RUN: shape-opt %s --split-input-file --allow-unregistered-dialect --pure-ops=mhlo. --hoist-constraints | FileCheck %s
//
// `hoist-constraints`: checks move before the regions they sat in, with
// the pure computation of their operands; regions directly nested merge
// under `shape.assuming_all`, and so do regions one after the other when
// the second's checks can move before the first. No check crosses an op
// with side effects (`foo.*` ops, calls to functions without a body);
// `mhlo.*` ops are declared pure. (The runner adds --verify-semantics.)

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

// -----

// A check after a call that may have side effects stays behind it, in its
// region (it would otherwise fail before the call logs); the pure ops
// computing its operands still move out.
// CHECK-LABEL: func.func @behind_a_call
// CHECK:         %[[S:.*]] = shape.shape_of %arg1
// CHECK-NEXT:    shape.assuming %arg2
// CHECK-NEXT:      call @log
// CHECK-NEXT:      %[[W:.*]] = shape.cstr_eq %arg0, %[[S]]
// CHECK-NEXT:      shape.assuming %[[W]]
func.func private @log(i64)
func.func @behind_a_call(%a: tensor<?xindex>, %t: tensor<?xf32>, %w: !shape.witness) {
  %c42 = arith.constant 42 : i64
  shape.assuming %w {
    func.call @log(%c42) : (i64) -> ()
    %s = shape.shape_of %t : tensor<?xf32> -> tensor<?xindex>
    %w1 = shape.cstr_eq %a, %s : tensor<?xindex>, tensor<?xindex>
    shape.assuming %w1 {
      func.call @log(%c42) : (i64) -> ()
      shape.assuming_yield
    }
    shape.assuming_yield
  }
  return
}

// -----

// Regions one after the other: the second's check (and the `shape_of` it
// reads) moves before the first region, whose ops are pure, and the two
// bodies become one region under both witnesses; the first region's
// result, used after both, leaves through the merged yield.
// CHECK-LABEL: func.func @sequential
// CHECK:         %[[W0:.*]] = shape.cstr_broadcastable %arg0, %arg1
// CHECK-NEXT:    %[[S:.*]] = shape.shape_of %arg3
// CHECK-NEXT:    %[[W1:.*]] = shape.cstr_broadcastable %arg0, %arg1, %[[S]]
// CHECK-NEXT:    %[[ALL:.*]] = shape.assuming_all %[[W0]], %[[W1]]
// CHECK-NEXT:    %[[R:.*]]:2 = shape.assuming %[[ALL]]
// CHECK-NEXT:      %[[X:.*]] = "mhlo.exponential"(%arg2)
// CHECK-NEXT:      %[[Y:.*]] = "mhlo.add"(%[[X]], %arg3)
// CHECK-NEXT:      shape.assuming_yield %[[X]], %[[Y]]
// CHECK:         return %[[R]]#0, %[[R]]#1
func.func @sequential(%a: tensor<?xindex>, %b: tensor<?xindex>, %t: tensor<?xf32>, %u: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %x = "mhlo.exponential"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  %s = shape.shape_of %u : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %a, %b, %s : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %y = "mhlo.add"(%r0, %u) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r0, %r1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// The same with an op of unknown effects in the first region: the second
// check may not move before it, the regions stay apart. Checks made before
// both regions move nothing when the regions merge, whatever their ops do.
// CHECK-LABEL: func.func @sequential_opaque
// CHECK:         shape.assuming %{{.*}} -> (tensor<?xf32>) {
// CHECK-NEXT:      "foo.exponential"
// CHECK:         shape.cstr_broadcastable %arg0, %arg1, %{{.*}} :
// CHECK-NEXT:    shape.assuming
// CHECK-LABEL: func.func @checked_before_both
// CHECK:         %[[W0:.*]] = shape.cstr_broadcastable %arg0, %arg1 :
// CHECK-NEXT:    %[[W1:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2 :
// CHECK-NEXT:    %[[ALL:.*]] = shape.assuming_all %[[W0]], %[[W1]]
// CHECK-NEXT:    shape.assuming %[[ALL]]
// CHECK-NEXT:      "foo.op"
// CHECK-NEXT:      "foo.op"
// CHECK-NEXT:    }
func.func @sequential_opaque(%a: tensor<?xindex>, %b: tensor<?xindex>, %t: tensor<?xf32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %x = "foo.exponential"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  %s = shape.shape_of %u : tensor<?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %a, %b, %s : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %y = "mhlo.add"(%r0, %u) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}
func.func @checked_before_both(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  shape.assuming %w0 {
    "foo.op"() : () -> ()
    shape.assuming_yield
  }
  shape.assuming %w1 {
    "foo.op"() : () -> ()
    shape.assuming_yield
  }
  return
}

// -----

// An op of unknown effects between the regions, after the second check:
// the check crosses only the pure first region; the op moves into the
// merged region between the two bodies, keeping its order with them.
// CHECK-LABEL: func.func @effect_after_the_check
// CHECK:         shape.assuming_all
// CHECK-NEXT:    shape.assuming
// CHECK-NEXT:      "mhlo.exponential"
// CHECK-NEXT:      "foo.trace"
// CHECK-NEXT:      "mhlo.add"
func.func @effect_after_the_check(%a: tensor<?xindex>, %b: tensor<?xindex>, %t: tensor<?xf32>) -> tensor<?xf32> {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %x = "mhlo.exponential"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %traced = "foo.trace"(%r0) : (tensor<?xf32>) -> tensor<?xf32>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %y = "mhlo.add"(%traced, %t) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}

// -----

// Shape functions in sequential regions (the interpreter runs them, so
// the runner's --verify-semantics compares every input): a call to a
// function whose body is pure stands between them, and the broadcast check
// of a region's result reads the shapes it was made of. The broadcasts
// stay behind the checks, in the merged region.
// CHECK-LABEL: func.func @shape_regions
// CHECK:         %[[W0:.*]] = shape.cstr_broadcastable %arg0, %arg1 :
// CHECK-NEXT:    %[[W1:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2 :
// CHECK-NEXT:    shape.assuming_all %[[W0]], %[[W1]]
// CHECK-NEXT:    shape.assuming
// CHECK-NEXT:      %[[AB:.*]] = shape.broadcast %arg0, %arg1
// CHECK-NEXT:      call @rank_of(%[[AB]])
// CHECK-NEXT:      shape.broadcast %[[AB]], %arg2
// CHECK-NEXT:      shape.assuming_yield
func.func private @rank_of(%s: tensor<?xindex>) -> index {
  %r = shape.rank %s : tensor<?xindex> -> index
  return %r : index
}
func.func @shape_regions(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) -> (tensor<?xindex>, index) {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %ab = shape.assuming %w0 -> (tensor<?xindex>) {
    %x = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  %n = func.call @rank_of(%ab) : (tensor<?xindex>) -> index
  %w1 = shape.cstr_broadcastable %ab, %c : tensor<?xindex>, tensor<?xindex>
  %abc = shape.assuming %w1 -> (tensor<?xindex>) {
    %y = shape.broadcast %ab, %c : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %y : tensor<?xindex>
  }
  return %abc, %n : tensor<?xindex>, index
}
