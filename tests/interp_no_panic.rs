//! Robustness of the interpreter: every function of every corpus file
//! (`tests/roundtrip`, `tests/upstream`, `tests/interp`, `examples`) runs on
//! a range of arguments that fit its parameters, edge values included (and
//! again with every tensor's elements given); none may panic, and every run
//! ends (events and an outcome, or an `InterpError`).

mod common;

use interp::Arg;
use ir::types::DYNAMIC;
use ir::{Context, OpId, TypeKind};

/// Extents and scalars the arguments are made of.
const SCALARS: [i64; 6] = [0, 1, 2, 7, -1, i64::MAX];

/// An argument of type `kind` built from `n`: shapes have dynamic extents
/// `n` and rank `n % 4` when unranked; scalars are `n`.
fn arg_for(kind: &TypeKind, n: i64) -> Arg {
    let extent = n.clamp(0, 7);
    match kind {
        TypeKind::RankedTensor { shape, .. } => Arg::Shape(
            shape
                .iter()
                .map(|&d| if d == DYNAMIC { extent } else { d })
                .collect(),
        ),
        TypeKind::UnrankedTensor { .. } | TypeKind::Shape | TypeKind::ValueShape => {
            Arg::Shape(vec![extent; (n.rem_euclid(4)) as usize])
        }
        _ => Arg::Scalar(n),
    }
}

/// `arg_for(kind, n)` with the elements of a tensor given, each `n` (as
/// `dense<...>`; a tensor of other elements than integers is a bad
/// argument, which must not panic either).
fn dense_for(kind: &TypeKind, n: i64) -> Arg {
    match arg_for(kind, n) {
        Arg::Shape(shape) if kind.is_tensor() => {
            let count = shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
            let count = count.unwrap_or(i64::MAX).clamp(0, 64) as usize;
            Arg::Dense {
                shape,
                elements: vec![n; count],
            }
        }
        other => other,
    }
}

/// The functions of `root`: `func.func` and `shape.func` with a body.
fn functions(ctx: &Context, root: OpId) -> Vec<(String, Vec<TypeKind>)> {
    let mut found = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        let name = ctx.attr(op, "sym_name").and_then(ir::Attr::as_str);
        let entry = ctx
            .op(op)
            .regions
            .first()
            .and_then(|&r| ctx.region(r).blocks.first().copied());
        if let (true, Some(name), Some(entry)) = (
            matches!(ctx.op_name(op), "func.func" | "shape.func"),
            name,
            entry,
        ) {
            let params = ctx.block(entry).args.iter();
            let kinds = params.map(|&a| ctx.type_kind(ctx.value_type(a)).clone());
            found.push((name.to_string(), kinds.collect()));
        }
    });
    found
}

#[test]
fn corpus_functions_never_panic() {
    let mut files = Vec::new();
    for dir in [
        "tests/roundtrip",
        "tests/upstream",
        "tests/interp",
        "examples",
    ] {
        files.extend(common::mlir_files(dir));
    }
    let options = syntax::ParseOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let limits = interp::Limits {
        steps: 20_000,
        elements: 4096,
        depth: 32,
        ..Default::default()
    };
    let (mut runs, mut evaluated) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for piece in text.split("// -----") {
            let mut ctx = Context::new();
            let (Some(root), _) =
                syntax::parse_source(&mut ctx, 0, "t", piece.as_bytes(), &options)
            else {
                continue;
            };
            for (name, params) in functions(&ctx, root) {
                for &n in &SCALARS {
                    for make in [arg_for, dense_for] {
                        let args: Vec<Arg> = params.iter().map(|k| make(k, n)).collect();
                        runs += 1;
                        let result = interp::trace_function_with_limits(
                            &ctx,
                            root,
                            &name,
                            &args,
                            limits.clone(),
                        );
                        evaluated += usize::from(result.is_ok());
                    }
                }
            }
        }
    }
    eprintln!("{runs} runs, {evaluated} evaluated");
    assert!(runs > 1000, "only {runs} runs");
    assert!(evaluated > 100, "only {evaluated} of {runs} runs evaluated");
}
