//! The Rust embedding API explains and reports as the command line does:
//! on every example, `Session::explain` laid out by
//! `explain::render_module` is byte for byte what `shape-opt --explain`
//! prints, and `Session::report` writes the page `shape-opt
//! --lower-to=std --report` writes, but for the times it measured
//! (`filetests::report_page::untimed`).

mod common;
use common::{run, stderr};
use shape_opt::{Plan, Session, Stage};

/// Every `.mlir` file under `examples/`, relative to the repository root
/// (as both front ends name it in locations), in order.
fn examples() -> Vec<String> {
    let files = filetests::tools::example_files(&common::root());
    assert!(files.len() > 20, "{} examples", files.len());
    files
}

/// A session as `--allow-unregistered-dialect` sets the command line up.
fn session() -> Session {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    session
}

fn text(path: &str) -> String {
    std::fs::read_to_string(common::root().join(path)).expect("the example reads")
}

#[test]
fn explain_gives_what_the_command_line_prints_on_every_example() {
    for path in examples() {
        let out = run(
            env!("CARGO_BIN_EXE_shape-opt"),
            &["--explain", "--allow-unregistered-dialect", &path],
            "",
        );
        assert!(out.status.success(), "{path}: {}", stderr(&out));
        let mut session = session();
        let mut module = session
            .parse(&path, &text(&path))
            .expect("the example parses");
        let explained = session.explain(&mut module).expect("the example explains");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(explain::render_module(&explained), printed, "{path}");
        // The parts spelled out are those of the text.
        for e in &explained {
            let spelled = explain::spell(e);
            assert!(printed.contains(&format!("{}(", spelled.name)), "{path}");
            for r in spelled.requires.iter().filter_map(|r| r.message.as_ref()) {
                assert!(printed.contains(&diag::json_string(r)), "{path}: {r}");
            }
        }
    }
}

#[test]
fn report_writes_the_page_the_command_line_writes_on_every_example() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut with_removed_checks = 0;
    for (n, path) in examples().iter().enumerate() {
        let cli_page = dir.path().join(format!("{n}-cli.html"));
        let flag = format!("--report={}", cli_page.display());
        let out = run(
            env!("CARGO_BIN_EXE_shape-opt"),
            &[
                "--lower-to=std",
                "--allow-unregistered-dialect",
                &flag,
                path,
            ],
            "",
        );
        let mut session = session();
        let mut module = session
            .parse(path, &text(path))
            .expect("the example parses");
        let api_page = dir.path().join(format!("{n}-api.html"));
        let plan = Plan::LowerTo {
            from: None,
            to: Stage::Std,
        };
        let reported = session.report(&mut module, path, plan, &api_page, &[]);
        // Both fail alike (a host declaration that does not match its
        // library), and both write the report all the same.
        assert_eq!(
            reported.is_ok(),
            out.status.success(),
            "{path}: {}",
            stderr(&out)
        );
        let page = |p: &std::path::Path| {
            let html = std::fs::read_to_string(p).expect("the report is written");
            filetests::report_page::untimed(&html).expect("the report's data reads")
        };
        let api = page(&api_page);
        assert!(page(&cli_page) == api, "{path}: the reports differ");
        // The passes' remarks reached the host's report (a check removed,
        // with its reason).
        with_removed_checks += usize::from(api.contains("\"r\":[["));
    }
    assert!(
        with_removed_checks > 5,
        "{with_removed_checks} reports list removed checks"
    );
}
