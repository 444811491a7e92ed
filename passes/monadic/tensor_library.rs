//! The built-in shape function library of the `tensor` dialect: for one
//! tensor op, a stage-1 shape function built for exactly that op — its
//! rank, its static offsets, sizes, strides, padding and tiles, and its
//! operand list — as a detached `func.func`, which `reify-shape-library`
//! instantiates like a function of a user's `shape.function_library`.
//!
//! A generator rather than a fixed library: the static parts of these ops
//! live in attributes (`static_low`, `static_offsets`, ...) and their rank
//! varies, which a `shape.function_library` function on `!shape.value_shape`
//! operands cannot see. The function built for an op takes one parameter
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
//! Values known when the function is built (static attributes, type
//! extents, operands defined by `arith.constant`) are folded as it is
//! built: a condition known to hold is not stated, one known to fail is
//! stated as a meet of two different constants (so `infer-shapes` rejects
//! it), and an op whose function would state nothing and compute a
//! constant shape gets none (`tensor.dim` of an in-range constant,
//! `tensor.from_elements`, `tensor.rank`, slices of static tensors, ...).
//!
//! Precondition: the op verifies. Guarantee: the function fails exactly on
//! the operands on which the op is undefined (up to `index` arithmetic
//! wrapping on extents near `i64::MAX`, where products and sums wrap as
//! `arith` does) and otherwise returns the op's result shape. Nothing built
//! for an op that gets no function is left in the context.
//!
//! Declines (no function, the op is left alone): ops not listed above,
//! unranked operands where the op needs a rank (all but `tensor.cast` and
//! `tensor.dim`), `tensor.reshape` to an unranked result, attributes the
//! verifier would have rejected.
//!
//! Locations: the function, its parameters and its ops are located where
//! they stand in its listing, the function written out in a file
//! `tensor-library` as the example below is laid out (one op per line,
//! indented by four, the op defining `%k` on line `k + 2`): the `func.func`
//! at 1:1, parameter `i` at its `%argi` on line 1, each op where its name
//! starts, the `return` at column 5. `reify-shape-library` puts them under
//! a call site at the op.
//!
//! ```mlir
//! %p = tensor.pad %x low[%l, 0] high[2, 0] { ... } : tensor<?x4xf32> to tensor<?x4xf32>
//! // gets
//! func.func @pad(%arg0: !shape.value_shape, %arg1: index) -> !shape.shape {
//!     %0 = shape.shape_of %arg0 : !shape.value_shape -> !shape.shape
//!     %1 = arith.constant 0 : index
//!     %2 = shape.get_extent %0, %1 : !shape.shape, index -> !shape.size
//!     %3 = shape.size_to_index %2 : !shape.size
//!     %4 = arith.cmpi sle, %1, %arg1 : index
//!     %5 = arith.constant 1 : index
//!     %6 = arith.select %4, %5, %1 : index
//!     %7 = shape.meet %6, %5, error = "tensor.pad: the padding of dimension 0 must be non-negative" : index, index -> index
//!     %8 = arith.addi %arg1, %3 : index
//!     %9 = arith.constant 2 : index
//!     %10 = arith.addi %8, %9 : index
//!     %11 = arith.constant 4 : index
//!     %12 = shape.from_extents %10, %11 : index, index
//!     return %12 : !shape.shape
//! }
//! ```

use crate::monadic::reify_shape_library::type_text;
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::arith::CmpIPredicate;
use ir::types::DYNAMIC;
use ir::{Attr, Context, Location, OpId, OpKind, OperationState, Type, TypeKind, ValueId};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The file the locations of the listing name.
const LISTING: &str = "tensor-library";

/// An `index` value of the function being built: known now, or a value of
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Index {
    Known(i64),
    Value(ValueId),
}

/// An `i1` value of the function being built.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    Known(bool),
    Value(ValueId),
}

/// The shape function of `op`: a detached `func.func` named after the op
/// (`@pad` for `tensor.pad`), or `None` when the op gets none (see the
/// module doc).
pub fn shape_function(ctx: &mut Context, op: OpId) -> Option<OpId> {
    let build: fn(&mut FunctionBuilder) -> Option<Vec<Index>> = match ctx.kind(op) {
        OpKind::TensorDim => |f| f.dim(),
        OpKind::TensorCast => |f| f.cast(),
        OpKind::TensorEmpty | OpKind::TensorGenerate => |f| f.sized(0),
        OpKind::TensorSplat => |f| f.sized(1),
        OpKind::TensorPad => |f| f.pad(),
        OpKind::TensorExtractSlice => |f| f.extract_slice(),
        OpKind::TensorInsertSlice => |f| f.insert_slice(),
        OpKind::TensorConcat => |f| f.concat(),
        OpKind::TensorCollapseShape => |f| f.collapse_shape(),
        OpKind::TensorExpandShape => |f| f.expand_shape(),
        OpKind::TensorReshape => |f| f.reshape(),
        OpKind::TensorPack => |f| f.pack(),
        OpKind::TensorUnpack => |f| f.unpack(),
        _ => return None,
    };
    let mut builder = FunctionBuilder::new(ctx, op);
    let function = builder.function;
    let built = build(&mut builder).and_then(|extents| builder.finish(extents));
    if built.is_none() {
        ctx.erase_op(function);
    }
    built.map(|()| function)
}

/// How `tensor.pack` tiles a tensor (`tensor.unpack` untiles it).
struct Packing {
    /// The packed shape: outer extents (rounded up), permuted, then tiles.
    shape: Vec<Index>,
    /// Per tile, the dimension it tiles and whether it divides it.
    divides: Vec<(usize, Cond)>,
}

/// Builds one shape function, folding what is known.
struct FunctionBuilder<'c> {
    /// Appends to the function's body.
    body: OpBuilder<'c>,
    op: OpId,
    /// The `func.func` being built, detached.
    function: OpId,
    /// Its parameters, one per operand of the op.
    params: Vec<ValueId>,
    /// The file name of the listing's locations.
    listing: Arc<str>,
    /// The ops of the body so far: the next one defines `%body_ops`.
    body_ops: u32,
    constants: FxHashMap<i64, ValueId>,
    /// The `!shape.shape` of each tensor operand read so far.
    shapes: FxHashMap<usize, ValueId>,
    /// The extents (operand, dimension) read so far.
    read_extents: FxHashMap<(usize, usize), Index>,
    requirements: usize,
    index: Type,
    i1: Type,
    shape: Type,
    size: Type,
}

/// `"tensor-library":line:col`.
fn listing_loc(listing: &Arc<str>, line: u32, col: usize) -> Location {
    Location::FileLineCol {
        file: listing.clone(),
        line,
        col: u32::try_from(col).unwrap_or(u32::MAX),
    }
}

/// The parameter type of operand `operand` of `op`: `!shape.value_shape`
/// for a tensor (but `tensor.reshape`'s shape, which is read), else its
/// type.
fn param_type(ctx: &mut Context, op: OpId, operand: ValueId, position: usize) -> Type {
    let ty = ctx.value_type(operand);
    let is_read_shape = ctx.kind(op) == OpKind::TensorReshape && position == 1;
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } if !is_read_shape => {
            ir::dialect::value_shape(ctx)
        }
        _ => ty,
    }
}

impl<'c> FunctionBuilder<'c> {
    /// Start the function of `op`: its signature, parameters and empty
    /// body.
    fn new(ctx: &'c mut Context, op: OpId) -> Self {
        let listing: Arc<str> = Arc::from(LISTING);
        let name = ctx.op_name(op);
        let short = name.strip_prefix("tensor.").unwrap_or(name).to_string();
        let entry = ctx.create_block();
        // Line 1 is `func.func @<short>(%arg0: <type>, %arg1: <type>, ...`.
        let mut column = "func.func @(".len() + short.len() + 1;
        let mut inputs = Vec::new();
        let mut params = Vec::new();
        let operands = ctx.op(op).operands.clone();
        for (i, &operand) in operands.iter().enumerate() {
            let ty = param_type(ctx, op, operand, i);
            let loc = listing_loc(&listing, 1, column);
            params.push(ctx.add_block_arg(entry, ty, Some(loc)));
            inputs.push(ty);
            column += format!("%arg{i}: {}, ", type_text(ctx, ty)).len();
        }
        let body = ctx.create_region();
        ctx.append_block(body, entry);
        let shape = ir::dialect::shape(ctx);
        let function_type = ctx.intern_type(TypeKind::Function {
            inputs,
            results: vec![shape],
        });
        let mut state = OperationState::new(OpKind::FuncFunc, listing_loc(&listing, 1, 1));
        state.props = [
            ("sym_name".into(), Attr::string(&short)),
            ("function_type".into(), Attr::Type(function_type)),
        ]
        .into();
        state.regions.push(body);
        let function = ir::builder::detached(ctx, state);
        let (index, i1, size) = (
            ir::dialect::index(ctx),
            ir::dialect::i1(ctx),
            ir::dialect::size(ctx),
        );
        FunctionBuilder {
            body: OpBuilder::new(ctx, InsertPoint::End(entry), Location::Unknown),
            op,
            function,
            params,
            listing,
            body_ops: 0,
            constants: FxHashMap::default(),
            shapes: FxHashMap::default(),
            read_extents: FxHashMap::default(),
            requirements: 0,
            index,
            i1,
            shape,
            size,
        }
    }

    fn ctx(&self) -> &Context {
        self.body.ctx
    }

    // ------------------------------------------------------------ building

    /// The builder, located for the next op of the body: where its name
    /// starts on its line of the listing (`    %k = <op> ...`).
    fn next_op(&mut self) -> &mut OpBuilder<'c> {
        let digits = self.body_ops.checked_ilog10().unwrap_or(0) as usize + 1;
        let column = "    %".len() + digits + " = ".len() + 1;
        self.body.loc = listing_loc(&self.listing, self.body_ops.saturating_add(2), column);
        self.body_ops = self.body_ops.saturating_add(1);
        &mut self.body
    }

    /// Append an op of `kind`, with no inherent attributes, and one result
    /// of type `result`; that result.
    fn emit(&mut self, kind: OpKind, operands: &[ValueId], result: Type) -> ValueId {
        self.next_op().build1(kind, operands, result, Vec::new())
    }

    /// The value of `value`, materializing a known one as a constant.
    fn value(&mut self, value: &Index) -> ValueId {
        match value {
            Index::Value(v) => *v,
            Index::Known(k) => match self.constants.get(k) {
                Some(&v) => v,
                None => {
                    let v = self.next_op().constant_index(*k);
                    self.constants.insert(*k, v);
                    v
                }
            },
        }
    }

    /// `arith.<kind> a, b : index`, folded by `fold` when both are known
    /// and it does not overflow.
    fn arith(
        &mut self,
        kind: OpKind,
        a: &Index,
        b: &Index,
        fold: fn(i64, i64) -> Option<i64>,
    ) -> Index {
        if let (Index::Known(x), Index::Known(y)) = (a, b) {
            if let Some(v) = fold(*x, *y) {
                return Index::Known(v);
            }
        }
        let (x, y) = (self.value(a), self.value(b));
        Index::Value(self.emit(kind, &[x, y], self.index))
    }

    fn add(&mut self, a: &Index, b: &Index) -> Index {
        match (a, b) {
            (Index::Known(0), x) | (x, Index::Known(0)) => x.clone(),
            _ => self.arith(OpKind::ArithAddi, a, b, i64::checked_add),
        }
    }

    fn sub(&mut self, a: &Index, b: &Index) -> Index {
        match b {
            Index::Known(0) => a.clone(),
            _ => self.arith(OpKind::ArithSubi, a, b, i64::checked_sub),
        }
    }

    fn mul(&mut self, a: &Index, b: &Index) -> Index {
        match (a, b) {
            (Index::Known(1), x) | (x, Index::Known(1)) => x.clone(),
            _ => self.arith(OpKind::ArithMuli, a, b, i64::checked_mul),
        }
    }

    fn product(&mut self, values: &[Index]) -> Index {
        values
            .iter()
            .fold(Index::Known(1), |acc, v| self.mul(&acc, v))
    }

    /// `max(b, 1)`.
    fn at_least_one(&mut self, b: &Index) -> Index {
        self.arith(OpKind::ArithMaxsi, b, &Index::Known(1), |x, y| {
            Some(x.max(y))
        })
    }

    /// `a / max(b, 1)` (truncating), defined for every `b`.
    fn div_by_positive(&mut self, a: &Index, b: &Index) -> Index {
        match self.at_least_one(b) {
            Index::Known(1) => a.clone(),
            divisor => self.arith(OpKind::ArithDivsi, a, &divisor, i64::checked_div),
        }
    }

    /// `a % max(b, 1)`, defined for every `b`.
    fn rem_by_positive(&mut self, a: &Index, b: &Index) -> Index {
        let divisor = self.at_least_one(b);
        self.arith(OpKind::ArithRemsi, a, &divisor, i64::checked_rem)
    }

    /// `ceildiv(a, max(b, 1))` for `a >= 0`, as `(a + b - 1) / b`.
    fn ceil_div_by_positive(&mut self, a: &Index, b: &Index) -> Index {
        let divisor = self.at_least_one(b);
        let last = self.sub(&divisor, &Index::Known(1));
        let rounded_up = self.add(a, &last);
        self.arith(OpKind::ArithDivsi, &rounded_up, &divisor, i64::checked_div)
    }

    /// `arith.cmpi predicate, a, b`, folded when both are known.
    fn compare(&mut self, predicate: CmpIPredicate, a: &Index, b: &Index) -> Cond {
        if let (Index::Known(x), Index::Known(y)) = (a, b) {
            return Cond::Known(predicate.eval(i128::from(*x), i128::from(*y), 64));
        }
        let (x, y) = (self.value(a), self.value(b));
        Cond::Value(self.next_op().cmpi(predicate, x, y))
    }

    fn eq(&mut self, a: &Index, b: &Index) -> Cond {
        self.compare(CmpIPredicate::Eq, a, b)
    }

    fn le(&mut self, a: &Index, b: &Index) -> Cond {
        self.compare(CmpIPredicate::Sle, a, b)
    }

    fn lt(&mut self, a: &Index, b: &Index) -> Cond {
        self.compare(CmpIPredicate::Slt, a, b)
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
            (Cond::Value(x), Cond::Value(y)) => {
                let kind = if and {
                    OpKind::ArithAndi
                } else {
                    OpKind::ArithOri
                };
                Cond::Value(self.emit(kind, &[x, y], self.i1))
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
        let one = self.value(&Index::Known(1));
        let indicator = match cond {
            Cond::Known(_) => self.value(&Index::Known(0)),
            Cond::Value(c) => {
                let zero = self.value(&Index::Known(0));
                self.emit(OpKind::ArithSelect, &[c, one, zero], self.index)
            }
        };
        let error = format!("{}: {message}", self.ctx().op_name(self.op));
        let (index, error) = (self.index, Attr::string(&error));
        self.next_op().build1(
            OpKind::ShapeMeet,
            &[indicator, one],
            index,
            vec![("error", error)],
        );
        self.requirements += 1;
    }

    // ------------------------------------------------------------ operands

    fn operand_kind(&self, operand: usize) -> Option<&TypeKind> {
        let v = *self.ctx().op(self.op).operands.get(operand)?;
        Some(self.ctx().type_kind(self.ctx().value_type(v)))
    }

    /// The static extents of tensor operand `operand`, when ranked.
    fn dims(&self, operand: usize) -> Option<&[i64]> {
        self.operand_kind(operand)?.shape()
    }

    /// The static extents of result 0, when ranked.
    fn result_dims(&self) -> Option<&[i64]> {
        let r = self.ctx().result(self.op, 0)?;
        self.ctx().type_kind(self.ctx().value_type(r)).shape()
    }

    /// The operand positions of operand group `group`.
    fn group(&self, group: usize) -> Option<std::ops::Range<usize>> {
        let def = self.ctx().op_def(self.op)?;
        let len = |g| def.operand_group(self.ctx(), self.op, g).len();
        let start = (0..group).map(len).sum::<usize>();
        Some(start..start + len(group))
    }

    /// The `index` operand `operand`: known when an `arith.constant`, else
    /// its parameter.
    fn index_operand(&self, operand: usize) -> Option<Index> {
        let v = *self.ctx().op(self.op).operands.get(operand)?;
        let known = fold::constant_value(self.ctx(), v).and_then(|k| k.as_int());
        Some(match known.and_then(|k| i64::try_from(k).ok()) {
            Some(k) => Index::Known(k),
            None => Index::Value(*self.params.get(operand)?),
        })
    }

    /// The static values of attribute `attr`, the dynamic ones (`DYNAMIC`)
    /// taken in order from operand group `group`.
    fn mixed(&self, attr: &str, group: usize) -> Option<Vec<Index>> {
        let statics = self.int_list(attr)?;
        let mut dynamic = self.group(group)?;
        let values = statics.into_iter().map(|s| match s {
            DYNAMIC => dynamic.next().and_then(|o| self.index_operand(o)),
            s => Some(Index::Known(s)),
        });
        let values = values.collect::<Option<Vec<_>>>()?;
        dynamic.next().is_none().then_some(values)
    }

    /// An `array<i64: ...>` attribute.
    fn int_list(&self, attr: &str) -> Option<Vec<i64>> {
        let values = self.ctx().attr(self.op, attr)?.int_elements(0)?;
        values.into_iter().map(|v| i64::try_from(v).ok()).collect()
    }

    /// Positions held by attribute `attr` (empty when absent), each below
    /// `bound`.
    fn positions(&self, attr: &str, bound: usize) -> Option<Vec<usize>> {
        let Some(list) = self.ctx().attr(self.op, attr) else {
            return Some(Vec::new());
        };
        let values = list.int_elements(0)?;
        values
            .into_iter()
            .map(|v| usize::try_from(v).ok().filter(|&p| p < bound))
            .collect()
    }

    /// The `!shape.shape` of tensor operand `operand`.
    fn shape_of(&mut self, operand: usize) -> Option<ValueId> {
        if let Some(&s) = self.shapes.get(&operand) {
            return Some(s);
        }
        let param = *self.params.get(operand)?;
        let s = self.emit(OpKind::ShapeShapeOf, &[param], self.shape);
        self.shapes.insert(operand, s);
        Some(s)
    }

    /// Extent `dim` of tensor operand `operand`: known when static.
    fn extent(&mut self, operand: usize, dim: usize) -> Option<Index> {
        if let Some(&d) = self.dims(operand).and_then(|dims| dims.get(dim)) {
            if d != DYNAMIC {
                return Some(Index::Known(d));
            }
        }
        if let Some(known) = self.read_extents.get(&(operand, dim)) {
            return Some(known.clone());
        }
        let shape = self.shape_of(operand)?;
        let index = self.value(&Index::Known(i64::try_from(dim).ok()?));
        let size = self.emit(OpKind::ShapeGetExtent, &[shape, index], self.size);
        let extent = self.emit(OpKind::ShapeSizeToIndex, &[size], self.index);
        let extent = Index::Value(extent);
        self.read_extents.insert((operand, dim), extent.clone());
        Some(extent)
    }

    /// The extents of ranked tensor operand `operand`.
    fn extents(&mut self, operand: usize) -> Option<Vec<Index>> {
        let rank = self.dims(operand)?.len();
        (0..rank).map(|d| self.extent(operand, d)).collect()
    }

    /// The rank of tensor operand `operand`.
    fn rank(&mut self, operand: usize) -> Option<Index> {
        if let Some(dims) = self.dims(operand) {
            return Some(Index::Known(i64::try_from(dims.len()).ok()?));
        }
        let shape = self.shape_of(operand)?;
        let rank = self.emit(OpKind::ShapeRank, &[shape], self.size);
        let rank = self.emit(OpKind::ShapeSizeToIndex, &[rank], self.index);
        Some(Index::Value(rank))
    }

    // ------------------------------------------------------------ the ops

    /// `tensor.dim`: the index is in range; the result is a scalar.
    fn dim(&mut self) -> Option<Vec<Index>> {
        let index = self.index_operand(1)?;
        let rank = self.rank(0)?;
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
            let source_rank = self.rank(0)?;
            let same = self.eq(&source_rank, &Index::Known(i64::try_from(rank).ok()?));
            self.require(same, &format!("the source must have rank {rank}"));
        }
        (0..rank).map(|d| self.extent(0, d)).collect()
    }

    /// `tensor.empty`, `tensor.generate`, `tensor.splat`: the result type's
    /// extents, its dynamic ones from operand group `group`, non-negative.
    fn sized(&mut self, group: usize) -> Option<Vec<Index>> {
        let mut dynamic = self.group(group)?;
        let mut extents = Vec::new();
        for (d, s) in self.result_dims()?.to_vec().into_iter().enumerate() {
            let extent = match s {
                DYNAMIC => self.index_operand(dynamic.next()?)?,
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
        let along = usize::try_from(self.ctx().attr(self.op, "dim")?.as_int()?).ok()?;
        let count = self.ctx().op(self.op).operands.len();
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
        let groups = self.ctx().attr(self.op, "reassociation")?.as_array()?;
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
        if length < 0 {
            return None;
        }
        let element = kind.element_type()?;
        let is_index = match self.ctx().type_kind(element) {
            TypeKind::Index => true,
            TypeKind::Integer { .. } => false,
            _ => return None,
        };
        let source = self.extents(0)?;
        let shape = *self.params.get(1)?;
        let mut sizes = Vec::new();
        for d in 0..length {
            let at = self.value(&Index::Known(d));
            let read = self.emit(OpKind::TensorExtract, &[shape, at], element);
            let size = match is_index {
                true => read,
                false => self.emit(OpKind::ArithIndexCast, &[read], self.index),
            };
            let size = Index::Value(size);
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

    // ------------------------------------------------------------ the end

    /// Return `extents` (checked against the result type); `None` when the
    /// function states nothing and returns a constant.
    fn finish(&mut self, extents: Vec<Index>) -> Option<()> {
        let extents = match self.result_dims().map(<[i64]>::to_vec) {
            Some(dims) => {
                if dims.len() != extents.len() {
                    return None;
                }
                let mut checked = Vec::new();
                for (d, (s, e)) in dims.into_iter().zip(extents).enumerate() {
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
                Index::Value(_) => None,
            })
            .collect();
        if self.requirements == 0 && constant.is_some() {
            return None;
        }
        let result = match constant {
            Some(k) => {
                let shape = fold::index_tensor_attr(self.body.ctx, &k);
                let ty = self.shape;
                self.next_op()
                    .build1(OpKind::ShapeConstShape, &[], ty, vec![("shape", shape)])
            }
            None => {
                let values: Vec<ValueId> = extents.iter().map(|e| self.value(e)).collect();
                self.emit(OpKind::ShapeFromExtents, &values, self.shape)
            }
        };
        // `    return %r : !shape.shape`, after the last op.
        let line = self.body_ops.saturating_add(2);
        self.body.loc = listing_loc(&self.listing, line, "    ".len() + 1);
        self.body
            .build(OpKind::FuncReturn, &[result], &[], Vec::new(), Vec::new());
        Some(())
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

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: &str = "func.func @f(%x: tensor<?x4xf32>, %l: index) -> tensor<?x4xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%l, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x4xf32> to tensor<?x4xf32>
  return %p : tensor<?x4xf32>
}
";

    /// The listing of the module doc's example.
    fn doc_listing() -> Vec<&'static str> {
        let doc = include_str!("tensor_library.rs").lines();
        let lines: Vec<&str> = doc.filter_map(|l| l.strip_prefix("//! ")).collect();
        let start = lines.iter().position(|l| l.starts_with("func.func @pad"));
        let start = start.expect("the module doc lists @pad");
        let len = lines[start..].iter().position(|&l| l == "}");
        lines[start..=start + len.expect("the listing ends")].to_vec()
    }

    #[test]
    fn locations_point_at_the_ops_of_the_doc_listing() {
        let mut ctx = Context::new();
        let (module, d) = syntax::parse_source(
            &mut ctx,
            0,
            "t.mlir",
            PROGRAM.as_bytes(),
            &Default::default(),
        );
        let module = module.unwrap_or_else(|| panic!("{d:?}"));
        let mut pad = None;
        ctx.walk_nested(module, &mut |o| {
            if ctx.kind(o) == OpKind::TensorPad {
                pad = Some(o);
            }
        });
        let pad = pad.expect("the program has a tensor.pad");
        let f = shape_function(&mut ctx, pad).expect("tensor.pad gets a function");
        let listing = doc_listing();
        let at = |loc: &Location| -> &str {
            let Location::FileLineCol { file, line, col } = loc else {
                panic!("{loc:?} is no position");
            };
            assert_eq!(&**file, LISTING);
            let line = listing[*line as usize - 1];
            &line[*col as usize - 1..]
        };
        assert!(at(&ctx.op(f).loc).starts_with("func.func @pad("));
        let entry = ctx.region(ctx.op(f).regions[0]).blocks[0];
        for (i, &arg) in ctx.block(entry).args.iter().enumerate() {
            let loc = ctx.arg_loc(arg).expect("a parameter has a location");
            assert!(at(loc).starts_with(&format!("%arg{i}:")));
        }
        let ops: Vec<OpId> = ctx.block_ops(entry).collect();
        assert_eq!(ops.len() + 2, listing.len());
        for o in ops {
            let name = ctx.op_name(o);
            let name = name.strip_prefix("func.").unwrap_or(name);
            assert!(at(&ctx.op(o).loc).starts_with(&format!("{name} ")));
        }
    }
}
