//! Effects: what running an op may do besides computing its results, for
//! the passes that move or merge checks.
//!
//! Every op has an [`Effect`]: [`Effect::None`] (it computes its results),
//! [`Effect::Fails`] (a check: it may abort with its message and does
//! nothing else) or [`Effect::Any`] (anything else may happen: memory
//! written, output printed, code run that is not known). The rule every
//! pass keeps: a check (`shape.cstr_*`, `cf.assert`, anything that may
//! fail) never moves across an op with [`Effect::Any`], in either
//! direction: moved earlier, a failing input would skip the effect; moved
//! later, the effect would happen on an input that fails. Checks may cross
//! each other and ops without effects.
//!
//! The effect of an op ([`Effects::of`], [`effect`]) is
//! - for a registered op, the one its definition gives
//!   ([`crate::op_def::Traits::effect`]: MLIR's `Pure` ops and terminators
//!   none, checks [`Effect::Fails`], region ops such as `scf.if` and
//!   `shape.assuming` none of their own, everything else [`Effect::Any`]),
//!   joined with the effects of the ops in its regions; a broadcast that
//!   checks strict symbolic shapes
//!   ([`crate::dialect::func::fails_under_strict_shapes`]) fails;
//! - for a `func.call`, the effect of the callee's body; [`Effect::Any`] if
//!   the callee only has a declaration (`func.func private @log(i64)`), is
//!   not in reach (a function checked out on its own) or calls itself
//!   back; [`Effect::None`] if it is declared pure (`@name` in
//!   [`PureOps`]);
//! - for an op of an unregistered dialect (a host's `"mhlo.add"`):
//!   [`Effect::Any`], unless the host declared it pure ([`PureOps`]: by its
//!   name, or its whole dialect) or it is a StableHLO, MHLO or CHLO op
//!   known to be pure ([`known_pure`]: all of theirs but communication,
//!   random numbers, custom calls and control flow; unless
//!   [`Context::knows_foreign_ops`] is turned off); then the effects of the
//!   ops in its regions.
//!
//! Declaring an op pure says that it has no effect, not that it is defined
//! on every input: passes let checks cross it, but never run it before a
//! check it came after.
//!
//! The declarations live in the [`Context`] ([`Context::pure_ops`]), so
//! that every pass run on it sees the same ones (`shape-opt --pure-ops`,
//! `shape_opt::Session::declare_pure_ops`).
//!
//! ```
//! # use ir::effects::{Effect, PureOps};
//! let declared: PureOps = "mhlo.,chlo.broadcast_add,@norm".parse().unwrap();
//! assert!(declared.covers_op("mhlo.add") && declared.covers_op("chlo.broadcast_add"));
//! assert!(!declared.covers_op("chlo.broadcast_mul"));
//! assert!(declared.covers_function("norm"));
//! assert!("arith.".parse::<PureOps>().is_err()); // a registered dialect
//! assert!(Effect::None < Effect::Fails && Effect::Fails < Effect::Any);
//! ```

use crate::attrs::Attr;
use crate::context::{Context, OpId};
pub use crate::op_def::Effect;
use crate::OpKind;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// The dialects whose ops' effects are known without a declaration:
/// StableHLO, MHLO (which shares StableHLO's ops) and CHLO.
pub const KNOWN_DIALECTS: [&str; 3] = ["stablehlo", "mhlo", "chlo"];

/// The ops of [`KNOWN_DIALECTS`] with effects (communication, random
/// numbers, custom calls), or with regions whose effects are their
/// bodies' (`while`, `if`, `case`): every other op of theirs is pure.
const KNOWN_EFFECTFUL: &[&str] = &[
    "after_all",
    "all_gather",
    "all_reduce",
    "all_to_all",
    "case",
    "collective_broadcast",
    "collective_permute",
    "custom_call",
    "if",
    "infeed",
    "outfeed",
    "partition_id",
    "recv",
    "reduce_scatter",
    "replica_id",
    "rng",
    "send",
    "while",
];

/// Whether the op named `name` is of one of [`KNOWN_DIALECTS`] and pure.
pub fn known_pure(name: &str) -> bool {
    name.split_once('.').is_some_and(|(dialect, op)| {
        KNOWN_DIALECTS.contains(&dialect) && !KNOWN_EFFECTFUL.contains(&op)
    })
}

/// Host ops and functions declared pure: without effect besides computing
/// their results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PureOps {
    /// Op names (`chlo.broadcast_add`).
    ops: BTreeSet<String>,
    /// Dialects, each with its dot (`mhlo.`): every op of it.
    dialects: BTreeSet<String>,
    /// Function symbols, without their `@`.
    functions: BTreeSet<String>,
}

impl PureOps {
    /// Declare `entry` pure: an op name of an unregistered dialect
    /// (`foo.bar`), such a dialect's prefix ending with its dot (`mhlo.`:
    /// all its ops), or a function (`@name`: calls to it).
    pub fn declare(&mut self, entry: &str) -> Result<(), String> {
        let entry = entry.trim();
        if let Some(symbol) = entry.strip_prefix('@') {
            if symbol.is_empty() || symbol.contains(|c: char| c.is_whitespace() || c == ',') {
                return Err(format!("'{entry}' is not a function symbol (`@name`)"));
            }
            self.functions.insert(symbol.to_string());
            return Ok(());
        }
        let name_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.');
        // Without a dot, an empty dialect: not well formed.
        let (dialect, op) = entry.split_once('.').unwrap_or_default();
        let well_formed = dialect.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && entry.chars().all(name_char);
        if !well_formed {
            return Err(format!(
                "'{entry}' is neither an op name (`dialect.op`), a dialect (`dialect.`) nor a \
                 function (`@name`)"
            ));
        }
        if crate::op_def::registry().is_registered_dialect(dialect) {
            return Err(format!(
                "'{entry}': the ops of the '{dialect}' dialect have known effects; only ops of \
                 unregistered dialects and functions can be declared pure"
            ));
        }
        match op {
            "" => self.dialects.insert(entry.to_string()),
            _ => self.ops.insert(entry.to_string()),
        };
        Ok(())
    }

    /// Whether the op named `name` is declared pure (by name or dialect).
    pub fn covers_op(&self, name: &str) -> bool {
        self.ops.contains(name)
            || name
                .split_once('.')
                .is_some_and(|(d, _)| self.dialects.contains(&name[..=d.len()]))
    }

    /// Whether calls to the function `@symbol` are declared pure.
    pub fn covers_function(&self, symbol: &str) -> bool {
        self.functions.contains(symbol)
    }

    /// Whether nothing is declared.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty() && self.dialects.is_empty() && self.functions.is_empty()
    }
}

/// A comma-separated list of entries ([`PureOps::declare`]); an empty
/// list declares nothing.
impl std::str::FromStr for PureOps {
    type Err = String;
    fn from_str(list: &str) -> Result<Self, String> {
        let mut declared = PureOps::default();
        if list.trim().is_empty() {
            return Ok(declared);
        }
        for entry in list.split(',') {
            declared.declare(entry)?;
        }
        Ok(declared)
    }
}

/// The effects of ops, remembering those of the functions they call and
/// the symbol tables searched for them. Valid while no function is added,
/// removed, or given or stripped of an effect (moving ops about keeps it
/// valid).
#[derive(Default)]
pub struct Effects {
    functions: FxHashMap<OpId, Effect>,
    tables: FxHashMap<OpId, FxHashMap<String, OpId>>,
}

impl Effects {
    pub fn new() -> Self {
        Self::default()
    }

    /// What running `op`, its regions included, may do.
    pub fn of(&mut self, ctx: &Context, op: OpId) -> Effect {
        let mut effect = self.own(ctx, op);
        for &r in &ctx.op(op).regions {
            for &b in &ctx.region(r).blocks {
                for o in ctx.block_ops(b) {
                    if effect == Effect::Any {
                        return effect;
                    }
                    effect = effect.max(self.of(ctx, o));
                }
            }
        }
        effect
    }

    /// Whether `op` may do something other than computing its results and
    /// failing: no check may cross it.
    pub fn has_side_effects(&mut self, ctx: &Context, op: OpId) -> bool {
        self.of(ctx, op) == Effect::Any
    }

    /// What `op` itself may do, the ops in its regions aside (for a walk
    /// that meets those too).
    pub fn own(&mut self, ctx: &Context, op: OpId) -> Effect {
        if ctx.kind(op) == OpKind::FuncCall {
            let symbol = ctx.attr(op, "callee").and_then(Attr::as_symbol);
            if symbol.is_some_and(|s| ctx.pure_ops().covers_function(s)) {
                return Effect::None;
            }
            return match symbol.and_then(|s| self.lookup(ctx, op, s)) {
                Some(f) => self.function(ctx, f),
                None => Effect::Any,
            };
        }
        match ctx.op_def(op) {
            Some(_) if crate::dialect::func::fails_under_strict_shapes(ctx, op) => Effect::Fails,
            Some(def) => def.traits.effect,
            None if ctx.pure_ops().covers_op(ctx.op_name(op))
                || ctx.knows_foreign_ops() && known_pure(ctx.op_name(op)) =>
            {
                Effect::None
            }
            None => Effect::Any,
        }
    }

    /// What calling the function `f` may do: what its body does.
    fn function(&mut self, ctx: &Context, f: OpId) -> Effect {
        if let Some(&known) = self.functions.get(&f) {
            return known;
        }
        let callable = matches!(ctx.kind(f), OpKind::FuncFunc | OpKind::ShapeFunc);
        let body = ctx.op(f).regions.first().map(|&r| ctx.region(r));
        let Some(body) = body.filter(|b| callable && !b.blocks.is_empty()) else {
            return Effect::Any;
        };
        // A call back into `f` while its body is read sees `Any`.
        self.functions.insert(f, Effect::Any);
        let mut effect = Effect::None;
        for &b in &body.blocks {
            for o in ctx.block_ops(b) {
                effect = effect.max(self.of(ctx, o));
            }
        }
        self.functions.insert(f, effect);
        effect
    }

    /// The op defining `@symbol` in the nearest symbol table around `from`.
    fn lookup(&mut self, ctx: &Context, from: OpId, symbol: &str) -> Option<OpId> {
        let table = symbol_table_around(ctx, from)?;
        let entries = self.tables.entry(table).or_insert_with(|| {
            let mut entries = FxHashMap::default();
            for (name, o) in symbols_in(ctx, table) {
                entries.entry(name.to_string()).or_insert(o);
            }
            entries
        });
        entries.get(symbol).copied()
    }
}

/// The nearest op around `from` that is a symbol table.
fn symbol_table_around(ctx: &Context, from: OpId) -> Option<OpId> {
    std::iter::successors(ctx.parent_op(from), |&o| ctx.parent_op(o))
        .find(|&o| ctx.op_def(o).is_some_and(|d| d.traits.symbol_table))
}

/// The symbols directly inside `table`, in order.
fn symbols_in(ctx: &Context, table: OpId) -> impl Iterator<Item = (&str, OpId)> + '_ {
    ctx.op(table)
        .regions
        .iter()
        .flat_map(|&r| ctx.region(r).blocks.iter())
        .flat_map(|&b| ctx.block_ops(b))
        .filter_map(|o| Some((ctx.attr(o, "sym_name").and_then(Attr::as_str)?, o)))
}

/// The function a `func.call` names, in the nearest symbol table around
/// it (the first of that name). Passes asking about many calls keep an
/// [`Effects`], which remembers the tables.
pub fn callee(ctx: &Context, call: OpId) -> Option<OpId> {
    let symbol = ctx.attr(call, "callee").and_then(Attr::as_symbol)?;
    let table = symbol_table_around(ctx, call)?;
    symbols_in(ctx, table)
        .find(|&(name, _)| name == symbol)
        .map(|(_, o)| o)
}

/// What running `op`, its regions and callees included, may do (see the
/// module doc). Passes asking about many ops keep an [`Effects`] instead.
pub fn effect(ctx: &Context, op: OpId) -> Effect {
    Effects::new().of(ctx, op)
}

/// Whether `op` may do something other than computing its results and
/// failing, so that no check may cross it.
pub fn has_side_effects(ctx: &Context, op: OpId) -> bool {
    effect(ctx, op) == Effect::Any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_op_names_dialects_or_functions() {
        let declared: PureOps = " mhlo. , chlo.broadcast_add,@f ".parse().unwrap();
        assert!(declared.covers_op("mhlo.add"));
        assert!(declared.covers_op("mhlo.dynamic_broadcast_in_dim"));
        assert!(!declared.covers_op("mhlox.add"));
        assert!(declared.covers_op("chlo.broadcast_add"));
        assert!(!declared.covers_op("chlo.broadcast_add2"));
        assert!(declared.covers_function("f") && !declared.covers_function("g"));
        assert!(!declared.is_empty() && PureOps::default().is_empty());
        assert!(" ".parse::<PureOps>().unwrap().is_empty());
        for bad in [
            "mhlo.,",
            "mhlo",
            ".add",
            "@",
            "tensor.",
            "shape.cstr_eq",
            "foo.b ar",
            "1x.y",
        ] {
            assert!(bad.parse::<PureOps>().is_err(), "{bad:?} accepted");
        }
        let e = "arith.addi".parse::<PureOps>().unwrap_err();
        assert!(e.contains("known effects"), "{e}");
    }

    #[test]
    fn join_orders_effects() {
        assert_eq!(Effect::None.max(Effect::Fails), Effect::Fails);
        assert_eq!(Effect::Any.max(Effect::Fails), Effect::Any);
        assert_eq!(Effect::default(), Effect::Any);
    }
}
