//! Folder edge cases: checked arithmetic and the refusals.

use crate::{fold, FoldResult, Folded};
use ir::{Attr, Context, OpId};

/// Parse `body` (ops of a function returning nothing special) and fold the
/// op named `name`.
fn fold_in(body: &str, name: &str) -> (Context, Option<Folded>) {
    let mut ctx = Context::new();
    let text =
        format!("func.func @f(%x: i32, %i: index, %s: !shape.shape) {{\n{body}\n  return\n}}\n");
    let (m, d) = syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
    let m = m.unwrap_or_else(|| panic!("{d:?}"));
    let mut target = None;
    ctx.walk_nested(m, &mut |o| {
        if ctx.op_name(o) == name {
            target = Some(o);
        }
    });
    let op: OpId = target.unwrap_or_else(|| panic!("no {name}"));
    let folded = fold(&mut ctx, op);
    (ctx, folded)
}

/// The integer a fold produced, or `None` if it did not fold to a constant.
fn folded_int(body: &str, name: &str) -> Option<i128> {
    match fold_in(body, name).1 {
        Some(Folded::Results(r)) => match r.as_slice() {
            [FoldResult::Attr(Attr::Int { value, .. })] => Some(*value),
            [FoldResult::Attr(Attr::Bool(b))] => Some(*b as i128),
            _ => None,
        },
        _ => None,
    }
}

fn binary(op: &str, ty: &str, a: i128, b: i128) -> String {
    format!("  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = {op} %a, %b : {ty}")
}

#[test]
fn signed_division_overflow_and_zero_are_refused() {
    let min = i64::MIN as i128;
    for op in ["arith.divsi", "arith.ceildivsi", "arith.floordivsi"] {
        assert_eq!(folded_int(&binary(op, "i64", min, -1), op), None, "{op}");
        assert_eq!(folded_int(&binary(op, "i64", 7, 0), op), None, "{op}");
    }
    for op in [
        "arith.divui",
        "arith.ceildivui",
        "arith.remui",
        "arith.remsi",
    ] {
        assert_eq!(folded_int(&binary(op, "i32", 7, 0), op), None, "{op}");
    }
    // srem does not overflow: MIN rem -1 is 0, as in MLIR.
    assert_eq!(
        folded_int(&binary("arith.remsi", "i64", min, -1), "arith.remsi"),
        Some(0)
    );
}

#[test]
fn division_rounding() {
    assert_eq!(
        folded_int(&binary("arith.divsi", "i32", -7, 2), "arith.divsi"),
        Some(-3)
    );
    assert_eq!(
        folded_int(
            &binary("arith.floordivsi", "i32", -7, 2),
            "arith.floordivsi"
        ),
        Some(-4)
    );
    assert_eq!(
        folded_int(
            &binary("arith.floordivsi", "i32", 7, -2),
            "arith.floordivsi"
        ),
        Some(-4)
    );
    assert_eq!(
        folded_int(&binary("arith.ceildivsi", "i32", 7, 2), "arith.ceildivsi"),
        Some(4)
    );
    assert_eq!(
        folded_int(&binary("arith.ceildivsi", "i32", -7, 2), "arith.ceildivsi"),
        Some(-3)
    );
    // 200 as i8 is -56; unsigned it is 200.
    assert_eq!(
        folded_int(&binary("arith.divui", "i8", 200, 3), "arith.divui"),
        Some(66)
    );
    assert_eq!(
        folded_int(&binary("arith.ceildivui", "i8", 200, 3), "arith.ceildivui"),
        Some(67)
    );
}

#[test]
fn wrapping_and_shifts() {
    let max = i64::MAX as i128;
    assert_eq!(
        folded_int(&binary("arith.addi", "i64", max, 1), "arith.addi"),
        Some(i64::MIN as i128)
    );
    assert_eq!(
        folded_int(&binary("arith.muli", "i8", 16, 16), "arith.muli"),
        Some(0)
    );
    assert_eq!(
        folded_int(&binary("arith.shli", "i32", 1, 31), "arith.shli"),
        Some(i32::MIN as i128)
    );
    for op in ["arith.shli", "arith.shrsi", "arith.shrui"] {
        assert_eq!(folded_int(&binary(op, "i32", 1, 32), op), None, "{op}");
        assert_eq!(folded_int(&binary(op, "i32", 1, -1), op), None, "{op}");
    }
    assert_eq!(
        folded_int(&binary("arith.shrsi", "i8", -128, 7), "arith.shrsi"),
        Some(-1)
    );
    assert_eq!(
        folded_int(&binary("arith.shrui", "i8", -128, 7), "arith.shrui"),
        Some(1)
    );
    assert_eq!(
        folded_int(&binary("arith.maxui", "i8", -1, 1), "arith.maxui"),
        Some(-1)
    );
    assert_eq!(
        folded_int(&binary("arith.minsi", "i8", -1, 1), "arith.minsi"),
        Some(-1)
    );
}

#[test]
fn i1_arithmetic_wraps_to_booleans() {
    assert_eq!(
        folded_int(&binary("arith.addi", "i1", 1, 1), "arith.addi"),
        Some(0)
    );
    assert_eq!(
        folded_int(&binary("arith.subi", "i1", 0, 1), "arith.subi"),
        Some(1)
    );
    let cmp = "  %a = arith.constant -1 : i8\n  %b = arith.constant 1 : i8\n  %r = arith.cmpi ult, %b, %a : i8";
    assert_eq!(folded_int(cmp, "arith.cmpi"), Some(1));
    let cmp = cmp.replace("ult", "slt");
    assert_eq!(folded_int(&cmp, "arith.cmpi"), Some(0));
}

#[test]
fn casts_extend_and_truncate() {
    let ext = "  %a = arith.constant -1 : i8\n  %r = arith.extui %a : i8 to i32";
    assert_eq!(folded_int(ext, "arith.extui"), Some(255));
    let ext = "  %a = arith.constant -1 : i8\n  %r = arith.extsi %a : i8 to i32";
    assert_eq!(folded_int(ext, "arith.extsi"), Some(-1));
    let trunc = "  %a = arith.constant 511 : i32\n  %r = arith.trunci %a : i32 to i8";
    assert_eq!(folded_int(trunc, "arith.trunci"), Some(-1));
    let cast = "  %a = arith.constant -1 : index\n  %r = arith.index_cast %a : index to i8";
    assert_eq!(folded_int(cast, "arith.index_cast"), Some(-1));
}

#[test]
fn identities_fold_to_operands() {
    for (op, c) in [
        ("arith.addi", 0),
        ("arith.muli", 1),
        ("arith.ori", 0),
        ("arith.andi", -1),
    ] {
        let body = format!("  %c = arith.constant {c} : i32\n  %r = {op} %x, %c : i32");
        let (_, f) = fold_in(&body, op);
        assert!(
            matches!(f, Some(Folded::Results(ref r)) if matches!(r[0], FoldResult::Value(_))),
            "{op}"
        );
    }
    let body = "  %c = arith.constant 0 : i32\n  %r = arith.muli %x, %c : i32";
    assert_eq!(folded_int(body, "arith.muli"), Some(0));
    assert_eq!(
        folded_int("  %r = arith.subi %x, %x : i32", "arith.subi"),
        Some(0)
    );
    // A constant first operand of a commutative op moves last, in place.
    let body = "  %c = arith.constant 0 : i32\n  %r = arith.addi %c, %x : i32";
    assert_eq!(fold_in(body, "arith.addi").1, Some(Folded::InPlace));
}

#[test]
fn shape_refusals() {
    let extent = |dim: &str| {
        format!("  %c = shape.const_shape [1, 2, 3] : tensor<3xindex>\n  %d = arith.constant {dim} : index\n  %r = shape.get_extent %c, %d : tensor<3xindex>, index -> index")
    };
    assert_eq!(folded_int(&extent("2"), "shape.get_extent"), Some(3));
    assert_eq!(folded_int(&extent("3"), "shape.get_extent"), None);
    assert_eq!(folded_int(&extent("-1"), "shape.get_extent"), None);
    let split = |at: i64| {
        format!("  %c = shape.const_shape [1, 2, 3] : !shape.shape\n  %d = arith.constant {at} : index\n  %h, %t = \"shape.split_at\"(%c, %d) : (!shape.shape, index) -> (!shape.shape, !shape.shape)")
    };
    assert!(fold_in(&split(-3), "shape.split_at").1.is_some());
    assert!(fold_in(&split(3), "shape.split_at").1.is_some());
    assert!(fold_in(&split(4), "shape.split_at").1.is_none());
    assert!(fold_in(&split(-4), "shape.split_at").1.is_none());
    let div = "  %a = arith.constant 7 : index\n  %b = arith.constant 0 : index\n  %r = shape.div %a, %b : index, index -> index";
    assert_eq!(folded_int(div, "shape.div"), None);
    let div = "  %a = arith.constant -7 : index\n  %b = arith.constant 2 : index\n  %r = shape.div %a, %b : index, index -> index";
    assert_eq!(folded_int(div, "shape.div"), Some(-4));
    let min = format!("  %a = arith.constant {} : index\n  %b = arith.constant -1 : index\n  %r = shape.div %a, %b : index, index -> index", i64::MIN);
    assert_eq!(folded_int(&min, "shape.div"), Some(i64::MIN as i128));
}

#[test]
fn memref_rank_and_sizes_fold_from_types_and_allocations() {
    let alloc = "  %m = memref.alloc(%i) : memref<4x?xf32>\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c7 = arith.constant 7 : index";
    let rank = format!("{alloc}\n  %r = memref.rank %m : memref<4x?xf32>");
    assert_eq!(folded_int(&rank, "memref.rank"), Some(2));
    let dim = format!("{alloc}\n  %d = memref.dim %m, %c0 : memref<4x?xf32>");
    assert_eq!(folded_int(&dim, "memref.dim"), Some(4));
    // The dynamic size the allocation was given.
    let dim = format!("{alloc}\n  %d = memref.dim %m, %c1 : memref<4x?xf32>");
    assert!(matches!(
        fold_in(&dim, "memref.dim").1,
        Some(Folded::Results(r)) if matches!(r.as_slice(), [FoldResult::Value(_)])
    ));
    // Out of range: undefined, left alone.
    let dim = format!("{alloc}\n  %d = memref.dim %m, %c7 : memref<4x?xf32>");
    assert_eq!(fold_in(&dim, "memref.dim").1, None);
}

#[test]
fn memref_casts_fold_only_into_casts_that_verify() {
    let body = "  %m = memref.alloc() : memref<4xf32>
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<5xf32>";
    assert_eq!(fold_in(body, "memref.cast").1, None);
    let body = "  %m = memref.alloc() : memref<4xf32>
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<4xf32>";
    assert_eq!(fold_in(body, "memref.cast").1, Some(Folded::InPlace));
}

/// Parse `text` (a module), find the first op named `name` and apply its
/// canonicalization patterns once; whether one applied, and the module
/// printed after.
fn rewrite_in(text: &str, name: &str) -> (bool, String) {
    let mut ctx = Context::new();
    let (m, d) = syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
    let m = m.unwrap_or_else(|| panic!("{d:?}"));
    let mut target = None;
    ctx.walk_nested(m, &mut |o| {
        if target.is_none() && ctx.op_name(o) == name {
            target = Some(o);
        }
    });
    let op = target.unwrap_or_else(|| panic!("no {name}"));
    let applied = crate::apply_patterns(&mut crate::Rewriter::new(&mut ctx), op);
    (applied, ir::printer::print_op(&ctx, m, Default::default()))
}

/// The `scf.for` of a function whose body is `body`, and its trip count.
fn trips(body: &str) -> Option<u128> {
    let mut ctx = Context::new();
    let text = format!("func.func @f(%x: index) {{\n{body}\n  return\n}}\n");
    let (m, d) = syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
    let m = m.unwrap_or_else(|| panic!("{d:?}"));
    let mut target = None;
    ctx.walk_nested(m, &mut |o| {
        if ctx.op_name(o) == "scf.for" {
            target = Some(o);
        }
    });
    crate::scf::trip_count(&ctx, target.expect("scf.for"))
}

fn loop_of(lb: &str, ub: &str, step: &str, ty: &str, unsigned: bool) -> String {
    let kw = if unsigned { "unsigned " } else { "" };
    let suffix = if ty == "index" {
        String::new()
    } else {
        format!(" : {ty}")
    };
    format!(
        "  %lb = arith.constant {lb} : {ty}\n  %ub = arith.constant {ub} : {ty}\n  %s = arith.constant {step} : {ty}\n  scf.for {kw}%i = %lb to %ub step %s {suffix} {{\n  }}"
    )
}

#[test]
fn trip_counts_as_mlir_computes_them() {
    assert_eq!(trips(&loop_of("0", "10", "3", "index", false)), Some(4));
    assert_eq!(trips(&loop_of("5", "5", "1", "index", false)), Some(0));
    assert_eq!(trips(&loop_of("7", "2", "1", "i32", false)), Some(0));
    // Unsigned: -100 is a large bound, so the loop runs (once, with this step).
    assert_eq!(
        trips(&loop_of("0", "-100", "2147483647", "i32", true)),
        Some(2)
    );
    assert_eq!(
        trips(&loop_of("0", "-100", "2147483647", "i32", false)),
        Some(0)
    );
    // A zero or (signed) negative step is unknown.
    assert_eq!(trips(&loop_of("0", "10", "0", "index", false)), None);
    assert_eq!(trips(&loop_of("0", "10", "-1", "index", false)), None);
    // ub = lb + c counts only without wrap-around.
    let add = |flags: &str| {
        format!("  %c = arith.constant 3 : index\n  %s = arith.constant 1 : index\n  %ub = arith.addi %x, %c{flags} : index\n  scf.for %i = %x to %ub step %s {{\n  }}")
    };
    assert_eq!(trips(&add(" overflow<nsw>")), Some(3));
    assert_eq!(trips(&add("")), None);
}

#[test]
fn identical_cond_br_successors_select_their_operands() {
    let text = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)\n^bb1(%x: i32):\n  return %x : i32\n}\n";
    let (applied, out) = rewrite_in(text, "cf.cond_br");
    assert!(applied);
    assert!(
        out.contains("arith.select %arg0, %arg1, %arg2 : i32")
            && out.contains("cf.br ^bb1(%0 : i32)"),
        "{out}"
    );
}

#[test]
fn branches_through_a_cycle_are_left_alone() {
    let text = "func.func @f() {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb2\n^bb2:\n  cf.br ^bb1\n}\n";
    let (applied, _) = rewrite_in(text, "cf.br");
    assert!(!applied);
}

#[test]
fn select_of_an_equality_with_its_operands_folds() {
    let body = "  %c = arith.constant 1 : i32\n  %e = arith.cmpi eq, %x, %c : i32\n  %r = arith.select %e, %c, %x : i32";
    let (_, f) = fold_in(body, "arith.select");
    assert!(
        matches!(f, Some(Folded::Results(ref r)) if matches!(r[0], FoldResult::Value(_))),
        "{f:?}"
    );
    // With another constant the select stays.
    let body = "  %c = arith.constant 1 : i32\n  %d = arith.constant 2 : i32\n  %e = arith.cmpi eq, %x, %c : i32\n  %r = arith.select %e, %d, %x : i32";
    assert_eq!(fold_in(body, "arith.select").1, None);
}

#[test]
fn a_constant_on_the_left_of_a_comparison_moves_right() {
    let body = "  %c = arith.constant 5 : i32\n  %r = arith.cmpi slt, %c, %x : i32";
    let (ctx, f) = fold_in(body, "arith.cmpi");
    assert_eq!(f, Some(Folded::InPlace));
    let cmp = (0..ctx.num_ops() as u32)
        .map(OpId)
        .find(|&o| ctx.op_name(o) == "arith.cmpi")
        .expect("cmpi");
    assert_eq!(ctx.attr(cmp, "predicate").and_then(Attr::as_int), Some(4)); // sgt
}

#[test]
fn while_conditions_with_repeated_arguments_are_not_aligned() {
    let text = "func.func @f(%a: i32) -> (i32, i32) {\n  %0:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {\n    %c = arith.cmpi eq, %x, %x : i32\n    scf.condition(%c) %x, %x : i32, i32\n  } do {\n  ^bb0(%y: i32, %z: i32):\n    %n = arith.addi %y, %z : i32\n    scf.yield %n : i32\n  }\n  return %0#0, %0#1 : i32, i32\n}\n";
    let (applied, out) = rewrite_in(text, "scf.while");
    // Only the duplicate inputs merge; the condition keeps its order.
    assert!(applied);
    assert!(
        out.contains("scf.condition(%1) %arg1, %arg1 : i32, i32"),
        "{out}"
    );
    assert!(out.contains("return %0#0, %0#0 : i32, i32"), "{out}");
}
