//! The built-in shape function library of the `tensor` dialect: for one
//! tensor op, the text of a stage-1 shape function written for exactly that
//! op — its rank, its static offsets, sizes, strides, padding and tiles,
//! and its operand list — which `reify-shape-library` parses and
//! instantiates like a function of a user's `shape.function_library`.
//!
//! A generator rather than a fixed library: the static parts of these ops
//! live in attributes (`static_low`, `static_offsets`, ...) and their rank
//! varies, which a `shape.function_library` function on `!shape.value_shape`
//! operands cannot see. The function written for an op takes one parameter
//! per operand, in order (`!shape.value_shape` for a tensor, `index` for an
//! index, the operand's own type for a scalar or for `tensor.reshape`'s
//! shape tensor), returns one `!shape.shape` (the op's result shape; `[]`
//! for `tensor.dim`), and states each condition under which MLIR leaves the
//! op undefined as a `shape.meet` with an `error` message (a requirement:
//! `arith.select %ok, 1, 0` met with `1`). The conditions are the
//! interpreter's (`interp`'s `tensor_ops.rs`), so the function fails exactly
//! where the op does:
//! - `tensor.dim`: `0 <= index < rank`;
//! - `tensor.cast`: the source has the result's rank and its static extents;
//! - `tensor.empty`, `tensor.splat`, `tensor.generate`: dynamic sizes
//!   non-negative;
//! - `tensor.pad`: padding non-negative (result: `low + extent + high`);
//! - `tensor.extract_slice`, `tensor.insert_slice`: per dimension,
//!   `offset >= 0`, `size >= 0`, `stride >= 1`, and a non-empty slice ends
//!   inside the dimension (`size - 1 <= (extent - offset - 1) / stride`,
//!   which cannot overflow); a rank-reducing slice drops the sizes that are
//!   a constant 1 the type lacks (as the interpreter does); `insert_slice`'s
//!   source has the slice's (reduced) sizes;
//! - `tensor.concat`: the inputs agree outside the concatenated dimension;
//! - `tensor.collapse_shape` (group products), `tensor.expand_shape` (output
//!   sizes non-negative, each group multiplies to its source dimension),
//!   `tensor.reshape` (new sizes non-negative, element counts equal);
//! - `tensor.pack` / `tensor.unpack`: tiles positive; without a padding
//!   value, each tile divides its dimension; the packed operand (`dest` of
//!   pack, `source` of unpack) has the packed shape: outer extents
//!   `ceildiv(extent, tile)`, permuted by `outer_dims_perm`, then the tiles;
//! - every op: a static result extent equals the computed one.
//!
//! Values known when the function is written (static attributes, type
//! extents, operands defined by `arith.constant`) are folded as it is
//! written: a condition known to hold is not stated, one known to fail is
//! stated as a meet of two different constants (so `infer-shapes` rejects
//! it), and an op whose function would state nothing and compute a
//! constant shape gets none (`tensor.dim` of an in-range constant,
//! `tensor.from_elements`, `tensor.rank`, slices of static tensors, ...).
//!
//! Precondition: the op verifies. Guarantee: the function fails exactly on
//! the operands on which the op is undefined (up to `index` arithmetic
//! wrapping on extents near `i64::MAX`, where products and sums wrap as
//! `arith` does) and otherwise returns the op's result shape.
//!
//! Declines (no function, the op is left alone): ops not listed above,
//! unranked operands where the op needs a rank (all but `tensor.cast` and
//! `tensor.dim`), `tensor.reshape` to an unranked result, attributes the
//! verifier would have rejected.
//!
//! ```mlir
//! %p = tensor.pad %x low[%l, 0] high[2, 0] { ... } : tensor<?x4xf32> to tensor<?x4xf32>
//! // gets
//! func.func @pad(%arg0: !shape.value_shape, %arg1: index) -> !shape.shape {
//!   %0 = arith.constant 0 : index
//!   %1 = arith.cmpi sge, %arg1, %0 : index
//!   %2 = arith.constant 1 : index
//!   %3 = arith.select %1, %2, %0 : index
//!   %4 = shape.meet %3, %2, error = "tensor.pad: the padding of dimension 0 must be non-negative" : index, index -> index
//!   %5 = shape.shape_of %arg0 : !shape.value_shape -> !shape.shape
//!   ...
//! }
//! ```

use crate::monadic::reify_shape_library::type_text;
use ir::types::DYNAMIC;
use ir::{Attr, Context, OpId, OpKind, TypeKind};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// An `index` value of the function being written: known now, or an SSA
/// name of it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Index {
    Known(i64),
    Ssa(String),
}

/// An `i1` value of the function being written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    Known(bool),
    Ssa(String),
}

/// The shape function of `op`, as the text of a `func.func` named after the
/// op (`@pad` for `tensor.pad`), or `None` when the op gets none (see the
/// module doc).
pub fn shape_function(ctx: &Context, op: OpId) -> Option<String> {
    let mut w = Writer::new(ctx, op);
    let extents = match ctx.kind(op) {
        OpKind::TensorDim => w.dim(),
        OpKind::TensorCast => w.cast(),
        OpKind::TensorEmpty | OpKind::TensorGenerate => w.sized(0),
        OpKind::TensorSplat => w.sized(1),
        OpKind::TensorPad => w.pad(),
        OpKind::TensorExtractSlice => w.extract_slice(),
        OpKind::TensorInsertSlice => w.insert_slice(),
        OpKind::TensorConcat => w.concat(),
        OpKind::TensorCollapseShape => w.collapse_shape(),
        OpKind::TensorExpandShape => w.expand_shape(),
        OpKind::TensorReshape => w.reshape(),
        OpKind::TensorPack => w.pack(),
        OpKind::TensorUnpack => w.unpack(),
        _ => None,
    }?;
    w.finish(extents)
}

/// How `tensor.pack` tiles a tensor (`tensor.unpack` untiles it).
struct Packing {
    /// The packed shape: outer extents (rounded up), permuted, then tiles.
    shape: Vec<Index>,
    /// Per tile, the dimension it tiles and whether it divides it.
    divides: Vec<(usize, Cond)>,
}

/// Writes one shape function, folding what is known.
struct Writer<'c> {
    ctx: &'c Context,
    op: OpId,
    /// The op's name without the dialect (`pad`).
    short: &'c str,
    body: String,
    next: usize,
    constants: FxHashMap<i64, String>,
    /// The `!shape.shape` of each tensor operand read so far.
    shapes: FxHashMap<usize, String>,
    /// The extents (operand, dimension) read so far.
    read_extents: FxHashMap<(usize, usize), Index>,
    requirements: usize,
}

impl<'c> Writer<'c> {
    fn new(ctx: &'c Context, op: OpId) -> Self {
        let name = ctx.op_name(op);
        Writer {
            ctx,
            op,
            short: name.strip_prefix("tensor.").unwrap_or(name),
            body: String::new(),
            next: 0,
            constants: FxHashMap::default(),
            shapes: FxHashMap::default(),
            read_extents: FxHashMap::default(),
            requirements: 0,
        }
    }

    // ------------------------------------------------------------ emitting

    /// `%n = <rhs>`: a fresh name for `rhs`.
    fn emit(&mut self, rhs: &str) -> String {
        let name = format!("%{}", self.next);
        self.next += 1;
        let _ = writeln!(self.body, "    {name} = {rhs}");
        name
    }

    /// The SSA name of `value`, materializing a known one as a constant.
    fn name(&mut self, value: &Index) -> String {
        match value {
            Index::Ssa(name) => name.clone(),
            Index::Known(v) => match self.constants.get(v) {
                Some(name) => name.clone(),
                None => {
                    let name = self.emit(&format!("arith.constant {v} : index"));
                    self.constants.insert(*v, name.clone());
                    name
                }
            },
        }
    }

    /// `arith.<op> a, b : index`, folded by `fold` when both are known and
    /// it does not overflow.
    fn arith(
        &mut self,
        op: &str,
        a: &Index,
        b: &Index,
        fold: fn(i64, i64) -> Option<i64>,
    ) -> Index {
        if let (Index::Known(x), Index::Known(y)) = (a, b) {
            if let Some(v) = fold(*x, *y) {
                return Index::Known(v);
            }
        }
        let (x, y) = (self.name(a), self.name(b));
        Index::Ssa(self.emit(&format!("arith.{op} {x}, {y} : index")))
    }

    fn add(&mut self, a: &Index, b: &Index) -> Index {
        match (a, b) {
            (Index::Known(0), x) | (x, Index::Known(0)) => x.clone(),
            _ => self.arith("addi", a, b, i64::checked_add),
        }
    }

    fn sub(&mut self, a: &Index, b: &Index) -> Index {
        match b {
            Index::Known(0) => a.clone(),
            _ => self.arith("subi", a, b, i64::checked_sub),
        }
    }

    fn mul(&mut self, a: &Index, b: &Index) -> Index {
        match (a, b) {
            (Index::Known(1), x) | (x, Index::Known(1)) => x.clone(),
            _ => self.arith("muli", a, b, i64::checked_mul),
        }
    }

    fn product(&mut self, values: &[Index]) -> Index {
        values
            .iter()
            .fold(Index::Known(1), |acc, v| self.mul(&acc, v))
    }

    /// `a / max(b, 1)` (truncating), defined for every `b`.
    fn div_by_positive(&mut self, a: &Index, b: &Index) -> Index {
        match self.arith("maxsi", b, &Index::Known(1), |x, y| Some(x.max(y))) {
            Index::Known(1) => a.clone(),
            divisor => self.arith("divsi", a, &divisor, i64::checked_div),
        }
    }

    /// `a % max(b, 1)`, defined for every `b`.
    fn rem_by_positive(&mut self, a: &Index, b: &Index) -> Index {
        let divisor = self.arith("maxsi", b, &Index::Known(1), |x, y| Some(x.max(y)));
        self.arith("remsi", a, &divisor, i64::checked_rem)
    }

    /// `ceildiv(a, max(b, 1))` for `a >= 0`, as `(a + b - 1) / b`.
    fn ceil_div_by_positive(&mut self, a: &Index, b: &Index) -> Index {
        let divisor = self.arith("maxsi", b, &Index::Known(1), |x, y| Some(x.max(y)));
        let last = self.sub(&divisor, &Index::Known(1));
        let rounded_up = self.add(a, &last);
        self.arith("divsi", &rounded_up, &divisor, i64::checked_div)
    }

    /// `arith.cmpi <predicate>, a, b`, folded by `holds` when both are known.
    fn compare(
        &mut self,
        predicate: &str,
        a: &Index,
        b: &Index,
        holds: fn(&i64, &i64) -> bool,
    ) -> Cond {
        if let (Index::Known(x), Index::Known(y)) = (a, b) {
            return Cond::Known(holds(x, y));
        }
        let (x, y) = (self.name(a), self.name(b));
        Cond::Ssa(self.emit(&format!("arith.cmpi {predicate}, {x}, {y} : index")))
    }

    fn eq(&mut self, a: &Index, b: &Index) -> Cond {
        self.compare("eq", a, b, i64::eq)
    }

    fn le(&mut self, a: &Index, b: &Index) -> Cond {
        self.compare("sle", a, b, i64::le)
    }

    fn lt(&mut self, a: &Index, b: &Index) -> Cond {
        self.compare("slt", a, b, i64::lt)
    }

    fn non_negative(&mut self, a: &Index) -> Cond {
        self.le(&Index::Known(0), a)
    }

    /// `a && b` (`and`) or `a || b` (not `and`), folded when one is known.
    fn logic(&mut self, and: bool, a: Cond, b: Cond) -> Cond {
        match (a, b) {
            (Cond::Known(x), other) | (other, Cond::Known(x)) => match x == and {
                true => other,
                false => Cond::Known(x),
            },
            (Cond::Ssa(x), Cond::Ssa(y)) => {
                let op = if and { "andi" } else { "ori" };
                Cond::Ssa(self.emit(&format!("arith.{op} {x}, {y} : i1")))
            }
        }
    }

    fn all(&mut self, conds: Vec<Cond>) -> Cond {
        conds
            .into_iter()
            .fold(Cond::Known(true), |acc, c| self.logic(true, acc, c))
    }

    /// State `cond` as a requirement with `message` (after the op's name).
    fn require(&mut self, cond: Cond, message: &str) {
        if cond == Cond::Known(true) {
            return;
        }
        let one = self.name(&Index::Known(1));
        let indicator = match cond {
            Cond::Known(_) => self.name(&Index::Known(0)),
            Cond::Ssa(c) => {
                let zero = self.name(&Index::Known(0));
                self.emit(&format!("arith.select {c}, {one}, {zero} : index"))
            }
        };
        let op_name = self.ctx.op_name(self.op);
        self.emit(&format!(
            "shape.meet {indicator}, {one}, error = \"{op_name}: {message}\" : index, index -> index"
        ));
        self.requirements += 1;
    }

    // ------------------------------------------------------------ operands

    fn operand_kind(&self, operand: usize) -> Option<&'c TypeKind> {
        let v = *self.ctx.op(self.op).operands.get(operand)?;
        Some(self.ctx.type_kind(self.ctx.value_type(v)))
    }

    /// The static extents of tensor operand `operand`, when ranked.
    fn dims(&self, operand: usize) -> Option<&'c [i64]> {
        self.operand_kind(operand)?.shape()
    }

    /// The static extents of result 0, when ranked.
    fn result_dims(&self) -> Option<&'c [i64]> {
        let r = self.ctx.result(self.op, 0)?;
        self.ctx.type_kind(self.ctx.value_type(r)).shape()
    }

    /// The operand positions of operand group `group`.
    fn group(&self, group: usize) -> Option<std::ops::Range<usize>> {
        let def = self.ctx.op_def(self.op)?;
        let len = |g| def.operand_group(self.ctx, self.op, g).len();
        let start = (0..group).map(len).sum::<usize>();
        Some(start..start + len(group))
    }

    /// The `index` operand `operand`: known when an `arith.constant`.
    fn index_operand(&self, operand: usize) -> Index {
        let v = self.ctx.op(self.op).operands.get(operand).copied();
        let known = v.and_then(|v| fold::constant_value(self.ctx, v)?.as_int());
        match known.and_then(|k| i64::try_from(k).ok()) {
            Some(k) => Index::Known(k),
            None => Index::Ssa(format!("%arg{operand}")),
        }
    }

    /// The static values of attribute `attr`, the dynamic ones (`DYNAMIC`)
    /// taken in order from operand group `group`.
    fn mixed(&self, attr: &str, group: usize) -> Option<Vec<Index>> {
        let statics = self.int_list(attr)?;
        let mut dynamic = self.group(group)?;
        let values = statics.into_iter().map(|s| match s {
            DYNAMIC => dynamic.next().map(|o| self.index_operand(o)),
            s => Some(Index::Known(s)),
        });
        let values = values.collect::<Option<Vec<_>>>()?;
        dynamic.next().is_none().then_some(values)
    }

    /// An `array<i64: ...>` attribute.
    fn int_list(&self, attr: &str) -> Option<Vec<i64>> {
        let values = self.ctx.attr(self.op, attr)?.int_elements(0)?;
        values.into_iter().map(|v| i64::try_from(v).ok()).collect()
    }

    /// Positions held by attribute `attr` (empty when absent), each below
    /// `bound`.
    fn positions(&self, attr: &str, bound: usize) -> Option<Vec<usize>> {
        let Some(list) = self.ctx.attr(self.op, attr) else {
            return Some(Vec::new());
        };
        let values = list.int_elements(0)?;
        values
            .into_iter()
            .map(|v| usize::try_from(v).ok().filter(|&p| p < bound))
            .collect()
    }

    /// The `!shape.shape` of tensor operand `operand`.
    fn shape_of(&mut self, operand: usize) -> String {
        if let Some(s) = self.shapes.get(&operand) {
            return s.clone();
        }
        let s = self.emit(&format!(
            "shape.shape_of %arg{operand} : !shape.value_shape -> !shape.shape"
        ));
        self.shapes.insert(operand, s.clone());
        s
    }

    /// Extent `dim` of tensor operand `operand`: known when static.
    fn extent(&mut self, operand: usize, dim: usize) -> Index {
        if let Some(&d) = self.dims(operand).and_then(|dims| dims.get(dim)) {
            if d != DYNAMIC {
                return Index::Known(d);
            }
        }
        if let Some(known) = self.read_extents.get(&(operand, dim)) {
            return known.clone();
        }
        let shape = self.shape_of(operand);
        let index = self.name(&Index::Known(dim as i64));
        let size = self.emit(&format!(
            "shape.get_extent {shape}, {index} : !shape.shape, index -> !shape.size"
        ));
        let extent = Index::Ssa(self.emit(&format!("shape.size_to_index {size} : !shape.size")));
        self.read_extents.insert((operand, dim), extent.clone());
        extent
    }

    /// The extents of ranked tensor operand `operand`.
    fn extents(&mut self, operand: usize) -> Option<Vec<Index>> {
        let rank = self.dims(operand)?.len();
        Some((0..rank).map(|d| self.extent(operand, d)).collect())
    }

    /// The rank of tensor operand `operand`.
    fn rank(&mut self, operand: usize) -> Index {
        if let Some(dims) = self.dims(operand) {
            return Index::Known(dims.len() as i64);
        }
        let shape = self.shape_of(operand);
        let rank = self.emit(&format!("shape.rank {shape} : !shape.shape -> !shape.size"));
        Index::Ssa(self.emit(&format!("shape.size_to_index {rank} : !shape.size")))
    }

    // ------------------------------------------------------------ the ops

    /// `tensor.dim`: the index is in range; the result is a scalar.
    fn dim(&mut self) -> Option<Vec<Index>> {
        let index = self.index_operand(1);
        let rank = self.rank(0);
        let from_zero = self.non_negative(&index);
        let below_rank = self.lt(&index, &rank);
        let in_range = self.logic(true, from_zero, below_rank);
        self.require(
            in_range,
            "the index must be non-negative and less than the rank of the source",
        );
        Some(Vec::new())
    }

    /// `tensor.cast`: the source's extents, of the result's rank.
    fn cast(&mut self) -> Option<Vec<Index>> {
        let rank = self.result_dims()?.len();
        if self.dims(0).is_none() {
            let source_rank = self.rank(0);
            let same = self.eq(&source_rank, &Index::Known(rank as i64));
            self.require(same, &format!("the source must have rank {rank}"));
        }
        Some((0..rank).map(|d| self.extent(0, d)).collect())
    }

    /// `tensor.empty`, `tensor.generate`, `tensor.splat`: the result type's
    /// extents, its dynamic ones from operand group `group`, non-negative.
    fn sized(&mut self, group: usize) -> Option<Vec<Index>> {
        let mut dynamic = self.group(group)?;
        let mut extents = Vec::new();
        for (d, &s) in self.result_dims()?.iter().enumerate() {
            let extent = match s {
                DYNAMIC => self.index_operand(dynamic.next()?),
                s => Index::Known(s),
            };
            let ok = self.non_negative(&extent);
            self.require(
                ok,
                &format!("the size of dimension {d} must be non-negative"),
            );
            extents.push(extent);
        }
        Some(extents)
    }

    /// `tensor.pad`: `low + extent + high`, padding non-negative.
    fn pad(&mut self) -> Option<Vec<Index>> {
        let low = self.mixed("static_low", 1)?;
        let high = self.mixed("static_high", 2)?;
        let source = self.extents(0)?;
        if low.len() != source.len() || high.len() != source.len() {
            return None;
        }
        let mut extents = Vec::new();
        for (d, ((l, h), e)) in low.iter().zip(&high).zip(&source).enumerate() {
            let (l_ok, h_ok) = (self.non_negative(l), self.non_negative(h));
            let ok = self.logic(true, l_ok, h_ok);
            self.require(
                ok,
                &format!("the padding of dimension {d} must be non-negative"),
            );
            let padded = self.add(l, e);
            extents.push(self.add(&padded, h));
        }
        Some(extents)
    }

    /// The sizes of the slice of `extents` with offsets, sizes and strides
    /// from operand groups `first_group..first_group + 3`, stating that it
    /// lies within them (of the operand called `what`).
    fn slice(&mut self, extents: &[Index], first_group: usize, what: &str) -> Option<Vec<Index>> {
        let offsets = self.mixed("static_offsets", first_group)?;
        let sizes = self.mixed("static_sizes", first_group + 1)?;
        let strides = self.mixed("static_strides", first_group + 2)?;
        if [offsets.len(), sizes.len(), strides.len()] != [extents.len(); 3] {
            return None;
        }
        for (d, extent) in extents.iter().enumerate() {
            let (offset, size, stride) = (&offsets[d], &sizes[d], &strides[d]);
            let offset_ok = self.non_negative(offset);
            let size_ok = self.non_negative(size);
            let stride_ok = self.le(&Index::Known(1), stride);
            let empty = self.eq(size, &Index::Known(0));
            let starts_inside = self.lt(offset, extent);
            let room = self.sub(extent, offset);
            let room = self.sub(&room, &Index::Known(1));
            let steps_left = self.div_by_positive(&room, stride);
            let steps = self.sub(size, &Index::Known(1));
            let ends_inside = self.le(&steps, &steps_left);
            let inside = self.logic(true, starts_inside, ends_inside);
            let fits = self.logic(false, empty, inside);
            let ok = self.all(vec![offset_ok, size_ok, stride_ok, fits]);
            self.require(
                ok,
                &format!(
                    "the slice must lie within dimension {d} of the {what} (offset >= 0, size >= 0, stride >= 1, offset + (size - 1) * stride < extent)"
                ),
            );
        }
        Some(sizes)
    }

    /// `tensor.extract_slice`: the slice's sizes, less the dropped units.
    fn extract_slice(&mut self) -> Option<Vec<Index>> {
        let source = self.extents(0)?;
        let sizes = self.slice(&source, 1, "source")?;
        Some(rank_reduced(sizes, self.result_dims()?))
    }

    /// `tensor.insert_slice`: the destination's extents; the source has
    /// the slice's sizes, less the dropped units.
    fn insert_slice(&mut self) -> Option<Vec<Index>> {
        let dest = self.extents(1)?;
        let sizes = self.slice(&dest, 2, "destination")?;
        let expected = rank_reduced(sizes, self.dims(0)?);
        let source = self.extents(0)?;
        if expected.len() != source.len() {
            return None;
        }
        for (d, (s, e)) in source.iter().zip(&expected).enumerate() {
            let same = self.eq(s, e);
            self.require(
                same,
                &format!("dimension {d} of the source must be the size of the slice it fills"),
            );
        }
        Some(dest)
    }

    /// `tensor.concat`: the inputs agree but along `dim`, where they add up.
    fn concat(&mut self) -> Option<Vec<Index>> {
        let along = usize::try_from(self.ctx.attr(self.op, "dim")?.as_int()?).ok()?;
        let count = self.ctx.op(self.op).operands.len();
        let inputs = (0..count)
            .map(|i| self.extents(i))
            .collect::<Option<Vec<_>>>()?;
        let first = inputs.first()?.clone();
        if along >= first.len() || inputs.iter().any(|e| e.len() != first.len()) {
            return None;
        }
        let mut extents = Vec::new();
        for d in 0..first.len() {
            let column: Vec<Index> = inputs.iter().map(|e| e[d].clone()).collect();
            if d == along {
                let sum = column
                    .iter()
                    .fold(Index::Known(0), |acc, e| self.add(&acc, e));
                extents.push(sum);
                continue;
            }
            for (i, e) in column.iter().enumerate().skip(1) {
                let same = self.eq(e, &column[0]);
                self.require(
                    same,
                    &format!("dimension {d} of input {i} must equal dimension {d} of input 0"),
                );
            }
            let known = column.iter().find(|e| matches!(e, Index::Known(_)));
            extents.push(known.unwrap_or(&column[0]).clone());
        }
        Some(extents)
    }

    /// The reassociation groups of a collapse or expand, each position
    /// below `bound`.
    fn reassociation(&self, bound: usize) -> Option<Vec<Vec<usize>>> {
        let groups = self.ctx.attr(self.op, "reassociation")?.as_array()?;
        let position = |a: &Attr| usize::try_from(a.as_int()?).ok().filter(|&p| p < bound);
        groups
            .iter()
            .map(|g| g.as_array()?.iter().map(position).collect())
            .collect()
    }

    /// `tensor.collapse_shape`: each group's product; a collapse to rank 0
    /// needs one element.
    fn collapse_shape(&mut self) -> Option<Vec<Index>> {
        let source = self.extents(0)?;
        let groups = self.reassociation(source.len())?;
        if groups.is_empty() {
            let count = self.product(&source);
            let one = self.eq(&count, &Index::Known(1));
            self.require(
                one,
                "the source must hold one element to collapse to rank 0",
            );
        }
        let products = groups.iter().map(|g| {
            let members: Vec<Index> = g.iter().map(|&d| source[d].clone()).collect();
            self.product(&members)
        });
        Some(products.collect())
    }

    /// `tensor.expand_shape`: the output sizes, non-negative, each group
    /// multiplying to its source dimension.
    fn expand_shape(&mut self) -> Option<Vec<Index>> {
        let output = self.mixed("static_output_shape", 1)?;
        let source = self.extents(0)?;
        let groups = self.reassociation(output.len())?;
        if groups.len() != source.len() {
            return None;
        }
        for (d, size) in output.iter().enumerate() {
            let ok = self.non_negative(size);
            self.require(ok, &format!("output size {d} must be non-negative"));
        }
        for (g, (group, extent)) in groups.iter().zip(&source).enumerate() {
            let members: Vec<Index> = group.iter().map(|&d| output[d].clone()).collect();
            let product = self.product(&members);
            let same = self.eq(&product, extent);
            self.require(
                same,
                &format!(
                    "the output sizes of group {g} must multiply to dimension {g} of the source"
                ),
            );
        }
        Some(output)
    }

    /// `tensor.reshape`: the elements of the shape operand, non-negative,
    /// with as many elements as the source.
    fn reshape(&mut self) -> Option<Vec<Index>> {
        let kind = self.operand_kind(1)?;
        let &[length] = kind.shape()? else {
            return None;
        };
        let element = kind.element_type().map(|t| self.ctx.type_kind(t))?;
        let element_text = match element {
            TypeKind::Index => None,
            TypeKind::Integer { .. } => Some(type_text(self.ctx, kind.element_type()?)),
            _ => return None,
        };
        let source = self.extents(0)?;
        let shape_type = self.param_type(1);
        let mut sizes = Vec::new();
        for d in 0..usize::try_from(length).ok()? {
            let at = self.name(&Index::Known(d as i64));
            let read = self.emit(&format!("tensor.extract %arg1[{at}] : {shape_type}"));
            let size = match &element_text {
                None => read,
                Some(ty) => self.emit(&format!("arith.index_cast {read} : {ty} to index")),
            };
            let size = Index::Ssa(size);
            let ok = self.non_negative(&size);
            self.require(
                ok,
                &format!("size {d} of the new shape must be non-negative"),
            );
            sizes.push(size);
        }
        let (old, new) = (self.product(&source), self.product(&sizes));
        let same = self.eq(&old, &new);
        self.require(
            same,
            "the new shape must hold as many elements as the source",
        );
        Some(sizes)
    }

    /// The packing of the tensor operand `unpacked` by the tiles of operand
    /// group `tiles_group`, stating that they are positive.
    fn packed(&mut self, unpacked: usize, tiles_group: usize) -> Option<Packing> {
        let extents = self.extents(unpacked)?;
        let rank = extents.len();
        let tiles = self.mixed("static_inner_tiles", tiles_group)?;
        let inner = self.positions("inner_dims_pos", rank)?;
        let perm = self.positions("outer_dims_perm", rank)?;
        if tiles.len() != inner.len() || !(perm.is_empty() || perm.len() == rank) {
            return None;
        }
        let mut outer = extents;
        let mut divides = Vec::new();
        for (j, (&d, tile)) in inner.iter().zip(&tiles).enumerate() {
            let positive = self.le(&Index::Known(1), tile);
            self.require(positive, &format!("inner tile {j} must be positive"));
            let left = self.rem_by_positive(&outer[d], tile);
            let divisible = self.eq(&left, &Index::Known(0));
            divides.push((d, divisible));
            outer[d] = self.ceil_div_by_positive(&outer[d], tile);
        }
        let mut packed = match perm.is_empty() {
            true => outer,
            false => perm.iter().map(|&p| outer[p].clone()).collect(),
        };
        packed.extend(tiles);
        Some(Packing {
            shape: packed,
            divides,
        })
    }

    /// State that tensor operand `operand` has shape `expected`.
    fn require_shape(&mut self, operand: usize, expected: &[Index], what: &str) -> Option<()> {
        let actual = self.extents(operand)?;
        if actual.len() != expected.len() {
            return None;
        }
        for (d, (a, e)) in actual.iter().zip(expected).enumerate() {
            let same = self.eq(a, e);
            self.require(
                same,
                &format!("dimension {d} of the {what} must be the packed extent"),
            );
        }
        Some(())
    }

    /// `tensor.pack`: the destination, of the packed shape of the source;
    /// without a padding value the tiles divide their dimensions.
    fn pack(&mut self) -> Option<Vec<Index>> {
        let packing = self.packed(0, 3)?;
        if self.group(2)?.is_empty() {
            for (j, (d, ok)) in packing.divides.into_iter().enumerate() {
                self.require(
                    ok,
                    &format!("without a padding value, inner tile {j} must divide dimension {d} of the source"),
                );
            }
        }
        self.require_shape(1, &packing.shape, "destination")?;
        self.extents(1)
    }

    /// `tensor.unpack`: the destination, whose packed shape the source has.
    fn unpack(&mut self) -> Option<Vec<Index>> {
        let packing = self.packed(1, 2)?;
        self.require_shape(0, &packing.shape, "source")?;
        self.extents(1)
    }

    // ------------------------------------------------------------ the text

    /// The function returning `extents` (checked against the result type),
    /// or `None` when it states nothing and returns a constant.
    fn finish(mut self, extents: Vec<Index>) -> Option<String> {
        let extents = match self.result_dims() {
            Some(dims) => {
                if dims.len() != extents.len() {
                    return None;
                }
                let mut checked = Vec::new();
                for (d, (&s, e)) in dims.iter().zip(extents).enumerate() {
                    if s == DYNAMIC {
                        checked.push(e);
                        continue;
                    }
                    let same = self.eq(&e, &Index::Known(s));
                    self.require(
                        same,
                        &format!("dimension {d} of the result is {s} in its type, but the operands make it another extent"),
                    );
                    checked.push(Index::Known(s));
                }
                checked
            }
            _ => extents,
        };
        let constant: Option<Vec<i64>> = extents
            .iter()
            .map(|e| match e {
                Index::Known(k) => Some(*k),
                Index::Ssa(_) => None,
            })
            .collect();
        if self.requirements == 0 && constant.is_some() {
            return None;
        }
        let result = match constant {
            Some(k) => {
                let list: Vec<String> = k.iter().map(i64::to_string).collect();
                self.emit(&format!(
                    "shape.const_shape [{}] : !shape.shape",
                    list.join(", ")
                ))
            }
            None => {
                let names: Vec<String> = extents.iter().map(|e| self.name(e)).collect();
                let types = vec!["index"; names.len()].join(", ");
                self.emit(&format!(
                    "shape.from_extents {} : {types}",
                    names.join(", ")
                ))
            }
        };
        let params: Vec<String> = (0..self.ctx.op(self.op).operands.len())
            .map(|i| format!("%arg{i}: {}", self.param_type(i)))
            .collect();
        Some(format!(
            "func.func @{}({}) -> !shape.shape {{\n{}    return {result} : !shape.shape\n}}\n",
            self.short,
            params.join(", "),
            self.body
        ))
    }

    /// The parameter type of operand `operand`: `!shape.value_shape` for a
    /// tensor (but `tensor.reshape`'s shape, which is read), else its type.
    fn param_type(&self, operand: usize) -> String {
        let v = self.ctx.op(self.op).operands[operand];
        let ty = self.ctx.value_type(v);
        let is_read_shape = self.ctx.kind(self.op) == OpKind::TensorReshape && operand == 1;
        match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } if !is_read_shape => {
                "!shape.value_shape".to_string()
            }
            _ => type_text(self.ctx, ty),
        }
    }
}

/// The slice sizes a type of extents `dims` holds: a rank-reducing slice
/// drops, first to last, sizes known to be 1 where the type does not
/// expect a 1 (the interpreter's rule).
fn rank_reduced(sizes: Vec<Index>, dims: &[i64]) -> Vec<Index> {
    let mut drops = sizes.len().saturating_sub(dims.len());
    let mut kept = Vec::new();
    for s in sizes {
        let expected = dims.get(kept.len()).copied();
        if drops > 0 && s == Index::Known(1) && expected != Some(1) {
            drops -= 1;
        } else {
            kept.push(s);
        }
    }
    kept
}
