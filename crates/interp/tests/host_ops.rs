//! StableHLO, MHLO and CHLO ops with built-in rules in the interpreter:
//! their results have the shapes their rules give, integer shape
//! computations have their values, a broken requirement is undefined
//! behaviour, and JAX's `shape_assertion` fails with its message.

mod common;

use interp::{Canonical, Outcome};

const FUNCTIONS: &str = r#"
func.func @reshape(%x: tensor<?x?xf32>, %a: index, %b: index) -> tensor<?xindex> {
  %ai = arith.index_cast %a : index to i64
  %bi = arith.index_cast %b : index to i64
  %s = tensor.from_elements %ai, %bi : tensor<2xi64>
  %r = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %0 = shape.shape_of %r : tensor<?x?xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
func.func @dot(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {
  %r = "mhlo.dot"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = shape.shape_of %r : tensor<?x?xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
func.func @assert(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %d = "stablehlo.get_dimension_size"(%x) <{dimension = 0 : i64}> : (tensor<?x4xf32>) -> tensor<i32>
  %c = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %p = "stablehlo.compare"(%d, %c) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
  "stablehlo.custom_call"(%p, %d) <{call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "dimension 0 is {0}, must be at least 1"} : (tensor<i1>, tensor<i32>) -> ()
  return %x : tensor<?x4xf32>
}
"#;

fn shape(outcome: Outcome) -> Vec<i64> {
    match outcome {
        Outcome::Ok(values) => match values.first().map(|v| v.canonical()) {
            Some(Canonical::Shape(s)) => s,
            other => panic!("{other:?}"),
        },
        other => panic!("{other}"),
    }
}

#[test]
fn results_have_the_shapes_their_rules_give() {
    let p = common::parse(FUNCTIONS);
    let run = |f: &str, args: &[&str]| p.run(f, args).expect("evaluates");
    assert_eq!(shape(run("reshape", &["[2,6]", "3", "4"])), vec![3, 4]);
    assert_eq!(shape(run("dot", &["[2,3]", "[3,5]"])), vec![2, 5]);
}

#[test]
fn a_broken_requirement_is_undefined() {
    let p = common::parse(FUNCTIONS);
    let outcome = p.run("reshape", &["[2,6]", "5", "4"]).expect("evaluates");
    assert!(
        matches!(&outcome, Outcome::Undefined(m) if m.contains("as many elements")),
        "{outcome}"
    );
    let outcome = p.run("dot", &["[2,3]", "[4,5]"]).expect("evaluates");
    assert!(
        matches!(&outcome, Outcome::Undefined(m) if m.contains("contracting")),
        "{outcome}"
    );
}

#[test]
fn a_shape_assertion_fails_with_its_message_where_its_predicate_is_false() {
    let p = common::parse(FUNCTIONS);
    let failed = p.run("assert", &["[0,4]"]).expect("evaluates");
    assert_eq!(
        failed,
        Outcome::Error("dimension 0 is 0, must be at least 1".into())
    );
    assert!(matches!(p.run("assert", &["[3,4]"]), Ok(Outcome::Ok(_))));
}

#[test]
fn without_the_knowledge_the_ops_are_opaque() {
    let mut p = common::parse(FUNCTIONS);
    p.ctx.set_knows_foreign_ops(false);
    // The reshape's shape is drawn, whatever its operands: a wrong count
    // is not undefined.
    let outcome = p.run("reshape", &["[2,6]", "5", "4"]).expect("evaluates");
    assert!(matches!(outcome, Outcome::Ok(_)), "{outcome}");
}
