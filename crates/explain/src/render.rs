//! The explanation as text, laid out with the `pretty` crate: the
//! signature on one line when it fits (else one parameter per line), then
//! the requirements one per line, their messages aligned in a column.

use crate::expr::{spelled_count, BinOp, Cond, Seg, Term};
use crate::{Explanation, ParamKind, Requirement};
use ir::dialect::arith::CmpIPredicate;
use pretty::RcDoc;
use std::collections::HashMap;

type Doc = RcDoc<'static, ()>;

/// Where requirements start: after `  requires  `.
const INDENT: usize = 12;
/// Messages align after the widest condition up to this width.
const MESSAGE_COLUMN: usize = 40;

/// The width `shape-opt --explain` (and every front end's explanation
/// text) lays its text out in.
pub const LINE_WIDTH: usize = 80;

/// `explanation` as text lines at most `width` columns wide where the
/// layout allows.
pub fn render(explanation: &Explanation, width: usize) -> String {
    let names = Names::new(explanation);
    let mut out = String::new();
    out.push_str(&pretty_text(&signature(explanation, &names), width));
    out.push('\n');
    let conds: Vec<String> = explanation
        .requires
        .iter()
        .map(|r| pretty_text(&requirement(r, &names), width.saturating_sub(INDENT)))
        .collect();
    let column = conds
        .iter()
        .filter(|c| !c.contains('\n'))
        .map(|c| c.chars().count())
        .filter(|&w| w <= MESSAGE_COLUMN)
        .max()
        .unwrap_or(0);
    for (n, (r, cond)) in explanation.requires.iter().zip(&conds).enumerate() {
        let lead = if n == 0 {
            "  requires  "
        } else {
            "            "
        };
        let message = match &r.message {
            Some(m) => diag::json_string(m),
            None => "(else undefined)".to_string(),
        };
        let body = cond.replace('\n', &format!("\n{}", " ".repeat(INDENT)));
        let single = !cond.contains('\n') && cond.chars().count() <= column;
        if single {
            let pad = column - cond.chars().count();
            out.push_str(&format!("{lead}{body}{}  {message}\n", " ".repeat(pad)));
        } else {
            out.push_str(&format!(
                "{lead}{body}\n{}{}  {message}\n",
                " ".repeat(INDENT),
                " ".repeat(column)
            ));
        }
    }
    if !explanation.is_complete() {
        out.push_str(&format!(
            "  partial: leaves out {}\n",
            left_out(explanation)
        ));
    }
    out
}

/// What a partial explanation leaves out: the ops it could not read, where
/// they are, and why when it knows.
fn left_out(explanation: &Explanation) -> String {
    let ops: Vec<String> = explanation
        .unexplained
        .iter()
        .map(|u| {
            let at = match u.loc.file_line_col() {
                Some((_, line, col)) => format!("{} at {line}:{col}", u.op),
                None => u.op.clone(),
            };
            match &u.reason {
                Some(reason) => format!("{at} ({reason})"),
                None => at,
            }
        })
        .collect();
    if ops.is_empty() {
        "a check or result it cannot read".to_string()
    } else {
        ops.join(", ")
    }
}

/// The explanations of a module's functions as `shape-opt --explain`
/// prints them: each [rendered](render) [`LINE_WIDTH`] columns wide, a
/// blank line between two, the whole ending in one newline.
pub fn render_module(explanations: &[Explanation]) -> String {
    let texts: Vec<String> = explanations.iter().map(|e| render(e, LINE_WIDTH)).collect();
    let mut out = texts.join("\n").trim_end().to_string();
    out.push('\n');
    out
}

/// An explanation's parts as text, each on one line and named as
/// [`render`] names them (the letters of extents, `x[i]`): for a host that
/// lays them out its own way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelled {
    /// The function's symbol name.
    pub name: String,
    /// Each parameter: `lhs: [a, b]`, `n`, `x: [*]`.
    pub params: Vec<String>,
    /// Each requirement, in the order the function checks them.
    pub requires: Vec<SpelledRequirement>,
    /// Each result, as an expression over the parameters (`?` where it
    /// could not be read).
    pub results: Vec<String>,
    /// The `partial: leaves out ...` line's reason when the explanation
    /// does not cover the whole function.
    pub partial: Option<String>,
}

/// A requirement's condition (`b = c`) and the message the function fails
/// with when it does not hold (`None` for the domain of an op).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpelledRequirement {
    pub condition: String,
    pub message: Option<String>,
}

/// The width [`spell`] lays its parts out in: wide enough that none
/// breaks.
const ONE_LINE: usize = 1 << 20;

/// `explanation`'s parts as text ([`Spelled`]).
pub fn spell(explanation: &Explanation) -> Spelled {
    let names = Names::new(explanation);
    let one_line = |doc: Doc| pretty_text(&doc, ONE_LINE);
    Spelled {
        name: explanation.name.clone(),
        params: param_docs(explanation, &names)
            .into_iter()
            .map(one_line)
            .collect(),
        requires: explanation
            .requires
            .iter()
            .map(|r| SpelledRequirement {
                condition: one_line(requirement(r, &names)),
                message: r.message.clone(),
            })
            .collect(),
        results: result_docs(explanation, &names)
            .into_iter()
            .map(one_line)
            .collect(),
        partial: (!explanation.is_complete()).then(|| left_out(explanation)),
    }
}

fn pretty_text(doc: &Doc, width: usize) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = doc.render(width.max(20), &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The names of inputs and of the extents of inputs of known rank.
struct Names {
    params: Vec<String>,
    extents: HashMap<(usize, i64), String>,
}

impl Names {
    fn new(e: &Explanation) -> Self {
        let params: Vec<String> = e.params.iter().map(|p| p.name.clone()).collect();
        let mut letters = (0..).map(letter).filter(|l| !params.contains(l));
        let mut extents = HashMap::new();
        for input in 0..e.params.len() {
            let Some(dims) = spelled_dims(e, input) else {
                continue;
            };
            for (i, d) in dims.iter().enumerate() {
                if d.is_none() {
                    if let Some(l) = letters.next() {
                        extents.insert((input, i as i64), l);
                    }
                }
            }
        }
        Names { params, extents }
    }

    fn param(&self, i: usize) -> String {
        self.params
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("arg{i}"))
    }
}

/// The extents of shape input `input` as its signature spells them (a
/// constant, or `None` for one that has a name): those of its type, or as
/// many as its rank when that is known and at most
/// [`MAX_SPELLED_EXTENTS`](crate::expr::MAX_SPELLED_EXTENTS); `None` if they are not spelled (`[*]`).
fn spelled_dims(e: &Explanation, input: usize) -> Option<Vec<Option<i64>>> {
    match (
        &e.params.get(input)?.kind,
        e.ranks.get(input).copied().flatten(),
    ) {
        (ParamKind::Shape(Some(d)) | ParamKind::Tensor(Some(d)), _) => Some(d.clone()),
        (ParamKind::Scalar, _) | (_, None) => None,
        (_, Some(n)) => Some(vec![None; spelled_count(n)?]),
    }
}

/// `a`..`z`, then `a1`..`z1`, ...
fn letter(n: usize) -> String {
    let c = char::from(b'a' + (n % 26) as u8);
    match n / 26 {
        0 => c.to_string(),
        k => format!("{c}{k}"),
    }
}

fn comma_list(items: Vec<Doc>, open: &'static str, close: &'static str) -> Doc {
    RcDoc::text(open)
        .append(
            RcDoc::line_()
                .append(RcDoc::intersperse(
                    items,
                    RcDoc::text(",").append(RcDoc::line()),
                ))
                .nest(2),
        )
        .append(RcDoc::line_())
        .append(RcDoc::text(close))
        .group()
}

fn signature(e: &Explanation, names: &Names) -> Doc {
    let results = result_docs(e, names);
    let results = match results.len() {
        1 => results.into_iter().next().unwrap_or_else(RcDoc::nil),
        _ => comma_list(results, "(", ")"),
    };
    RcDoc::text(e.name.clone())
        .append(comma_list(param_docs(e, names), "(", ")"))
        .append(RcDoc::line().append("-> ").append(results).nest(2))
        .group()
}

/// Each parameter: its name, and for a shape or tensor its extents.
fn param_docs(e: &Explanation, names: &Names) -> Vec<Doc> {
    let params = e.params.iter().enumerate().map(|(i, p)| {
        let name = RcDoc::text(names.param(i));
        match &p.kind {
            ParamKind::Scalar => name,
            _ => {
                let shape = match spelled_dims(e, i) {
                    Some(dims) => comma_list(
                        (0..)
                            .zip(dims)
                            .map(|(k, d)| match d {
                                Some(v) => RcDoc::text(v.to_string()),
                                None => term(&Term::Extent { input: i, i: k }, names, 0),
                            })
                            .collect(),
                        "[",
                        "]",
                    ),
                    None => RcDoc::text("[*]"),
                };
                name.append(RcDoc::text(": ")).append(shape)
            }
        }
    });
    params.collect()
}

/// Each result (`?` where the walk could not read it).
fn result_docs(e: &Explanation, names: &Names) -> Vec<Doc> {
    e.results
        .iter()
        .map(|r| match r {
            Some(crate::Result::Shape(s)) => shape(s, names),
            Some(crate::Result::Term(t)) => term(t, names, 0),
            Some(crate::Result::Cond(c)) => cond(c, names, 0),
            None => RcDoc::text("?"),
        })
        .collect()
}

fn requirement(r: &Requirement, names: &Names) -> Doc {
    match &r.cond {
        Some(Cond::And(cs)) => RcDoc::intersperse(
            cs.iter().map(|c| cond(c, names, 1)),
            RcDoc::text(",").append(RcDoc::line()),
        )
        .group(),
        Some(c) => cond(c, names, 0),
        None => RcDoc::text("(a check it cannot read)"),
    }
}

/// Precedence: 0 top, 1 or, 2 and, 3 comparison operands.
fn cond(c: &Cond, names: &Names, prec: u8) -> Doc {
    let wrap = |doc: Doc, own: u8| {
        if own < prec {
            RcDoc::text("(").append(doc).append(")")
        } else {
            doc
        }
    };
    match c {
        Cond::Bool(b) => RcDoc::text(b.to_string()),
        Cond::Cmp(p, a, b) => {
            let (symbol, unsigned) = predicate(p.cmpi());
            let doc = term(a, names, 1)
                .append(RcDoc::text(format!(" {symbol} ")))
                .append(term(b, names, 1));
            let doc = if unsigned {
                doc.append(RcDoc::text(" (unsigned)"))
            } else {
                doc
            };
            wrap(doc, 3)
        }
        Cond::ShapeEq(shapes) => wrap(
            RcDoc::intersperse(shapes.iter().map(|s| shape(s, names)), RcDoc::text(" = ")),
            3,
        ),
        Cond::Broadcastable(shapes) => RcDoc::text("broadcastable").append(comma_list(
            shapes.iter().map(|s| shape(s, names)).collect(),
            "(",
            ")",
        )),
        Cond::And(cs) => wrap(
            RcDoc::intersperse(
                cs.iter().map(|c| cond(c, names, 2)),
                RcDoc::line().append("and "),
            )
            .group(),
            2,
        ),
        Cond::Or(cs) => wrap(
            RcDoc::intersperse(
                cs.iter().map(|c| cond(c, names, 2)),
                RcDoc::line().append("or "),
            )
            .group(),
            1,
        ),
        Cond::Not(c) => RcDoc::text("not ").append(cond(c, names, 3)),
    }
}

fn predicate(p: CmpIPredicate) -> (&'static str, bool) {
    use CmpIPredicate::*;
    let symbol = match p.signed() {
        Eq => "=",
        Ne => "≠",
        Slt => "<",
        Sle => "≤",
        Sgt => ">",
        _ => "≥",
    };
    (symbol, p.is_unsigned())
}

/// Precedence: 0 top, 1 sum, 2 product, 3 atom.
fn term(t: &Term, names: &Names, prec: u8) -> Doc {
    match t {
        Term::Int(v) => RcDoc::text(v.to_string()),
        Term::Scalar(i) => RcDoc::text(names.param(*i)),
        Term::Rank(i) => RcDoc::text(format!("rank({})", names.param(*i))),
        Term::Extent { input, i } => match names.extents.get(&(*input, *i)) {
            Some(name) => RcDoc::text(name.clone()),
            None => RcDoc::text(format!("{}[{i}]", names.param(*input))),
        },
        Term::Bin(BinOp::Sub, a, b) if **a == Term::Int(0) => {
            RcDoc::text("-").append(term(b, names, 3))
        }
        Term::Bin(op @ (BinOp::Min | BinOp::Max), a, b) => {
            RcDoc::text(if *op == BinOp::Min { "min" } else { "max" }).append(comma_list(
                vec![term(a, names, 0), term(b, names, 0)],
                "(",
                ")",
            ))
        }
        Term::Bin(op, a, b) => {
            let (symbol, own) = match op {
                BinOp::Add => ("+", 1),
                BinOp::Sub => ("-", 1),
                BinOp::Mul => ("*", 2),
                BinOp::Div => ("/", 2),
                BinOp::FloorDiv => ("floordiv", 2),
                BinOp::CeilDiv => ("ceildiv", 2),
                _ => ("rem", 2),
            };
            // Left-associative: the right operand of - or / needs brackets
            // at its own level.
            let doc = term(a, names, own)
                .append(RcDoc::text(format!(" {symbol} ")))
                .append(term(b, names, own + 1));
            if own < prec {
                RcDoc::text("(").append(doc).append(")")
            } else {
                doc
            }
        }
        Term::Select(c, a, b) => RcDoc::text("(if ")
            .append(cond(c, names, 0))
            .append(" then ")
            .append(term(a, names, 0))
            .append(" else ")
            .append(term(b, names, 0))
            .append(")"),
        Term::Length(s) => RcDoc::text("rank(").append(shape(s, names)).append(")"),
        Term::Product(s) => RcDoc::text("product(").append(shape(s, names)).append(")"),
        Term::At(s, i) => operand(s, names)
            .append("[")
            .append(term(i, names, 0))
            .append("]"),
    }
}

/// A shape: runs of extents in brackets, slices of inputs as `x[1:]`,
/// joined by `++`.
fn shape(s: &[Seg], names: &Names) -> Doc {
    let mut parts: Vec<Doc> = Vec::new();
    let mut run: Vec<Doc> = Vec::new();
    let flush = |run: &mut Vec<Doc>, parts: &mut Vec<Doc>| {
        if !run.is_empty() {
            parts.push(comma_list(std::mem::take(run), "[", "]"));
        }
    };
    for seg in s {
        match seg {
            Seg::One(t) => run.push(term(t, names, 0)),
            Seg::Slice {
                input,
                from,
                to_back,
            } => {
                flush(&mut run, &mut parts);
                let name = names.param(*input);
                parts.push(RcDoc::text(match (*from, *to_back) {
                    (0, 0) => name,
                    (f, 0) => format!("{name}[{f}:]"),
                    (0, t) => format!("{name}[:{t}]"),
                    (f, t) => format!("{name}[{f}:{t}]"),
                }));
            }
            Seg::Broadcast(shapes) => {
                flush(&mut run, &mut parts);
                parts.push(RcDoc::text("broadcast").append(comma_list(
                    shapes.iter().map(|s| shape(s, names)).collect(),
                    "(",
                    ")",
                )));
            }
            Seg::Take(s, k) => {
                flush(&mut run, &mut parts);
                parts.push(
                    operand(s, names)
                        .append("[:")
                        .append(term(k, names, 0))
                        .append("]"),
                );
            }
            Seg::Drop(s, k) => {
                flush(&mut run, &mut parts);
                parts.push(
                    operand(s, names)
                        .append("[")
                        .append(term(k, names, 0))
                        .append(":]"),
                );
            }
        }
    }
    flush(&mut run, &mut parts);
    match parts.len() {
        0 => RcDoc::text("[]"),
        _ => RcDoc::intersperse(parts, RcDoc::line().append("++ ")).group(),
    }
}

/// A shape indexed or sliced: in brackets when it is joined of parts.
fn operand(s: &[Seg], names: &Names) -> Doc {
    let joined = s.len() > 1 && !s.iter().all(|seg| matches!(seg, Seg::One(_)));
    match joined {
        true => RcDoc::text("(").append(shape(s, names)).append(")"),
        false => shape(s, names),
    }
}
