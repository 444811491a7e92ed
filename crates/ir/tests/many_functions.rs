//! A module of many functions is verified on all cores (its symbols
//! indexed, its functions checked in parallel): the error reported is the
//! one the walk in block order finds first, whichever thread finds it.

use ir::verifier::verify;
use ir::Location;

/// A module of `count` functions `@f0`..., with `extra` after them.
fn module(count: usize, extra: &str) -> String {
    let functions: String = (0..count)
        .map(|i| format!("func.func @f{i}(%a: index) -> index {{\n  return %a : index\n}}\n"))
        .collect();
    format!("{functions}{extra}")
}

/// The line of a location.
fn line(loc: &Location) -> u32 {
    match loc {
        Location::FileLineCol { line, .. } => *line,
        other => panic!("not a file location: {other:?}"),
    }
}

#[test]
fn the_first_redefinition_is_reported_with_its_first_definition() {
    // `@f7` and `@f3` both come again; `@f7`'s second definition is first.
    let extra = "func.func @f7() {\n  return\n}\nfunc.func @f3() {\n  return\n}\n";
    let (ctx, root) = filetests::ir_check::parse(&module(100, extra));
    let error = verify(&ctx, root, false).expect_err("a symbol is defined twice");
    assert_eq!(error.message, "redefinition of symbol named 'f7'");
    assert_eq!(line(&error.loc), 301);
    assert_eq!(error.notes.len(), 1);
    assert_eq!(line(&error.notes[0].0), 22);
    assert_eq!(error.notes[0].1, "see existing symbol definition here");
}

#[test]
fn an_error_in_a_function_comes_before_a_redefinition() {
    let extra = "func.func @f1() {\n  return\n}\n\
                 func.func @g(%a: index) -> index {\n  %r = func.call @none(%a) : (index) -> index\n  return %r : index\n}\n";
    let (ctx, root) = filetests::ir_check::parse(&module(100, extra));
    let error = verify(&ctx, root, false).expect_err("a call has no callee");
    assert!(
        error
            .message
            .contains("'none' does not reference a valid function"),
        "{}",
        error.message
    );
}

#[test]
fn calls_are_checked_against_the_indexed_callees() {
    let call = |callee: &str, ty: &str| {
        format!(
            "func.func @g(%a: index) -> {ty} {{\n  %r = func.call @{callee}(%a) : (index) -> {ty}\n  return %r : {ty}\n}}\n"
        )
    };
    let (ctx, root) = filetests::ir_check::parse(&module(100, &call("f99", "index")));
    assert!(verify(&ctx, root, false).is_ok());
    let (ctx, root) = filetests::ir_check::parse(&module(100, &call("f50", "i64")));
    let error = verify(&ctx, root, false).expect_err("the result type differs");
    assert!(
        error.message.contains("result type mismatch"),
        "{}",
        error.message
    );
}
