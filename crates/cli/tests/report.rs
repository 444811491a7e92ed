//! `--report`: every example gives a report holding its functions in
//! every form, and each check a pass removed or merged is listed with its
//! reason, as many as the pass's statistics count.

mod common;
use common::{run, stderr};

fn shape_opt(args: &[&str]) -> std::process::Output {
    run(env!("CARGO_BIN_EXE_shape-opt"), args, "")
}

/// The value of statistic `name` of `pass` in a `--mlir-pass-statistics`
/// report.
fn statistic(log: &str, pass: &str, name: &str) -> u64 {
    let mut in_pass = false;
    for line in log.lines() {
        if !line.starts_with(' ') {
            in_pass = line.trim() == pass;
            continue;
        }
        let mut words = line.split_whitespace();
        if let (true, Some("(S)"), Some(value), Some(n)) =
            (in_pass, words.next(), words.next(), words.next())
        {
            if n == name {
                return value.parse().unwrap_or(0);
            }
        }
    }
    0
}

#[test]
fn removed_checks_carry_their_reason_and_match_the_statistics() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for example in ["broadcast_chain", "batch_matmul", "matmul"] {
        let path = dir.path().join(format!("{example}.html"));
        let input = format!("examples/{example}.mlir");
        let report = format!("--report={}", path.display());
        let out = shape_opt(&["--lower-to=std", "--mlir-pass-statistics", &report, &input]);
        assert!(out.status.success(), "{example}: {}", stderr(&out));
        let html = std::fs::read_to_string(&path).expect("the report is written");
        let removed = statistic(&stderr(&out), "canonicalize-constraints", "removed");
        let listed = html
            .matches("class=\"removed-check\" data-pass=\"canonicalize-constraints\"")
            .count();
        assert_eq!(listed as u64, removed, "{example}");
        assert!(removed > 0 || example != "broadcast_chain", "{example}");
        for item in html.split("class=\"reason\">").skip(1) {
            let reason = item.split("</span>").next().unwrap_or("");
            assert!(
                reason.contains("always true") || reason.contains("merged into"),
                "{example}: {reason}"
            );
        }
    }
}

#[test]
fn every_example_gives_a_report_with_every_form() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let examples = common::root().join("examples");
    let mut reports = 0;
    for entry in std::fs::read_dir(&examples).expect("examples/").flatten() {
        let input = entry.path();
        if input.extension().is_none_or(|e| e != "mlir") {
            continue;
        }
        let stem = input
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let path = dir.path().join(format!("{stem}.html"));
        let report = format!("--report={}", path.display());
        let input = input.display().to_string();
        let out = shape_opt(&[
            "--allow-unregistered-dialect",
            "--lower-to=std",
            &report,
            &input,
        ]);
        if !out.status.success() {
            continue;
        }
        let html = std::fs::read_to_string(&path).expect("the report is written");
        let sections = html.matches("<section class=\"function\"").count();
        let links = html.matches("class=\"function-link\"").count();
        assert!(
            sections > 0 && sections == links,
            "{stem}: {sections} sections, {links} links"
        );
        for form in ["source", "std"] {
            assert!(
                html.contains(&format!("data-form=\"{form}\"")),
                "{stem}: no {form} form"
            );
        }
        // Nothing comes from the network (an SVG's xmlns is a name, not a fetch).
        for fetch in ["src=\"http", "href=\"http", "url(http", "@import"] {
            assert!(!html.contains(fetch), "{stem} fetches: {fetch}");
        }
        reports += 1;
    }
    assert!(reports >= 8, "{reports} reports");
}

#[test]
fn a_report_needs_a_pipeline() {
    let out = shape_opt(&["--report=/nonexistent/r.html", "examples/matmul.mlir"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("--report needs a pipeline"),
        "{}",
        stderr(&out)
    );
}
