// test: run-lines
// RUN: shape-opt %s --split-input-file --verify-diagnostics --canonicalize-constraints
//
// The pass's diagnostics: a constraint that the static facts contradict
// is a compile-time error, with a note at the value in conflict; one it
// proves is removed with a remark.

func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %sa = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  %sb = shape.shape_of %b : tensor<4x5xf32> -> tensor<?xindex>
  %h, %t = "shape.split_at"(%sa, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  // expected-note@+1 {{the conflicting value is computed here}}
  %h2, %t2 = "shape.split_at"(%sb, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  // expected-error@+1 {{'shape.cstr_eq' op always fails: inner dimensions required to match: the shapes are [3] and [4]}}
  %w = shape.cstr_eq %t, %h2 {msg = "inner dimensions required to match"} : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %x = shape.concat %h, %t2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %x : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

func.func @broadcast(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> !shape.witness {
  %sa = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  // expected-note@+1 {{the conflicting value is computed here}}
  %sb = shape.shape_of %b : tensor<4xf32> -> tensor<?xindex>
  // expected-error@+1 {{'shape.cstr_broadcastable' op always fails: the shapes [2, 3], [4] cannot broadcast}}
  %w = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>
  return %w : !shape.witness
}

// -----

// A constraint proven true is removed with a remark saying why.
func.func @proven(%a: tensor<?xindex>, %b: tensor<?xindex>) -> !shape.witness {
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  // expected-remark@+1 {{'shape.cstr_broadcastable' op is always true: its operands are known equal}}
  %w2 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w = shape.assuming_all %w1, %w2
  return %w : !shape.witness
}

// -----

// Bounds: an extent is never negative.
func.func @negative_extent(%a: tensor<?xf32>) -> !shape.witness {
  %c0 = arith.constant 0 : index
  %s = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %d = shape.get_extent %s, %c0 : tensor<?xindex>, index -> index
  // expected-note@+1 {{the conflicting value is computed here}}
  %negative = arith.cmpi slt, %d, %c0 : index
  // expected-error@+1 {{'shape.cstr_require' op always fails: expected a negative extent: its condition is known false (the operands of `slt` are 0..? and 0)}}
  %w = shape.cstr_require %negative, "expected a negative extent"
  return %w : !shape.witness
}

// -----

// Bounds learnt from a check: after `%d <= 3`, `%d` is not 5.
func.func @bound_from_a_check(%a: tensor<?xf32>) -> !shape.witness {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %s = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %d = shape.get_extent %s, %c0 : tensor<?xindex>, index -> index
  %small = arith.cmpi sle, %d, %c3 : index
  %w1 = shape.cstr_require %small, "at most 3"
  // expected-note@+1 {{the conflicting value is computed here}}
  %five = arith.cmpi eq, %d, %c5 : index
  // expected-error@+1 {{'shape.cstr_require' op always fails: exactly 5: its condition is known false (the operands of `eq` are 0..3 and 5)}}
  %w2 = shape.cstr_require %five, "exactly 5"
  %w = shape.assuming_all %w1, %w2
  return %w : !shape.witness
}

// -----

// Divisibility: a multiple of 4 is not 6.
func.func @divisibility(%a: tensor<?x4xf32>) -> !shape.witness {
  %c6 = arith.constant 6 : index
  %s = shape.shape_of %a : tensor<?x4xf32> -> tensor<?xindex>
  %n = shape.num_elements %s : tensor<?xindex> -> index
  // expected-note@+1 {{the conflicting value is computed here}}
  %six = arith.cmpi eq, %n, %c6 : index
  // expected-error@+1 {{'shape.cstr_require' op always fails: 6 elements: its condition is known false (the operands of `eq` are ? (a multiple of 4) and 6)}}
  %w = shape.cstr_require %six, "6 elements"
  return %w : !shape.witness
}

// -----

// Value bounds: once `0 <= axis < rank` has been checked, splitting at
// `axis` leaves a tail of `rank - axis >= 1` extents, so splitting that
// tail at 1 is in range. Intervals alone do not relate `axis` and `rank`.
func.func @split_after_axis_check(%a: tensor<*xf32>, %axis: index) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
  %rank = shape.rank %s : tensor<?xindex> -> index
  %in_range = arith.cmpi ult, %axis, %rank : index
  %w0 = shape.cstr_require %in_range, "axis out of range"
  %r = shape.assuming %w0 -> (tensor<?xindex>) {
    %head, %tail = "shape.split_at"(%s, %axis) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
    %n = shape.rank %tail : tensor<?xindex> -> index
    %neg = arith.subi %c0, %n : index
    %lo = arith.cmpi sge, %c1, %neg : index
    %hi = arith.cmpi sle, %c1, %n : index
    %ok = arith.andi %lo, %hi : i1
    // expected-remark@+1 {{'shape.cstr_require' op is always true: its condition follows from the value bounds of what it compares}}
    %w1 = shape.cstr_require %ok, "split index out of range"
    %t = shape.assuming %w1 -> (tensor<?xindex>) {
      %h2, %t2 = "shape.split_at"(%tail, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      shape.assuming_yield %t2 : tensor<?xindex>
    }
    shape.assuming_yield %t : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// Value bounds: a padded height less a kernel that fits in it, divided by
// a stride of at least 1, is not negative.
func.func @output_extent(%h: index, %k: index, %stride: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s1 = arith.maxsi %stride, %c1 : index
  %positive = arith.cmpi eq, %s1, %stride : index
  %w0 = shape.cstr_require %positive, "stride must be positive"
  %fits = arith.cmpi sle, %k, %h : index
  %w1 = shape.cstr_require %fits, "kernel must fit"
  %diff = arith.subi %h, %k : index
  %q = arith.floordivsi %diff, %stride : index
  %out = arith.addi %q, %c1 : index
  %ok = arith.cmpi sge, %out, %c0 : index
  // expected-remark@+1 {{'shape.cstr_require' op is always true: its condition follows from the value bounds of what it compares}}
  %w2 = shape.cstr_require %ok, "extents must be non-negative"
  %w = shape.assuming_all %w0, %w1, %w2
  %r = shape.assuming %w -> (index) {
    shape.assuming_yield %out : index
  }
  return %r : index
}
