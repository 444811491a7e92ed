//! `--lower-to` on every core: a module of independent functions is cut
//! into pieces of at most [`MAX_FUNCTIONS_PER_PIECE`] functions, each piece
//! lowered by its own stage pipelines, and the functions put back in order.
//!
//! The default stage plans hold module passes (`lower-to-asserting`,
//! `convert-shape-to-std`, ...) that see every function, so the pass
//! manager runs them on one thread. When no function can see another —
//! the module holds only `func.func`s and nothing in them names a symbol
//! (no call, no `shape.fn`, no library) — lowering the module is lowering
//! each function, and contiguous runs of functions can be lowered apart:
//! each run moves into a `builtin.module` of its own, checked out into a
//! context of its own ([`Context::check_out`]), lowered from the stage the
//! *whole* module starts in (so every piece runs the same passes as the
//! module would), checked back in, and its functions return to their
//! places. The pieces are of one length, as many as a multiple of the
//! threads, each small enough for its arenas to stay in cache whatever the
//! size of the module (the time per function does not grow with the
//! module). Each is lowered on the pool as soon as it is taken out; the
//! calling thread puts them back in order as they are done, lowering
//! waiting pieces itself while the next one is not back, so that taking
//! out and putting back overlap the lowering. The output is the one the
//! unsplit run gives; the first failure in function order is reported.
//!
//! Each piece's passes and stages can be watched: the caller's
//! [`PieceWatcher`] factory makes a watcher per piece, which sees that
//! piece's context only, on the thread that lowers it; the watchers come
//! back in piece order with the piece's pass timings, for the caller to
//! combine.
//!
//! Declines (the caller runs the usual pipeline): modules with anything
//! but functions, with symbol references, attributes or too few functions
//! for two pieces; one thread.

use crate::manager::{Instrumentation, NoInstrumentation, PassTiming, RunOptions, Shared};
use crate::stage::Stage;
use crate::stage_pipeline::{starting_stage, LoweringPlan, StagePipeline};
use crate::PassRegistry;
use diag::Diagnostic;
use ir::{Attr, Context, OpId, OpKind, OperationState};
use rayon::prelude::*;
use std::sync::mpsc::TryRecvError;

/// Fewest functions worth a piece of their own.
const MIN_FUNCTIONS_PER_PIECE: usize = 64;

/// Most functions in one piece.
pub const MAX_FUNCTIONS_PER_PIECE: usize = 512;

/// What watches the lowering of one piece: its passes (as their
/// instrumentation) and the stages it reaches.
pub trait PieceWatcher: Instrumentation + Send {
    /// The piece (the module `root` of `ctx`) reached `stage`.
    fn stage(&mut self, stage: Stage, ctx: &Context, root: OpId);
}

impl PieceWatcher for NoInstrumentation {
    fn stage(&mut self, _: Stage, _: &Context, _: OpId) {}
}

/// A piece once lowered: what watched it, and its passes' times and
/// statistics.
pub struct Piece<W> {
    pub watcher: W,
    pub timings: Vec<PassTiming>,
}

/// A split lowering's result, and its pieces in order.
pub type Lowered<W> = (Result<(), Diagnostic>, Vec<Piece<W>>);

/// Lower `root` from `from` (or the form it is in) to `target` in pieces
/// on the current rayon pool, each watched by a watcher `watch` makes.
/// `None` when the module is not made of independent functions or too
/// small to split; otherwise the result of lowering and the pieces in
/// order.
pub fn lower_split<W: PieceWatcher>(
    ctx: &mut Context,
    root: OpId,
    (from, target): (Option<Stage>, Stage),
    plan: &LoweringPlan,
    registry: &PassRegistry,
    options: RunOptions,
    watch: &(dyn Fn() -> W + Sync),
) -> Option<Lowered<W>> {
    let functions = independent_functions(ctx, root)?;
    let threads = rayon::current_num_threads();
    if threads < 2 || functions.len() < 2 * MIN_FUNCTIONS_PER_PIECE {
        return None;
    }
    // An input in no one form is the usual pipeline's to settle or report.
    let from = match from {
        Some(from) => from,
        None => starting_stage(ctx, root, target).ok()?,
    };
    // As many pieces as it takes to stay within the largest, a multiple of
    // the threads, all of one length (but the last): no thread waits long
    // for the others at the end.
    let count = functions
        .len()
        .div_ceil(MAX_FUNCTIONS_PER_PIECE)
        .next_multiple_of(threads);
    let piece_len = functions
        .len()
        .div_ceil(count)
        .clamp(MIN_FUNCTIONS_PER_PIECE, MAX_FUNCTIONS_PER_PIECE);
    // Each piece's passes run in place: the pieces are the parallelism.
    let options = RunOptions {
        threads: 1,
        ..options
    };
    let lower = |mut body: ir::CheckedOut| {
        let watcher = std::cell::RefCell::new(watch());
        let mut timings = Vec::new();
        let result = StagePipeline::for_module(
            &body.ctx,
            body.root,
            (Some(from), target),
            plan,
            registry,
            options,
        )
        .and_then(|mut stages| {
            let ran = stages.run(
                &mut body.ctx,
                body.root,
                &mut Shared(&watcher),
                &mut |stage, ctx, root| watcher.borrow_mut().stage(stage, ctx, root),
            );
            timings.extend(stages.timings().cloned());
            ran
        });
        let watcher = watcher.into_inner();
        (body, result, Piece { watcher, timings })
    };
    let holders: Vec<OpId> = functions
        .chunks(piece_len)
        .map(|run| hold(ctx, run))
        .collect();
    let (holders, lower) = (&holders[..], &lower);
    let (sender, receiver) = std::sync::mpsc::channel();
    let (first_error, pieces) = rayon::scope_fifo(move |scope| {
        // Each piece is lowered as soon as it is out; this thread takes the
        // rest out meanwhile, then puts the lowered ones back in order,
        // lowering waiting pieces itself while none is ready. Every thread
        // takes the pieces in order, so that they come back in order.
        let mut first_error = None;
        let mut started = 0;
        for &holder in holders {
            // The functions refer to no symbol, so to nothing outside them.
            let Some(body) = ctx.check_out(holder) else {
                first_error = Some(Diagnostic::internal_error(
                    crate::loc_of(ctx, holder),
                    "functions that refer outside themselves were lowered apart",
                ));
                break;
            };
            let (sender, index) = (sender.clone(), started);
            // The receiver is kept until every piece is back.
            scope.spawn_fifo(move |_| drop(sender.send((index, lower(body)))));
            started += 1;
        }
        drop(sender);
        let mut ready: Vec<Option<_>> = (0..started).map(|_| None).collect();
        let mut pieces = Vec::new();
        for (index, &holder) in holders.iter().enumerate() {
            while index < started && ready[index].is_none() {
                let next = match receiver.try_recv() {
                    Ok(next) => next,
                    Err(TryRecvError::Disconnected) => break,
                    Err(TryRecvError::Empty) => {
                        if rayon::yield_now() == Some(rayon::Yield::Executed) {
                            continue;
                        }
                        match receiver.recv() {
                            Ok(next) => next,
                            Err(_) => break,
                        }
                    }
                };
                ready[next.0] = Some(next.1);
            }
            // Every piece goes back, even after a failure, so the IR stays
            // whole; so do the functions of pieces never taken out.
            if let Some((body, result, piece)) = ready.get_mut(index).and_then(Option::take) {
                ctx.check_in(body);
                if let Err(e) = result {
                    first_error.get_or_insert(e);
                }
                pieces.push(piece);
            }
            release(ctx, holder);
        }
        (first_error, pieces)
    });
    Some((first_error.map_or(Ok(()), Err), pieces))
}

/// The top-level functions of `root`, when it holds nothing else, has no
/// attribute and no op under it names a symbol.
fn independent_functions(ctx: &Context, root: OpId) -> Option<Vec<OpId>> {
    let data = ctx.op(root);
    if !data.attrs.is_empty() {
        return None;
    }
    let [region] = data.regions.as_slice() else {
        return None;
    };
    let [block] = ctx.region(*region).blocks.as_slice() else {
        return None;
    };
    let functions: Vec<OpId> = ctx.block_ops(*block).collect();
    if functions.iter().any(|&f| ctx.kind(f) != OpKind::FuncFunc) {
        return None;
    }
    // Looked at on every thread: this runs before any piece can start.
    let names_symbol = functions.par_iter().any(|&f| {
        let mut names_symbol = false;
        ctx.walk_nested(f, &mut |o| {
            let op = ctx.op(o);
            names_symbol |= op
                .props
                .iter()
                .chain(&op.attrs)
                .any(|(_, a)| mentions_symbol(a));
        });
        names_symbol
    });
    (!names_symbol).then_some(functions)
}

/// Whether `a` is or holds a symbol reference (opaque text with an `@`
/// counts).
fn mentions_symbol(a: &Attr) -> bool {
    match a {
        Attr::SymbolRef { .. } => true,
        Attr::Opaque(text) => text.contains('@'),
        Attr::Array(items) => items.iter().any(mentions_symbol),
        Attr::Dict(entries) => entries.iter().any(|(_, a)| mentions_symbol(a)),
        _ => false,
    }
}

/// A `builtin.module` right before `run[0]` holding the functions of `run`.
fn hold(ctx: &mut Context, run: &[OpId]) -> OpId {
    let region = ctx.create_region();
    let block = ctx.create_block();
    ctx.append_block(region, block);
    let mut state = OperationState::new(OpKind::BuiltinModule, ctx.op(run[0]).loc.clone());
    state.regions.push(region);
    let holder = ctx.create_op(state);
    ctx.insert_op_before(run[0], holder);
    for &f in run {
        ctx.unlink(f);
        ctx.append_op(block, f);
    }
    holder
}

/// Put the functions `holder` holds back in its place, and erase it.
fn release(ctx: &mut Context, holder: OpId) {
    let block = ctx.region(ctx.op(holder).regions[0]).blocks[0];
    let functions: Vec<OpId> = ctx.block_ops(block).collect();
    for f in functions {
        ctx.move_op_before(f, holder);
    }
    ctx.erase_op(holder);
}
