//! Symbols: the name an op defines, its visibility, and the symbol
//! references an attribute holds.

use ir::{Attr, Context, OpId};

/// Every symbol reference (`@root::@nested`) in `a`, as root and nested names.
pub fn symbol_refs<'a>(a: &'a Attr, f: &mut dyn FnMut(&'a str, &'a [String])) {
    match a {
        Attr::SymbolRef { root, nested } => f(root, nested),
        Attr::Array(items) => items.iter().for_each(|i| symbol_refs(i, f)),
        Attr::Dict(entries) => entries.iter().for_each(|(_, v)| symbol_refs(v, f)),
        _ => {}
    }
}

/// The symbol `op` defines, if any.
pub fn symbol_name(ctx: &Context, op: OpId) -> Option<String> {
    match ctx.attr(op, "sym_name") {
        Some(Attr::String(s)) => Some(String::from_utf8_lossy(s).into_owned()),
        _ => None,
    }
}

pub fn is_private(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "sym_visibility").and_then(|a| a.as_str()) == Some("private")
}
