//! A `--report` page with what differs between two runs of the same input
//! blanked: the run's wall time in the header, and in the page's data
//! each pass's total time and statistics and the time of each pass run
//! (`crates/report/src/html.rs` has the data's layout). Everything else
//! the page says comes from the input and the passes alone, so front ends
//! that write the same report give the same untimed page ([`untimed`]).
//!
//! A module built op by op (by the `mlir-opt` plugin) numbers its values
//! in memory in another order than the parser does, and the e-graph
//! pictures label their nodes with those numbers (`v22`) and are laid out
//! to the labels' widths: [`untimed_without_egraphs`] blanks those
//! pictures too, keeping their places.

use serde_json::Value;

/// Where the page's data starts and ends.
const DATA_START: &str = "<script type=\"application/json\" id=\"report-data\">";
const DATA_END: &str = "</script>";

/// `page` (a single-file report) with its times blanked; `None` if it has
/// no data to read.
pub fn untimed(page: &str) -> Option<String> {
    blanked(page, |_, _| {})
}

/// [`untimed`], and the SVG of each e-graph picture blanked.
pub fn untimed_without_egraphs(page: &str) -> Option<String> {
    blanked(page, |stage, svg| {
        if stage == "egraph" {
            svg.clear();
        }
    })
}

/// `page` with its times blanked, and each picture's SVG text changed by
/// `picture` (given the picture's stage).
fn blanked(page: &str, picture: impl Fn(&str, &mut String)) -> Option<String> {
    let start = page.find(DATA_START)? + DATA_START.len();
    let end = start + page[start..].find(DATA_END)?;
    let mut data: Value = serde_json::from_str(&page[start..end]).ok()?;
    data["passes"] = Value::Null;
    for f in data["functions"]["f"].as_array_mut().into_iter().flatten() {
        for step in f["p"].as_array_mut().into_iter().flatten() {
            step[1] = Value::Null;
        }
        for g in f["g"].as_array_mut().into_iter().flatten() {
            let stage = g["g"].as_str().unwrap_or_default().to_string();
            if let Some(Value::String(svg)) = g.get_mut("svg") {
                picture(&stage, svg);
            }
        }
    }
    let header = untimed_header(&page[..start])?;
    Some(format!("{header}{data}{}", &page[end..]))
}

/// The page before its data, the wall time in its header (`<p>FILE: N
/// functions, T ms</p>`) blanked.
fn untimed_header(head: &str) -> Option<String> {
    let ms = head.find(" ms</p></header>")?;
    let comma = head[..ms].rfind(", ")? + 2;
    Some(format!("{}_{}", &head[..comma], &head[ms..]))
}
