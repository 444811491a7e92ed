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

/// A module of `n` independent functions (enough for `--lower-to` to
/// lower it in pieces), each with checks `canonicalize-constraints`
/// removes and one it keeps.
fn independent_functions(n: usize) -> String {
    let mut text = String::from("module {\n");
    for i in 0..n {
        let k = i % 5 + 1;
        text.push_str(&format!(
            r#"  func.func @f{i}(%a: tensor<?x?xf32>, %b: tensor<?x{k}xf32>, %c: tensor<*xf32>) -> !shape.shape {{
    %s0 = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
    %s1 = shape.shape_of %b : tensor<?x{k}xf32> -> !shape.shape
    %s2 = shape.shape_of %c : tensor<*xf32> -> !shape.shape
    %m = shape.meet %s0, %s1, error = "shapes must match" : !shape.shape, !shape.shape -> !shape.shape
    %n = shape.meet %s1, %s0, error = "shapes must match again" : !shape.shape, !shape.shape -> !shape.shape
    %r = shape.broadcast %m, %n, %s2 {{error = "results must broadcast"}} : !shape.shape, !shape.shape, !shape.shape -> !shape.shape
    return %r : !shape.shape
  }}
"#
        ));
    }
    text.push_str("}\n");
    text
}

/// `data` without what depends on timing or on how values were numbered
/// in memory: pass times, and the pictures (their labels name values),
/// of which the stages stay.
fn without_timing(mut data: Value) -> Value {
    data["passes"] = Value::Null;
    for f in data["functions"]["f"].as_array_mut().into_iter().flatten() {
        for step in f["p"].as_array_mut().into_iter().flatten() {
            step[1] = Value::Null;
        }
        for picture in f["g"].as_array_mut().into_iter().flatten() {
            *picture = picture["g"].clone();
        }
    }
    data
}

#[test]
fn a_report_recorded_in_pieces_is_the_one_recorded_on_one_thread() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let input = dir.path().join("independent.mlir");
    std::fs::write(&input, independent_functions(150)).expect("the input is written");
    let input = input.display().to_string();
    let report = |threads: &str| {
        let path = dir.path().join(format!("{threads}.html"));
        let flag = format!("--report={}", path.display());
        let out = shape_opt(&["--lower-to=std", threads, &flag, &input]);
        assert!(out.status.success(), "{threads}: {}", stderr(&out));
        let data = report_data(&std::fs::read_to_string(&path).expect("the report"));
        without_timing(data)
    };
    // Four threads lower the 150 functions in pieces, whatever the machine.
    let in_pieces = report("--threads=4");
    let one_thread = report("--threads=1");
    let fs = functions(&in_pieces);
    assert_eq!(fs.len(), 150);
    let removed: usize = fs
        .iter()
        .map(|f| f["r"].as_array().map_or(0, Vec::len))
        .sum();
    assert!(removed >= 150, "{removed} removed checks listed");
    assert!(fs
        .iter()
        .all(|f| f["p"].as_array().is_some_and(|p| !p.is_empty())));
    assert!(in_pieces == one_thread, "the reports differ");
}
