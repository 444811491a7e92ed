//! Tidy checks that keep the structure and its map true:
//!
//! - every registered pass has exactly one file under `passes/`, named
//!   after its flag, declaring that flag, opening with a `//!` doc that
//!   states its precondition and postcondition, and its data-driven test
//!   `tests/passes/<flag>.mlir`; no pass is declared outside `passes/`;
//! - ARCHITECTURE.md names every crate, every pass and every test suite,
//!   every path it cites exists, and it keeps its newcomer's guide;
//! - op identity stays typed: whole op-name string literals (`"shape.rank"`)
//!   in non-test code outside the op definitions (`crates/ir`) stay under
//!   [`MAX_OP_NAME_LITERALS`].

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The most op-name string literals non-test code outside `crates/ir` may
/// hold; match on `ir::OpKind` instead.
const MAX_OP_NAME_LITERALS: usize = 50;

/// The dialects shape-opt defines ops of.
const DIALECTS: &[&str] = &[
    "shape",
    "tensor",
    "arith",
    "func",
    "cf",
    "scf",
    "builtin",
    "math",
    "ub",
    "memref",
    "bufferization",
];

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `.rs` files under `dir`, recursively, in name order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The non-test code of a source file: everything before its first
/// `#[cfg(test)]`; nothing for test-only files (`tests.rs`, files under a
/// `tests`, `benches` or `examples` directory).
fn non_test_code(path: &Path) -> String {
    let test_only = path.file_name().is_some_and(|n| n == "tests.rs")
        || path.components().any(|c| {
            matches!(
                c.as_os_str().to_str(),
                Some("tests" | "benches" | "examples")
            )
        });
    if test_only {
        return String::new();
    }
    let text = read(path);
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The source files of the product: `crates/*/src` and `passes/`.
fn product_sources() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut files = rust_files(&root.join("passes"));
    files.extend(rust_files(&root.join("crates")));
    files.retain(|f| {
        let rel = f.strip_prefix(root).unwrap_or(f);
        !rel.components().any(|c| c.as_os_str() == "target")
    });
    files
}

/// The string literals of Rust `code` (escapes kept as written; a raw
/// string is one literal); comments are not skipped.
fn string_literals(code: &str) -> Vec<&str> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            // A character literal: '"' or '\''.
            b'\'' if bytes.get(i + 1) == Some(&b'"') || bytes.get(i + 1) == Some(&b'\\') => {
                i += if bytes.get(i + 1) == Some(&b'\\') {
                    4
                } else {
                    3
                };
            }
            b'r' if matches!(bytes.get(i + 1), Some(b'#' | b'"'))
                && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) =>
            {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                let open = i + 1 + hashes;
                if bytes.get(open) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let body = &code[open + 1..];
                let len = body.find(&close).unwrap_or(body.len());
                out.push(&body[..len]);
                i = open + 1 + len + close.len();
            }
            b'"' => {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                out.push(&code[i + 1..j.min(code.len())]);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// Whole string literals `"dialect.op"` of our dialects in `code`.
fn op_name_literals(code: &str) -> Vec<String> {
    string_literals(code)
        .into_iter()
        .filter(|literal| {
            literal.split_once('.').is_some_and(|(dialect, op)| {
                DIALECTS.contains(&dialect)
                    && !op.is_empty()
                    && op.chars().all(|c| {
                        c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.'
                    })
            })
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_pass_has_one_file_named_after_it_with_its_doc_and_test() {
    let root = Path::new(ROOT);
    let files = rust_files(&root.join("passes"));
    for info in passes::all() {
        let stem = info.name.replace('-', "_");
        let named: Vec<&PathBuf> = files
            .iter()
            .filter(|f| {
                f.file_stem().is_some_and(|s| s == stem.as_str())
                    || (f.file_name().is_some_and(|n| n == "mod.rs")
                        && f.parent()
                            .and_then(Path::file_name)
                            .is_some_and(|d| d == stem.as_str()))
            })
            .collect();
        assert_eq!(
            named.len(),
            1,
            "pass '{}' needs exactly one file passes/<role>/{stem}.rs (or {stem}/mod.rs), found {named:?}",
            info.name
        );
        let text = read(named[0]);
        assert!(
            text.contains(&format!("const NAME: &'static str = \"{}\";", info.name)),
            "{} must declare pass '{}'",
            named[0].display(),
            info.name
        );
        let doc: String = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n")
            .to_lowercase();
        assert!(
            doc.contains("precondition") && doc.contains("postcondition"),
            "{} must open with a //! doc stating its precondition and postcondition",
            named[0].display()
        );
        let test = root
            .join("tests/passes")
            .join(format!("{}.mlir", info.name));
        assert!(
            test.is_file(),
            "pass '{}' needs {}",
            info.name,
            test.display()
        );
    }
}

#[test]
fn no_pass_is_declared_outside_passes() {
    let root = Path::new(ROOT);
    for file in product_sources() {
        let rel = file.strip_prefix(root).unwrap_or(&file);
        if rel.starts_with("passes") {
            continue;
        }
        let code = non_test_code(&file);
        for marker in ["impl PassDecl for", "impl Pass for", "impl pass::Pass for"] {
            assert!(
                !code.contains(marker),
                "{} declares a pass ({marker}); passes live in passes/",
                rel.display()
            );
        }
    }
}

#[test]
fn op_identity_stays_typed() {
    let root = Path::new(ROOT);
    let mut total = 0;
    let mut per_file = Vec::new();
    for file in product_sources() {
        let rel = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        if rel.starts_with("crates/ir") {
            continue;
        }
        let found = op_name_literals(&non_test_code(&file));
        if !found.is_empty() {
            total += found.len();
            per_file.push((rel, found));
        }
    }
    println!("op-name string literals outside crates/ir: {total}: {per_file:?}");
    assert!(
        total <= MAX_OP_NAME_LITERALS,
        "{total} op-name string literals outside crates/ir (at most {MAX_OP_NAME_LITERALS}); match on ir::OpKind instead:\n{per_file:#?}"
    );
}

/// The crates, passes and test suites ARCHITECTURE.md must name.
#[test]
fn architecture_names_every_crate_pass_and_test_suite_and_its_paths_exist() {
    let root = Path::new(ROOT);
    let map = read(&root.join("ARCHITECTURE.md"));
    let mut missing = Vec::new();
    for dir in ["crates", "bindings"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.path().join("Cargo.toml").is_file() {
                let name = format!("{dir}/{}", entry.file_name().to_string_lossy());
                if !map.contains(&name) {
                    missing.push(name);
                }
            }
        }
    }
    for info in passes::all() {
        if !map.contains(&format!("`{}`", info.name)) {
            missing.push(format!("pass `{}`", info.name));
        }
    }
    for dir in ["tests", "crates/cli/tests"] {
        for entry in std::fs::read_dir(root.join(dir))
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rs") {
                let suite = path.file_stem().unwrap_or_default().to_string_lossy();
                if !map.contains(&format!("{suite}.rs")) {
                    missing.push(format!("test suite {dir}/{suite}.rs"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name: {missing:#?}"
    );
    // Every path it cites in backticks exists.
    let mut stale = Vec::new();
    for cited in map.split('`').skip(1).step_by(2) {
        let path = cited.trim_end_matches('/');
        let looks_like_path = [
            "crates/",
            "passes/",
            "tests/",
            "examples/",
            "scripts/",
            "bindings/",
        ]
        .iter()
        .any(|p| path.starts_with(p))
            && !path.contains(['*', '<', ' ', '{']);
        if looks_like_path && !root.join(path).exists() {
            stale.push(path.to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md cites missing paths: {stale:#?}"
    );
    for guide in [
        "### Add a pass",
        "### Add an op",
        "### Add a rewrite rule",
        "### Add a fold",
        "### Add an interpreter case",
    ] {
        assert!(
            map.contains(guide),
            "ARCHITECTURE.md lost its section '{guide}'"
        );
    }
}

#[test]
fn the_literal_counter_sees_whole_op_names_only() {
    let code = r##"let a = "shape.rank"; let b = "foo.bar"; let c = "shape.rank is";
        f("arith.cmpi", "x \" y", '"', r#"tensor.dim"#, "scf.if")"##;
    assert_eq!(
        op_name_literals(code),
        ["shape.rank", "arith.cmpi", "tensor.dim", "scf.if"]
    );
}
