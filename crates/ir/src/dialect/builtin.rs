//! `builtin` dialect: `module` and `unrealized_conversion_cast`.

use crate::asm::{AsmParser, PResult};
use crate::attrs::Attr;
use crate::context::{OpId, OperationState};
use crate::op_def::{many, op, opt_attr, AttrKind, OpDef};
use crate::printer::OpPrinter;
use crate::OpKind;

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::BuiltinModule)
            .summary("A top-level container of operations")
            .attrs([
                opt_attr("sym_name", AttrKind::SymbolName),
                opt_attr("sym_visibility", AttrKind::Str),
            ])
            .regions(["bodyRegion"])
            .isolated()
            .no_terminator()
            .symbol_table()
            .single_block()
            .graph_regions()
            .custom(parse_module, print_module),
        op(OpKind::BuiltinUnrealizedConversionCast)
            .cast()
            .summary("An unrealized conversion from one set of types to another")
            .operands([many("inputs")])
            .results([many("outputs")])
            .format("($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict")
            .pure(),
    ]
}

fn parse_module(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    if let Some(name) = p.parse_optional_symbol_name() {
        state
            .props
            .push(("sym_name".into(), Attr::String(name.into_bytes())));
    }
    if p.parse_optional_keyword("attributes") {
        p.parse_optional_attr_dict(&mut state.attrs)?;
    }
    let r = p.ctx().create_region();
    p.parse_region(r, &[], true)?;
    state.regions.push(r);
    Ok(())
}

fn print_module(p: &mut OpPrinter, op: OpId) {
    if let Some(Attr::String(name)) = p.ctx.attr(op, "sym_name") {
        let mut s = String::from(" ");
        crate::print_attr::write_symbol_name(&mut s, &String::from_utf8_lossy(name));
        p.push(&s);
    }
    p.attr_dict(op, &["sym_name"], true);
    p.push(" ");
    if let Some(&r) = p.ctx.op(op).regions.first() {
        p.region(r, false, true);
    }
}
