//! Random valid stage-1 (error-monadic) shape functions, as MLIR text that
//! our parser and `mlir-opt` 22 accept.
//!
//! [`function`] draws one `func.func` from a seed. Its parameters are 1–3
//! tensors (ranked with static and dynamic extents, or unranked), then maybe
//! a `!shape.shape` and a `!shape.size`; it returns 1–2 shapes or sizes. The
//! body chains stage-1 ops: `shape_of`, `const_shape`, `const_size`, `meet`
//! (shapes and sizes, with and without `error`), `split_at` (in generic
//! form; constant indices in range, negative and out of range, and computed
//! ones), `broadcast` (with and without `error`), `concat`, `rank`,
//! `get_extent`, `add`, `mul`, `num_elements`, `from_extents`, and now and
//! then `size_to_index` / `index_to_size` (negative indices are
//! `arith.constant`s of type `index`, as upstream writes them).
//!
//! Operands are drawn preferring values nothing uses yet, so the returned
//! values depend on most of the body ([`Function::live_ops`]); after the
//! values to return are chosen, 1–2 more ops are left unused on purpose: a
//! meet (a requirement even when unused) or an op whose result may be
//! invalid. Constants are drawn from the extents `validate::sample` draws
//! inputs from, so that requirements both hold and fail on sampled inputs.
//! [`function`] draws with [`SplitMix64`], so a seed always gives the same
//! text; [`function_with`] draws with any [`Choices`] (fuzz input bytes).
//! Op names are written from their [`OpKind`].

use std::collections::BTreeSet;

use ir::OpKind;

use crate::{Choices, SplitMix64};

/// Constant extents and sizes: those of `validate::sample::EXTENTS`.
const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];

/// Types of tensor parameters, with their ranks. The first
/// [`RICH_TENSOR_TYPES`] have more than `validate::sample`'s 5 extents as
/// shapes: enough for the inputs a function of one parameter runs on.
const TENSOR_TYPES: [(&str, Option<usize>); 5] = [
    ("tensor<*xf32>", None),
    ("tensor<?x?xf32>", Some(2)),
    ("tensor<2x?x?xf32>", Some(3)),
    ("tensor<?x3xf32>", Some(2)),
    ("tensor<?xf32>", Some(1)),
];
const RICH_TENSOR_TYPES: usize = 3;

/// The type of an SSA value of the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Tensor,
    Shape,
    Size,
    Index,
}

impl Kind {
    /// The MLIR type of a value of this kind.
    fn ty(self) -> &'static str {
        match self {
            Kind::Tensor => unreachable!("a tensor's type is its parameter's"),
            Kind::Shape => "!shape.shape",
            Kind::Size => "!shape.size",
            Kind::Index => "index",
        }
    }
}

/// An SSA value: a parameter or an op result.
struct Value {
    name: String,
    kind: Kind,
    ty: &'static str,
    uses: u32,
    /// Its rank, for a tensor or shape whose rank is static.
    rank: Option<usize>,
    /// The kind of the op that defines it; `None` for a parameter.
    origin: Option<OpKind>,
    /// The ops (by position in the body, which stays far below 128 ops)
    /// this value depends on, its own included.
    deps: u128,
}

/// One generated function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// The symbol name, without `@`.
    pub name: String,
    /// The seed it was drawn from ([`function`]), or the one given to
    /// [`function_with`].
    pub seed: u64,
    /// The `func.func`, as MLIR text.
    pub text: String,
    /// The static `error = "..."` messages of its meets and broadcasts.
    pub messages: Vec<String>,
    /// What it exercises: op names and variants (`"meet of sizes"`,
    /// `"constant negative index"`, `"unused meet"`...).
    pub features: BTreeSet<&'static str>,
    /// Ops in the body (the `return` not counted).
    pub body_ops: usize,
    /// Ops the returned values depend on.
    pub live_ops: usize,
}

/// Ops of one main-body step, with the weights they are drawn by.
const STEPS: [(OpKind, u32); 13] = [
    (OpKind::ShapeShapeOf, 2),
    (OpKind::ShapeConstShape, 3),
    (OpKind::ShapeMeet, 5),
    (OpKind::ShapeSplitAt, 10),
    (OpKind::ShapeBroadcast, 7),
    (OpKind::ShapeConcat, 6),
    (OpKind::ShapeRank, 6),
    (OpKind::ShapeGetExtent, 8),
    (OpKind::ShapeAdd, 5),
    (OpKind::ShapeMul, 4),
    (OpKind::ShapeNumElements, 4),
    (OpKind::ShapeFromExtents, 5),
    (OpKind::ShapeIndexToSize, 2),
];

/// How `split_at` and `get_extent` draw their index: the weights of a
/// constant in range, a negative constant, a constant out of range (for
/// ranks up to 4), a computed size, and a computed size made an `index`.
type IndexWeights = [u32; 5];
const SPLIT_INDEX: IndexWeights = [6, 2, 1, 4, 1];
/// Negative dimensions are out of range: only the out-of-range constants.
const EXTENT_INDEX: IndexWeights = [6, 0, 1, 4, 1];
/// Ops left unused: mostly indices that make invalid values.
const UNUSED_INDEX: IndexWeights = [1, 2, 4, 1, 0];

/// The body being drawn, by `draw`.
struct Builder<C> {
    draw: C,
    name: String,
    values: Vec<Value>,
    lines: Vec<String>,
    messages: Vec<String>,
    features: BTreeSet<&'static str>,
}

impl<C: Choices> Builder<C> {
    /// A parameter of kind `kind` and type `ty`.
    fn param(&mut self, name: String, kind: Kind, ty: &'static str, rank: Option<usize>) {
        self.values.push(Value {
            name,
            kind,
            ty,
            rank,
            uses: 0,
            origin: None,
            deps: 0,
        });
    }

    /// Append the op of kind `op` written `text` (what follows `=`, with
    /// the operand names `operands` resolve to) defining `results`; the
    /// new values.
    fn define(
        &mut self,
        op: OpKind,
        operands: &[usize],
        results: &[Kind],
        text: String,
    ) -> Vec<usize> {
        let position = self.lines.len();
        let deps = operands
            .iter()
            .fold(1u128 << position, |d, &v| d | self.values[v].deps);
        let first = self.values.len();
        let names: Vec<String> = (0..results.len())
            .map(|i| format!("%v{}", first + i))
            .collect();
        self.lines.push(format!("  {} = {text}", names.join(", ")));
        for (name, &kind) in names.into_iter().zip(results) {
            self.values.push(Value {
                name,
                kind,
                ty: kind.ty(),
                rank: None,
                uses: 0,
                origin: Some(op),
                deps,
            });
        }
        self.features.insert(op.build_name());
        (first..first + results.len()).collect()
    }

    /// [`Builder::define`] of an op in its custom form: its name, then
    /// `rest` (operands, attributes and types).
    fn custom(
        &mut self,
        op: OpKind,
        operands: &[usize],
        results: &[Kind],
        rest: String,
    ) -> Vec<usize> {
        self.define(op, operands, results, format!("{op} {rest}"))
    }

    /// `v`, now known to have rank `rank`.
    fn with_rank(&mut self, v: usize, rank: Option<usize>) -> usize {
        self.values[v].rank = rank;
        v
    }

    fn name_of(&self, v: usize) -> &str {
        &self.values[v].name
    }

    fn ty_of(&self, v: usize) -> &'static str {
        self.values[v].ty
    }

    /// The values of kind `kind` that `like` holds for.
    fn values_where(&self, kind: Kind, like: impl Fn(&Value) -> bool) -> Vec<usize> {
        (0..self.values.len())
            .filter(|&v| self.values[v].kind == kind && like(&self.values[v]))
            .collect()
    }

    /// One of `candidates` (not empty) to use as an operand: one nothing
    /// uses yet when there is one (mostly), else a recent or any one.
    fn choose(&mut self, candidates: &[usize]) -> usize {
        let unused: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&v| self.values[v].uses == 0)
            .collect();
        let v = if !unused.is_empty() && self.draw.percent(85) {
            self.draw.pick(&unused)
        } else if self.draw.percent(50) {
            self.draw
                .pick(&candidates[candidates.len().saturating_sub(3)..])
        } else {
            self.draw.pick(candidates)
        };
        self.values[v].uses += 1;
        v
    }

    /// A value of kind `kind` to use as an operand (see [`Builder::choose`]);
    /// a new one when none exists.
    fn take(&mut self, kind: Kind) -> usize {
        match self.values_where(kind, |_| true) {
            all if all.is_empty() => {
                let v = self.fresh(kind);
                self.values[v].uses += 1;
                v
            }
            all => self.choose(&all),
        }
    }

    /// A second operand of kind `kind` beside `first`: mostly a shape of the
    /// same static rank, or a value defined by the same op (or also a
    /// parameter), which often holds the same value (ranks of ranked
    /// tensors, shapes of tensors on inputs of one shape).
    fn take_like(&mut self, kind: Kind, first: usize) -> usize {
        let (origin, rank) = (self.values[first].origin, self.values[first].rank);
        let mut alike = self.values_where(kind, |v| match rank {
            Some(_) => v.rank == rank,
            None => v.origin == origin,
        });
        alike.retain(|&v| v != first);
        match alike.is_empty() || self.draw.percent(30) {
            true => self.take(kind),
            false => self.choose(&alike),
        }
    }

    /// Two operands of kind `kind`, distinct when possible.
    fn take_two(&mut self, kind: Kind) -> (usize, usize) {
        let a = self.take(kind);
        let mut b = self.take(kind);
        if a == b {
            b = self.take(kind);
        }
        (a, b)
    }

    /// The unused shape or size that depends on most ops (the latest of
    /// those), if any.
    fn widest_unused(&self) -> Option<usize> {
        (0..self.values.len())
            .filter(|&v| {
                let value = &self.values[v];
                value.uses == 0 && matches!(value.kind, Kind::Shape | Kind::Size)
            })
            .max_by_key(|&v| self.values[v].deps.count_ones())
    }

    /// Shape or size, evenly.
    fn shape_or_size(&mut self) -> Kind {
        match self.draw.percent(50) {
            true => Kind::Shape,
            false => Kind::Size,
        }
    }

    /// A new shape or size with no operands of its kind.
    fn fresh(&mut self, kind: Kind) -> usize {
        match kind {
            Kind::Shape if self.draw.percent(60) => self.shape_of(),
            Kind::Shape => self.const_shape(),
            Kind::Size if self.draw.percent(40) => self.const_size(&EXTENTS),
            Kind::Size => {
                let op = self
                    .draw
                    .pick(&[OpKind::ShapeRank, OpKind::ShapeNumElements]);
                self.shape_to_size(op)
            }
            // Tensors are parameters; index operands are made where used.
            Kind::Tensor | Kind::Index => unreachable!("no fresh {kind:?} values"),
        }
    }

    fn shape_of(&mut self) -> usize {
        let t = self.take(Kind::Tensor);
        let rest = format!("{} : {} -> !shape.shape", self.name_of(t), self.ty_of(t));
        let v = self.custom(OpKind::ShapeShapeOf, &[t], &[Kind::Shape], rest)[0];
        self.with_rank(v, self.values[t].rank)
    }

    fn const_shape(&mut self) -> usize {
        let rank = self.draw.below(4);
        let extents: Vec<String> = (0..rank)
            .map(|_| self.draw.pick(&EXTENTS).to_string())
            .collect();
        let rest = format!("[{}] : !shape.shape", extents.join(", "));
        let v = self.custom(OpKind::ShapeConstShape, &[], &[Kind::Shape], rest)[0];
        self.with_rank(v, Some(rank))
    }

    /// `shape.const_size` of one of `values`.
    fn const_size(&mut self, values: &[i64]) -> usize {
        let value = self.draw.pick(values);
        self.custom(
            OpKind::ShapeConstSize,
            &[],
            &[Kind::Size],
            value.to_string(),
        )[0]
    }

    /// `arith.constant` of an index in `lo..=hi`.
    fn const_index(&mut self, lo: i64, hi: i64) -> usize {
        let value = self.draw.range(lo, hi);
        let rest = format!("{value} : index");
        self.custom(OpKind::ArithConstant, &[], &[Kind::Index], rest)[0]
    }

    /// A static message for the op defining the next value.
    fn message(&mut self, what: &str) -> String {
        let message = format!("{}: {what} %v{} failed", self.name, self.values.len());
        self.messages.push(message.clone());
        message
    }

    /// `shape.meet` of two shapes or two sizes, with an `error` message
    /// half of the time.
    fn meet(&mut self) -> usize {
        let kind = self.shape_or_size();
        let a = self.take(kind);
        let b = self.take_like(kind, a);
        let error = match self.draw.percent(50) {
            true => {
                self.features.insert("meet with error");
                format!(", error = \"{}\"", self.message("meet"))
            }
            false => String::new(),
        };
        self.features.insert(match kind {
            Kind::Shape => "meet of shapes",
            _ => "meet of sizes",
        });
        let ty = kind.ty();
        let rest = format!(
            "{}, {}{error} : {ty}, {ty} -> {ty}",
            self.name_of(a),
            self.name_of(b)
        );
        self.custom(OpKind::ShapeMeet, &[a, b], &[kind], rest)[0]
    }

    /// An index operand of `split_at` or `get_extent`, drawn by `weights`.
    fn index_operand(&mut self, weights: IndexWeights) -> usize {
        match self.draw.weighted(&weights) {
            0 => {
                self.features.insert("constant index in range");
                match self.draw.percent(50) {
                    true => self.const_size(&[0, 1, 2]),
                    false => self.const_index(0, 2),
                }
            }
            1 => {
                self.features.insert("constant negative index");
                self.const_index(-3, -1)
            }
            2 => {
                self.features.insert("constant index out of range");
                match self.draw.percent(50) {
                    true => self.const_size(&[5, 6, 7]),
                    false => self.const_index(-6, -5),
                }
            }
            3 => {
                self.features.insert("computed index");
                self.small_size()
            }
            _ => {
                self.features.insert("computed index");
                let size = self.small_size();
                self.size_to_index(size)
            }
        }
    }

    /// A size to use as an operand, mostly one that is likely small (a
    /// rank, an extent, a constant or a parameter).
    fn small_size(&mut self) -> usize {
        let small = self.values_where(Kind::Size, |v| {
            matches!(
                v.origin,
                Some(OpKind::ShapeRank | OpKind::ShapeGetExtent | OpKind::ShapeConstSize) | None
            )
        });
        match small.is_empty() || self.draw.percent(20) {
            true => self.take(Kind::Size),
            false => self.choose(&small),
        }
    }

    fn size_to_index(&mut self, size: usize) -> usize {
        let rest = format!("{} : !shape.size", self.name_of(size));
        self.custom(OpKind::ShapeSizeToIndex, &[size], &[Kind::Index], rest)[0]
    }

    /// `shape.split_at` in generic form: head and tail.
    fn split_at(&mut self, weights: IndexWeights) -> Vec<usize> {
        let shape = self.take(Kind::Shape);
        let index = self.index_operand(weights);
        let op = OpKind::ShapeSplitAt;
        let text = format!(
            "\"{op}\"({}, {}) : (!shape.shape, {}) -> (!shape.shape, !shape.shape)",
            self.name_of(shape),
            self.name_of(index),
            self.ty_of(index)
        );
        self.define(op, &[shape, index], &[Kind::Shape; 2], text)
    }

    fn get_extent(&mut self, weights: IndexWeights) -> usize {
        let shape = self.take(Kind::Shape);
        let dim = self.index_operand(weights);
        let rest = format!(
            "{}, {} : !shape.shape, {} -> !shape.size",
            self.name_of(shape),
            self.name_of(dim),
            self.ty_of(dim)
        );
        self.custom(OpKind::ShapeGetExtent, &[shape, dim], &[Kind::Size], rest)[0]
    }

    /// `shape.broadcast` of 2–3 shapes, with an `error` message now and then.
    fn broadcast(&mut self) -> usize {
        let (a, b) = self.take_two(Kind::Shape);
        let mut shapes = vec![a, b];
        if self.draw.percent(25) {
            shapes.push(self.take(Kind::Shape));
        }
        let attrs = match self.draw.percent(40) {
            true => {
                self.features.insert("broadcast with error");
                format!(" {{error = \"{}\"}}", self.message("broadcast"))
            }
            false => String::new(),
        };
        let names: Vec<&str> = shapes.iter().map(|&v| self.name_of(v)).collect();
        let types = vec!["!shape.shape"; shapes.len()].join(", ");
        let rest = format!("{}{attrs} : {types} -> !shape.shape", names.join(", "));
        let v = self.custom(OpKind::ShapeBroadcast, &shapes, &[Kind::Shape], rest)[0];
        let ranks: Option<Vec<usize>> = shapes.iter().map(|&s| self.values[s].rank).collect();
        self.with_rank(v, ranks.and_then(|r| r.into_iter().max()))
    }

    /// An op of kind `op`, of two operands of kind `operands` and
    /// `BINARY`-style syntax (`concat`, `add`, `mul`).
    fn binary(&mut self, op: OpKind, operands: Kind) -> usize {
        let (a, b) = self.take_two(operands);
        let ty = operands.ty();
        let rest = format!(
            "{}, {} : {ty}, {ty} -> {ty}",
            self.name_of(a),
            self.name_of(b)
        );
        let v = self.custom(op, &[a, b], &[operands], rest)[0];
        let rank = match op == OpKind::ShapeConcat {
            true => self.values[a].rank.zip(self.values[b].rank),
            false => None,
        };
        self.with_rank(v, rank.map(|(a, b)| a + b))
    }

    /// An op of kind `op` from a shape to a size (`rank`, `num_elements`).
    fn shape_to_size(&mut self, op: OpKind) -> usize {
        let shape = self.take(Kind::Shape);
        let rest = format!("{} : !shape.shape -> !shape.size", self.name_of(shape));
        self.custom(op, &[shape], &[Kind::Size], rest)[0]
    }

    /// `shape.from_extents` of 1–3 sizes.
    fn shape_from_extents(&mut self) -> usize {
        let sizes: Vec<usize> = (0..self.draw.range(1, 3))
            .map(|_| self.take(Kind::Size))
            .collect();
        let names: Vec<&str> = sizes.iter().map(|&v| self.name_of(v)).collect();
        let types = vec!["!shape.size"; sizes.len()].join(", ");
        let rest = format!("{} : {types}", names.join(", "));
        let v = self.custom(OpKind::ShapeFromExtents, &sizes, &[Kind::Shape], rest)[0];
        self.with_rank(v, Some(sizes.len()))
    }

    /// `shape.index_to_size` of an index constant or of a size made an
    /// index. Never of a negative index: the dialect leaves that undefined,
    /// MLIR's folder makes it a negative size, the interpreter an invalid one.
    fn index_to_size(&mut self) -> usize {
        let index = match self.draw.percent(50) {
            true => self.const_index(0, 3),
            false => {
                let size = self.take(Kind::Size);
                self.size_to_index(size)
            }
        };
        let rest = self.name_of(index).to_string();
        self.custom(OpKind::ShapeIndexToSize, &[index], &[Kind::Size], rest)[0]
    }

    /// One main-body op drawn from [`STEPS`]: its results.
    fn step(&mut self) -> Vec<usize> {
        let weights: Vec<u32> = STEPS.iter().map(|s| s.1).collect();
        match STEPS[self.draw.weighted(&weights)].0 {
            OpKind::ShapeShapeOf => vec![self.shape_of()],
            OpKind::ShapeConstShape => vec![self.const_shape()],
            OpKind::ShapeMeet => vec![self.meet()],
            OpKind::ShapeSplitAt => self.split_at(SPLIT_INDEX),
            OpKind::ShapeBroadcast => vec![self.broadcast()],
            op @ OpKind::ShapeConcat => vec![self.binary(op, Kind::Shape)],
            op @ (OpKind::ShapeAdd | OpKind::ShapeMul) => vec![self.binary(op, Kind::Size)],
            op @ (OpKind::ShapeRank | OpKind::ShapeNumElements) => {
                vec![self.shape_to_size(op)]
            }
            OpKind::ShapeGetExtent => vec![self.get_extent(EXTENT_INDEX)],
            OpKind::ShapeFromExtents => vec![self.shape_from_extents()],
            OpKind::ShapeIndexToSize => vec![self.index_to_size()],
            op => unreachable!("{op} is not in STEPS"),
        }
    }

    /// An op whose result stays unused: a meet (a requirement all the same)
    /// or an op that may give an invalid value.
    fn unused_op(&mut self) {
        let feature = match self.draw.below(3) {
            0 => {
                self.meet();
                "unused meet"
            }
            1 => {
                self.split_at(UNUSED_INDEX);
                "unused split_at"
            }
            _ => {
                self.get_extent(UNUSED_INDEX);
                "unused get_extent"
            }
        };
        self.features.insert(feature);
    }
}

/// The function `@name` drawn from `seed`.
pub fn function(name: &str, seed: u64) -> Function {
    function_with(name, seed, SplitMix64::new(seed ^ 0x5eed_5eed_5eed_5eed))
}

/// The function `@name` drawn by `draw`; `seed` is only recorded (as
/// [`Function::seed`]), for the caller to sample inputs from.
pub fn function_with(name: &str, seed: u64, draw: impl Choices) -> Function {
    let mut b = Builder {
        draw,
        name: name.to_string(),
        values: Vec::new(),
        lines: Vec::new(),
        messages: Vec::new(),
        features: BTreeSet::new(),
    };
    let tensors = b.draw.range(1, 3);
    for i in 0..tensors {
        let (ty, rank) = match tensors {
            1 => b.draw.pick(&TENSOR_TYPES[..RICH_TENSOR_TYPES]),
            _ => b.draw.pick(&TENSOR_TYPES),
        };
        b.features.insert(match rank {
            None => "unranked tensor parameter",
            Some(_) => "ranked tensor parameter",
        });
        b.param(format!("%a{i}"), Kind::Tensor, ty, rank);
    }
    if b.draw.percent(40) {
        b.features.insert("shape parameter");
        b.param("%s0".into(), Kind::Shape, Kind::Shape.ty(), None);
    }
    if b.draw.percent(40) {
        b.features.insert("size parameter");
        b.param("%n0".into(), Kind::Size, Kind::Size.ty(), None);
    }
    let params: Vec<String> = b
        .values
        .iter()
        .map(|v| format!("{}: {}", v.name, v.ty))
        .collect();
    let mut last = Vec::new();
    for _ in 0..tensors {
        last = vec![b.shape_of()];
    }
    for _ in 0..b.draw.range(3, 9) {
        last = b.step();
    }
    // A result of the last op, and often the unused value that depends on
    // most ops.
    let mut returned = vec![b.draw.pick(&last)];
    b.values[returned[0]].uses += 1;
    if b.draw.percent(75) {
        if let Some(v) = b.widest_unused() {
            b.values[v].uses += 1;
            returned.push(v);
        }
    }
    b.unused_op();
    if b.draw.percent(30) {
        b.unused_op();
    }
    let live = returned.iter().fold(0u128, |d, &v| d | b.values[v].deps);
    let names: Vec<&str> = returned.iter().map(|&v| b.name_of(v)).collect();
    let types: Vec<&str> = returned.iter().map(|&v| b.ty_of(v)).collect();
    let text = format!(
        "{} @{name}({}) -> ({}) {{\n{}\n  return {} : {}\n}}\n",
        OpKind::FuncFunc,
        params.join(", "),
        types.join(", "),
        b.lines.join("\n"),
        names.join(", "),
        types.join(", ")
    );
    Function {
        name: name.to_string(),
        seed,
        text,
        messages: b.messages,
        features: b.features,
        body_ops: b.lines.len(),
        live_ops: live.count_ones() as usize,
    }
}

/// `count` functions `@f<seed>` for the seeds `first..first + count`.
pub fn functions(first: u64, count: usize) -> Vec<Function> {
    (first..first + count as u64)
        .map(|seed| function(&format!("f{seed}"), seed))
        .collect()
}
