//! Moving IR between contexts, so that independent pieces of a module are
//! transformed in parallel: [`Context::append`] adds a whole context after
//! this one's entities (renumbering them by [`Offsets`]), and
//! [`Context::append_into_block`] also moves the ops of one of its blocks
//! to the end of one of this context's blocks,
//! [`Context::check_out`] takes the body of an isolated op into a context
//! of its own ([`CheckedOut`]) and [`Context::check_in`] puts it back.
//!
//! Guarantees: an entity moved keeps every reference it holds (operands,
//! uses, parents, successors, siblings), renumbered to where the referred
//! entity landed; types and op names are re-interned in the receiving
//! context, and resources merged. A body is checked out only when it is
//! closed (it refers to nothing outside it, and nothing outside uses it):
//! otherwise nothing moves. Checking in puts every entity back at the id
//! it had, so ids held outside the piece stay valid.

use super::{
    BlockData, BlockId, Context, OpData, OpId, RegionData, RegionId, ValueData, ValueDef, ValueId,
};
use crate::location::Location;
use crate::types::{Type, TypeInterner};
use rustc_hash::FxHashMap;

/// A mapping of entity ids, applied to every id an entity refers to when
/// entities move between contexts.
trait Renumber {
    fn op(&self, o: OpId) -> OpId;
    fn value(&self, v: ValueId) -> ValueId;
    fn block(&self, b: BlockId) -> BlockId;
    fn region(&self, r: RegionId) -> RegionId;
    fn ty(&self, t: Type) -> Type;
    /// False if [`Renumber::ty`] is the identity (attributes are then kept).
    fn changes_types(&self) -> bool;

    fn op_data(&self, d: &mut OpData) {
        d.operands.iter_mut().for_each(|v| *v = self.value(*v));
        d.results.iter_mut().for_each(|v| *v = self.value(*v));
        if self.changes_types() {
            for (_, a) in d.props.iter_mut().chain(d.attrs.iter_mut()) {
                crate::attrs::remap_attr_types(a, &|t| self.ty(t));
            }
        }
        d.regions.iter_mut().for_each(|r| *r = self.region(*r));
        d.successors.iter_mut().for_each(|b| *b = self.block(*b));
        d.parent = d.parent.map(|b| self.block(b));
        d.prev = d.prev.map(|o| self.op(o));
        d.next = d.next.map(|o| self.op(o));
    }
    fn value_data(&self, v: &mut ValueData) {
        v.ty = self.ty(v.ty);
        v.def = match v.def {
            ValueDef::OpResult { op, index } => ValueDef::OpResult {
                op: self.op(op),
                index,
            },
            ValueDef::BlockArg { block, index } => ValueDef::BlockArg {
                block: self.block(block),
                index,
            },
        };
        v.uses.iter_mut().for_each(|u| u.op = self.op(u.op));
    }
    fn block_data(&self, b: &mut BlockData) {
        b.args.iter_mut().for_each(|v| *v = self.value(*v));
        b.first = b.first.map(|o| self.op(o));
        b.last = b.last.map(|o| self.op(o));
        b.parent = b.parent.map(|r| self.region(r));
    }
    fn region_data(&self, r: &mut RegionData) {
        r.blocks.iter_mut().for_each(|b| *b = self.block(*b));
        r.parent = r.parent.map(|o| self.op(o));
    }
    /// Renumber every entity of `ctx` where it lies (its ops from
    /// `first_op` on).
    fn arenas(&self, ctx: &mut Context, first_op: usize) {
        let ops = ctx.ops.get_mut(first_op..).unwrap_or_default();
        ops.iter_mut().for_each(|d| self.op_data(d));
        ctx.values.iter_mut().for_each(|v| self.value_data(v));
        ctx.blocks.iter_mut().for_each(|b| self.block_data(b));
        ctx.regions.iter_mut().for_each(|r| self.region_data(r));
    }
}

/// Where the entities of a context appended by [`Context::append`] landed.
#[derive(Clone, Copy, Debug)]
pub struct Offsets {
    pub ops: u32,
    pub values: u32,
    pub blocks: u32,
    pub regions: u32,
}

impl Offsets {
    pub fn op(&self, o: OpId) -> OpId {
        OpId(o.0 + self.ops)
    }
    pub fn block(&self, b: BlockId) -> BlockId {
        BlockId(b.0 + self.blocks)
    }
}

/// [`Offsets`] plus the re-interning of the appended context's types, and
/// a block of the piece whose ops join a block of the receiving context.
struct Shift<'a> {
    off: Offsets,
    types: &'a [Type],
    identity: bool,
    merged: Option<Merge>,
}

/// The ops of the piece's block `from` go to the end of block `into`.
#[derive(Clone, Copy)]
struct Merge {
    from: BlockId,
    into: BlockId,
}

impl Renumber for Shift<'_> {
    fn op(&self, o: OpId) -> OpId {
        self.off.op(o)
    }
    fn value(&self, v: ValueId) -> ValueId {
        ValueId(v.0 + self.off.values)
    }
    fn block(&self, b: BlockId) -> BlockId {
        match self.merged {
            Some(m) if m.from == b => m.into,
            _ => self.off.block(b),
        }
    }
    fn region(&self, r: RegionId) -> RegionId {
        RegionId(r.0 + self.off.regions)
    }
    fn ty(&self, t: Type) -> Type {
        self.types[t.0 as usize]
    }
    fn changes_types(&self) -> bool {
        !self.identity
    }
}

impl Context {
    /// Intern every type of `other` here; the mapping, and whether it is the
    /// identity (types of a piece are usually interned in the same order).
    fn import_types(&mut self, other: &std::sync::Arc<TypeInterner>) -> (Vec<Type>, bool) {
        if std::sync::Arc::ptr_eq(&self.types, other) {
            return ((0..other.kinds().len() as u32).map(Type).collect(), true);
        }
        let mut map: Vec<Type> = Vec::with_capacity(other.kinds().len());
        // While every type so far maps to itself, a kind equal to ours at
        // the same index (its components being earlier types) is that type.
        let mut identity = true;
        for (i, kind) in other.kinds().iter().enumerate() {
            let t = if identity && self.types.kinds().get(i) == Some(kind) {
                Type(i as u32)
            } else {
                let remapped = crate::types::remap_type_kind(kind, &|t: Type| map[t.0 as usize]);
                self.intern_type(remapped)
            };
            identity &= t.0 as usize == i;
            map.push(t);
        }
        (map, identity)
    }

    fn import_op_names(
        &mut self,
        other: &std::sync::Arc<rustc_hash::FxHashMap<String, std::sync::Arc<str>>>,
    ) {
        if std::sync::Arc::ptr_eq(&self.op_names, other) {
            return;
        }
        for (k, v) in other.iter() {
            if !self.op_names.contains_key(k) {
                std::sync::Arc::make_mut(&mut self.op_names).insert(k.clone(), v.clone());
            }
        }
    }

    /// Where entities added next land: the lengths of the arenas.
    fn ends(&self) -> Offsets {
        Offsets {
            ops: self.ops.len() as u32,
            values: self.values.len() as u32,
            blocks: self.blocks.len() as u32,
            regions: self.regions.len() as u32,
        }
    }

    /// Move every entity of `piece` into `self` (ids shifted, types
    /// re-interned), e.g. to join functions parsed on several threads.
    /// `piece` is left a new, empty context that keeps the room of its
    /// arenas, to build the next piece in without allocating (and having
    /// the kernel zero) that memory again.
    pub fn append(&mut self, piece: &mut Context) -> Offsets {
        self.append_merging(piece, None)
    }

    /// [`Context::append`], with the ops of the piece's block `from` (in no
    /// region) moved to the end of this context's block `into`, in order;
    /// `from` is left empty (a module parsed in pieces is joined so, with
    /// no walk over its ops).
    pub fn append_into_block(
        &mut self,
        piece: &mut Context,
        from: BlockId,
        into: BlockId,
    ) -> Offsets {
        self.touch_holder_of_block(into, super::Reverify::Whole);
        self.change_ops_of(into);
        self.append_merging(piece, Some(Merge { from, into }))
    }

    fn append_merging(&mut self, piece: &mut Context, merged: Option<Merge>) -> Offsets {
        self.changed();
        let mut other = std::mem::take(piece);
        let off = self.ends();
        let (types, identity) = self.import_types(&other.types);
        let shift = Shift {
            off,
            types: &types,
            identity,
            merged,
        };
        // Renumbered where they are (in cache, as the piece was just
        // built), then moved in one copy each.
        shift.arenas(&mut other, 0);
        self.ops.append(&mut other.ops);
        self.values.append(&mut other.values);
        self.blocks.append(&mut other.blocks);
        self.regions.append(&mut other.regions);
        if let Some(Merge { from, into }) = merged {
            self.splice_after_last(off.block(from), into);
        }
        self.import_op_names(&other.op_names);
        self.import_blobs(&other.resources);
        piece.ops = other.ops;
        piece.values = other.values;
        piece.blocks = other.blocks;
        piece.regions = other.regions;
        off
    }

    /// Move the ops of `from` (whose parent is already `into`) to the end
    /// of `into`'s list.
    fn splice_after_last(&mut self, from: BlockId, into: BlockId) {
        let moved = &mut self.blocks[from.index()];
        let (Some(first), last) = (moved.first.take(), moved.last.take()) else {
            return;
        };
        match self.blocks[into.index()].last {
            Some(before) => {
                self.ops[before.index()].next = Some(first);
                self.ops[first.index()].prev = Some(before);
            }
            None => self.blocks[into.index()].first = Some(first),
        }
        self.blocks[into.index()].last = last;
    }

    /// Add the blobs of `other` this context lacks.
    fn import_blobs(&mut self, other: &std::sync::Arc<crate::resources::Resources>) {
        if !std::sync::Arc::ptr_eq(&self.resources, other) {
            self.resources_mut().merge_blobs(other);
        }
    }
}

/// An op's body taken out of its context by [`Context::check_out`], to be
/// transformed on its own (on another thread) and returned with
/// [`Context::check_in`].
pub struct CheckedOut {
    /// The body, renumbered from 0, under a copy of the op at [`Self::root`].
    pub ctx: Context,
    pub root: OpId,
    origins: Origins,
}

/// The original id of each entity of a checked-out body (index = its id in
/// the body); the first op is the root itself.
struct Origins {
    ops: Vec<OpId>,
    values: Vec<ValueId>,
    blocks: Vec<BlockId>,
    regions: Vec<RegionId>,
}

/// Ids of a checked-out body back in the context it came from: originals
/// return to their slots, entities created meanwhile go after `base`.
struct Return<'a> {
    origins: &'a Origins,
    base: Offsets,
    types: &'a [Type],
    identity: bool,
}

/// The original of `id` (an index into `origins`), or the slot after `base`
/// for an entity created while checked out.
fn returned<T: Copy>(origins: &[T], id: u32, base: u32, make: fn(u32) -> T) -> T {
    match origins.get(id as usize) {
        Some(&o) => o,
        None => make(base + id - origins.len() as u32),
    }
}

impl Renumber for Return<'_> {
    fn op(&self, o: OpId) -> OpId {
        returned(&self.origins.ops, o.0, self.base.ops, OpId)
    }
    fn value(&self, v: ValueId) -> ValueId {
        returned(&self.origins.values, v.0, self.base.values, ValueId)
    }
    fn block(&self, b: BlockId) -> BlockId {
        returned(&self.origins.blocks, b.0, self.base.blocks, BlockId)
    }
    fn region(&self, r: RegionId) -> RegionId {
        returned(&self.origins.regions, r.0, self.base.regions, RegionId)
    }
    fn ty(&self, t: Type) -> Type {
        self.types[t.0 as usize]
    }
    fn changes_types(&self) -> bool {
        !self.identity
    }
}

/// Renumbering into a checked-out body: old id → index in the body.
struct Out {
    ops: FxHashMap<OpId, u32>,
    values: FxHashMap<ValueId, u32>,
    blocks: FxHashMap<BlockId, u32>,
    regions: FxHashMap<RegionId, u32>,
}

fn numbering<T: Copy + Eq + std::hash::Hash>(ids: &[T]) -> FxHashMap<T, u32> {
    ids.iter()
        .enumerate()
        .map(|(i, &id)| (id, i as u32))
        .collect()
}

/// The index of `id` in a body's numbering. [`Context::check_out`] takes a
/// body out only after checking that it refers to nothing outside itself,
/// so every id it renumbers is there.
fn index_in<T: Eq + std::hash::Hash>(numbering: &FxHashMap<T, u32>, id: &T) -> u32 {
    let index = numbering.get(id).copied();
    debug_assert!(index.is_some(), "a checked-out body refers outside itself");
    index.unwrap_or(0)
}

impl Out {
    /// Whether the ops of the body (`ops`, the root first) refer to no value
    /// or block outside it, and no op outside uses a value of it.
    fn is_closed(&self, ctx: &Context, ops: &[OpId], values: &[ValueId]) -> bool {
        let ops_closed = ops.iter().skip(1).all(|&o| {
            let data = ctx.op(o);
            data.operands.iter().all(|v| self.values.contains_key(v))
                && data.successors.iter().all(|b| self.blocks.contains_key(b))
        });
        ops_closed
            && values.iter().all(|&v| {
                let uses = &ctx.value(v).uses;
                uses.iter().all(|u| self.ops.contains_key(&u.op))
            })
    }
}

impl Renumber for Out {
    fn op(&self, o: OpId) -> OpId {
        OpId(index_in(&self.ops, &o))
    }
    fn value(&self, v: ValueId) -> ValueId {
        ValueId(index_in(&self.values, &v))
    }
    fn block(&self, b: BlockId) -> BlockId {
        BlockId(index_in(&self.blocks, &b))
    }
    fn region(&self, r: RegionId) -> RegionId {
        RegionId(index_in(&self.regions, &r))
    }
    fn ty(&self, t: Type) -> Type {
        t
    }
    fn changes_types(&self) -> bool {
        false
    }
}

/// Move the contents out of an op slot, leaving it empty.
fn take_op(d: &mut OpData) -> OpData {
    use std::mem::take;
    OpData {
        name: d.name.clone(),
        def: d.def,
        operands: take(&mut d.operands),
        results: take(&mut d.results),
        props: take(&mut d.props),
        attrs: take(&mut d.attrs),
        regions: take(&mut d.regions),
        successors: take(&mut d.successors),
        loc: std::mem::replace(&mut d.loc, Location::Unknown),
        parent: d.parent.take(),
        prev: d.prev.take(),
        next: d.next.take(),
    }
}

/// Move the contents out of a value slot, leaving it without uses.
fn take_value(v: &mut ValueData) -> ValueData {
    ValueData {
        ty: v.ty,
        def: v.def,
        uses: std::mem::take(&mut v.uses),
        loc: v.loc.take(),
    }
}

/// Put `item` at `index`: an existing slot, or the next one.
fn place<T>(arena: &mut Vec<T>, index: usize, item: T) {
    match arena.get_mut(index) {
        Some(slot) => *slot = item,
        None => arena.push(item),
    }
}

impl Context {
    /// Take the body of `root` (its regions and everything in them) out of
    /// this context into a context of its own, under a copy of `root`
    /// (name, attributes, location), so that a pass can transform it alone;
    /// [`Context::check_in`] puts the result back. `root` must be isolated
    /// from above, without operands or used results; it stays in place, and
    /// the entities of its body are left empty until checked in. `None`,
    /// and nothing taken, when the body refers to a value or block outside
    /// it or an op outside uses one of its values.
    pub fn check_out(&mut self, root: OpId) -> Option<CheckedOut> {
        // Nothing outside the body refers into it: the change is `root`'s.
        self.mark_unverified(root, super::Reverify::Whole);
        let mut ops = vec![root];
        self.walk_nested(root, &mut |o| ops.push(o));
        let mut regions = Vec::new();
        let mut blocks = Vec::new();
        let mut values = Vec::new();
        for &o in &ops {
            let data = self.op(o);
            if o != root {
                values.extend(data.results.iter().copied());
            }
            for &r in &data.regions {
                regions.push(r);
                for &b in &self.region(r).blocks {
                    blocks.push(b);
                    values.extend(self.block(b).args.iter().copied());
                }
            }
        }
        let out = Out {
            ops: numbering(&ops),
            values: numbering(&values),
            blocks: numbering(&blocks),
            regions: numbering(&regions),
        };
        if !out.is_closed(self, &ops, &values) {
            return None;
        }
        let mut body = Context {
            types: self.types.clone(),
            op_names: self.op_names.clone(),
            pure_ops: self.pure_ops.clone(),
            resources: self.resources.clone(),
            print_op_on_diagnostic: self.print_op_on_diagnostic,
            foreign_ops_unknown: self.foreign_ops_unknown,
            ..Context::default()
        };
        let root_data = self.op(root);
        let root_copy = OpData {
            operands: crate::context::ValueList::new(),
            results: crate::context::ValueList::new(),
            regions: root_data.regions.iter().map(|&r| out.region(r)).collect(),
            parent: None,
            prev: None,
            next: None,
            ..root_data.clone()
        };
        body.ops.push(root_copy);
        for &o in &ops[1..] {
            body.ops.push(take_op(&mut self.ops[o.index()]));
        }
        body.values = values
            .iter()
            .map(|&v| take_value(&mut self.values[v.index()]))
            .collect();
        body.blocks = blocks
            .iter()
            .map(|&b| std::mem::take(&mut self.blocks[b.index()]))
            .collect();
        body.regions = regions
            .iter()
            .map(|&r| std::mem::take(&mut self.regions[r.index()]))
            .collect();
        // The root's copy is numbered already.
        out.arenas(&mut body, 1);
        Some(CheckedOut {
            ctx: body,
            root: OpId(0),
            origins: Origins {
                ops,
                values,
                blocks,
                regions,
            },
        })
    }

    /// [`Context::check_out`] of every op of `roots`, in order; when one
    /// cannot be taken out, those taken are checked back in and the error
    /// is that op.
    pub fn check_out_all(&mut self, roots: &[OpId]) -> Result<Vec<CheckedOut>, OpId> {
        let mut bodies = Vec::with_capacity(roots.len());
        for &root in roots {
            match self.check_out(root) {
                Some(body) => bodies.push(body),
                None => {
                    for body in bodies {
                        self.check_in(body);
                    }
                    return Err(root);
                }
            }
        }
        Ok(bodies)
    }

    /// Put a body taken out by [`Context::check_out`] back: its entities
    /// return to their original slots, entities created meanwhile are
    /// appended, and the root op takes the copy's attributes, regions and
    /// location (it keeps its place and results).
    pub fn check_in(&mut self, out: CheckedOut) {
        let CheckedOut {
            ctx: mut body,
            origins,
            ..
        } = out;
        // Nothing outside the body refers into it: the change is the root's.
        self.mark_unverified(origins.ops[0], super::Reverify::Whole);
        let base = self.ends();
        let (types, identity) = self.import_types(&body.types);
        let back = Return {
            origins: &origins,
            base,
            types: &types,
            identity,
        };
        back.arenas(&mut body, 0);
        for (i, d) in body.ops.into_iter().enumerate() {
            let slot = back.op(OpId(i as u32)).index();
            if i == 0 {
                let root = &mut self.ops[slot];
                (root.props, root.attrs, root.regions, root.loc) =
                    (d.props, d.attrs, d.regions, d.loc);
            } else {
                place(&mut self.ops, slot, d);
            }
        }
        for (i, v) in body.values.into_iter().enumerate() {
            let slot = back.value(ValueId(i as u32)).index();
            place(&mut self.values, slot, v);
        }
        for (i, b) in body.blocks.into_iter().enumerate() {
            let slot = back.block(BlockId(i as u32)).index();
            place(&mut self.blocks, slot, b);
        }
        for (i, r) in body.regions.into_iter().enumerate() {
            let slot = back.region(RegionId(i as u32)).index();
            place(&mut self.regions, slot, r);
        }
        self.import_op_names(&body.op_names);
        self.import_blobs(&body.resources);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{op, op_with_body};
    use crate::context::{Context, OpId, OperationState, ValueId};
    use crate::location::Location;
    use crate::types::TypeKind;

    /// `t.holder` with one block `[a = t.a; t.use(a, arg)]`, arg: index.
    fn holder(ctx: &mut Context) -> OpId {
        let index = ctx.intern_type(TypeKind::Index);
        let (h, b) = op_with_body(ctx, "t.holder");
        let arg = ctx.add_block_arg(b, index, None);
        let a = op(ctx, "t.a", vec![], 1);
        ctx.append_op(b, a);
        let va = ctx.result(a, 0).unwrap();
        let user = op(ctx, "t.use", vec![va, arg], 0);
        ctx.append_op(b, user);
        h
    }

    #[test]
    fn check_out_and_in_keep_the_structure() {
        let mut ctx = Context::new();
        let (module, b) = op_with_body(&mut ctx, "t.module");
        let (first, second) = (holder(&mut ctx), holder(&mut ctx));
        ctx.append_op(b, first);
        ctx.append_op(b, second);
        let before = crate::printer::print_op(&ctx, module, Default::default());

        let mut piece = ctx.check_out(second).unwrap();
        let (body, root) = (&mut piece.ctx, piece.root);
        assert_eq!(body.op_name(root), "t.holder");
        let inner = body.region(body.op(root).regions[0]).blocks[0];
        let user = body.block_terminator(inner).unwrap();
        let arg = body.block(inner).args[0];
        assert_eq!(body.op(user).operands[1], arg);
        assert_eq!(body.value(arg).uses.len(), 1);
        // Changed while out: a new op that uses the block argument.
        let extra = op(body, "t.extra", vec![arg], 0);
        body.insert_op_before(user, extra);
        ctx.check_in(piece);
        let after = crate::printer::print_op(&ctx, module, Default::default());
        assert_eq!(after.matches("t.extra").count(), 1);
        assert_eq!(after.matches("t.holder").count(), 2);
        assert_eq!(ctx.parent_op(second), Some(module));
        // Taken out and back unchanged, it prints as before the change.
        let extra_id = ctx
            .block_ops(ctx.region(ctx.op(second).regions[0]).blocks[0])
            .nth(1)
            .unwrap();
        assert_eq!(ctx.op_name(extra_id), "t.extra");
        ctx.erase_op(extra_id);
        let piece = ctx.check_out(second).unwrap();
        ctx.check_in(piece);
        assert_eq!(
            crate::printer::print_op(&ctx, module, Default::default()),
            before
        );
    }

    /// A body that uses a value from outside is not taken out, and nothing
    /// of it moves; one that is closed is.
    #[test]
    fn check_out_refuses_a_body_that_refers_outside() {
        let mut ctx = Context::new();
        let (module, b) = op_with_body(&mut ctx, "t.module");
        let (closed, open) = (holder(&mut ctx), holder(&mut ctx));
        let outside = op(&mut ctx, "t.outside", vec![], 1);
        ctx.append_op(b, outside);
        ctx.append_op(b, closed);
        ctx.append_op(b, open);
        let inner = ctx.region(ctx.op(open).regions[0]).blocks[0];
        let user = ctx.block_terminator(inner).unwrap();
        ctx.set_operand(user, 0, ctx.result(outside, 0).unwrap());
        let before = crate::printer::print_op(&ctx, module, Default::default());
        assert!(ctx.check_out(open).is_none());
        assert_eq!(ctx.check_out_all(&[closed, open]).err(), Some(open));
        assert_eq!(
            crate::printer::print_op(&ctx, module, Default::default()),
            before
        );
        let pieces = ctx.check_out_all(&[closed]).unwrap();
        assert_eq!(pieces.len(), 1);
    }

    #[test]
    fn append_reinterns_types_whose_components_differ() {
        let unranked = |elem| TypeKind::UnrankedTensor { elem };
        let mut a = Context::new();
        let index = a.intern_type(TypeKind::Index);
        let of_index = a.intern_type(unranked(index));
        let mut b = Context::new();
        let f32 = b.intern_type(TypeKind::Float(crate::types::FloatKind::F32));
        let of_f32 = b.intern_type(unranked(f32));
        // Same kind at the same index, but over a different element type.
        assert_eq!(a.type_kind(of_index), b.type_kind(of_f32));
        let mut s = OperationState::new("t.v", Location::Unknown);
        s.result_types = crate::TypeList::from_slice(&[of_f32]);
        let v = b.create_op(s);
        let v = a.append(&mut b).op(v);
        let t = a.value_type(a.result(v, 0).unwrap());
        assert_ne!(t, of_index);
        let TypeKind::UnrankedTensor { elem } = a.type_kind(t) else {
            panic!("not a tensor type");
        };
        assert!(matches!(a.type_kind(*elem), TypeKind::Float(_)));
        // The piece is left empty, to build the next piece in.
        assert_eq!(b.num_ops(), 0);
        assert_eq!(b.types().kinds().len(), 0);
        assert_eq!(
            b.create_op(OperationState::new("t.w", Location::Unknown)),
            OpId(0)
        );
    }

    #[test]
    fn block_argument_locations_move_with_their_values() {
        let at = |line| Location::FileLineCol {
            file: "f.mlir".into(),
            line,
            col: 1,
        };
        let mut a = Context::new();
        let index = a.intern_type(TypeKind::Index);
        let first = a.create_block();
        a.add_block_arg(first, index, Some(at(1)));
        let mut b = Context::new();
        let index = b.intern_type(TypeKind::Index);
        let block = b.create_block();
        let plain = b.add_block_arg(block, index, None);
        let located = b.add_block_arg(block, index, Some(at(2)));
        let offsets = a.append(&mut b);
        let moved = |v: ValueId| ValueId(v.0 + offsets.values);
        assert_eq!(a.arg_loc(moved(plain)), None);
        assert_eq!(a.arg_loc(moved(located)), Some(&at(2)));
        assert_eq!(a.arg_loc(ValueId(0)), Some(&at(1)));
    }
}
