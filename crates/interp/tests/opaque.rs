//! Ops of no registered dialect as uninterpreted functions (of their
//! operands, name, attributes and regions), and values of foreign types as
//! handles: parameters bound from arguments, results drawn with the shape
//! their type shows.

mod common;

use interp::{Outcome, Value};

/// A `stablehlo.reduce` in the generic form producers emit, declared pure
/// or not; its region sums with `stablehlo.add`.
fn reduce(op: &str, attrs: &str, body: &str) -> String {
    format!(
        r#"
    %{op} = "stablehlo.reduce"(%x, %init) <{{dimensions = array<i64: {attrs}>}}> ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = "{body}"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%s) : (tensor<f32>) -> ()
    }}) : (tensor<?x?xf32>, tensor<f32>) -> !torch.vtensor<[?],f32>"#
    )
}

/// `@f` returning four reductions of `%x`: the reference one, the same
/// again (other SSA names in its region), one of other attributes, one of
/// another region.
fn four_reductions() -> String {
    let same = reduce("r1", "1", "stablehlo.add")
        .replace("%s", "%sum")
        .replace("%a", "%lhs");
    format!(
        r#"
func.func @f(%x: tensor<?x?xf32>, %init: tensor<f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>) {{
{}
{}
{}
{}
  return %r0, %r1, %r2, %r3 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>
}}"#,
        reduce("r0", "1", "stablehlo.add"),
        same,
        reduce("r2", "0", "stablehlo.add"),
        reduce("r3", "1", "stablehlo.maximum"),
    )
}

fn results(outcome: Outcome) -> Vec<Value> {
    match outcome {
        Outcome::Ok(values) => values,
        other => panic!("{other}"),
    }
}

#[test]
fn an_op_with_a_region_evaluates_without_running_it() {
    let mut p = common::parse(&four_reductions());
    // As an op of a dialect nothing is known of (StableHLO's ops are known
    // pure, with shape rules, unless the knowledge is off).
    p.ctx.set_knows_foreign_ops(false);
    let trace = p.trace("f", &["[2,3]", "[]"]).expect("evaluates");
    // Four events (nothing declared pure), none for the region's ops.
    assert_eq!(trace.events.len(), 4, "{trace}");
    let first = trace.events[0].to_string();
    assert!(
        first.starts_with("op stablehlo.reduce {dimensions = array<i64: 1>} regions#")
            && first.contains("(tensor<2x3>, tensor<>) -> handle("),
        "{first}"
    );
    let json = trace.events[0].to_json();
    assert!(
        json.starts_with(
            r#"{"op":"stablehlo.reduce","attributes":"{dimensions = array<i64: 1>}","regions":""#
        ),
        "{json}"
    );
    // The result is a handle of the rank its type shows.
    let Value::Host {
        shape: Some(shape), ..
    } = &results(trace.outcome.clone())[0]
    else {
        panic!("{trace}");
    };
    assert_eq!(shape.len(), 1);
    assert_eq!(
        p.trace("f", &["[2,3]", "[]"]).unwrap(),
        trace,
        "deterministic"
    );
}

#[test]
fn pure_ops_depend_on_operands_name_attributes_and_regions_only() {
    let mut p = common::parse(&four_reductions());
    p.ctx.set_knows_foreign_ops(false);
    p.ctx.set_pure_ops("stablehlo.".parse().expect("a dialect"));
    for args in [["[2,3]", "[]"], ["[0,7]", "[]"], ["[1,1]", "[]"]] {
        let trace = p.trace("f", &args).expect("evaluates");
        assert!(trace.events.is_empty(), "pure: no event: {trace}");
        let r = results(trace.outcome);
        // The same op, whatever its region's values are called: the same
        // result (so CSE of the two is valid, and the check agrees).
        assert_eq!(r[0].canonical(), r[1].canonical(), "{args:?}");
        // Other attributes, another region: another function.
        assert_ne!(r[0].canonical(), r[2].canonical(), "{args:?}");
        assert_ne!(r[0].canonical(), r[3].canonical(), "{args:?}");
    }
    // Other operands, other results.
    let a = results(p.run("f", &["[2,3]", "[]"]).unwrap());
    let b = results(p.run("f", &["[2,2]", "[]"]).unwrap());
    assert_ne!(a[0].canonical(), b[0].canonical());
}

#[test]
fn effectful_ops_are_events_at_their_position() {
    // Two identical ops not declared pure are two events: each draws from
    // its position, so they are not interchangeable.
    let mut p = common::parse(&four_reductions());
    p.ctx.set_knows_foreign_ops(false);
    let r = results(p.run("f", &["[2,3]", "[]"]).unwrap());
    assert_ne!(r[0].canonical(), r[1].canonical());
}

#[test]
fn a_region_depends_on_the_values_it_captures() {
    let f = r#"
    func.func @f(%k: index, %j: index) -> (index, index) {
      %r0 = "foo.map"() ({
        "foo.yield"(%k) : (index) -> ()
      }) : () -> index
      %r1 = "foo.map"() ({
        "foo.yield"(%j) : (index) -> ()
      }) : () -> index
      return %r0, %r1 : index, index
    }"#;
    let mut p = common::parse(f);
    p.ctx.set_pure_ops("foo.".parse().unwrap());
    // Equal captured values: the same function; other ones: another.
    let same = results(p.run("f", &["3", "3"]).unwrap());
    assert_eq!(same[0], same[1]);
    let differ = (0..8).any(|j| {
        let r = results(p.run("f", &["3", &j.to_string()]).unwrap());
        r[0] != r[1]
    });
    assert!(differ);
}

/// A torch-style function: a `!torch.vtensor` parameter bridged to a
/// builtin tensor, whose dimensions it returns.
const TORCH: &str = r#"
func.func @f(%v: !torch.vtensor<[?,3],f32>, %t: !torch.token) -> (index, index, !torch.vtensor<[?,3],f32>, !torch.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = "torch_c.to_builtin_tensor"(%v) : (!torch.vtensor<[?,3],f32>) -> tensor<?x3xf32>
  %d0 = tensor.dim %b, %c0 : tensor<?x3xf32>
  %d1 = tensor.dim %b, %c1 : tensor<?x3xf32>
  return %d0, %d1, %v, %t : index, index, !torch.vtensor<[?,3],f32>, !torch.token
}"#;

#[test]
fn foreign_parameters_are_handles() {
    let p = common::parse(TORCH);
    let trace = p.trace("f", &["[2,3]", "5"]).expect("evaluates");
    let r = results(trace.outcome.clone());
    // The handles come back as they went in: the shaped one is the
    // handle of its position, the other the number given.
    assert_eq!(
        r[2],
        Value::Host {
            id: 0,
            shape: Some(vec![2, 3])
        }
    );
    assert_eq!(r[3], Value::Host { id: 5, shape: None });
    assert_eq!(r[1], Value::Index(3), "a static extent is kept: {trace}");
    // The bridge is an opaque function of the handle: an event on it.
    assert!(
        trace
            .to_string()
            .starts_with("op torch_c.to_builtin_tensor(handle(0, [2, 3])) -> tensor<"),
        "{trace}"
    );
    for (args, why) in [
        (["[2]", "5"], "argument 1: shape [2] does not fit the parameter's type !torch.vtensor<[?,3],f32>"),
        (["[2,4]", "5"], "argument 1: shape [2, 4] does not fit"),
        (["[-1,3]", "5"], "argument 1: extent -1 is negative"),
        (["2", "5"], "argument 1: a scalar given for a parameter of type !torch.vtensor<[?,3],f32>, which shows a shape"),
        (["[2,3]", "[1]"], "argument 2: a shape given for a parameter of type !torch.token, which shows none"),
        (["[2,3]", "-1"], "argument 2: handle number -1 is negative"),
    ] {
        let got = p.show("f", &args);
        assert!(got.contains(why), "{args:?}: {got}");
    }
}

#[test]
fn foreign_results_carry_the_shape_their_type_shows() {
    let f = r#"
    func.func @f(%k: index) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<*,f32>, !stablehlo.token) {
      %r:3 = "torch.aten.thing"(%k) : (index) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<*,f32>, !stablehlo.token)
      return %r#0, %r#1, %r#2 : !torch.vtensor<[?,3],f32>, !torch.vtensor<*,f32>, !stablehlo.token
    }"#;
    let p = common::parse(f);
    for k in 0..8 {
        let r = results(p.run("f", &[&k.to_string()]).unwrap());
        assert!(
            matches!(&r[0], Value::Host { shape: Some(s), .. } if s.len() == 2 && s[1] == 3 && s[0] >= 0),
            "{:?}",
            r[0]
        );
        assert!(
            matches!(&r[1], Value::Host { shape: None, .. }),
            "{:?}",
            r[1]
        );
        assert!(
            matches!(&r[2], Value::Host { shape: None, .. }),
            "{:?}",
            r[2]
        );
    }
}

#[test]
fn registered_ops_without_semantics_are_still_refused() {
    // Folders fold them: taking them for uninterpreted functions would
    // report a folded `math.sqrt` as a change.
    let f = r#"
    func.func @f(%x: f32) -> f32 {
      %y = math.sqrt %x : f32
      return %y : f32
    }"#;
    let got = common::parse(f).show("f", &["4"]);
    assert!(
        got.contains("cannot evaluate 'math.sqrt': no semantics for this op"),
        "{got}"
    );
}
