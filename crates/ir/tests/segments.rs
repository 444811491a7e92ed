//! The verifier checks segment sizes against the values they split: the
//! groups of an op (its branch operands, the bounds of a loop) are read from
//! them, so sizes that do not cover the operands exactly would drop or mix
//! operands when printed or folded.

/// The first verifier error of `@f` with `op` as its first op; `None` if
/// it verifies.
fn verify(op: &str) -> Option<String> {
    let text =
        format!("func.func @f(%c: i1, %flag: i32, %x: index) {{\n  {op}\n^bb1:\n  return\n}}\n");
    let (ctx, module) = filetests::ir_check::parse(&text);
    ir::verifier::verify(&ctx, module, false)
        .err()
        .map(|e| e.message)
}

const COND_BR: &str = r#""cf.cond_br"(%c, %x)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: SIZES>}> : (i1, index) -> ()"#;

fn cond_br(sizes: &str) -> Option<String> {
    verify(&COND_BR.replace("SIZES", sizes))
}

#[test]
fn operand_segments_cover_the_operands_exactly() {
    let mismatch = "operand count (2) does not match with the total size";
    assert!(cond_br("1, 0, 0").is_some_and(|e| e.contains(mismatch)));
    assert!(cond_br("1, 2, 0").is_some_and(|e| e.contains(mismatch)));
    assert!(cond_br("1, -1, 2").is_some_and(|e| e.contains("cannot have negative elements")));
    assert!(cond_br("1, 1").is_some_and(|e| e.contains("must have 3 elements, but got 2")));
    // Consistent sizes reach the op's own checks (here: ^bb1 takes nothing).
    assert!(cond_br("1, 0, 1").is_some_and(|e| e.contains("branch has 1 operands")));
}

#[test]
fn case_operand_segments_cover_the_case_operands_exactly() {
    let switch = |segments: &str| {
        verify(&format!(
            r#""cf.switch"(%flag, %x)[^bb1, ^bb1] <{{case_operand_segments = array<i32: {segments}>, case_values = dense<4> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}}> : (i32, index) -> ()"#
        ))
    };
    assert!(switch("3").is_some_and(|e| e.contains("caseOperands count (1) does not match")));
    assert!(switch("-1").is_some_and(|e| e.contains("cannot have negative elements")));
}
