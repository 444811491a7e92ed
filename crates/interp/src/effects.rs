//! Side effects as observable events, and ops of no registered dialect as
//! uninterpreted functions.
//!
//! Two things a function may do that the interpreter cannot see into are
//! *events*: a `func.call` of a function declared without a body
//! (`func.func private @log(i64)`), and an op of no registered dialect
//! (`"foo.print"(%x)`; nothing says such an op is pure). Each is appended,
//! in execution order, to the run's event list with its operand values,
//! and its results are drawn (by the workspace's generator, `splitmix`,
//! seeded with a digest of the effect, the canonical forms of the operands
//! and the event's position in the run), so that two
//! runs of one input that perform the same events get the same results
//! whatever the stage: operands compare in canonical form, and a
//! `!shape.shape` and a `tensor<?xindex>` result draw the same extents, as
//! do a `!shape.size` and an `index`. Given a value that holds an error,
//! the call or op fails with it instead (no event). What the host declared pure
//! (`ir::effects::PureOps`, on the context: `--pure-ops`) is no event: its
//! results are drawn from its operands alone, the same wherever it runs.
//! Drawn values are small (0–7; extents from {0, 1, 2, 3, 7}; handles
//! numbered below 2^16); tensors keep a static shape and draw dynamic
//! extents (float tensors only have a shape), and integer tensors of at
//! most 16 elements draw their elements.
//!
//! An op of no registered dialect is an uninterpreted function: its effect
//! ([`Effect::Op`]) is its name, its attributes (inherent and
//! discardable, printed in one dictionary sorted by name, without the
//! `shape.fn` link `reify-shape-library` adds) and a digest of its
//! regions, so two ops that differ in any of these are different
//! functions (and different events), and two equal ones declared pure give
//! equal results (CSE of them is valid, and the check agrees). Regions are
//! data, never run: the digest is taken from a structural walk (block
//! argument types; nested ops' names, attributes, operands, result types,
//! successors and regions) where a value defined in the regions is named by
//! its position in the walk and a value captured from outside by its
//! current value, so renumbering or renaming values, or moving
//! locations, does not change it; a pass that rewrites inside a foreign
//! op's region (folds a constant there) does. A result of a foreign type
//! is a handle ([`Value::Host`]) numbered by the draw, of the shape its
//! type shows if any (`!torch.vtensor<[?,3],f32>`: static extents kept,
//! dynamic ones drawn).
//!
//! Result shapes come from one place, [`Machine::given_result_shapes`]:
//! where it gives shapes, tensor and shaped-handle results take them
//! instead of drawing them. Today it gives the shapes an op's shape
//! function computes: an unregistered op that a `shape.function_library`
//! maps to a shape function (through the op's `shape.fn` attribute, which
//! `reify-shape-library` sets, or the `mapping` of a library of the
//! module, those of its `shape.lib` if it names any) is only defined where
//! that function succeeds: the function runs on the op's operands first
//! (a tensor or shaped handle bound to a `!shape.value_shape` parameter as
//! its shape and known elements); its failure, or an invalid shape it
//! returns, fails the function before the event, and the shapes it returns
//! are the shapes of the op's results.
//!
//! Declined (an `InterpError`): an unregistered op with successors, the
//! compile-time queries of the `reify-bounds` pass (`test.reify_bound`,
//! `test.reify_constant_bound`: they ask for a bound, which has no value at
//! run time), a result type nothing can be drawn for (a memref...), and a
//! shape function that itself performs events. A registered op the
//! interpreter has no semantics for (`math.sqrt`) is no uninterpreted
//! function: folders fold it, so drawing its results would disagree with
//! them.

use crate::foreign::foreign_shape;
use crate::machine::{
    body_ops, find_function, fits, int_element_width, is_extent_tensor_type, show, sym_name,
    Machine, Step, Stop,
};
use crate::tensor_ops::{make_tensor, tensor_shape};
use crate::value::{canonical, Effect, Event, InterpError, Value};
use ir::dialect::shape::SHAPE_FN;
use ir::{Attr, NamedAttr, OpId, OpKind, RegionId, TypeKind, ValueId};
use rustc_hash::FxHashMap;
use splitmix::SplitMix64;

/// Unregistered ops that ask a pass a question at compile time and have no
/// run-time meaning.
const COMPILE_TIME_QUERIES: [&str; 2] = ["test.reify_bound", "test.reify_constant_bound"];
/// The extents drawn shapes are made of.
const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];
/// Integer tensors of at most this many elements get drawn elements.
const MAX_DRAWN_ELEMENTS: usize = 16;
/// The largest rank drawn for a shape of unknown rank.
const MAX_DRAWN_RANK: u64 = 3;

/// Handles are numbered below this.
const HANDLES: u64 = 1 << 16;

/// FNV-1a of `text`.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The workspace's generator ([`SplitMix64`]), seeded from an event.
struct Draw(SplitMix64);

impl Draw {
    /// The generator for the event at `position` of a run: FNV-1a over the
    /// effect (with an op's attributes and region digest), the canonical
    /// operands and the position.
    fn for_event(effect: &Effect, args: &[Value], position: usize) -> Draw {
        let mut text = effect.to_string();
        for a in canonical(args) {
            text.push('\0');
            text.push_str(&a.to_string());
        }
        text.push('\0');
        text.push_str(&position.to_string());
        Draw(SplitMix64::new(digest(&text)))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A value in 0..=7.
    fn small(&mut self) -> i64 {
        (self.next() % 8) as i64
    }

    fn extent(&mut self) -> i64 {
        EXTENTS[(self.next() % EXTENTS.len() as u64) as usize]
    }

    /// A handle's number, below [`HANDLES`].
    fn handle(&mut self) -> u64 {
        self.next() % HANDLES
    }

    /// Extents for dimensions `dims` (dynamic ones drawn), or of a drawn
    /// rank when the rank is unknown.
    fn shape(&mut self, dims: Option<&[i64]>) -> Vec<i64> {
        match dims {
            Some(dims) => dims
                .iter()
                .map(|&d| match d {
                    ir::types::DYNAMIC => self.extent(),
                    d => d,
                })
                .collect(),
            None => {
                let rank = self.next() % (MAX_DRAWN_RANK + 1);
                (0..rank).map(|_| self.extent()).collect()
            }
        }
    }
}

impl<'c> Machine<'c> {
    /// Perform the effect `effect` of `op` on `args`: log the event and
    /// draw its results (of `op`'s result types; `shapes`, when given, are
    /// the shapes of its tensor results).
    pub(crate) fn perform(
        &mut self,
        op: OpId,
        effect: Effect,
        args: Vec<Value>,
        shapes: Option<Vec<Vec<i64>>>,
    ) -> Step<Vec<Value>> {
        // A host op or function cannot take an error value: it fails with
        // it, as every lowering checks the error before the call.
        if let Some(message) = args.iter().find_map(Value::error) {
            return Err(Stop::Fail(message.to_string()));
        }
        // What the host declared pure has no effect to record, and gives
        // the same results for the same arguments wherever it runs.
        let declared = self.ctx.pure_ops();
        let pure = match &effect {
            Effect::Call(callee) => declared.covers_function(callee),
            Effect::Op { name, .. } => {
                declared.covers_op(name)
                    || self.ctx.knows_foreign_ops() && ir::effects::known_pure(name)
            }
        };
        let position = if pure { 0 } else { self.events.len() };
        let mut draw = Draw::for_event(&effect, &args, position);
        let results = (0..self.ctx.op(op).results.len())
            .map(|i| {
                let shape = shapes.as_ref().and_then(|s| s.get(i)).cloned();
                let result = self.ctx.op(op).results[i];
                self.draw_value(op, self.ctx.value_type(result), shape, &mut draw)
            })
            .collect::<Step<Vec<_>>>()?;
        if !pure {
            self.events.push(Event {
                effect,
                args,
                results: results.clone(),
            });
        }
        Ok(results)
    }

    /// A drawn value of type `ty` (of shape `shape` when given, for a
    /// tensor or a handle whose type shows a shape), as a result of `op`.
    fn draw_value(
        &self,
        op: OpId,
        ty: ir::Type,
        shape: Option<Vec<i64>>,
        draw: &mut Draw,
    ) -> Step<Value> {
        let kind = self.ctx.type_kind(ty);
        Ok(match kind {
            TypeKind::Index => Value::Index(draw.small()),
            TypeKind::Integer { width, .. } if *width <= 128 => Value::Int {
                value: crate::arith_ops::wrap(draw.small().into(), *width),
                width: *width,
            },
            TypeKind::Size => Value::Size(Ok(draw.small())),
            TypeKind::Float(_) => Value::Float(draw.small() as f64),
            TypeKind::Witness => Value::Witness(Ok(())),
            TypeKind::Shape => Value::Shape(Ok(shape.unwrap_or_else(|| draw.shape(None)))),
            TypeKind::ValueShape => Value::ValueShape {
                shape: Ok(shape.unwrap_or_else(|| draw.shape(None))),
                value: None,
            },
            // An extent tensor draws as a `!shape.shape` does.
            TypeKind::RankedTensor { shape: dims, .. }
                if shape.is_none() && is_extent_tensor_type(self.ctx, kind) =>
            {
                match dims.as_slice() {
                    [n] if *n != ir::types::DYNAMIC => {
                        Value::ExtentTensor((0..*n).map(|_| draw.extent()).collect())
                    }
                    _ => Value::ExtentTensor(draw.shape(None)),
                }
            }
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => {
                let shape = shape.unwrap_or_else(|| draw.shape(kind.shape()));
                let count = shape
                    .iter()
                    .try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
                let elements = match (int_element_width(self.ctx, kind), count) {
                    (Some(_), Some(n)) if n <= MAX_DRAWN_ELEMENTS => {
                        let element = kind
                            .element_type()
                            .ok_or_else(|| self.malformed(op, "no element type"))?;
                        let values = (0..n).map(|_| self.draw_value(op, element, None, draw));
                        Some(values.collect::<Step<Vec<_>>>()?)
                    }
                    _ => None,
                };
                make_tensor(self, op, kind, shape, elements)?
            }
            TypeKind::Opaque(_) => Value::Host {
                id: draw.handle(),
                shape: shape.or_else(|| foreign_shape(kind).map(|dims| draw.shape(Some(&dims)))),
            },
            _ => {
                let name = ir::print_attr::AttrPrinter::new(self.ctx).type_to_string(ty);
                return Err(self.unsupported(op, format!("cannot draw a result of type {name}")));
            }
        })
    }

    /// An op of no registered dialect: an uninterpreted function, and an
    /// event unless declared pure (see the module's doc).
    pub(crate) fn unregistered(&mut self, op: OpId) -> Step<Vec<Value>> {
        if !self.ctx.op(op).successors.is_empty() {
            return Err(self.unsupported(op, "an op of no registered dialect with successors"));
        }
        if COMPILE_TIME_QUERIES.contains(&self.ctx.op_name(op)) {
            return Err(self.unsupported(op, "a compile-time query, with no run-time value"));
        }
        let args = self.operands(op)?;
        let shapes = self.given_result_shapes(op, &args)?;
        let effect = self.op_effect(op)?;
        let results = self.perform(op, effect, args.clone(), shapes)?;
        Ok(self.with_rule_elements(op, &args, results))
    }

    /// The shapes of `op`'s results when something other than the draw
    /// gives them: one per result, in order (those of results that are no
    /// tensor or shaped handle are not used); `None` when nothing does, and
    /// the shapes are drawn.
    ///
    /// This is the one place result shapes of an op of no registered
    /// dialect come from. Two sources, in order: the shape function a
    /// `shape.function_library` maps `op` to (see the module's doc), run on
    /// `args`, the op's operand values; then the built-in rule of a
    /// StableHLO, MHLO or CHLO op (`host_ops`). A source fails the run
    /// (`Err`, before the op's event) where the op is not defined (its
    /// shape function fails, a requirement of its rule breaks), gives a
    /// shape a result's type does not allow (undefined behaviour), or
    /// cannot be evaluated (an `InterpError`).
    pub(crate) fn given_result_shapes(
        &mut self,
        op: OpId,
        args: &[Value],
    ) -> Step<Option<Vec<Vec<i64>>>> {
        match self.shape_function(op)? {
            Some((function, value_shapes)) => self
                .result_shapes(op, function, value_shapes, args)
                .map(Some),
            None => self.rule_result_shapes(op, args),
        }
    }

    /// What the op of no registered dialect `op` is as a function: its
    /// name, attributes and regions.
    fn op_effect(&self, op: OpId) -> Step<Effect> {
        let data = self.ctx.op(op);
        let regions = match data.regions.is_empty() {
            true => None,
            false => Some(digest(&self.regions_text(op)?)),
        };
        Ok(Effect::Op {
            name: self.ctx.op_name(op).to_string(),
            attributes: self.attributes_text(op),
            regions,
        })
    }

    /// `op`'s attributes, inherent and discardable, as printed in one
    /// dictionary sorted by name (`{axis = 1 : i64}`), without the
    /// `shape.fn` link `reify-shape-library` adds; empty when there are
    /// none.
    fn attributes_text(&self, op: OpId) -> String {
        let data = self.ctx.op(op);
        let mut attrs: Vec<NamedAttr> = data
            .props
            .iter()
            .chain(&data.attrs)
            .filter(|(name, _)| &**name != SHAPE_FN)
            .cloned()
            .collect();
        if attrs.is_empty() {
            return String::new();
        }
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut text = String::from("{");
        ir::print_attr::AttrPrinter::new(self.ctx).write_named_attrs(&mut text, &attrs);
        text.push('}');
        text
    }

    /// The text the digest of `op`'s regions is taken from: every block's
    /// argument types and every nested op's name, attributes, operands,
    /// result types, successors and regions, in order. A value defined in
    /// the regions is named by its position in that order, one defined
    /// outside (captured) by the canonical form of its current value: the
    /// text depends on what the regions compute and from what, not on how
    /// values are numbered or named, nor on locations.
    fn regions_text(&self, op: OpId) -> Step<String> {
        let mut numbers = FxHashMap::default();
        self.number_values(op, &mut numbers, 0)?;
        let mut text = String::new();
        self.write_regions(op, &numbers, &mut text)?;
        Ok(text)
    }

    /// Number the values defined in `op`'s regions, in order, from
    /// `numbers.len()`; `depth` is how deep in nested regions `op` is.
    fn number_values(
        &self,
        op: OpId,
        numbers: &mut FxHashMap<ValueId, usize>,
        depth: usize,
    ) -> Step<()> {
        if depth > self.limits.depth {
            return Err(Stop::Error(InterpError::Limit(format!(
                "regions of '{}' nested more than {} deep",
                self.ctx.op_name(op),
                self.limits.depth
            ))));
        }
        for block in self.blocks_of(op) {
            for &arg in &self.ctx.block(block).args {
                let next = numbers.len();
                numbers.entry(arg).or_insert(next);
            }
            for inner in self.ctx.block_ops(block) {
                for &result in &self.ctx.op(inner).results {
                    let next = numbers.len();
                    numbers.entry(result).or_insert(next);
                }
                self.number_values(inner, numbers, depth + 1)?;
            }
        }
        Ok(())
    }

    /// The blocks of `op`'s regions, in order.
    fn blocks_of(&self, op: OpId) -> impl Iterator<Item = ir::BlockId> + 'c {
        let ctx = self.ctx;
        ctx.op(op)
            .regions
            .iter()
            .flat_map(move |&r: &RegionId| ctx.region(r).blocks.iter().copied())
    }

    /// Append the text of `op`'s regions (see [`Self::regions_text`]).
    fn write_regions(
        &self,
        op: OpId,
        numbers: &FxHashMap<ValueId, usize>,
        out: &mut String,
    ) -> Step<()> {
        let printer = ir::print_attr::AttrPrinter::new(self.ctx);
        for &region in &self.ctx.op(op).regions {
            out.push('{');
            let blocks = &self.ctx.region(region).blocks;
            for &block in blocks {
                out.push_str("^(");
                for &arg in &self.ctx.block(block).args {
                    printer.write_type(out, self.ctx.value_type(arg));
                    out.push(',');
                }
                out.push(')');
                for inner in self.ctx.block_ops(block) {
                    let data = self.ctx.op(inner);
                    out.push_str(self.ctx.op_name(inner));
                    out.push_str(&self.attributes_text(inner));
                    out.push('(');
                    for &operand in &data.operands {
                        match numbers.get(&operand) {
                            Some(n) => out.push_str(&format!("%{n},")),
                            None => {
                                let value = self.get(inner, operand)?.canonical();
                                out.push_str(&format!("<{value}>,"));
                            }
                        }
                    }
                    out.push_str(")->(");
                    for &result in &data.results {
                        printer.write_type(out, self.ctx.value_type(result));
                        out.push(',');
                    }
                    out.push(')');
                    for successor in &data.successors {
                        let index = blocks.iter().position(|b| b == successor);
                        out.push_str(&format!("^{},", index.map_or(-1, |i| i as i64)));
                    }
                    self.write_regions(inner, numbers, out)?;
                    out.push(';');
                }
            }
            out.push('}');
        }
        Ok(())
    }

    /// The shape function of `op`, and whether it takes tensors as
    /// `!shape.value_shape`s (a library function) rather than as they are
    /// (an instance `reify-shape-library` made).
    fn shape_function(&self, op: OpId) -> Step<Option<(OpId, bool)>> {
        if let Some(attr) = self.attr(op, SHAPE_FN) {
            let name = attr
                .as_symbol()
                .ok_or_else(|| self.malformed(op, "'shape.fn' is not a flat symbol"))?;
            let f = find_function(self.ctx, self.module, name, None).ok_or_else(|| {
                self.malformed(op, format!("'shape.fn' names no function @{name}"))
            })?;
            return Ok(Some((f, false)));
        }
        let named: Option<Vec<&str>> = match self.ctx.attr(self.module, "shape.lib") {
            Some(Attr::Array(items)) => Some(items.iter().filter_map(Attr::as_symbol).collect()),
            Some(lib) => Some(lib.as_symbol().into_iter().collect()),
            None => None,
        };
        let libraries = body_ops(self.ctx, self.module).filter(|&o| {
            self.ctx.kind(o) == OpKind::ShapeFunctionLibrary
                && named
                    .as_ref()
                    .is_none_or(|names| sym_name(self.ctx, o).is_some_and(|n| names.contains(&n)))
        });
        let name = self.ctx.op_name(op);
        for library in libraries {
            let Some(Attr::Dict(mapping)) = self.ctx.attr(library, "mapping") else {
                continue;
            };
            let Some((_, target)) = mapping.iter().find(|(key, _)| &**key == name) else {
                continue;
            };
            let function = target.as_symbol().and_then(|t| {
                body_ops(self.ctx, library).find(|&f| sym_name(self.ctx, f) == Some(t))
            });
            let function =
                function.ok_or_else(|| self.malformed(op, "its library maps it to no function"))?;
            return Ok(Some((function, true)));
        }
        Ok(None)
    }

    /// The shapes `function` gives the results of `op` on `args`; its
    /// failure, or an invalid shape, fails the run.
    fn result_shapes(
        &mut self,
        op: OpId,
        function: OpId,
        value_shapes: bool,
        args: &[Value],
    ) -> Step<Vec<Vec<i64>>> {
        // A function without a body has no parameters here; the call
        // below reports it.
        let params = crate::machine::entry_block(self.ctx, function)
            .map(|b| self.ctx.block(b).args.clone())
            .unwrap_or_default();
        let bound = args
            .iter()
            .zip(&params)
            .map(|(a, &p)| {
                match (
                    value_shapes,
                    self.kind_of(p),
                    tensor_shape(a).or_else(|| handle_shape(a)),
                ) {
                    (true, TypeKind::ValueShape, Some(shape)) => {
                        let elements = match a {
                            Value::ExtentTensor(e) => Some(e.clone()),
                            Value::Tensor {
                                elements: Some(e), ..
                            } => e
                                .iter()
                                .map(|v| {
                                    crate::arith_ops::int_value(v)
                                        .and_then(|v| i64::try_from(v).ok())
                                })
                                .collect(),
                            _ => None,
                        };
                        Value::ValueShape {
                            shape: Ok(shape),
                            value: elements,
                        }
                    }
                    _ => a.clone(),
                }
            })
            .collect();
        let before = self.events.len();
        let results = self.call(function, bound)?;
        let results =
            crate::machine::without_status(self.ctx, function, results).map_err(Stop::Fail)?;
        if self.events.len() != before {
            return Err(self.unsupported(op, "its shape function performs events"));
        }
        let result_count = self.ctx.op(op).results.len();
        if results.len() != result_count {
            return Err(self.unsupported(
                op,
                format!(
                    "its shape function gives {} shapes for {result_count} results",
                    results.len()
                ),
            ));
        }
        results
            .into_iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::Shape(Ok(s)) | Value::ExtentTensor(s) => {
                    let kind = self.result_kind(op, i)?;
                    let dims = kind.shape().map(<[i64]>::to_vec).or_else(|| foreign_shape(kind));
                    match dims.is_none_or(|dims| fits(&dims, &s)) {
                        true => Ok(s),
                        false => Err(Stop::Undefined(format!(
                            "'{}' given shape {} by its shape function, which its result type does not allow",
                            self.ctx.op_name(op),
                            show(&s)
                        ))),
                    }
                }
                Value::Shape(Err(message)) => Err(Stop::Fail(message)),
                other => Err(self.unsupported(
                    op,
                    format!("its shape function gives {other}, not a shape"),
                )),
            })
            .collect()
    }
}

/// The shape of a handle whose type shows one.
fn handle_shape(v: &Value) -> Option<Vec<i64>> {
    match v {
        Value::Host { shape, .. } => shape.clone(),
        _ => None,
    }
}
