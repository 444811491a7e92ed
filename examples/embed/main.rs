//! A host compiler embedding shape-opt: it registers a pass of its own and
//! maps its own op (`host.matmul`) to a shape function, runs a pipeline
//! while watching the IR after every pass, then asks for the constrained
//! form, watching every stage reached. `cargo test` builds and runs it.

use shape_opt::ir::{Context, OpId, OpKind};
use shape_opt::pass::{info, PassDecl, Statistics};
use shape_opt::{Session, Stage};

/// The host's pass: drop `shape.debug_print`, forwarding its operand.
struct StripDebugPrint;

impl PassDecl for StripDebugPrint {
    const NAME: &'static str = "strip-debug-print";
    const SUMMARY: &'static str = "Drop shape.debug_print ops";
    shape_opt::pass::no_options!();
    fn apply(
        &self,
        ctx: &mut Context,
        op: OpId,
        _: &mut Statistics,
    ) -> Result<(), shape_opt::diag::Diagnostic> {
        let mut prints = Vec::new();
        ctx.walk_nested(op, &mut |o| {
            if ctx.kind(o) == OpKind::ShapeDebugPrint {
                prints.push(o);
            }
        });
        for p in prints {
            if let (Some(input), Some(output)) = (ctx.operand(p, 0), ctx.result(p, 0)) {
                ctx.replace_all_uses(output, input);
            }
            ctx.erase_op(p);
        }
        Ok(())
    }
}

/// The host's program: the matmul shape function library of
/// `examples/matmul.mlir`, with a debug print added, and a function using
/// the host's own op.
fn program() -> String {
    let library = include_str!("../matmul.mlir").replace(
        "    return %res : !shape.shape",
        "    %printed = \"shape.debug_print\"(%res) : (!shape.shape) -> !shape.shape\n    return %printed : !shape.shape",
    );
    format!(
        "{library}\nfunc.func @host(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {{\n  %0 = \"host.matmul\"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}}\n"
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    session.register_pass(info::<StripDebugPrint>());
    let mut module = session.parse("host.mlir", &program())?;
    session.map_op_to_shape_function(&mut module, "host.matmul", "matmul")?;
    let printed = module.print();
    assert!(printed.contains("mapping {foo.matmul = @matmul, host.matmul = @matmul}"));

    let mut seen = Vec::new();
    session.run_pipeline(
        &mut module,
        "builtin.module(strip-debug-print,cse)",
        Some(&mut |pass, ctx, op| {
            let text = shape_opt::ir::printer::print_op(ctx, op, Default::default());
            println!("// after {pass}: {} lines", text.lines().count());
            seen.push((pass.to_string(), text.contains("debug_print")));
        }),
    )?;
    assert_eq!(
        seen,
        [
            ("strip-debug-print".to_string(), false),
            ("cse".to_string(), false)
        ]
    );

    let mut stages = Vec::new();
    let lowered = session.lower_to(&mut module, Stage::Constrained, &mut |stage, _, _| {
        stages.push(stage)
    });
    lowered?;
    assert_eq!(stages, [Stage::ErrorMonadic, Stage::Constrained]);
    println!("{}", module.print());
    Ok(())
}
