//! `--explain`: the expected text for the shape functions a reader meets
//! first, every example explained, and `shape-run --explain` judging
//! concrete arguments.

mod common;
use common::{run, stderr};

fn explained(example: &str) -> String {
    let path = format!("examples/{example}.mlir");
    let out = run(env!("CARGO_BIN_EXE_shape-opt"), &["--explain", &path], "");
    assert!(out.status.success(), "{path}: {}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn explains_matmul() {
    let expected = r#"
matmul(lhs: [a, b], rhs: [c, d]) -> [a, d]
  requires  rank(lhs) = rank(rhs)  "operands of shape.meet must be equal"
            rank(lhs) = 2          "requires rank 2 operands"
            b = c                  "inner dimensions required to match"
"#;
    assert_eq!(explained("matmul"), &expected[1..]);
}

#[test]
fn explains_batch_matmul() {
    let expected = r#"
batch_matmul(lhs: [*], rhs: [*])
  -> broadcast(lhs[:-2], rhs[:-2]) ++ [lhs[-2], rhs[-1]]
  requires  rank(lhs) ≥ 2                      "batch matmul requires an lhs of rank >= 2"
            rank(rhs) ≥ 2                      "batch matmul requires an rhs of rank >= 2"
            lhs[-1] = rhs[-2]                  "contracting dimensions required to match"
            broadcastable(lhs[:-2], rhs[:-2])  "batch dimensions must broadcast"
"#;
    assert_eq!(explained("batch_matmul"), &expected[1..]);
}

#[test]
fn explains_broadcast_elementwise() {
    let expected = r#"
broadcast_elementwise(a: [e, f], b: [*], c: [g], d: [*])
  -> broadcast([e, f], b, [g], d)
  requires  broadcastable([e, f], b, [g], d)  "(a + b) * c - d: shapes must broadcast"
"#;
    assert_eq!(explained("broadcast_elementwise"), &expected[1..]);
}

#[test]
fn explains_concat() {
    let expected = r#"
concat(lhs: [*], rhs: [*]) -> [lhs[0] + rhs[0]] ++ lhs[1:]
  requires  rank(lhs) = rank(rhs)  "concat requires operands of equal rank"
            rank(lhs) ≥ 1          "concat requires operands of rank >= 1"
            lhs[1:] = rhs[1:]      "concat requires equal trailing dimensions"
"#;
    assert_eq!(explained("concat"), &expected[1..]);
}

#[test]
fn explains_conv2d_nhwc() {
    let expected = r#"
conv2d_nhwc(input: [a, b, c, d], filter: [e, f, g, h], stride, pad)
  -> [
    a,
    (b + pad * 2 - e) floordiv stride + 1,
    (c + pad * 2 - f) floordiv stride + 1,
    h
  ]
  requires  stride ≥ 1       "stride must be positive"
            d = g            "input channels must match the filter's"
            b + pad * 2 ≥ e  "output height must be positive"
            c + pad * 2 ≥ f  "output width must be positive"
"#;
    assert_eq!(explained("conv2d_nhwc"), &expected[1..]);
}

#[test]
fn every_example_is_explained() {
    let mut files = Vec::new();
    let mut dirs = vec![common::root().join("examples")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("examples/ is readable")
            .flatten()
        {
            match entry.path() {
                p if p.is_dir() => dirs.push(p),
                p if p.extension().is_some_and(|e| e == "mlir") => files.push(p),
                _ => {}
            }
        }
    }
    assert!(files.len() > 20, "{} examples", files.len());
    for path in files {
        let path = path.display().to_string();
        let out = run(
            env!("CARGO_BIN_EXE_shape-opt"),
            &["--explain", "--allow-unregistered-dialect", &path],
            "",
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{path}: {}", stderr(&out));
        assert!(text.contains('(') && text.contains("->"), "{path}: {text}");
    }
}

#[test]
fn shape_run_explains_and_judges_its_arguments() {
    let shape_run = |args: &[&str]| {
        let out = run(env!("CARGO_BIN_EXE_shape-run"), args, "");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let matmul = ["examples/matmul.mlir", "--func", "matmul", "--explain"];
    let good = shape_run(&[&matmul[..], &["--arg", "[2,3]", "--arg", "[3,4]"]].concat());
    assert!(
        good.starts_with("matmul(lhs: [a, b], rhs: [c, d]) -> [a, d]\n"),
        "{good}"
    );
    assert!(
        good.ends_with("  these arguments meet every requirement\nok [2, 4]\n"),
        "{good}"
    );
    let bad = shape_run(&[&matmul[..], &["--arg", "[2,3]", "--arg", "[4,4]"]].concat());
    assert!(
        bad.contains("  these arguments break requirement 3 (line 16)\n"),
        "{bad}"
    );
    assert!(
        bad.ends_with("error: inner dimensions required to match\n"),
        "{bad}"
    );
}

#[test]
fn a_pipeline_runs_before_the_explanation() {
    // In asserting form the checks are `cf.assert`s: the same requirements.
    let out = run(
        env!("CARGO_BIN_EXE_shape-opt"),
        &["--explain", "--lower-to=asserting", "examples/matmul.mlir"],
        "",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), explained("matmul"));
}
