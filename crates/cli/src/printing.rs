//! What comes out of a chunk besides plain IR: the module with its shape
//! facts as comments (`--mlir-print-shape-facts`), and the check that the
//! output, parsed again, prints the same (`--verify-roundtrip`).

use diag::{DiagLoc, Diagnostic};
use driver::Engine;
use ir::printer::PrintOptions;
use ir::{Context, OpId};

/// The module with each op's inferred shape facts as comment lines before
/// it (`--mlir-print-shape-facts`).
pub fn print_with_shape_facts(ctx: &Context, module: OpId, print: PrintOptions) -> String {
    use analysis::shape_facts::{infer_facts, Facts};
    let facts: rustc_hash::FxHashMap<OpId, Facts> = pass::functions_under(ctx, module)
        .into_iter()
        .map(|f| (f, infer_facts(ctx, f)))
        .collect();
    let comment = |ctx: &Context, op: OpId| {
        let mut scope = ctx.parent_op(op);
        while let Some(s) = scope {
            if let Some(f) = facts.get(&s) {
                return f.describe(ctx, op);
            }
            scope = ctx.parent_op(s);
        }
        None
    };
    ir::printer::print_op_with_comments(ctx, module, print, &comment)
}

/// `--verify-roundtrip`: `printed`, parsed again, prints the same;
/// printed in generic form, parsed again, prints the same in custom form;
/// and the module written as `bytecode`, read again, prints the same.
pub fn verify_roundtrip(
    engine: &mut Engine,
    printed: &str,
    bytecode: Option<&[u8]>,
) -> Result<(), Diagnostic> {
    // What is parsed again is the output as it is, not a new input.
    let strict = std::mem::take(&mut engine.policy.strict_symbolic_shapes);
    let verified = reparse_and_compare(engine, printed, bytecode);
    engine.policy.strict_symbolic_shapes = strict;
    verified
}

fn reparse_and_compare(
    engine: &mut Engine,
    printed: &str,
    bytecode: Option<&[u8]>,
) -> Result<(), Diagnostic> {
    let failed = |what: &str, detail: String| {
        Diagnostic::error(
            DiagLoc::Unknown,
            format!("roundtrip verification failed: {what}: {detail}"),
        )
    };
    let reparse = |engine: &mut Engine, name: &str, text: String| {
        engine.parse(name, text).map_err(|diags| {
            let first = diags.first().map(|d| engine.render(d)).unwrap_or_default();
            failed(&format!("the {name} does not parse"), first)
        })
    };
    let custom = reparse(engine, "output", printed.to_string())?;
    let generic = PrintOptions {
        generic: true,
        ..PrintOptions::default()
    };
    let generic_text = custom.print_with(generic);
    let custom_text = custom.print_with(PrintOptions::default());
    let from_generic = reparse(engine, "generic output", generic_text)?.print();
    let mut forms = vec![("custom form", custom_text), ("generic form", from_generic)];
    if let Some(bytes) = bytecode {
        let read = engine
            .parse_bytecode("bytecode output", bytes)
            .map_err(|diags| {
                let first = diags.first().map(|d| engine.render(d)).unwrap_or_default();
                failed("the bytecode output does not read", first)
            })?;
        forms.push(("bytecode", read.print()));
    }
    for (what, text) in forms {
        if text != printed {
            let line = text
                .lines()
                .zip(printed.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| text.lines().count().min(printed.lines().count()));
            return Err(failed(
                what,
                format!("printing it again differs at line {}", line + 1),
            ));
        }
    }
    Ok(())
}
