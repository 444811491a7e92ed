//! `symbol-dce`: erase private symbols that nothing live refers to.
//!
//! Precondition: runs on an op with a symbol table (normally the module).
//! Postcondition: every op left in its body that defines a symbol
//! (`sym_name`) is public, or referenced (`@name`, `@name::@nested`) from a
//! non-symbol op of the body or from a live symbol, transitively; private
//! symbols referenced only by dead symbols go too. Declines to look into
//! nested symbol tables' own private symbols (they are run on separately).
//!
//! ```mlir
//! func.func private @dead()            // erased
//! func.func private @used()            // kept: @main calls it
//! func.func @main() { call @used() : () -> () ... }
//! ```

use analysis::symbols::{is_private, symbol_name, symbol_refs};
use ir::{Context, OpId};
use pass::{PassDecl, PassResult, Statistics};
use std::collections::{HashMap, HashSet};

pub struct SymbolDce;

/// Symbols referenced by `op` or anything nested in it.
fn referenced_by(ctx: &Context, op: OpId) -> Vec<String> {
    let mut out = Vec::new();
    let mut visit = |o: OpId| {
        let data = ctx.op(o);
        for (_, a) in data.props.iter().chain(data.attrs.iter()) {
            symbol_refs(a, &mut |root, _| out.push(root.to_string()));
        }
    };
    visit(op);
    ctx.walk_nested(op, &mut visit);
    out
}

/// Erase the dead private symbols directly inside `table`; returns how many.
pub fn eliminate_dead_symbols(ctx: &mut Context, table: OpId) -> usize {
    erase_dead(ctx, table, &|_| true)
}

/// Erase the private symbols directly inside `table` that are dead and
/// that `wanted` names (the rest stay, dead or not); returns how many.
pub fn eliminate_dead_symbols_named(
    ctx: &mut Context,
    table: OpId,
    wanted: &HashSet<String>,
) -> usize {
    erase_dead(ctx, table, &|name| wanted.contains(name))
}

fn erase_dead(ctx: &mut Context, table: OpId, wanted: &dyn Fn(&str) -> bool) -> usize {
    let body: Vec<OpId> = ctx
        .op(table)
        .regions
        .iter()
        .flat_map(|&r| ctx.region(r).blocks.clone())
        .flat_map(|b| ctx.block_ops(b).collect::<Vec<_>>())
        .collect();
    let symbols: HashMap<String, OpId> = body
        .iter()
        .filter_map(|&o| symbol_name(ctx, o).map(|n| (n, o)))
        .collect();
    let mut live: HashSet<OpId> = HashSet::new();
    let mut work: Vec<OpId> = body
        .iter()
        .copied()
        .filter(|&o| symbol_name(ctx, o).is_none_or(|name| !is_private(ctx, o) || !wanted(&name)))
        .collect();
    while let Some(o) = work.pop() {
        if !live.insert(o) {
            continue;
        }
        for name in referenced_by(ctx, o) {
            if let Some(&s) = symbols.get(&name) {
                work.push(s);
            }
        }
    }
    let dead: Vec<OpId> = body.into_iter().filter(|o| !live.contains(o)).collect();
    for &o in &dead {
        ctx.erase_op(o);
    }
    dead.len()
}

impl PassDecl for SymbolDce {
    const NAME: &'static str = "symbol-dce";
    const SUMMARY: &'static str = "Eliminate dead symbols";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        eliminate_dead_symbols(ctx, op);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erases_only_unreachable_private_symbols() {
        let text = "func.func private @dead()\nfunc.func private @chain()\nfunc.func private @dead_caller() {\n  call @chain() : () -> ()\n  return\n}\nfunc.func private @used()\nfunc.func @main() {\n  call @used() : () -> ()\n  return\n}\n";
        let mut ctx = Context::new();
        let (m, d) =
            syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
        let m = m.unwrap_or_else(|| panic!("{d:?}"));
        assert_eq!(eliminate_dead_symbols(&mut ctx, m), 3);
        let out = ir::printer::print_op(&ctx, m, Default::default());
        assert_eq!(
            out,
            "module {\n  func.func private @used()\n  func.func @main() {\n    call @used() : () -> ()\n    return\n  }\n}\n"
        );
    }
}
