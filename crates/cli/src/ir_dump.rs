//! Printing the IR around passes, as `mlir-opt`'s `--mlir-print-ir-*`
//! flags ask: before or after every pass or the named ones, only when a
//! pass changed it, the whole module or the op the pass ran on, after a
//! failure, and one file per pass run under a tree directory. The dumps
//! are laid out byte for byte as `mlir-opt` lays them out.

use crate::dump_dir;
use ir::printer::PrintOptions;
use ir::{Context, OpId};

/// When and how to print the IR around passes, as `mlir-opt`'s
/// `--mlir-print-ir-*` flags ask.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    /// Pass names to print before / after (`--mlir-print-ir-before=cse`).
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// Print after a pass only if it changed the IR.
    pub after_change: bool,
    /// Print the whole module, not just the op the pass ran on.
    pub module_scope: bool,
    /// `--mlir-print-ir-tree-dir`: one file per pass run under this directory.
    pub tree_dir: Option<std::path::PathBuf>,
    /// `--mlir-print-ir-after-failure`: the module after a pass that failed.
    pub after_failure: bool,
}

impl IrPrinting {
    fn prints_before(&self, pass: &str) -> bool {
        self.before_all || self.before.iter().any(|p| p == pass)
    }
    fn prints_after(&self, pass: &str) -> bool {
        self.after_all || self.after.iter().any(|p| p == pass)
    }
    /// True if any IR is printed or dumped.
    pub fn active(&self) -> bool {
        self.before_all
            || self.after_all
            || !self.before.is_empty()
            || !self.after.is_empty()
            || self.tree_dir.is_some()
    }
}

/// Prints the IR around passes to a log, as `mlir-opt` does on stderr, and
/// with a tree directory writes the IR after each pass to
/// `DIR/<op>_<symbol>/.../<N>_<pass>.mlir` (one directory per enclosing
/// op, as `mlir-opt --mlir-print-ir-tree-dir` lays it out; each file holds
/// the whole module).
pub struct IrPrinter<'a> {
    options: &'a IrPrinting,
    print: PrintOptions,
    log: &'a mut String,
    runs: usize,
    /// The IR before the running pass, when only changes are printed.
    before_text: Option<String>,
    /// The pass running (or that ran last), kept for
    /// `--mlir-print-ir-after-failure`.
    pass: String,
    /// The tree directory, opened at the first file written.
    tree: Option<dump_dir::DumpDir>,
    tree_error: Option<String>,
}

/// A path component for `op`: its name and symbol, with nothing that could
/// leave the dump directory (`/`, `..`).
fn tree_component(ctx: &Context, op: OpId) -> String {
    format!(
        "{}_{}",
        ctx.op_name(op),
        symbol_of(ctx, op).unwrap_or("no-symbol-name")
    )
    .chars()
    .map(|c| {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            c
        } else {
            '_'
        }
    })
    .collect()
}

fn symbol_of(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, "sym_name").and_then(ir::Attr::as_str)
}

/// `op` and the ops enclosing it, innermost first.
fn enclosing_chain(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut chain = vec![op];
    while let Some(p) = chain.last().and_then(|&o| ctx.parent_op(o)) {
        chain.push(p);
    }
    chain
}

impl<'a> IrPrinter<'a> {
    /// A printer of the IR as `options` ask, in `print`'s form, into `log`.
    pub fn new(options: &'a IrPrinting, print: PrintOptions, log: &'a mut String) -> Self {
        IrPrinter {
            options,
            print,
            log,
            runs: 0,
            before_text: None,
            pass: String::new(),
            tree: None,
            tree_error: None,
        }
    }

    /// The log the dumps go to, for what else the run writes there.
    pub fn log(&mut self) -> &mut String {
        self.log
    }

    /// With `--mlir-print-ir-after-failure`, the module after the pass
    /// that failed.
    pub fn dump_after_failure(&mut self, module: &driver::Module) {
        if self.options.after_failure {
            self.log.push_str(&format!(
                "// -----// IR Dump After {} Failed //----- //\n{}\n",
                self.pass,
                module.print_with(self.print)
            ));
        }
    }

    /// Why a file of the tree directory could not be written, if one could
    /// not.
    pub fn take_tree_error(&mut self) -> Option<String> {
        self.tree_error.take()
    }

    fn write_tree_file(&mut self, pass: &str, ctx: &Context, op: OpId) {
        let Some(dir) = &self.options.tree_dir else {
            return;
        };
        if self.tree_error.is_some() {
            return;
        }
        let chain = enclosing_chain(ctx, op);
        let components: Vec<String> = chain
            .iter()
            .rev()
            .map(|&o| tree_component(ctx, o))
            .collect();
        let components: Vec<&str> = components.iter().map(String::as_str).collect();
        let file = format!("{}_{pass}.mlir", self.runs);
        self.runs += 1;
        // The whole module, so that each file parses on its own (a function
        // alone may call functions it does not contain).
        let root = chain.last().copied().unwrap_or(op);
        let text = ir::printer::print_op(ctx, root, self.print);
        let tree = match self.tree.take() {
            Some(tree) => Ok(tree),
            None => dump_dir::DumpDir::create(dir),
        };
        let written = tree.and_then(|tree| {
            let written = tree.write(&components, &file, text.as_bytes());
            self.tree = Some(tree);
            written
        });
        if let Err(e) = written {
            self.tree_error = Some(e);
        }
    }

    /// The text printed for a pass run on `op`: the op itself, or the whole
    /// module with `--mlir-print-ir-module-scope`.
    fn scoped_text(&self, ctx: &Context, op: OpId) -> String {
        let shown = match self.options.module_scope {
            true => enclosing_chain(ctx, op).last().copied().unwrap_or(op),
            false => op,
        };
        ir::printer::print_op(ctx, shown, self.print)
    }

    fn dump(&mut self, when: &str, pass: &str, ctx: &Context, op: OpId, text: String) {
        let on = match self.options.module_scope {
            true => match symbol_of(ctx, op) {
                Some(sym) => format!(" ('{}' operation: @{sym})", ctx.op_name(op)),
                None => format!(" ('{}' operation)", ctx.op_name(op)),
            },
            false => String::new(),
        };
        self.log.push_str(&format!(
            "// -----// IR Dump {when} {pass}{on} //----- //\n{text}\n"
        ));
    }
}

impl pass::Instrumentation for IrPrinter<'_> {
    fn reads_ir(&self) -> bool {
        self.options.active()
    }
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        if self.options.after_failure {
            pass.clone_into(&mut self.pass);
        }
        if self.options.prints_before(pass) {
            let text = self.scoped_text(ctx, op);
            self.dump("Before", pass, ctx, op, text);
        }
        if self.options.after_change && self.options.prints_after(pass) {
            self.before_text = Some(self.scoped_text(ctx, op));
        }
    }
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        if self.options.prints_after(pass) {
            let text = self.scoped_text(ctx, op);
            let unchanged = self.before_text.take().is_some_and(|b| b == text);
            if !unchanged {
                self.dump("After", pass, ctx, op, text);
            }
        }
        self.write_tree_file(pass, ctx, op);
    }
}
