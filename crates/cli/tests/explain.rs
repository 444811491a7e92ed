//! `--explain`: the expected text for the shape functions a reader meets
//! first, every example explained, `shape-run --explain` judging
//! concrete arguments, and functions holding numbers far past any rank
//! explained in bounded memory by `--explain`, `shape-run --explain` and
//! `--report`.

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

/// A function whose numbers are far past any rank, what `--explain` must
/// say of it, and `shape-run` arguments for it (none where a parameter is
/// an extent tensor too long to give).
struct Huge {
    name: &'static str,
    text: &'static str,
    says: &'static [&'static str],
    args: &'static [&'static str],
}

const HUGE: &[Huge] = &[
    Huge {
        name: "split_at_2_pow_40",
        text: r#"func.func @f(%a: !shape.shape) -> !shape.shape {
  %n = shape.const_size 1099511627776
  %h, %t = "shape.split_at"(%a, %n) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h : !shape.shape
}"#,
        says: &[
            "f(a: [*]) -> a[:1099511627776]",
            r#"requires  rank(a) ≥ 1099511627776  "split index out of range""#,
        ],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "split_at_i64_max",
        text: r#"func.func @f(%a: !shape.shape) -> (!shape.shape, !shape.shape) {
  %n = shape.const_size 9223372036854775807
  %h, %t = "shape.split_at"(%a, %n) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}"#,
        says: &["-> (a[:9223372036854775807], a[9223372036854775807:])"],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "split_at_minus_2_pow_40",
        text: r#"func.func @f(%a: !shape.shape) -> (!shape.shape, !shape.shape) {
  %n = shape.const_size -1099511627776
  %h, %t = "shape.split_at"(%a, %n) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}"#,
        says: &["-> (a[:-1099511627776], a[-1099511627776:])"],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "split_at_minus_i64_max",
        text: r#"func.func @f(%a: !shape.shape) -> (!shape.shape, !shape.shape) {
  %n = shape.const_size -9223372036854775807
  %h, %t = "shape.split_at"(%a, %n) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}"#,
        says: &["-> (a[:-9223372036854775807], a[-9223372036854775807:])"],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "constrained_split_at_minus_2_pow_40",
        text: r#"func.func @f(%a: tensor<?xindex>) -> (tensor<?xindex>, tensor<?xindex>) {
  %n = arith.constant -1099511627776 : index
  %h, %t = "shape.split_at"(%a, %n) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %h, %t : tensor<?xindex>, tensor<?xindex>
}"#,
        says: &[
            "-> (a[:-1099511627776], a[-1099511627776:])",
            "requires  rank(a) ≥ 1099511627776  (else undefined)",
        ],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "get_extent_2_pow_40",
        text: r#"func.func @f(%a: !shape.shape) -> !shape.size {
  %n = shape.const_size 1099511627776
  %e = shape.get_extent %a, %n : !shape.shape, !shape.size -> !shape.size
  return %e : !shape.size
}"#,
        says: &["f(a: [*]) -> a[1099511627776]"],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "meet_of_a_rank_and_a_huge_size",
        text: r#"func.func @f(%a: !shape.shape) -> (!shape.shape, !shape.shape) {
  %r = shape.rank %a : !shape.shape -> !shape.size
  %c = shape.const_size 1099511627776
  %m = shape.meet %r, %c : !shape.size, !shape.size -> !shape.size
  %h, %t = "shape.split_at"(%a, %m) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  %n = shape.num_elements %h : !shape.shape -> !shape.size
  return %h, %t : !shape.shape, !shape.shape
}"#,
        says: &[r#"rank(a) = 1099511627776  "operands of shape.meet must be equal""#],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "max_of_a_size_and_a_huge_one",
        text: r#"func.func @f(%a: !shape.shape, %k: !shape.size) -> (!shape.shape, !shape.shape) {
  %c = shape.const_size 1099511627776
  %m = shape.max %k, %c : !shape.size, !shape.size -> !shape.size
  %h, %t = "shape.split_at"(%a, %m) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}"#,
        says: &["a[:max(k, 1099511627776)]", "a[max(k, 1099511627776):]"],
        args: &["--arg", "[2,3]", "--arg", "3"],
    },
    Huge {
        name: "max_of_an_unranked_shape_and_a_huge_constant_shape",
        text: r#"func.func @f(%a: !shape.shape) -> !shape.shape {
  %c = shape.const_shape [1099511627776, 9223372036854775807] : !shape.shape
  %m = shape.max %a, %c : !shape.shape, !shape.shape -> !shape.shape
  return %m : !shape.shape
}"#,
        says: &[r#"rank(a) = 2  "ranks must match""#],
        args: &["--arg", "[2,3]"],
    },
    Huge {
        name: "meet_with_a_huge_extent_tensor",
        text: r#"func.func @f(%a: !shape.shape, %b: tensor<1099511627776xindex>) -> !shape.shape {
  %m = shape.meet %a, %b : !shape.shape, tensor<1099511627776xindex> -> !shape.shape
  return %m : !shape.shape
}"#,
        says: &[r#"requires  a = b  "operands of shape.meet must be equal""#],
        args: &[],
    },
    Huge {
        name: "split_of_a_huge_extent_tensor",
        text: r#"func.func @f(%b: tensor<1099511627776xindex>) -> (!shape.shape, !shape.shape, !shape.size) {
  %c = shape.const_size -1099511627775
  %h, %t = "shape.split_at"(%b, %c) : (tensor<1099511627776xindex>, !shape.size) -> (!shape.shape, !shape.shape)
  %n = shape.num_elements %t : !shape.shape -> !shape.size
  return %h, %t, %n : !shape.shape, !shape.shape, !shape.size
}"#,
        says: &["-> ([b[0]], b[-1099511627775:], product(b[-1099511627775:]))"],
        args: &[],
    },
    Huge {
        name: "tensor_of_a_huge_static_extent",
        text: r#"func.func @f(%a: tensor<1099511627776x?xf32>) -> !shape.shape {
  %s = shape.shape_of %a : tensor<1099511627776x?xf32> -> !shape.shape
  return %s : !shape.shape
}"#,
        says: &["f(a: [1099511627776, b]) -> [1099511627776, b]"],
        args: &["--arg", "[1099511627776,3]"],
    },
];

/// Run `exe args` in at most 1 GiB of address space (a run that spells
/// out its numbers' extents needs terabytes).
fn run_in_a_gib(exe: &str, args: &[&str]) -> std::process::Output {
    let limited = ["-c", "ulimit -v 1048576 && exec \"$0\" \"$@\"", exe];
    run("sh", &[&limited[..], args].concat(), "")
}

#[test]
fn huge_constants_are_explained_in_bounded_memory_by_every_front_end() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for case in HUGE {
        let input = dir.path().join(format!("{}.mlir", case.name));
        std::fs::write(&input, case.text).expect("the input is written");
        let input = input.display().to_string();
        let out = run_in_a_gib(env!("CARGO_BIN_EXE_shape-opt"), &["--explain", &input]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: {}", case.name, stderr(&out));
        for says in case.says {
            assert!(text.contains(says), "{}: no `{says}` in\n{text}", case.name);
        }
        assert!(text.len() < 1_000, "{}:\n{text}", case.name);
        if !case.args.is_empty() {
            let run_args = [&[input.as_str(), "--func", "f", "--explain"], case.args].concat();
            let out = run_in_a_gib(env!("CARGO_BIN_EXE_shape-run"), &run_args);
            let judged = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{}: {}", case.name, stderr(&out));
            assert!(
                judged.starts_with(&*text) && judged[text.len()..].contains(" arguments"),
                "{}:\n{judged}",
                case.name
            );
            // The report samples inputs of every parameter, as `shape-run`
            // takes them: not of an extent tensor type this long.
            let report = dir.path().join(format!("{}.html", case.name));
            let report_flag = format!("--report={}", report.display());
            let out = run_in_a_gib(
                env!("CARGO_BIN_EXE_shape-opt"),
                &["--lower-to=std", &report_flag, &input],
            );
            assert!(out.status.success(), "{}: {}", case.name, stderr(&out));
            let html = std::fs::read_to_string(&report).expect("the report is written");
            let first = text.lines().next().unwrap_or_default();
            assert!(
                html.contains(first),
                "{}: no `{first}` in the report",
                case.name
            );
        }
    }
}
