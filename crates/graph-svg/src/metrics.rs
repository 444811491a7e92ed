//! How big text is: a monospace estimate, so the layout needs no fonts.

/// The font size of every label, in pixels.
pub const FONT_SIZE: f64 = 12.0;
/// The width of one character at [`FONT_SIZE`].
pub const CHAR_WIDTH: f64 = 7.2;
/// The height of one line of text.
pub const LINE_HEIGHT: f64 = 16.0;
/// Where a line's baseline sits below its top.
const BASELINE: f64 = 12.0;

/// The width and height of `lines` of text.
pub fn text_size(lines: &[String]) -> (f64, f64) {
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    (widest as f64 * CHAR_WIDTH, lines.len() as f64 * LINE_HEIGHT)
}

/// The baseline of the first of `line_count` lines centred on `center_y`.
pub fn first_baseline(center_y: f64, line_count: usize) -> f64 {
    center_y - line_count as f64 * LINE_HEIGHT / 2.0 + BASELINE
}
