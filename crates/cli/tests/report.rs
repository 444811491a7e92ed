//! `--report`: every example gives a report holding its functions in
//! every form, and each check a pass removed or merged is listed with its
//! reason, as many as the pass's statistics count (read from the data the
//! page carries, which its script lays out).

mod common;
use common::{run, stderr};
use serde_json::Value;

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

/// The data a single-file report carries: `{"passes", "functions": {"t",
/// "f"}}` (crates/report/src/html.rs).
fn report_data(html: &str) -> Value {
    let start = "<script type=\"application/json\" id=\"report-data\">";
    let data = &html[html.find(start).expect("the report's data") + start.len()..];
    let data = &data[..data
        .find("</script>")
        .expect("the end of the report's data")];
    serde_json::from_str(data).expect("the report's data is JSON")
}

/// The functions' data in `data`.
fn functions(data: &Value) -> &[Value] {
    data["functions"]["f"].as_array().expect("functions")
}

/// Every string in `value`.
fn strings(value: &Value) -> Vec<&str> {
    match value {
        Value::String(s) => vec![s],
        Value::Array(items) => items.iter().flat_map(strings).collect(),
        Value::Object(fields) => fields.values().flat_map(strings).collect(),
        _ => Vec::new(),
    }
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
        let data = report_data(&html);
        let removed = statistic(&stderr(&out), "canonicalize-constraints", "removed");
        // Each removed check: [line, column, reason, pass].
        let checks: Vec<&Value> = functions(&data)
            .iter()
            .flat_map(|f| f["r"].as_array().into_iter().flatten())
            .collect();
        let listed = checks
            .iter()
            .filter(|c| c[3] == "canonicalize-constraints")
            .count();
        assert_eq!(listed as u64, removed, "{example}");
        assert!(removed > 0 || example != "broadcast_chain", "{example}");
        for check in checks {
            let reason = check[2].as_str().expect("a reason");
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
        let data = report_data(&html);
        let functions = functions(&data);
        let links = html.matches("class=\"function-link\"").count();
        assert!(
            !functions.is_empty() && functions.len() == links,
            "{stem}: {} functions, {links} links",
            functions.len()
        );
        assert!(
            functions.iter().any(|f| f.get("s").is_some()),
            "{stem}: no source form"
        );
        assert!(
            functions
                .iter()
                .flat_map(|f| f["f"].as_array().into_iter().flatten())
                .any(|form| form["l"] == "std"),
            "{stem}: no std form"
        );
        // Nothing comes from the network (an SVG's xmlns is a name, not a
        // fetch), neither the page nor what its script puts in it.
        let texts = strings(&data);
        for fetch in ["src=\"http", "href=\"http", "url(http", "@import"] {
            assert!(!html.contains(fetch), "{stem} fetches: {fetch}");
            assert!(
                !texts.iter().any(|t| t.contains(fetch)),
                "{stem}'s data fetches: {fetch}"
            );
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
