//! After the constrained stage's passes
//! (hoist-constraints, canonicalize-constraints, canonicalize, cse, as
//! `--lower-to=constrained` runs them) no example keeps more
//! runtime constraints than `mlir-opt --canonicalize --cse` leaves, and the
//! broadcast chain keeps strictly fewer. Meaning is checked with
//! `--verify-semantics` on the way.

mod common;

use cli::{process_buffer, DriverOptions};

fn constraints(text: &str) -> usize {
    text.lines().filter(|l| l.contains("cstr_")).count()
}

#[test]
fn never_more_constraints_than_mlir_opt_and_fewer_on_the_chain() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = common::mlir_files(&format!("{root}/examples/stage2"));
    let chain = format!("{root}/examples/broadcast_chain.mlir");
    files.push(chain.clone().into());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let options = DriverOptions {
            pipeline: Some(
                "builtin.module(hoist-constraints,canonicalize-constraints,canonicalize,cse)"
                    .into(),
            ),
            verify_semantics: Some(24),
            ..Default::default()
        };
        let out = process_buffer(&file.to_string_lossy(), text.as_str(), &options);
        assert!(out.success, "{}: {}", file.display(), out.diagnostics);
        let ours = constraints(&out.output());
        let theirs = constraints(
            &common::run(&mlir_opt, &["--canonicalize", "--cse"], text.as_bytes()).unwrap(),
        );
        eprintln!(
            "{:24} shape-opt {ours:2}  mlir-opt {theirs:2}",
            file.file_name().unwrap().to_string_lossy()
        );
        assert!(
            ours <= theirs,
            "{}: {ours} constraints, mlir-opt {theirs}",
            file.display()
        );
        if file.to_string_lossy() == chain {
            assert!(ours < theirs, "the chain: {ours} vs {theirs}");
            assert_eq!(ours, 1, "the chain keeps one merged check");
        }
    }
}

/// Run `pipeline` on the broadcast chain with semantics checked and pass
/// statistics on.
fn run_on_chain(pipeline: &str) -> cli::Outcome {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/broadcast_chain.mlir");
    let options = DriverOptions {
        pipeline: Some(pipeline.into()),
        verify_semantics: Some(24),
        pass_statistics: true,
        timing: true,
        ..Default::default()
    };
    process_buffer(
        file,
        std::fs::read_to_string(file).unwrap().as_str(),
        &options,
    )
}

/// Budgets are pass options; hitting one leaves constraints unknown (kept,
/// never an error, never a change of meaning), and the statistics say how
/// saturations stopped.
#[test]
fn exhausted_budgets_only_leave_constraints_unknown() {
    let full = run_on_chain("builtin.module(canonicalize-constraints)");
    assert!(full.success, "{}", full.diagnostics);
    assert!(full.log.contains("(S) 20 saturated - "), "{}", full.log);
    assert!(full.log.contains("(S) 19 removed - "), "{}", full.log);
    assert!(full.log.contains("(S) 4 merged - "), "{}", full.log);
    let starved =
        run_on_chain("builtin.module(canonicalize-constraints{max-iterations=1 max-nodes=1})");
    assert!(starved.success, "{}", starved.diagnostics);
    assert!(
        starved.log.contains("stopped-at-node-limit - ")
            || starved.log.contains("stopped-at-iteration-limit - "),
        "{}",
        starved.log
    );
    assert!(constraints(&starved.output()) >= constraints(&full.output()));
    // The timing report carries the same statistics under the pass.
    let timing = full.log.split("Execution time report").nth(1).unwrap();
    assert!(timing.contains("canonicalize-constraints\n"), "{timing}");
    assert!(timing.contains("(S) 20 saturated - "), "{timing}");
    let bad = run_on_chain("builtin.module(canonicalize-constraints{max-nodes=lots})");
    assert!(!bad.success);
    assert!(
        bad.diagnostics.contains(
            "invalid value 'lots' for option 'max-nodes' of pass 'canonicalize-constraints'"
        ),
        "{}",
        bad.diagnostics
    );
}
