//! The `shape-opt` binary's own behaviour: exit codes, logging, flag
//! spellings, output written only on success.

use std::path::PathBuf;
use std::process::{Command, Output};

mod common;

use common::stderr;

fn shape_opt(args: &[&str], stdin: &str) -> Output {
    common::run(env!("CARGO_BIN_EXE_shape-opt"), args, stdin)
}

const DOUBLE: &str = "func.func @f(%a: index) -> index {\n  %0 = arith.addi %a, %a : index\n  %1 = arith.addi %a, %a : index\n  %2 = arith.muli %0, %1 : index\n  return %2 : index\n}\n";

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
        ("--mlir-print-local-scope", "--print-local-scope"),
        (
            "--mlir-elide-elementsattrs-if-larger=1",
            "--elide-elementsattrs-if-larger=1",
        ),
        ("--mlir-print-op-on-diagnostic", "--print-op-on-diagnostic"),
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
    // Each names the checks it follows from: the first split needs the
    // rank of lhs, the second the rank of rhs, which is lhs's.
    let expected = [
        "matmul.mlir:14:16: remark: 'shape.cstr_require' op is always true: its condition is known true, \
         given the check at 13:13 (\"requires rank 2 operands\")",
        "matmul.mlir:15:16: remark: 'shape.cstr_require' op is always true: its condition is known true, \
         given the checks at 12:10 (\"operands of shape.meet must be equal\"), 13:13 (\"requires rank 2 operands\")",
    ];
    assert_eq!(remarks.len(), 2, "{log}");
    for (r, e) in remarks.iter().zip(expected) {
        assert!(r.ends_with(e), "{r}\nexpected the end: {e}");
    }
    let quiet = shape_opt(&["--lower-to=constrained", matmul], "");
    assert!(!stderr(&quiet).contains("remark"));
}

#[test]
fn lower_to_asserting_leaves_asserts_in_source_order_and_no_witness() {
    let matmul = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/matmul.mlir");
    let out = shape_opt(&["--verify-semantics", "--lower-to=asserting", matmul], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    for leftover in ["shape.cstr", "assuming", "witness"] {
        assert!(!text.contains(leftover), "{leftover} left:\n{text}");
    }
    let messages: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cf.assert "))
        .filter_map(|l| l.split('"').nth(1))
        .collect();
    assert_eq!(
        messages,
        [
            "operands of shape.meet must be equal",
            "requires rank 2 operands",
            "inner dimensions required to match"
        ],
        "{text}"
    );
}

#[test]
fn dump_constraint_graph_writes_dot_files_per_function_and_stage() {
    let matmul = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/matmul.mlir");
    let root = std::env::temp_dir().join(format!("shape-opt-dump-{}", std::process::id()));
    // A directory that does not exist yet, below one that does not either.
    let dir = root.join("pictures");
    let flag = format!("--dump-constraint-graph={}", dir.display());
    let out = shape_opt(&["--lower-to=constrained", &flag, matmul], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let graphviz = Command::new("dot").arg("-V").output().is_ok();
    if !graphviz {
        println!("skipping the `dot -Tsvg` check: graphviz's `dot` is not installed");
    }
    for stage in ["before", "egraph", "after"] {
        let file = dir.join(format!("matmul.{stage}.dot"));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{stage}: {e}"));
        assert!(text.starts_with("digraph {"), "{stage}: {text}");
        if graphviz {
            let svg = Command::new("dot")
                .arg("-Tsvg")
                .arg(&file)
                .output()
                .unwrap();
            assert!(svg.status.success(), "{stage}: {}", stderr(&svg));
        }
    }
    let after = std::fs::read_to_string(dir.join("matmul.after.dot")).unwrap();
    assert_eq!(after.matches("shape.const_witness").count(), 2, "{after}");

    // A directory that cannot be made: an error, no output.
    let blocked = root.join("file");
    std::fs::write(&blocked, "").unwrap();
    let flag = format!("--dump-constraint-graph={}", blocked.join("sub").display());
    let failed = shape_opt(&["--lower-to=constrained", &flag, matmul], "");
    assert_eq!(failed.status.code(), Some(1));
    assert!(
        stderr(&failed).starts_with("shape-opt: could not create '"),
        "{}",
        stderr(&failed)
    );
    assert!(failed.stdout.is_empty());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn dump_constraint_graph_numbers_repeated_names_and_reports_write_errors() {
    let dir = std::env::temp_dir().join(format!("shape-opt-dump-names-{}", std::process::id()));
    let flag = format!("--dump-constraint-graph={}", dir.display());
    let twice = format!("{DOUBLE}// -----\n{DOUBLE}");
    let args = ["--split-input-file", "--lower-to=constrained", &flag, "-"];
    let out = shape_opt(&args, &twice);
    assert!(out.status.success(), "{}", stderr(&out));
    for name in [
        "f.before.dot",
        "f-2.before.dot",
        "f.after.dot",
        "f-2.after.dot",
    ] {
        assert!(dir.join(name).is_file(), "no {name}");
    }
    // A directory where a file should go: the write fails.
    std::fs::remove_file(dir.join("f.egraph.dot")).unwrap();
    std::fs::create_dir(dir.join("f.egraph.dot")).unwrap();
    let failed = shape_opt(&args, DOUBLE);
    assert_eq!(failed.status.code(), Some(1));
    let log = stderr(&failed);
    assert!(
        log.starts_with("shape-opt: could not write '") && log.contains("f.egraph.dot'"),
        "{log}"
    );
    assert!(failed.stdout.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program of tensor ops is legal std form; `--lower-from=error-monadic`
/// runs the stage-1 passes on it, so its ops get their built-in shape
/// functions and checks.
#[test]
fn lower_from_error_monadic_gives_tensor_programs_their_checks() {
    let program = "func.func @pad(%x: tensor<?xf32>, %low: index) -> tensor<?xf32> {\n  %zero = arith.constant 0.0 : f32\n  %p = tensor.pad %x low[%low] high[0] {\n  ^bb0(%i: index):\n    tensor.yield %zero : f32\n  } : tensor<?xf32> to tensor<?xf32>\n  return %p : tensor<?xf32>\n}\n";
    let as_is = shape_opt(&["--lower-to=std", "-"], program);
    assert!(as_is.status.success(), "{}", stderr(&as_is));
    assert!(!String::from_utf8_lossy(&as_is.stdout).contains("cf.assert"));
    let args = [
        "--verify-semantics",
        "--lower-to=std",
        "--lower-from=error-monadic",
        "-",
    ];
    let checked = shape_opt(&args, program);
    assert!(checked.status.success(), "{}", stderr(&checked));
    let text = String::from_utf8_lossy(&checked.stdout);
    assert!(text.contains("must be non-negative"), "{text}");
    let backwards = shape_opt(
        &["--lower-to=constrained", "--lower-from=std", "-"],
        program,
    );
    assert_eq!(backwards.status.code(), Some(1));
    assert!(stderr(&backwards).contains("cannot lower from std form to constrained form"));
    let unpaired = shape_opt(&["--lower-from=std", "-"], program);
    assert_eq!(unpaired.status.code(), Some(1), "{}", stderr(&unpaired));
}

/// A module of `n` independent stage-2 functions; those whose index is in
/// `failing` check two constant shapes that differ.
fn independent_functions(n: usize, failing: &[usize]) -> String {
    let mut text = String::new();
    for i in 0..n {
        let (a, b) = if failing.contains(&i) {
            ("[2]", "[3]")
        } else {
            ("[2]", "[2]")
        };
        text.push_str(&format!(
            "func.func @f{i}(%x: tensor<?xindex>, %y: tensor<?xindex>) -> tensor<?xindex> {{\n  %a = shape.const_shape {a} : tensor<1xindex>\n  %b = shape.const_shape {b} : tensor<1xindex>\n  %w = shape.cstr_eq %a, %b : tensor<1xindex>, tensor<1xindex>\n  %v = shape.cstr_broadcastable %x, %y : tensor<?xindex>, tensor<?xindex>\n  %all = shape.assuming_all %w, %v\n  %r = shape.assuming %all -> (tensor<?xindex>) {{\n    %s = shape.broadcast %x, %y : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>\n    shape.assuming_yield %s : tensor<?xindex>\n  }}\n  return %r : tensor<?xindex>\n}}\n"
        ));
    }
    text
}

/// Lowering independent functions in pieces on every thread gives the
/// output of one thread, and reports the first failure in function order.
/// 1,300 functions make four pieces of 325 on two threads
/// (`MAX_FUNCTIONS_PER_PIECE` is 512); the failures are in the third and
/// fourth.
#[test]
fn split_lowering_matches_one_thread_and_reports_the_first_failure() {
    let text = independent_functions(1300, &[]);
    let many = shape_opt(&["--lower-to=std", "--threads=2", "-"], &text);
    let one = shape_opt(&["--lower-to=std", "--threads=1", "-"], &text);
    assert!(many.status.success(), "{}", stderr(&many));
    assert_eq!(many.stdout, one.stdout);
    let failing = independent_functions(1300, &[1100, 700]);
    for threads in ["--threads=2", "--threads=1"] {
        let out = shape_opt(&["--lower-to=std", threads, "-"], &failing);
        assert_eq!(out.status.code(), Some(1));
        // @f700 starts on line 700 * 12 + 1; its cstr_eq is 3 lines down.
        assert!(
            stderr(&out).contains(&format!("<stdin>:{}:", 700 * 12 + 4)),
            "{threads}: {}",
            stderr(&out)
        );
    }
}

/// A custom op of a dialect shape-opt does not model keeps MLIR's error,
/// which goes on to say how to go on; following it works. A misspelt op
/// of a modelled dialect gets the closest op's name.
#[test]
fn unknown_custom_ops_say_how_to_keep_them() {
    let linalg = "func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
";
    let out = shape_opt(&["--allow-unregistered-dialect", "-"], linalg);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(
            "<stdin>:2:8: error: custom op 'linalg.matmul' is unknown: shape-opt does not model \
             the 'linalg' dialect's custom syntax; give the op in generic form (as `mlir-opt \
             --mlir-print-op-generic` prints it) with --allow-unregistered-dialect, or run \
             shape-opt's passes inside mlir-opt with its pass plugin (`mlir-opt \
             --load-pass-plugin=libShapeOptPlugin.so`)\n"
        ),
        "{err}"
    );
    assert!(!err.contains("note:"), "{err}");
    let generic = linalg.replace(
        "linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>",
        "\"linalg.matmul\"(%a, %a, %a) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>",
    );
    let kept = shape_opt(&["--allow-unregistered-dialect", "-"], &generic);
    assert!(kept.status.success(), "{}", stderr(&kept));
    assert!(
        String::from_utf8_lossy(&kept.stdout).contains("\"linalg.matmul\"(%arg0, %arg0, %arg0)")
    );
    // An op of a modelled dialect that shape-opt does not define, a
    // misspelt op, and an op MLIR 22 renamed.
    let powf = "func.func @f(%a: f32) -> f32 {
  %0 = math.powf %a, %a : f32
  return %0 : f32
}
";
    let err = stderr(&shape_opt(&["-"], powf));
    assert!(
        err.contains(
            "error: custom op 'math.powf' is unknown: shape-opt does not model this op of the \
             'math' dialect; give the op in generic form"
        ),
        "{err}"
    );
    let typo = "func.func @f() -> index {
  %0 = arith.constnat 1 : index
  return %0 : index
}
";
    let err = stderr(&shape_opt(&["-"], typo));
    assert!(
        err.contains(
            "error: custom op 'arith.constnat' is unknown; did you mean 'arith.constant'?"
        ),
        "{err}"
    );
    let to_memref = "func.func @f(%t: tensor<4xf32>) -> memref<4xf32> {
  %0 = bufferization.to_memref %t : tensor<4xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
";
    let err = stderr(&shape_opt(&["-"], to_memref));
    assert!(
        err.contains(
            "error: custom op 'bufferization.to_memref' is unknown: MLIR 22 names this op \
             'bufferization.to_buffer'"
        ),
        "{err}"
    );
    let renamed = to_memref.replace("to_memref", "to_buffer");
    assert!(shape_opt(&["-"], &renamed).status.success());
}

#[test]
fn list_passes_shows_every_pass_with_its_anchor_and_typed_options() {
    let out = shape_opt(&["--list-passes"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let listing = String::from_utf8_lossy(&out.stdout);
    for info in passes::all() {
        assert!(listing.contains(&format!("--{} ", info.name)), "{listing}");
        for option in (info.options)() {
            let line = format!("{} = {}", option.ty, option.default);
            assert!(
                listing.contains(&line),
                "{} lacks {line}:\n{listing}",
                info.name
            );
        }
    }
    assert!(listing.contains("(on 'builtin.module')"), "{listing}");
    assert!(listing.contains("'disabled' | 'normal' | 'aggressive' = normal"));
    // A misspelt option is rejected with a suggestion.
    let out = shape_opt(
        &["-p", "builtin.module(canonicalize{max-iteration=2})", "-"],
        DOUBLE,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("has no option 'max-iteration'; did you mean 'max-iterations'?"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn pass_flags_do_not_mix_with_lower_to_or_a_pipeline() {
    for other in [&["--lower-to=std"][..], &["-p", "builtin.module(cse)"][..]] {
        let mut args = vec!["--cse"];
        args.extend_from_slice(other);
        args.push("-");
        let out = shape_opt(&args, DOUBLE);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr(&out).contains("can't be used with individual pass options"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn a_pipeline_is_one_nest_anchored_on_the_module() {
    for (pipeline, message) in [
        (
            "func.func(cse)",
            "<stdin>:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op",
        ),
        (
            "cse",
            "expected pass pipeline to be wrapped with the anchor",
        ),
    ] {
        let out = shape_opt(&["-p", pipeline, "-"], DOUBLE);
        assert_eq!(out.status.code(), Some(1), "{pipeline}");
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
    for pipeline in ["builtin.module(func.func(cse))", "any(cse)"] {
        let out = shape_opt(&["-p", pipeline, "-"], DOUBLE);
        assert!(out.status.success(), "{pipeline}: {}", stderr(&out));
    }
}

#[test]
fn an_undeclared_value_is_named_as_written() {
    let out = shape_opt(
        &["-"],
        "func.func @f() -> index {\n  return %t#1 : index\n}\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("<stdin>:2:10: error: use of undeclared SSA value name '%t#1'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn malformed_bytecode_is_an_error_naming_the_section_and_byte() {
    let dir = std::env::temp_dir().join(format!("shape-opt-bytecode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.mlirbc");
    // Version 6, a producer, then a string section announcing more bytes
    // than the file has.
    std::fs::write(&file, b"ML\xefR\x0dbinary\x00\x00\x41").unwrap();
    let out = shape_opt(&[file.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("m.mlirbc:0:0: error: invalid MLIR bytecode: "),
        "{err}"
    );
    assert!(err.contains("(in the header, at byte 14)"), "{err}");
    assert!(!err.contains("binary") && out.stdout.is_empty(), "{err}");
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    use std::process::Stdio;
    let functions: String = (0..4000)
        .map(|i| format!("func.func @f{i}(%a: index) -> index {{\n  return %a : index\n}}\n"))
        .collect();
    for args in [&["--list-passes"][..], &["-"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shape-opt"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Like `| head -0`: the reader is gone before the output comes.
        drop(child.stdout.take());
        if let Some(mut stdin) = child.stdin.take() {
            use std::io::Write;
            let _ = stdin.write_all(functions.as_bytes());
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).is_empty(), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_library_function_returns_what_it_declares_and_a_mapping_names_one() {
    let library = |returned: &str, mapped: &str| {
        format!(
            "shape.function_library @lib {{\n  shape.func @matmul(%a: !shape.value_shape) -> !shape.shape {{\n    %s = shape.shape_of %a : !shape.value_shape -> !shape.shape\n    %n = shape.rank %s : !shape.shape -> !shape.size\n    shape.return {returned}\n  }}\n}} mapping {{\n  foo.matmul = @{mapped}\n}}\n"
        )
    };
    let wrong = shape_opt(&["-"], &library("%n : !shape.size", "matmul"));
    assert_eq!(wrong.status.code(), Some(1));
    assert!(
        stderr(&wrong).contains(
            "<stdin>:5:5: error: 'shape.return' op type of return operand 0 (!shape.size) doesn't match function result type (!shape.shape) in function @matmul"
        ),
        "{}",
        stderr(&wrong)
    );
    let typo = shape_opt(
        &["-p", "builtin.module(reify-shape-library)", "-"],
        &library("%s : !shape.shape", "matmull"),
    );
    assert_eq!(typo.status.code(), Some(1));
    assert!(
        stderr(&typo)
            .contains("names @matmull, which is not a function of @lib; did you mean @matmul?"),
        "{}",
        stderr(&typo)
    );
}

/// `--dump-pass-pipeline` prints what `--lower-to` expands to on the input,
/// which `-p` takes back to give the same output, byte for byte.
#[test]
fn the_dumped_pipeline_of_lower_to_gives_the_same_output() {
    for (example, failure) in [
        ("examples/matmul.mlir", "abort"),
        ("examples/broadcast_chain.mlir", "abort"),
        ("examples/stage2/broadcast_binary.mlir", "status"),
    ] {
        let path = common::root().join(example);
        let path = path.to_str().unwrap();
        let failure = format!("--shape-failure={failure}");
        let lowered = shape_opt(
            &["--dump-pass-pipeline", "--lower-to=std", &failure, path],
            "",
        );
        assert!(lowered.status.success(), "{}", stderr(&lowered));
        let dump = stderr(&lowered);
        let (header, pipeline) = dump.split_once('\n').unwrap();
        assert!(header.starts_with("Pass Manager with ") && header.ends_with(" passes:"));
        assert!(pipeline.starts_with("builtin.module(\n  "), "{pipeline}");
        let again = shape_opt(&["-p", pipeline.trim_end(), path], "");
        assert!(again.status.success(), "{}", stderr(&again));
        assert_eq!(again.stdout, lowered.stdout, "{example}: {pipeline}");
    }
}

/// `--diagnostics-format=json`: one JSON object per diagnostic and line,
/// notes nested, saying what the text form says (file, line, column,
/// severity, message), in the same order.
#[test]
fn json_diagnostics_say_what_the_text_form_says() {
    let path = common::root().join("tests/upstream/mlir/test/Dialect/Shape/invalid.mlir");
    let path = path.to_str().unwrap();
    let text = shape_opt(&["--split-input-file", path], "");
    let json = shape_opt(
        &["--split-input-file", "--diagnostics-format=json", path],
        "",
    );
    assert_eq!(text.status.code(), Some(1));
    assert_eq!(json.status.code(), Some(1));
    let from_text: Vec<String> = stderr(&text)
        .lines()
        .filter(|l| l.starts_with(path))
        .map(str::to_string)
        .collect();
    fn flatten(object: &serde_json::Value, out: &mut Vec<String>) {
        out.push(format!(
            "{}:{}:{}: {}: {}",
            object["file"].as_str().unwrap(),
            object["line"],
            object["column"],
            object["severity"].as_str().unwrap(),
            object["message"].as_str().unwrap()
        ));
        for note in object["notes"].as_array().unwrap() {
            flatten(note, out);
        }
    }
    let mut from_json = Vec::new();
    for line in stderr(&json).lines() {
        let object: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("not one JSON object: {line}: {e}"));
        flatten(&object, &mut from_json);
    }
    assert!(from_text.len() > 20, "{}", stderr(&text));
    assert_eq!(from_json, from_text);
}

/// `--mlir-pass-pipeline-crash-reproducer`: a failing `--lower-to=std`
/// writes the module it started from and the pipeline in MLIR's reproducer
/// format; `--run-reproducer` replays it to the same diagnostic, and
/// `mlir-opt` 22 parses the file.
#[test]
fn a_failing_lowering_leaves_a_reproducer_that_fails_the_same_way() {
    const FAILS: &str = "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<?xindex> {\n  %sa = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>\n  %sb = shape.shape_of %b : tensor<4x3xf32> -> tensor<?xindex>\n  %w = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>\n  %r = shape.assuming %w -> (tensor<?xindex>) {\n    %x = shape.broadcast %sa, %sb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>\n    shape.assuming_yield %x : tensor<?xindex>\n  }\n  return %r : tensor<?xindex>\n}\n";
    let dir = std::env::temp_dir().join(format!("shape-opt-reproducer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("reproducer.mlir");
    let file = file.to_str().unwrap();
    let flag = format!("--mlir-pass-pipeline-crash-reproducer={file}");
    let failed = shape_opt(&["--lower-to=std", &flag, "-"], FAILS);
    assert_eq!(failed.status.code(), Some(1));
    let error = "<stdin>:4:8: error: 'shape.cstr_broadcastable' op always fails: the shapes [2, 3], [4, 3] cannot broadcast";
    assert!(stderr(&failed).contains(error), "{}", stderr(&failed));
    assert!(stderr(&failed).contains("reproducer generated at"));
    let reproducer = std::fs::read_to_string(file).unwrap();
    assert!(
        reproducer
            .contains("mlir_reproducer: {\n      pipeline: \"builtin.module(reify-host-shapes,hoist-constraints,"),
        "{reproducer}"
    );
    let replayed = shape_opt(&["--run-reproducer", file], "");
    assert_eq!(replayed.status.code(), Some(1));
    assert!(stderr(&replayed).contains(error), "{}", stderr(&replayed));
    if let Some(mlir_opt) = filetests::tools::mlir_tool("mlir-opt") {
        let parsed = Command::new(mlir_opt).arg(file).output().unwrap();
        assert!(parsed.status.success(), "{}", stderr(&parsed));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Debugging flags an MLIR user reaches for, as `mlir-opt` 22 has them.
#[test]
fn mlir_opt_debugging_flags() {
    let dialects = shape_opt(&["--show-dialects"], "");
    assert!(dialects.status.success());
    assert_eq!(
        String::from_utf8_lossy(&dialects.stdout),
        "Available Dialects: arith,bufferization,builtin,cf,func,math,memref,scf,shape,tensor,ub\n"
    );
    let matmul = common::root().join("examples/matmul.mlir");
    let matmul = matmul.to_str().unwrap();
    let roundtrip = shape_opt(&["--verify-roundtrip", "--lower-to=std", matmul], "");
    assert!(roundtrip.status.success(), "{}", stderr(&roundtrip));
    const FAILS: &str = "func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) {\n  %sa = shape.shape_of %a : tensor<2xf32> -> tensor<?xindex>\n  %sb = shape.shape_of %b : tensor<3xf32> -> tensor<?xindex>\n  %w = shape.cstr_broadcastable %sa, %sb : tensor<?xindex>, tensor<?xindex>\n  return\n}\n";
    let with_notes = shape_opt(&["--lower-to=std", "-"], FAILS);
    assert!(stderr(&with_notes).contains("note: the conflicting value"));
    let without = shape_opt(
        &[
            "--lower-to=std",
            "--mlir-disable-diagnostic-notes",
            "--mlir-print-ir-after-failure",
            "-",
        ],
        FAILS,
    );
    assert_eq!(without.status.code(), Some(1));
    let err = stderr(&without);
    assert!(
        err.contains("error: 'shape.cstr_broadcastable' op always fails"),
        "{err}"
    );
    assert!(!err.contains("note:"), "{err}");
    assert!(
        err.contains(
            "// -----// IR Dump After canonicalize-constraints Failed //----- //\nmodule {"
        ),
        "{err}"
    );
}

/// `--mlir-timing-display=list` and `--mlir-pass-statistics-display=list`:
/// one line per pass, whatever its nesting (timings slowest first, each
/// with the total; statistics by pass name).
#[test]
fn timing_and_statistics_reports_as_lists() {
    let batch = common::root().join("examples/batch_matmul.mlir");
    let batch = batch.to_str().unwrap();
    let timing = shape_opt(
        &[
            "-p",
            "builtin.module(func.func(cse),cse)",
            "--mlir-timing",
            "--mlir-timing-display=list",
            batch,
        ],
        "",
    );
    assert!(timing.status.success(), "{}", stderr(&timing));
    let report = stderr(&timing);
    let names: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("%)"))
        .map(|l| l.split("%)").nth(1).unwrap().trim())
        .collect();
    // The two runs of cse, one nested, are one line.
    assert_eq!(names.iter().filter(|n| **n == "cse").count(), 1, "{report}");
    assert_eq!(names.last(), Some(&"Total"), "{report}");
    let times: Vec<f64> = report
        .lines()
        .filter(|l| l.contains("%)") && !l.ends_with("Total"))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{report}");
    let statistics = shape_opt(
        &[
            "--lower-to=std",
            "--mlir-pass-statistics",
            "--mlir-pass-statistics-display=list",
            batch,
        ],
        "",
    );
    let report = stderr(&statistics);
    let passes: Vec<&str> = report
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with("==") && !l.contains("report"))
        .collect();
    let mut sorted = passes.clone();
    sorted.sort_unstable();
    assert_eq!(passes, sorted, "{report}");
    assert!(passes.contains(&"canonicalize-constraints"), "{report}");
}

/// What `mlir-opt` 22 prints for `input` with `args`: its output, or its
/// diagnostics when it fails; `None` (the test skips that comparison, or
/// fails under `SHAPE_OPT_REQUIRE_MLIR=1`) when it is absent.
fn mlir_opt(args: &[&str], input: &str) -> Option<Result<String, String>> {
    let tool = filetests::tools::mlir_tool("mlir-opt")?;
    Some(filetests::tools::run(&tool, args, input.as_bytes()))
}

/// `shape-opt` with `args` on `input`, expected to succeed: its output.
fn printed(args: &[&str], input: &str) -> String {
    let out = shape_opt(args, input);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const WITH_ALIASES: &str = "func.func @f(%a: index) -> index {\n  %0 = \"test.op\"(%a) {m = affine_map<(d0) -> (d0 + 1)>} : (index) -> index\n  return %0 : index\n}\n";

/// `--mlir-print-local-scope`: locations and attributes inline, no
/// aliases, and no blank line after the module, as `mlir-opt` 22 prints.
#[test]
fn local_scope_prints_locations_and_attributes_inline() {
    let args = [
        "--allow-unregistered-dialect",
        "--mlir-print-debuginfo",
        "--mlir-print-local-scope",
        "-",
    ];
    let text = printed(&args, WITH_ALIASES);
    assert!(!text.contains("#loc") && !text.contains("#map"), "{text}");
    assert!(
        text.contains(
            "{m = affine_map<(d0) -> (d0 + 1)>} : (index) -> index loc(\"<stdin>\":2:8)\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("} loc(\"<stdin>\":0:0)\n"), "{text:?}");
    let aliased = printed(
        &args[..2].iter().chain(&["-"]).copied().collect::<Vec<_>>(),
        WITH_ALIASES,
    );
    assert!(aliased.starts_with("#map = affine_map"), "{aliased}");
    for generic in [false, true] {
        let mut args = args.to_vec();
        if generic {
            args.insert(0, "--mlir-print-op-generic");
        }
        if let Some(expected) = mlir_opt(&args, WITH_ALIASES) {
            assert_eq!(printed(&args, WITH_ALIASES), expected.unwrap(), "{args:?}");
        }
    }
}

const CONSTANTS: &str = "func.func @f() -> (tensor<4xindex>, tensor<3xi1>) {\n  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xindex>\n  %1 = arith.constant dense<true> : tensor<3xi1>\n  return %0, %1 : tensor<4xindex>, tensor<3xi1>\n}\n";

/// `--mlir-elide-elementsattrs-if-larger=N`: more than N elements (a splat
/// excepted) print as `mlir-opt` 22 prints them.
#[test]
fn large_elements_attributes_print_elided() {
    let elided = printed(&["--mlir-elide-elementsattrs-if-larger=3", "-"], CONSTANTS);
    assert!(
        elided.contains("arith.constant dense_resource<__elided__> : tensor<4xindex>\n"),
        "{elided}"
    );
    assert!(elided.contains("dense<true> : tensor<3xi1>"), "{elided}");
    let kept = printed(&["--mlir-elide-elementsattrs-if-larger=4", "-"], CONSTANTS);
    assert!(kept.contains("dense<[1, 2, 3, 4]>"), "{kept}");
    for limit in ["1", "3", "4"] {
        for generic in [false, true] {
            let flag = format!("--mlir-elide-elementsattrs-if-larger={limit}");
            let mut args = vec![flag.as_str(), "-"];
            if generic {
                args.insert(0, "--mlir-print-op-generic");
            }
            if let Some(expected) = mlir_opt(&args, CONSTANTS) {
                assert_eq!(printed(&args, CONSTANTS), expected.unwrap(), "{args:?}");
            }
        }
    }
}

/// An op whose verifier fails, with a region and a large constant.
const BAD_IF: &str = "func.func @f(%a: index, %b: i1) -> index {\n  %0 = \"scf.if\"(%b) ({\n    %c = arith.constant dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xindex>\n    scf.yield %a : index\n  }, {}) : (i1) -> index\n  return %0 : index\n}\n";

/// `--mlir-print-op-on-diagnostic`: the op an error is at follows as a note
/// in generic form, on lines of its own, large constants elided, as
/// `mlir-opt` 22 prints it (which does so by default);
/// `--mlir-disable-diagnostic-notes` drops it.
#[test]
fn errors_note_their_op_on_request() {
    let out = shape_opt(&["--mlir-print-op-on-diagnostic", "-"], BAD_IF);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let note = "<stdin>:2:8: note: see current operation: \n%0 = \"scf.if\"(%arg1) ({\n  %1 = \"arith.constant\"() <{value = dense_resource<__elided__> : tensor<17xindex>}> : () -> tensor<17xindex>\n  \"scf.yield\"(%arg0) : (index) -> ()\n}, {\n}) : (i1) -> index\n";
    // The note is where the error is: its source line is not repeated.
    assert!(
        err.ends_with(&format!("  %0 = \"scf.if\"(%b) ({{\n       ^\n{note}")),
        "{err}"
    );
    if let Some(expected) = mlir_opt(&["-"], BAD_IF) {
        assert_eq!(err, expected.unwrap_err());
    }
    for quiet in [
        &["-"][..],
        &["--mlir-print-op-on-diagnostic=false", "-"],
        &[
            "--mlir-print-op-on-diagnostic",
            "--mlir-disable-diagnostic-notes",
            "-",
        ],
    ] {
        let err = stderr(&shape_opt(quiet, BAD_IF));
        assert!(
            err.contains("error: 'scf.if' op must have an else block"),
            "{err}"
        );
        assert!(!err.contains("see current operation"), "{quiet:?}: {err}");
    }
}

/// The entries of a JSON timing report, depth first, as (depth, name).
fn json_timing_entries(value: &serde_json::Value, depth: usize, out: &mut Vec<(usize, String)>) {
    for entry in value.as_array().expect("a list of entries") {
        let Some(name) = entry.get("name") else {
            assert_eq!(
                entry,
                &serde_json::json!({}),
                "only the list's end has no name"
            );
            continue;
        };
        let wall = &entry["wall"];
        assert!(
            wall["duration"].is_f64() && wall["percentage"].is_f64(),
            "{entry}"
        );
        out.push((depth, name.as_str().unwrap().to_string()));
        if let Some(passes) = entry.get("passes") {
            json_timing_entries(passes, depth + 1, out);
        }
    }
}

/// `--mlir-timing --mlir-output-format=json`: the JSON `mlir-opt` 22
/// writes (passes nested under their pipeline's `"passes"` in the tree, one
/// entry each in the list, `Total` last at 100%).
#[test]
fn timing_reports_in_json() {
    let pipeline = "builtin.module(func.func(canonicalize),cse)";
    let mut shapes = Vec::new();
    for display in ["tree", "list"] {
        let display = format!("--mlir-timing-display={display}");
        let args = [
            "-p",
            pipeline,
            "--mlir-timing",
            "--mlir-output-format=json",
            &display,
            "-",
        ];
        let out = shape_opt(&args, DOUBLE);
        assert!(out.status.success(), "{}", stderr(&out));
        let report: serde_json::Value = serde_json::from_str(&stderr(&out)).expect("JSON");
        let last = report.as_array().and_then(|a| a.last()).unwrap();
        assert_eq!(last["name"], "Total");
        assert_eq!(last["wall"]["percentage"], 100.0);
        let mut entries = Vec::new();
        json_timing_entries(&report, 0, &mut entries);
        let reference = filetests::tools::mlir_tool("mlir-opt").map(|tool| {
            let out = common::run(tool.to_str().unwrap(), &args[..5], DOUBLE);
            serde_json::from_slice::<serde_json::Value>(&out.stderr).expect("mlir-opt's JSON")
        });
        if let Some(reference) = reference {
            let mut theirs = Vec::new();
            json_timing_entries(&reference, 0, &mut theirs);
            // The same layout: the nested pass at depth 1 in the tree.
            let nested = |entries: &[(usize, String)]| entries.iter().any(|(d, _)| *d == 1);
            assert_eq!(nested(&entries), nested(&theirs), "{display}");
        }
        shapes.push(entries);
    }
    assert!(
        shapes[0].contains(&(0, "'func.func' Pipeline".to_string())),
        "{shapes:?}"
    );
    assert!(
        shapes[0].contains(&(1, "canonicalize".to_string())),
        "{shapes:?}"
    );
    assert!(shapes[1].iter().all(|(depth, _)| *depth == 0), "{shapes:?}");
}

/// `--no-implicit-module`: the input's one op is the root, printed without
/// a module, and pipelines run on it; more or fewer ops is `mlir-opt` 22's
/// error.
#[test]
fn no_implicit_module_takes_the_one_op_as_root() {
    let root = printed(&["--no-implicit-module", "-"], DOUBLE);
    assert!(root.starts_with("func.func @f"), "{root}");
    let merged = printed(&["--no-implicit-module", "-cse", "-"], DOUBLE);
    assert!(!merged.contains("%1 = arith.addi"), "{merged}");
    let two = format!("{DOUBLE}{}", DOUBLE.replace("@f", "@g"));
    let out = shape_opt(&["--no-implicit-module", "-"], &two);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "<stdin>:0:0: error: source must contain a single top-level operation, found: 2\n"
    );
    let wrong = shape_opt(
        &["--no-implicit-module", "-p", "builtin.module(cse)", "-"],
        DOUBLE,
    );
    assert!(
        stderr(&wrong).contains("error: can't run 'builtin.module' pass manager on 'func.func' op"),
        "{}",
        stderr(&wrong)
    );
    for (args, input) in [
        (&["--no-implicit-module", "-"][..], DOUBLE),
        (
            &["--no-implicit-module", "-p", "func.func(cse)", "-"],
            DOUBLE,
        ),
        (&["--no-implicit-module", "-p", "any(cse)", "-"], DOUBLE),
        (&["-p", "any(cse)", "-"], DOUBLE),
        (&["--no-implicit-module", "-"], &two),
        (&["--no-implicit-module", "-"], ""),
    ] {
        let Some(expected) = mlir_opt(args, input) else {
            return;
        };
        let out = shape_opt(args, input);
        match expected {
            Ok(text) => assert_eq!(String::from_utf8_lossy(&out.stdout), text, "{args:?}"),
            Err(diagnostics) => assert_eq!(stderr(&out), diagnostics, "{args:?}"),
        }
    }
}

/// `--generate-completions=SHELL` and `--generate-man-page` describe the
/// real flags.
#[test]
fn completions_and_man_page_name_the_flags() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let text = printed(&[&format!("--generate-completions={shell}")], "");
        for flag in ["lower-to", "mlir-print-local-scope", "no-implicit-module"] {
            assert!(text.contains(flag), "{shell} completions lack {flag}");
        }
    }
    let man = printed(&["--generate-man-page"], "");
    assert!(
        man.starts_with(".ie") || man.contains(".TH shape-opt"),
        "{man}"
    );
    assert!(man.contains("lower\\-to"), "{man}");
    let bad = shape_opt(&["--generate-completions=cmd"], "");
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn a_check_that_must_fail_notes_where_the_shape_function_writes_it() {
    // The error is at the op whose shape function fails; the note points
    // into the library, through reification and inlining.
    let input = r#"shape.function_library @lib {
  func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
    %c1 = const_size 1
    %ls = shape_of %lhs : !shape.value_shape -> !shape.shape
    %rs = shape_of %rhs : !shape.value_shape -> !shape.shape
    %l0, %l1 = "shape.split_at"(%ls, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %r0, %r1 = "shape.split_at"(%rs, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %c = meet %l1, %r0, error = "inner dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %res = concat %l0, %r1 : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }
} mapping {foo.matmul = @matmul}
func.func @prog(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  %r = "foo.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}
"#;
    let out = shape_opt(
        &["--allow-unregistered-dialect", "--lower-to=std", "-"],
        input,
    );
    assert!(!out.status.success());
    let log = stderr(&out);
    assert!(
        log.starts_with(
            "<stdin>:14:8: error: 'shape.meet' op always fails: inner dimensions required to match\n"
        ),
        "{log}"
    );
    assert!(
        log.contains(
            "<stdin>:8:10: note: the check that fails is written here, in the shape function\n"
        ),
        "{log}"
    );
}
