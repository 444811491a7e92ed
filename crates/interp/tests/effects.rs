//! Data-valued arguments (`dense<...>`) and side effects as events: calls of
//! declarations and unregistered ops, their drawn results, shape functions
//! of mapped ops, and how traces compare.

mod common;

use interp::{Outcome, Verdict};

/// The trace of `@f` of `text` on `args`, as a line.
fn trace(text: &str, args: &[&str]) -> String {
    common::parse(text).show_trace("f", args)
}

/// An ONNX-style reshape target read element by element.
const RESHAPE: &str = r#"
func.func @f(%x: tensor<?x?xf32>, %shape: tensor<2xi64>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e0 = tensor.extract %shape[%c0] : tensor<2xi64>
  %e1 = tensor.extract %shape[%c1] : tensor<2xi64>
  %i0 = arith.index_cast %e0 : i64 to index
  %i1 = arith.index_castui %e1 : i64 to index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %n = arith.muli %d0, %d1 : index
  %m = arith.muli %i0, %i1 : index
  %same = arith.cmpi eq, %n, %m : index
  cf.assert %same, "reshape changes the element count"
  %r = tensor.from_elements %i0, %i1 : tensor<2xindex>
  %c = tensor.cast %r : tensor<2xindex> to tensor<?xindex>
  return %c : tensor<?xindex>
}"#;

#[test]
fn integer_tensors_are_given_by_their_elements() {
    assert_eq!(trace(RESHAPE, &["[2,3]", "dense<[3, 2]>"]), "ok [3, 2]");
    assert_eq!(
        trace(RESHAPE, &["[2,3]", "dense<[4,2]>"]),
        "error: reshape changes the element count"
    );
    // `index` arithmetic wraps: -1 * -6 is 6 (index_castui of -1 is 2^64 - 1,
    // which is -1 as an index).
    assert_eq!(trace(RESHAPE, &["[2,3]", "dense<[-1, -6]>"]), "ok [-1, -6]");
    // A splat fills the static shape.
    assert_eq!(trace(RESHAPE, &["[2,2]", "dense<2>"]), "ok [2, 2]");
    // A shape alone says nothing of the elements.
    assert!(
        trace(RESHAPE, &["[2,3]", "[2]"]).contains("the tensor's elements are not known"),
        "{}",
        trace(RESHAPE, &["[2,3]", "[2]"])
    );
    for (bad, why) in [
        ("dense<[1, 2, 3]>", "elements of shape [3] do not fit"),
        ("dense<[[1], [2]]>", "elements of shape [2, 1] do not fit"),
    ] {
        let got = trace(RESHAPE, &["[2,3]", bad]);
        assert!(got.contains(why), "{bad}: {got}");
    }
    let float = trace(RESHAPE, &["dense<[[1]]>", "dense<[1, 1]>"]);
    assert!(float.contains("not integers or index"), "{float}");
    // Built by hand, elements must make the shape.
    let p = common::parse(RESHAPE);
    let uneven = interp::Arg::Dense {
        shape: vec![2],
        elements: vec![1],
    };
    let got = interp::run_function(
        &p.ctx,
        p.root,
        "f",
        &[interp::Arg::Shape(vec![1, 1]), uneven],
    );
    assert_eq!(
        got.map_err(|e| e.to_string()),
        Err("argument 2: 1 elements do not make a tensor of shape [2]".into())
    );
}

#[test]
fn every_integer_type_and_rank() {
    let f = r#"
    func.func @f(%b: tensor<?xi1>, %w: tensor<2x?xi32>, %i: tensor<*xindex>, %k: index) -> (i1, i32, index, index, tensor<2x?xindex>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %e = tensor.extract %b[%k] : tensor<?xi1>
      %x = tensor.extract %w[%c1, %k] : tensor<2x?xi32>
      %r = tensor.rank %i : tensor<*xindex>
      %d = tensor.dim %w, %c1 : tensor<2x?xi32>
      %wi = arith.index_cast %w : tensor<2x?xi32> to tensor<2x?xindex>
      return %e, %x, %r, %d, %wi : i1, i32, index, index, tensor<2x?xindex>
    }"#;
    assert_eq!(
        trace(
            f,
            &[
                "dense<[false, true]>",
                "dense<[[1, 2, 3], [4, 5, -6]]>",
                "dense<[[7]]>",
                "1"
            ]
        ),
        "ok 1, 5, 2, 3, tensor<2x3> [1, 2, 3, 4, 5, -6]"
    );
    assert_eq!(
        trace(f, &["dense<[0, 2]>", "dense<[[1], [2]]>", "dense<7>", "0"]),
        "interp error: argument 1: 2 does not fit i1"
    );
    // A 1-D tensor of index given by its elements is an extent tensor.
    let g = r#"
    func.func @f(%s: tensor<?xindex>) -> !shape.shape {
      %r = shape.from_extent_tensor %s : tensor<?xindex>
      return %r : !shape.shape
    }"#;
    assert_eq!(trace(g, &["dense<[2, 3]>"]), trace(g, &["[2,3]"]));
}

/// A check moved before a call changes what the function does: it logs
/// 42, then fails unless `%c` broadcasts with `%a` and `%b`, then logs 7.
const LOGS_THEN_FAILS: &str = include_str!("../../../tests/interp/logs-then-fails.mlir");

/// [`LOGS_THEN_FAILS`] with the second check moved before the first call.
const CHECKS_FIRST: &str = r#"
func.func private @log(i64)
func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) {
  %c42 = arith.constant 42 : i64
  %c7 = arith.constant 7 : i64
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  shape.assuming %w0 {
    func.call @log(%c42) : (i64) -> ()
    shape.assuming_yield
  }
  shape.assuming %w1 {
    func.call @log(%c7) : (i64) -> ()
    shape.assuming_yield
  }
  return
}"#;

#[test]
fn calls_of_declarations_are_events_before_the_failure() {
    let source = common::parse(LOGS_THEN_FAILS);
    let failing = source.trace("f", &["[2]", "[2]", "[3]"]).unwrap();
    assert_eq!(failing.events.len(), 1);
    assert_eq!(
        failing.to_string(),
        "call @log(42); error: operands must be broadcastable"
    );
    assert_eq!(
        failing.to_json(),
        r#"{"ok":false,"error":"operands must be broadcastable","events":[{"call":"log","args":[42],"results":[]}]}"#
    );
    assert_eq!(
        source.show_trace("f", &["[2]", "[2]", "[1]"]),
        "call @log(42); call @log(7); ok"
    );
    assert_eq!(
        source.show_trace("f", &["[2]", "[3]", "[1]"]),
        "error: operands must be broadcastable"
    );
    // `run_function` gives the outcome alone.
    assert!(matches!(
        source.run("f", &["[2]", "[2]", "[3]"]),
        Ok(Outcome::Error(_))
    ));
}

#[test]
fn a_check_moved_before_a_call_fails_early() {
    let (source, moved) = (common::parse(LOGS_THEN_FAILS), common::parse(CHECKS_FIRST));
    let compare = |args: &[&str]| {
        let before = source.trace("f", args).unwrap();
        let after = moved.trace("f", args).unwrap();
        before.compare(&after)
    };
    assert_eq!(compare(&["[2]", "[2]", "[3]"]), Verdict::FailsEarly);
    // Where both checks hold, or the first fails, nothing differs.
    assert_eq!(compare(&["[2]", "[2]", "[1]"]), Verdict::Kept);
    assert_eq!(compare(&["[2]", "[3]", "[1]"]), Verdict::Kept);
    // The other way round, the moved check lets a call through.
    let before = moved.trace("f", &["[2]", "[2]", "[3]"]).unwrap();
    let after = source.trace("f", &["[2]", "[2]", "[3]"]).unwrap();
    assert_eq!(before.compare(&after), Verdict::Weakened);
}

#[test]
fn results_are_drawn_from_the_callee_the_arguments_and_the_position() {
    let f = r#"
    func.func private @next(index) -> index
    func.func private @dims() -> (tensor<?x3xf32>, !shape.shape, tensor<2xi32>)
    func.func @f(%k: index) -> (index, index, index, tensor<?x3xf32>, !shape.shape, tensor<2xi32>) {
      %a = func.call @next(%k) : (index) -> index
      %b = func.call @next(%k) : (index) -> index
      %c = func.call @next(%a) : (index) -> index
      %t:3 = func.call @dims() : () -> (tensor<?x3xf32>, !shape.shape, tensor<2xi32>)
      return %a, %b, %c, %t#0, %t#1, %t#2 : index, index, index, tensor<?x3xf32>, !shape.shape, tensor<2xi32>
    }"#;
    let p = common::parse(f);
    let one = p.trace("f", &["1"]).unwrap();
    assert_eq!(one, p.trace("f", &["1"]).unwrap(), "deterministic");
    assert_eq!(one.events.len(), 4);
    let Outcome::Ok(results) = &one.outcome else {
        panic!("{one}");
    };
    // Events carry the results they gave.
    assert_eq!(one.events[0].results[0], results[0]);
    assert_eq!(one.events[3].results, results[3..].to_vec());
    assert!(
        matches!(&results[3], interp::Value::Tensor { shape, elements: None } if shape[1] == 3)
    );
    assert!(
        matches!(&results[5], interp::Value::Tensor { shape, elements: Some(e) } if *shape == [2] && e.len() == 2)
    );
    // Other arguments draw other results somewhere.
    let differ = (0..8).any(|k| {
        let t = p.trace("f", &[&k.to_string()]).unwrap();
        t.events[0].results != one.events[0].results
    });
    assert!(differ);
}

#[test]
fn results_draw_alike_at_every_stage() {
    let stage1 = r#"
    func.func private @get(!shape.shape) -> (!shape.shape, !shape.size)
    func.func @f(%s: !shape.shape) -> (!shape.shape, !shape.size) {
      %r:2 = func.call @get(%s) : (!shape.shape) -> (!shape.shape, !shape.size)
      return %r#0, %r#1 : !shape.shape, !shape.size
    }"#;
    let std = r#"
    func.func private @get(tensor<?xindex>) -> (tensor<?xindex>, index)
    func.func @f(%s: tensor<?xindex>) -> (tensor<?xindex>, index) {
      %r:2 = func.call @get(%s) : (tensor<?xindex>) -> (tensor<?xindex>, index)
      return %r#0, %r#1 : tensor<?xindex>, index
    }"#;
    let (one, other) = (common::parse(stage1), common::parse(std));
    for args in [["[2,3]"], ["[]"], ["[7]"]] {
        let (a, b) = (
            one.trace("f", &args).unwrap(),
            other.trace("f", &args).unwrap(),
        );
        assert_eq!(a.compare(&b), Verdict::Kept, "{a} / {b}");
        assert_eq!(a.to_string(), b.to_string());
    }
}

#[test]
fn unregistered_ops_are_events() {
    let f = r#"
    func.func @f(%x: tensor<?x?xf32>, %k: index) -> index {
      "foo.print"(%k) : (index) -> ()
      %y = "foo.opaque"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
      %c0 = arith.constant 0 : index
      %d = tensor.dim %y, %c0 : tensor<?x?xf32>
      return %d : index
    }"#;
    let got = trace(f, &["[2,3]", "5"]);
    assert!(
        got.starts_with("op foo.print(5); op foo.opaque(tensor<2x3>) -> tensor<"),
        "{got}"
    );
    let regions = r#"
    func.func @f() {
      "foo.loop"() ({
        "foo.body"() : () -> ()
      }) : () -> ()
      return
    }"#;
    // An op with regions used to be refused; it is now an uninterpreted
    // function of its regions too (crates/interp/tests/opaque.rs), never
    // running them: `foo.body` is no event.
    let got = trace(regions, &[]);
    assert!(
        got.starts_with("op foo.loop regions#") && got.ends_with("(); ok"),
        "{got}"
    );
    let successors = r#"
    func.func @f() {
      "foo.br"()[^bb1] : () -> ()
    ^bb1:
      return
    }"#;
    let got = trace(successors, &[]);
    assert!(
        got.contains("cannot evaluate 'foo.br': an op of no registered dialect with successors"),
        "{got}"
    );
    let memref = r#"
    func.func private @alloc() -> memref<2xf32>
    func.func @f() {
      %m = func.call @alloc() : () -> memref<2xf32>
      return
    }"#;
    let got = trace(memref, &[]);
    assert!(
        got.contains("cannot draw a result of type memref<2xf32>"),
        "{got}"
    );
}

/// A library maps `foo.matmul`: the op is only defined where its shape
/// function succeeds, which gives its result's shape.
const MAPPED: &str = r#"
shape.function_library @lib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %l = shape_of %lhs : !shape.value_shape -> !shape.shape
    %r = shape_of %rhs : !shape.value_shape -> !shape.shape
    %l0, %l1 = "shape.split_at"(%l, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %r0, %r1 = "shape.split_at"(%r, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %inner = meet %l1, %r0, error = "inner dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %res = concat %l0, %r1 : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {foo.matmul = @matmul}
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = "foo.matmul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}"#;

#[test]
fn mapped_ops_take_their_shapes_from_their_shape_function() {
    assert_eq!(
        trace(MAPPED, &["[2,3]", "[3,5]"]),
        "op foo.matmul(tensor<2x3>, tensor<3x5>) -> tensor<2x5>; ok tensor<2x5>"
    );
    assert_eq!(
        trace(MAPPED, &["[2,3]", "[4,5]"]),
        "error: inner dimensions required to match"
    );
    // The same through `shape.fn`, as `reify-shape-library` leaves it.
    let instance = r#"
    func.func private @inst(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %k = tensor.dim %a, %c1 : tensor<?x?xf32>
      %k2 = tensor.dim %b, %c0 : tensor<?x?xf32>
      %ok = arith.cmpi eq, %k, %k2 : index
      cf.assert %ok, "inner dimensions required to match"
      %m = tensor.dim %a, %c0 : tensor<?x?xf32>
      %n = tensor.dim %b, %c1 : tensor<?x?xf32>
      %s = tensor.from_elements %m, %n : tensor<2xindex>
      %c = tensor.cast %s : tensor<2xindex> to tensor<?xindex>
      return %c : tensor<?xindex>
    }
    func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
      %p = "foo.matmul"(%a, %b) {shape.fn = @inst} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      return %p : tensor<?x?xf32>
    }"#;
    let (lib, inst) = (common::parse(MAPPED), common::parse(instance));
    for args in [["[2,3]", "[3,5]"], ["[2,3]", "[4,5]"], ["[0,7]", "[7,1]"]] {
        let (a, b) = (
            lib.trace("f", &args).unwrap(),
            inst.trace("f", &args).unwrap(),
        );
        assert_eq!(a.compare(&b), Verdict::Kept, "{args:?}: {a} / {b}");
    }
}
