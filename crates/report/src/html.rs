//! The report laid out as a page and data. The page holds the function
//! index, the styles and the script; each function's details are compact
//! JSON, which the script turns into the function's section when the
//! function is first shown (and a pass's diff into lines when the pass is
//! first opened): a large report stays small, and writing it costs little,
//! since only the functions looked at are ever laid out.
//!
//! Up to [`INLINE_FUNCTIONS`] functions, the data is inside the page;
//! past that, the report is a directory whose `index.html` loads
//! `functions/K.js` when one of its [`FUNCTIONS_PER_SCRIPT`] functions is
//! shown. Nothing is fetched from the network, and no tool is needed to
//! view it.
//!
//! The data: the page carries `<script type="application/json"
//! id="report-data">` holding `{"passes": {pass: its total time and
//! statistics}, "functions": batch}` (`functions` only in a single file;
//! its text cannot end the element early: no `</` or `<!` is in it), and
//! `functions/K.js` is `window.shapeOptData(first, batch);`, `first` the
//! index of its first function. A batch is the data of consecutive
//! functions, `{"t": texts, "f": [function, ...]}`: `t` holds every line
//! they were printed with, once (functions of a module share most of
//! theirs). A function's keys, each left out when empty:
//! - `n`: its name;
//! - `s`: `[first line, [its source lines]]`;
//! - `f`: its forms, `{"l": label, "o": lines, "h": facts}`, a line being
//!   `[text, source line, ...]` (`text` indexes `t`; no source line: not an
//!   op) and `h` the facts known at lines, `[[line index, facts], ...]`;
//! - `v`: its versions (its IR after each pass that changed it), lists of
//!   indices into `t`; `p`: the passes that ran on it,
//!   `[pass, microseconds, version before, version after]`;
//! - `r`: the checks passes removed or merged, `[line, column, reason,
//!   pass]`;
//! - `g`: its constraint pictures, `{"g": stage, "svg": svg}`, or
//!   `{"g": stage, "err": why}` if it cannot be drawn, or `{"g": stage,
//!   "as": k}` if it is drawn as its picture `k` is;
//! - `e`: its precondition (`--explain`'s text);
//! - `x`: sampled inputs, `{"s": [stage, ...], "r": [[arguments, outcome
//!   at each stage, ...], ...]}`.
//!
//! The page's structure, built by `assets/report.js`, is a contract the
//! browser test relies on: function links `a.function-link`, sections
//! `section.function[data-function][data-index]`, tabs `.tab-button` /
//! `.tab-panel[data-tab]`, forms `.form[data-form]` of `.op` lines with
//! `data-lines` (and the facts known there as `title`) and `.plain` lines,
//! passes `details.pass[data-changed]` with a `pre.diff` of
//! `.same`/`.add`/`.del`/`.gap` lines (unchanged ones folded into a
//! `details.unchanged-group`), constraints `figure.graph[data-graph]` and
//! `li.removed-check` with a `span.reason`, the precondition `pre.explain`,
//! samples `table.samples tr.sample td.outcome[data-stage]` and
//! `.first-difference`, and a `.note` wherever there is nothing to show.

use crate::{Form, FunctionReport, Line, Picture, Remark, Report, Sample, Step};
use rayon::prelude::*;
use serde::ser::SerializeStruct as _;
use serde::{Serialize, Serializer};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::iter;
use std::path::{Path, PathBuf};

/// Reports of more functions than this are a directory.
pub const INLINE_FUNCTIONS: usize = 200;

/// Functions per script of a directory report: `functions/K.js` holds
/// functions `K * FUNCTIONS_PER_SCRIPT` onwards (the page's script knows
/// this number too).
pub const FUNCTIONS_PER_SCRIPT: usize = 50;

const STYLE: &str = include_str!("../assets/report.css");
const SCRIPT: &str = include_str!("../assets/report.js");

/// A file of a report laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The whole report as one page (up to 200 functions, `INLINE_FUNCTIONS`).
    Page,
    /// A large report's `index.html`.
    Index,
    /// A large report's `functions/K.js`, `K` this number.
    Script(usize),
}

/// Lay `report` out, giving each file's bytes to `put`: one
/// [`Part::Page`], or a [`Part::Index`] and its [`Part::Script`]s (made
/// on every core, in no particular order). Stops at the first error.
pub fn lay_out(
    report: &Report,
    put: &(dyn Fn(Part, Vec<u8>) -> std::io::Result<()> + Sync),
) -> std::io::Result<()> {
    if report.functions.len() <= INLINE_FUNCTIONS {
        let batch = Batch::new(report, &report.functions);
        return put(Part::Page, page(report, Some(&batch))?.into_bytes());
    }
    // Few files, each of several functions: creating a file costs more
    // than writing it.
    report
        .functions
        .par_chunks(FUNCTIONS_PER_SCRIPT)
        .enumerate()
        .try_for_each(|(chunk, functions)| {
            let first = chunk * FUNCTIONS_PER_SCRIPT;
            let mut js = format!("window.shapeOptData({first}, ").into_bytes();
            serde_json::to_writer(&mut js, &Batch::new(report, functions))?;
            js.extend_from_slice(b");\n");
            put(Part::Script(chunk), js)
        })?;
    put(Part::Index, page(report, None)?.into_bytes())
}

/// Write `report` to `path`: that file, or, for a large report, the
/// directory `path` (its extension dropped) with an `index.html`; returns
/// the file to open.
pub fn write(report: &Report, path: &Path) -> std::io::Result<PathBuf> {
    let dir = path.with_extension("");
    let scripts = dir.join("functions");
    if report.functions.len() > INLINE_FUNCTIONS {
        std::fs::create_dir_all(&scripts)?;
    }
    let file = |part| match part {
        Part::Page => path.to_path_buf(),
        Part::Index => dir.join("index.html"),
        Part::Script(k) => scripts.join(format!("{k}.js")),
    };
    lay_out(report, &|part, bytes| std::fs::write(file(part), bytes))?;
    Ok(match report.functions.len() > INLINE_FUNCTIONS {
        true => file(Part::Index),
        false => file(Part::Page),
    })
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

/// JSON text as the inside of an HTML `<script>` element: nothing in it
/// can end the element (`</`) or start a comment that hides its end
/// (`<!`). A `<` only occurs inside JSON strings, where `<\/` and
/// `\u003c!` mean the same.
fn script_safe(json: String) -> String {
    if !json.contains("</") && !json.contains("<!") {
        return json;
    }
    json.replace("</", "<\\/").replace("<!", "\\u003c!")
}

/// What the page's script is given about the whole report.
#[derive(Serialize)]
struct PageData<'r> {
    /// Each pass's total time and statistics (shared by every function's
    /// pass timeline), by name.
    passes: BTreeMap<&'r str, &'r str>,
    /// The functions, in a single-file report.
    #[serde(skip_serializing_if = "Option::is_none")]
    functions: Option<&'r Batch<'r>>,
}

/// The page: the index of the functions, and their data if it is a single
/// file.
fn page(report: &Report, functions: Option<&Batch>) -> serde_json::Result<String> {
    let data = PageData {
        passes: report
            .pass_summaries
            .iter()
            .map(|(pass, summary)| (pass.as_str(), summary.as_str()))
            .collect(),
        functions,
    };
    let data = script_safe(serde_json::to_string(&data)?);
    let mut links = String::new();
    for (i, f) in report.functions.iter().enumerate() {
        let name = escape(&f.name);
        let _ = writeln!(
            links,
            "<li><a class=\"function-link\" data-function=\"{name}\" data-index=\"{i}\" href=\"#{name}\">{name}</a></li>"
        );
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>shape-opt report: {file}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <header><h1>shape-opt report</h1><p>{file}: {count} functions, {millis} ms</p></header>\n\
         <div id=\"layout\">\n<nav id=\"functions\"><input id=\"search\" type=\"search\" \
         placeholder=\"search functions\" aria-label=\"search functions\">\n<ul>\n{links}</ul></nav>\n\
         <main id=\"detail\" data-functions-per-script=\"{FUNCTIONS_PER_SCRIPT}\"></main>\n</div>\n\
         <script type=\"application/json\" id=\"report-data\">{data}</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        file = escape(&report.file),
        count = report.functions.len(),
        millis = report.millis,
    ))
}

/// The data of consecutive functions of a report (the page's, or a
/// script's): the lines they were printed with, each once (`t`: functions
/// of a module share most of theirs), and each function's (`f`).
struct Batch<'r> {
    report: &'r Report,
    functions: &'r [FunctionReport],
    texts: Vec<&'r str>,
    /// For each function, where each of its texts is in `texts`.
    text_ids: Vec<Vec<u32>>,
    /// Each function's pictures, drawn.
    drawings: Vec<Vec<Drawing>>,
}

impl<'r> Batch<'r> {
    /// The data of `functions`, functions of `report`; their pictures
    /// drawn on every core.
    fn new(report: &'r Report, functions: &'r [FunctionReport]) -> Self {
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let mut texts = Vec::new();
        let text_ids = functions
            .iter()
            .map(|f| {
                f.texts
                    .iter()
                    .map(|t| {
                        *ids.entry(t).or_insert_with(|| {
                            texts.push(t.as_str());
                            texts.len() as u32 - 1
                        })
                    })
                    .collect()
            })
            .collect();
        Batch {
            report,
            functions,
            texts,
            text_ids,
            drawings: functions.par_iter().map(|f| draw(&f.pictures)).collect(),
        }
    }
}

impl Serialize for Batch<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let functions = self
            .functions
            .iter()
            .zip(&self.text_ids)
            .zip(&self.drawings)
            .map(|((f, text_ids), drawings)| FunctionData::new(self.report, f, text_ids, drawings));
        let mut batch = s.serialize_struct("Batch", 2)?;
        batch.serialize_field("t", &self.texts)?;
        batch.serialize_field("f", &Seq(functions))?;
        batch.end()
    }
}

/// A function's data (the module doc gives its keys), its texts those of
/// its [`Batch`].
#[derive(Serialize)]
struct FunctionData<'r> {
    #[serde(rename = "n")]
    name: &'r str,
    #[serde(rename = "s", skip_serializing_if = "Option::is_none")]
    source: Option<(u32, &'r [String])>,
    #[serde(rename = "f", skip_serializing_if = "Vec::is_empty")]
    forms: Vec<FormData<'r>>,
    #[serde(rename = "v", skip_serializing_if = "Option::is_none")]
    versions: Option<Versions<'r>>,
    #[serde(
        rename = "p",
        skip_serializing_if = "<[_]>::is_empty",
        serialize_with = "steps"
    )]
    steps: &'r [Step],
    #[serde(
        rename = "r",
        skip_serializing_if = "<[_]>::is_empty",
        serialize_with = "remarks"
    )]
    removed: &'r [Remark],
    #[serde(rename = "g", skip_serializing_if = "Vec::is_empty")]
    pictures: Vec<PictureData<'r>>,
    #[serde(rename = "e", skip_serializing_if = "Option::is_none")]
    explanation: Option<&'r str>,
    #[serde(rename = "x", skip_serializing_if = "Option::is_none")]
    samples: Option<SamplesData<'r>>,
}

impl<'r> FunctionData<'r> {
    /// The data of `f`, a function of `report`, whose texts are at
    /// `text_ids` in its batch and whose pictures are `drawings`.
    fn new(
        report: &'r Report,
        f: &'r FunctionReport,
        text_ids: &'r [u32],
        drawings: &'r [Drawing],
    ) -> Self {
        let source = f.source.map(|(first, last)| {
            let first = first.max(1);
            let end = report.source.len().min(last as usize);
            let lines = report.source.get(first as usize - 1..end).unwrap_or(&[]);
            (first, lines)
        });
        FunctionData {
            name: &f.name,
            source,
            forms: f
                .forms
                .iter()
                .map(|form| FormData::new(form, text_ids))
                .collect(),
            versions: (!f.versions.is_empty()).then_some(Versions {
                versions: &f.versions,
                text_ids,
            }),
            steps: &f.steps,
            removed: &f.removed,
            pictures: f
                .pictures
                .iter()
                .zip(drawings)
                .map(|(p, drawing)| PictureData {
                    stage: &p.stage,
                    drawing,
                })
                .collect(),
            explanation: f.explanation.as_deref(),
            samples: SamplesData::new(&f.samples),
        }
    }
}

/// A form's data: its label, its lines, and the facts known at them.
#[derive(Serialize)]
struct FormData<'r> {
    #[serde(rename = "l")]
    label: &'r str,
    #[serde(rename = "o")]
    lines: FormLines<'r>,
    #[serde(rename = "h", skip_serializing_if = "Vec::is_empty")]
    facts: Vec<(usize, &'r str)>,
}

impl<'r> FormData<'r> {
    fn new(form: &'r Form, text_ids: &'r [u32]) -> Self {
        FormData {
            label: &form.label,
            lines: FormLines {
                lines: &form.lines,
                text_ids,
            },
            facts: form
                .lines
                .iter()
                .enumerate()
                .filter_map(|(i, l)| Some((i, l.facts.as_deref()?)))
                .collect(),
        }
    }
}

/// A form's lines, each as `[text, source line, ...]`.
struct FormLines<'r> {
    lines: &'r [Line],
    /// Where the function's texts are in its batch.
    text_ids: &'r [u32],
}

impl Serialize for FormLines<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.lines.iter().map(|l| {
            Seq(iter::once(self.text_ids[l.text as usize]).chain(l.lines.iter().copied()))
        }))
    }
}

/// A function's versions, each as the list of its texts.
struct Versions<'r> {
    versions: &'r [Vec<u32>],
    /// Where the function's texts are in its batch.
    text_ids: &'r [u32],
}

impl Serialize for Versions<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.versions
                .iter()
                .map(|v| Seq(v.iter().map(|&t| self.text_ids[t as usize]))),
        )
    }
}

/// A constraint picture's data: its stage, and how it is drawn.
#[derive(Serialize)]
struct PictureData<'r> {
    #[serde(rename = "g")]
    stage: &'r str,
    #[serde(flatten)]
    drawing: &'r Drawing,
}

/// A picture drawn, or why it cannot be, or the index of an earlier
/// picture of the same function it is the same as (canonicalize-constraints
/// often leaves the witness DAG as it was).
#[derive(Serialize)]
enum Drawing {
    #[serde(rename = "svg")]
    Svg(String),
    #[serde(rename = "err")]
    Error(String),
    #[serde(rename = "as")]
    Same(usize),
}

/// `pictures`, each drawn once.
fn draw(pictures: &[Picture]) -> Vec<Drawing> {
    pictures
        .iter()
        .enumerate()
        .map(
            |(n, p)| match pictures[..n].iter().position(|q| q.dot == p.dot) {
                Some(k) => Drawing::Same(k),
                None => graph_svg::dot_to_svg(&p.dot).map_or_else(Drawing::Error, Drawing::Svg),
            },
        )
        .collect()
}

/// The sampled inputs' data: the stages, and a row per input (its
/// arguments, then its outcome at each stage). The recorder runs every
/// input at the same stages: the first input's are every input's.
#[derive(Serialize)]
struct SamplesData<'r> {
    #[serde(rename = "s", serialize_with = "stages")]
    stages: &'r Sample,
    #[serde(rename = "r", serialize_with = "sample_rows")]
    rows: &'r [Sample],
}

impl<'r> SamplesData<'r> {
    fn new(samples: &'r [Sample]) -> Option<Self> {
        Some(SamplesData {
            stages: samples.first()?,
            rows: samples,
        })
    }
}

/// A sequence serialized straight from an iterator.
struct Seq<I>(I);

impl<I> Serialize for Seq<I>
where
    I: Iterator + Clone,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.clone())
    }
}

/// Each step as `[pass, microseconds, version before, version after]`.
fn steps<S: Serializer>(steps: &&[Step], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(
        steps
            .iter()
            .map(|step| (&step.pass, step.micros, step.before, step.after)),
    )
}

/// Each remark as `[line, column, message, pass]`.
fn remarks<S: Serializer>(remarks: &&[Remark], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(remarks.iter().map(|r| (r.line, r.col, &r.message, &r.pass)))
}

/// The stages a sample was run at.
fn stages<S: Serializer>(sample: &&Sample, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(sample.outcomes.iter().map(|(stage, _)| stage))
}

/// Each sample as `[arguments, outcome, ...]`.
fn sample_rows<S: Serializer>(samples: &&[Sample], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(
        samples
            .iter()
            .map(|x| Seq(iter::once(&x.args).chain(x.outcomes.iter().map(|(_, outcome)| outcome)))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text that tries to end the page's script early.
    const EVIL: &str = "</script><script>alert(1)</script><!-- \u{2028}";

    /// A report of one function whose every text is [`EVIL`].
    fn hostile() -> Report {
        Report {
            file: "in.mlir".into(),
            source: vec![format!("func @f() {{ // {EVIL}"), "}".into()],
            functions: vec![FunctionReport {
                name: "f".into(),
                source: Some((1, 2)),
                texts: vec![EVIL.into(), "}".into()],
                forms: vec![Form {
                    label: "std".into(),
                    lines: vec![
                        Line {
                            text: 0,
                            lines: vec![1],
                            facts: Some(EVIL.into()),
                        },
                        Line {
                            text: 1,
                            lines: vec![],
                            facts: None,
                        },
                    ],
                }],
                versions: vec![vec![], vec![0, 1]],
                steps: vec![Step {
                    pass: "p".into(),
                    micros: 1500,
                    before: 0,
                    after: 1,
                }],
                explanation: Some(EVIL.into()),
                ..FunctionReport::default()
            }],
            pass_summaries: [("p".to_string(), EVIL.to_string())].into(),
            millis: 3,
        }
    }

    #[test]
    fn embedded_data_cannot_end_its_script_and_reads_back() {
        let report = hostile();
        let html = page(&report, Some(&Batch::new(&report, &report.functions))).expect("a page");
        // The data script and the page's script end; nothing else does.
        assert_eq!(html.matches("</script").count(), 2, "{html}");
        assert!(!html.contains("<!--"), "{html}");
        let start = "<script type=\"application/json\" id=\"report-data\">";
        let json = &html[html.find(start).expect("the data") + start.len()..];
        let json = &json[..json.find("</script>").expect("its end")];
        let data: serde_json::Value = serde_json::from_str(json).expect("JSON");
        assert_eq!(data["passes"]["p"], EVIL);
        assert_eq!(data["functions"]["t"], serde_json::json!([EVIL, "}"]));
        let f = &data["functions"]["f"][0];
        assert_eq!(f["e"], EVIL);
        assert_eq!(f["s"], serde_json::json!([1, report.source]));
        assert_eq!(f["f"][0]["o"], serde_json::json!([[0, 1], [1]]));
        assert_eq!(f["f"][0]["h"], serde_json::json!([[0, EVIL]]));
        assert_eq!(f["v"], serde_json::json!([[], [0, 1]]));
        assert_eq!(f["p"], serde_json::json!([["p", 1500, 0, 1]]));
        // Empty fields are left out.
        for key in ["r", "g", "x"] {
            assert!(f.get(key).is_none(), "{key}: {f}");
        }
    }

    #[test]
    fn functions_of_a_batch_share_their_texts() {
        let function = |name: &str, texts: [&str; 2]| FunctionReport {
            name: name.into(),
            texts: texts.map(String::from).to_vec(),
            versions: vec![vec![0, 1, 1]],
            forms: vec![Form {
                label: "std".into(),
                lines: vec![Line {
                    text: 1,
                    lines: vec![4, 2],
                    facts: None,
                }],
            }],
            ..FunctionReport::default()
        };
        let report = Report {
            functions: vec![function("f", ["a", "}"]), function("g", ["b", "}"])],
            ..Report::default()
        };
        let batch = Batch::new(&report, &report.functions);
        let data = serde_json::to_value(&batch).expect("JSON");
        assert_eq!(data["t"], serde_json::json!(["a", "}", "b"]));
        assert_eq!(data["f"][1]["n"], "g");
        assert_eq!(data["f"][1]["v"], serde_json::json!([[2, 1, 1]]));
        assert_eq!(data["f"][1]["f"][0]["o"], serde_json::json!([[1, 4, 2]]));
    }

    #[test]
    fn a_picture_like_an_earlier_one_is_drawn_once() {
        let picture = |stage: &str, dot: &str| Picture {
            function: "f".into(),
            stage: stage.into(),
            dot: dot.into(),
        };
        let pictures = [
            picture("before", "digraph { a -> b }"),
            picture("egraph", "not dot"),
            picture("after", "digraph { a -> b }"),
        ];
        let json = |d: &Drawing| serde_json::to_value(d).expect("JSON");
        let drawings = draw(&pictures);
        assert!(matches!(&drawings[0], Drawing::Svg(svg) if svg.starts_with("<svg")));
        assert!(matches!(&drawings[1], Drawing::Error(_)));
        assert_eq!(json(&drawings[2]), serde_json::json!({"as": 0}));
    }

    #[test]
    fn samples_are_rows_under_their_stages() {
        let samples = [
            Sample {
                args: "[2]".into(),
                outcomes: vec![
                    ("input".into(), "ok 1".into()),
                    ("std".into(), "ok 1".into()),
                ],
            },
            Sample {
                args: "[3]".into(),
                outcomes: vec![
                    ("input".into(), "error: x".into()),
                    ("std".into(), "ok 2".into()),
                ],
            },
        ];
        let data = serde_json::to_value(SamplesData::new(&samples)).expect("JSON");
        assert_eq!(
            data,
            serde_json::json!({
                "s": ["input", "std"],
                "r": [["[2]", "ok 1", "ok 1"], ["[3]", "error: x", "ok 2"]],
            })
        );
        assert!(SamplesData::new(&[]).is_none());
    }

    #[test]
    fn html_text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
        );
    }
}
