//! A `--report` page with what differs between two runs of the same input
//! blanked: the run's wall time in the header, and in the page's data
//! each pass's total time and statistics and the time of each pass run
//! (`crates/report/src/html.rs` has the data's layout). Everything else
//! the page says comes from the input and the passes alone, so front ends
//! that write the same report give the same untimed page.

use serde_json::Value;

/// Where the page's data starts and ends.
const DATA_START: &str = "<script type=\"application/json\" id=\"report-data\">";
const DATA_END: &str = "</script>";

/// `page` (a single-file report) with its times blanked; `None` if it has
/// no data to read.
pub fn untimed(page: &str) -> Option<String> {
    let start = page.find(DATA_START)? + DATA_START.len();
    let end = start + page[start..].find(DATA_END)?;
    let mut data: Value = serde_json::from_str(&page[start..end]).ok()?;
    data["passes"] = Value::Null;
    for f in data["functions"]["f"].as_array_mut().into_iter().flatten() {
        for step in f["p"].as_array_mut().into_iter().flatten() {
            step[1] = Value::Null;
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
