//! Making the ops of the lowering: at a cursor, folded as they are made
//! (through `fold`, so a `tensor.dim` of a static dimension is a constant
//! and a comparison of constants a boolean), with `arith.constant`s made
//! once per function at its start, and regions built in scopes of their
//! own.

use super::{new_state, Lowering};
use analysis::ranks::constant_int;
use diag::Diagnostic;
use fold::{FoldResult, Folded};
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::arith::CmpIPredicate;
use ir::types::DYNAMIC;
use ir::{
    Attr, Context, Location, OpId, OpKind, OperationState, RegionId, Type, TypeKind, ValueId,
};

/// `tensor<N x index>`, or `tensor<?xindex>` for `None`.
pub(super) fn extent_tensor_type(ctx: &mut Context, len: Option<usize>) -> Type {
    let elem = ir::dialect::index(ctx);
    let len = len.and_then(|n| i64::try_from(n).ok()).unwrap_or(DYNAMIC);
    ctx.intern_type(TypeKind::RankedTensor {
        shape: vec![len],
        elem,
        encoding: None,
    })
}

/// How many times an op folded in place is folded again.
const MAX_IN_PLACE_FOLDS: usize = 2;

/// Fills a region's block: given the block's arguments, makes its ops (at
/// the cursor, in a scope of its own) and returns what its terminator takes.
pub(super) type Body<'b, 'a> =
    dyn FnOnce(&mut Lowering<'a>, &[ValueId]) -> Result<Vec<ValueId>, Diagnostic> + 'b;

/// The lowering makes ops at its cursor and folds each as it is made
/// (MLIR's `createOrFold`): through `fold`, so that a `tensor.dim` of a
/// static dimension is a constant and a comparison of constants a boolean.
impl Build for Lowering<'_> {
    fn location(&self) -> Location {
        self.loc.clone()
    }

    fn make(&mut self, state: OperationState) -> Vec<ValueId> {
        let op = OpBuilder::new(self.ctx, self.at, self.loc.clone()).insert(state);
        self.created.push(op);
        let values = self.ctx.op(op).results.to_vec();
        // An in-place fold (constants moved last) may enable another.
        let mut folds = fold::fold(self.ctx, op);
        for _ in 0..MAX_IN_PLACE_FOLDS {
            if !matches!(folds, Some(Folded::InPlace)) {
                break;
            }
            folds = fold::fold(self.ctx, op);
        }
        let Some(Folded::Results(folded)) = folds else {
            return values;
        };
        if folded.len() != values.len() {
            return values;
        }
        let replacements: Vec<ValueId> = folded
            .into_iter()
            .zip(&values)
            .map(|(f, &v)| {
                let ty = self.ctx.value_type(v);
                match f {
                    FoldResult::Value(x) => Some(x),
                    // Only integer constants: other folded attributes (a
                    // poison, a dense tensor) leave the op as it is.
                    FoldResult::Attr(a @ Attr::Int { ty: t, .. }) if t == ty => {
                        Some(self.constant_attr(a, ty))
                    }
                    FoldResult::Attr(a @ Attr::Bool(_)) => Some(self.constant_attr(a, ty)),
                    FoldResult::Attr(_) => None,
                }
            })
            .collect::<Option<_>>()
            .unwrap_or_else(|| values.clone());
        if replacements != values {
            self.ctx.erase_op(op);
        }
        replacements
    }
}

impl<'a> Lowering<'a> {
    /// Put the detached `op` at the cursor.
    pub(super) fn insert(&mut self, op: OpId) {
        self.at.place(self.ctx, op);
    }

    /// The `arith.constant` of `attr` (an integer or boolean of type `ty`),
    /// made once at the start of the function.
    fn constant_attr(&mut self, attr: Attr, ty: Type) -> ValueId {
        if let Some(&c) = self.constants.get(&attr) {
            return c;
        }
        let mut state = new_state(OpKind::ArithConstant, self.loc.clone());
        state.result_types.push(ty);
        state
            .props
            .push((ir::attrs::attr_name("value"), attr.clone()));
        let op = InsertPoint::Before(self.constant_anchor).insert(self.ctx, state);
        self.created.push(op);
        let c = self.ctx.op(op).results[0];
        self.constants.insert(attr, c);
        c
    }

    /// An `index` constant.
    pub(super) fn constant(&mut self, n: i64) -> ValueId {
        let attr = fold::index_attr(self.ctx, n);
        let index = ir::dialect::index(self.ctx);
        self.constant_attr(attr, index)
    }

    pub(super) fn boolean(&mut self, b: bool) -> ValueId {
        let i1 = ir::dialect::i1(self.ctx);
        self.constant_attr(Attr::Bool(b), i1)
    }

    /// `arith.cmpi` with the predicate `pred`.
    pub(super) fn cmp(&mut self, pred: CmpIPredicate, a: ValueId, b: ValueId) -> ValueId {
        let i1 = ir::dialect::i1(self.ctx);
        let p = pred.attr(self.ctx);
        self.build1(OpKind::ArithCmpi, &[a, b], i1, vec![("predicate", p)])
    }

    /// `v == n`, for a constant `n`.
    pub(super) fn equals(&mut self, v: ValueId, n: i64) -> ValueId {
        let c = self.constant(n);
        self.cmp(CmpIPredicate::Eq, v, c)
    }

    pub(super) fn select(&mut self, c: ValueId, a: ValueId, b: ValueId) -> ValueId {
        if a == b {
            return a;
        }
        let ty = self.ctx.value_type(a);
        self.build1(OpKind::ArithSelect, &[c, a, b], ty, vec![])
    }

    /// A binary `arith` op of `kind` on two values of one type.
    pub(super) fn binary(&mut self, kind: OpKind, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ctx.value_type(a);
        self.build1(kind, &[a, b], ty, vec![])
    }

    /// The conjunction of `conditions` (true if there are none), constant
    /// ones left out.
    pub(super) fn all(&mut self, conditions: &[ValueId]) -> ValueId {
        let mut result: Option<ValueId> = None;
        for &c in conditions {
            match constant_int(self.ctx, c) {
                Some(0) => return c,
                Some(_) => {}
                None => {
                    result = Some(match result {
                        Some(acc) => self.binary(OpKind::ArithAndi, acc, c),
                        None => c,
                    })
                }
            }
        }
        result.unwrap_or_else(|| self.boolean(true))
    }

    /// The product of `factors` (1 if there are none), constant 1s left out.
    pub(super) fn product(&mut self, factors: &[ValueId]) -> ValueId {
        let factors: Vec<ValueId> = factors
            .iter()
            .copied()
            .filter(|&f| constant_int(self.ctx, f) != Some(1))
            .collect();
        let mut result: Option<ValueId> = None;
        for f in factors {
            result = Some(match result {
                Some(acc) => self.binary(OpKind::ArithMuli, acc, f),
                None => f,
            });
        }
        result.unwrap_or_else(|| self.constant(1))
    }

    /// `tensor.dim %t, j`.
    pub(super) fn dim(&mut self, t: ValueId, j: usize) -> ValueId {
        let j = self.constant(j as i64);
        self.dim_at(t, j)
    }

    pub(super) fn dim_at(&mut self, t: ValueId, j: ValueId) -> ValueId {
        let index = ir::dialect::index(self.ctx);
        self.build1(OpKind::TensorDim, &[t, j], index, vec![])
    }

    /// `tensor.extract %x[%j]` of an extent tensor.
    pub(super) fn extract(&mut self, x: ValueId, j: ValueId) -> ValueId {
        let index = ir::dialect::index(self.ctx);
        self.build1(OpKind::TensorExtract, &[x, j], index, vec![])
    }

    /// `tensor.from_elements` of `extents`: a `tensor<N x index>`.
    pub(super) fn extent_tensor(&mut self, extents: &[ValueId]) -> ValueId {
        let ty = extent_tensor_type(self.ctx, Some(extents.len()));
        self.build1(OpKind::TensorFromElements, extents, ty, vec![])
    }

    /// Extent tensor `t` as type `ty` (`tensor.cast` when they differ; two
    /// different static lengths meet only in code no input reaches, and go
    /// through `tensor<?xindex>`).
    pub(super) fn cast(&mut self, t: ValueId, ty: Type) -> ValueId {
        let from = self.ctx.value_type(t);
        if from == ty {
            return t;
        }
        let dynamic = extent_tensor_type(self.ctx, None);
        let t = if from != dynamic && ty != dynamic {
            self.build1(OpKind::TensorCast, &[t], dynamic, vec![])
        } else {
            t
        };
        self.build1(OpKind::TensorCast, &[t], ty, vec![])
    }

    /// A one-block region whose block has arguments of `arg_types`, filled
    /// by `body` in a scope of its own and ended by a `terminator` of what
    /// `body` returns.
    pub(super) fn region(
        &mut self,
        arg_types: &[Type],
        terminator: OpKind,
        body: Box<Body<'_, 'a>>,
    ) -> Result<RegionId, Diagnostic> {
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        let args: Vec<ValueId> = arg_types
            .iter()
            .map(|&t| self.ctx.add_block_arg(block, t, None))
            .collect();
        let outer = std::mem::replace(&mut self.at, InsertPoint::End(block));
        self.push_scope();
        let result = body(self, &args);
        let result = result.map(|values| {
            self.build(terminator, &values, &[], vec![], Vec::new());
        });
        self.pop_scope();
        self.at = outer;
        result.map(|()| region)
    }

    /// `tensor.generate %n { ^bb0(%j): yield body(%j) }`: an extent tensor
    /// of length `n`.
    pub(super) fn generate(
        &mut self,
        n: ValueId,
        body: Box<Body<'_, 'a>>,
    ) -> Result<ValueId, Diagnostic> {
        let index = ir::dialect::index(self.ctx);
        let region = self.region(&[index], OpKind::TensorYield, body)?;
        let ty = extent_tensor_type(self.ctx, None);
        Ok(self.build(OpKind::TensorGenerate, &[n], &[ty], vec![], vec![region])[0])
    }

    /// `scf.for %j = 0 to %n step 1 iter_args(inits)`: the body gets `%j`
    /// and the carried values and returns the next ones.
    pub(super) fn for_loop(
        &mut self,
        n: ValueId,
        inits: &[ValueId],
        body: Box<Body<'_, 'a>>,
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let index = ir::dialect::index(self.ctx);
        let types: Vec<Type> = inits.iter().map(|&v| self.ctx.value_type(v)).collect();
        let mut arg_types = vec![index];
        arg_types.extend(&types);
        let region = self.region(&arg_types, OpKind::ScfYield, body)?;
        let (zero, one) = (self.constant(0), self.constant(1));
        let mut operands = vec![zero, n, one];
        operands.extend(inits);
        Ok(self.build(OpKind::ScfFor, &operands, &types, vec![], vec![region]))
    }

    /// `scf.if %c -> (types) { then } else { otherwise }`.
    pub(super) fn if_else(
        &mut self,
        c: ValueId,
        types: &[Type],
        then: Box<Body<'_, 'a>>,
        otherwise: Box<Body<'_, 'a>>,
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let then = self.region(&[], OpKind::ScfYield, then)?;
        let otherwise = self.region(&[], OpKind::ScfYield, otherwise)?;
        Ok(self.build(OpKind::ScfIf, &[c], types, vec![], vec![then, otherwise]))
    }

    /// `tensor.extract_slice %t[%offset] [%size] [1]` of an extent tensor.
    pub(super) fn slice(&mut self, t: ValueId, offset: ValueId, size: ValueId) -> ValueId {
        let i64t = ir::dialect::i64(self.ctx);
        let i32t = ir::dialect::i32(self.ctx);
        let list = |values: &[i64]| Attr::DenseArray {
            elem: i64t,
            values: values
                .iter()
                .map(|&v| ir::attrs::Scalar::Int(i128::from(v)))
                .collect(),
        };
        let segments = Attr::DenseArray {
            elem: i32t,
            values: [1, 1, 1, 0]
                .into_iter()
                .map(ir::attrs::Scalar::Int)
                .collect(),
        };
        let ty = extent_tensor_type(self.ctx, None);
        self.build1(
            OpKind::TensorExtractSlice,
            &[t, offset, size],
            ty,
            vec![
                ("static_offsets", list(&[DYNAMIC])),
                ("static_sizes", list(&[DYNAMIC])),
                ("static_strides", list(&[1])),
                ("operandSegmentSizes", segments),
            ],
        )
    }

    /// `tensor.concat dim(0)` of extent tensors.
    pub(super) fn concat(&mut self, parts: &[ValueId]) -> ValueId {
        let lengths: Option<Vec<usize>> = parts
            .iter()
            .map(|&p| match self.ctx.type_kind(self.ctx.value_type(p)) {
                TypeKind::RankedTensor { shape, .. } => {
                    shape.first().and_then(|&n| usize::try_from(n).ok())
                }
                _ => None,
            })
            .collect();
        let total = lengths.and_then(|ls| ls.into_iter().try_fold(0usize, usize::checked_add));
        let ty = extent_tensor_type(self.ctx, total);
        let i64t = ir::dialect::i64(self.ctx);
        let dim = Attr::Int { value: 0, ty: i64t };
        self.build1(OpKind::TensorConcat, parts, ty, vec![("dim", dim)])
    }
}
