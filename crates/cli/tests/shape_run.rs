//! The `shape-run` binary: outcomes in text and JSON, exit codes, and
//! errors for bad input.

use std::process::Output;

mod common;

use common::stderr;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn shape_run(args: &[&str], stdin: &str) -> Output {
    common::run(env!("CARGO_BIN_EXE_shape-run"), args, stdin)
}

/// `shape-run examples/matmul.mlir --func matmul --arg L --arg R`.
fn matmul(lhs: &str, rhs: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "examples/matmul.mlir",
        "--func",
        "matmul",
        "--arg",
        lhs,
        "--arg",
        rhs,
    ];
    args.extend_from_slice(extra);
    shape_run(&args, "")
}

#[test]
fn matmul_outcomes() {
    for (lhs, rhs, expected) in [
        ("[2,3]", "[3,4]", "ok [2, 4]\n"),
        (
            "[2,3]",
            "[4,4]",
            "error: inner dimensions required to match\n",
        ),
        ("[2,3,4]", "[3,4,5]", "error: requires rank 2 operands\n"),
    ] {
        let out = matmul(lhs, rhs, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), expected);
        assert_eq!(stderr(&out), "");
    }
}

#[test]
fn json_outcomes() {
    let ok = matmul("[2,3]", "[3,4]", &["--json"]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(
        stdout(&ok),
        "{\"ok\":true,\"results\":[[2,4]],\"events\":[]}\n"
    );
    let err = matmul("[2, 3]", "[4, 4]", &["--json"]);
    assert_eq!(err.status.code(), Some(0));
    assert_eq!(
        stdout(&err),
        "{\"ok\":false,\"error\":\"inner dimensions required to match\",\"events\":[]}\n"
    );
    // With --explain, stdout is still one JSON object: the explanation is
    // its last field.
    let explained = matmul("[2,3]", "[5,4]", &["--json", "--explain"]);
    assert_eq!(explained.status.code(), Some(0), "{}", stderr(&explained));
    let text = stdout(&explained);
    let prefix = "{\"ok\":false,\"error\":\"inner dimensions required to match\",\"events\":[],\"explanation\":\"matmul(lhs: [a, b], rhs: [c, d]) -> [a, d]\\n";
    assert!(text.starts_with(prefix), "{text}");
    assert!(
        text.ends_with("these arguments break requirement 3 (line 16)\\n\"}\n"),
        "{text}"
    );
    assert_eq!(text.matches('\n').count(), 1, "{text}");
}

#[test]
fn scalars_stdin_and_every_stage() {
    let f = "func.func @f(%a: index, %b: !shape.size) -> !shape.size {\n  %s = shape.index_to_size %a\n  %r = shape.add %s, %b : !shape.size, !shape.size -> !shape.size\n  return %r : !shape.size\n}\n";
    let out = shape_run(&["-", "--func", "f", "--arg", "-1", "--arg", "6"], f);
    assert_eq!(
        stdout(&out),
        "error: undefined behaviour: index -1 is negative and not a size\n"
    );
    let out = shape_run(&["-", "--func", "f", "--arg", "4", "--arg", "6"], f);
    assert_eq!(stdout(&out), "ok 10\n");
    for form in ["stage1", "stage2", "stage3", "std"] {
        let file = format!("tests/interp/matmul-{form}.mlir");
        let out = shape_run(
            &[
                &file, "--func", "matmul", "--arg", "[7,0]", "--arg", "[0,3]",
            ],
            "",
        );
        assert_eq!(stdout(&out), "ok [7, 3]\n", "{form}: {}", stderr(&out));
    }
}

#[test]
fn bad_input_exits_with_one() {
    let unknown = shape_run(&["examples/matmul.mlir", "--func", "nope"], "");
    assert_eq!(unknown.status.code(), Some(1));
    assert_eq!(
        stderr(&unknown),
        "shape-run: error: no function named 'nope'\n"
    );
    assert_eq!(stdout(&unknown), "");

    let bad_arg = matmul("[2,x]", "[3,4]", &[]);
    assert_eq!(bad_arg.status.code(), Some(1));
    assert!(
        stderr(&bad_arg).contains("invalid --arg '[2,x]'"),
        "{}",
        stderr(&bad_arg)
    );

    let count = shape_run(
        &["examples/matmul.mlir", "--func", "matmul", "--arg", "[1]"],
        "",
    );
    assert_eq!(count.status.code(), Some(1));
    assert!(stderr(&count).contains("takes 2 arguments, 1 given"));

    let kind = matmul("3", "[3,4]", &[]);
    assert_eq!(kind.status.code(), Some(1));
    assert!(
        stderr(&kind)
            .contains("argument 1: a scalar given for a parameter of type !shape.value_shape"),
        "{}",
        stderr(&kind)
    );

    let missing = shape_run(&["no/such/file.mlir", "--func", "f"], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("could not open input file"));

    let usage = shape_run(&["examples/matmul.mlir"], "");
    assert_eq!(usage.status.code(), Some(1));
}

#[test]
fn a_bad_file_gives_a_located_diagnostic() {
    let out = shape_run(
        &["-", "--func", "f"],
        "func.func @f() -> index {\n  %x = arith.addi\n}\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("<stdin>:3:1: error: "),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), "");

    let unverified = shape_run(
        &["-", "--func", "f"],
        "func.func @f(%a: index) -> i32 {\n  return %a : index\n}\n",
    );
    assert_eq!(unverified.status.code(), Some(1));
    assert!(
        stderr(&unverified).starts_with("<stdin>:2:3: error: "),
        "{}",
        stderr(&unverified)
    );
}

#[test]
fn unregistered_ops_parse_when_allowed_and_are_events() {
    let f = "func.func @f(%a: index) -> index {\n  %x = \"foo.bar\"(%a) : (index) -> index\n  return %x : index\n}\n";
    let refused = shape_run(&["-", "--func", "f", "--arg", "1"], f);
    assert_eq!(refused.status.code(), Some(1));
    let allowed = shape_run(
        &[
            "-",
            "--func",
            "f",
            "--arg",
            "1",
            "--allow-unregistered-dialect",
        ],
        f,
    );
    assert_eq!(allowed.status.code(), Some(0), "{}", stderr(&allowed));
    let out = stdout(&allowed);
    let lines: Vec<&str> = out.lines().collect();
    let drawn = lines[0]
        .strip_prefix("op foo.bar(1) -> ")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(lines[1], format!("ok {drawn}"), "{out}");
    // One with a region used to be refused: it is an uninterpreted
    // function of its regions too (never run), printed with their digest.
    let g = "func.func @f() {\n  \"foo.loop\"() ({\n  }) : () -> ()\n  return\n}\n";
    let region = shape_run(&["-", "--func", "f", "--allow-unregistered-dialect"], g);
    assert_eq!(region.status.code(), Some(0), "{}", stderr(&region));
    let out = stdout(&region);
    assert!(
        out.starts_with("op foo.loop regions#") && out.ends_with("()\nok\n"),
        "{out}"
    );
}

#[test]
fn foreign_arguments_are_handles() {
    // A shaped handle takes its shape, an unshaped one its number; the
    // bridge is an opaque function of the handle.
    let f = "func.func @f(%v: !torch.vtensor<[?,3],f32>, %t: !torch.token) -> (!torch.token, index) {\n  %c1 = arith.constant 1 : index\n  %b = \"torch_c.to_builtin_tensor\"(%v) : (!torch.vtensor<[?,3],f32>) -> tensor<?x3xf32>\n  %d = tensor.dim %b, %c1 : tensor<?x3xf32>\n  return %t, %d : !torch.token, index\n}\n";
    let run = |v: &str, t: &str| {
        shape_run(
            &[
                "-",
                "--func",
                "f",
                "--arg",
                v,
                "--arg",
                t,
                "--allow-unregistered-dialect",
            ],
            f,
        )
    };
    let ok = run("[2,3]", "5");
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let out = stdout(&ok);
    assert!(
        out.starts_with("op torch_c.to_builtin_tensor(handle(0, [2, 3])) -> tensor<")
            && out.ends_with("\nok handle(5), 3\n"),
        "{out}"
    );
    let bad = run("[2,4]", "5");
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains(
            "argument 1: shape [2, 4] does not fit the parameter's type !torch.vtensor<[?,3],f32>"
        ),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn calls_of_declarations_are_printed_before_the_outcome() {
    let run = |args: &[&str], extra: &[&str]| {
        let mut all = vec!["tests/shape_run/effects.mlir", "--func", "f"];
        for a in args {
            all.extend(["--arg", a]);
        }
        all.extend_from_slice(extra);
        shape_run(&all, "")
    };
    let failing = run(&["[2]", "[2]", "[3]"], &[]);
    assert_eq!(failing.status.code(), Some(0), "{}", stderr(&failing));
    assert_eq!(
        stdout(&failing),
        "call @log(42)\nerror: operands must be broadcastable\n"
    );
    let json = run(&["[2]", "[2]", "[3]"], &["--json"]);
    assert_eq!(
        stdout(&json),
        "{\"ok\":false,\"error\":\"operands must be broadcastable\",\"events\":[{\"call\":\"log\",\"args\":[42],\"results\":[]}]}\n"
    );
    let passing = run(&["[2]", "[2]", "[1]"], &[]);
    assert_eq!(stdout(&passing), "call @log(42)\ncall @log(7)\nok\n");
    let early = run(&["[2]", "[3]", "[1]"], &[]);
    assert_eq!(stdout(&early), "error: operands must be broadcastable\n");
}

#[test]
fn integer_tensors_are_given_by_their_elements() {
    let reshape = |target: &str| {
        shape_run(
            &[
                "tests/shape_run/data.mlir",
                "--func",
                "reshape",
                "--arg",
                "[2,3]",
                "--arg",
                target,
            ],
            "",
        )
    };
    for (target, expected) in [
        ("dense<[3, -1]>", "ok [3, 2]\n"),
        ("dense<[0,3]>", "ok [2, 3]\n"),
        ("dense<[-1, -1]>", "error: at most one extent may be -1\n"),
        (
            "dense<[4, -1]>",
            "error: reshape must keep the element count\n",
        ),
    ] {
        let out = reshape(target);
        assert_eq!(out.status.code(), Some(0), "{target}: {}", stderr(&out));
        assert_eq!(stdout(&out), expected, "{target}");
    }
    for (target, why) in [
        (
            "dense<[3, 2, 1]>",
            "argument 2: elements of shape [3] do not fit",
        ),
        ("dense<[3, x]>", "invalid --arg 'dense<[3, x]>'"),
        ("[2]", "the tensor's elements are not known"),
    ] {
        let out = reshape(target);
        assert_eq!(out.status.code(), Some(1), "{target}");
        assert!(stderr(&out).contains(why), "{target}: {}", stderr(&out));
    }
}

/// `shape-run tests/shape_run/bounds.mlir --func F --reify-bound Q ARGS`.
fn reify_bound(func: &str, query: &str, args: &[&str]) -> Output {
    let mut all = vec![
        "tests/shape_run/bounds.mlir",
        "--func",
        func,
        "--reify-bound",
        query,
    ];
    for a in args {
        all.extend(["--arg", a]);
    }
    shape_run(&all, "")
}

#[test]
fn reify_bound_prints_bounds_in_the_arguments_and_checks_them() {
    for (func, query, args, expected) in [
        (
            "pad",
            "eq:%p:0",
            &[][..],
            "eq dim(%p, 0) = %l + %h + dim(%t, 0)\n",
        ),
        (
            "pad",
            "eq:%p:0",
            &["[5]", "1", "2"][..],
            "eq dim(%p, 0) = %l + %h + dim(%t, 0)\non the arguments: bound 8, actual 8\n",
        ),
        (
            "slice",
            "ub:%x:0",
            &["[20]", "30"][..],
            "ub dim(%x, 0) <= min(16, dim(%t, 0), %n)\non the arguments: bound 16, actual 16\n",
        ),
        ("slice", "lb:%iv", &[][..], "lb %iv >= 0\n"),
        (
            "slice",
            "ub:%iv",
            &["[20]", "3"][..],
            "ub %iv <= min(15, %n - 1)\n\
             on the arguments: bound 2, actual not observable (defined in a nested region)\n",
        ),
    ] {
        let out = reify_bound(func, query, args);
        assert!(out.status.success(), "{query}: {}", stderr(&out));
        assert_eq!(stdout(&out), expected, "{query}");
    }
}

#[test]
fn reify_bound_errors() {
    for (func, query, expected) in [
        (
            "slice",
            "eq:%k",
            "shape-run: error: could not reify bound of %k\n",
        ),
        (
            "slice",
            "max:%k",
            "shape-run: error: invalid --reify-bound 'max:%k': expected KIND:VALUE[:DIM] with KIND lb, ub or eq\n",
        ),
        (
            "slice",
            "eq:%nope",
            "shape-run: error: no value %nope defined in @slice\n",
        ),
        ("pad", "eq:%p:3", "shape-run: error: %p has no dimension 3\n"),
    ] {
        let out = reify_bound(func, query, &[]);
        assert_eq!(out.status.code(), Some(1), "{query}");
        assert_eq!(stderr(&out), expected, "{query}");
    }
}

#[test]
fn a_misspelt_function_gets_a_suggestion() {
    let path = common::root().join("examples/matmul.mlir");
    let out = shape_run(
        &[
            path.to_str().unwrap(),
            "--func",
            "matmal",
            "--arg",
            "[2,3]",
            "--arg",
            "[3,4]",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        common::stderr(&out).contains("no function named 'matmal'; did you mean 'matmul'?"),
        "{}",
        common::stderr(&out)
    );
}
