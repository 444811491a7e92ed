//! Strict symbolic shapes (`shape_opt.strict_symbolic_shapes`): a dimension
//! an argument's type leaves dynamic is assumed not to be the broadcasting
//! 1, and the assumption is checked where a broadcast meets it. In each
//! dimension, the dynamic extents of arguments and the static ones other
//! than 1 must be equal; a static 1 broadcasts; extents of unknown origin
//! (an extent tensor's) follow the general rule.

mod common;

/// `@f` broadcasting its arguments' shapes (and `@g` an extent tensor with
/// one of them), in a module marked (or not).
fn module(strict: bool) -> String {
    let attribute = if strict {
        " attributes {shape_opt.strict_symbolic_shapes}"
    } else {
        ""
    };
    format!(
        r#"module{attribute} {{
  func.func @f(%a: tensor<?x3xf32>, %b: tensor<?x?xf32>) -> tensor<?xindex> {{
    %sa = shape.shape_of %a : tensor<?x3xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
    %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    return %r : tensor<?xindex>
  }}
  func.func @g(%a: tensor<1x?xf32>, %s: tensor<?xindex>) -> i1 {{
    %sa = shape.shape_of %a : tensor<1x?xf32> -> tensor<?xindex>
    %ok = shape.is_broadcastable %sa, %s : tensor<?xindex>, tensor<?xindex>
    return %ok : i1
  }}
  func.func @chain(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> i1 {{
    %sa = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?xf32> -> tensor<?xindex>
    %sc = shape.shape_of %c : tensor<?xf32> -> tensor<?xindex>
    %ab = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    %ok = shape.is_broadcastable %ab, %sc : tensor<?xindex>, tensor<?xindex>
    return %ok : i1
  }}
  func.func @monadic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> !shape.shape {{
    %sa = shape.shape_of %a : tensor<?xf32> -> !shape.shape
    %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
    %r = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
    return %r : !shape.shape
  }}
}}"#
    )
}

fn run(strict: bool, function: &str, args: &[&str]) -> String {
    common::parse(&module(strict)).show_trace(function, args)
}

#[test]
fn a_dynamic_one_meeting_another_extent_fails_with_the_assumption_named() {
    let args = ["[2,3]", "[1,3]"];
    assert_eq!(run(false, "f", &args), "ok [2, 3]");
    assert_eq!(
        run(true, "f", &args),
        "error: strict symbolic shapes: broadcast needs equal extents where one is dynamic"
    );
    // Against a static 3: the dynamic extent must be 3.
    assert_eq!(
        run(true, "f", &["[2,3]", "[2,1]"]),
        "error: strict symbolic shapes: broadcast needs equal extents where one is dynamic"
    );
}

#[test]
fn equal_dynamic_extents_pass_even_when_they_are_one() {
    assert_eq!(run(true, "f", &["[2,3]", "[2,3]"]), "ok [2, 3]");
    assert_eq!(run(true, "f", &["[1,3]", "[1,3]"]), "ok [1, 3]");
}

#[test]
fn a_static_one_and_extents_of_unknown_origin_broadcast_as_usual() {
    // `%a`'s static 1 meets the extent tensor's 5; its dynamic 7 meets 1.
    assert_eq!(run(true, "g", &["[1,7]", "[5,1]"]), "ok 1");
    assert_eq!(run(true, "g", &["[1,1]", "[5,4]"]), "ok 1");
    assert_eq!(run(true, "g", &["[1,3]", "[5,4]"]), "ok 0");
}

#[test]
fn extents_reaching_a_dimension_through_a_broadcast_are_compared() {
    // `(a ⊕ b) ⊕ c` compares the dynamic extents of all three.
    assert_eq!(run(true, "chain", &["[2]", "[2]", "[2]"]), "ok 1");
    assert_eq!(
        run(true, "chain", &["[2]", "[2]", "[1]"]),
        "error: strict symbolic shapes: broadcast needs equal extents where one is dynamic"
    );
    assert_eq!(run(false, "chain", &["[2]", "[2]", "[1]"]), "ok 1");
}

#[test]
fn an_error_monadic_broadcast_gives_the_failure_as_a_value() {
    let args = ["[1]", "[4]"];
    assert_eq!(run(false, "monadic", &args), "ok [4]");
    assert!(run(true, "monadic", &args)
        .contains("strict symbolic shapes: broadcast needs equal extents where one is dynamic"));
}
