//! The embedding API: what a host compiler written in Rust uses to run
//! shape-opt inside itself.
//!
//! A [`Session`] owns the pass registry (the generic passes, plus any the
//! host registers) and the source buffers diagnostics point into. With it a
//! host parses text into a [`Module`] (or builds one through [`ir`]), adds
//! its own op → shape-function mappings to the module's
//! `shape.function_library` ([`Session::map_op_to_shape_function`]), runs a
//! textual pipeline with a callback after every pass
//! ([`Session::run_pipeline`]) or the default pipelines up to a stage with a
//! callback at every stage reached ([`Session::lower_to`]), and prints the
//! result. The host declares which of its ops (and functions) are pure
//! ([`Session::declare_pure_ops`]), so that checks may move across them.
//! Every failure is an [`Error`] holding MLIR-style diagnostics.
//!
//! Parsing, verifying, passes and printing recurse as deep as the IR nests
//! (up to the parser's `max_nesting`), so every method that does them runs
//! its work on a thread of its own with a large stack ([`on_large_stack`]):
//! a host may call them from any thread, whatever its stack size.
//!
//! ```
//! let mut session = shape_opt::Session::new();
//! let mut module = session
//!     .parse("f.mlir", "func.func @f(%a: index) -> index { return %a : index }")
//!     .unwrap();
//! session
//!     .run_pipeline(&mut module, "builtin.module(cse)", &mut |_, _, _| {})
//!     .unwrap();
//! assert!(module.print().contains("func.func @f"));
//! ```

pub use diag;
pub use ir;
pub use pass;
pub use pass::stage::Stage;
pub use syntax;

use diag::{DiagLoc, Diagnostic, SourceFile, SourceMap};
use ir::effects::PureOps;
use ir::{Attr, Context, OpId, OpKind};
use pass::{Instrumentation, PassInfo, PassManager, PassRegistry, RunOptions};

/// Parsed or built IR: a context and its top-level `builtin.module`.
pub struct Module {
    pub ctx: Context,
    pub root: OpId,
}

impl Module {
    /// The module in MLIR's custom form (what `mlir-opt` prints).
    pub fn print(&self) -> String {
        on_large_stack(|| ir::printer::print_op(&self.ctx, self.root, Default::default()))
    }
}

/// Stack size of the threads [`on_large_stack`] starts: the recursion of
/// the parser, the verifier, the passes and the printer is bounded by the
/// parser's nesting limit, and this leaves room for the deepest input it
/// accepts (only the pages touched are ever committed).
pub const WORKER_STACK: usize = 512 << 20;

/// Run `work` on a new thread with a [`WORKER_STACK`]-byte stack and return
/// its result; a panic in `work` resumes on the caller's thread. If no
/// thread can be started, `work` runs on the caller's thread.
pub fn on_large_stack<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    let mut pending = Some(work);
    let finished = std::thread::scope(|scope| {
        let slot = &mut pending;
        std::thread::Builder::new()
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || slot.take().map(|work| work()))
            .ok()
            .map(|handle| handle.join())
    });
    match (finished, pending) {
        (Some(Ok(Some(result))), _) => result,
        (Some(Err(panic)), _) => std::panic::resume_unwind(panic),
        (_, Some(work)) => work(),
        (_, None) => unreachable!("a thread that took the work either returned or panicked"),
    }
}

/// A failure: the diagnostics, and their rendering (`file:line:col: error:
/// ...` with the source line) for display.
#[derive(Debug)]
pub struct Error {
    pub diagnostics: Vec<Diagnostic>,
    rendered: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.rendered)
    }
}

impl std::error::Error for Error {}

/// Registered passes, source buffers, and how pipelines run.
pub struct Session {
    registry: PassRegistry,
    sources: SourceMap,
    /// Verification after each pass, unregistered dialects, threads.
    pub options: RunOptions,
    /// The host ops and functions declared pure.
    pure_ops: PureOps,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// Calls a host callback after every pass run.
struct AfterPass<'a>(&'a mut (dyn FnMut(&str, &Context, OpId) + Send));

impl Instrumentation for AfterPass<'_> {
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        (self.0)(pass, ctx, op)
    }
}

/// Every pass shape-opt has (the `passes` crate's table).
pub fn registry() -> PassRegistry {
    passes::registry()
}

impl Session {
    /// A session with every pass of shape-opt registered ([`registry`]).
    pub fn new() -> Self {
        Session {
            registry: registry(),
            sources: SourceMap::new(),
            options: RunOptions::default(),
            pure_ops: PureOps::default(),
        }
    }

    /// Declare host ops and functions pure: without side effects, so that
    /// passes that move or merge checks may move them across these ops, as
    /// the host's own passes do ([`ir::effects`]). Each entry is an op name
    /// of an unregistered dialect (`chlo.broadcast_add`), such a dialect
    /// (`mhlo.`: all its ops) or a function (`@name`: calls to it). The
    /// declarations hold for every module the session parses, runs a
    /// pipeline on or lowers from then on; an invalid entry declares
    /// nothing.
    pub fn declare_pure_ops(&mut self, entries: &[&str]) -> Result<(), Error> {
        let mut declared = self.pure_ops.clone();
        for entry in entries {
            declared.declare(entry).map_err(plain_error)?;
        }
        self.pure_ops = declared;
        Ok(())
    }

    /// Register a pass of the host's (replacing one of the same name).
    pub fn register_pass(&mut self, info: PassInfo) {
        self.registry.register(info);
    }

    pub fn registry(&self) -> &PassRegistry {
        &self.registry
    }

    fn error(&self, diagnostics: Vec<Diagnostic>) -> Error {
        let rendered = diagnostics.iter().map(|d| self.sources.render(d)).collect();
        Error {
            diagnostics,
            rendered,
        }
    }

    /// Parse and verify `text` (named `name` in diagnostics).
    pub fn parse(&mut self, name: &str, text: &str) -> Result<Module, Error> {
        let file = self.sources.add(SourceFile::new(name, text));
        let mut ctx = Context::new();
        ctx.set_pure_ops(self.pure_ops.clone());
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: self.options.allow_unregistered,
            ..Default::default()
        };
        let allow_unregistered = self.options.allow_unregistered;
        let parsed = on_large_stack(|| {
            let (root, diags) =
                syntax::parse_source(&mut ctx, file, name, text.as_bytes(), &options);
            let root = root.ok_or(diags)?;
            pass::verify(&ctx, root, allow_unregistered)?;
            Ok(root)
        });
        match parsed {
            Ok(root) => Ok(Module { ctx, root }),
            Err(diags) => Err(self.error(diags)),
        }
    }

    /// Make ops named `op_name` (e.g. `foo.matmul`) map to the shape
    /// function `function` of the module's `shape.function_library`: an
    /// entry of its `mapping`, replacing any for the same op. The library
    /// must exist and hold the function.
    pub fn map_op_to_shape_function(
        &self,
        module: &mut Module,
        op_name: &str,
        function: &str,
    ) -> Result<(), Error> {
        let ctx = &mut module.ctx;
        let library = top_level_ops(ctx, module.root)
            .find(|&o| ctx.kind(o) == OpKind::ShapeFunctionLibrary)
            .ok_or_else(|| plain_error("the module has no shape.function_library".into()))?;
        let defined = top_level_ops(ctx, library).any(|o| {
            ctx.kind(o) == OpKind::ShapeFunc
                && ctx.attr(o, "sym_name").and_then(Attr::as_str) == Some(function)
        });
        if !defined {
            return Err(plain_error(format!(
                "the shape.function_library has no shape.func @{function}"
            )));
        }
        let mut entries = match ctx.attr(library, "mapping") {
            Some(Attr::Dict(entries)) => entries.clone(),
            _ => Vec::new(),
        };
        let target = Attr::SymbolRef {
            root: function.into(),
            nested: Vec::new(),
        };
        entries.retain(|(name, _)| &**name != op_name);
        entries.push((ir::attrs::attr_name(op_name), target));
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        ctx.set_prop(library, "mapping", Attr::Dict(entries));
        let ctx = &module.ctx;
        on_large_stack(|| pass::verify(ctx, module.root, self.options.allow_unregistered))
            .map_err(|d| self.error(d))
    }

    /// Run a textual pipeline (`builtin.module(func.func(cse),symbol-dce)`);
    /// `after_pass` sees the IR after every pass run.
    pub fn run_pipeline(
        &self,
        module: &mut Module,
        pipeline: &str,
        after_pass: &mut (dyn FnMut(&str, &Context, OpId) + Send),
    ) -> Result<(), Error> {
        let mut manager = PassManager::parse(pipeline, &self.registry).map_err(|e| Error {
            rendered: pass::render_pipeline_error(pipeline, &e),
            diagnostics: vec![Diagnostic::error(DiagLoc::Unknown, e.message)],
        })?;
        manager.options = self.options;
        module.ctx.set_pure_ops(self.pure_ops.clone());
        on_large_stack(|| manager.run(&mut module.ctx, module.root, &mut AfterPass(after_pass)))
            .map_err(|d| self.error(vec![d]))
    }

    /// Run the default pipeline of every stage from the module's form up to
    /// `target`; `on_stage` sees the IR at every stage reached.
    pub fn lower_to(
        &self,
        module: &mut Module,
        target: Stage,
        on_stage: &mut (dyn FnMut(Stage, &Context, OpId) + Send),
    ) -> Result<(), Error> {
        module.ctx.set_pure_ops(self.pure_ops.clone());
        on_large_stack(|| {
            pass::stage_pipeline::StagePipeline::for_module(
                &module.ctx,
                module.root,
                (None, target),
                &passes::DEFAULT_PLAN,
                &self.registry,
                self.options,
            )?
            .run(
                &mut module.ctx,
                module.root,
                &mut pass::NoInstrumentation,
                on_stage,
            )
        })
        .map_err(|d| self.error(vec![d]))
    }
}

/// An error about no place in the input.
fn plain_error(message: String) -> Error {
    Error {
        rendered: format!("error: {message}\n"),
        diagnostics: vec![Diagnostic::error(DiagLoc::Unknown, message)],
    }
}

/// The ops directly in the first block of `op`'s first region.
fn top_level_ops(ctx: &Context, op: OpId) -> impl Iterator<Item = OpId> + '_ {
    let block = ctx
        .op(op)
        .regions
        .first()
        .and_then(|&r| ctx.region(r).blocks.first().copied());
    block.into_iter().flat_map(move |b| ctx.block_ops(b))
}
