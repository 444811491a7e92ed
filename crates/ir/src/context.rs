//! The arena of the IR: operations, values, blocks and regions addressed
//! by typed ids ([`OpId`], [`ValueId`], [`BlockId`], [`RegionId`]), the
//! interned types, the settings ops are read under (pure foreign ops,
//! resources, diagnostics), and the mutation API passes use (create, link,
//! insert, erase, replace-all-uses, move, clone, split blocks), with
//! change tracking and a revision number every change moves on
//! ([`Context::revision`]). Moving IR between contexts (append, check out
//! and in) is `context/transplant.rs`'s.
//!
//! Invariants kept by every method here:
//! - an operation is in at most one block, linked between `prev`/`next`;
//! - every operand slot of a live op is recorded in its value's use list;
//! - erased entities stay in the arena (ids are never reused) but are unlinked;
//! - no `&mut self` method that can change the IR or what it is read
//!   under leaves the revision as it was;
//! - every change to IR an op holds is logged for the verifier with what
//!   it can make verify differently (the private `Unverified` log), or
//!   makes the next verification a full one.

use crate::attrs::{Attr, NamedAttr};
use crate::location::Location;
use crate::types::{Type, TypeInterner, TypeKind};
use thin_vec::ThinVec;

mod transplant;
pub use transplant::{CheckedOut, Offsets};

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// An operation in the [`Context`].
    OpId
);
id_type!(
    /// An SSA value: an op result or a block argument.
    ValueId
);
id_type!(
    /// A basic block.
    BlockId
);
id_type!(
    /// A region (a list of blocks owned by an op).
    RegionId
);

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    OpResult { op: OpId, index: u32 },
    BlockArg { block: BlockId, index: u32 },
}

/// One operand slot that reads a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    pub op: OpId,
    pub operand: u32,
}

#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    pub uses: UseList,
    /// The source location of a block argument that has one (`%a: T
    /// loc(...)`, or where the parser read its name); boxed, as most
    /// values are results, which have none.
    loc: Option<Box<Location>>,
}

/// An op's operands or results. Most ops have at most two of each and a
/// large module holds hundreds of thousands of ops, so up to four values
/// are kept in the op itself (24 bytes, as much as a heap list's pointer,
/// length and capacity): no allocation, and the op's values are read
/// where the op is.
pub type ValueList = smallvec::SmallVec<[ValueId; 4]>;

/// The result types an op is created with: most ops have one or two, so
/// up to four are kept inline (nothing to allocate and free per op).
pub type TypeList = smallvec::SmallVec<[Type; 4]>;

/// A value's uses: most values are used once or twice, so two are kept in
/// the value itself.
pub type UseList = smallvec::SmallVec<[Use; 2]>;

#[derive(Clone, Debug)]
pub struct OpData {
    /// Interned: every op of a kind shares one allocation.
    pub name: std::sync::Arc<str>,
    /// The op's definition, when its name is registered (looked up once).
    pub def: Option<&'static crate::op_def::OpDef>,
    pub operands: ValueList,
    pub results: ValueList,
    /// Inherent attributes (MLIR "properties"), sorted by name.
    pub props: ThinVec<NamedAttr>,
    /// Discardable attributes, sorted by name.
    pub attrs: ThinVec<NamedAttr>,
    pub regions: ThinVec<RegionId>,
    pub successors: ThinVec<BlockId>,
    pub loc: Location,
    pub parent: Option<BlockId>,
    pub prev: Option<OpId>,
    pub next: Option<OpId>,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub args: Vec<ValueId>,
    pub first: Option<OpId>,
    pub last: Option<OpId>,
    pub parent: Option<RegionId>,
}

#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub blocks: Vec<BlockId>,
    pub parent: Option<OpId>,
}

/// Everything needed to create an operation.
#[derive(Clone, Debug)]
pub struct OperationState {
    /// Registered ops' names are static: no allocation per parsed op.
    pub name: std::borrow::Cow<'static, str>,
    pub operands: ValueList,
    pub result_types: TypeList,
    /// The lists below are the op's own containers: creating the op moves
    /// them in without copying.
    pub props: ThinVec<NamedAttr>,
    pub attrs: ThinVec<NamedAttr>,
    pub regions: ThinVec<RegionId>,
    pub successors: ThinVec<BlockId>,
    pub loc: Location,
}

impl OperationState {
    pub fn new(name: impl Into<std::borrow::Cow<'static, str>>, loc: Location) -> Self {
        OperationState {
            name: name.into(),
            operands: ValueList::new(),
            result_types: TypeList::new(),
            props: ThinVec::new(),
            attrs: ThinVec::new(),
            regions: ThinVec::new(),
            successors: ThinVec::new(),
            loc,
        }
    }

    /// The kind of the op this builds.
    pub fn kind(&self) -> crate::OpKind {
        crate::op_def::registry().kind(&self.name)
    }
}

/// Owner of all IR entities. Passes get `&mut Context`.
#[derive(Debug, Default)]
pub struct Context {
    ops: Vec<OpData>,
    values: Vec<ValueData>,
    blocks: Vec<BlockData>,
    regions: Vec<RegionData>,
    /// Shared with the bodies taken out by [`Context::check_out`] until one
    /// side interns a new type (copy on write).
    types: std::sync::Arc<TypeInterner>,
    op_names: std::sync::Arc<rustc_hash::FxHashMap<String, std::sync::Arc<str>>>,
    /// The shared names of registered ops, by [`crate::OpKind`], as this
    /// context hands them out: each context clones its own copy of a name,
    /// so that threads building IR in contexts of their own do not all
    /// count references on the one global string.
    registered_names: Vec<Option<std::sync::Arc<str>>>,
    /// The host ops and functions declared pure, shared with the bodies
    /// taken out by [`Context::check_out`].
    pure_ops: std::sync::Arc<crate::effects::PureOps>,
    /// Errors at an op carry the op, printed, as a note
    /// (`--mlir-print-op-on-diagnostic`).
    print_op_on_diagnostic: bool,
    /// Whether the ops of StableHLO, MHLO and CHLO are *not* known here
    /// ([`Context::knows_foreign_ops`]; known unless turned off).
    foreign_ops_unknown: bool,
    /// With change tracking on, every op whose printed form may have
    /// changed, in the order of the changes ([`Context::changes`]).
    changes: Option<Vec<OpId>>,
    /// The file's resources ([`crate::resources`]), shared with the bodies
    /// taken out by [`Context::check_out`] until one side changes them.
    resources: std::sync::Arc<crate::resources::Resources>,
    /// Moves on with every change ([`Context::revision`]).
    revision: Revision,
    /// The last verification that passed
    /// ([`crate::verifier::verify_changed`]).
    pub(crate) verified: Option<crate::verifier::Verified>,
    /// What changed since that verification, for the next one to
    /// re-verify ([`Unverified`]).
    pub(crate) unverified: Unverified,
    /// The ops of one long block in order, as of one revision
    /// ([`Context::listed_block_ops`]).
    listed: Option<ListedOps>,
}

/// The ops of `block`, in order, at `revision`.
#[derive(Debug)]
struct ListedOps {
    block: BlockId,
    revision: Revision,
    ops: Vec<OpId>,
}

/// The changes made since the last verification that passed, for
/// [`crate::verifier::verify_changed`] to re-verify only what they can
/// affect. Every change to the IR is either logged here (each op it
/// touched, with what of the op's surroundings to verify again), or made
/// to IR no op holds (the op that takes it in is logged then), or sets
/// [`Unverified::anything`]: a change that cannot be placed, after which
/// everything is verified again.
#[derive(Debug, Default)]
pub(crate) struct Unverified {
    /// The ops touched, oldest first (repeats kept: logging stays cheap).
    pub(crate) ops: Vec<(OpId, Reverify)>,
    /// Whether a change the log cannot place was made (one is an op
    /// coming into or leaving the symbol table verified last: its
    /// symbols, which symbol uses look up, change).
    pub(crate) anything: bool,
    /// What the root verified last, and each op right in its regions when
    /// it is a symbol table (a symbol), was before its first change since:
    /// the verifier compares it with the op now, since the ops in the
    /// root read it (a symbol use reads its symbol). Taken before the
    /// change is made.
    pub(crate) surfaces_before: rustc_hash::FxHashMap<OpId, crate::verifier::OpSurface>,
    /// The op whose surface was looked for last (changes come in runs on
    /// one op): kept in `surfaces_before`.
    last_kept: Option<OpId>,
}

/// What a change to an op makes to verify again besides the op's own
/// checks and those of its ancestors (which read the ops nested in them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Reverify {
    /// Nothing more: its operands or location changed, or ops came into or
    /// left its blocks.
    Own,
    /// The ops right in its regions (which read their parent) and the
    /// users of its results and block arguments: its attributes, result
    /// types or block arguments changed.
    Neighbours,
    /// The users of its results: it left its block.
    Users,
    /// Everything nested in it, and the users of its results: it moved
    /// (its nested ops may use values from elsewhere), the blocks or the
    /// control flow of its regions changed, or it changed in a way not
    /// told ([`Context::op_mut`]).
    Whole,
}

impl Unverified {
    /// Log a change to `op` of a context of `num_ops` ops; a log longer
    /// than the context has ops is dropped for [`Unverified::anything`]:
    /// re-verifying that much costs a full verification anyway.
    fn log(&mut self, op: OpId, reverify: Reverify, num_ops: usize) {
        if self.anything {
            return;
        }
        self.ops.push((op, reverify));
        if self.ops.len() > num_ops {
            self.ops = Vec::new();
            self.anything = true;
        }
    }
    /// Forget everything: a verification passed.
    pub(crate) fn clear(&mut self) {
        self.ops.clear();
        self.anything = false;
        self.surfaces_before.clear();
        self.last_kept = None;
    }
}

/// A state of one context's IR ([`Context::revision`]). Each context
/// numbers its revisions from a range of its own, so that revisions of
/// two contexts never compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revision(u64);

impl Default for Revision {
    /// The first revision of a new context.
    fn default() -> Self {
        /// Where the next context's range starts.
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Revision(NEXT.fetch_add(1 << 32, std::sync::atomic::Ordering::Relaxed))
    }
}

/// A sorted list of named attributes (`Vec` while building, `ThinVec` on ops).
pub trait AttrList: std::ops::DerefMut<Target = [NamedAttr]> {
    fn insert_at(&mut self, index: usize, entry: NamedAttr);
}
impl AttrList for Vec<NamedAttr> {
    fn insert_at(&mut self, index: usize, entry: NamedAttr) {
        self.insert(index, entry);
    }
}
impl AttrList for ThinVec<NamedAttr> {
    /// The list grows from one slot, doubling (ThinVec's own growth starts
    /// at four): most ops have one or two attributes, and ops keep the list
    /// they were built with.
    fn insert_at(&mut self, index: usize, entry: NamedAttr) {
        if self.len() == self.capacity() {
            self.reserve_exact(self.len().max(1));
        }
        self.insert(index, entry);
    }
}

/// Insert `value` into the sorted attribute list `list`, replacing an entry of the same name.
pub fn set_named_attr(list: &mut (impl AttrList + ?Sized), name: &str, value: Attr) {
    match list.binary_search_by(|(n, _)| (**n).cmp(name)) {
        Ok(i) => list[i].1 = value,
        Err(i) => list.insert_at(i, (crate::attrs::attr_name(name), value)),
    }
}

/// Sort `list` by name, keeping the first of each name (most lists an op
/// is created with hold one attribute or none: nothing to do).
fn sort_named(list: &mut ThinVec<NamedAttr>) {
    if list.len() > 1 {
        list.sort_by(|a, b| a.0.cmp(&b.0));
        list.dedup_by(|a, b| a.0 == b.0);
    }
}

/// Look up `name` in the sorted attribute list `list`.
pub fn get_named_attr<'a>(list: &'a [NamedAttr], name: &str) -> Option<&'a Attr> {
    list.binary_search_by(|(n, _)| (**n).cmp(name))
        .ok()
        .map(|i| &list[i].1)
}

impl Context {
    pub fn new() -> Self {
        Self::default()
    }

    /// Reserve room for about `ops` operations (values and blocks scaled
    /// from it), so that building a large module does not repeatedly grow
    /// and copy the arenas.
    ///
    /// An empty arena too small is replaced, not grown: growing copies the
    /// old allocation's whole capacity, touching memory nothing uses (an
    /// emptied context of a parsed piece taking a larger piece).
    pub fn reserve(&mut self, ops: usize) {
        fn room_for<T>(arena: &mut Vec<T>, more: usize) {
            match arena.is_empty() && arena.capacity() < more {
                true => *arena = Vec::with_capacity(more),
                false => arena.reserve(more),
            }
        }
        room_for(&mut self.ops, ops);
        room_for(&mut self.values, ops + ops / 2);
        room_for(&mut self.blocks, ops / 8);
        room_for(&mut self.regions, ops / 8);
    }

    // ----- types -----
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        match self.types.lookup(&kind) {
            Some(t) => t,
            None => std::sync::Arc::make_mut(&mut self.types).intern(kind),
        }
    }
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty)
    }
    pub fn types(&self) -> &TypeInterner {
        &self.types
    }

    // ----- effects -----
    /// The host ops and functions declared pure ([`crate::effects`]).
    pub fn pure_ops(&self) -> &crate::effects::PureOps {
        &self.pure_ops
    }
    pub fn set_pure_ops(&mut self, ops: crate::effects::PureOps) {
        if *self.pure_ops != ops {
            self.changed();
            self.pure_ops = std::sync::Arc::new(ops);
        }
    }

    /// Whether the built-in knowledge of StableHLO, MHLO and CHLO ops is
    /// used: their effects ([`crate::effects::known_pure`]) and, in the
    /// crates that read it, their shape rules. On unless turned off.
    pub fn knows_foreign_ops(&self) -> bool {
        !self.foreign_ops_unknown
    }
    pub fn set_knows_foreign_ops(&mut self, on: bool) {
        if self.foreign_ops_unknown == on {
            self.changed();
            self.foreign_ops_unknown = !on;
        }
    }

    // ----- resources -----
    /// The blobs and external resources of the file ([`crate::resources`]).
    pub fn resources(&self) -> &crate::resources::Resources {
        &self.resources
    }
    pub fn resources_mut(&mut self) -> &mut crate::resources::Resources {
        self.changed();
        std::sync::Arc::make_mut(&mut self.resources)
    }

    // ----- diagnostics -----
    /// Whether errors at an op note the op, printed
    /// (`--mlir-print-op-on-diagnostic`).
    /// Read this context's IR under `other`'s settings: its pure host ops,
    /// whether it knows the foreign ops, and whether its diagnostics print
    /// the op (for IR built in a context of its own, then handed over).
    pub fn copy_settings_from(&mut self, other: &Context) {
        self.set_pure_ops((*other.pure_ops).clone());
        self.set_knows_foreign_ops(other.knows_foreign_ops());
        self.print_op_on_diagnostic = other.print_op_on_diagnostic;
    }

    pub fn print_op_on_diagnostic(&self) -> bool {
        self.print_op_on_diagnostic
    }
    pub fn set_print_op_on_diagnostic(&mut self, on: bool) {
        self.print_op_on_diagnostic = on;
    }

    // ----- change tracking -----
    /// Start logging the ops each change touches (an op changed, or an
    /// op, block, region or argument right under it added, removed or
    /// moved), so that an observer can tell what a pass changed without
    /// comparing the IR. Stays on once on.
    pub fn track_changes(&mut self) {
        self.changes.get_or_insert_with(Vec::new);
    }
    /// The ops touched so far, oldest first, if tracking is on: those from
    /// a mark (the length then) on are what changed since. An op the log
    /// names may since have been erased or moved; whatever held it when it
    /// left is in the log too.
    pub fn changes(&self) -> Option<&[OpId]> {
        self.changes.as_deref()
    }
    /// The state of the IR: it moves on with every change to the IR
    /// (whether or not change tracking is on) and to what it is read under
    /// (pure ops, foreign ops, resources), so that two equal revisions of a
    /// context mean nothing changed in between. It may also move on when
    /// nothing visible changed (an op created but not inserted), never the
    /// other way round.
    pub fn revision(&self) -> Revision {
        self.revision
    }
    /// A change to `op`, which makes `reverify` verify again: the
    /// revision moves on, and the logs record it.
    fn touch(&mut self, op: OpId, reverify: Reverify) {
        self.mark_unverified(op, reverify);
        if let Some(changes) = &mut self.changes {
            changes.push(op);
        }
    }
    /// A change that makes `reverify` of `op` verify again, though no op's
    /// printed form shows it: the revision moves on, and the verifier's
    /// log records it. Before any verification passed the next one is a
    /// full one, so nothing is logged (a parsed module holds no log).
    /// Every caller logs before it changes `op`, so that what the root
    /// verified last, or a symbol of it, was can still be read here.
    #[inline]
    fn mark_unverified(&mut self, op: OpId, reverify: Reverify) {
        self.revision.0 += 1;
        if self.verified.is_some() && !self.unverified.anything {
            self.log_unverified(op, reverify);
        }
    }
    /// [`Context::mark_unverified`] after a verification passed.
    fn log_unverified(&mut self, op: OpId, reverify: Reverify) {
        let Some(verified) = &self.verified else {
            return;
        };
        let symbols = verified.symbol_block();
        let read_above =
            op == verified.root() || (symbols.is_some() && self.ops[op.index()].parent == symbols);
        if read_above && self.unverified.last_kept != Some(op) {
            if !self.unverified.surfaces_before.contains_key(&op) {
                let before = crate::verifier::OpSurface::of(self, op);
                self.unverified.surfaces_before.insert(op, before);
            }
            self.unverified.last_kept = Some(op);
        }
        self.unverified.log(op, reverify, self.ops.len());
    }
    /// An op comes into or leaves block `b`: when `b` holds the symbols of
    /// the symbol table verified last, they change, which the log cannot
    /// place.
    fn change_ops_of(&mut self, b: BlockId) {
        if self
            .verified
            .as_ref()
            .is_some_and(|v| v.symbol_block() == Some(b))
        {
            self.unverified.anything = true;
        }
    }
    /// A change to IR no op holds (a detached op, block or region): the
    /// revision moves on; the op that takes it in will be touched then.
    fn changed_detached(&mut self) {
        self.revision.0 += 1;
    }
    /// A change the verifier's log cannot place (to what the IR is read
    /// under, or many entities at once): the revision moves on, and the
    /// next verification is a full one.
    fn changed(&mut self) {
        self.revision.0 += 1;
        self.unverified.anything = true;
    }
    fn touch_holder_of_block(&mut self, b: BlockId, reverify: Reverify) {
        match self.block_parent_op(b) {
            Some(op) => self.touch(op, reverify),
            None => self.changed_detached(),
        }
    }
    /// A change to the blocks of region `r`: the control flow and
    /// dominance in it change.
    fn touch_holder_of_region(&mut self, r: RegionId) {
        match self.regions[r.index()].parent {
            Some(op) => self.touch(op, Reverify::Whole),
            None => self.changed_detached(),
        }
    }
    /// A change to the type or location of `v`.
    fn touch_holder_of_value(&mut self, v: ValueId) {
        match self.values[v.index()].def {
            ValueDef::OpResult { op, .. } => self.touch(op, Reverify::Neighbours),
            ValueDef::BlockArg { block, .. } => {
                self.touch_holder_of_block(block, Reverify::Neighbours)
            }
        }
    }

    // ----- accessors -----
    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op.index()]
    }
    /// `op`'s data, to change in any way: its regions and successors
    /// too, which changes the control flow of the region it is in.
    pub fn op_mut(&mut self, op: OpId) -> &mut OpData {
        self.touch(op, Reverify::Whole);
        if let Some(parent) = self.parent_op(op) {
            self.mark_unverified(parent, Reverify::Whole);
        }
        &mut self.ops[op.index()]
    }
    /// Set `op`'s location.
    pub fn set_loc(&mut self, op: OpId, loc: Location) {
        self.touch(op, Reverify::Own);
        self.ops[op.index()].loc = loc;
    }
    /// Take `op`'s regions away from it (to give them to another op).
    pub fn take_regions(&mut self, op: OpId) -> ThinVec<RegionId> {
        self.touch(op, Reverify::Whole);
        let regions = std::mem::take(&mut self.ops[op.index()].regions);
        for r in &regions {
            self.regions[r.index()].parent = None;
        }
        regions
    }
    /// Make successor `i` of `op` (a terminator) `block`.
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        self.touch(op, Reverify::Own);
        if let Some(b) = self.ops[op.index()].parent {
            self.touch_holder_of_block(b, Reverify::Whole);
        }
        self.ops[op.index()].successors[i] = block;
    }
    /// `op`'s attributes (inherent if `inherent`, else discardable), to
    /// change.
    fn attrs_mut(&mut self, op: OpId, inherent: bool) -> &mut ThinVec<NamedAttr> {
        self.touch(op, Reverify::Neighbours);
        let data = &mut self.ops[op.index()];
        match inherent {
            true => &mut data.props,
            false => &mut data.attrs,
        }
    }
    pub fn value(&self, v: ValueId) -> &ValueData {
        &self.values[v.index()]
    }
    pub fn value_type(&self, v: ValueId) -> Type {
        self.values[v.index()].ty
    }
    pub fn set_value_type(&mut self, v: ValueId, ty: Type) {
        self.touch_holder_of_value(v);
        self.values[v.index()].ty = ty;
    }
    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b.index()]
    }
    pub fn region(&self, r: RegionId) -> &RegionData {
        &self.regions[r.index()]
    }
    /// The definition of `op`, if its name is registered.
    pub fn op_def(&self, op: OpId) -> Option<&'static crate::op_def::OpDef> {
        self.ops[op.index()].def
    }
    /// The kind of `op` ([`crate::OpKind::Unregistered`] if no definition
    /// covers it).
    pub fn kind(&self, op: OpId) -> crate::OpKind {
        self.ops[op.index()]
            .def
            .map_or(crate::OpKind::Unregistered, |d| d.kind)
    }
    pub fn op_name(&self, op: OpId) -> &str {
        &self.ops[op.index()].name
    }
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }
    /// The types of `values`, in order.
    pub fn types_of(&self, values: &[ValueId]) -> Vec<Type> {
        values.iter().map(|&v| self.value_type(v)).collect()
    }
    pub fn num_values(&self) -> usize {
        self.values.len()
    }
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }
    pub fn num_regions(&self) -> usize {
        self.regions.len()
    }

    /// Attribute by name, inherent first, then discardable.
    pub fn attr(&self, op: OpId, name: &str) -> Option<&Attr> {
        let data = self.op(op);
        get_named_attr(&data.props, name).or_else(|| get_named_attr(&data.attrs, name))
    }
    pub fn set_discardable_attr(&mut self, op: OpId, name: &str, value: Attr) {
        set_named_attr(self.attrs_mut(op, false), name, value);
    }
    pub fn set_prop(&mut self, op: OpId, name: &str, value: Attr) {
        set_named_attr(self.attrs_mut(op, true), name, value);
    }
    /// Remove the discardable attribute `name` from `op`, if it has one.
    pub fn remove_discardable_attr(&mut self, op: OpId, name: &str) {
        self.attrs_mut(op, false).retain(|(n, _)| &**n != name);
    }

    /// Ops of a block in order.
    /// Remember that `ops` are the ops of `b`, in order, for
    /// [`Context::listed_block_ops`] until the next change (a builder that
    /// knows them, like the parser joining a module of many functions,
    /// saves its readers a walk of the block, one cache miss per op).
    pub fn remember_block_ops(&mut self, b: BlockId, ops: Vec<OpId>) {
        debug_assert!(
            self.block_ops(b).eq(ops.iter().copied()),
            "the ops remembered for a block are its ops"
        );
        self.listed = Some(ListedOps {
            block: b,
            revision: self.revision,
            ops,
        });
    }
    /// The ops of `b` in order, when remembered since the last change
    /// ([`Context::remember_block_ops`]); else walk [`Context::block_ops`].
    pub fn listed_block_ops(&self, b: BlockId) -> Option<&[OpId]> {
        self.listed
            .as_ref()
            .filter(|l| l.block == b && l.revision == self.revision)
            .map(|l| &l.ops[..])
    }
    pub fn block_ops(&self, b: BlockId) -> BlockOps<'_> {
        BlockOps {
            ctx: self,
            next: self.block(b).first,
        }
    }
    /// The last op of a block (its terminator when it has one).
    pub fn block_terminator(&self, b: BlockId) -> Option<OpId> {
        self.block(b).last
    }
    /// The op owning the region that contains `b`.
    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        self.block(b).parent.and_then(|r| self.region(r).parent)
    }
    /// The op enclosing `op` (its block's region's owner).
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).parent.and_then(|b| self.block_parent_op(b))
    }
    /// The op that defines `v`, if it is an op result.
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.value(v).def {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }
    /// The block in which `v` is defined.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.value(v).def {
            ValueDef::OpResult { op, .. } => self.op(op).parent,
            ValueDef::BlockArg { block, .. } => Some(block),
        }
    }
    pub fn result(&self, op: OpId, i: usize) -> Option<ValueId> {
        self.op(op).results.get(i).copied()
    }
    pub fn operand(&self, op: OpId, i: usize) -> Option<ValueId> {
        self.op(op).operands.get(i).copied()
    }
    /// The type of operand `i` of `op`, if it has that many.
    pub fn operand_type(&self, op: OpId, i: usize) -> Option<Type> {
        self.operand(op, i).map(|v| self.value_type(v))
    }
    /// The type of result `i` of `op`, if it has that many.
    pub fn result_type(&self, op: OpId, i: usize) -> Option<Type> {
        self.result(op, i).map(|v| self.value_type(v))
    }
    /// The types of `op`'s operands, in order.
    pub fn operand_types(&self, op: OpId) -> Vec<Type> {
        self.types_of(&self.op(op).operands)
    }
    /// The types of `op`'s results, in order.
    pub fn result_types(&self, op: OpId) -> Vec<Type> {
        self.types_of(&self.op(op).results)
    }

    // ----- creation -----
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData::default());
        RegionId(self.regions.len() as u32 - 1)
    }
    pub fn create_block(&mut self) -> BlockId {
        self.blocks.push(BlockData::default());
        BlockId(self.blocks.len() as u32 - 1)
    }
    pub fn add_block_arg(&mut self, b: BlockId, ty: Type, loc: Option<Location>) -> ValueId {
        let index = self.blocks[b.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::BlockArg { block: b, index }, loc);
        self.blocks[b.index()].args.push(v);
        self.touch_holder_of_block(b, Reverify::Neighbours);
        v
    }
    /// Keep only the blocks of `r` for which `keep` holds (the others are
    /// detached; their ops should have been erased first).
    pub fn retain_blocks(&mut self, r: RegionId, keep: impl Fn(BlockId) -> bool) {
        self.touch_holder_of_region(r);
        let blocks = std::mem::take(&mut self.regions[r.index()].blocks);
        let (kept, dropped): (Vec<BlockId>, Vec<BlockId>) =
            blocks.into_iter().partition(|&b| keep(b));
        for b in dropped {
            self.blocks[b.index()].parent = None;
        }
        self.regions[r.index()].blocks = kept;
    }
    pub fn append_block(&mut self, r: RegionId, b: BlockId) {
        self.touch_holder_of_region(r);
        self.blocks[b.index()].parent = Some(r);
        self.regions[r.index()].blocks.push(b);
    }
    fn new_value(&mut self, ty: Type, def: ValueDef, loc: Option<Location>) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        self.values.push(ValueData {
            ty,
            def,
            uses: UseList::new(),
            loc: loc.map(Box::new),
        });
        id
    }

    /// The source location of a block argument, if it was given one.
    pub fn arg_loc(&self, v: ValueId) -> Option<&Location> {
        self.values[v.index()].loc.as_deref()
    }
    pub fn set_arg_loc(&mut self, v: ValueId, loc: Location) {
        self.touch_holder_of_value(v);
        self.values[v.index()].loc = Some(Box::new(loc));
    }

    /// Create a detached operation from `state`; its regions become owned by it.
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        let def = crate::op_def::registry().get(&state.name);
        self.create_op_of(def, state)
    }

    /// [`Context::create_op`] for a caller that has looked up the
    /// definition of `state`'s name already (`def`: what
    /// [`crate::op_def::Registry::get`] gives for it).
    pub fn create_op_of(
        &mut self,
        def: Option<&'static crate::op_def::OpDef>,
        state: OperationState,
    ) -> OpId {
        debug_assert!(
            def.map(|d| d.name) == crate::op_def::registry().get(&state.name).map(|d| d.name),
            "the definition given is not that of '{}'",
            state.name
        );
        self.changed_detached();
        let id = OpId(self.ops.len() as u32);
        let OperationState {
            name,
            operands,
            result_types,
            mut props,
            mut attrs,
            regions,
            successors,
            loc,
        } = state;
        sort_named(&mut props);
        sort_named(&mut attrs);
        for (i, v) in operands.iter().enumerate() {
            self.values[v.index()].uses.push(Use {
                op: id,
                operand: i as u32,
            });
        }
        for r in &regions {
            // A region taken from an op changes that op.
            if let Some(owner) = self.regions[r.index()].parent {
                self.mark_unverified(owner, Reverify::Whole);
            }
            self.regions[r.index()].parent = Some(id);
        }
        let name = match def {
            Some(d) => self.registered_name(d),
            None => self.unregistered_name(name),
        };
        self.ops.push(OpData {
            name,
            def,
            operands,
            results: ValueList::new(),
            props,
            attrs,
            regions,
            successors,
            loc,
            parent: None,
            prev: None,
            next: None,
        });
        let results = result_types
            .into_iter()
            .enumerate()
            .map(|(i, ty)| {
                self.new_value(
                    ty,
                    ValueDef::OpResult {
                        op: id,
                        index: i as u32,
                    },
                    None,
                )
            })
            .collect();
        self.ops[id.index()].results = results;
        id
    }

    /// The name every op of `def` holds, cloned from this context's copy.
    fn registered_name(&mut self, def: &'static crate::op_def::OpDef) -> std::sync::Arc<str> {
        let kind = def.kind as usize;
        if self.registered_names.len() <= kind {
            self.registered_names.resize(kind + 1, None);
        }
        self.registered_names[kind]
            .get_or_insert_with(|| def.shared_name())
            .clone()
    }

    /// The interned name of an op no definition covers.
    fn unregistered_name(&mut self, name: std::borrow::Cow<'static, str>) -> std::sync::Arc<str> {
        if let Some(n) = self.op_names.get(&*name) {
            return n.clone();
        }
        let n: std::sync::Arc<str> = (*name).into();
        std::sync::Arc::make_mut(&mut self.op_names).insert(name.into_owned(), n.clone());
        n
    }

    // ----- linking -----
    // Each takes `op` out of its place first, so that it may be moved next
    // to itself or to its own neighbour.
    pub fn append_op(&mut self, b: BlockId, op: OpId) {
        self.unlink(op);
        let last = self.blocks[b.index()].last;
        self.link(op, b, last, None);
    }
    pub fn insert_op_before(&mut self, anchor: OpId, op: OpId) {
        if op == anchor || self.op(anchor).parent.is_none() {
            return;
        }
        // Out of its place first: it may be the anchor's neighbour.
        self.unlink(op);
        let Some(b) = self.op(anchor).parent else {
            return;
        };
        let prev = self.op(anchor).prev;
        self.link(op, b, prev, Some(anchor));
    }
    pub fn insert_op_after(&mut self, anchor: OpId, op: OpId) {
        if op == anchor || self.op(anchor).parent.is_none() {
            return;
        }
        self.unlink(op);
        let Some(b) = self.op(anchor).parent else {
            return;
        };
        let next = self.op(anchor).next;
        self.link(op, b, Some(anchor), next);
    }
    /// Put the unlinked `op` into block `b` between `prev` and `next`.
    fn link(&mut self, op: OpId, b: BlockId, prev: Option<OpId>, next: Option<OpId>) {
        self.touch(op, Reverify::Whole);
        self.touch_flow_of(op, b);
        self.change_ops_of(b);
        let data = &mut self.ops[op.index()];
        data.parent = Some(b);
        data.prev = prev;
        data.next = next;
        match prev {
            Some(p) => self.ops[p.index()].next = Some(op),
            None => self.blocks[b.index()].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n.index()].prev = Some(op),
            None => self.blocks[b.index()].last = Some(op),
        }
    }
    /// Detach `op` from its block (it stays alive and can be re-inserted).
    pub fn unlink(&mut self, op: OpId) {
        let OpData {
            parent, prev, next, ..
        } = self.ops[op.index()];
        let Some(b) = parent else {
            return;
        };
        self.touch_holder_of_block(b, Reverify::Own);
        self.touch_flow_of(op, b);
        self.change_ops_of(b);
        // Its results may still be used where it was.
        self.mark_unverified(op, Reverify::Users);
        match prev {
            Some(p) => self.ops[p.index()].next = next,
            None => self.blocks[b.index()].first = next,
        }
        match next {
            Some(n) => self.ops[n.index()].prev = prev,
            None => self.blocks[b.index()].last = prev,
        }
        let data = &mut self.ops[op.index()];
        data.parent = None;
        data.prev = None;
        data.next = None;
    }
    /// `op`, with successors, comes into or leaves block `b`: the control
    /// flow of `b`'s region changes.
    fn touch_flow_of(&mut self, op: OpId, b: BlockId) {
        if !self.ops[op.index()].successors.is_empty() {
            self.touch_holder_of_block(b, Reverify::Whole);
        }
    }
    /// Move `op` right before `anchor` (possibly into another block).
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.insert_op_before(anchor, op);
    }

    // ----- blocks -----
    /// Put `b` right after `anchor` in `anchor`'s region, taking it out of
    /// the region it was in.
    pub fn insert_block_after(&mut self, anchor: BlockId, b: BlockId) {
        let Some(r) = self.blocks[anchor.index()].parent else {
            return;
        };
        self.detach_block(b);
        self.touch_holder_of_region(r);
        let blocks = &mut self.regions[r.index()].blocks;
        let at = blocks
            .iter()
            .position(|&x| x == anchor)
            .map_or(blocks.len(), |i| i + 1);
        blocks.insert(at, b);
        self.blocks[b.index()].parent = Some(r);
    }
    /// Put `b` at position `at` (clamped) of region `r`, taking it out of
    /// the region it was in.
    pub fn insert_block_at(&mut self, r: RegionId, at: usize, b: BlockId) {
        self.detach_block(b);
        self.touch_holder_of_region(r);
        let blocks = &mut self.regions[r.index()].blocks;
        blocks.insert(at.min(blocks.len()), b);
        self.blocks[b.index()].parent = Some(r);
    }
    /// Take `b` out of its region; its ops and arguments stay with it.
    pub fn detach_block(&mut self, b: BlockId) {
        if let Some(old) = self.blocks[b.index()].parent.take() {
            self.touch_holder_of_region(old);
            self.regions[old.index()].blocks.retain(|&x| x != b);
        }
    }
    /// Remove argument `i` of `b`, which must be unused; the arguments after
    /// it shift down.
    pub fn erase_block_arg(&mut self, b: BlockId, i: usize) {
        if i >= self.blocks[b.index()].args.len() {
            return;
        }
        self.touch_holder_of_block(b, Reverify::Neighbours);
        // Uses it should not have had.
        let removed = self.blocks[b.index()].args[i];
        for u in self.values[removed.index()].uses.clone() {
            self.mark_unverified(u.op, Reverify::Own);
        }
        let args = &mut self.blocks[b.index()].args;
        args.remove(i);
        for (k, &v) in self.blocks[b.index()].args.iter().enumerate().skip(i) {
            self.values[v.index()].def = ValueDef::BlockArg {
                block: b,
                index: k as u32,
            };
        }
    }
    /// Split `op`'s block after `op`: the ops that follow it move to a new
    /// block (without arguments) placed right after. `None` if `op` is not
    /// in a block.
    pub fn split_block_after(&mut self, op: OpId) -> Option<BlockId> {
        let block = self.op(op).parent?;
        let tail = self.create_block();
        self.insert_block_after(block, tail);
        let mut next = self.op(op).next;
        while let Some(o) = next {
            next = self.op(o).next;
            self.append_op(tail, o);
        }
        Some(tail)
    }

    // ----- uses -----
    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        let old = self.ops[op.index()].operands[i];
        let u = Use {
            op,
            operand: i as u32,
        };
        self.values[old.index()].uses.retain(|x| *x != u);
        self.values[v.index()].uses.push(u);
        self.ops[op.index()].operands[i] = v;
        self.touch(op, Reverify::Own);
    }
    /// Replace the whole operand list of `op` (to drop or reorder operands).
    pub fn set_operands(&mut self, op: OpId, operands: &[ValueId]) {
        let old = std::mem::take(&mut self.ops[op.index()].operands);
        for (i, v) in old.iter().enumerate() {
            let u = Use {
                op,
                operand: i as u32,
            };
            self.values[v.index()].uses.retain(|x| *x != u);
        }
        for (i, v) in operands.iter().enumerate() {
            self.values[v.index()].uses.push(Use {
                op,
                operand: i as u32,
            });
        }
        self.ops[op.index()].operands = operands.iter().copied().collect();
        self.touch(op, Reverify::Own);
    }
    /// Redirect every use of `from` to `to`.
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let uses = std::mem::take(&mut self.values[from.index()].uses);
        for u in &uses {
            self.ops[u.op.index()].operands[u.operand as usize] = to;
            self.touch(u.op, Reverify::Own);
        }
        self.values[to.index()].uses.extend(uses);
    }
    pub fn has_uses(&self, v: ValueId) -> bool {
        !self.value(v).uses.is_empty()
    }

    /// Erase `op` and everything nested in it. Its results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        self.changed_detached();
        self.unlink(op);
        self.drop_references(op);
    }
    fn drop_references(&mut self, op: OpId) {
        // Once per value used, so that an op using one value many times
        // (a `tensor.from_elements` of one constant) costs that value's
        // uses once, not once per operand.
        let mut operands = std::mem::take(&mut self.ops[op.index()].operands);
        operands.sort_unstable_by_key(|v| v.index());
        operands.dedup();
        for v in operands {
            self.values[v.index()].uses.retain(|x| x.op != op);
        }
        for r in self.ops[op.index()].regions.clone() {
            for b in self.regions[r.index()].blocks.clone() {
                let ops: Vec<OpId> = self.block_ops(b).collect();
                for o in ops {
                    self.drop_references(o);
                }
            }
        }
    }

    /// Deep-copy the blocks of `src` into the (empty) region `dst`, with values
    /// defined above mapped through `map` (values not in `map` are kept).
    pub fn clone_region_into(
        &mut self,
        src: RegionId,
        dst: RegionId,
        map: &mut std::collections::HashMap<ValueId, ValueId>,
    ) {
        let blocks = self.regions[src.index()].blocks.clone();
        let mut block_map = std::collections::HashMap::default();
        for &b in &blocks {
            let nb = self.create_block();
            for &a in &self.blocks[b.index()].args.clone() {
                let ty = self.value_type(a);
                let loc = self.arg_loc(a).cloned();
                let na = self.add_block_arg(nb, ty, loc);
                map.insert(a, na);
            }
            self.append_block(dst, nb);
            block_map.insert(b, nb);
        }
        let mut cloned = Vec::new();
        for &b in &blocks {
            let ops: Vec<OpId> = self.block_ops(b).collect();
            for o in ops {
                let c = self.clone_op(o, map, &block_map);
                self.append_op(block_map[&b], c);
                cloned.push(c);
            }
        }
        // Operands that referred forward (graph regions, later blocks) were
        // not yet mapped when their user was cloned: remap them now.
        for c in cloned {
            for i in 0..self.ops[c.index()].operands.len() {
                let v = self.ops[c.index()].operands[i];
                if let Some(&nv) = map.get(&v) {
                    if nv != v {
                        self.set_operand(c, i, nv);
                    }
                }
            }
        }
    }

    fn clone_op(
        &mut self,
        op: OpId,
        map: &mut std::collections::HashMap<ValueId, ValueId>,
        block_map: &std::collections::HashMap<BlockId, BlockId>,
    ) -> OpId {
        let data = self.ops[op.index()].clone();
        let regions: ThinVec<RegionId> = data
            .regions
            .iter()
            .map(|&r| {
                let nr = self.create_region();
                self.clone_region_into(r, nr, map);
                nr
            })
            .collect();
        let state = OperationState {
            name: data.name.to_string().into(),
            operands: data
                .operands
                .iter()
                .map(|v| *map.get(v).unwrap_or(v))
                .collect(),
            result_types: data.results.iter().map(|&v| self.value_type(v)).collect(),
            props: data.props,
            attrs: data.attrs,
            regions,
            successors: data
                .successors
                .iter()
                .map(|b| *block_map.get(b).unwrap_or(b))
                .collect(),
            loc: data.loc,
        };
        let new = self.create_op(state);
        for (old, newv) in data
            .results
            .iter()
            .zip(self.ops[new.index()].results.clone())
        {
            map.insert(*old, newv);
        }
        new
    }

    /// Deep-copy `op` (detached), mapping operands through `map`.
    pub fn clone_operation(
        &mut self,
        op: OpId,
        map: &mut std::collections::HashMap<ValueId, ValueId>,
    ) -> OpId {
        self.clone_op(op, map, &std::collections::HashMap::default())
    }

    /// Every op nested under `op` (not including it), in pre-order.
    pub fn walk_nested(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        for &r in &self.op(op).regions {
            for &b in &self.region(r).blocks {
                for o in self.block_ops(b) {
                    f(o);
                    self.walk_nested(o, f);
                }
            }
        }
    }

    /// True if `ancestor` (an op) contains `op` at any depth.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        while let Some(p) = self.parent_op(op) {
            if p == ancestor {
                return true;
            }
            op = p;
        }
        false
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let cur = self.next?;
        self.next = self.ctx.op(cur).next;
        Some(cur)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::TypeKind;

    /// A detached op `name` of `operands`, with `n` results of type `index`.
    pub(super) fn op(
        ctx: &mut Context,
        name: &'static str,
        operands: Vec<ValueId>,
        n: usize,
    ) -> OpId {
        let index = ctx.intern_type(TypeKind::Index);
        let mut s = OperationState::new(name, Location::Unknown);
        s.operands = operands.into();
        s.result_types = crate::TypeList::from_elem(index, n);
        ctx.create_op(s)
    }

    /// A detached op `name` with one region of one empty block, and the block.
    pub(super) fn op_with_body(ctx: &mut Context, name: &'static str) -> (OpId, BlockId) {
        let r = ctx.create_region();
        let b = ctx.create_block();
        ctx.append_block(r, b);
        let mut state = OperationState::new(name, Location::Unknown);
        state.regions.push(r);
        (ctx.create_op(state), b)
    }

    #[test]
    fn ops_move_next_to_themselves_and_their_neighbours() {
        let mut ctx = Context::new();
        let r = ctx.create_region();
        let b = ctx.create_block();
        ctx.append_block(r, b);
        let [x, y, z] = ["t.x", "t.y", "t.z"].map(|n| {
            let o = op(&mut ctx, n, vec![], 0);
            ctx.append_op(b, o);
            o
        });
        let order = |ctx: &Context| ctx.block_ops(b).collect::<Vec<_>>();
        ctx.insert_op_before(y, x);
        assert_eq!(order(&ctx), [x, y, z]);
        ctx.insert_op_after(y, z);
        assert_eq!(order(&ctx), [x, y, z]);
        ctx.append_op(b, z);
        assert_eq!(order(&ctx), [x, y, z]);
        ctx.move_op_before(y, y);
        assert_eq!(order(&ctx), [x, y, z]);
        ctx.insert_op_after(x, z);
        assert_eq!(order(&ctx), [x, z, y]);
        ctx.insert_op_before(x, y);
        assert_eq!(order(&ctx), [y, x, z]);
        assert_eq!(ctx.block_terminator(b), Some(z));
    }

    #[test]
    fn remembered_block_ops_last_until_the_next_change() {
        let (mut ctx, b) = {
            let mut ctx = Context::new();
            let (_, b) = op_with_body(&mut ctx, "t.holder");
            (ctx, b)
        };
        let [x, y] = ["t.x", "t.y"].map(|n| {
            let o = op(&mut ctx, n, vec![], 0);
            ctx.append_op(b, o);
            o
        });
        assert_eq!(ctx.listed_block_ops(b), None);
        ctx.remember_block_ops(b, vec![x, y]);
        assert_eq!(ctx.listed_block_ops(b), Some(&[x, y][..]));
        assert_eq!(ctx.listed_block_ops(BlockId(b.0 + 1)), None);
        ctx.insert_op_before(x, y);
        assert_eq!(ctx.listed_block_ops(b), None);
        assert_eq!(ctx.block_ops(b).collect::<Vec<_>>(), [y, x]);
    }

    #[test]
    fn insert_erase_replace_move_clone() {
        let mut ctx = Context::new();
        let r = ctx.create_region();
        let b = ctx.create_block();
        ctx.append_block(r, b);
        let a = op(&mut ctx, "t.a", vec![], 1);
        ctx.append_op(b, a);
        let va = ctx.result(a, 0).unwrap();
        let c = op(&mut ctx, "t.c", vec![va, va], 1);
        ctx.append_op(b, c);
        let bop = op(&mut ctx, "t.b", vec![], 1);
        ctx.insert_op_before(c, bop);
        let names: Vec<_> = ctx
            .block_ops(b)
            .map(|o| ctx.op_name(o).to_string())
            .collect();
        assert_eq!(names, ["t.a", "t.b", "t.c"]);
        assert_eq!(ctx.value(va).uses.len(), 2);

        let vb = ctx.result(bop, 0).unwrap();
        ctx.replace_all_uses(va, vb);
        assert!(!ctx.has_uses(va));
        assert_eq!(ctx.op(c).operands.as_slice(), [vb, vb]);
        ctx.erase_op(a);
        let names: Vec<_> = ctx
            .block_ops(b)
            .map(|o| ctx.op_name(o).to_string())
            .collect();
        assert_eq!(names, ["t.b", "t.c"]);

        ctx.move_op_before(c, bop);
        let order: Vec<_> = ctx.block_ops(b).collect();
        assert_eq!(order, vec![c, bop]);
        assert_eq!(ctx.block_terminator(b), Some(bop));

        let holder = op(&mut ctx, "t.holder", vec![], 0);
        let r2 = ctx.create_region();
        let mut map = std::collections::HashMap::default();
        ctx.clone_region_into(r, r2, &mut map);
        let nb = ctx.region(r2).blocks[0];
        let cloned: Vec<_> = ctx.block_ops(nb).collect();
        assert_eq!(cloned.len(), 2);
        let cloned_c = cloned[0];
        let cloned_b_result = ctx.result(cloned[1], 0).unwrap();
        assert_eq!(ctx.op(cloned_c).operands.as_slice(), [cloned_b_result; 2]);
        let _ = holder;
        ctx.set_operand(c, 0, ctx.result(c, 0).unwrap());
        assert_eq!(ctx.value(vb).uses.len(), 1);
        ctx.set_operands(c, &[vb]);
        assert_eq!(ctx.op(c).operands.as_slice(), &[vb]);
        assert_eq!(ctx.value(vb).uses.as_slice(), &[Use { op: c, operand: 0 }]);
        assert!(!ctx.has_uses(ctx.result(c, 0).unwrap()));
    }

    #[test]
    fn split_blocks_and_move_them() {
        let mut ctx = Context::new();
        let r = ctx.create_region();
        let (b0, b1) = (ctx.create_block(), ctx.create_block());
        ctx.append_block(r, b0);
        ctx.append_block(r, b1);
        let ops: Vec<OpId> = (0..3).map(|_| op(&mut ctx, "t.x", vec![], 0)).collect();
        for &o in &ops {
            ctx.append_op(b0, o);
        }
        let tail = ctx.split_block_after(ops[0]).unwrap();
        assert_eq!(ctx.region(r).blocks, vec![b0, tail, b1]);
        assert_eq!(ctx.block_ops(b0).collect::<Vec<_>>(), vec![ops[0]]);
        assert_eq!(ctx.block_ops(tail).collect::<Vec<_>>(), ops[1..].to_vec());
        assert_eq!(ctx.op(ops[1]).parent, Some(tail));
        // Splitting after the last op gives an empty block.
        let empty = ctx.split_block_after(ops[2]).unwrap();
        assert_eq!(ctx.block_ops(empty).count(), 0);
        assert_eq!(ctx.region(r).blocks, vec![b0, tail, empty, b1]);
        // Moving a block between regions.
        let r2 = ctx.create_region();
        let other = ctx.create_block();
        ctx.append_block(r2, other);
        ctx.insert_block_after(other, b1);
        assert_eq!(ctx.region(r).blocks, vec![b0, tail, empty]);
        assert_eq!(ctx.region(r2).blocks, vec![other, b1]);
        assert_eq!(ctx.block(b1).parent, Some(r2));
        let detached = op(&mut ctx, "t.x", vec![], 0);
        assert_eq!(ctx.split_block_after(detached), None);
        let index = ctx.intern_type(TypeKind::Index);
        let a = ctx.add_block_arg(b1, index, None);
        assert_eq!(ctx.arg_loc(a), None);
        ctx.set_arg_loc(a, Location::Unknown);
        assert_eq!(ctx.arg_loc(a), Some(&Location::Unknown));
    }

    #[test]
    fn queries_and_remaining_mutations() {
        let mut ctx = Context::new();
        let (outer, b) = op_with_body(&mut ctx, "t.outer");
        let a = op(&mut ctx, "t.a", vec![], 1);
        ctx.append_op(b, a);
        let va = ctx.result(a, 0).unwrap();
        let user = op(&mut ctx, "t.user", vec![va], 0);
        ctx.insert_op_after(a, user);
        assert_eq!(ctx.block_ops(b).collect::<Vec<_>>(), vec![a, user]);
        assert_eq!(ctx.defining_op(va), Some(a));
        assert_eq!(ctx.value_block(va), Some(b));
        assert_eq!(ctx.parent_op(user), Some(outer));
        assert!(ctx.is_ancestor(outer, user));
        assert!(!ctx.is_ancestor(user, outer));
        let mut seen = Vec::new();
        ctx.walk_nested(outer, &mut |o| seen.push(o));
        assert_eq!(seen, vec![a, user]);

        ctx.set_prop(a, "value", Attr::Unit);
        ctx.set_discardable_attr(a, "tag", Attr::string("x"));
        assert_eq!(ctx.attr(a, "value"), Some(&Attr::Unit));
        assert_eq!(ctx.attr(a, "tag"), Some(&Attr::string("x")));
        assert_eq!(ctx.op_def(a).map(|d| d.name), None);

        let mut map = std::collections::HashMap::new();
        let copy = ctx.clone_operation(user, &mut map);
        assert_eq!(ctx.op(copy).operands.as_slice(), &[va]);
        assert_eq!(ctx.value(va).uses.len(), 2);
        assert!(ctx.op(copy).parent.is_none());
    }
}
