//! `bufferization` dialect: the ops at the boundary between tensors and
//! buffers that bufferized shape IR carries, with MLIR 22's custom syntax
//! and verifiers.
//!
//! Modelled: `to_tensor` (with `restrict` and `writable`), `to_buffer`
//! (with `read_only`; MLIR 22's name of the former `to_memref`, which 22
//! no longer parses), `alloc_tensor`, `materialize_in_destination`,
//! `dealloc_tensor` and `clone`. The other ops of the dialect (`dealloc`)
//! are not modelled: in generic form, with `--allow-unregistered-dialect`,
//! they are kept as opaque ops.
//!
//! Effects are those of MLIR: `to_tensor` reads its buffer, `to_buffer` is
//! pure, `clone` allocates its result, `materialize_in_destination` may
//! write its destination; `alloc_tensor` and `dealloc_tensor` declare
//! none, so they may do anything.

use crate::attrs::Attr;
use crate::context::{Context, OpId};
use crate::dialect::checks::{
    check_dynamic_sizes, constrain, operand_type, result_type, shapes_compatible,
};
use crate::dialect::index;
use crate::op_def::{many, maybe, one, op, opt_attr, AttrKind, MemoryEffects, OpDef, TypeClass};
use crate::types::{Type, TypeKind};
use crate::verifier::{followed_by, unprefixed};
use crate::OpKind;

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::BufferizationAllocTensor)
            .summary("allocate buffer for a tensor")
            .operands([
                many("dynamic_sizes").fixed(index),
                maybe("copy").same_as("result"),
                maybe("size_hint").fixed(index),
            ])
            .results([one("result")])
            .attrs([opt_attr("memory_space", AttrKind::Any)])
            .format(
                "`(` $dynamic_sizes `)` (`copy` `(` $copy^ `)`)? \
                 (`size_hint` `` `=` `` $size_hint^)? attr-dict `:` type($result)",
            )
            .verify(verify_alloc_tensor),
        op(OpKind::BufferizationClone)
            .summary("clone the data in the input view into an implicitly defined output view")
            .operands([one("input")])
            .results([one("output")])
            .format("$input attr-dict `:` type($input) `to` type($output)")
            .memory(MemoryEffects::Allocates)
            .verify(verify_clone),
        op(OpKind::BufferizationDeallocTensor)
            .summary("release underlying storage format of given tensor")
            .operands([one("tensor").class(TypeClass::TensorLike)])
            .format("$tensor attr-dict `:` type($tensor)")
            .verify(verify_dealloc_tensor),
        op(OpKind::BufferizationMaterializeInDestination)
            .summary("copy a tensor")
            .operands([one("source"), one("dest")])
            .results([maybe("result")])
            .attrs([
                opt_attr("restrict", AttrKind::Unit),
                opt_attr("writable", AttrKind::Unit),
            ])
            .format(
                "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict \
                 `:` functional-type(operands, results)",
            )
            .memory(MemoryEffects::Writes)
            .verify(verify_materialize_in_destination),
        op(OpKind::BufferizationToBuffer)
            .summary("cast a tensor-like type to buffer-like type")
            .operands([one("tensor").class(TypeClass::TensorLike)])
            .results([one("buffer").class(TypeClass::BufferLike)])
            .attrs([opt_attr("read_only", AttrKind::Unit)])
            .format(
                "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)",
            )
            .pure()
            .verify(verify_to_buffer),
        op(OpKind::BufferizationToTensor)
            .summary("create a tensor-like type from a buffer-like type")
            .operands([one("buffer").class(TypeClass::BufferLike)])
            .results([one("result").class(TypeClass::TensorLike)])
            .attrs([
                opt_attr("restrict", AttrKind::Unit),
                opt_attr("writable", AttrKind::Unit),
            ])
            .format(
                "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` \
                 type($buffer) `to` type($result)",
            )
            .memory(MemoryEffects::Reads)
            .verify(verify_to_tensor),
    ]
}

fn is_buffer(ctx: &Context, t: Type) -> bool {
    TypeClass::BufferLike.contains(ctx.type_kind(t))
}

fn is_tensor(ctx: &Context, t: Type) -> bool {
    ctx.type_kind(t).is_tensor()
}

const TENSOR_LIKE: &str = "TensorLikeType instance";
const BUFFER_LIKE: &str = "BufferLikeType instance";

/// `to_tensor`/`to_buffer`: the tensor type has the buffer's shape (both
/// unranked, or the same sizes) and element type; layout and memory space
/// are the buffer's own.
fn tensor_matches_buffer(ctx: &Context, tensor: Type, buffer: Type) -> Result<(), String> {
    let (t, b) = (ctx.type_kind(tensor), ctx.type_kind(buffer));
    let mismatch = if t.shape() != b.shape() {
        "shapes do not match"
    } else if t.element_type() != b.element_type() {
        "element types do not match"
    } else {
        return Ok(());
    };
    Err(followed_by(
        mismatch,
        "failed to verify that specified tensor and buffer types match",
    ))
}

fn verify_to_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    let buffer = operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        buffer,
        "operand #0",
        is_buffer(ctx, buffer),
        BUFFER_LIKE,
    )?;
    let tensor = result_type(ctx, op)?;
    constrain(
        ctx,
        tensor,
        "result #0",
        is_tensor(ctx, tensor),
        TENSOR_LIKE,
    )?;
    tensor_matches_buffer(ctx, tensor, buffer)
}

fn verify_to_buffer(ctx: &Context, op: OpId) -> Result<(), String> {
    let tensor = operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        tensor,
        "operand #0",
        is_tensor(ctx, tensor),
        TENSOR_LIKE,
    )?;
    let buffer = result_type(ctx, op)?;
    constrain(
        ctx,
        buffer,
        "result #0",
        is_buffer(ctx, buffer),
        BUFFER_LIKE,
    )?;
    tensor_matches_buffer(ctx, tensor, buffer)
}

fn verify_alloc_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    let result = result_type(ctx, op)?;
    constrain(
        ctx,
        result,
        "result #0",
        is_tensor(ctx, result),
        "tensor of any type values",
    )?;
    if let Some(Attr::Int { value, .. }) = ctx.attr(op, "memory_space") {
        if *value < 0 {
            return Err("attribute 'memory_space' failed to satisfy constraint: 64-bit unsigned integer attribute".into());
        }
    }
    let def = ctx.op_def(op).ok_or("requires a definition")?;
    let sizes = def.operand_group(ctx, op, 0);
    let copy = def.operand_group(ctx, op, 1);
    let hint = def.operand_group(ctx, op, 2);
    for (i, &v) in ctx.op(op).operands.iter().enumerate() {
        let t = ctx.value_type(v);
        let size = sizes.contains(&v) || hint.contains(&v);
        let is_index = matches!(ctx.type_kind(t), TypeKind::Index);
        constrain(ctx, t, &format!("operand #{i}"), !size || is_index, "index")?;
    }
    if let Some(&c) = copy.first() {
        if ctx.value_type(c) != result {
            return Err(unprefixed("expected that `copy` and return type match"));
        }
        if !sizes.is_empty() {
            return Err(unprefixed("dynamic sizes not needed when copying a tensor"));
        }
        return Ok(());
    }
    match ctx.type_kind(result).shape() {
        Some(shape) => check_dynamic_sizes(shape, sizes.len()),
        None => Ok(()),
    }
}

fn verify_clone(ctx: &Context, op: OpId) -> Result<(), String> {
    let any = "ranked or unranked memref of any type values";
    let input = operand_type(ctx, op, 0)?;
    constrain(ctx, input, "operand #0", is_buffer(ctx, input), any)?;
    let output = result_type(ctx, op)?;
    constrain(ctx, output, "result #0", is_buffer(ctx, output), any)
}

fn verify_dealloc_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    let t = operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        t,
        "operand #0",
        is_tensor(ctx, t),
        "tensor of any type values",
    )
}

fn verify_materialize_in_destination(ctx: &Context, op: OpId) -> Result<(), String> {
    let source = operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        source,
        "operand #0",
        is_tensor(ctx, source),
        TENSOR_LIKE,
    )?;
    let dest = operand_type(ctx, op, 1)?;
    constrain(
        ctx,
        dest,
        "operand #1",
        is_tensor(ctx, dest) || is_buffer(ctx, dest),
        "tensor of any type values or ranked or unranked memref of any type values",
    )?;
    if ctx.type_kind(source).element_type() != ctx.type_kind(dest).element_type() {
        return Err("failed to verify that all of {source, dest} have same element type".into());
    }
    let results = &ctx.op(op).results;
    let to_memref = is_buffer(ctx, dest);
    if !to_memref {
        if results.len() != 1 {
            return Err("tensor 'dest' implies exactly one tensor result".into());
        }
        if results.first().map(|&r| ctx.value_type(r)) != Some(dest) {
            return Err("result and 'dest' types must match".into());
        }
    }
    if to_memref && !results.is_empty() {
        return Err("memref 'dest' implies zero results".into());
    }
    if ctx.attr(op, "restrict").is_some() && !to_memref {
        return Err("'restrict' is valid only for memref destinations".into());
    }
    if ctx.attr(op, "writable").is_some() != to_memref {
        return Err(
            "'writable' must be specified if and only if the destination is of memref type".into(),
        );
    }
    let (s, d) = (ctx.type_kind(source).shape(), ctx.type_kind(dest).shape());
    if s.is_some() != d.is_some() || !shapes_compatible(s, d) {
        return Err("source/destination shapes are incompatible".into());
    }
    Ok(())
}
