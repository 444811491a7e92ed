//! The `shape-opt` binary's own behaviour: exit codes, logging, flag
//! spellings, output written only on success.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn shape_opt(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shape-opt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("shape-opt runs");
    if let Some(mut s) = child.stdin.take() {
        use std::io::Write;
        // A run that stops before reading (usage errors, --help) closes the pipe.
        let _ = s.write_all(stdin.as_bytes());
    }
    child.wait_with_output().expect("shape-opt exits")
}

const DOUBLE: &str = "func.func @f(%a: index) -> index {\n  %0 = arith.addi %a, %a : index\n  %1 = arith.addi %a, %a : index\n  %2 = arith.muli %0, %1 : index\n  return %2 : index\n}\n";

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn log_level_traces_each_pass_without_colour_when_piped() {
    let out = shape_opt(
        &["--log-level=debug", "-p", "builtin.module(cse)", "-"],
        DOUBLE,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let log = stderr(&out);
    assert!(
        log.contains("pass{name=\"cse\" op=\"builtin.module\"}"),
        "{log}"
    );
    assert!(
        log.contains("pass done") && !log.contains('\u{1b}'),
        "{log}"
    );
    let bad = shape_opt(&["--log-level=[[", "-"], DOUBLE);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("invalid --log-level"));
}

#[test]
fn usage_errors_exit_with_one_and_help_with_zero() {
    let both = shape_opt(
        &["--lower-to=std", "-p", "builtin.module(cse)", "-"],
        DOUBLE,
    );
    assert_eq!(both.status.code(), Some(1));
    assert!(stderr(&both).contains("cannot be used with"));
    let help = shape_opt(&["--help"], "");
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8_lossy(&help.stdout);
    for flag in [
        "--mlir-print-ir-after-change",
        "--threads",
        "--lower-to",
        "--log-level",
    ] {
        assert!(text.contains(flag), "--help lacks {flag}");
    }
}

#[test]
fn flags_work_with_and_without_the_mlir_prefix() {
    for (with, without) in [
        ("--mlir-print-ir-after-all", "--print-ir-after-all"),
        ("--mlir-print-ir-before=cse", "--print-ir-before=cse"),
        ("--mlir-disable-threading", "--disable-threading"),
    ] {
        let a = shape_opt(&[with, "-cse", "-"], DOUBLE);
        let b = shape_opt(&[without, "-cse", "-"], DOUBLE);
        assert!(a.status.success(), "{with}: {}", stderr(&a));
        assert_eq!(a.stdout, b.stdout);
        assert_eq!(stderr(&a), stderr(&b), "{with} vs {without}");
    }
}

#[test]
fn failed_pipelines_leave_no_output_file() {
    let dir = std::env::temp_dir().join(format!("shape-opt-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_file: PathBuf = dir.join("out.mlir");
    let path = out_file.to_str().unwrap();
    let failed = shape_opt(
        &["--lower-to=constrained", "-o", path, "-"],
        "func.func @f(%v: !shape.value_shape) -> !shape.shape {\n  %0 = shape.value_as_shape %v : !shape.value_shape -> !shape.shape\n  return %0 : !shape.shape\n}\n",
    );
    assert_eq!(failed.status.code(), Some(1));
    assert!(
        stderr(&failed).contains(
            "<stdin>:2:8: error: 'shape.value_as_shape' op cannot be lowered to constrained form"
        ),
        "{}",
        stderr(&failed)
    );
    assert!(!out_file.exists());
    let ok = shape_opt(&["-cse", "-o", path, "-"], DOUBLE);
    assert!(ok.status.success());
    let written = std::fs::read_to_string(&out_file).unwrap();
    assert_eq!(written.matches("arith.addi").count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_semantics_catches_a_pass_that_drops_a_check() {
    let stage2 = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/interp/matmul-stage2.mlir"
    );
    let dropped = shape_opt(
        &["--verify-semantics", "-remove-shape-constraints", stage2],
        "",
    );
    assert_eq!(dropped.status.code(), Some(1));
    let log = stderr(&dropped);
    assert!(
        log.contains("error: pass 'remove-shape-constraints' changed what @matmul computes: on ("),
        "{log}"
    );
    let kept = shape_opt(
        &["--verify-semantics=64", "-canonicalize", "-cse", stage2],
        "",
    );
    assert!(kept.status.success(), "{}", stderr(&kept));
}

#[test]
fn remarks_say_which_constraints_were_proven() {
    let matmul = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/matmul.mlir");
    let out = shape_opt(&["--remarks", "--lower-to=constrained", matmul], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let log = stderr(&out);
    let remarks: Vec<&str> = log.lines().filter(|l| l.contains(": remark: ")).collect();
    assert_eq!(remarks.len(), 2, "{log}");
    for r in remarks {
        assert!(
            r.ends_with("matmul.mlir:14:16: remark: 'shape.cstr_require' op is always true: its condition is known true")
                || r.ends_with("matmul.mlir:15:16: remark: 'shape.cstr_require' op is always true: its condition is known true"),
            "{r}"
        );
    }
    let quiet = shape_opt(&["--lower-to=constrained", matmul], "");
    assert!(!stderr(&quiet).contains("remark"));
}
