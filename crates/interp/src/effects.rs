//! Side effects as observable events.
//!
//! Two things a function may do that the interpreter cannot see into are
//! *events*: a `func.call` of a function declared without a body
//! (`func.func private @log(i64)`), and an op of no registered dialect
//! (`"foo.print"(%x)`; nothing says such an op is pure). Each is appended,
//! in execution order, to the run's event list with its operand values,
//! and its results are drawn: a function of the effect, the canonical
//! forms of the operands and the event's position in the run, so that two
//! runs of one input that perform the same events get the same results
//! whatever the stage: operands compare in canonical form, and a
//! `!shape.shape` and a `tensor<?xindex>` result draw the same extents, as
//! do a `!shape.size` and an `index`. Given a value that holds an error,
//! the call or op fails with it instead (no event). What the host declared pure
//! (`ir::effects::PureOps`, on the context: `--pure-ops`) is no event: its
//! results are drawn from its operands alone, the same wherever it runs.
//! Drawn values are small (0–7; extents from {0, 1, 2, 3, 7}); tensors
//! keep a static shape and draw dynamic extents, and integer tensors of at
//! most 16 elements draw their elements.
//!
//! An unregistered op that a `shape.function_library` maps to a shape
//! function (through the op's `shape.fn` attribute, which
//! `reify-shape-library` sets, or the `mapping` of a library of the
//! module, those of its `shape.lib` if it names any) is only defined where
//! that function succeeds: the function runs on the op's operands first
//! (a tensor bound to a `!shape.value_shape` parameter as its shape and
//! known elements); its failure, or an invalid shape it returns, fails the
//! function before the event, and the shapes it returns are the shapes of
//! the op's results.
//!
//! Declined (an `InterpError`): an unregistered op with regions or
//! successors, the compile-time queries of the `reify-bounds` pass
//! (`test.reify_bound`, `test.reify_constant_bound`: they ask for a bound,
//! which has no value at run time), a result type nothing can be drawn for
//! (a memref...), and a shape function that itself performs events.

use crate::machine::{
    body_ops, find_function, fits, int_element_width, is_extent_tensor_type, show, sym_name,
    Machine, Step, Stop,
};
use crate::tensor_ops::{make_tensor, tensor_shape};
use crate::value::{canonical, Effect, Event, Value};
use ir::dialect::shape::SHAPE_FN;
use ir::{Attr, OpId, OpKind, TypeKind};

/// Unregistered ops that ask a pass a question at compile time and have no
/// run-time meaning.
const COMPILE_TIME_QUERIES: [&str; 2] = ["test.reify_bound", "test.reify_constant_bound"];
/// The extents drawn shapes are made of.
const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];
/// Integer tensors of at most this many elements get drawn elements.
const MAX_DRAWN_ELEMENTS: usize = 16;
/// The largest rank drawn for a shape of unknown rank.
const MAX_DRAWN_RANK: u64 = 3;

/// A small deterministic generator (splitmix64), seeded from an event.
struct Draw(u64);

impl Draw {
    /// The generator for the event at `position` of a run: FNV-1a over the
    /// effect, the canonical operands and the position.
    fn for_event(effect: &Effect, args: &[Value], position: usize) -> Draw {
        let mut text = effect.to_string();
        for a in canonical(args) {
            text.push('\0');
            text.push_str(&a.to_string());
        }
        text.push('\0');
        text.push_str(&position.to_string());
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        Draw(hash)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in 0..=7.
    fn small(&mut self) -> i64 {
        (self.next() % 8) as i64
    }

    fn extent(&mut self) -> i64 {
        EXTENTS[(self.next() % EXTENTS.len() as u64) as usize]
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

impl Machine<'_> {
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
            Effect::Op(name) => declared.covers_op(name),
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
    /// tensor), as a result of `op`.
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
            TypeKind::Opaque(_) => Value::Host(draw.small().unsigned_abs()),
            _ => {
                let name = ir::print_attr::AttrPrinter::new(self.ctx).type_to_string(ty);
                return Err(self.unsupported(op, format!("cannot draw a result of type {name}")));
            }
        })
    }

    /// An op of no registered dialect: an event (see the module's doc).
    pub(crate) fn unregistered(&mut self, op: OpId) -> Step<Vec<Value>> {
        let data = self.ctx.op(op);
        if !data.regions.is_empty() || !data.successors.is_empty() {
            return Err(self.unsupported(
                op,
                "an op of no registered dialect with regions or successors",
            ));
        }
        if COMPILE_TIME_QUERIES.contains(&self.ctx.op_name(op)) {
            return Err(self.unsupported(op, "a compile-time query, with no run-time value"));
        }
        let args = self.operands(op)?;
        let shapes = match self.shape_function(op)? {
            Some((function, value_shapes)) => {
                Some(self.result_shapes(op, function, value_shapes, &args)?)
            }
            None => None,
        };
        let effect = Effect::Op(self.ctx.op_name(op).to_string());
        self.perform(op, effect, args, shapes)
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
            .map(
                |(a, &p)| match (value_shapes, self.kind_of(p), tensor_shape(a)) {
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
                },
            )
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
                    let dims = self.result_kind(op, i)?.shape();
                    match dims.is_none_or(|dims| fits(dims, &s)) {
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
