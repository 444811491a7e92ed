//! Folder edge cases: checked arithmetic and the refusals.

use crate::{fold, FoldResult, Folded};
use expect_test::{expect, Expect};
use filetests::ir_check::{check, parse};
use ir::{Attr, Context, OpId, OpKind};

/// The first op of kind `kind` under `root`, or (with `last`) the last one.
fn op_of_kind(ctx: &Context, root: OpId, kind: OpKind, last: bool) -> OpId {
    let mut target = None;
    ctx.walk_nested(root, &mut |o| {
        if ctx.kind(o) == kind && (last || target.is_none()) {
            target = Some(o);
        }
    });
    target.unwrap_or_else(|| panic!("no {kind}"))
}

/// Parse `body` (ops of a function returning nothing special) and fold the
/// (last) op of kind `kind`.
fn fold_in(body: &str, kind: OpKind) -> (Context, Option<Folded>) {
    let text =
        format!("func.func @f(%x: i32, %i: index, %s: !shape.shape) {{\n{body}\n  return\n}}\n");
    let (mut ctx, m) = parse(&text);
    let op = op_of_kind(&ctx, m, kind, true);
    let folded = fold(&mut ctx, op);
    (ctx, folded)
}

/// The integer a fold produced, or `None` if it did not fold to a constant.
fn folded_int(body: &str, kind: OpKind) -> Option<i128> {
    match fold_in(body, kind).1 {
        Some(Folded::Results(r)) => match r.as_slice() {
            [FoldResult::Attr(Attr::Int { value, .. })] => Some(*value),
            [FoldResult::Attr(Attr::Bool(b))] => Some(*b as i128),
            _ => None,
        },
        _ => None,
    }
}

fn binary(kind: OpKind, ty: &str, a: i128, b: i128) -> String {
    format!("  %a = arith.constant {a} : {ty}\n  %b = arith.constant {b} : {ty}\n  %r = {kind} %a, %b : {ty}")
}

#[test]
fn signed_division_overflow_and_zero_are_refused() {
    let min = i64::MIN as i128;
    for op in [
        OpKind::ArithDivsi,
        OpKind::ArithCeildivsi,
        OpKind::ArithFloordivsi,
    ] {
        assert_eq!(folded_int(&binary(op, "i64", min, -1), op), None, "{op}");
        assert_eq!(folded_int(&binary(op, "i64", 7, 0), op), None, "{op}");
    }
    for op in [
        OpKind::ArithDivui,
        OpKind::ArithCeildivui,
        OpKind::ArithRemui,
        OpKind::ArithRemsi,
    ] {
        assert_eq!(folded_int(&binary(op, "i32", 7, 0), op), None, "{op}");
    }
    // srem does not overflow: MIN rem -1 is 0, as in MLIR.
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithRemsi, "i64", min, -1),
            OpKind::ArithRemsi
        ),
        Some(0)
    );
}

#[test]
fn division_rounding() {
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithDivsi, "i32", -7, 2),
            OpKind::ArithDivsi
        ),
        Some(-3)
    );
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithFloordivsi, "i32", -7, 2),
            OpKind::ArithFloordivsi
        ),
        Some(-4)
    );
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithFloordivsi, "i32", 7, -2),
            OpKind::ArithFloordivsi
        ),
        Some(-4)
    );
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithCeildivsi, "i32", 7, 2),
            OpKind::ArithCeildivsi
        ),
        Some(4)
    );
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithCeildivsi, "i32", -7, 2),
            OpKind::ArithCeildivsi
        ),
        Some(-3)
    );
    // 200 as i8 is -56; unsigned it is 200.
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithDivui, "i8", 200, 3),
            OpKind::ArithDivui
        ),
        Some(66)
    );
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithCeildivui, "i8", 200, 3),
            OpKind::ArithCeildivui
        ),
        Some(67)
    );
}

#[test]
fn wrapping_and_shifts() {
    let max = i64::MAX as i128;
    assert_eq!(
        folded_int(&binary(OpKind::ArithAddi, "i64", max, 1), OpKind::ArithAddi),
        Some(i64::MIN as i128)
    );
    assert_eq!(
        folded_int(&binary(OpKind::ArithMuli, "i8", 16, 16), OpKind::ArithMuli),
        Some(0)
    );
    assert_eq!(
        folded_int(&binary(OpKind::ArithShli, "i32", 1, 31), OpKind::ArithShli),
        Some(i32::MIN as i128)
    );
    for op in [OpKind::ArithShli, OpKind::ArithShrsi, OpKind::ArithShrui] {
        assert_eq!(folded_int(&binary(op, "i32", 1, 32), op), None, "{op}");
        assert_eq!(folded_int(&binary(op, "i32", 1, -1), op), None, "{op}");
    }
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithShrsi, "i8", -128, 7),
            OpKind::ArithShrsi
        ),
        Some(-1)
    );
    assert_eq!(
        folded_int(
            &binary(OpKind::ArithShrui, "i8", -128, 7),
            OpKind::ArithShrui
        ),
        Some(1)
    );
    assert_eq!(
        folded_int(&binary(OpKind::ArithMaxui, "i8", -1, 1), OpKind::ArithMaxui),
        Some(-1)
    );
    assert_eq!(
        folded_int(&binary(OpKind::ArithMinsi, "i8", -1, 1), OpKind::ArithMinsi),
        Some(-1)
    );
}

#[test]
fn i1_arithmetic_wraps_to_booleans() {
    assert_eq!(
        folded_int(&binary(OpKind::ArithAddi, "i1", 1, 1), OpKind::ArithAddi),
        Some(0)
    );
    assert_eq!(
        folded_int(&binary(OpKind::ArithSubi, "i1", 0, 1), OpKind::ArithSubi),
        Some(1)
    );
    let cmp = "  %a = arith.constant -1 : i8\n  %b = arith.constant 1 : i8\n  %r = arith.cmpi ult, %b, %a : i8";
    assert_eq!(folded_int(cmp, OpKind::ArithCmpi), Some(1));
    let cmp = cmp.replace("ult", "slt");
    assert_eq!(folded_int(&cmp, OpKind::ArithCmpi), Some(0));
}

#[test]
fn casts_extend_and_truncate() {
    let ext = "  %a = arith.constant -1 : i8\n  %r = arith.extui %a : i8 to i32";
    assert_eq!(folded_int(ext, OpKind::ArithExtui), Some(255));
    let ext = "  %a = arith.constant -1 : i8\n  %r = arith.extsi %a : i8 to i32";
    assert_eq!(folded_int(ext, OpKind::ArithExtsi), Some(-1));
    let trunc = "  %a = arith.constant 511 : i32\n  %r = arith.trunci %a : i32 to i8";
    assert_eq!(folded_int(trunc, OpKind::ArithTrunci), Some(-1));
    let cast = "  %a = arith.constant -1 : index\n  %r = arith.index_cast %a : index to i8";
    assert_eq!(folded_int(cast, OpKind::ArithIndexCast), Some(-1));
}

#[test]
fn identities_fold_to_operands() {
    for (op, c) in [
        (OpKind::ArithAddi, 0),
        (OpKind::ArithMuli, 1),
        (OpKind::ArithOri, 0),
        (OpKind::ArithAndi, -1),
    ] {
        let body = format!("  %c = arith.constant {c} : i32\n  %r = {op} %x, %c : i32");
        let (_, f) = fold_in(&body, op);
        assert!(
            matches!(f, Some(Folded::Results(ref r)) if matches!(r[0], FoldResult::Value(_))),
            "{op}"
        );
    }
    let body = "  %c = arith.constant 0 : i32\n  %r = arith.muli %x, %c : i32";
    assert_eq!(folded_int(body, OpKind::ArithMuli), Some(0));
    assert_eq!(
        folded_int("  %r = arith.subi %x, %x : i32", OpKind::ArithSubi),
        Some(0)
    );
    // A constant first operand of a commutative op moves last, in place.
    let body = "  %c = arith.constant 0 : i32\n  %r = arith.addi %c, %x : i32";
    assert_eq!(fold_in(body, OpKind::ArithAddi).1, Some(Folded::InPlace));
}

#[test]
fn shape_refusals() {
    let extent = |dim: &str| {
        format!("  %c = shape.const_shape [1, 2, 3] : tensor<3xindex>\n  %d = arith.constant {dim} : index\n  %r = shape.get_extent %c, %d : tensor<3xindex>, index -> index")
    };
    assert_eq!(folded_int(&extent("2"), OpKind::ShapeGetExtent), Some(3));
    assert_eq!(folded_int(&extent("3"), OpKind::ShapeGetExtent), None);
    assert_eq!(folded_int(&extent("-1"), OpKind::ShapeGetExtent), None);
    let split = |at: i64| {
        format!("  %c = shape.const_shape [1, 2, 3] : !shape.shape\n  %d = arith.constant {at} : index\n  %h, %t = \"shape.split_at\"(%c, %d) : (!shape.shape, index) -> (!shape.shape, !shape.shape)")
    };
    assert!(fold_in(&split(-3), OpKind::ShapeSplitAt).1.is_some());
    assert!(fold_in(&split(3), OpKind::ShapeSplitAt).1.is_some());
    assert!(fold_in(&split(4), OpKind::ShapeSplitAt).1.is_none());
    assert!(fold_in(&split(-4), OpKind::ShapeSplitAt).1.is_none());
    let div = "  %a = arith.constant 7 : index\n  %b = arith.constant 0 : index\n  %r = shape.div %a, %b : index, index -> index";
    assert_eq!(folded_int(div, OpKind::ShapeDiv), None);
    let div = "  %a = arith.constant -7 : index\n  %b = arith.constant 2 : index\n  %r = shape.div %a, %b : index, index -> index";
    assert_eq!(folded_int(div, OpKind::ShapeDiv), Some(-4));
    let min = format!("  %a = arith.constant {} : index\n  %b = arith.constant -1 : index\n  %r = shape.div %a, %b : index, index -> index", i64::MIN);
    assert_eq!(folded_int(&min, OpKind::ShapeDiv), Some(i64::MIN as i128));
}

#[test]
fn memref_rank_and_sizes_fold_from_types_and_allocations() {
    let alloc = "  %m = memref.alloc(%i) : memref<4x?xf32>\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c7 = arith.constant 7 : index";
    let rank = format!("{alloc}\n  %r = memref.rank %m : memref<4x?xf32>");
    assert_eq!(folded_int(&rank, OpKind::MemrefRank), Some(2));
    let dim = format!("{alloc}\n  %d = memref.dim %m, %c0 : memref<4x?xf32>");
    assert_eq!(folded_int(&dim, OpKind::MemrefDim), Some(4));
    // The dynamic size the allocation was given.
    let dim = format!("{alloc}\n  %d = memref.dim %m, %c1 : memref<4x?xf32>");
    assert!(matches!(
        fold_in(&dim, OpKind::MemrefDim).1,
        Some(Folded::Results(r)) if matches!(r.as_slice(), [FoldResult::Value(_)])
    ));
    // Out of range: undefined, left alone.
    let dim = format!("{alloc}\n  %d = memref.dim %m, %c7 : memref<4x?xf32>");
    assert_eq!(fold_in(&dim, OpKind::MemrefDim).1, None);
}

#[test]
fn memref_casts_fold_only_into_casts_that_verify() {
    let body = "  %m = memref.alloc() : memref<4xf32>
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<5xf32>";
    assert_eq!(fold_in(body, OpKind::MemrefCast).1, None);
    let body = "  %m = memref.alloc() : memref<4xf32>
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<4xf32>";
    assert_eq!(fold_in(body, OpKind::MemrefCast).1, Some(Folded::InPlace));
}

/// Parse `text` (a module), find the first op of kind `kind` and apply its
/// canonicalization patterns once; whether one applied, and the module
/// printed after.
fn rewrite_in(text: &str, kind: OpKind) -> (bool, String) {
    let (mut ctx, m) = parse(text);
    let op = op_of_kind(&ctx, m, kind, false);
    let applied = crate::apply_patterns(&mut crate::Rewriter::new(&mut ctx), op);
    (applied, ir::printer::print_op(&ctx, m, Default::default()))
}

/// [`rewrite_in`] that must apply a pattern: the module printed after is
/// compared with `expected`.
fn check_rewrite(input: &str, kind: OpKind, expected: Expect) {
    let applies = |ctx: &mut Context, m| {
        let op = op_of_kind(ctx, m, kind, false);
        let applied = crate::apply_patterns(&mut crate::Rewriter::new(ctx), op);
        assert!(applied, "no pattern of {kind} applied");
    };
    check(input, applies, expected);
}

/// The `scf.for` of a function whose body is `body`, and its trip count.
fn trips(body: &str) -> Option<u128> {
    let text = format!("func.func @f(%x: index) {{\n{body}\n  return\n}}\n");
    let (ctx, m) = parse(&text);
    crate::scf::trip_count(&ctx, op_of_kind(&ctx, m, OpKind::ScfFor, true))
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
    let input = r#"
func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}
"#;
    check_rewrite(
        input,
        OpKind::CfCondBr,
        expect![[r#"
        module {
          func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
            %0 = arith.select %arg0, %arg1, %arg2 : i32
            cf.br ^bb1(%0 : i32)
          ^bb1(%1: i32):  // pred: ^bb0
            return %1 : i32
          }
        }
    "#]],
    );
}

#[test]
fn branches_through_a_cycle_are_left_alone() {
    let text = r#"
func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
}
"#;
    let (applied, _) = rewrite_in(text, OpKind::CfBr);
    assert!(!applied);
}

#[test]
fn select_of_an_equality_with_its_operands_folds() {
    let body = "  %c = arith.constant 1 : i32\n  %e = arith.cmpi eq, %x, %c : i32\n  %r = arith.select %e, %c, %x : i32";
    let (_, f) = fold_in(body, OpKind::ArithSelect);
    assert!(
        matches!(f, Some(Folded::Results(ref r)) if matches!(r[0], FoldResult::Value(_))),
        "{f:?}"
    );
    // With another constant the select stays.
    let body = "  %c = arith.constant 1 : i32\n  %d = arith.constant 2 : i32\n  %e = arith.cmpi eq, %x, %c : i32\n  %r = arith.select %e, %d, %x : i32";
    assert_eq!(fold_in(body, OpKind::ArithSelect).1, None);
}

#[test]
fn a_constant_on_the_left_of_a_comparison_moves_right() {
    let body = "  %c = arith.constant 5 : i32\n  %r = arith.cmpi slt, %c, %x : i32";
    let (ctx, f) = fold_in(body, OpKind::ArithCmpi);
    assert_eq!(f, Some(Folded::InPlace));
    let cmp = (0..ctx.num_ops() as u32)
        .map(OpId)
        .find(|&o| ctx.kind(o) == OpKind::ArithCmpi)
        .expect("cmpi");
    assert_eq!(ctx.attr(cmp, "predicate").and_then(Attr::as_int), Some(4)); // sgt
}

#[test]
fn while_conditions_with_repeated_arguments_are_not_aligned() {
    // Only the duplicate inputs merge; the condition keeps its order.
    let input = r#"
func.func @f(%a: i32) -> (i32, i32) {
  %0:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %c = arith.cmpi eq, %x, %x : i32
    scf.condition(%c) %x, %x : i32, i32
  } do {
  ^bb0(%y: i32, %z: i32):
    %n = arith.addi %y, %z : i32
    scf.yield %n : i32
  }
  return %0#0, %0#1 : i32, i32
}
"#;
    check_rewrite(
        input,
        OpKind::ScfWhile,
        expect![[r#"
        module {
          func.func @f(%arg0: i32) -> (i32, i32) {
            %0:2 = scf.while (%arg1 = %arg0) : (i32) -> (i32, i32) {
              %1 = arith.cmpi eq, %arg1, %arg1 : i32
              scf.condition(%1) %arg1, %arg1 : i32, i32
            } do {
            ^bb0(%arg1: i32, %arg2: i32):
              %1 = arith.addi %arg1, %arg1 : i32
              scf.yield %1 : i32
            }
            return %0#0, %0#0 : i32, i32
          }
        }
    "#]],
    );
}

#[test]
fn constant_generate_extents_go_into_the_type() {
    // The body keeps its arguments and their uses; attributes go, as in MLIR.
    let input = r#"
func.func @f(%n: index, %v: index) -> tensor<?x?xindex> {
  %c3 = arith.constant 3 : index
  %g = tensor.generate %c3, %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %v : index
    tensor.yield %s : index
  } {w} : tensor<?x?xindex>
  return %g : tensor<?x?xindex>
}
"#;
    check_rewrite(
        input,
        OpKind::TensorGenerate,
        expect![[r#"
        module {
          func.func @f(%arg0: index, %arg1: index) -> tensor<?x?xindex> {
            %c3 = arith.constant 3 : index
            %generated = tensor.generate %arg0 {
            ^bb0(%arg2: index, %arg3: index):
              %0 = arith.addi %arg2, %arg1 : index
              tensor.yield %0 : index
            } : tensor<3x?xindex>
            %cast = tensor.cast %generated : tensor<3x?xindex> to tensor<?x?xindex>
            return %cast : tensor<?x?xindex>
          }
        }
    "#]],
    );
    // No constant, or only a negative one: nothing to do.
    for size in ["%n", "%c-1"] {
        let text = format!(
            r#"
func.func @f(%n: index) -> tensor<?xindex> {{
  %c-1 = arith.constant -1 : index
  %g = tensor.generate {size} {{
  ^bb0(%i: index):
    tensor.yield %i : index
  }} : tensor<?xindex>
  return %g : tensor<?xindex>
}}
"#
        );
        assert!(!rewrite_in(&text, OpKind::TensorGenerate).0, "{size}");
    }
}
