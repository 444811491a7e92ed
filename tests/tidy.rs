//! Tidy checks that keep the structure and its map true:
//!
//! - every registered pass has exactly one file under `passes/`, named
//!   after its flag, declaring that flag, opening with a `//!` doc that
//!   states its precondition and postcondition, and its data-driven test
//!   `tests/passes/<flag>.mlir`; no pass is declared outside `passes/`;
//! - ARCHITECTURE.md names every crate and every pass, every path it cites
//!   exists, and it keeps its newcomer's guide; docs/testing.md names every
//!   test suite;
//! - ARCHITECTURE.md's dependency list is what `cargo metadata` says;
//! - the workspaces of their own (the Python package, the fuzz targets)
//!   have lock files that agree with the crates they build, since their
//!   builds run with `--locked`;
//! - every document (README.md, ARCHITECTURE.md, `docs/`, the crates'
//!   READMEs, `//!` and `///` comments) cites only paths that exist and no
//!   reference document outside the repository;
//! - the semantic models of ops (the interpreter, the analyses, value
//!   bounds, `explain`, the lowerings) match `ir::OpKind` without a
//!   catch-all arm, so that a new kind fails to compile until each decides;
//! - op identity stays typed: an op's name is spelled once, in the
//!   `OpKind` list (`crates/ir/src/op_kind.rs`); no other non-test code
//!   holds a string literal that is the whole name of a registered op
//!   (`"shape.rank"`).

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The file that spells every registered op's name: the `OpKind` list.
const OP_KIND_LIST: &str = "crates/ir/src/op_kind.rs";

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
/// string is one literal); line comments (docs showing MLIR text among
/// them) are skipped.
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
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += code[i..].find('\n').unwrap_or(code.len() - i);
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

/// The names of the registered ops, as the `OpKind` list spells them
/// (`ArithAddi = "arith.addi",`).
fn registered_op_names() -> Vec<String> {
    let list = read(&Path::new(ROOT).join(OP_KIND_LIST));
    let names: Vec<String> = list
        .lines()
        .filter_map(|line| {
            let (variant, rest) = line.trim().split_once(" = \"")?;
            let name = rest.strip_suffix("\",")?;
            let is_variant = variant.starts_with(|c: char| c.is_ascii_uppercase())
                && variant.chars().all(|c| c.is_ascii_alphanumeric());
            (is_variant && name.contains('.')).then(|| name.to_string())
        })
        .collect();
    assert!(
        names.len() > 100,
        "{OP_KIND_LIST} no longer lists ops as `Variant = \"dialect.op\",`"
    );
    names
}

/// The string literals in `code` that are the whole name of one of `ops`.
fn op_name_literals(code: &str, ops: &[String]) -> Vec<String> {
    string_literals(code)
        .into_iter()
        .filter(|literal| ops.iter().any(|op| op == literal))
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
fn op_names_are_spelled_only_in_the_op_kind_list() {
    let root = Path::new(ROOT);
    let ops = registered_op_names();
    let mut per_file = Vec::new();
    for file in product_sources() {
        let rel = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        if rel == Path::new(OP_KIND_LIST) {
            continue;
        }
        let found = op_name_literals(&non_test_code(&file), &ops);
        if !found.is_empty() {
            per_file.push((rel, found));
        }
    }
    assert!(
        per_file.is_empty(),
        "op-name string literals outside {OP_KIND_LIST}; name the op by its ir::OpKind (its name is OpKind::name, and Display prints it):\n{per_file:#?}"
    );
}

/// Where ops may be created without `ir::builder`: the IR itself, the
/// parser (which builds what it reads), `fold` (its rewriter and constant
/// materialization) and the split driver (which moves whole functions).
const CREATES_OPS_DIRECTLY: [&str; 4] = [
    "crates/ir/",
    "crates/syntax/",
    "crates/fold/",
    "crates/pass/src/split_lowering.rs",
];

#[test]
fn passes_make_ops_through_the_builder() {
    let root = Path::new(ROOT);
    let mut direct = Vec::new();
    for file in product_sources() {
        let rel = file.strip_prefix(root).unwrap_or(&file);
        let rel_text = rel.to_string_lossy();
        if CREATES_OPS_DIRECTLY.iter().any(|p| rel_text.starts_with(p)) {
            continue;
        }
        let code = code_only(&non_test_code(&file));
        for (i, line) in code.lines().enumerate() {
            if line.contains(".create_op(") {
                direct.push(format!("{rel_text}:{}", i + 1));
            }
        }
    }
    assert!(
        direct.is_empty(),
        "ops created with Context::create_op outside ir::builder; use OpBuilder, Build, InsertPoint::insert or builder::detached:\n{}",
        direct.join("\n")
    );
}

/// The crates, passes and test suites ARCHITECTURE.md must name.
#[test]
fn architecture_names_every_crate_pass_and_test_suite_and_its_paths_exist() {
    let root = Path::new(ROOT);
    let map = read(&root.join("ARCHITECTURE.md"));
    let testing = read(&root.join("docs/testing.md"));
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
                if !testing.contains(&format!("{suite}.rs")) {
                    missing.push(format!("test suite {dir}/{suite}.rs (in docs/testing.md)"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md (crates, passes) or docs/testing.md (suites) does not name: {missing:#?}"
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
    let ops = registered_op_names();
    let code = r##"let a = "shape.rank"; let b = "foo.bar"; let c = "shape.rank is";
        // a comment: "shape.rank"
        f("arith.cmpi", "x \" y", '"', r#"tensor.dim"#, "scf.if", "shape.nope") // "scf.for"
        let url = "http://x"; let d = "tensor.rank";"##;
    assert_eq!(
        op_name_literals(code, &ops),
        [
            "shape.rank",
            "arith.cmpi",
            "tensor.dim",
            "scf.if",
            "tensor.rank"
        ]
    );
}

/// The directories whose code is a semantic model of ops: each `match` on
/// an `ir::OpKind` there lists the kinds it models and names the rest.
const EXHAUSTIVE_MODELS: &[&str] = &[
    "crates/interp/src",
    "crates/analysis/src",
    "crates/value-bounds/src",
    "crates/explain/src",
    "passes/lowering",
];

/// `code` with comments, string and character literals blanked out
/// (replaced by spaces, newlines kept), so that brackets and `=>` in them
/// do not count.
fn code_only(code: &str) -> String {
    let bytes = code.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut out[from..to.min(bytes.len())] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let rest = &code[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(bytes.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(bytes.len(), |n| i + n + 2);
            blank(&mut out, i, end);
            i = end;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if bytes[i] == b'r'
            && matches!(bytes.get(i + 1), Some(b'#' | b'"'))
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'))
        {
            let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
            let open = i + 1 + hashes;
            if bytes.get(open) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let end = code[open + 1..]
                .find(&close)
                .map_or(bytes.len(), |n| open + 1 + n + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if bytes[i] == b'\'' {
            // A character literal ('x', '\n', '\''), not a lifetime ('a).
            let len = if bytes.get(i + 1) == Some(&b'\\') {
                code[i + 2..].find('\'').map(|n| n + 3)
            } else if bytes.get(i + 2) == Some(&b'\'') {
                Some(3)
            } else {
                None
            };
            match len {
                Some(len) => {
                    blank(&mut out, i, i + len);
                    i += len;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The arms' patterns of every `match` in `code` (comments and literals
/// blanked), with the line each starts on: one `Vec` per match.
fn match_arm_patterns(code: &str) -> Vec<Vec<(usize, String)>> {
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut matches = Vec::new();
    let mut search = 0;
    while let Some(found) = code[search..].find("match ") {
        let at = search + found;
        search = at + 6;
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        // The body opens at the first `{` outside brackets.
        let mut depth = 0i32;
        let mut open = None;
        for (j, &b) in bytes.iter().enumerate().skip(search) {
            match b {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b'{' if depth == 0 => {
                    open = Some(j);
                    break;
                }
                b';' if depth == 0 => break,
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        // Split the body at depth 0 into arms: a pattern runs up to `=>`,
        // its body up to the `,` (or the closing `}` of a block) at depth 0.
        let mut arms = Vec::new();
        let mut depth = 0i32;
        let mut start = open + 1;
        let mut in_pattern = true;
        let mut j = open + 1;
        while j < bytes.len() {
            let b = bytes[j];
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => break,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 && b == b'}' && !in_pattern {
                        // A block body ends its arm unless a `,` follows.
                        let next = code[j + 1..].trim_start();
                        if !next.starts_with(',') && !next.starts_with('.') {
                            in_pattern = true;
                            start = j + 1;
                        }
                    }
                }
                b'=' if depth == 0 && in_pattern && bytes.get(j + 1) == Some(&b'>') => {
                    let pattern = code[start..j].trim();
                    let line =
                        line_of(start + (code[start..j].len() - code[start..j].trim_start().len()));
                    arms.push((
                        line,
                        pattern.split_whitespace().collect::<Vec<_>>().join(" "),
                    ));
                    in_pattern = false;
                    j += 1;
                }
                b',' if depth == 0 && !in_pattern => {
                    in_pattern = true;
                    start = j + 1;
                }
                _ => {}
            }
            j += 1;
        }
        matches.push(arms);
    }
    matches
}

/// Whether an arm's pattern catches everything: `_`, or a bare binding,
/// with or without a guard.
fn is_catch_all(pattern: &str) -> bool {
    let head = pattern.split(" if ").next().unwrap_or(pattern).trim();
    head == "_"
        || (!head.is_empty()
            && head
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && head
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c == '_'))
}

/// Whether a match is on an `OpKind`: the pattern (not the guard) of one
/// of its arms names a kind.
fn is_op_kind_match(arms: &[(usize, String)]) -> bool {
    arms.iter().any(|(_, p)| {
        let head = p.split(" if ").next().unwrap_or(p);
        head.contains("OpKind::") || head.contains("_ops!()")
    })
}

#[test]
fn semantic_models_match_op_kinds_without_a_catch_all() {
    let root = Path::new(ROOT);
    let mut found = Vec::new();
    let mut checked = 0;
    for dir in EXHAUSTIVE_MODELS {
        for file in rust_files(&root.join(dir)) {
            let code = code_only(&non_test_code(&file));
            for arms in match_arm_patterns(&code) {
                if !is_op_kind_match(&arms) {
                    continue;
                }
                checked += 1;
                for (line, pattern) in &arms {
                    if is_catch_all(pattern) {
                        let rel = file.strip_prefix(root).unwrap_or(&file);
                        found.push(format!("{}:{line}: `{pattern} =>`", rel.display()));
                    }
                }
            }
        }
    }
    println!("{checked} matches on OpKind in the semantic models");
    assert!(
        checked > 0,
        "no match on OpKind found: is the scanner broken?"
    );
    assert!(
        found.is_empty(),
        "a semantic model matches OpKind with a catch-all; list the kinds it leaves out, \
         by dialect (`ir::memref_ops!()`) or by name, in an arm that says why:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_match_scanner_sees_arms_and_catch_alls() {
    let code = code_only(
        r#"fn f(k: OpKind) -> u8 {
            match k {
                OpKind::A | OpKind::B => { if x { 1 } else { 2 } }
                OpKind::C => g(|y| match y { 1 => 2, _ => 3 }),
                // a comment with => and _ =>
                ir::memref_ops!() => "=>".len() as u8,
                other if other == OpKind::D => 4,
                _ => 0,
            }
        }"#,
    );
    let matches = match_arm_patterns(&code);
    assert_eq!(matches.len(), 2);
    let outer: Vec<&str> = matches[0].iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(
        outer,
        [
            "OpKind::A | OpKind::B",
            "OpKind::C",
            "ir::memref_ops!()",
            "other if other == OpKind::D",
            "_"
        ]
    );
    assert!(is_op_kind_match(&matches[0]));
    assert!(!is_op_kind_match(&matches[1]));
    let catch_alls: Vec<&str> = outer.into_iter().filter(|p| is_catch_all(p)).collect();
    assert_eq!(catch_alls, ["other if other == OpKind::D", "_"]);
}

/// `cargo metadata --format-version 1 --no-deps`.
fn workspace_dependencies() -> std::collections::BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(ROOT)
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("cargo metadata prints UTF-8");
    let metadata = json::parse(&text).expect("cargo metadata prints JSON");
    let packages = metadata.get("packages").and_then(json::Value::as_array);
    let packages = packages.expect("cargo metadata lists packages");
    let names: Vec<&str> = packages
        .iter()
        .filter_map(|p| p.get("name").and_then(json::Value::as_str))
        .collect();
    let mut graph = std::collections::BTreeMap::new();
    for package in packages {
        let name = package.get("name").and_then(json::Value::as_str);
        let name = name.expect("a package has a name");
        let mut deps: Vec<String> = package
            .get("dependencies")
            .and_then(json::Value::as_array)
            .into_iter()
            .flatten()
            .filter(|d| matches!(d.get("kind"), Some(json::Value::Null) | None))
            .filter_map(|d| d.get("name").and_then(json::Value::as_str))
            .filter(|d| names.contains(d))
            .map(str::to_string)
            .collect();
        deps.sort();
        deps.dedup();
        graph.insert(name.to_string(), deps);
    }
    graph
}

/// The workspaces outside the main one, each with its own `Cargo.lock`.
const NESTED_WORKSPACES: [&str; 2] = ["bindings/python/Cargo.toml", "fuzz/Cargo.toml"];

#[test]
fn nested_workspaces_lock_files_are_current() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    for manifest in NESTED_WORKSPACES {
        // `cargo tree` resolves the whole graph; `--locked` refuses a lock
        // file that resolution would change (a new path dependency of a
        // workspace crate, say).
        let output = std::process::Command::new(&cargo)
            .args(["tree", "--locked", "--quiet", "--manifest-path", manifest])
            .current_dir(ROOT)
            .output()
            .expect("cargo tree runs");
        assert!(
            output.status.success(),
            "{manifest}: its Cargo.lock is stale; run `cargo update --workspace --offline \
             --manifest-path {manifest}` and commit the lock file:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// ARCHITECTURE.md's dependency list: under the heading `## Dependencies`,
/// one line ``- `crate` → `dep`, `dep` `` (or `→ nothing`) per package.
fn documented_dependencies(map: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let section = map
        .split_once("\n## Dependencies\n")
        .map(|(_, rest)| rest)
        .expect("ARCHITECTURE.md has a section '## Dependencies'");
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut graph = std::collections::BTreeMap::new();
    for line in section.lines() {
        let Some(entry) = line.strip_prefix("- `") else {
            continue;
        };
        let (name, deps) = entry
            .split_once("` → ")
            .unwrap_or_else(|| panic!("dependency line '{line}' is not '- `crate` → ...'"));
        let mut deps: Vec<String> = if deps.trim() == "nothing" {
            Vec::new()
        } else {
            deps.split(',')
                .map(|d| d.trim().trim_matches('`').to_string())
                .collect()
        };
        deps.sort();
        assert!(
            graph.insert(name.to_string(), deps).is_none(),
            "ARCHITECTURE.md lists `{name}` twice"
        );
    }
    graph
}

#[test]
fn architecture_dependency_list_is_cargo_metadata() {
    let map = read(&Path::new(ROOT).join("ARCHITECTURE.md"));
    let documented = documented_dependencies(&map);
    let actual = workspace_dependencies();
    let mut wrong = Vec::new();
    for (name, deps) in &actual {
        match documented.get(name) {
            Some(listed) if listed == deps => {}
            Some(listed) => wrong.push(format!("`{name}`: lists {listed:?}, is {deps:?}")),
            None => wrong.push(format!("`{name}` missing (depends on {deps:?})")),
        }
    }
    for name in documented.keys().filter(|n| !actual.contains_key(*n)) {
        wrong.push(format!("`{name}` is no workspace package"));
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's '## Dependencies' differs from cargo metadata:\n{}",
        wrong.join("\n")
    );
}

/// Just enough JSON to read `cargo metadata`: every value, no error
/// positions.
mod json {
    /// A JSON value; object members keep their order.
    #[derive(Debug, PartialEq)]
    pub enum Value {
        Null,
        Bool(bool),
        Number(String),
        String(String),
        Array(Vec<Value>),
        Object(Vec<(String, Value)>),
    }

    impl Value {
        /// The member `key` of an object.
        pub fn get(&self, key: &str) -> Option<&Value> {
            match self {
                Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }

        pub fn as_array(&self) -> Option<&[Value]> {
            match self {
                Value::Array(items) => Some(items),
                _ => None,
            }
        }

        pub fn as_str(&self) -> Option<&str> {
            match self {
                Value::String(s) => Some(s),
                _ => None,
            }
        }
    }

    /// The one value `text` holds, or `None` when it is not JSON.
    pub fn parse(text: &str) -> Option<Value> {
        let mut parser = Parser {
            chars: text.chars().collect(),
            at: 0,
        };
        let value = parser.value()?;
        parser.skip_space();
        (parser.at == parser.chars.len()).then_some(value)
    }

    struct Parser {
        chars: Vec<char>,
        at: usize,
    }

    impl Parser {
        fn skip_space(&mut self) {
            while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
                self.at += 1;
            }
        }

        fn eat(&mut self, expected: char) -> Option<()> {
            self.skip_space();
            (self.chars.get(self.at) == Some(&expected)).then(|| self.at += 1)
        }

        fn keyword(&mut self, word: &str, value: Value) -> Option<Value> {
            let end = self.at + word.len();
            let found: String = self.chars.get(self.at..end)?.iter().collect();
            (found == word).then(|| {
                self.at = end;
                value
            })
        }

        fn value(&mut self) -> Option<Value> {
            self.skip_space();
            match *self.chars.get(self.at)? {
                'n' => self.keyword("null", Value::Null),
                't' => self.keyword("true", Value::Bool(true)),
                'f' => self.keyword("false", Value::Bool(false)),
                '"' => self.string().map(Value::String),
                '[' => {
                    self.at += 1;
                    let mut items = Vec::new();
                    if self.eat(']').is_some() {
                        return Some(Value::Array(items));
                    }
                    loop {
                        items.push(self.value()?);
                        if self.eat(']').is_some() {
                            return Some(Value::Array(items));
                        }
                        self.eat(',')?;
                    }
                }
                '{' => {
                    self.at += 1;
                    let mut members = Vec::new();
                    if self.eat('}').is_some() {
                        return Some(Value::Object(members));
                    }
                    loop {
                        self.skip_space();
                        let key = self.string()?;
                        self.eat(':')?;
                        members.push((key, self.value()?));
                        if self.eat('}').is_some() {
                            return Some(Value::Object(members));
                        }
                        self.eat(',')?;
                    }
                }
                c if c == '-' || c.is_ascii_digit() => {
                    let start = self.at;
                    while self
                        .chars
                        .get(self.at)
                        .is_some_and(|c| c.is_ascii_digit() || "+-.eE".contains(*c))
                    {
                        self.at += 1;
                    }
                    Some(Value::Number(self.chars[start..self.at].iter().collect()))
                }
                _ => None,
            }
        }

        /// A string literal at the cursor, escapes decoded (a lone
        /// surrogate becomes U+FFFD).
        fn string(&mut self) -> Option<String> {
            (self.chars.get(self.at) == Some(&'"')).then_some(())?;
            self.at += 1;
            let mut out = String::new();
            loop {
                let c = *self.chars.get(self.at)?;
                self.at += 1;
                match c {
                    '"' => return Some(out),
                    '\\' => {
                        let escape = *self.chars.get(self.at)?;
                        self.at += 1;
                        out.push(match escape {
                            'n' => '\n',
                            't' => '\t',
                            'r' => '\r',
                            'b' => '\u{8}',
                            'f' => '\u{c}',
                            'u' => {
                                let hex: String =
                                    self.chars.get(self.at..self.at + 4)?.iter().collect();
                                self.at += 4;
                                char::from_u32(u32::from_str_radix(&hex, 16).ok()?)
                                    .unwrap_or('\u{fffd}')
                            }
                            other => other,
                        });
                    }
                    other => out.push(other),
                }
            }
        }
    }
}

#[test]
fn the_json_reader_reads_what_cargo_metadata_writes() {
    use json::Value;
    let value =
        json::parse(r#" {"a": [1, -2.5e3, "x\"\u0041"], "b": {"c": null, "d": true}, "e": []} "#);
    assert_eq!(
        value,
        Some(Value::Object(vec![
            (
                "a".into(),
                Value::Array(vec![
                    Value::Number("1".into()),
                    Value::Number("-2.5e3".into()),
                    Value::String("x\"A".into()),
                ])
            ),
            (
                "b".into(),
                Value::Object(vec![
                    ("c".into(), Value::Null),
                    ("d".into(), Value::Bool(true)),
                ])
            ),
            ("e".into(), Value::Array(vec![])),
        ]))
    );
    assert_eq!(json::parse("[1,]"), None);
    assert_eq!(json::parse("{} x"), None);
}

/// The prefixes of repository paths that documents cite in backticks.
const REPOSITORY_DIRS: &[&str] = &[
    "crates/",
    "passes/",
    "tests/",
    "examples/",
    "scripts/",
    "bindings/",
    "docs/",
    "fuzz/",
];

/// The documents of the repository: README.md, ARCHITECTURE.md,
/// `docs/**/*.md` and every crate's README.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut out = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    let mut pending = vec![root.join("docs")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.push(root.join("passes/README.md"));
    for dir in ["crates", "bindings"] {
        for entry in std::fs::read_dir(root.join(dir))
            .into_iter()
            .flatten()
            .flatten()
        {
            out.push(entry.path().join("README.md"));
        }
    }
    out.retain(|p| p.is_file());
    out.sort();
    out
}

/// Every `.rs` file of the repository outside build output and hidden
/// directories.
fn all_rust_files() -> Vec<PathBuf> {
    let mut files = rust_files(Path::new(ROOT));
    files.retain(|f| {
        let rel = f.strip_prefix(ROOT).unwrap_or(f);
        !rel.components().any(|c| {
            let c = c.as_os_str().to_string_lossy();
            c == "target" || c.starts_with('.')
        })
    });
    files
}

/// The `//!` and `///` comment text of Rust `code`, one line per line.
fn doc_comments(code: &str) -> String {
    code.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("//!").or_else(|| l.strip_prefix("///"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What `text` refers to: the targets of markdown links `[..](target)`
/// that look like relative paths (not URLs, anchors or rustdoc paths), and
/// backticked repository paths (no placeholders or globs), each without its
/// `#fragment` or `:line`.
fn cited_paths(text: &str) -> (Vec<&str>, Vec<&str>) {
    let mut links = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("").trim();
        let relative_path = !target.is_empty()
            && !target.contains("://")
            && !target.contains("::")
            && !target.starts_with("mailto:")
            && !target.contains(char::is_whitespace)
            && (target.contains('/') || target.contains('.'));
        if relative_path {
            links.push(target);
        }
    }
    let mut backticked = Vec::new();
    for cited in text.split('`').skip(1).step_by(2) {
        let path = cited.split(['#', ':']).next().unwrap_or("");
        let path = path.trim_end_matches('/');
        if REPOSITORY_DIRS.iter().any(|d| path.starts_with(d))
            && !path.contains(['*', '<', '>', ' ', '{', '$', '…'])
            && !path.contains("...")
        {
            backticked.push(path);
        }
    }
    (links, backticked)
}

/// The reference documents the repository does not hold, which documents
/// must not cite (spelled in pieces so that this file does not cite them).
fn outside_documents() -> [String; 3] {
    [
        ["DESIGN", ".md"].concat(),
        ["doc", " 00"].concat(),
        ["..", "/shared"].concat(),
    ]
}

#[test]
fn every_doc_reference_resolves() {
    let root = Path::new(ROOT);
    let mut sources: Vec<(PathBuf, String)> = documents()
        .into_iter()
        .map(|p| {
            let text = read(&p);
            (p, text)
        })
        .collect();
    for file in all_rust_files() {
        let docs = doc_comments(&read(&file));
        if !docs.is_empty() {
            sources.push((file, docs));
        }
    }
    let mut broken = Vec::new();
    for (file, text) in &sources {
        let rel = file.strip_prefix(root).unwrap_or(file);
        let dir = file.parent().unwrap_or(root);
        // A package's paths may be cited from its own directory too.
        let package = file
            .ancestors()
            .find(|d| d.join("Cargo.toml").is_file())
            .unwrap_or(root);
        let (links, backticked) = cited_paths(text);
        for link in links {
            if !dir.join(link).exists() {
                broken.push(format!("{}: link ({link})", rel.display()));
            }
        }
        for path in backticked {
            if !root.join(path).exists() && !package.join(path).exists() {
                broken.push(format!("{}: `{path}`", rel.display()));
            }
        }
        let lowercase = text.to_lowercase();
        for outside in outside_documents() {
            // A document number in any case; the design file's name only
            // as spelled, since docs/design.md is ours.
            let cited = text.contains(outside.as_str())
                || (outside.starts_with("doc") && lowercase.contains(outside.as_str()));
            if cited {
                broken.push(format!("{}: cites '{outside}'", rel.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "documents cite what the repository does not hold:\n{}",
        broken.join("\n")
    );
}

#[test]
fn cited_paths_are_links_and_backticked_repository_paths() {
    let text = "see [a](docs/a.md#x), [b](https://x.org/y), [c](crate::C), [d](#top), \
                `crates/ir/src/lib.rs:10`, `tests/passes/<flag>.mlir`, `cargo test`";
    assert_eq!(
        cited_paths(text),
        (vec!["docs/a.md"], vec!["crates/ir/src/lib.rs"])
    );
}
