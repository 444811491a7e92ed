//! `Session::declare_pure_ops`: a host's declarations reach the passes, so
//! that checks cross the host ops (and calls) declared pure, and only
//! those.

use shape_opt::{Session, Stage};

/// Two broadcast checks, the second of a superset, with a host op between
/// them: merged into one check only if the host op is declared pure.
const TEXT: &str = r#"
func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %t: tensor<?xf32>) -> tensor<?xf32> {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r0 = shape.assuming %w0 -> (tensor<?xf32>) {
    %x = "host.exp"(%t) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %x : tensor<?xf32>
  }
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xf32>) {
    %y = "host.exp"(%r0) : (tensor<?xf32>) -> tensor<?xf32>
    shape.assuming_yield %y : tensor<?xf32>
  }
  return %r1 : tensor<?xf32>
}
"#;

/// Checks and regions left by `--lower-to=constrained` with `declared`.
fn lowered(declared: &[&str]) -> (usize, usize) {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    session.declare_pure_ops(declared).unwrap();
    let mut module = session.parse("f.mlir", TEXT).unwrap();
    session
        .lower_to(&mut module, Stage::Constrained, &mut |_, _, _| {})
        .unwrap();
    let printed = module.print();
    (
        printed.matches("shape.cstr_broadcastable").count(),
        printed.matches("shape.assuming %").count(),
    )
}

#[test]
fn checks_cross_only_the_host_ops_declared_pure() {
    assert_eq!(lowered(&[]), (2, 2));
    assert_eq!(lowered(&["other.exp"]), (2, 2));
    assert_eq!(lowered(&["host.exp"]), (1, 1));
    assert_eq!(lowered(&["host."]), (1, 1));
}

#[test]
fn declarations_are_checked() {
    let mut session = Session::new();
    let e = session
        .declare_pure_ops(&["host.", "tensor.extract"])
        .unwrap_err();
    assert!(e.to_string().contains("'tensor.extract'"), "{e}");
    // Nothing of a rejected list is declared.
    session.policy_mut().run.allow_unregistered = true;
    let mut module = session.parse("f.mlir", TEXT).unwrap();
    session
        .lower_to(&mut module, Stage::Constrained, &mut |_, _, _| {})
        .unwrap();
    assert_eq!(
        module.print().matches("shape.cstr_broadcastable").count(),
        2
    );
}
