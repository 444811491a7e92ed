//! Verifier checks several dialects share: operand and result types, ODS
//! type constraints and their messages, reassociations, and the offsets,
//! sizes and strides of slice-like ops.

use super::tensor::{named_group, static_list};
use super::type_str;
use crate::attrs::Attr;
use crate::context::{Context, OpId};
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::verifier::{noted_at, unprefixed};
use crate::OpKind;

pub(crate) fn operand_type(ctx: &Context, op: OpId, i: usize) -> Result<Type, String> {
    ctx.operand(op, i)
        .map(|v| ctx.value_type(v))
        .ok_or_else(|| format!("requires operand #{i}"))
}

pub(crate) fn result_type(ctx: &Context, op: OpId) -> Result<Type, String> {
    ctx.result(op, 0)
        .map(|v| ctx.value_type(v))
        .ok_or_else(|| "requires one result".to_string())
}

/// ODS-style type constraint: `operand #0 must be ..., but got 'T'`.
pub(crate) fn constrain(
    ctx: &Context,
    t: Type,
    what: &str,
    ok: bool,
    description: &str,
) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{what} must be {description}, but got '{}'",
            type_str(ctx, t)
        ))
    }
}

pub(crate) fn all_index(ctx: &Context, op: OpId, from: usize) -> Result<(), String> {
    for (i, &v) in ctx.op(op).operands.iter().enumerate().skip(from) {
        let t = ctx.value_type(v);
        constrain(
            ctx,
            t,
            &format!("operand #{i}"),
            matches!(ctx.type_kind(t), TypeKind::Index),
            "variadic of index",
        )?;
    }
    Ok(())
}

/// Both shapes agree where both are static (unranked agrees with anything).
pub(crate) fn shapes_compatible(a: Option<&[i64]>, b: Option<&[i64]>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        _ => true,
    }
}

/// `reassociation` as groups of dimension indices.
pub(crate) fn reassociation(ctx: &Context, op: OpId) -> Result<Vec<Vec<i64>>, String> {
    let bad = || {
        "attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes"
            .to_string()
    };
    let groups = ctx
        .attr(op, "reassociation")
        .and_then(Attr::as_array)
        .ok_or_else(bad)?;
    groups
        .iter()
        .map(|g| {
            let items = match g {
                Attr::Array(items) => items
                    .iter()
                    .map(|a| a.as_int().map(|x| x as i64))
                    .collect::<Option<Vec<i64>>>(),
                other => other
                    .int_elements(0)
                    .map(|v| v.into_iter().map(|x| x as i64).collect()),
            };
            items.ok_or_else(bad)
        })
        .collect()
}

/// Offsets, sizes and strides checks of `OffsetSizeAndStrideOpInterface`.
/// The checks of MLIR's `OffsetSizeAndStrideOpInterface`: the
/// `static_offsets`, `static_sizes` and `static_strides` lists have
/// `max_ranks` entries (the offsets may be one entry where `max_ranks[0]`
/// is 1: `memref.reinterpret_cast`), as many dynamic entries as their
/// operand groups have values, and no negative static offset or size.
pub(crate) fn verify_offsets_sizes_strides(
    ctx: &Context,
    op: OpId,
    max_ranks: [usize; 3],
) -> Result<(), String> {
    let offsets = static_list(ctx, op, "static_offsets");
    let sizes = static_list(ctx, op, "static_sizes");
    let strides = static_list(ctx, op, "static_strides");
    if !(offsets.len() == 1 && max_ranks[0] == 1) && offsets.len() != sizes.len() {
        return Err(unprefixed(format_args!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            offsets.len(),
            sizes.len()
        )));
    }
    if sizes.len() != strides.len() {
        return Err(unprefixed(format_args!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            sizes.len(),
            strides.len()
        )));
    }
    for ((name, group_name, list), rank) in [
        ("offset", "offsets", &offsets),
        ("size", "sizes", &sizes),
        ("stride", "strides", &strides),
    ]
    .into_iter()
    .zip(max_ranks)
    {
        if list.len() != rank {
            return Err(unprefixed(format_args!(
                "expected {rank} {name} values, got {}",
                list.len()
            )));
        }
        let dynamic = list.iter().filter(|&&s| s == DYNAMIC).count();
        let values = named_group(ctx, op, group_name).len();
        if values != dynamic {
            return Err(unprefixed(format_args!(
                "expected the number of '{group_name}' to match the number of dynamic entries in 'static_{group_name}' ({values} vs {dynamic})"
            )));
        }
    }
    if let Some(o) = offsets.iter().find(|&&o| o < 0 && o != DYNAMIC) {
        return Err(unprefixed(format_args!(
            "expected offsets to be non-negative, but got {o}"
        )));
    }
    if let Some(s) = sizes.iter().find(|&&s| s < 0 && s != DYNAMIC) {
        return Err(unprefixed(format_args!(
            "expected sizes to be non-negative, but got {s}"
        )));
    }
    Ok(())
}

/// Static offsets/sizes/strides stay within `shape` (MLIR's
/// `verifyInBoundsSlice`).
pub(crate) fn check_in_bounds(ctx: &Context, op: OpId, shape: &[i64]) -> Result<(), String> {
    let offsets = static_list(ctx, op, "static_offsets");
    let sizes = static_list(ctx, op, "static_sizes");
    let strides = static_list(ctx, op, "static_strides");
    for (i, &dim) in shape.iter().enumerate() {
        let (Some(&o), Some(&s), Some(&st)) = (offsets.get(i), sizes.get(i), strides.get(i)) else {
            break;
        };
        if dim == DYNAMIC || o == DYNAMIC {
            continue;
        }
        if o >= dim {
            return Err(unprefixed(format_args!(
                "offset {i} is out-of-bounds: {o} >= {dim}"
            )));
        }
        if s == DYNAMIC || st == DYNAMIC {
            continue;
        }
        let last = o.saturating_add((s - 1).saturating_mul(st));
        if last >= dim {
            return Err(unprefixed(format_args!(
                "slice along dimension {i} runs out-of-bounds: {last} >= {dim}"
            )));
        }
    }
    Ok(())
}

/// `has N, expected M` for ops taking one index per dynamic dimension.
pub(crate) fn check_dynamic_sizes(shape: &[i64], given: usize) -> Result<(), String> {
    let expected = shape.iter().filter(|&&d| d == DYNAMIC).count();
    if given != expected {
        return Err(format!(
            "incorrect number of dynamic sizes, has {given}, expected {expected}"
        ));
    }
    Ok(())
}

/// `HasParent<name>`: the op sits directly in one of `parents`.
pub(crate) fn check_parent(ctx: &Context, op: OpId, parents: &[OpKind]) -> Result<(), String> {
    let parent = ctx.parent_op(op).map(|p| ctx.kind(p));
    if parent.is_some_and(|p| p != OpKind::Unregistered && parents.contains(&p)) {
        return Ok(());
    }
    Err(match parents {
        [one] => format!("expects parent op '{one}'"),
        many => {
            let names: Vec<String> = many.iter().map(ToString::to_string).collect();
            format!("expects parent op to be one of '{}'", names.join(", "))
        }
    })
}

/// `RegionBranchOpInterface`'s check of the edge from `terminator`, which
/// ends a region of `op`, to `op`'s results: as many values, of the same
/// types (MLIR's error notes the terminator, the region branch point).
pub(crate) fn check_edge_to_parent(
    ctx: &Context,
    op: OpId,
    terminator: OpId,
) -> Result<(), String> {
    let yielded = &ctx.op(terminator).operands;
    let results = &ctx.op(op).results;
    let edge = format!(
        "along control flow edge from Operation {} to parent",
        ctx.op_name(terminator)
    );
    let fail = |message: String| Err(noted_at(terminator, "region branch point", message));
    if yielded.len() != results.len() {
        return fail(format!(
            "{edge}: region branch point has {} operands, but region successor needs {} inputs",
            yielded.len(),
            results.len()
        ));
    }
    for (i, (&y, &r)) in yielded.iter().zip(results).enumerate() {
        let (yt, rt) = (ctx.value_type(y), ctx.value_type(r));
        if yt != rt {
            return fail(format!(
                "{edge}: successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                type_str(ctx, yt),
                type_str(ctx, rt)
            ));
        }
    }
    Ok(())
}
