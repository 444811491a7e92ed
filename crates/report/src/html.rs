//! The report laid out as HTML: one file with every function inline, or,
//! past [`INLINE_FUNCTIONS`] functions, a directory whose `index.html`
//! holds the index and loads `functions/K.js` (the sections of
//! [`FUNCTIONS_PER_SCRIPT`] functions) when one of them is opened. Styles and scripts are inline: nothing is
//! fetched from the network, and no tool is needed to view it.
//!
//! The page's structure is a contract the browser test relies on: function
//! links `a.function-link`, sections `section.function`, tabs
//! `.tab-button` / `.tab-panel`, forms `.form[data-form]` of `.op` lines
//! with `data-lines`, passes `details.pass[data-changed]` with a
//! `pre.diff`, constraints `figure.graph` and `li.removed-check`, the
//! precondition `pre.explain`, samples `tr.sample`.

use crate::{Form, FunctionReport, Line, Report, Step};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Reports of more functions than this are a directory.
pub const INLINE_FUNCTIONS: usize = 200;

/// Functions per script of a directory report: `functions/K.js` holds
/// functions `K * FUNCTIONS_PER_SCRIPT` onwards (the page's script knows
/// this number too).
pub const FUNCTIONS_PER_SCRIPT: usize = 50;

const STYLE: &str = include_str!("../assets/report.css");
const SCRIPT: &str = include_str!("../assets/report.js");

/// Write `report` to `path`: that file, or, for a large report, the
/// directory `path` (its extension dropped) with an `index.html`; returns
/// the file to open.
pub fn write(report: &Report, path: &Path) -> std::io::Result<PathBuf> {
    if report.functions.len() <= INLINE_FUNCTIONS {
        let sections: Vec<String> = report
            .functions
            .par_iter()
            .enumerate()
            .map(|(i, f)| section(report, i, f))
            .collect();
        std::fs::write(path, page(report, &sections.concat()))?;
        return Ok(path.to_path_buf());
    }
    let dir = path.with_extension("");
    let functions = dir.join("functions");
    std::fs::create_dir_all(&functions)?;
    // Few files, each of several functions: creating a file costs more
    // than writing it.
    report
        .functions
        .par_chunks(FUNCTIONS_PER_SCRIPT)
        .enumerate()
        .try_for_each(|(chunk, fs)| {
            let first = chunk * FUNCTIONS_PER_SCRIPT;
            let js: String = fs
                .iter()
                .enumerate()
                .map(|(k, f)| {
                    let i = first + k;
                    format!(
                        "window.shapeOptSection({i}, `{}`);\n",
                        template_literal(&section(report, i, f))
                    )
                })
                .collect();
            std::fs::write(functions.join(format!("{chunk}.js")), js)
        })?;
    let index = dir.join("index.html");
    std::fs::write(&index, page(report, ""))?;
    Ok(index)
}

/// `s` as the inside of a JavaScript template literal: backslashes,
/// backquotes and `${` escaped (HTML's many quotes stay as they are).
fn template_literal(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('`', "\\`")
        .replace("${", "\\${")
}

/// `s` with `&`, `<`, `>` and `"` escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn page(report: &Report, sections: &str) -> String {
    let mut links = String::new();
    for (i, f) in report.functions.iter().enumerate() {
        let name = escape(&f.name);
        let _ = writeln!(
            links,
            "<li><a class=\"function-link\" data-function=\"{name}\" data-index=\"{i}\" href=\"#{name}\">{name}</a></li>"
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>shape-opt report: {file}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <header><h1>shape-opt report</h1><p>{file}: {count} functions, {millis} ms</p></header>\n\
         <div id=\"layout\">\n<nav id=\"functions\"><input id=\"search\" type=\"search\" \
         placeholder=\"search functions\" aria-label=\"search functions\">\n<ul>\n{links}</ul></nav>\n\
         <main id=\"detail\" data-functions-per-script=\"{FUNCTIONS_PER_SCRIPT}\">\n{sections}</main>\n</div>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        file = escape(&report.file),
        count = report.functions.len(),
        millis = report.millis,
    )
}

fn section(report: &Report, index: usize, f: &FunctionReport) -> String {
    let tabs = [
        ("forms", "Forms"),
        ("passes", "Passes"),
        ("constraints", "Constraints"),
        ("precondition", "Precondition"),
        ("try", "Try it"),
    ];
    let mut out = format!(
        "<section class=\"function\" data-function=\"{}\" data-index=\"{index}\" hidden>\n<h2>@{}</h2>\n<div class=\"tabs\">",
        escape(&f.name),
        escape(&f.name)
    );
    for (n, (tab, title)) in tabs.iter().enumerate() {
        let active = if n == 0 { " active" } else { "" };
        let _ = write!(
            out,
            "<button class=\"tab-button{active}\" data-tab=\"{tab}\">{title}</button>"
        );
    }
    out.push_str("</div>\n");
    let panels = [
        forms(report, f),
        passes(report, f),
        constraints(f),
        precondition(f),
        samples(f),
    ];
    for (n, ((tab, _), body)) in tabs.iter().zip(panels).enumerate() {
        let active = if n == 0 { " active" } else { "" };
        let _ = write!(
            out,
            "<div class=\"tab-panel{active}\" data-tab=\"{tab}\">\n{body}</div>\n"
        );
    }
    out.push_str("</section>\n");
    out
}

fn line_span(text: &str, lines: &[u32], facts: Option<&str>) -> String {
    let text = if text.is_empty() { " " } else { text };
    if lines.is_empty() {
        return format!("<span class=\"plain\">{}</span>", escape(text));
    }
    let numbers: Vec<String> = lines.iter().map(u32::to_string).collect();
    let title = facts.map_or(String::new(), |f| format!(" title=\"{}\"", escape(f)));
    format!(
        "<span class=\"op\" data-lines=\"{}\"{title}>{}</span>",
        numbers.join(" "),
        escape(text)
    )
}

fn form(name: &str, body: String) -> String {
    format!("<div class=\"form\" data-form=\"{name}\"><h3>{name}</h3><pre>{body}</pre></div>\n")
}

fn forms(report: &Report, f: &FunctionReport) -> String {
    if f.source.is_none() && f.forms.is_empty() {
        return "<p class=\"note\">No form of this function was recorded: a pass made it \
                and another removed it (inlined it, or found it dead) within one stage; \
                the Passes tab shows both.</p>\n"
            .into();
    }
    let mut out = String::from("<div class=\"forms\">\n");
    if let Some((first, last)) = f.source {
        let body: String = (first..=last)
            .filter_map(|n| {
                let text = report.source.get(n.checked_sub(1)? as usize)?;
                Some(line_span(text, &[n], None))
            })
            .collect();
        out.push_str(&form("source", body));
    }
    for Form { label, lines } in &f.forms {
        let body: String = lines
            .iter()
            .map(|Line { text, lines, facts }| {
                line_span(&f.texts[*text as usize], lines, facts.as_deref())
            })
            .collect();
        out.push_str(&form(label, body));
    }
    out.push_str("</div>\n");
    out
}

fn diff_text(lines: &[DiffLine]) -> String {
    lines
        .iter()
        .map(|l| match l {
            DiffLine::Same(t) => format!("<span class=\"same\"> {}</span>", escape(t)),
            DiffLine::Added(t) => format!("<span class=\"add\">+{}</span>", escape(t)),
            DiffLine::Removed(t) => format!("<span class=\"del\">-{}</span>", escape(t)),
            DiffLine::Gap => "<span class=\"gap\">⋯</span>".to_string(),
        })
        .collect()
}

/// A line of a diff.
#[derive(Clone, Debug, PartialEq, Eq)]
enum DiffLine<'t> {
    Same(&'t str),
    Added(&'t str),
    Removed(&'t str),
    /// Lines left out between two hunks.
    Gap,
}

/// Unchanged lines shown around a change in a pass's diff.
const CONTEXT: usize = 2;

/// `before` against `after`, line by line, with [`CONTEXT`] lines of
/// context.
fn diff<'t>(before: &[&'t str], after: &[&'t str]) -> Vec<DiffLine<'t>> {
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, before, after);
    let mut out = Vec::new();
    for (n, group) in similar::group_diff_ops(ops, CONTEXT).iter().enumerate() {
        if n > 0 {
            out.push(DiffLine::Gap);
        }
        for op in group {
            for change in op.iter_changes(before, after) {
                out.push(match change.tag() {
                    similar::ChangeTag::Equal => DiffLine::Same(change.value()),
                    similar::ChangeTag::Insert => DiffLine::Added(change.value()),
                    similar::ChangeTag::Delete => DiffLine::Removed(change.value()),
                });
            }
        }
    }
    out
}

fn step(report: &Report, f: &FunctionReport, s: &Step) -> String {
    let summary = report
        .pass_summaries
        .get(&s.pass)
        .map_or(String::new(), |t| format!(" · pass total {t}"));
    let changed = s.before != s.after;
    let lines = if changed {
        let before: Vec<&str> = f.version_lines(s.before).collect();
        let after: Vec<&str> = f.version_lines(s.after).collect();
        diff_text(&diff(&before, &after))
    } else {
        String::new()
    };
    format!(
        "<details class=\"pass\" data-changed=\"{changed}\"><summary>{} · {:.3} ms here{}</summary><pre class=\"diff\">{lines}</pre></details>\n",
        escape(&s.pass),
        s.micros as f64 / 1e3,
        escape(&summary),
    )
}

fn passes(report: &Report, f: &FunctionReport) -> String {
    if f.steps.is_empty() {
        return "<p class=\"note\">No pass ran on this function.</p>\n".into();
    }
    let mut out = String::new();
    let mut unchanged: Vec<&Step> = Vec::new();
    let flush = |unchanged: &mut Vec<&Step>, out: &mut String| {
        if unchanged.is_empty() {
            return;
        }
        let names: Vec<&str> = unchanged.iter().map(|s| s.pass.as_str()).collect();
        let _ = writeln!(
            out,
            "<details class=\"unchanged-group\"><summary>{} passes changed nothing: {}</summary>",
            unchanged.len(),
            escape(&names.join(", "))
        );
        for s in unchanged.drain(..) {
            out.push_str(&step(report, f, s));
        }
        out.push_str("</details>\n");
    };
    for s in &f.steps {
        match s.before == s.after {
            true => unchanged.push(s),
            false => {
                flush(&mut unchanged, &mut out);
                out.push_str(&step(report, f, s));
            }
        }
    }
    flush(&mut unchanged, &mut out);
    out
}

fn constraints(f: &FunctionReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<h3>Checks removed or merged ({})</h3>",
        f.removed.len()
    );
    if f.removed.is_empty() {
        out.push_str("<p class=\"note\">No pass removed or merged a check of this function.</p>\n");
    } else {
        out.push_str("<ol class=\"removed\">\n");
        for r in &f.removed {
            let _ = writeln!(
                out,
                "<li class=\"removed-check\" data-pass=\"{pass}\"><span class=\"where\">{}:{}</span> <span class=\"reason\">{}</span> <span class=\"pass-name\">({pass})</span></li>",
                r.line,
                r.col,
                escape(&r.message),
                pass = escape(&r.pass)
            );
        }
        out.push_str("</ol>\n");
    }
    if f.pictures.is_empty() {
        out.push_str(
            "<p class=\"note\">canonicalize-constraints drew no picture of this function.</p>\n",
        );
    }
    for p in &f.pictures {
        let caption = match p.stage.as_str() {
            "before" => "Witness DAG before canonicalize-constraints",
            "after" => "Witness DAG after canonicalize-constraints",
            "egraph" => "E-graph of canonicalize-constraints",
            other => other,
        };
        let picture = graph_svg::dot_to_svg(&p.dot)
            .unwrap_or_else(|e| format!("<p class=\"note\">cannot draw: {}</p>", escape(&e)));
        let _ = writeln!(
            out,
            "<figure class=\"graph\" data-graph=\"{}\"><figcaption>{caption}</figcaption>{picture}</figure>",
            escape(&p.stage)
        );
    }
    out
}

fn precondition(f: &FunctionReport) -> String {
    match &f.explanation {
        Some(text) => format!("<pre class=\"explain\">{}</pre>\n", escape(text)),
        None => "<p class=\"note\">No explanation: the function was not reached in a form `--explain` reads.</p>\n".into(),
    }
}

/// What an outcome says, for comparing stages: `ok` and its values, or
/// that it failed (messages may be worded differently per stage);
/// undefined agrees with anything.
fn verdict(outcome: &str) -> Option<&str> {
    match outcome {
        o if o.starts_with("ok") => Some(o),
        o if o.starts_with("error") => Some("error"),
        _ => None,
    }
}

fn samples(f: &FunctionReport) -> String {
    let Some(first) = f.samples.first() else {
        return "<p class=\"note\">No sampled input: the function's parameters cannot be sampled.</p>\n".into();
    };
    let mut out = String::from("<table class=\"samples\">\n<tr><th>arguments</th>");
    for (stage, _) in &first.outcomes {
        let _ = write!(out, "<th>{}</th>", escape(stage));
    }
    out.push_str("</tr>\n");
    let mut first_difference = None;
    for s in &f.samples {
        let verdicts: Vec<&str> = s.outcomes.iter().filter_map(|(_, o)| verdict(o)).collect();
        let differs = verdicts.windows(2).any(|w| w[0] != w[1]);
        if differs && first_difference.is_none() {
            first_difference = s
                .outcomes
                .windows(2)
                .find(|w| {
                    verdict(&w[0].1)
                        .zip(verdict(&w[1].1))
                        .is_some_and(|(a, b)| a != b)
                })
                .map(|w| (s.args.clone(), w[1].0.clone()));
        }
        let class = if differs { "sample differs" } else { "sample" };
        let _ = write!(
            out,
            "<tr class=\"{class}\"><td class=\"args\">{}</td>",
            escape(&s.args)
        );
        for (stage, outcome) in &s.outcomes {
            let _ = write!(
                out,
                "<td class=\"outcome\" data-stage=\"{}\">{}</td>",
                escape(stage),
                escape(outcome)
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    match first_difference {
        Some((args, stage)) => {
            let _ = writeln!(
                out,
                "<p class=\"first-difference\">On {} the outcome first differs in the {} form.</p>",
                escape(&args),
                escape(&stage)
            );
        }
        None => out.push_str(
            "<p class=\"note\">Every stage gives the same outcome on every sample.</p>\n",
        ),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs_keep_context_and_mark_changes() {
        let d = diff(&["a", "b", "c"], &["a", "x", "c"]);
        assert_eq!(
            d,
            vec![
                DiffLine::Same("a"),
                DiffLine::Removed("b"),
                DiffLine::Added("x"),
                DiffLine::Same("c"),
            ]
        );
        assert!(diff(&["a"], &["a"]).is_empty());
    }

    #[test]
    fn template_literals_keep_their_text() {
        assert_eq!(template_literal(r"a\b`c${d}"), r"a\\b\`c\${d}");
        assert_eq!(
            escape("<a href=\"x\">&</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
        );
    }
}
