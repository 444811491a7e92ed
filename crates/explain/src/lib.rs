//! Shape functions as a person reads them: what each requires of its
//! inputs and what it returns, as mathematics (`shape-opt --explain`).
//!
//! ```text
//! matmul(lhs: [a, b], rhs: [c, d]) -> [a, d]
//!   requires  rank(lhs) = rank(rhs)  "operands of shape.meet must be equal"
//!             rank(lhs) = 2          "requires rank 2 operands"
//!             b = c                  "inner dimensions required to match"
//! ```
//!
//! The explanation is read off a function in constrained (or asserting, or
//! std) form by a symbolic run (`walk.rs`): every value becomes an
//! expression over the inputs ([`expr`]), every check a requirement, in the
//! order the function checks them, each simplified with what the ones
//! before it established ([`knowledge`]). Extents of inputs whose rank is
//! known get letters; those of inputs of unknown rank are written
//! `x[i]`, `x[-1]`, `x[1:]`.
//!
//! Guarantee: an explanation with nothing [`Explanation::unexplained`] is
//! exact. [`Explanation::evaluate`] on concrete inputs fails at the first
//! requirement that does not hold, and otherwise gives the results, as the
//! function does (the property tests check this against the interpreter on
//! sampled inputs). An op the walk cannot read is listed, and the
//! explanation says it is partial.
//!
//! Bounded: explaining a function takes memory and time bounded by its
//! number of ops, whatever numbers it holds (a `split_at` at
//! 1099511627776, a `tensor<1099511627776xindex>` parameter): counts from
//! the input stay terms past [`expr::MAX_SPELLED_EXTENTS`] extents, and
//! the walk keeps no expression past [`MAX_EXPRESSION_SIZE`] nodes, nor
//! more than [`MAX_WALK_SIZE`] per function (an op past them is listed as
//! left out, saying why).

pub mod expr;
pub mod knowledge;
mod render;
mod walk;

use diag::SourceMap;
use expr::{Concrete, Cond, Input, Term};
use ir::{Context, Location, OpId, OpKind};

pub use render::{render, render_module, spell, Spelled, SpelledRequirement, LINE_WIDTH};
pub use walk::{MAX_EXPRESSION_SIZE, MAX_WALK_SIZE};

/// What a function requires of its inputs and what it returns.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The function's symbol name.
    pub name: String,
    pub params: Vec<Param>,
    /// The checks, in the order the function makes them.
    pub requires: Vec<Requirement>,
    /// The results; `None` where the walk could not read one.
    pub results: Vec<Option<Result>>,
    /// Ops the walk could not read: their results are unknown.
    pub unexplained: Vec<Unexplained>,
    /// The rank of each shape input, once every requirement holds.
    pub ranks: Vec<Option<i64>>,
}

/// A parameter: its name in the source and what kind of input it is.
#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

/// What kind of input a parameter is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A `!shape.shape` or extent tensor: its values are a shape. One
    /// entry per extent (`None`: not static) when its type fixes its
    /// length, up to [`expr::MAX_SPELLED_EXTENTS`] (a longer one is known
    /// by its rank).
    Shape(Option<Vec<Option<i64>>>),
    /// A tensor or `!shape.value_shape`: it has a shape. Its dimensions
    /// when ranked (`None`: dynamic).
    Tensor(Option<Vec<Option<i64>>>),
    /// An `index`, `!shape.size` or integer.
    Scalar,
}

/// A check: the condition (`None` where the walk could not read it) and
/// the message it fails with (`None` for the domain of an op, such as a
/// `split_at` index within the rank).
#[derive(Clone, Debug)]
pub struct Requirement {
    pub cond: Option<Cond>,
    pub message: Option<String>,
    pub loc: Location,
}

/// A result of the function.
#[derive(Clone, Debug)]
pub enum Result {
    Shape(expr::Shape),
    Term(Term),
    /// An `i1`: 1 when the condition holds.
    Cond(Cond),
}

/// An op the explanation leaves out.
#[derive(Clone, Debug)]
pub struct Unexplained {
    pub op: String,
    pub loc: Location,
    /// Why, when the walk reads ops of its kind (an expression past the
    /// walk's bounds).
    pub reason: Option<String>,
}

/// What an explanation says a function does on concrete inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every requirement holds: these are the results.
    Holds(Vec<Concrete>),
    /// Requirement `n` (0-based) is the first that does not hold.
    Fails(usize),
    /// An expression is undefined on these inputs (an extent past the
    /// rank, a division by zero).
    Undefined,
    /// The explanation is partial: it cannot say.
    Unknown,
}

impl Explanation {
    /// Whether the explanation covers the whole function.
    pub fn is_complete(&self) -> bool {
        self.unexplained.is_empty()
            && self.requires.iter().all(|r| r.cond.is_some())
            && self.results.iter().all(Option::is_some)
    }

    /// What the function does on `inputs`, by this explanation.
    pub fn evaluate(&self, inputs: &[Input]) -> Verdict {
        if !self.is_complete() {
            return Verdict::Unknown;
        }
        for (n, r) in self.requires.iter().enumerate() {
            match r.cond.as_ref().and_then(|c| c.eval(inputs)) {
                Some(true) => {}
                Some(false) => return Verdict::Fails(n),
                None => return Verdict::Undefined,
            }
        }
        let results: Option<Vec<Concrete>> = self
            .results
            .iter()
            .map(|r| match r.as_ref()? {
                Result::Shape(s) => expr::eval_shape(s, inputs).map(Concrete::Shape),
                Result::Term(t) => t.eval(inputs).map(Concrete::Int),
                Result::Cond(c) => c.eval(inputs).map(|b| Concrete::Int(i64::from(b))),
            })
            .collect();
        results.map_or(Verdict::Undefined, Verdict::Holds)
    }
}

/// The explanation of every function of `root` with a body (`func.func`
/// and the `shape.func`s of function libraries), in order. Parameters are
/// named as in the source when `sources` holds it.
pub fn explain_module(ctx: &Context, root: OpId, sources: Option<&SourceMap>) -> Vec<Explanation> {
    let mut functions = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if matches!(ctx.kind(op), OpKind::FuncFunc | OpKind::ShapeFunc) {
            functions.push(op);
        }
    });
    functions
        .into_iter()
        .filter_map(|f| explain_function(ctx, f, sources))
        .collect()
}

/// The explanation of function `f`; `None` if it has no body.
pub fn explain_function(
    ctx: &Context,
    f: OpId,
    sources: Option<&SourceMap>,
) -> Option<Explanation> {
    let entry = *ctx.region(*ctx.op(f).regions.first()?).blocks.first()?;
    let name = ctx
        .attr(f, "sym_name")
        .and_then(ir::Attr::as_str)?
        .to_string();
    let args = ctx.block(entry).args.clone();
    let params = args
        .iter()
        .enumerate()
        .map(|(i, &v)| Param {
            name: source_name(ctx, v, sources).unwrap_or_else(|| format!("arg{i}")),
            kind: walk::param_kind(ctx, ctx.value_type(v)).unwrap_or(ParamKind::Scalar),
        })
        .collect();
    let out = Explanation {
        name,
        params,
        requires: Vec::new(),
        results: Vec::new(),
        unexplained: Vec::new(),
        ranks: Vec::new(),
    };
    let unreadable = args
        .iter()
        .any(|&v| walk::param_kind(ctx, ctx.value_type(v)).is_none());
    let (mut out, known) = walk::Walk::new(ctx, out).run(entry);
    if unreadable {
        out.unexplained.push(Unexplained {
            op: "a parameter of a type that is neither a shape, a tensor nor a scalar".into(),
            loc: ctx.op(f).loc.clone(),
            reason: None,
        });
    }
    out.ranks = out
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| match &p.kind {
            ParamKind::Shape(Some(d)) | ParamKind::Tensor(Some(d)) => Some(d.len() as i64),
            _ => known.rank(i),
        })
        .collect();
    Some(out)
}

/// The name the source gives block argument `v` (`%lhs` gives `lhs`),
/// read at its location.
fn source_name(ctx: &Context, v: ir::ValueId, sources: Option<&SourceMap>) -> Option<String> {
    let (file, line, col) = ctx.arg_loc(v)?.file_line_col()?;
    let sources = sources?;
    let text = (0..)
        .map_while(|id| sources.file(id))
        .find(|f| f.name == file)?
        .line_text(line);
    let rest = text.get(usize::try_from(col).ok()?.checked_sub(1)?..)?;
    let name: String = rest
        .strip_prefix('%')?
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-'))
        .collect();
    (!name.is_empty()).then_some(name)
}
