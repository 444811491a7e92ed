//! Issue 6, acceptance 2: after the constrained stage's passes
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
        }
    }
}
