//! The lowering of each shape op: straight-line code on extents where the
//! ranks it needs are known at the op, loops otherwise.

use super::build::Body;
use super::{error_at, internal_error_at, Lowered, Lowering, Shape, Source};
use analysis::ranks::constant_int;
use analysis::strict_extents::STRICT_FAILURE;
use diag::Diagnostic;
use ir::builder::Build;
use ir::dialect::arith::CmpIPredicate;
use ir::{Attr, OpId, OpKind, ValueId};

/// The ops [`Lowering::lower_shape_op`] lowers only with the operands it
/// matches (those with a case of their own), and the ops it does not lower:
/// ops that carry errors, ops of other dialects.
macro_rules! ops_not_lowered_here {
    () => {
        OpKind::ShapeAdd
            | OpKind::ShapeAny
            | OpKind::ShapeConcat
            | OpKind::ShapeConstShape
            | OpKind::ShapeConstSize
            | OpKind::ShapeDebugPrint
            | OpKind::ShapeDim
            | OpKind::ShapeDiv
            | OpKind::ShapeFromExtentTensor
            | OpKind::ShapeGetExtent
            | OpKind::ShapeIndexToSize
            | OpKind::ShapeMax
            | OpKind::ShapeMin
            | OpKind::ShapeMul
            | OpKind::ShapeNumElements
            | OpKind::ShapeRank
            | OpKind::ShapeReduce
            | OpKind::ShapeShapeOf
            | OpKind::ShapeSizeToIndex
            | OpKind::ShapeSplitAt
            | OpKind::ShapeToExtentTensor
            | ir::arith_ops!()
            | ir::control_and_memory_ops!()
            | ir::shape_witness_ops!()
            | OpKind::ShapeFromExtents
            | OpKind::ShapeMeet
            | ir::shape_value_shape_ops!()
            | OpKind::ShapeFunc
            | OpKind::ShapeFunctionLibrary
            | OpKind::ShapeReturn
            | OpKind::ShapeYield
            | ir::tensor_ops!()
            | OpKind::Unregistered
    };
}

impl<'a> Lowering<'a> {
    /// Lower shape op `op` at the cursor: what stands for each result.
    pub(super) fn lower_shape_op(&mut self, op: OpId) -> Result<Vec<Lowered>, Diagnostic> {
        let kind = self.ctx.kind(op);
        let operands = self.ctx.op(op).operands.to_vec();
        let scalar = |l: ValueId| Lowered::Scalar(l);
        let shape = |s: Shape| Lowered::Shape(s);
        Ok(match (kind, operands.as_slice()) {
            (OpKind::ShapeShapeOf, &[t]) => {
                let t = self.value(t)?;
                if !self.ctx.type_kind(self.ctx.value_type(t)).is_tensor() {
                    return Err(error_at(
                        self.ctx,
                        op,
                        "takes the shape of a value that is not a tensor",
                    ));
                }
                vec![shape(Shape::Of(t))]
            }
            (OpKind::ShapeConstShape, []) => {
                let extents = self
                    .ctx
                    .attr(op, "shape")
                    .and_then(|a| fold::extents(self.ctx, a))
                    .ok_or_else(|| error_at(self.ctx, op, "has no constant extents"))?;
                let extents = extents.into_iter().map(|e| self.constant(e)).collect();
                vec![shape(Shape::Extents(extents))]
            }
            (OpKind::ShapeConstSize, []) => {
                let n = self
                    .ctx
                    .attr(op, "value")
                    .and_then(fold::int_of)
                    .and_then(|n| i64::try_from(n).ok())
                    .ok_or_else(|| error_at(self.ctx, op, "has no constant value"))?;
                vec![scalar(self.constant(n))]
            }
            (
                OpKind::ShapeToExtentTensor
                | OpKind::ShapeFromExtentTensor
                | OpKind::ShapeIndexToSize
                | OpKind::ShapeSizeToIndex
                | OpKind::ShapeDebugPrint,
                &[x],
            ) => vec![self.lookup(x)],
            // MLIR leaves `any` of operands that differ undefined: the one
            // whose rank is known (the rank analysis's choice too), so that
            // its extents are read within that rank; else the first.
            (OpKind::ShapeAny, [first, ..]) => {
                let chosen = operands
                    .iter()
                    .copied()
                    .find(|&o| self.known_rank(o).is_some());
                vec![self.lookup(chosen.unwrap_or(*first))]
            }
            (OpKind::ShapeRank, &[s]) => vec![scalar(self.rank_value(s))],
            (OpKind::ShapeDim, &[t, i]) => {
                let (t, i) = (self.value(t)?, self.scalar(i));
                vec![scalar(self.dim_at(t, i))]
            }
            (OpKind::ShapeGetExtent, &[s, i]) => vec![scalar(self.get_extent(s, i)?)],
            (OpKind::ShapeSplitAt, &[s, i]) => {
                let (head, tail) = self.split_at(s, i)?;
                vec![shape(head), shape(tail)]
            }
            (OpKind::ShapeConcat, &[a, b]) => vec![shape(self.concat_shapes(a, b)?)],
            (OpKind::ShapeBroadcast, shapes) => vec![shape(self.broadcast(op, shapes)?)],
            (OpKind::ShapeIsBroadcastable, shapes) => {
                vec![scalar(self.is_broadcastable(op, shapes)?)]
            }
            (OpKind::ShapeShapeEq, shapes) => vec![scalar(self.shape_eq(shapes)?)],
            (OpKind::ShapeNumElements, &[s]) => vec![scalar(self.num_elements(s)?)],
            (OpKind::ShapeAdd, &[a, b]) => vec![self.arith_on_sizes(OpKind::ArithAddi, a, b)],
            (OpKind::ShapeMul, &[a, b]) => vec![self.arith_on_sizes(OpKind::ArithMuli, a, b)],
            (OpKind::ShapeDiv, &[a, b]) => vec![self.arith_on_sizes(OpKind::ArithFloordivsi, a, b)],
            // Of sizes: max and min of shapes fail on different ranks, and
            // `refuse_error_values` declined them.
            (OpKind::ShapeMax, &[a, b]) => vec![self.arith_on_sizes(OpKind::ArithMaxsi, a, b)],
            (OpKind::ShapeMin, &[a, b]) => vec![self.arith_on_sizes(OpKind::ArithMinsi, a, b)],
            (OpKind::ShapeReduce, [s, inits @ ..]) => self.reduce(op, *s, inits)?,
            // Those ops with other operands, and every other op: ops that
            // carry errors (`shape.meet`) among them.
            (ops_not_lowered_here!(), _) => {
                return Err(error_at(self.ctx, op, "cannot be lowered to std form"))
            }
        })
    }

    /// The `arith` op of `kind` on sizes `a` and `b`.
    fn arith_on_sizes(&mut self, kind: OpKind, a: ValueId, b: ValueId) -> Lowered {
        let (a, b) = (self.scalar(a), self.scalar(b));
        Lowered::Scalar(self.binary(kind, a, b))
    }

    /// Extent `i` of shape `s`: one of its extents at a constant index
    /// below a known rank, else read at the index.
    fn get_extent(&mut self, s: ValueId, i: ValueId) -> Result<ValueId, Diagnostic> {
        let index = self.scalar(i);
        let constant = constant_int(self.ctx, index).and_then(|j| usize::try_from(j).ok());
        if let (Some(n), Some(j)) = (self.known_rank(s), constant) {
            if let Some(&extent) = self.extents(s, n).get(j) {
                return Ok(extent);
            }
        }
        let source = self.source(s)?;
        Ok(self.read(source, index))
    }

    /// `split_at(s, i)`: its head and tail; lists of extents at a known
    /// rank and a constant index, slices of `s` read where they are used
    /// otherwise.
    fn split_at(&mut self, s: ValueId, i: ValueId) -> Result<(Shape, Shape), Diagnostic> {
        let index = self.scalar(i);
        if let (Some(n), Some(i)) = (self.known_rank(s), constant_int(self.ctx, index)) {
            let at = if i < 0 {
                i.checked_add(n as i64)
            } else {
                Some(i)
            };
            if let Some(at) = at.and_then(|a| usize::try_from(a).ok()).filter(|&a| a <= n) {
                let mut head = self.extents(s, n);
                let tail = head.split_off(at);
                return Ok((Shape::Extents(head), Shape::Extents(tail)));
            }
        }
        // At a runtime index: `at = i < 0 ? i + rank : i` (undefined, as in
        // the interpreter, when `at` is out of range).
        let rank = self.rank_value(s);
        let zero = self.constant(0);
        let negative = self.cmp(CmpIPredicate::Slt, index, zero);
        let from_back = self.binary(OpKind::ArithAddi, index, rank);
        let at = self.select(negative, from_back, index);
        let from = self.source(s)?;
        let rest = self.binary(OpKind::ArithSubi, rank, at);
        let offset = self.binary(OpKind::ArithAddi, from.offset, at);
        let tail_from = Source {
            base: from.base,
            offset,
        };
        Ok((
            Shape::Slice { from, length: at },
            Shape::Slice {
                from: tail_from,
                length: rest,
            },
        ))
    }

    fn concat_shapes(&mut self, a: ValueId, b: ValueId) -> Result<Shape, Diagnostic> {
        if let (Some(m), Some(n)) = (self.known_rank(a), self.known_rank(b)) {
            let mut extents = self.extents(a, m);
            extents.extend(self.extents(b, n));
            return Ok(Shape::Extents(extents));
        }
        let parts = [self.tensor(a)?, self.tensor(b)?];
        Ok(Shape::Tensor(self.concat(&parts)))
    }

    /// The extents of all `shapes`, if every rank is known here.
    fn all_extents(&mut self, shapes: &[ValueId]) -> Option<Vec<Vec<ValueId>>> {
        let ranks: Vec<usize> = shapes
            .iter()
            .map(|&s| self.known_rank(s))
            .collect::<Option<_>>()?;
        Some(
            shapes
                .iter()
                .zip(ranks)
                .map(|(&s, n)| self.extents(s, n))
                .collect(),
        )
    }

    /// The broadcast extent of `candidates` (the extents of one result
    /// dimension) where they broadcast: the last one that is not 1, or 1
    /// (every other one is then 1 or equal to it). No select past an
    /// extent known not to be 1: it is the result.
    fn broadcast_extent(&mut self, candidates: &[ValueId]) -> ValueId {
        let mut result = self.constant(1);
        for &e in candidates {
            result = if constant_int(self.ctx, result) == Some(1) || self.known_not_one(e) {
                e
            } else {
                let one = self.equals(e, 1);
                self.select(one, result, e)
            };
        }
        result
    }

    /// Per result dimension (numpy's right alignment), the extents of
    /// `shapes` that reach it, but for constant 1s (which change neither
    /// the broadcast nor whether it exists).
    fn aligned(&self, shapes: &[Vec<ValueId>]) -> Vec<Vec<ValueId>> {
        let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
        (0..rank)
            .map(|j| {
                shapes
                    .iter()
                    .filter_map(|e| e.get((j + e.len()).checked_sub(rank)?).copied())
                    .filter(|&e| constant_int(self.ctx, e) != Some(1))
                    .collect()
            })
            .collect()
    }

    /// Per dimension of the result of broadcast-family `op` of `shapes`,
    /// if every rank is known here, the extents that decide it: those that
    /// reach it but for constant 1s. Under strict symbolic shapes a
    /// dimension's strict extents are asserted equal first
    /// ([`analysis::strict_extents::StrictExtents::checks`]), and the
    /// first stands for them all and for every operand they alone reach.
    fn deciding_extents(
        &mut self,
        op: OpId,
        shapes: &[ValueId],
    ) -> Result<Option<Vec<Vec<ValueId>>>, Diagnostic> {
        let checks = self.strict.checks(self.ctx, op);
        let all = match checks.is_empty() {
            true => self.all_extents(shapes),
            // The analysis knows every rank where it checks.
            false => Some(
                shapes
                    .iter()
                    .map(|&s| self.extents_known_to_strict(s))
                    .collect(),
            ),
        };
        let Some(all) = all else {
            return Ok(None);
        };
        let rank = all.iter().map(Vec::len).max().unwrap_or(0);
        let mut columns = self.aligned(&all);
        let mut equal = Vec::with_capacity(checks.len());
        for check in checks {
            let strict: Option<Vec<ValueId>> = check
                .strict
                .iter()
                .map(|leaf| {
                    self.extents_known_to_strict(leaf.shape)
                        .get(leaf.index)
                        .copied()
                })
                .collect();
            let loose: Option<Vec<ValueId>> = check
                .loose
                .iter()
                .map(|&operand| {
                    let extents = all.get(operand)?;
                    let index = (check.dimension + extents.len()).checked_sub(rank)?;
                    extents.get(index).copied()
                })
                .collect();
            let (Some(strict), Some(loose), Some(column)) =
                (strict, loose, columns.get_mut(check.dimension))
            else {
                return Err(internal_error_at(
                    self.ctx,
                    op,
                    "strict symbolic shapes checks an extent the lowering does not know",
                ));
            };
            *column = strict.iter().take(1).chain(&loose).copied().collect();
            equal.push(strict);
        }
        self.assert_equal(equal);
        Ok(Some(columns))
    }

    /// The extents of shape `v` of the input, as many as strict symbolic
    /// shapes knows it to have.
    fn extents_known_to_strict(&mut self, v: ValueId) -> Vec<ValueId> {
        let n = self.strict.rank(v).unwrap_or(0);
        self.extents(v, n)
    }

    /// One `cf.assert` that the extents of each of `sets` are equal, with
    /// the failure of strict symbolic shapes, unless it was asserted in this
    /// block or one around it.
    fn assert_equal(&mut self, sets: Vec<Vec<ValueId>>) {
        if sets.is_empty() || self.scopes.iter().any(|s| s.asserted.contains(&sets)) {
            return;
        }
        let mut equalities = Vec::new();
        for set in &sets {
            if let Some((&first, rest)) = set.split_first() {
                for &e in rest.iter().filter(|&&e| e != first) {
                    equalities.push(self.cmp(CmpIPredicate::Eq, first, e));
                }
            }
        }
        let condition = self.all(&equalities);
        if constant_int(self.ctx, condition) != Some(1) {
            let message = Attr::String(STRICT_FAILURE.as_bytes().to_vec());
            self.build(
                OpKind::CfAssert,
                &[condition],
                &[],
                vec![("msg", message)],
                Vec::new(),
            );
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.asserted.insert(sets);
        }
    }

    fn broadcast(&mut self, op: OpId, shapes: &[ValueId]) -> Result<Shape, Diagnostic> {
        if let Some(columns) = self.deciding_extents(op, shapes)? {
            let extents = columns
                .iter()
                .map(|candidates| self.broadcast_extent(candidates))
                .collect();
            return Ok(Shape::Extents(extents));
        }
        let (sources, offsets, rank) = self.aligned_sources(shapes)?;
        let t = self.generate(
            rank,
            Box::new(move |this, j| {
                let candidates = this.aligned_extents(&sources, &offsets, j[0])?;
                Ok(vec![this.broadcast_extent(&candidates)])
            }),
        )?;
        Ok(Shape::Tensor(t))
    }

    /// Whether the extents of one dimension broadcast: each is 1 or the
    /// broadcast extent (which the last one that is not 1 is); an extent
    /// known not to be 1 must be that one.
    fn dimension_broadcasts(&mut self, candidates: &[ValueId]) -> ValueId {
        let result = self.broadcast_extent(candidates);
        let mut checks = Vec::new();
        let others = candidates
            .split_last()
            .map_or(&[][..], |(_, others)| others);
        for &e in others {
            let check = if self.known_not_one(e) {
                self.cmp(CmpIPredicate::Eq, e, result)
            } else {
                let one = self.equals(e, 1);
                let same = self.cmp(CmpIPredicate::Eq, e, result);
                self.binary(OpKind::ArithOri, one, same)
            };
            checks.push(check);
        }
        self.all(&checks)
    }

    fn is_broadcastable(&mut self, op: OpId, shapes: &[ValueId]) -> Result<ValueId, Diagnostic> {
        if let Some(columns) = self.deciding_extents(op, shapes)? {
            let checks: Vec<ValueId> = columns
                .iter()
                .map(|candidates| self.dimension_broadcasts(candidates))
                .collect();
            return Ok(self.all(&checks));
        }
        let (sources, offsets, rank) = self.aligned_sources(shapes)?;
        let yes = self.boolean(true);
        let ok = self.for_loop(
            rank,
            &[yes],
            Box::new(move |this, args| {
                let candidates = this.aligned_extents(&sources, &offsets, args[0])?;
                let here = this.dimension_broadcasts(&candidates);
                Ok(vec![this.binary(OpKind::ArithAndi, args[1], here)])
            }),
        )?;
        Ok(ok[0])
    }

    /// For a loop over the dimensions of the broadcast of `shapes` (of
    /// unknown ranks): where their extents are read, how far each is
    /// shifted right (the result rank minus its rank), and the result rank.
    fn aligned_sources(
        &mut self,
        shapes: &[ValueId],
    ) -> Result<(Vec<Source>, Vec<ValueId>, ValueId), Diagnostic> {
        let sources: Vec<Source> = shapes
            .iter()
            .map(|&s| self.source(s))
            .collect::<Result<_, _>>()?;
        let ranks: Vec<ValueId> = shapes.iter().map(|&s| self.rank_value(s)).collect();
        let rank = match ranks.split_first() {
            Some((&first, rest)) => rest
                .iter()
                .fold(first, |acc, &r| self.binary(OpKind::ArithMaxui, acc, r)),
            None => self.constant(0),
        };
        let offsets = ranks
            .iter()
            .map(|&r| self.binary(OpKind::ArithSubi, rank, r))
            .collect();
        Ok((sources, offsets, rank))
    }

    /// In a loop body at dimension `j` of the broadcast: each shape's
    /// extent there, 1 where it has none.
    fn aligned_extents(
        &mut self,
        sources: &[Source],
        offsets: &[ValueId],
        j: ValueId,
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let index = ir::dialect::index(self.ctx);
        sources
            .iter()
            .zip(offsets)
            .map(|(&source, &offset)| {
                let inside = self.cmp(CmpIPredicate::Uge, j, offset);
                let extent = self.if_else(
                    inside,
                    &[index],
                    Box::new(move |this, _| {
                        let k = this.binary(OpKind::ArithSubi, j, offset);
                        Ok(vec![this.read(source, k)])
                    }),
                    Box::new(|this, _| Ok(vec![this.constant(1)])),
                )?;
                Ok(extent[0])
            })
            .collect()
    }

    /// Whether shapes given by their extents are equal.
    fn equal_extents(&mut self, all: &[Vec<ValueId>]) -> ValueId {
        let Some((first, rest)) = all.split_first() else {
            return self.boolean(true);
        };
        if rest.iter().any(|e| e.len() != first.len()) {
            return self.boolean(false);
        }
        let mut checks = Vec::new();
        for e in rest {
            for (&a, &b) in first.iter().zip(e) {
                checks.push(self.cmp(CmpIPredicate::Eq, a, b));
            }
        }
        self.all(&checks)
    }

    fn shape_eq(&mut self, shapes: &[ValueId]) -> Result<ValueId, Diagnostic> {
        if let Some(all) = self.all_extents(shapes) {
            return Ok(self.equal_extents(&all));
        }
        // Equal ranks first: only then are the extents read (straight-line
        // if one of the ranks is known, in a loop otherwise).
        let known = shapes.iter().find_map(|&s| self.known_rank(s));
        let ranks: Vec<ValueId> = shapes.iter().map(|&s| self.rank_value(s)).collect();
        let Some(&rank) = ranks.first() else {
            return Ok(self.boolean(true));
        };
        let rank = known.map_or(rank, |n| self.constant(n as i64));
        let same_ranks: Vec<ValueId> = ranks
            .iter()
            .map(|&r| self.cmp(CmpIPredicate::Eq, r, rank))
            .collect();
        let same_rank = self.all(&same_ranks);
        let same_extents: Box<Body<'_, 'a>> = match known {
            Some(n) => {
                let shapes = shapes.to_vec();
                Box::new(move |this, _| {
                    let all: Vec<Vec<ValueId>> =
                        shapes.iter().map(|&s| this.extents(s, n)).collect();
                    Ok(vec![this.equal_extents(&all)])
                })
            }
            None => {
                let sources: Vec<Source> = shapes
                    .iter()
                    .map(|&s| self.source(s))
                    .collect::<Result<_, _>>()?;
                Box::new(move |this, _| {
                    let yes = this.boolean(true);
                    this.for_loop(
                        rank,
                        &[yes],
                        Box::new(move |this, args| {
                            let extents: Vec<Vec<ValueId>> = sources
                                .iter()
                                .map(|&source| vec![this.read(source, args[0])])
                                .collect();
                            let here = this.equal_extents(&extents);
                            Ok(vec![this.binary(OpKind::ArithAndi, args[1], here)])
                        }),
                    )
                })
            }
        };
        let i1 = ir::dialect::i1(self.ctx);
        let eq = self.if_else(
            same_rank,
            &[i1],
            same_extents,
            Box::new(|this, _| Ok(vec![this.boolean(false)])),
        )?;
        Ok(eq[0])
    }

    fn num_elements(&mut self, s: ValueId) -> Result<ValueId, Diagnostic> {
        if let Some(n) = self.known_rank(s) {
            let extents = self.extents(s, n);
            return Ok(self.product(&extents));
        }
        let source = self.source(s)?;
        let rank = self.rank_value(s);
        let one = self.constant(1);
        let product = self.for_loop(
            rank,
            &[one],
            Box::new(move |this, args| {
                let e = this.read(source, args[0]);
                Ok(vec![this.binary(OpKind::ArithMuli, args[1], e)])
            }),
        )?;
        Ok(product[0])
    }

    /// `shape.reduce`: its body once per extent, unrolled when the rank is
    /// known, in an `scf.for` otherwise.
    fn reduce(
        &mut self,
        op: OpId,
        s: ValueId,
        inits: &[ValueId],
    ) -> Result<Vec<Lowered>, Diagnostic> {
        let accumulators: Vec<Lowered> = inits.iter().map(|&v| self.lookup(v)).collect();
        if let Some(n) = self.known_rank(s) {
            let extents = self.extents(s, n);
            let mut accumulators = accumulators;
            for (j, e) in extents.into_iter().enumerate() {
                let mut arguments =
                    vec![Lowered::Scalar(self.constant(j as i64)), Lowered::Scalar(e)];
                arguments.extend(accumulators);
                accumulators = self.lower_copy(op, arguments)?;
            }
            return Ok(accumulators);
        }
        let source = self.source(s)?;
        let rank = self.rank_value(s);
        let inits: Vec<ValueId> = inits
            .iter()
            .map(|&v| self.value(v))
            .collect::<Result<_, _>>()?;
        let types: Vec<_> = inits.iter().map(|&v| self.ctx.value_type(v)).collect();
        let results = self.for_loop(
            rank,
            &inits,
            Box::new(move |this, args| {
                let e = this.read(source, args[0]);
                let mut arguments = vec![Lowered::Scalar(args[0]), Lowered::Scalar(e)];
                arguments.extend(args[1..].iter().map(|&a| this.lookup(a)));
                let yielded = this.lower_copy(op, arguments)?;
                yielded
                    .into_iter()
                    .zip(types)
                    .map(|(l, ty)| this.stand_in(l, ty))
                    .collect()
            }),
        )?;
        Ok(results.into_iter().map(|r| self.lookup(r)).collect())
    }
}
