//! The verifier: structure every op must have (operand/result/region counts
//! from its definition, terminators, single-block regions), SSA dominance and
//! isolation, symbol references (a `func.call` matches its callee's
//! signature; a symbol table defines each name once), then each op's own
//! checks. [`verify_changed`] skips what passed at the context's current
//! revision, so that verifying after a pass that changed nothing is free.
//!
//! After a verification of a root passed, [`verify_changed`] verifies the
//! same root again incrementally ([`verify_incrementally`]): it re-checks
//! what the changes logged since by the context (each with the private
//! `Reverify` kind of what it can affect) can have made verify
//! differently, and runs the full [`verify`] whenever that finds any
//! error, so the result, every message and its order are always those
//! of [`verify`]. What it re-checks:
//! - each op logged, its own checks, and those of its ancestors (which
//!   may read the ops nested in them, and check their blocks' terminators);
//! - per the log, the ops right in the op's regions (which read their
//!   parent), the users of its results and block arguments (operand
//!   types, dominance, isolation), or all of it (an op moved, a region's
//!   blocks or control flow changed, [`Context::op_mut`]);
//! - a symbol table below the root whose symbols changed, whole.
//!
//! It gives way to a full verification when it cannot tell: the root is in
//! a block or has a region of several blocks, the root or the symbols of
//! its symbol table changed (name, attributes, order: what a symbol use
//! reads), unregistered ops were allowed then and are not now, the
//! context logged a change it cannot place (what the IR is read under,
//! contexts joined, a log longer than the context has ops), or more than a
//! quarter of the context's ops are to be re-checked.
//!
//! Errors are reported the way `mlir-opt` words them: `'op.name' op message`,
//! at the op's location.

use crate::context::{BlockId, Context, OpId, RegionId, Reverify, ValueDef, ValueId};
use crate::dialect::checks::check_parent;
use crate::location::Location;
use crate::op_def::{ArityCounts, OpDef};
use crate::{Attr, OpKind, Type, TypeKind};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Marks a verifier message as a failed result-type inference (see
/// [`inference_failure`]).
const INFERENCE_FAILED: &str = "\u{1}inference:";

/// Wrap the message of a failed result-type inference: the verifier reports
/// it, then "failed to infer returned types", as MLIR does.
pub fn inference_failure(message: impl std::fmt::Display) -> String {
    format!("{INFERENCE_FAILED}{message}")
}

/// Marks a verifier message MLIR reports without the `'op' op` prefix (see
/// [`unprefixed`]).
const UNPREFIXED: &str = "\u{2}unprefixed:";

/// Wrap a message MLIR reports with `emitError` rather than `emitOpError`:
/// the verifier reports it at the op, without the `'op.name' op` prefix.
pub fn unprefixed(message: impl std::fmt::Display) -> String {
    format!("{UNPREFIXED}{message}")
}

/// Separates a verifier message from the op's own error that follows it
/// (see [`followed_by`]).
const THEN: char = '\u{3}';

/// A failure MLIR reports as two errors at the op: `first`, without the
/// `'op.name' op` prefix (a type interface's own check), then the op's
/// `then`.
pub fn followed_by(first: impl std::fmt::Display, then: impl std::fmt::Display) -> String {
    format!("{UNPREFIXED}{first}{THEN}{then}")
}

/// Marks a verifier message MLIR reports at another op (see [`at_op`]).
const AT_OP: char = '\u{4}';

/// Wrap a message MLIR reports with `emitError` at `other`, an op nested in
/// the one verified (`memref.generic_atomic_rmw` on an op of its body).
pub fn at_op(other: OpId, message: impl std::fmt::Display) -> String {
    format!("{AT_OP}{}{AT_OP}{message}", other.0)
}

/// Marks a verifier message with a note at another op (see [`noted_at`]).
const NOTE_AT: char = '\u{5}';

/// Wrap a message with a note MLIR attaches at `other` (the terminator an
/// edge of control flow leaves from).
pub fn noted_at(
    other: OpId,
    note: impl std::fmt::Display,
    message: impl std::fmt::Display,
) -> String {
    format!("{NOTE_AT}{}{NOTE_AT}{note}{NOTE_AT}{message}", other.0)
}

/// A verification failure at an op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub op: OpId,
    pub loc: Location,
    pub message: String,
    /// Notes attached to `message`, each at its location.
    pub notes: Vec<(Location, String)>,
    /// Further errors at the same op, reported after `message`.
    pub follow_up: Vec<String>,
}

impl VerifyError {
    /// The error `message` at `op`, alone.
    fn at(ctx: &Context, op: OpId, message: String) -> VerifyError {
        VerifyError {
            op,
            loc: ctx.op(op).loc.clone(),
            message,
            notes: Vec::new(),
            follow_up: Vec::new(),
        }
    }
}

struct Verifier<'a> {
    ctx: &'a Context,
    allow_unregistered: bool,
    symbols: &'a SymbolIndex<'a>,
    /// Per op, whether its verification began ([`Verifier::op`]): ops are
    /// verified in block order, so an op of the block of one being verified
    /// that began before it comes before it.
    seen: &'a [AtomicBool],
    /// The control flow of each multi-block region met.
    flow: HashMap<RegionId, RegionFlow>,
    /// Positions of the ops of long blocks, numbered on the first use that
    /// is far from its definition.
    positions: HashMap<BlockId, HashMap<OpId, usize>>,
    /// [`Verifier::ancestor_in`], remembered.
    ancestors: HashMap<(BlockId, RegionId), Option<Ancestor>>,
}

/// The op of a region that holds a nested block (see
/// [`Verifier::ancestor_in`]).
#[derive(Clone, Copy)]
struct Ancestor {
    op: OpId,
    /// The innermost isolated-from-above op on the way (the op itself
    /// included), if any.
    isolated: Option<OpId>,
}

/// The symbols of each symbol table met, indexed on first use and shared
/// by the threads that verify functions: a call is checked against its
/// callee without a walk of the module.
#[derive(Default)]
struct SymbolIndex<'a>(Mutex<HashMap<OpId, Arc<SymbolTable<'a>>>>);

/// The ops directly in a symbol table, by `sym_name` (the last op of a
/// name, when several have it).
struct SymbolTable<'a> {
    /// The block of the symbols and its ops, in order.
    block: Option<BlockId>,
    ops: Vec<OpId>,
    by_name: HashMap<SymbolName<'a>, OpId>,
    /// The first op, in block order, whose name an op before it has, and
    /// that op.
    redefinition: Option<(OpId, OpId)>,
}

/// A symbol's name with its hash, computed where the name is read (on all
/// cores), so that filling the table does not read the names again.
#[derive(Clone, Copy)]
struct SymbolName<'a> {
    hash: u64,
    text: &'a str,
}

impl<'a> SymbolName<'a> {
    fn of(text: &'a str) -> Self {
        use std::hash::{Hash, Hasher};
        let mut hasher = rustc_hash::FxHasher::default();
        text.hash(&mut hasher);
        SymbolName {
            hash: hasher.finish(),
            text,
        }
    }
}

impl std::hash::Hash for SymbolName<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl PartialEq for SymbolName<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.text == other.text
    }
}

impl Eq for SymbolName<'_> {}

impl<'a> SymbolTable<'a> {
    /// The symbols of `table`; the names are read on all cores (each is a
    /// walk from the op to its attributes, a few cache misses apiece).
    fn of(ctx: &'a Context, table: OpId) -> Self {
        use rayon::prelude::*;
        let block = ctx
            .op(table)
            .regions
            .first()
            .and_then(|&r| ctx.region(r).blocks.first().copied());
        let ops: Vec<OpId> = match block.and_then(|b| ctx.listed_block_ops(b)) {
            Some(listed) => listed.to_vec(),
            None => block.into_iter().flat_map(|b| ctx.block_ops(b)).collect(),
        };
        let names: Vec<Option<SymbolName<'a>>> = ops
            .par_iter()
            .map(|&o| {
                scan_attr(ctx, o, "sym_name")
                    .and_then(Attr::as_str)
                    .map(SymbolName::of)
            })
            .collect();
        let mut by_name = HashMap::with_capacity_and_hasher(ops.len(), Default::default());
        let mut redefinition = None;
        for (&o, name) in ops.iter().zip(names) {
            let Some(name) = name else {
                continue;
            };
            if let Some(first) = by_name.insert(name, o) {
                redefinition = redefinition.or(Some((o, first)));
            }
        }
        SymbolTable {
            block,
            ops,
            by_name,
            redefinition,
        }
    }
}

impl<'a> SymbolIndex<'a> {
    /// The symbols of the symbol table `table`, indexed on first use.
    fn table(&self, ctx: &'a Context, table: OpId) -> Arc<SymbolTable<'a>> {
        let mut tables = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let symbols = tables
            .entry(table)
            .or_insert_with(|| Arc::new(SymbolTable::of(ctx, table)));
        Arc::clone(symbols)
    }

    /// The op named `name` directly in the symbol table `table`.
    fn lookup(&self, ctx: &'a Context, table: OpId, name: &str) -> Option<OpId> {
        let name = SymbolName::of(name);
        self.table(ctx, table).by_name.get(&name).copied()
    }
}

/// How far back from a use the verifier walks a block looking for a
/// definition it has not seen verified ([`Verifier::is_before`]: the
/// verification began in that block, or the use is wrong) before it
/// numbers the block's ops: uses near their definitions cost a short walk,
/// and a block of thousands of ops is numbered once instead of walked once
/// per use.
const SHORT_WALK: usize = 32;

/// What is wrong with the `{what}SegmentSizes` of `op` that split its
/// `count` operands or results (`what`) over `groups` groups, as MLIR words
/// it; `None` when they are consistent. The groups of an op are read from
/// these sizes, so they must cover the values exactly.
fn segment_sizes_error(
    ctx: &Context,
    op: OpId,
    what: &str,
    groups: usize,
    count: usize,
) -> Option<String> {
    let name = format!("{what}SegmentSizes");
    let sizes = match ctx.attr(op, &name) {
        Some(a @ crate::Attr::DenseArray { .. }) => a.int_elements(0),
        _ => None,
    };
    let Some(sizes) = sizes else {
        return Some(format!("requires dense i32 array attribute '{name}'"));
    };
    if sizes.len() != groups {
        return Some(format!(
            "'{name}' attribute for specifying {what} segments must have {groups} elements, but got {}",
            sizes.len()
        ));
    }
    if sizes.iter().any(|&n| n < 0) {
        return Some(format!("'{name}' attribute cannot have negative elements"));
    }
    let total: i128 = sizes.iter().sum();
    (total != count as i128).then(|| {
        format!(
            "{what} count ({count}) does not match with the total size ({total}) specified in attribute '{name}'"
        )
    })
}

/// Verify `root` and everything nested in it; the first error found.
pub fn verify(ctx: &Context, root: OpId, allow_unregistered: bool) -> Result<(), VerifyError> {
    verify_selected(ctx, root, allow_unregistered, None)
}

/// Verify what `selection` picks of `root` (all of it: [`verify`]).
fn verify_selected(
    ctx: &Context,
    root: OpId,
    allow_unregistered: bool,
    selection: Option<&Selection>,
) -> Result<(), VerifyError> {
    let symbols = SymbolIndex::default();
    let seen: Vec<AtomicBool> = std::iter::repeat_with(AtomicBool::default)
        .take(ctx.num_ops())
        .collect();
    let mut v = Verifier {
        ctx,
        allow_unregistered,
        symbols: &symbols,
        seen: &seen,
        flow: HashMap::default(),
        positions: HashMap::default(),
        ancestors: HashMap::default(),
    };
    v.op(root, selection)
}

/// [`verify`], skipped when `root` passed it at the context's current
/// revision ([`Context::revision`]: nothing in the context changed since)
/// with unregistered ops allowed only if they are now, and else
/// [`verify_incrementally`] when it can tell; a pass is remembered for the
/// next call. Any error the incremental verification finds is reported by
/// [`verify`]: the result is always the one [`verify`] would give.
pub fn verify_changed(
    ctx: &mut Context,
    root: OpId,
    allow_unregistered: bool,
) -> Result<(), VerifyError> {
    let revision = ctx.revision();
    let unchanged = ctx.verified.as_ref().is_some_and(|v| {
        v.root == root && v.revision == revision && (!v.allow_unregistered || allow_unregistered)
    });
    if !unchanged {
        match verify_incrementally(ctx, root, allow_unregistered) {
            Some(Ok(())) => {}
            _ => verify(ctx, root, allow_unregistered)?,
        }
        ctx.verified = Some(Verified::of(ctx, root, revision, allow_unregistered));
        ctx.unverified.clear();
    }
    Ok(())
}

/// The verification of `root` that re-checks only what may verify
/// differently since it last passed [`verify_changed`] (see the module
/// doc). `None` when it cannot tell, and a full verification is needed.
/// An error it finds is one [`verify`] finds, though maybe not the first.
pub fn verify_incrementally(
    ctx: &Context,
    root: OpId,
    allow_unregistered: bool,
) -> Option<Result<(), VerifyError>> {
    let verified = ctx.verified.as_ref()?;
    let comparable = verified.root == root
        && (!verified.allow_unregistered || allow_unregistered)
        && !ctx.unverified.anything
        && reads_nothing_above(ctx, root);
    let surfaces_kept = || {
        ctx.unverified
            .surfaces_before
            .iter()
            .all(|(&op, before)| before.is_that_of(ctx, op))
    };
    if !comparable || !surfaces_kept() {
        return None;
    }
    let selection = Selection::since_passed(ctx, root)?;
    Some(verify_selected(
        ctx,
        root,
        allow_unregistered,
        Some(&selection),
    ))
}

/// Whether the ops in `root` read nothing outside it but `root` itself and
/// the ops right in its regions: `root` is in no block (no op above it, no
/// symbol table beyond it) and its regions have one block at most (no
/// control flow among the ops directly in them).
fn reads_nothing_above(ctx: &Context, root: OpId) -> bool {
    let data = ctx.op(root);
    data.parent.is_none()
        && data
            .regions
            .iter()
            .all(|&r| ctx.region(r).blocks.len() <= 1)
}

/// Which ops a verification checks: all of some ([`Pick::Whole`]), the
/// own checks of others ([`Pick::Own`]: the op, not the ops nested in it,
/// which are picked one by one), none of the rest.
struct Selection {
    /// Per op of the context, how it is picked. An op picked holds only
    /// ops picked, up to the root.
    picks: Vec<Pick>,
    /// How many ops are picked.
    picked: usize,
}

/// How [`Selection`] picks an op.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pick {
    Skip,
    Own,
    Whole,
}

impl Selection {
    fn pick(&self, op: OpId) -> Pick {
        self.picks[op.index()]
    }

    /// What to verify of `root` since its last verification passed:
    /// for each op of the context's log ([`Reverify`]), its own checks,
    /// those of its ancestors (which read what is nested in them) and
    /// what the log says; a symbol table below `root` whose symbols
    /// changed, whole. `None` when the log asks for `root` whole, or
    /// when more than a quarter of the context's ops are picked:
    /// verifying all costs about as much then.
    fn since_passed(ctx: &Context, root: OpId) -> Option<Selection> {
        let mut selection = Selection {
            picks: vec![Pick::Skip; ctx.num_ops()],
            picked: 0,
        };
        selection.picks[root.index()] = Pick::Own;
        // Per op, the kinds of change already looked at (a bit each).
        let mut logged = vec![0u8; ctx.num_ops()];
        for &(op, reverify) in &ctx.unverified.ops {
            let bit = 1 << reverify as u8;
            if logged[op.index()] & bit != 0 {
                continue;
            }
            logged[op.index()] |= bit;
            let held = selection.add_own(ctx, op);
            if reverify == Reverify::Whole && held {
                if op == root {
                    return None;
                }
                selection.add_whole(op);
            }
            let data = ctx.op(op);
            let blocks = || data.regions.iter().flat_map(|&r| &ctx.region(r).blocks);
            let mut users: Vec<ValueId> = Vec::new();
            if reverify != Reverify::Own {
                users.extend(data.results.iter().copied());
            }
            if reverify == Reverify::Neighbours {
                users.extend(blocks().flat_map(|&b| &ctx.block(b).args));
                for &b in blocks() {
                    for child in ctx.block_ops(b) {
                        selection.add_own(ctx, child);
                    }
                }
            }
            for v in users {
                for u in ctx.value(v).uses.iter() {
                    selection.add_own(ctx, u.op);
                }
            }
            // A symbol use looks its symbol up among the ops right in its
            // symbol table; the root's are compared with what they were
            // instead ([`OpSurface`]).
            if held {
                let table = [Some(op), ctx.parent_op(op)]
                    .into_iter()
                    .flatten()
                    .find(|&t| t != root && ctx.op_def(t).is_some_and(|d| d.traits.symbol_table));
                if let Some(table) = table {
                    selection.add_whole(table);
                }
            }
            if selection.picked * 4 > ctx.num_ops() {
                return None;
            }
        }
        Some(selection)
    }

    /// Select the own checks of `op` and of the ops that hold it, up to
    /// the root (selected already); false, and nothing selected, when
    /// `op` is not under the root.
    fn add_own(&mut self, ctx: &Context, op: OpId) -> bool {
        // The first op on the way up that is picked already.
        let mut cur = op;
        while self.pick(cur) == Pick::Skip {
            match ctx.parent_op(cur) {
                Some(parent) => cur = parent,
                None => return false,
            }
        }
        let picked = cur;
        let mut cur = op;
        while cur != picked {
            self.picks[cur.index()] = Pick::Own;
            self.picked += 1;
            cur = ctx.parent_op(cur).expect("under the op picked");
        }
        true
    }

    /// Select all of `op`, which is picked already.
    fn add_whole(&mut self, op: OpId) {
        self.picks[op.index()] = Pick::Whole;
    }
}

/// A verification that passed ([`verify_changed`]), for the next one.
#[derive(Debug)]
pub(crate) struct Verified {
    root: OpId,
    /// The revision verified.
    revision: crate::context::Revision,
    /// Whether unregistered ops were allowed.
    allow_unregistered: bool,
    /// When `root` is a symbol table, the block of its symbols (the first
    /// of its first region), which a symbol use looks its symbol up in.
    symbol_block: Option<BlockId>,
}

impl Verified {
    fn of(
        ctx: &Context,
        root: OpId,
        revision: crate::context::Revision,
        allow_unregistered: bool,
    ) -> Verified {
        let is_table = ctx.op_def(root).is_some_and(|d| d.traits.symbol_table);
        let first_block = || {
            let region = *ctx.op(root).regions.first()?;
            ctx.region(region).blocks.first().copied()
        };
        Verified {
            root,
            revision,
            allow_unregistered,
            symbol_block: is_table.then(first_block).flatten(),
        }
    }
    /// The op verified.
    pub(crate) fn root(&self) -> OpId {
        self.root
    }
    /// The block of the root's symbols, when it is a symbol table.
    pub(crate) fn symbol_block(&self) -> Option<BlockId> {
        self.symbol_block
    }
}

/// What the ops nested in a root read of it, and a symbol use of a symbol
/// right in it, apart from its place: its name, attributes and regions.
/// The context keeps it for the root and its symbols before their first
/// change after a verification passed (ops coming into or leaving a
/// symbol table root make the next verification a full one).
#[derive(Debug)]
pub(crate) struct OpSurface {
    name: Arc<str>,
    props: thin_vec::ThinVec<crate::NamedAttr>,
    attrs: thin_vec::ThinVec<crate::NamedAttr>,
    regions: thin_vec::ThinVec<RegionId>,
}

impl OpSurface {
    pub(crate) fn of(ctx: &Context, op: OpId) -> OpSurface {
        let data = ctx.op(op);
        OpSurface {
            name: Arc::clone(&data.name),
            props: data.props.clone(),
            attrs: data.attrs.clone(),
            regions: data.regions.clone(),
        }
    }

    /// Whether `op` has this surface now.
    fn is_that_of(&self, ctx: &Context, op: OpId) -> bool {
        let data = ctx.op(op);
        self.name == data.name
            && self.props == data.props
            && self.attrs == data.attrs
            && self.regions == data.regions
    }
}

impl Verifier<'_> {
    fn fail(&self, op: OpId, message: String) -> Result<(), VerifyError> {
        let noted = message.strip_prefix(NOTE_AT).and_then(|m| {
            let (id, rest) = m.split_once(NOTE_AT)?;
            let (note, message) = rest.split_once(NOTE_AT)?;
            Some((OpId(id.parse().ok()?), note, message))
        });
        if let Some((other, note, message)) = noted {
            let note = (self.ctx.op(other).loc.clone(), note.to_string());
            return self.fail(op, message.to_string()).map_err(|e| VerifyError {
                notes: vec![note],
                ..e
            });
        }
        let elsewhere = message
            .strip_prefix(AT_OP)
            .and_then(|m| m.split_once(AT_OP))
            .and_then(|(id, m)| Some((OpId(id.parse().ok()?), m)));
        if let Some((other, message)) = elsewhere {
            return Err(VerifyError::at(self.ctx, other, message.to_string()));
        }
        let name = self.ctx.op_name(op);
        // As with MLIR's InferTypeOpInterface, a failed result-type
        // inference is followed by the op's own failure.
        let (message, then) = match message.split_once(THEN) {
            Some((first, then)) => (first, Some(then)),
            None => (message.as_str(), None),
        };
        let (message, mut follow_up) = match message.strip_prefix(INFERENCE_FAILED) {
            Some(m) => (
                format!("'{name}' op {m}"),
                vec![format!("'{name}' op failed to infer returned types")],
            ),
            None => match message.strip_prefix(UNPREFIXED) {
                Some(m) => (m.to_string(), Vec::new()),
                None => (format!("'{name}' op {message}"), Vec::new()),
            },
        };
        follow_up.extend(then.map(|t| format!("'{name}' op {t}")));
        Err(VerifyError {
            op,
            loc: self.ctx.op(op).loc.clone(),
            message,
            notes: Vec::new(),
            follow_up,
        })
    }

    /// Verify `op`'s own checks, and of the ops nested in it what
    /// `selection` picks (all when `None`).
    fn op(&mut self, op: OpId, selection: Option<&Selection>) -> Result<(), VerifyError> {
        self.seen[op.index()].store(true, Ordering::Relaxed);
        self.unseen_op(op, selection)
    }

    /// [`Verifier::op`], without marking `op` seen: for the ops of a block
    /// verified in parallel, which begin in no order.
    fn unseen_op(&mut self, op: OpId, selection: Option<&Selection>) -> Result<(), VerifyError> {
        let ctx = self.ctx;
        let name = ctx.op_name(op);
        let def = ctx.op_def(op);
        match def {
            None => {
                if let Some(message) =
                    crate::dialect::unknown_op_error(name, self.allow_unregistered)
                {
                    return Err(VerifyError::at(ctx, op, message));
                }
            }
            Some(def) => self.structure(op, def)?,
        }
        for (attr_name, value) in &ctx.op(op).attrs {
            if let Err(message) =
                crate::dialect::verify_dialect_attribute(ctx, op, attr_name, value)
            {
                return Err(VerifyError::at(ctx, op, message));
            }
        }
        // The op's own checks come before those of the ops nested in it.
        if let Some(verify) = def.and_then(|d| d.verify) {
            if let Err(m) = verify(ctx, op) {
                return self.fail(op, m);
            }
        }
        if ctx.kind(op) == OpKind::FuncCall {
            if let Err((message, notes)) = self.call_matches_callee(op) {
                let at = &ctx.op(op).loc;
                let notes = notes.into_iter().map(|n| (at.clone(), n)).collect();
                return self
                    .fail(op, message)
                    .map_err(|e| VerifyError { notes, ..e });
            }
        }
        // As in MLIR, uses are checked in the blocks reachable from their
        // region's entry only.
        if self.is_reachable(op) {
            for (i, &v) in ctx.op(op).operands.iter().enumerate() {
                self.dominance(op, i, v)?;
            }
        }
        // The symbols are indexed before the ops in the table are verified
        // (on all cores, which look callees up in it).
        let symbols = def
            .is_some_and(|d| d.traits.symbol_table)
            .then(|| self.symbols.table(ctx, op));
        for &r in &ctx.op(op).regions {
            for &b in &ctx.region(r).blocks {
                let is_terminated = match ctx.block_terminator(b) {
                    Some(t) => ctx.op_def(t).is_none_or(|d| d.traits.terminator),
                    None => false,
                };
                let needs_terminator = def.is_some_and(|d| !d.traits.no_terminator);
                if needs_terminator && !is_terminated {
                    let at = ctx.block_terminator(b).unwrap_or(op);
                    return Err(VerifyError::at(
                        ctx,
                        at,
                        "block with no terminator, has ".to_string()
                            + &match ctx.block_terminator(b) {
                                Some(t) => crate::printer::print_op_for_diagnostic(ctx, t),
                                None => "no operations".to_string(),
                            },
                    ));
                }
                // The symbols' block was walked to index them.
                let walked = symbols.as_ref().filter(|s| s.block == Some(b));
                self.nested_ops(b, walked.map(|s| &s.ops[..]), selection)?;
            }
        }
        match symbols {
            Some(symbols) => self.symbols_are_unique(&symbols),
            None => Ok(()),
        }
    }

    /// No two ops directly in a symbol table have one name.
    fn symbols_are_unique(&self, symbols: &SymbolTable) -> Result<(), VerifyError> {
        let ctx = self.ctx;
        let Some((o, first)) = symbols.redefinition else {
            return Ok(());
        };
        let name = scan_attr(ctx, o, "sym_name")
            .and_then(Attr::as_str)
            .unwrap_or_default();
        Err(VerifyError {
            op: o,
            loc: ctx.op(o).loc.clone(),
            message: format!("redefinition of symbol named '{name}'"),
            notes: vec![(
                ctx.op(first).loc.clone(),
                "see existing symbol definition here".into(),
            )],
            follow_up: Vec::new(),
        })
    }

    /// A terminator `o` of `block` must be its last op.
    fn terminator_is_last(&self, block: BlockId, o: OpId) -> Result<(), VerifyError> {
        let ctx = self.ctx;
        let Some(d) = ctx.op_def(o).filter(|d| d.traits.terminator) else {
            return Ok(());
        };
        if Some(o) == ctx.block_terminator(block) {
            return Ok(());
        }
        let parent = d.traits.parents.map(|p| check_parent(ctx, o, p));
        let message = match parent {
            Some(Err(m)) => m,
            _ => "must be the last operation in the parent block".into(),
        };
        self.fail(o, message)
    }

    /// Verify the ops of one block, after checking that no terminator but
    /// the last op's is in it: a misplaced terminator is reported before
    /// any error of the ops, though one walk of the block does both when
    /// there is none. Many isolated-from-above ops (a module's functions)
    /// are independent: they are verified on all cores, and the first error
    /// in block order is reported, as the sequential walk would. Of the
    /// ops, what `selection` picks is verified (all when `None`). `walked`
    /// holds the block's ops when the caller has them.
    fn nested_ops(
        &mut self,
        block: BlockId,
        walked: Option<&[OpId]>,
        selection: Option<&Selection>,
    ) -> Result<(), VerifyError> {
        use rayon::prelude::*;
        let pick = |o: OpId| selection.map_or(Pick::Whole, |s| s.pick(o));
        // What to verify of the ops nested in a picked op.
        let inner = |pick: Pick| (pick == Pick::Own).then_some(selection).flatten();
        let ctx = self.ctx;
        let isolated = |o: OpId| ctx.op_def(o).is_some_and(|d| d.traits.isolated_from_above);
        // A long block is walked once; its ops are then checked on all cores.
        let long = match walked {
            Some(ops) => ops.len() > 63,
            None => ctx.block_ops(block).nth(63).is_some(),
        };
        let independent = long
            .then(|| walked.map_or_else(|| ctx.block_ops(block).collect(), <[OpId]>::to_vec))
            .filter(|ops: &Vec<OpId>| ops.par_iter().all(|&o| isolated(o)));
        let Some(independent) = independent else {
            let mut ops = ctx.block_ops(block);
            while let Some(o) = ops.next() {
                self.terminator_is_last(block, o)?;
                let picked = pick(o);
                if picked == Pick::Skip {
                    continue;
                }
                if let Err(e) = self.op(o, inner(picked)) {
                    ops.try_for_each(|o| self.terminator_is_last(block, o))?;
                    return Err(e);
                }
            }
            return Ok(());
        };
        let misplaced = independent
            .par_iter()
            .find_first(|&&o| self.terminator_is_last(block, o).is_err());
        if let Some(&o) = misplaced {
            return self.terminator_is_last(block, o);
        }
        let ops: Vec<(OpId, Pick)> = independent
            .into_iter()
            .map(|o| (o, pick(o)))
            .filter(|&(_, p)| p != Pick::Skip)
            .collect();
        let (allow_unregistered, symbols, seen) =
            (self.allow_unregistered, self.symbols, self.seen);
        let results: Vec<Result<(), VerifyError>> = ops
            .par_iter()
            .map(|&(o, picked)| {
                Verifier {
                    ctx,
                    allow_unregistered,
                    symbols,
                    seen,
                    flow: HashMap::default(),
                    positions: HashMap::default(),
                    ancestors: HashMap::default(),
                }
                .unseen_op(o, inner(picked))
            })
            .collect();
        results.into_iter().collect()
    }

    /// A `func.call` names a `func.func` of its symbol table whose
    /// signature its operands and results have (MLIR's symbol-use check);
    /// else the error and its notes.
    fn call_matches_callee(&self, op: OpId) -> Result<(), (String, Vec<String>)> {
        let ctx = self.ctx;
        let Some(Attr::SymbolRef { root, nested }) = ctx.attr(op, "callee") else {
            return Ok(());
        };
        // A function checked out on its own has no symbol table in reach.
        let Some(table) = crate::dialect::nearest_symbol_table(ctx, op) else {
            return Ok(());
        };
        let callee = match nested.is_empty() {
            true => self.symbols.lookup(ctx, table, root),
            false => None,
        };
        let callee = callee.filter(|&f| ctx.kind(f) == OpKind::FuncFunc);
        let signature = callee
            .and_then(|f| ctx.attr(f, "function_type"))
            .and_then(Attr::as_type)
            .map(|t| ctx.type_kind(t));
        let Some(TypeKind::Function { inputs, results }) = signature else {
            let mut name = String::new();
            crate::print_attr::write_symbol_name(&mut name, root);
            let name = name.trim_start_matches('@');
            return Err((
                format!("'{name}' does not reference a valid function"),
                Vec::new(),
            ));
        };
        let data = ctx.op(op);
        let show = |t: Type| crate::dialect::type_str(ctx, t);
        let fail = |message: String| Err((message, Vec::new()));
        if inputs.len() != data.operands.len() {
            return fail("incorrect number of operands for callee".into());
        }
        for (i, (&expected, &v)) in inputs.iter().zip(&data.operands).enumerate() {
            let provided = ctx.value_type(v);
            if provided != expected {
                return fail(format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    show(expected),
                    show(provided)
                ));
            }
        }
        if results.len() != data.results.len() {
            return fail("incorrect number of results for callee".into());
        }
        let list = |types: &mut dyn Iterator<Item = Type>| {
            types
                .map(|t| format!("'{}'", show(t)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mismatch = results
            .iter()
            .zip(&data.results)
            .position(|(&t, &r)| ctx.value_type(r) != t);
        match mismatch {
            Some(i) => Err((
                format!("result type mismatch at index {i}"),
                vec![
                    format!(
                        "      op result types: {}",
                        list(&mut data.results.iter().map(|&r| ctx.value_type(r)))
                    ),
                    format!(
                        "function result types: {}",
                        list(&mut results.iter().copied())
                    ),
                ],
            )),
            None => Ok(()),
        }
    }

    fn structure(&self, op: OpId, def: &OpDef) -> Result<(), VerifyError> {
        let ctx = self.ctx;
        let data = ctx.op(op);
        let check = |counts: ArityCounts, n: usize, what: &str| -> Option<String> {
            let ArityCounts {
                singles,
                optionals,
                variadic,
            } = counts;
            if n < singles {
                return Some(format!(
                    "requires {}{singles} {what}{}, but found {n}",
                    if variadic || optionals > 0 {
                        "at least "
                    } else {
                        ""
                    },
                    if singles == 1 { "" } else { "s" }
                ));
            }
            if !variadic && n > singles + optionals {
                return Some(format!(
                    "requires {singles} {what}{}, but found {n}",
                    if singles == 1 { "" } else { "s" }
                ));
            }
            None
        };
        if let Some(m) = check(def.operand_counts(), data.operands.len(), "operand") {
            return self.fail(op, m.replace("requires", "expected"));
        }
        if let Some(m) = check(def.result_counts(), data.results.len(), "result") {
            return self.fail(op, m);
        }
        let segments = [
            (
                def.has_operand_segments(),
                "operand",
                def.operands.len(),
                data.operands.len(),
            ),
            (
                def.has_result_segments(),
                "result",
                def.results.len(),
                data.results.len(),
            ),
        ];
        for (has_segments, what, groups, count) in segments {
            let error = has_segments.then(|| segment_sizes_error(ctx, op, what, groups, count));
            if let Some(m) = error.flatten() {
                return self.fail(op, m);
            }
        }
        if !def.traits.variadic_regions && data.regions.len() != def.regions.len() {
            return self.fail(
                op,
                format!(
                    "requires {} region{}",
                    def.regions.len(),
                    if def.regions.len() == 1 { "" } else { "s" }
                ),
            );
        }
        for a in &def.attrs {
            if !a.optional && scan_attr(ctx, op, a.name).is_none() {
                return self.fail(op, format!("requires attribute '{}'", a.name));
            }
        }
        if def.traits.single_block {
            for &r in &data.regions {
                if ctx.region(r).blocks.len() > 1 {
                    return self.fail(op, format!("expects region #{} to have 0 or 1 blocks", 0));
                }
            }
        }
        if let Some(parents) = def.traits.parents {
            if let Err(m) = check_parent(ctx, op, parents) {
                return self.fail(op, m);
            }
        }
        if def.traits.terminator {
            let parent_block = data.parent;
            if parent_block.is_some_and(|b| ctx.block_terminator(b) != Some(op)) {
                return self.fail(op, "must be the last operation in the parent block".into());
            }
        }
        Ok(())
    }

    /// `v`, used by operand `index` of `user`, must dominate it and not cross
    /// an isolated-from-above boundary (MLIR's `DominanceInfo`): in a graph
    /// region any op of the block may use it, in its own regions too.
    fn dominance(&mut self, user: OpId, index: usize, v: ValueId) -> Result<(), VerifyError> {
        let ctx = self.ctx;
        let Some(def_block) = ctx.value_block(v) else {
            return Err(self.not_dominated(user, index, v));
        };
        let def_region = ctx.block(def_block).parent;
        // The user, or its ancestor whose block is in the defining region,
        // and the innermost isolated-from-above op crossed to reach it.
        let Some(user_block) = ctx.op(user).parent else {
            return Err(self.not_dominated(user, index, v));
        };
        let Some(def_region) = def_region else {
            return Err(self.not_dominated(user, index, v));
        };
        let cur = match ctx.block(user_block).parent == Some(def_region) {
            true => user,
            false => match self.ancestor_in(user_block, def_region) {
                None => return Err(self.not_dominated(user, index, v)),
                Some(Ancestor {
                    isolated: Some(boundary),
                    ..
                }) => {
                    let note = (
                        ctx.op(boundary).loc.clone(),
                        "required by region isolation constraints".to_string(),
                    );
                    let e = self.fail(user, "using value defined outside the region".into());
                    return e.map_err(|e| VerifyError {
                        notes: vec![note],
                        ..e
                    });
                }
                Some(Ancestor { op, .. }) => op,
            },
        };
        let use_block = ctx.op(cur).parent;
        if use_block != Some(def_block) {
            return match use_block {
                Some(ub) if self.block_dominates(def_block, ub) => Ok(()),
                _ => Err(self.not_dominated(user, index, v)),
            };
        }
        if !has_ssa_dominance(ctx, def_block) {
            return Ok(());
        }
        let ValueDef::OpResult { op: def_op, .. } = ctx.value(v).def else {
            return Ok(());
        };
        // Not before itself, nor inside its own regions.
        if def_op != cur && self.is_before(def_block, def_op, cur) {
            Ok(())
        } else {
            Err(self.not_dominated(user, index, v))
        }
    }

    /// The op in `region` that holds `block` (in a region nested in it,
    /// at any depth), and the innermost isolated-from-above op on the
    /// way; `None` if `block` is not in `region`. Remembered for every
    /// block on the way, so that uses at every level of a deep nest cost
    /// the depth once, not once each.
    fn ancestor_in(&mut self, block: BlockId, region: RegionId) -> Option<Ancestor> {
        let ctx = self.ctx;
        let owner_of = |b: BlockId| ctx.block(b).parent.and_then(|r| ctx.region(r).parent);
        let isolated = |op: OpId| ctx.op_def(op).is_some_and(|d| d.traits.isolated_from_above);
        // Blocks whose answer is the next one's, and the first answer known.
        let mut path = Vec::new();
        let mut b = block;
        let known = loop {
            if let Some(&known) = self.ancestors.get(&(b, region)) {
                break known;
            }
            let Some(owner) = owner_of(b) else {
                break None;
            };
            let Some(owner_block) = ctx.op(owner).parent else {
                break None;
            };
            if ctx.block(owner_block).parent == Some(region) {
                break Some(Ancestor {
                    op: owner,
                    isolated: isolated(owner).then_some(owner),
                });
            }
            path.push(b);
            b = owner_block;
        };
        self.ancestors.insert((b, region), known);
        let mut found = known;
        for &p in path.iter().rev() {
            // The owner of a block is nearer the use than what is above it.
            let owner = owner_of(p).filter(|&o| isolated(o));
            found = found.map(|a| Ancestor {
                isolated: owner.or(a.isolated),
                ..a
            });
            self.ancestors.insert((p, region), found);
        }
        found
    }

    /// Whether `a` comes before `b`, two ops of `block`, where `b` is being
    /// verified (or holds the op being verified): `a` comes before it if
    /// its verification began ([`Verifier::seen`]); else (`b` is where the
    /// verification began, or `a` is after it) the block is walked.
    fn is_before(&mut self, block: BlockId, a: OpId, b: OpId) -> bool {
        if self.seen[a.index()].load(Ordering::Relaxed) {
            return true;
        }
        let ctx = self.ctx;
        let mut o = ctx.op(b).prev;
        for _ in 0..SHORT_WALK {
            match o {
                Some(p) if p == a => return true,
                Some(p) => o = ctx.op(p).prev,
                None => return false,
            }
        }
        let positions = self
            .positions
            .entry(block)
            .or_insert_with(|| ctx.block_ops(block).zip(0..).collect());
        matches!((positions.get(&a), positions.get(&b)), (Some(x), Some(y)) if x < y)
    }

    /// MLIR's error for a use `v` does not dominate, with its note saying
    /// where `v` is defined.
    fn not_dominated(&self, user: OpId, index: usize, v: ValueId) -> VerifyError {
        let ctx = self.ctx;
        let use_block = ctx.op(user).parent;
        let use_region = use_block.and_then(|b| ctx.block(b).parent);
        let def_block = ctx.value_block(v);
        let def_region = def_block.and_then(|b| ctx.block(b).parent);
        // Where the definition is from the use: the same block, the same
        // region, a parent region, a child region, or neither.
        let place = if def_block.is_some() && def_block == use_block {
            0
        } else if def_region.is_some() && def_region == use_region {
            1
        } else if is_proper_ancestor(ctx, def_region, use_region) {
            2
        } else if is_proper_ancestor(ctx, use_region, def_region) {
            3
        } else {
            4
        };
        let note = match ctx.value(v).def {
            ValueDef::OpResult { op, .. } => {
                let place = [
                    "op in the same block",
                    "op in the same region",
                    "op in a parent region",
                    "op in a child region",
                    "op is neither in a parent nor in a child region",
                ][place];
                (
                    ctx.op(op).loc.clone(),
                    format!("operand defined here ({place})"),
                )
            }
            ValueDef::BlockArg { block, .. } => {
                let number = def_region
                    .and_then(|r| ctx.region(r).blocks.iter().position(|&b| b == block))
                    .unwrap_or(0);
                let place = [
                    "in the same block",
                    "in the same region",
                    "in a parent region",
                    "in a child region",
                    "neither in a parent nor in a child region",
                ][place];
                let owner = ctx.block_parent_op(block);
                let loc = owner.map_or(Location::Unknown, |o| ctx.op(o).loc.clone());
                let note = format!("operand defined as a block argument (block #{number} {place})");
                (loc, note)
            }
        };
        VerifyError {
            op: user,
            loc: ctx.op(user).loc.clone(),
            message: format!("operand #{index} does not dominate this use"),
            notes: vec![note],
            follow_up: Vec::new(),
        }
    }

    /// Whether block `a` dominates block `b` of the same region; a block
    /// the entry does not reach is dominated by every block.
    fn block_dominates(&mut self, a: BlockId, b: BlockId) -> bool {
        let Some(region) = self.ctx.block(b).parent else {
            return false;
        };
        if self.ctx.block(a).parent != Some(region) {
            return false;
        }
        let flow = self.flow(region);
        !flow.reachable.contains(&b) || flow.dominators.get(&b).is_some_and(|s| s.contains(&a))
    }

    /// Whether the block of `op` is reachable from its region's entry.
    fn is_reachable(&mut self, op: OpId) -> bool {
        let ctx = self.ctx;
        let Some(block) = ctx.op(op).parent else {
            return true;
        };
        let Some(region) = ctx.block(block).parent else {
            return true;
        };
        if ctx.region(region).blocks.first() == Some(&block) {
            return true;
        }
        self.flow(region).reachable.contains(&block)
    }

    fn flow(&mut self, region: RegionId) -> &RegionFlow {
        let ctx = self.ctx;
        self.flow
            .entry(region)
            .or_insert_with(|| RegionFlow::of(ctx, region))
    }
}

/// The attribute `name` of `op`, as [`Context::attr`] finds it, by a scan
/// that compares lengths first: for the few attributes an op has, cheaper
/// than a search by string order.
fn scan_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c Attr> {
    let data = ctx.op(op);
    data.props
        .iter()
        .chain(data.attrs.iter())
        .find(|(n, _)| **n == *name)
        .map(|(_, a)| a)
}

/// Whether the uses in `block` must follow their definitions: false in a
/// graph region, the one block of a region of an unregistered op or of an
/// op whose regions are graph regions (`builtin.module`), as MLIR decides.
fn has_ssa_dominance(ctx: &Context, block: BlockId) -> bool {
    let Some(region) = ctx.block(block).parent else {
        return true;
    };
    if ctx.region(region).blocks.len() != 1 {
        return true;
    }
    match ctx.region(region).parent {
        Some(owner) => ctx.op_def(owner).is_some_and(|d| !d.traits.graph_regions),
        None => true,
    }
}

/// Whether region `ancestor` holds `region` (and is not it).
fn is_proper_ancestor(ctx: &Context, ancestor: Option<RegionId>, region: Option<RegionId>) -> bool {
    let Some(ancestor) = ancestor else {
        return false;
    };
    let mut cur = region;
    while let Some(r) = cur {
        let parent_block = ctx.region(r).parent.and_then(|o| ctx.op(o).parent);
        cur = parent_block.and_then(|b| ctx.block(b).parent);
        if cur == Some(ancestor) {
            return true;
        }
    }
    false
}

/// The control flow of a region: which blocks its entry reaches, and
/// which blocks dominate each.
struct RegionFlow {
    reachable: HashSet<BlockId>,
    dominators: HashMap<BlockId, HashSet<BlockId>>,
}

impl RegionFlow {
    fn of(ctx: &Context, region: RegionId) -> RegionFlow {
        let mut reachable = HashSet::default();
        let mut work: Vec<BlockId> = ctx
            .region(region)
            .blocks
            .first()
            .copied()
            .into_iter()
            .collect();
        while let Some(b) = work.pop() {
            if reachable.insert(b) {
                if let Some(t) = ctx.block_terminator(b) {
                    work.extend(ctx.op(t).successors.iter().copied());
                }
            }
        }
        RegionFlow {
            reachable,
            dominators: compute_dominators(ctx, region),
        }
    }
}

/// Dominator sets of a region's blocks (iterative data-flow; regions are small).
fn compute_dominators(ctx: &Context, region: RegionId) -> HashMap<BlockId, HashSet<BlockId>> {
    let blocks = &ctx.region(region).blocks;
    let all: HashSet<BlockId> = blocks.iter().copied().collect();
    let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::default();
    for &b in blocks {
        if let Some(t) = ctx.block_terminator(b) {
            for &s in &ctx.op(t).successors {
                preds.entry(s).or_default().push(b);
            }
        }
    }
    let mut dom: HashMap<BlockId, HashSet<BlockId>> = HashMap::default();
    for (i, &b) in blocks.iter().enumerate() {
        if i == 0 {
            dom.insert(b, [b].into_iter().collect());
        } else {
            dom.insert(b, all.clone());
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in blocks.iter().skip(1) {
            let mut new: Option<HashSet<BlockId>> = None;
            for p in preds.get(&b).map(|v| v.as_slice()).unwrap_or(&[]) {
                let pd = &dom[p];
                new = Some(match new {
                    None => pd.clone(),
                    Some(n) => n.intersection(pd).copied().collect(),
                });
            }
            // A block without predecessors (unreachable) dominates itself alone.
            let mut new = new.unwrap_or_default();
            new.insert(b);
            if new != dom[&b] {
                dom.insert(b, new);
                changed = true;
            }
        }
    }
    dom
}
