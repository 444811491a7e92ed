//! Each directive and flag, passing and failing. Every case goes through
//! `filetests::filecheck`: when the real FileCheck is installed it
//! checks the same case and must give the same verdict.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Check `input` against `check` (the text of a check file) with FileCheck
/// flags `args`.
fn verdict(check: &str, input: &str, args: &[&str]) -> Result<(), String> {
    static N: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "checklines-{}-{}.txt",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, check).expect("temporary check file");
    let result = filetests::filecheck(&path, input.as_bytes(), args);
    let _ = std::fs::remove_file(&path);
    result
}

#[track_caller]
fn pass(check: &str, input: &str, args: &[&str]) {
    if let Err(e) = verdict(check, input, args) {
        panic!("expected a pass:\n{e}");
    }
}

/// The failure's messages, which must contain `message`.
#[track_caller]
fn fail(check: &str, input: &str, args: &[&str], message: &str) -> String {
    match verdict(check, input, args) {
        Ok(()) => panic!("expected a failure of\n{check}\non\n{input}"),
        Err(e) => {
            assert!(e.contains(message), "expected {message:?} in\n{e}");
            e
        }
    }
}

#[test]
fn plain() {
    pass("// CHECK: foo\n", "a foo b\n", &[]);
    pass("// CHECK: a\n// CHECK: b\n", "a b\n", &[]);
    fail(
        "// CHECK: b\n// CHECK: a\n",
        "a b\n",
        &[],
        "CHECK: expected string not found in input",
    );
    fail("// CHECK: foo\n", "bar\n", &[], "scanning from here");
}

#[test]
fn failure_renders_like_filecheck() {
    let check = "// CHECK: a\n// CHECK-NEXT: d\n";
    let options = checklines::Options {
        check_file_name: "nx.txt".to_string(),
        ..Default::default()
    };
    let failure = checklines::check(check, "a\nb\nd\n", &options).unwrap_err();
    assert_eq!(failure.exit_code(), 1);
    assert_eq!(
        failure.to_string(),
        "nx.txt:2:16: error: CHECK-NEXT: is not on the line after the previous match\n\
         // CHECK-NEXT: d\n               ^\n\
         <stdin>:3:1: note: 'next' match was here\nd\n^\n\
         <stdin>:1:2: note: previous match ended here\na\n ^\n\
         <stdin>:2:1: note: non-matching line after previous match is here\nb\n^\n"
    );
    let failure = checklines::check("// CHECK-NOT: bbb\n", "a\nxbbb\n", &options).unwrap_err();
    assert_eq!(
        failure.to_string(),
        "nx.txt:1:15: error: CHECK-NOT: excluded string found in input\n\
         // CHECK-NOT: bbb\n              ^\n\
         <stdin>:2:2: note: found here\nxbbb\n ^~~\n"
    );
}

#[test]
fn whitespace() {
    pass("// CHECK: a  b\n", "a\t \tb\n", &[]);
    pass("// CHECK:    a b   \n", "xa b\n", &[]);
    fail(
        "// CHECK: a  b\n",
        "a b\n",
        &["--strict-whitespace"],
        "expected string",
    );
    pass("// CHECK: a  b\n", "a  b\n", &["--strict-whitespace"]);
    pass("// CHECK: a b\n", "a b\r\nc\r\n", &[]);
}

#[test]
fn next() {
    pass("// CHECK: a\n// CHECK-NEXT: b\n", "a\nb\n", &[]);
    fail(
        "// CHECK: a\n// CHECK-NEXT: b\n",
        "a b\n",
        &[],
        "is on the same line as previous match",
    );
    fail(
        "// CHECK: a\n// CHECK-NEXT: b\n",
        "a\n\nb\n",
        &[],
        "is not on the line after",
    );
    fail(
        "// CHECK-NEXT: b\n",
        "b\n",
        &[],
        "found 'CHECK-NEXT' without previous 'CHECK: line",
    );
}

#[test]
fn same() {
    pass("// CHECK: a\n// CHECK-SAME: b\n", "a b\n", &[]);
    fail(
        "// CHECK: a\n// CHECK-SAME: b\n",
        "a\nb\n",
        &[],
        "is not on the same line",
    );
    fail("// CHECK-SAME: b\n", "b\n", &[], "without previous");
}

#[test]
fn not() {
    pass(
        "// CHECK: a\n// CHECK-NOT: x\n// CHECK: b\n",
        "a b x\n",
        &[],
    );
    fail(
        "// CHECK: a\n// CHECK-NOT: x\n// CHECK: b\n",
        "a x b\n",
        &[],
        "CHECK-NOT: excluded string found in input",
    );
    // Before the first check, and after the last one (the implicit EOF check).
    fail("// CHECK-NOT: x\n// CHECK: b\n", "x b\n", &[], "found here");
    fail("// CHECK: b\n// CHECK-NOT: x\n", "b x\n", &[], "excluded");
    pass("// CHECK: b\n// CHECK-NOT: x\n", "x b\n", &[]);
    // Every NOT of a group is reported.
    let e = fail(
        "// CHECK-NOT: x\n// CHECK-NOT: y\n// CHECK: b\n",
        "x y b\n",
        &[],
        "excluded",
    );
    assert_eq!(e.matches("excluded string found").count(), 2);
    fail(
        "// CHECK-NOT-DAG: x\n",
        "a\n",
        &[],
        "unsupported -NOT combo on prefix 'CHECK'",
    );
}

#[test]
fn label() {
    let check = "// CHECK-LABEL: f1\n// CHECK: x\n// CHECK-LABEL: f2\n// CHECK: y\n";
    pass(check, "f1 x\nf2 y\n", &[]);
    // `x` after f2 is outside f1's region.
    fail(
        check,
        "f1\nf2 x y\n",
        &[],
        "CHECK: expected string not found",
    );
    // The region after a failed one is still checked.
    let e = fail(check, "f1\nf2\n", &[], "expected string");
    assert_eq!(e.matches("error:").count(), 2);
    fail(
        check,
        "f1 x\ny\n",
        &[],
        "CHECK-LABEL: expected string not found",
    );
    fail(
        "// CHECK-LABEL: [[X:f]]\n",
        "f\n",
        &[],
        "with variable definition or use",
    );
}

#[test]
fn dag() {
    let check = "// CHECK: start\n// CHECK-DAG: a\n// CHECK-DAG: b\n// CHECK: end\n";
    pass(check, "start b a end\n", &[]);
    pass(check, "start a b end\n", &[]);
    fail(check, "start a end b\n", &[], "expected string");
    // Matches of one group do not overlap.
    pass("// CHECK-DAG: a\n// CHECK-DAG: a\n", "a a\n", &[]);
    fail(
        "// CHECK-DAG: a\n// CHECK-DAG: a\n",
        "a\n",
        &[],
        "CHECK-DAG: expected string not found",
    );
    // A NOT between two groups applies between them.
    let groups = "// CHECK-DAG: a\n// CHECK-NOT: x\n// CHECK-DAG: b\n";
    pass(groups, "a b x\n", &[]);
    fail(groups, "a x b\n", &[], "excluded");
    // Trailing DAGs are checked by the implicit EOF check.
    fail(
        "// CHECK: a\n// CHECK-DAG: q\n",
        "a\n",
        &[],
        "expected string",
    );
}

#[test]
fn empty() {
    pass(
        "// CHECK: a\n// CHECK-EMPTY:\n// CHECK-NEXT: b\n",
        "a\n\nb\n",
        &[],
    );
    pass("// CHECK: a\n// CHECK-EMPTY:\n", "a x\n\n", &[]);
    fail(
        "// CHECK: a\n// CHECK-EMPTY:\n",
        "a\nx\n\n",
        &[],
        "CHECK-EMPTY: is not on the line after",
    );
    fail(
        "// CHECK: a\n// CHECK-EMPTY: x\n",
        "a\n\n",
        &[],
        "found non-empty check string for empty check",
    );
}

#[test]
fn count() {
    pass("// CHECK-COUNT-3: ab\n", "ab ab\n ab\n", &[]);
    fail(
        "// CHECK-COUNT-3: ab\n",
        "ab ab\n",
        &[],
        "CHECK-COUNT: expected string not found in input (3 out of 3)",
    );
    fail(
        "// CHECK-COUNT-0: ab\n",
        "ab\n",
        &[],
        "invalid count in -COUNT specification",
    );
}

#[test]
fn prefixes() {
    let check = "// A: one\n// B: two\n// CHECK: three\n// A-B: four\n";
    pass(check, "one two\n", &["--check-prefixes=A,B"]);
    pass(
        check,
        "one two\n",
        &["--check-prefix=A", "--check-prefix", "B"],
    );
    fail(
        check,
        "two one\n",
        &["--check-prefixes=A,B"],
        "expected string",
    );
    pass(check, "four\n", &["--check-prefix=A-B"]);
    fail(
        check,
        "x\n",
        &["--check-prefixes=A,C,D"],
        "no check strings found with prefixes 'C:', 'D:'",
    );
    pass(
        check,
        "one\n",
        &["--check-prefixes=A,C", "--allow-unused-prefixes"],
    );
    fail(
        "// CHECK: a\n",
        "a\n",
        &["--check-prefix=X"],
        "no check strings found with prefix 'X:'",
    );
    // A prefix must not be the end of a longer word.
    pass("// XCHECK: nowhere\n// CHECK: a\n", "a\n", &[]);
    fail(
        "// CHECK_NEXT: a\n",
        "a\n",
        &[],
        "misspelled directive 'CHECK_NEXT:'",
    );
}

#[test]
fn comments() {
    pass(
        "// RUN: tool | FileCheck %s --check-prefix=CHECK\n// COM: CHECK: not a check\n// CHECK: a\n",
        "a\n",
        &[],
    );
    pass("// CHECK: a RUN: b\n", "a RUN: b\n", &[]);
    fail("// CHECK: a RUN: b\n", "a\n", &[], "expected string");
    pass(
        "// C: a\n// CHECK: zzz\n",
        "a\n",
        &["--check-prefix=C", "--comment-prefixes=CHECK"],
    );
}

#[test]
fn regexes() {
    pass("// CHECK: %{{[0-9]+}} = add\n", "%12 = add\n", &[]);
    fail(
        "// CHECK: %{{[0-9]+}} = add\n",
        "%x = add\n",
        &[],
        "expected string",
    );
    pass("// CHECK: {{^}}foo{{$}}\n", "foo\n", &[]);
    // `^` matches where the search starts, mid-line.
    pass("// CHECK: a\n// CHECK-SAME: {{^}}b\n", "ab\n", &[]);
    fail(
        "// CHECK: {{^}}foo{{$}}\n",
        " foo\n",
        &[],
        "expected string",
    );
    pass("// CHECK: a{{\\[}}b\n", "a[b\n", &[]);
    pass("// CHECK: a{{.*}}b\n", "a x b\n", &[]);
    fail("// CHECK: a{{.*}}b\n", "a\nb\n", &[], "expected string");
    fail("// CHECK: a{{[^x]*}}b\n", "a\nb\n", &[], "expected string");
    pass("// CHECK: a{{[\\]]}}b\n", "a\\]b\n", &[]);
    fail("// CHECK: a{{\\d}}\n", "a1\n", &[], "expected string");
    fail("// CHECK: a{{(}}\n", "a\n", &[], "invalid regex");
    fail(
        "// CHECK: a{{b\n",
        "ab\n",
        &[],
        "found start of regex string with no end '}}'",
    );
}

#[test]
fn variables() {
    let check = "// CHECK: def [[V:%[0-9]+]]\n// CHECK: use [[V]]\n";
    pass(check, "def %3\nuse %3\n", &[]);
    fail(check, "def %3\nuse %4\n", &[], "with \"V\" equal to \"%3\"");
    fail("// CHECK: [[X]]\n", "a\n", &[], "undefined variable: X");
    // Redefinition takes the new value.
    pass(
        "// CHECK: [[X:[a-z]+]]\n// CHECK: [[X:[a-z]+]]\n// CHECK: [[X]]\n",
        "ab cd cd\n",
        &[],
    );
    // Values are literal text, not regexes.
    pass("// CHECK: [[X:.\\*]]\n// CHECK: [[X]]\n", "a* a*\n", &[]);
    fail(
        "// CHECK: [[X:a.]]\n// CHECK: [[X]]\n",
        "a. ab\n",
        &[],
        "expected string",
    );
    fail("// CHECK: [[X Y]]\n", "a\n", &[], "unexpected whitespace");
    fail(
        "// CHECK: [[#N]]\n",
        "1\n",
        &[],
        "not supported by checklines",
    );
}

#[test]
fn var_scope() {
    let check = "// CHECK-LABEL: f1\n// CHECK: [[L:[a-z]+]] [[$G:[0-9]+]]\n\
                 // CHECK-LABEL: f2\n// CHECK: [[$G]]\n// CHECK: [[L]]\n";
    pass(check, "f1 ab 12\nf2 12 ab\n", &[]);
    fail(
        check,
        "f1 ab 12\nf2 12 ab\n",
        &["--enable-var-scope"],
        "undefined variable: L",
    );
}

#[test]
fn full_lines() {
    pass("// CHECK: a b\n", "  a b  \n", &["--match-full-lines"]);
    fail(
        "// CHECK: a b\n",
        "a b c\n",
        &["--match-full-lines"],
        "expected string",
    );
    // NOT patterns are not anchored.
    fail(
        "// CHECK: x\n// CHECK-NOT: b\n",
        "x\na b c\n",
        &["--match-full-lines"],
        "excluded",
    );
}

#[test]
fn implicit_check_not() {
    let check = "// CHECK: a\n// CHECK: b\n";
    pass(check, "a b\n", &["--implicit-check-not=x"]);
    fail(
        check,
        "a x b\n",
        &["--implicit-check-not=x"],
        "IMPLICIT-CHECK-NOT: excluded string",
    );
    fail(
        check,
        "a b x\n",
        &["--implicit-check-not", "x"],
        "command line:1:22",
    );
    // With the default prefix, implicit checks alone are enough.
    pass("nothing\n", "a\n", &["--implicit-check-not=x"]);
}

#[test]
fn literal() {
    pass("// CHECK{LITERAL}: [[x]] {{y}}\n", "[[x]] {{y}}\n", &[]);
    fail(
        "// CHECK{LITERAL}: {{.*}}\n",
        "abc\n",
        &[],
        "expected string",
    );
}

#[test]
fn check_file_errors() {
    fail(
        "// CHECK:\n",
        "a\n",
        &[],
        "found empty check string with prefix 'CHECK:'",
    );
    fail(
        "// nothing\n",
        "a\n",
        &[],
        "no check strings found with prefix 'CHECK:'",
    );
    fail("// CHECK: a\n", "", &[], "'<stdin>' is empty.");
    pass("// CHECK-NOT: a\n", "", &["--allow-empty"]);
    let options = checklines::Options::default();
    let failure = checklines::check("// CHECK:\n", "a\n", &options).unwrap_err();
    assert_eq!(failure.exit_code(), 2);
    assert!(checklines::Options::from_args(&["--no-such-flag"]).is_err());
    let bad = checklines::Options {
        prefixes: vec!["1X".to_string()],
        ..Default::default()
    };
    assert_eq!(
        checklines::check("", "a", &bad).map_err(|f| f.kind),
        Err(checklines::FailureKind::Usage)
    );
}

/// Check files and inputs glued from directive fragments, regex syntax and
/// multi-byte characters: never a panic (checklines alone, to stay fast).
#[test]
fn no_panic_on_fragment_soup() {
    const CHECK: [&str; 24] = [
        "CHECK",
        "-NEXT",
        "-DAG",
        "-NOT",
        "-SAME",
        "-EMPTY",
        "-LABEL",
        "-COUNT-",
        "_",
        ":",
        "{{",
        "}}",
        "[[",
        "]]",
        "X:",
        "[",
        "]",
        "\\",
        "(",
        "é",
        " ",
        "\n",
        "a",
        "{LITERAL}",
    ];
    const INPUT: [&str; 8] = ["a", "X", "é", "\n", " ", "[", "]", "\t"];
    let mut random = splitmix::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: usize| random.below(n);
    for _ in 0..3000 {
        let check: String = (0..next(30)).map(|_| CHECK[next(CHECK.len())]).collect();
        let input: String = (0..next(20)).map(|_| INPUT[next(INPUT.len())]).collect();
        for args in [&[][..], &["--match-full-lines", "--strict-whitespace"][..]] {
            let options = checklines::Options::from_args(args).expect("flags");
            let _ = checklines::check(&check, &input, &options).map_err(|f| f.to_string());
        }
    }
}
