//! The interpreter on small functions, one module per op family.

mod common;

/// Run `@f` of `text` on `args`: the printed outcome.
fn eval(text: &str, args: &[&str]) -> String {
    common::parse(text).show("f", args)
}

mod shape_stage1 {
    use super::eval;

    #[test]
    fn errors_are_values_and_propagate() {
        let f = r#"
        func.func @f(%s: !shape.shape, %i: index) -> !shape.shape {
          %h, %t = "shape.split_at"(%s, %i) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
          %c = shape.concat %t, %h : !shape.shape, !shape.shape -> !shape.shape
          return %c : !shape.shape
        }"#;
        assert_eq!(eval(f, &["[4,5,6]", "1"]), "ok [5, 6, 4]");
        assert_eq!(eval(f, &["[4,5,6]", "-1"]), "ok [6, 4, 5]");
        assert_eq!(
            eval(f, &["[4,5,6]", "4"]),
            "error: split index out of range"
        );
    }

    #[test]
    fn unused_invalid_values_do_not_fail() {
        let f = r#"
        func.func @f(%s: !shape.shape) -> !shape.size {
          %c9 = shape.const_size 9
          %e = shape.get_extent %s, %c9 : !shape.shape, !shape.size -> !shape.size
          %r = shape.rank %s : !shape.shape -> !shape.size
          return %r : !shape.size
        }"#;
        assert_eq!(eval(f, &["[4,5]"]), "ok 2");
    }

    #[test]
    fn every_meet_is_a_requirement() {
        let f = r#"
        func.func @f(%a: !shape.size, %b: !shape.size, %s: !shape.shape, %t: !shape.shape) -> !shape.size {
          %m = shape.meet %a, %b : !shape.size, !shape.size -> !shape.size
          %n = shape.meet %s, %t, error = "shapes differ" : !shape.shape, !shape.shape -> !shape.shape
          %c = shape.const_size 1
          return %c : !shape.size
        }"#;
        assert_eq!(eval(f, &["2", "2", "[1]", "[1]"]), "ok 1");
        assert_eq!(
            eval(f, &["2", "3", "[1]", "[2]"]),
            "error: operands of shape.meet must be equal"
        );
        assert_eq!(eval(f, &["2", "2", "[1]", "[2]"]), "error: shapes differ");
        let g = r#"
        func.func @f(%s: !shape.shape, %t: !shape.shape) -> !shape.shape {
          %n = shape.meet %s, %t : !shape.shape, !shape.shape -> !shape.shape
          return %n : !shape.shape
        }"#;
        assert_eq!(
            eval(g, &["[1, 2]", "[2]"]),
            "error: operands of shape.meet must be equal"
        );
        assert_eq!(eval(g, &["[]", "[]"]), "ok []");
    }

    #[test]
    fn a_meet_of_an_invalid_value_fails_with_its_error() {
        let f = r#"
        func.func @f(%s: !shape.shape) -> !shape.size {
          %c5 = shape.const_size 5
          %e = shape.get_extent %s, %c5 : !shape.shape, !shape.size -> !shape.size
          %m = shape.meet %e, %c5, error = "five" : !shape.size, !shape.size -> !shape.size
          return %m : !shape.size
        }"#;
        assert_eq!(eval(f, &["[1]"]), "error: dimension index out of range");
    }

    #[test]
    fn size_arithmetic() {
        let f = r#"
        func.func @f(%a: !shape.size, %b: !shape.size) -> (!shape.size, !shape.size, !shape.size, !shape.size, !shape.size) {
          %s = shape.add %a, %b : !shape.size, !shape.size -> !shape.size
          %p = shape.mul %a, %b : !shape.size, !shape.size -> !shape.size
          %q = shape.div %a, %b : !shape.size, !shape.size -> !shape.size
          %x = shape.max %a, %b : !shape.size, !shape.size -> !shape.size
          %n = shape.min %a, %b : !shape.size, !shape.size -> !shape.size
          return %s, %p, %q, %x, %n : !shape.size, !shape.size, !shape.size, !shape.size, !shape.size
        }"#;
        assert_eq!(eval(f, &["7", "2"]), "ok 9, 14, 3, 7, 2");
        assert_eq!(eval(f, &["7", "0"]), "error: division by zero");
        assert_eq!(
            eval(f, &["9223372036854775807", "1"]),
            "error: undefined behaviour: shape.add of 9223372036854775807 and 1 overflows"
        );
        let g = r#"
        func.func @f(%a: index, %b: index) -> index {
          %q = shape.div %a, %b : index, index -> index
          return %q : index
        }"#;
        assert_eq!(eval(g, &["-7", "2"]), "ok -4");
        assert_eq!(
            eval(g, &["1", "0"]),
            "error: undefined behaviour: division by zero"
        );
    }

    #[test]
    fn shapes_and_extents() {
        let f = r#"
        func.func @f(%s: !shape.shape, %t: !shape.shape) -> (!shape.shape, !shape.size, !shape.size, i1, i1, !shape.shape, !shape.shape) {
          %b = shape.broadcast %s, %t : !shape.shape, !shape.shape -> !shape.shape
          %r = shape.rank %b : !shape.shape -> !shape.size
          %n = shape.num_elements %b : !shape.shape -> !shape.size
          %ok = shape.is_broadcastable %s, %t : !shape.shape, !shape.shape
          %eq = shape.shape_eq %s, %t : !shape.shape, !shape.shape
          %a = shape.any %s, %t : !shape.shape, !shape.shape -> !shape.shape
          %x = shape.max %s, %s : !shape.shape, !shape.shape -> !shape.shape
          return %b, %r, %n, %ok, %eq, %a, %x : !shape.shape, !shape.size, !shape.size, i1, i1, !shape.shape, !shape.shape
        }"#;
        assert_eq!(
            eval(f, &["[2,1]", "[3,1,4]"]),
            "ok [3, 2, 4], 3, 24, 1, 0, [2, 1], [2, 1]"
        );
        assert_eq!(
            eval(f, &["[2,2]", "[3,2]"]),
            "error: operands must be broadcastable"
        );
        let g = r#"
        func.func @f(%s: !shape.shape, %t: !shape.shape) -> !shape.shape {
          %b = shape.broadcast %s, %t {error = "cannot broadcast"} : !shape.shape, !shape.shape -> !shape.shape
          return %b : !shape.shape
        }"#;
        assert_eq!(eval(g, &["[2]", "[3]"]), "error: cannot broadcast");
    }

    #[test]
    fn constants_conversions_and_extent_tensors() {
        let f = r#"
        func.func @f(%i: index) -> (!shape.shape, tensor<?xindex>, index, !shape.shape, !shape.shape) {
          %s = shape.const_shape [2, 3] : !shape.shape
          %z = shape.index_to_size %i
          %e = shape.from_extents %z, %i : !shape.size, index
          %c = shape.concat %s, %e : !shape.shape, !shape.shape -> !shape.shape
          %t = shape.to_extent_tensor %c : !shape.shape -> tensor<?xindex>
          %n = shape.num_elements %t : tensor<?xindex> -> index
          %back = shape.from_extent_tensor %t : tensor<?xindex>
          %k = shape.const_shape [4] : tensor<1xindex>
          %m = shape.max %back, %back : !shape.shape, !shape.shape -> !shape.shape
          %d = "shape.debug_print"(%m) : (!shape.shape) -> !shape.shape
          return %c, %t, %n, %back, %d : !shape.shape, tensor<?xindex>, index, !shape.shape, !shape.shape
        }"#;
        assert_eq!(
            eval(f, &["5"]),
            "ok [2, 3, 5, 5], [2, 3, 5, 5], 150, [2, 3, 5, 5], [2, 3, 5, 5]"
        );
        assert_eq!(
            eval(f, &["-1"]),
            "error: undefined behaviour: index -1 is negative and not a size"
        );
    }

    #[test]
    fn extent_tensors_cannot_hold_errors() {
        let f = r#"
        func.func @f(%s: tensor<?xindex>, %i: index) -> tensor<?xindex> {
          %h, %t = "shape.split_at"(%s, %i) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
          return %t : tensor<?xindex>
        }"#;
        assert_eq!(eval(f, &["[1,2,3]", "2"]), "ok [3]");
        assert_eq!(
            eval(f, &["[1,2,3]", "7"]),
            "error: undefined behaviour: split index out of range"
        );
        let g = r#"
        func.func @f(%s: !shape.shape) -> tensor<2xindex> {
          %t = shape.to_extent_tensor %s : !shape.shape -> tensor<2xindex>
          return %t : tensor<2xindex>
        }"#;
        assert_eq!(eval(g, &["[1,2]"]), "ok [1, 2]");
        assert_eq!(
            eval(g, &["[1,2,3]"]),
            "error: undefined behaviour: 'shape.to_extent_tensor' produced a tensor of shape [3], which its type does not allow"
        );
    }

    #[test]
    fn value_shapes() {
        let f = r#"
        func.func @f(%v: !shape.value_shape, %t: tensor<?x3xf32>) -> (!shape.shape, index, !shape.size, !shape.shape) {
          %s = shape.shape_of %v : !shape.value_shape -> !shape.shape
          %c1 = arith.constant 1 : index
          %d = shape.dim %t, %c1 : tensor<?x3xf32>, index -> index
          %c0 = shape.const_size 0
          %e = shape.dim %t, %c0 : tensor<?x3xf32>, !shape.size -> !shape.size
          %w = shape.with_shape %t, %s : tensor<?x3xf32>, !shape.shape
          %ws = shape.shape_of %w : !shape.value_shape -> !shape.shape
          return %s, %d, %e, %ws : !shape.shape, index, !shape.size, !shape.shape
        }"#;
        assert_eq!(eval(f, &["[7,8]", "[2,3]"]), "ok [7, 8], 3, 2, [7, 8]");
        assert_eq!(
            eval(f, &["[7,8]", "[2,4]"]),
            "interp error: argument 2: shape [2, 4] does not fit the parameter's static shape"
        );
        let g = r#"
        func.func @f(%x: !shape.shape) -> (tensor<?xindex>, !shape.shape, !shape.shape) {
          %t = arith.constant dense<[4, 5]> : tensor<2xindex>
          %w = shape.with_shape %t, %x : tensor<2xindex>, !shape.shape
          %s = shape.value_as_shape %w : !shape.value_shape -> !shape.shape
          %v = shape.value_of %w : tensor<?xindex>
          %u = shape.value_as_shape %t : tensor<2xindex> -> !shape.shape
          return %v, %s, %u : tensor<?xindex>, !shape.shape, !shape.shape
        }"#;
        assert_eq!(eval(g, &["[2]"]), "ok [4, 5], [4, 5], [4, 5]");
        assert_eq!(
            eval(g, &["[3]"]),
            "error: undefined behaviour: a value of shape [2] does not conform to shape [3]"
        );
        let h = r#"
        func.func @f(%v: !shape.value_shape) -> !shape.shape {
          %s = shape.value_as_shape %v : !shape.value_shape -> !shape.shape
          return %s : !shape.shape
        }"#;
        assert!(eval(h, &["[2]"]).starts_with("interp error: "));
    }

    #[test]
    fn reduce_and_shape_functions() {
        let f = r#"
        shape.function_library @lib {
          func @f(%s: !shape.shape) -> !shape.size {
            %one = const_size 1
            %n = reduce(%s, %one) : !shape.shape -> !shape.size {
              ^bb0(%i: index, %d: !shape.size, %acc: !shape.size):
                %next = shape.mul %acc, %d : !shape.size, !shape.size -> !shape.size
                shape.yield %next : !shape.size
            }
            return %n : !shape.size
          }
        } mapping {}"#;
        assert_eq!(eval(f, &["[2,3,4]"]), "ok 24");
        assert_eq!(eval(f, &["[]"]), "ok 1");
    }
}

mod constraints {
    use super::eval;

    const BROADCAST: &str = r#"
    func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
      %w = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
      %0 = shape.assuming %w -> (tensor<?xindex>) {
        %1 = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
        shape.assuming_yield %1 : tensor<?xindex>
      }
      return %0 : tensor<?xindex>
    }"#;

    #[test]
    fn witnesses_guard_their_region() {
        assert_eq!(eval(BROADCAST, &["[2,1]", "[4]"]), "ok [2, 4]");
        assert_eq!(
            eval(BROADCAST, &["[2,3]", "[4]"]),
            "error: operands must be broadcastable"
        );
    }

    #[test]
    fn messages_come_from_the_constraint() {
        let f = r#"
        func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>, %i: index) -> index {
          %c2 = arith.constant 2 : index
          %p = arith.cmpi ult, %i, %c2 : index
          %w0 = shape.cstr_require %p, "index must be below 2"
          %w1 = shape.cstr_eq %a, %b {msg = "a and b differ"} : tensor<?xindex>, tensor<?xindex>
          %w2 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
          %t = shape.const_witness true
          %w = shape.assuming_all %w0, %w1, %w2, %t
          %r = shape.assuming %w -> (index) {
            %e = shape.get_extent %a, %i : tensor<?xindex>, index -> index
            shape.assuming_yield %e : index
          }
          return %r : index
        }"#;
        assert_eq!(eval(f, &["[5,6]", "[5,6]", "1"]), "ok 6");
        assert_eq!(
            eval(f, &["[5,6]", "[5,6]", "2"]),
            "error: index must be below 2"
        );
        assert_eq!(eval(f, &["[5,6]", "[5]", "0"]), "error: a and b differ");
    }

    #[test]
    fn unused_failing_constraints_fail_and_false_witnesses_fail_assuming() {
        let f = r#"
        func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> index {
          %w = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
          %c = arith.constant 0 : index
          return %c : index
        }"#;
        assert_eq!(eval(f, &["[1]", "[2]"]), "error: shapes must be equal");
        let g = r#"
        func.func @f() -> index {
          %w = shape.const_witness false
          %r = shape.assuming %w -> (index) {
            %c = arith.constant 0 : index
            shape.assuming_yield %c : index
          }
          return %r : index
        }"#;
        assert_eq!(eval(g, &[]), "error: the witness is false");
    }
}

mod arith {
    use super::eval;

    #[test]
    fn integer_ops_wrap_and_divide_as_mlir() {
        let f = r#"
        func.func @f(%a: i8, %b: i8) -> (i8, i8, i8, i8, i8, i8, i1, i8) {
          %s = arith.addi %a, %b : i8
          %d = arith.divsi %a, %b : i8
          %fl = arith.floordivsi %a, %b : i8
          %cl = arith.ceildivsi %a, %b : i8
          %r = arith.remsi %a, %b : i8
          %u = arith.divui %a, %b : i8
          %lt = arith.cmpi ult, %a, %b : i8
          %m = arith.select %lt, %a, %b : i8
          return %s, %d, %fl, %cl, %r, %u, %lt, %m : i8, i8, i8, i8, i8, i8, i1, i8
        }"#;
        assert_eq!(eval(f, &["-7", "2"]), "ok -5, -3, -4, -3, -1, 124, 0, 2");
        assert_eq!(
            eval(f, &["127", "1"]),
            "ok -128, 127, 127, 127, 0, 127, 0, 1"
        );
        assert_eq!(
            eval(f, &["1", "0"]),
            "error: undefined behaviour: division by zero"
        );
        assert_eq!(
            eval(f, &["300", "1"]),
            "interp error: argument 1: 300 does not fit i8"
        );
    }

    #[test]
    fn casts_and_constants() {
        let f = r#"
        func.func @f(%i: index) -> (i32, index, i64, index, f32) {
          %t = arith.index_cast %i : index to i32
          %back = arith.index_castui %t : i32 to index
          %e = arith.extsi %t : i32 to i64
          %c = arith.constant -1 : i16
          %u = arith.index_castui %c : i16 to index
          %x = arith.constant 1.5 : f32
          %y = arith.addf %x, %x : f32
          return %t, %back, %e, %u, %y : i32, index, i64, index, f32
        }"#;
        assert_eq!(eval(f, &["-1"]), "ok -1, 4294967295, -1, 65535, 3.0");
    }

    /// A `dense_resource` constant's integer elements are its blob's
    /// little-endian data (after the 4 bytes of its alignment); without a
    /// blob of the right size, or of floats, only its shape is known.
    #[test]
    fn dense_resource_constants_read_their_blob() {
        let f = r#"
        func.func @f(%i: index) -> (i16, index, i1, tensor<2xf32>, tensor<2xi32>) {
          %w = arith.constant dense_resource<w> : tensor<3xi16>
          %x = tensor.extract %w[%i] : tensor<3xi16>
          %n = arith.constant dense_resource<n> : tensor<1xindex>
          %c0 = arith.constant 0 : index
          %y = tensor.extract %n[%c0] : tensor<1xindex>
          %b = arith.constant dense_resource<b> : tensor<2xi1>
          %z = tensor.extract %b[%c0] : tensor<2xi1>
          %f = arith.constant dense_resource<f> : tensor<2xf32>
          %m = arith.constant dense_resource<missing> : tensor<2xi32>
          return %x, %y, %z, %f, %m : i16, index, i1, tensor<2xf32>, tensor<2xi32>
        }
        {-#
          dialect_resources: {
            builtin: {
              w: "0x020000000100FFFF0300",
              n: "0x08000000FEFFFFFFFFFFFFFF",
              b: "0x010000000200",
              f: "0x040000000000803F00000040"
            }
          }
        #-}"#;
        assert_eq!(eval(f, &["1"]), "ok -1, -2, 1, tensor<2>, tensor<2>");
        assert_eq!(eval(f, &["2"]), "ok 3, -2, 1, tensor<2>, tensor<2>");
    }
}

mod control {
    use super::eval;

    #[test]
    fn asserts_and_branches() {
        let f = r#"
        func.func @f(%a: index) -> index {
          %c0 = arith.constant 0 : index
          %neg = arith.cmpi slt, %a, %c0 : index
          cf.cond_br %neg, ^negative, ^positive(%a : index)
        ^negative:
          %n = arith.subi %c0, %a : index
          cf.br ^positive(%n : index)
        ^positive(%v: index):
          %c100 = arith.constant 100 : index
          %small = arith.cmpi slt, %v, %c100 : index
          cf.assert %small, "too large"
          return %v : index
        }"#;
        assert_eq!(eval(f, &["-5"]), "ok 5");
        assert_eq!(eval(f, &["7"]), "ok 7");
        assert_eq!(eval(f, &["100"]), "error: too large");
    }

    #[test]
    fn switches() {
        let f = r#"
        func.func @f(%a: i32) -> index {
          cf.switch %a : i32, [
            default: ^d,
            4: ^four(%a : i32)
          ]
        ^d:
          %c0 = arith.constant 0 : index
          return %c0 : index
        ^four(%x: i32):
          %i = arith.index_cast %x : i32 to index
          return %i : index
        }"#;
        assert_eq!(eval(f, &["4"]), "ok 4");
        assert_eq!(eval(f, &["5"]), "ok 0");
    }

    #[test]
    fn declarations_cannot_be_run() {
        let f = r#"
        func.func private @ext(index) -> index
        func.func @f(%a: index) -> index {
          %r = func.call @ext(%a) : (index) -> index
          return %r : index
        }"#;
        let p = super::common::parse(f);
        assert!(p
            .show("ext", &["1"])
            .contains("a declaration without a body"));
        // Called, a declaration is an event (crates/interp/tests/effects.rs).
        assert!(p.show("f", &["1"]).starts_with("ok "));
    }

    #[test]
    fn loops() {
        let f = r#"
        func.func @f(%n: index) -> (index, index) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
            %next = arith.addi %acc, %i : index
            scf.yield %next : index
          }
          %w:2 = scf.while (%x = %n, %k = %c0) : (index, index) -> (index, index) {
            %more = arith.cmpi sgt, %x, %c1 : index
            scf.condition(%more) %x, %k : index, index
          } do {
          ^bb0(%x: index, %k: index):
            %h = arith.divui %x, %c1 : index
            %h2 = arith.subi %h, %c1 : index
            %k2 = arith.addi %k, %c1 : index
            scf.yield %h2, %k2 : index, index
          }
          return %sum, %w#1 : index, index
        }"#;
        assert_eq!(eval(f, &["5"]), "ok 10, 4");
        assert_eq!(eval(f, &["0"]), "ok 0, 0");
    }

    #[test]
    fn ifs_switches_and_calls() {
        let f = r#"
        func.func private @twice(%x: index) -> index {
          %y = arith.addi %x, %x : index
          return %y : index
        }
        func.func @f(%a: index) -> (index, index) {
          %c3 = arith.constant 3 : index
          %big = arith.cmpi sgt, %a, %c3 : index
          %r = scf.if %big -> (index) {
            %t = func.call @twice(%a) : (index) -> index
            scf.yield %t : index
          } else {
            scf.yield %a : index
          }
          %s = scf.index_switch %a -> index
          case 1 {
            %c10 = arith.constant 10 : index
            scf.yield %c10 : index
          }
          default {
            %c20 = arith.constant 20 : index
            scf.yield %c20 : index
          }
          return %r, %s : index, index
        }"#;
        assert_eq!(eval(f, &["5"]), "ok 10, 20");
        assert_eq!(eval(f, &["1"]), "ok 1, 10");
    }

    #[test]
    fn poison_is_handed_on_but_not_computed_from() {
        let f = r#"
        func.func private @id(%x: index) -> index {
          return %x : index
        }
        func.func @f(%a: index) -> (i32, index) {
          %p = ub.poison : index
          %c0 = arith.constant 0 : index
          %c0_i32 = arith.constant 0 : i32
          %c1_i32 = arith.constant 1 : i32
          %ok = arith.cmpi sge, %a, %c0 : index
          %r:2 = scf.if %ok -> (i32, index) {
            scf.yield %c0_i32, %a : i32, index
          } else {
            %q = func.call @id(%p) : (index) -> index
            scf.yield %c1_i32, %q : i32, index
          }
          cf.br ^done(%r#1 : index)
        ^done(%d: index):
          return %r#0, %d : i32, index
        }"#;
        assert_eq!(eval(f, &["3"]), "ok 0, 3");
        assert_eq!(eval(f, &["-1"]), "ok 1, poison");
        let g = r#"
        func.func @f(%a: index) -> index {
          %p = ub.poison : index
          %s = arith.addi %a, %p : index
          return %s : index
        }"#;
        assert_eq!(
            eval(g, &["1"]),
            "error: undefined behaviour: 'arith.addi' uses a poison value (operand #1)"
        );
    }

    #[test]
    fn recursion_is_bounded() {
        let f = r#"
        func.func @f(%a: index) -> index {
          %r = func.call @f(%a) : (index) -> index
          return %r : index
        }"#;
        assert!(
            eval(f, &["1"]).starts_with("interp error: limit reached: regions and calls nested")
        );
    }

    #[test]
    fn endless_loops_are_bounded() {
        let f = r#"
        func.func @f() -> index {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %max = arith.constant 9223372036854775807 : index
          %r = scf.for %i = %c0 to %max step %c1 iter_args(%a = %c0) -> (index) {
            %n = arith.addi %a, %c1 : index
            scf.yield %n : index
          }
          return %r : index
        }"#;
        let p = super::common::parse(f);
        let limits = interp::Limits {
            steps: 1000,
            ..Default::default()
        };
        let r = interp::run_function_with_limits(&p.ctx, p.root, "f", &[], limits);
        assert!(matches!(r, Err(interp::InterpError::Limit(_))));
    }
}

mod tensor {
    use super::eval;

    #[test]
    fn build_read_and_slice() {
        let f = r#"
        func.func @f(%n: index) -> (tensor<?xindex>, index, tensor<2xindex>, tensor<?xindex>, index) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %g = tensor.generate %n {
          ^bb0(%i: index):
            %sq = arith.muli %i, %i : index
            tensor.yield %sq : index
          } : tensor<?xindex>
          %e = tensor.extract %g[%c1] : tensor<?xindex>
          %s = tensor.extract_slice %g[1] [2] [2] : tensor<?xindex> to tensor<2xindex>
          %f = tensor.from_elements %e, %n : tensor<2xindex>
          %c = tensor.concat dim(0) %f, %s : (tensor<2xindex>, tensor<2xindex>) -> tensor<?xindex>
          %i = tensor.insert %n into %c[%c0] : tensor<?xindex>
          %d = tensor.dim %i, %c0 : tensor<?xindex>
          return %i, %d, %s, %g, %e : tensor<?xindex>, index, tensor<2xindex>, tensor<?xindex>, index
        }"#;
        assert_eq!(
            eval(f, &["4"]),
            "ok [4, 4, 1, 9], 4, [1, 9], [0, 1, 4, 9], 1"
        );
        assert_eq!(
            eval(f, &["3"]),
            "error: undefined behaviour: tensor.extract_slice out of bounds in dimension 0 of a tensor of shape [3]"
        );
    }

    #[test]
    fn reshapes_keep_the_elements() {
        let f = r#"
        func.func @f(%n: index) -> (tensor<6xindex>, tensor<3x2xindex>, tensor<?x3xindex>) {
          %g = tensor.generate {
          ^bb0(%i: index, %j: index):
            %c10 = arith.constant 10 : index
            %t = arith.muli %i, %c10 : index
            %v = arith.addi %t, %j : index
            tensor.yield %v : index
          } : tensor<2x3xindex>
          %c = tensor.collapse_shape %g [[0, 1]] : tensor<2x3xindex> into tensor<6xindex>
          %s = arith.constant dense<[3, 2]> : tensor<2xindex>
          %r = tensor.reshape %c(%s) : (tensor<6xindex>, tensor<2xindex>) -> tensor<3x2xindex>
          %d = tensor.cast %c : tensor<6xindex> to tensor<?xindex>
          %e = tensor.expand_shape %d [[0, 1]] output_shape [%n, 3] : tensor<?xindex> into tensor<?x3xindex>
          return %c, %r, %e : tensor<6xindex>, tensor<3x2xindex>, tensor<?x3xindex>
        }"#;
        assert_eq!(
            eval(f, &["2"]),
            "ok [0, 1, 2, 10, 11, 12], tensor<3x2> [0, 1, 2, 10, 11, 12], tensor<2x3> [0, 1, 2, 10, 11, 12]"
        );
        assert_eq!(
            eval(f, &["3"]),
            "error: undefined behaviour: 'tensor.expand_shape' of a tensor of shape [6] into shape [3, 3]"
        );
    }

    #[test]
    fn shapes_of_float_tensors() {
        let f = r#"
        func.func @f(%t: tensor<*xf32>, %n: index) -> (index, index, tensor<?x3xf32>, tensor<2x?xi32>) {
          %c0 = arith.constant 0 : index
          %r = tensor.rank %t : tensor<*xf32>
          %d = tensor.dim %t, %c0 : tensor<*xf32>
          %e = tensor.empty(%n) : tensor<?x3xf32>
          %one = arith.constant 1 : i32
          %s = tensor.splat %one[%n] : tensor<2x?xi32>
          return %r, %d, %e, %s : index, index, tensor<?x3xf32>, tensor<2x?xi32>
        }"#;
        assert_eq!(
            eval(f, &["[5,6]", "2"]),
            "ok 2, 5, tensor<2x3>, tensor<2x2> [1, 1, 1, 1]"
        );
        assert_eq!(
            eval(f, &["[]", "2"]),
            "error: undefined behaviour: tensor.dim 0 out of range for a tensor of rank 0"
        );
        let g = r#"
        func.func @f(%t: tensor<*xf32>) -> tensor<2x?xf32> {
          %c = tensor.cast %t : tensor<*xf32> to tensor<2x?xf32>
          return %c : tensor<2x?xf32>
        }"#;
        assert_eq!(eval(g, &["[2,7]"]), "ok tensor<2x7>");
        assert_eq!(
            eval(g, &["[3,7]"]),
            "error: undefined behaviour: 'tensor.cast' produced a tensor of shape [3, 7], which its type does not allow"
        );
        let h = r#"
        func.func @f(%t: tensor<?xi32>) -> i32 {
          %c0 = arith.constant 0 : index
          %e = tensor.extract %t[%c0] : tensor<?xi32>
          return %e : i32
        }"#;
        assert!(eval(h, &["[3]"]).contains("the tensor's elements are not known"));
    }
}

mod tensor_padding_and_packing {
    use super::eval;

    #[test]
    fn pad_adds_low_and_high_and_runs_the_body() {
        let f = r#"
        func.func @f(%n: index, %l: index) -> (tensor<?x3xindex>, index) {
          %c0 = arith.constant 0 : index
          %c7 = arith.constant 7 : index
          %g = tensor.generate %n {
          ^bb0(%i: index, %j: index):
            %c10 = arith.constant 10 : index
            %t = arith.muli %i, %c10 : index
            %v = arith.addi %t, %j : index
            tensor.yield %v : index
          } : tensor<?x2xindex>
          %p = tensor.pad %g low[%l, 1] high[1, 0] {
          ^bb0(%i: index, %j: index):
            %v = arith.addi %i, %c7 : index
            tensor.yield %v : index
          } : tensor<?x2xindex> to tensor<?x3xindex>
          %d = tensor.dim %p, %c0 : tensor<?x3xindex>
          return %p, %d : tensor<?x3xindex>, index
        }"#;
        assert_eq!(
            eval(f, &["1", "1"]),
            "ok tensor<3x3> [7, 7, 7, 8, 0, 1, 9, 9, 9], 3"
        );
        assert_eq!(eval(f, &["0", "0"]), "ok tensor<1x3> [7, 7, 7], 1");
        assert_eq!(
            eval(f, &["2", "-3"]),
            "error: undefined behaviour: tensor.pad with negative padding (low -3, high 1) in dimension 0"
        );
    }

    #[test]
    fn pad_of_unknown_elements_and_static_result_types() {
        let f = r#"
        func.func @f(%t: tensor<?x3xf32>, %h: index) -> tensor<5x?xf32> {
          %z = arith.constant 0.0 : f32
          %p = tensor.pad %t low[1, 0] high[2, %h] {
          ^bb0(%i: index, %j: index):
            tensor.yield %z : f32
          } : tensor<?x3xf32> to tensor<5x?xf32>
          return %p : tensor<5x?xf32>
        }"#;
        assert_eq!(eval(f, &["[2,3]", "4"]), "ok tensor<5x7>");
        assert_eq!(
            eval(f, &["[3,3]", "4"]),
            "error: undefined behaviour: 'tensor.pad' produced a tensor of shape [6, 7], which its type does not allow"
        );
        assert_eq!(
            eval(f, &["[2,3]", "-4"]),
            "error: undefined behaviour: tensor.pad with negative padding (low 0, high -4) in dimension 1"
        );
    }

    #[test]
    fn insert_slice_replaces_the_slice_of_dest() {
        let f = r#"
        func.func @f(%o: index, %s: index) -> tensor<2x6xindex> {
          %c9 = arith.constant 9 : index
          %d = tensor.generate {
          ^bb0(%i: index, %j: index):
            tensor.yield %j : index
          } : tensor<2x6xindex>
          %src = tensor.splat %c9[%s] : tensor<?xindex>
          %r = tensor.insert_slice %src into %d[1, %o] [1, %s] [1, 2] : tensor<?xindex> into tensor<2x6xindex>
          return %r : tensor<2x6xindex>
        }"#;
        assert_eq!(
            eval(f, &["1", "3"]),
            "ok tensor<2x6> [0, 1, 2, 3, 4, 5, 0, 9, 2, 9, 4, 9]"
        );
        assert_eq!(
            eval(f, &["2", "3"]),
            "error: undefined behaviour: tensor.insert_slice out of bounds in dimension 1 of a tensor of shape [2, 6]"
        );
        assert_eq!(
            eval(f, &["0", "-1"]),
            "error: undefined behaviour: negative dimension size -1"
        );
    }

    #[test]
    fn insert_slice_sources_must_have_the_slice_sizes() {
        let f = r#"
        func.func @f(%t: tensor<?x4xf32>, %d: tensor<8x?xf32>, %n: index) -> tensor<8x?xf32> {
          %r = tensor.insert_slice %t into %d[0, 0] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<8x?xf32>
          return %r : tensor<8x?xf32>
        }"#;
        assert_eq!(eval(f, &["[3,4]", "[8,5]", "3"]), "ok tensor<8x5>");
        assert_eq!(
            eval(f, &["[2,4]", "[8,5]", "3"]),
            "error: undefined behaviour: tensor.insert_slice of a tensor of shape [2, 4] into a slice of sizes [3, 4]"
        );
        assert_eq!(
            eval(f, &["[3,4]", "[8,3]", "3"]),
            "error: undefined behaviour: tensor.insert_slice out of bounds in dimension 1 of a tensor of shape [8, 3]"
        );
    }

    #[test]
    fn pack_tiles_permutes_and_pads() {
        let f = r#"
        func.func @f(%s: tensor<?x?xf32>, %d: tensor<?x?x8x?xf32>, %t: index) -> tensor<?x?x8x?xf32> {
          %p = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?xf32> -> tensor<?x?x8x?xf32>
          return %p : tensor<?x?x8x?xf32>
        }"#;
        assert_eq!(
            eval(f, &["[16,12]", "[3,2,8,4]", "4"]),
            "ok tensor<3x2x8x4>"
        );
        assert_eq!(
            eval(f, &["[16,12]", "[2,3,8,4]", "4"]),
            "error: undefined behaviour: 'tensor.pack' with a destination of shape [2, 3, 8, 4], expected [3, 2, 8, 4]"
        );
        assert_eq!(
            eval(f, &["[16,13]", "[4,2,8,4]", "4"]),
            "error: undefined behaviour: tensor.pack without a padding value: tile 4 does not divide extent 13 of dimension 1"
        );
        assert_eq!(
            eval(f, &["[16,12]", "[3,2,8,0]", "0"]),
            "error: undefined behaviour: 'tensor.pack' with tile size 0"
        );
        let padded = r#"
        func.func @f(%s: tensor<?xf32>, %d: tensor<?x8xf32>) -> tensor<?x8xf32> {
          %z = arith.constant 0.0 : f32
          %p = tensor.pack %s padding_value(%z : f32) inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<?xf32> -> tensor<?x8xf32>
          return %p : tensor<?x8xf32>
        }"#;
        assert_eq!(eval(padded, &["[13]", "[2,8]"]), "ok tensor<2x8>");
        assert_eq!(eval(padded, &["[0]", "[0,8]"]), "ok tensor<0x8>");
        assert_eq!(
            eval(padded, &["[13]", "[3,8]"]),
            "error: undefined behaviour: 'tensor.pack' with a destination of shape [3, 8], expected [2, 8]"
        );
    }

    #[test]
    fn unpack_takes_the_shape_of_dest() {
        let f = r#"
        func.func @f(%s: tensor<?x?x8x?xf32>, %d: tensor<?x?xf32>, %t: index) -> tensor<?x?xf32> {
          %u = tensor.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
          return %u : tensor<?x?xf32>
        }"#;
        assert_eq!(eval(f, &["[3,2,8,4]", "[16,12]", "4"]), "ok tensor<16x12>");
        // The padding of a partial last tile is dropped.
        assert_eq!(eval(f, &["[3,2,8,4]", "[13,10]", "4"]), "ok tensor<13x10>");
        assert_eq!(
            eval(f, &["[3,2,8,4]", "[16,12]", "3"]),
            "error: undefined behaviour: 'tensor.unpack' with a source of shape [3, 2, 8, 4], expected [4, 2, 8, 3]"
        );
        assert_eq!(
            eval(f, &["[3,2,8,4]", "[16,12]", "-4"]),
            "error: undefined behaviour: 'tensor.unpack' with tile size -4"
        );
    }

    #[test]
    fn bad_sizes_fail_cleanly() {
        let f = r#"
        func.func @f(%n: index, %t: tensor<?x?xi32>, %i: index) -> (tensor<?xf32>, tensor<?xindex>, i32) {
          %e = tensor.empty(%n) : tensor<?xf32>
          %g = tensor.generate %n {
          ^bb0(%k: index):
            tensor.yield %k : index
          } : tensor<?xindex>
          %x = tensor.extract %t[%i, %i] : tensor<?x?xi32>
          return %e, %g, %x : tensor<?xf32>, tensor<?xindex>, i32
        }"#;
        assert_eq!(
            eval(f, &["-1", "[1,1]", "0"]),
            "error: undefined behaviour: negative dimension size -1"
        );
        let huge = format!("[{0},{0}]", 1u64 << 40);
        let out = eval(f, &["1", &huge, "549755813888"]);
        assert!(out.contains("the tensor's elements are not known"), "{out}");
        let r = r#"
        func.func @f(%s: tensor<2xindex>) -> tensor<?x?xf32> {
          %t = tensor.empty() : tensor<6xf32>
          %r = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x?xf32>
          return %r : tensor<?x?xf32>
        }"#;
        assert_eq!(eval(r, &["[2,3]"]), "ok tensor<2x3>");
        assert_eq!(
            eval(r, &["[-2,-3]"]),
            "error: undefined behaviour: 'tensor.reshape' of a tensor of shape [6] into shape [-2, -3]"
        );
        let x = r#"
        func.func @f(%t: tensor<?xf32>, %n: index) -> tensor<?x2xf32> {
          %e = tensor.expand_shape %t [[0, 1]] output_shape [%n, 2] : tensor<?xf32> into tensor<?x2xf32>
          return %e : tensor<?x2xf32>
        }"#;
        assert_eq!(
            eval(x, &["[4]", "-2"]),
            "error: undefined behaviour: 'tensor.expand_shape' of a tensor of shape [4] into shape [-2, 2]"
        );
    }
}

mod binding {
    use super::common;
    use interp::{InterpError, Outcome, Value};

    const F: &str = r#"
    func.func @f(%s: !shape.shape, %z: !shape.size, %t: tensor<3xindex>) -> (!shape.shape, !shape.size, tensor<3xindex>) {
      return %s, %z, %t : !shape.shape, !shape.size, tensor<3xindex>
    }"#;

    #[test]
    fn arguments_are_checked() {
        let p = common::parse(F);
        assert_eq!(
            p.run("f", &["[1]", "2", "[1,2,3]"]),
            Ok(Outcome::Ok(vec![
                Value::Shape(Ok(vec![1])),
                Value::Size(Ok(2)),
                Value::ExtentTensor(vec![1, 2, 3]),
            ]))
        );
        assert_eq!(
            p.run("f", &["[1]"]),
            Err(InterpError::ArgumentCount {
                expected: 3,
                got: 1
            })
        );
        assert!(matches!(
            p.run("f", &["1", "2", "[1,2,3]"]),
            Err(InterpError::BadArgument { index: 0, .. })
        ));
        assert!(matches!(
            p.run("f", &["[1]", "-2", "[1,2,3]"]),
            Err(InterpError::BadArgument { index: 1, .. })
        ));
        assert!(matches!(
            p.run("f", &["[1]", "2", "[1,2]"]),
            Err(InterpError::BadArgument { index: 2, .. })
        ));
        assert!(matches!(
            p.run("f", &["[-1]", "2", "[1,2,3]"]),
            Err(InterpError::BadArgument { index: 0, .. })
        ));
        assert_eq!(
            p.run("g", &[]),
            Err(InterpError::FunctionNotFound {
                name: "g".into(),
                near: Some("f".into())
            })
        );
    }

    #[test]
    fn unsupported_ops_are_errors_with_a_location() {
        let p = common::parse(
            r#"
            func.func @f(%x: f32) -> f32 {
              %y = math.sqrt %x : f32
              return %y : f32
            }"#,
        );
        let e = p.run("f", &["4"]).unwrap_err();
        assert!(matches!(e, InterpError::Unsupported { .. }));
        assert!(
            e.to_string()
                .starts_with("test.mlir:3:20: cannot evaluate 'math.sqrt'"),
            "{e}"
        );
    }
}
