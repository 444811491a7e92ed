//! `shape-run`: evaluate one function of an MLIR file on concrete shapes
//! with the reference interpreter (crate `interp`).
//!
//! ```text
//! $ shape-run examples/matmul.mlir --func matmul --arg [2,3] --arg [3,4]
//! ok [2, 4]
//! ```
//!
//! With `--reify-bound KIND:VALUE[:DIM]` it prints a bound of a value of
//! the function (or of its dimension `DIM`) in terms of the function's
//! arguments (crate `value-bounds`), and with `--arg`s also the bound's
//! value on them next to the value the interpreter computes:
//!
//! ```text
//! $ shape-run pad.mlir --func pad --reify-bound eq:%p:0 --arg [5] --arg 1 --arg 2
//! eq dim(%p, 0) = %l + %h + dim(%t, 0)
//! on the arguments: bound 8, actual 8
//! ```
//!
//! An argument is a shape `[2,3]` (a tensor's shape; an extent tensor's
//! extents), a scalar `6`, or the elements of an integer tensor
//! `dense<[4, -1]>` (nested for higher ranks, `dense<[[1, 2], [3, 4]]>`; a
//! single value `dense<0>` fills a static shape) — for tensors of integers
//! or `index` whose values the function reads, such as the target shape of
//! a reshape:
//!
//! ```text
//! $ shape-run reshape.mlir --func reshape --arg [2,3] --arg 'dense<[3, -1]>'
//! ok [3, 2]
//! ```
//!
//! Calls of functions declared without a body and ops of no registered
//! dialect are events: each is printed, in order, before the outcome, with
//! the results the interpreter drew for it (`--json`: an `events` array):
//!
//! ```text
//! $ shape-run log.mlir --func f --arg [2] --arg [2] --arg [3]
//! call @log(42)
//! error: operands must be broadcastable
//! ```
//!
//! Exit status: 0 when the function was evaluated (an error result is a
//! result: `error: <message>`), 1 when it could not be (unreadable or
//! invalid file, unknown function, bad `--arg`, an op the interpreter does
//! not evaluate).

use clap::Parser;
use interp::{Arg, Outcome, Trace, Value};
use ir::{Context, OpId, OpKind, TypeKind, ValueId};
use std::process::ExitCode;
use value_bounds::{about_values, compute_bound, materialize, BoundKind, Target, TargetExpr};

#[derive(Parser, Debug)]
#[command(
    name = "shape-run",
    version = cli::VERSION,
    about = "Evaluate a function of an MLIR file on concrete shapes"
)]
struct Args {
    /// Input file (`-` for stdin).
    input: String,
    /// The `func.func`, or `shape.func` of a `shape.function_library`, to run.
    #[arg(long = "func", value_name = "NAME")]
    func: String,
    /// An argument, in order: a shape `[2,3]` or `[]` (for tensor,
    /// `!shape.value_shape`, `!shape.shape` and `tensor<?xindex>`
    /// parameters: the tensor's shape, the extent tensor's extents), a
    /// scalar `6` (for `index`, `!shape.size`, integers, floats), or the
    /// elements of a tensor of integers or `index` `dense<[4, -1]>`
    /// (nested for higher ranks: `dense<[[1, 2], [3, 4]]>`; `dense<0>`
    /// fills a static shape).
    #[arg(long = "arg", value_name = "ARG", allow_hyphen_values = true)]
    args: Vec<String>,
    /// Print the outcome as JSON: `{"ok":true,"results":[...],"events":[...]}`
    /// or `{"ok":false,"error":"...","events":[...]}`; an event is
    /// `{"call":"log","args":[42],"results":[]}` (a call of a declaration)
    /// or `{"op":"foo.print",...}` (an op of no registered dialect).
    #[arg(long = "json")]
    json: bool,
    /// Accept operations of unknown dialects (in generic form).
    #[arg(
        long = "allow-unregistered-dialect",
        alias = "mlir-allow-unregistered-dialect"
    )]
    allow_unregistered_dialect: bool,
    /// Print a bound instead of running: `KIND:VALUE[:DIM]`, KIND one of
    /// `lb`, `ub` (inclusive), `eq`; VALUE an SSA name as written in the
    /// source (`%p`, `%r#1` for result 1 of an op, an argument's name, an
    /// `scf.for` induction variable), looked up on the line that defines
    /// it — the IR keeps locations, not names; DIM a dimension of it. The
    /// bound is in terms of the function's arguments; with `--arg`s, its
    /// value on them is printed next to the actual one.
    #[arg(long = "reify-bound", value_name = "KIND:VALUE[:DIM]")]
    reify_bound: Option<String>,
    /// Before the outcome, print what the function requires of its inputs
    /// and what it returns (as `shape-opt --explain` does) and, with
    /// `--arg`s, which requirement they break, or that they meet them all.
    /// With `--json`, that text is the object's `"explanation"` field.
    #[arg(long = "explain")]
    explain: bool,
}

/// `--explain`: the function's explanation, and what it says of `values`.
fn explanation(args: &Args, values: &[Arg], text: &str) -> Result<String, String> {
    let explained = cli::explain_text(
        &args.input,
        text.to_string(),
        args.allow_unregistered_dialect,
    )?;
    let Some(e) = explained.iter().find(|e| e.name == args.func) else {
        return Err(format!(
            "shape-run: error: no function @{} to explain\n",
            args.func
        ));
    };
    let mut out = explain::render(e, explain::LINE_WIDTH);
    if !values.is_empty() {
        let inputs: Vec<explain::expr::Input> = values
            .iter()
            .map(|v| match v {
                Arg::Shape(s) => explain::expr::Input::Shape(s.clone()),
                Arg::Scalar(x) => explain::expr::Input::Scalar(*x),
                Arg::Dense { shape, .. } => explain::expr::Input::Shape(shape.clone()),
            })
            .collect();
        out += &match e.evaluate(&inputs) {
            explain::Verdict::Holds(_) => "  these arguments meet every requirement\n".to_string(),
            explain::Verdict::Fails(n) => format!(
                "  these arguments break requirement {} (line {})\n",
                n + 1,
                e.requires[n]
                    .loc
                    .file_line_col()
                    .map_or(0, |(_, line, _)| line)
            ),
            explain::Verdict::Undefined => {
                "  on these arguments an extent or division is undefined\n".to_string()
            }
            explain::Verdict::Unknown => {
                "  the explanation is partial: it cannot judge these arguments\n".to_string()
            }
        };
    }
    Ok(out)
}

/// Parse the file and evaluate the function: its events and outcome, or
/// the message saying why there are none.
fn evaluate(args: &Args, values: &[Arg], text: &str) -> Result<Trace, String> {
    let name = match args.input.as_str() {
        "-" => "<stdin>",
        path => path,
    };
    let mut session = shape_opt::Session::new();
    session.policy_mut().run.allow_unregistered = args.allow_unregistered_dialect;
    let module = session.parse(name, text).map_err(|e| e.to_string())?;
    interp::trace_function(&module.ctx, module.root, &args.func, values)
        .map_err(|e| format!("shape-run: error: {e}\n"))
}

/// A `--reify-bound` request.
struct BoundQuery {
    kind: BoundKind,
    /// The SSA name, with its `%`.
    name: String,
    /// The result of the defining op (`#k`), when given.
    result: Option<usize>,
    dim: Option<usize>,
}

impl std::str::FromStr for BoundQuery {
    type Err = String;
    fn from_str(text: &str) -> Result<BoundQuery, String> {
        let usage = || format!("'{text}': expected KIND:VALUE[:DIM] with KIND lb, ub or eq");
        let mut parts = text.split(':');
        let (Some(kind), Some(value)) = (parts.next(), parts.next()) else {
            return Err(usage());
        };
        let kind = passes::reify::parse_kind(kind).ok_or_else(usage)?;
        let dim = match parts.next() {
            None => None,
            Some(d) => Some(d.parse().map_err(|_| usage())?),
        };
        if parts.next().is_some() || !value.starts_with('%') {
            return Err(usage());
        }
        let (name, result) = match value.split_once('#') {
            Some((n, k)) => (n, Some(k.parse().map_err(|_| usage())?)),
            None => (value, None),
        };
        Ok(BoundQuery {
            kind,
            name: name.to_string(),
            result,
            dim,
        })
    }
}

/// Whether `word` occurs in `line` as a whole SSA name at byte `at`.
fn name_at(line: &str, at: usize, word: &str) -> bool {
    line[at..].starts_with(word)
        && !line[at + word.len()..]
            .starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$' || c == '.')
}

/// The names of the arguments of the function whose signature starts on
/// line `line` (1-based) of `text`, as written.
fn argument_names(text: &str, line: usize) -> Vec<String> {
    let signature: String = text.lines().skip(line.saturating_sub(1)).take(8).collect();
    let Some(open) = signature.find('(') else {
        return Vec::new();
    };
    let mut depth = 0;
    let mut names = Vec::new();
    let mut rest = &signature[open..];
    while let Some(c) = rest.chars().next() {
        match c {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' | '>' | ']' | '}' => depth -= 1,
            '%' if depth == 1 => {
                let end = rest[1..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.'))
                    .map_or(rest.len(), |e| e + 1);
                names.push(rest[..end].to_string());
            }
            _ => {}
        }
        if depth == 0 {
            break;
        }
        rest = &rest[c.len_utf8()..];
    }
    names
}

/// The line of `op`'s location (1-based).
fn op_line(ctx: &Context, op: OpId) -> Option<usize> {
    ctx.op(op).loc.file_line_col().map(|(_, l, _)| l as usize)
}

/// The value of function `f` that `query` names in `text`: an argument by
/// its name, an op result by the line defining it (`%a, %b = ...`), or the
/// induction variable of the `scf.for` on its line.
fn find_value(ctx: &Context, f: OpId, text: &str, query: &BoundQuery) -> Option<ValueId> {
    let entry = *ctx.region(*ctx.op(f).regions.first()?).blocks.first()?;
    let names = argument_names(text, op_line(ctx, f)?);
    if let Some(i) = names.iter().position(|n| *n == query.name) {
        return ctx.block(entry).args.get(i).copied();
    }
    let mut ops_on_line = std::collections::HashMap::new();
    ctx.walk_nested(f, &mut |op| {
        if let Some(l) = op_line(ctx, op) {
            ops_on_line.entry(l).or_insert(op);
        }
    });
    for (i, line) in text.lines().enumerate() {
        let Some(&op) = ops_on_line.get(&(i + 1)) else {
            continue;
        };
        if let Some((defined, _)) = line.split_once(" = ") {
            let results: Vec<&str> = defined.split(',').map(str::trim).collect();
            if let Some(k) = results.iter().position(|r| *r == query.name) {
                return ctx.result(op, query.result.unwrap_or(k));
            }
            let for_iv = defined.trim().strip_prefix("scf.for ");
            if for_iv.is_some_and(|iv| name_at(iv.trim(), 0, &query.name))
                && ctx.kind(op) == OpKind::ScfFor
            {
                let body = *ctx.region(*ctx.op(op).regions.first()?).blocks.first()?;
                return ctx.block(body).args.first().copied();
            }
        }
    }
    None
}

/// The value of `t` on the arguments `values` of a function with
/// arguments `args` (`None` when they do not say).
fn on_arguments(args: &[ValueId], values: &[Arg], t: Target) -> Option<i64> {
    let i = args.iter().position(|&a| a == t.value())?;
    match (t, values.get(i)?) {
        (Target::Value(_), Arg::Scalar(n)) => Some(*n),
        (Target::Dim(_, d) | Target::Extent(_, d), Arg::Shape(s))
        | (Target::Dim(_, d), Arg::Dense { shape: s, .. }) => s.get(d).copied(),
        (Target::Extent(_, d), Arg::Dense { shape, elements }) if shape.len() == 1 => {
            elements.get(d).copied()
        }
        _ => None,
    }
}

/// The value of `bound` on the arguments `values` (`None` when they do not
/// say, or on overflow).
fn bound_on_arguments(args: &[ValueId], values: &[Arg], bound: &TargetExpr) -> Option<i64> {
    let known = |&(t, _): &(Target, i64)| on_arguments(args, values, t).is_some();
    if !bound.terms.iter().all(known) {
        return None;
    }
    // Every term is known (checked above).
    bound.eval(|t| on_arguments(args, values, t).unwrap_or_default())
}

/// Answer `--reify-bound`: the bound's text, and with `values` its value
/// and the interpreter's.
fn reify_bound(
    args: &Args,
    values: &[Arg],
    text: &str,
    query: &BoundQuery,
) -> Result<String, String> {
    let mut session = shape_opt::Session::new();
    session.policy_mut().run.allow_unregistered = args.allow_unregistered_dialect;
    let mut module = session
        .parse(&args.input, text)
        .map_err(|e| e.to_string())?;
    let ctx = &mut module.ctx;
    let f = interp::find_function(ctx, module.root, &args.func).ok_or_else(|| {
        let hint = interp::nearest_function(ctx, module.root, &args.func)
            .map(|near| format!("; did you mean @{near}?"))
            .unwrap_or_default();
        format!("shape-run: error: no function @{}{hint}\n", args.func)
    })?;
    let v = find_value(ctx, f, text, query).ok_or_else(|| {
        format!(
            "shape-run: error: no value {} defined in @{}\n",
            query.name, args.func
        )
    })?;
    let target = match query.dim {
        None => Target::Value(v),
        Some(d) => match ctx.type_kind(ctx.value_type(v)).shape() {
            Some(shape) if d < shape.len() => Target::Dim(v, d),
            _ => {
                return Err(format!(
                    "shape-run: error: {} has no dimension {d}\n",
                    query.name
                ))
            }
        },
    };
    let entry = ctx.region(ctx.op(f).regions[0]).blocks[0];
    let arguments = ctx.block(entry).args.clone();
    // Without a line (a location of its own), the `%argN` names.
    let names = op_line(ctx, f).map_or_else(Vec::new, |line| argument_names(text, line));
    let name = |a: ValueId| match arguments.iter().position(|&x| x == a) {
        Some(i) => names.get(i).cloned().unwrap_or(format!("%arg{i}")),
        None => query.name.clone(),
    };
    let bounds = compute_bound(ctx, query.kind, target, about_values(ctx, &arguments));
    let shown: Vec<String> = bounds
        .iter()
        .map(|b| b.display(&name).to_string())
        .collect();
    let what = TargetExpr {
        terms: vec![(target, 1)],
        constant: 0,
    };
    let (keyword, relation, combine) = match query.kind {
        BoundKind::Equal => ("eq", "=", ""),
        BoundKind::Lower => ("lb", ">=", "max"),
        BoundKind::Upper => ("ub", "<=", "min"),
    };
    let bound_text = match shown.as_slice() {
        [] => {
            return Err(format!(
                "shape-run: error: could not reify bound of {}\n",
                what.display(&name)
            ))
        }
        [one] => one.clone(),
        many => format!("{combine}({})", many.join(", ")),
    };
    let mut out = format!(
        "{keyword} {} {relation} {bound_text}\n",
        what.display(&name)
    );
    if values.is_empty() {
        return Ok(out);
    }
    let at_arguments = bounds
        .iter()
        .map(|b| bound_on_arguments(&arguments, values, b))
        .collect::<Option<Vec<i64>>>();
    let bound = match (query.kind, at_arguments) {
        (BoundKind::Lower, Some(all)) => all.into_iter().max(),
        (_, Some(all)) => all.into_iter().min(),
        (_, None) => None,
    };
    let bound = bound.map_or("unknown (the arguments do not fit)".to_string(), |b| {
        b.to_string()
    });
    let actual = actual_value(ctx, module.root, f, &what, values);
    out.push_str(&format!(
        "on the arguments: bound {bound}, actual {actual}\n"
    ));
    Ok(out)
}

/// What the interpreter computes for `what` on `values`: the function made
/// to return it, when it is defined in the function's entry block.
fn actual_value(
    ctx: &mut Context,
    root: OpId,
    f: OpId,
    what: &TargetExpr,
    values: &[Arg],
) -> String {
    let entry = ctx.region(ctx.op(f).regions[0]).blocks[0];
    let Some(&(target, _)) = what.terms.first() else {
        return "unknown".into();
    };
    let Some(ret) = ctx.block_terminator(entry) else {
        return "unknown".into();
    };
    if ctx.value_block(target.value()) != Some(entry) {
        return "not observable (defined in a nested region)".into();
    }
    let Some(v) = materialize(ctx, ret, BoundKind::Equal, std::slice::from_ref(what)) else {
        return "not observable".into();
    };
    ctx.set_operands(ret, &[v]);
    let Some(ir::Attr::Type(ty)) = ctx.attr(f, "function_type").cloned() else {
        return "unknown".into();
    };
    let TypeKind::Function { inputs, .. } = ctx.type_kind(ty).clone() else {
        return "unknown".into();
    };
    let index = ir::dialect::index(ctx);
    let function_type = ctx.intern_type(TypeKind::Function {
        inputs,
        results: vec![index],
    });
    ctx.set_prop(f, "function_type", ir::Attr::Type(function_type));
    let name = ctx
        .attr(f, "sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("")
        .to_string();
    match interp::run_function(ctx, root, &name, values) {
        Ok(Outcome::Ok(results)) => match results.first() {
            Some(Value::Index(n)) => n.to_string(),
            _ => "unknown".into(),
        },
        Ok(other) => other.to_string(),
        Err(e) => e.to_string(),
    }
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            return match e.use_stderr() {
                true => ExitCode::FAILURE,
                false => ExitCode::SUCCESS,
            };
        }
    };
    let parsed = args.args.iter().map(|a| {
        a.parse::<Arg>()
            .map_err(|e| format!("invalid --arg '{a}': {e}"))
    });
    let values = match parsed.collect::<Result<Vec<Arg>, _>>() {
        Ok(values) => values,
        Err(e) => {
            cli::stderr_println!("shape-run: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let read = match args.input.as_str() {
        "-" => std::io::read_to_string(std::io::stdin()),
        path => std::fs::read(path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    };
    let text = match read {
        Ok(text) => text,
        Err(e) => {
            cli::stderr_println!("shape-run: could not open input file '{}': {e}", args.input);
            return ExitCode::FAILURE;
        }
    };
    if let Some(query) = &args.reify_bound {
        let query = query
            .parse::<BoundQuery>()
            .map_err(|e| format!("shape-run: error: invalid --reify-bound {e}\n"));
        let answer = query.and_then(|query| {
            cli::on_large_stack(|| reify_bound(&args, &values, &text, &query)).unwrap_or_else(
                || Err("shape-run: error: internal error: evaluation thread failed\n".into()),
            )
        });
        return match answer {
            Ok(answer) => cli::written("shape-run", "-", cli::write_output("-", &[answer])),
            Err(message) => {
                cli::stderr_print!("{message}");
                ExitCode::FAILURE
            }
        };
    }
    let evaluated = cli::on_large_stack(|| evaluate(&args, &values, &text)).unwrap_or_else(|| {
        Err("shape-run: error: internal error: evaluation thread failed\n".into())
    });
    let explained = match args.explain {
        true => match cli::on_large_stack(|| explanation(&args, &values, &text)) {
            Some(Ok(text)) => text,
            Some(Err(message)) => {
                cli::stderr_print!("{message}");
                return ExitCode::FAILURE;
            }
            None => {
                cli::stderr_println!("shape-run: error: internal error: explanation thread failed");
                return ExitCode::FAILURE;
            }
        },
        false => String::new(),
    };
    match evaluated {
        Ok(trace) => {
            let printed = match args.json {
                // stdout stays one JSON object: the explanation is a field.
                true if args.explain => {
                    let json = trace.to_json();
                    let open = json.strip_suffix('}').unwrap_or(&json);
                    format!(
                        "{open},\"explanation\":{}}}\n",
                        diag::json_string(&explained)
                    )
                }
                true => format!("{}\n", trace.to_json()),
                false => {
                    let mut lines = explained;
                    for event in &trace.events {
                        lines += &format!("{event}\n");
                    }
                    lines += &format!("{}\n", trace.outcome);
                    lines
                }
            };
            cli::written("shape-run", "-", cli::write_output("-", &[printed]))
        }
        Err(message) => {
            cli::stderr_print!("{message}");
            ExitCode::FAILURE
        }
    }
}
