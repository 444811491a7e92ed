//! Tidy checks that keep the structure and its map true:
//!
//! - every registered pass has exactly one file under `passes/`, named
//!   after its flag, declaring that flag, opening with a `//!` doc that
//!   states its precondition and postcondition, and its data-driven test
//!   `tests/passes/<flag>.mlir`; no pass is declared outside `passes/`;
//! - ARCHITECTURE.md names every crate, every pass and every test suite,
//!   every path it cites exists, and it keeps its newcomer's guide;
//! - the semantic models of ops (the interpreter, the analyses, value
//!   bounds, `explain`, the lowerings) match `ir::OpKind` without a
//!   catch-all arm, so that a new kind fails to compile until each decides;
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
