//! Strict symbolic shapes (`shape_opt.strict_symbolic_shapes`): a function
//! checks on entry that no dimension its arguments' types leave dynamic is
//! 1, in argument order, before anything else runs.

mod common;

/// `@f` broadcasting its arguments' shapes, in a module marked (or not).
fn broadcast(strict: bool) -> String {
    let attribute = if strict {
        " attributes {shape_opt.strict_symbolic_shapes}"
    } else {
        ""
    };
    format!(
        r#"module{attribute} {{
  func.func @f(%a: tensor<?x3xf32>, %b: tensor<?x?xf32>, %s: tensor<?xindex>, %u: tensor<*xf32>) -> tensor<?xindex> {{
    %sa = shape.shape_of %a : tensor<?x3xf32> -> tensor<?xindex>
    %sb = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
    %r = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    return %r : tensor<?xindex>
  }}
}}"#
    )
}

fn run(strict: bool, args: &[&str]) -> String {
    common::parse(&broadcast(strict)).show_trace("f", args)
}

#[test]
fn a_dynamic_dimension_of_one_fails_with_its_own_message() {
    let args = ["[2,3]", "[1,3]", "[1]", "[1,1]"];
    assert_eq!(run(false, &args), "ok [2, 3]");
    assert_eq!(
        run(true, &args),
        "error: strict symbolic shapes: dynamic dimension 0 of %arg1 is 1"
    );
    // The first failing dimension, in argument order.
    assert_eq!(
        run(true, &["[1,3]", "[1,1]", "[2]", "[2]"]),
        "error: strict symbolic shapes: dynamic dimension 0 of %arg0 is 1"
    );
}

#[test]
fn static_dimensions_shapes_and_unranked_tensors_are_not_checked() {
    // %a's static 3, the extent tensor %s (a shape) and unranked %u.
    assert_eq!(run(true, &["[2,3]", "[2,3]", "[1]", "[1,1]"]), "ok [2, 3]");
}
