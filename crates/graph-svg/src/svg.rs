//! SVG text of a laid-out graph, kept small: what all edges or all nodes
//! share is said once, in a `<style>`, and each element carries only what
//! is its own.
//!
//! - The style's rules reach only this drawing: each is scoped to the
//!   siblings after its arrowhead `<marker>`, whose id is unique to the
//!   graph's content, so several drawings and their page can share one
//!   document.
//! - The rules paint the `g.edge` and `g.node` groups, whose shapes
//!   inherit that paint, so a shape's own presentation attribute (a DOT
//!   `color`, fill or dash) wins over it; text is black, unstroked.
//! - Coordinates are to a tenth of a pixel, with no trailing `.0`; an
//!   edge's path is relative after its start, straight stretches as `v`.
//! - Each line of a label is its own `<text>`, positioned absolutely; only
//!   a line whose spaces XML's default handling would change says
//!   `xml:space="preserve"`.
//! - Elements follow each other with no whitespace between them.

use crate::dot::{Attributes, Edge, Graph, Node};
use crate::layout::{layout, Cubic, EdgeRoute, NodeBox, Point};
use crate::metrics::{first_baseline, text_size, FONT_SIZE, LINE_HEIGHT};
use std::fmt::{self, Write};

/// `graph` laid out by [`layout`] as a standalone SVG document.
///
/// The root `<svg>` holds a `<style>`, the arrowhead `<marker>` (id
/// `graph-svg-` and a 64-bit hash of the graph's content in base 36),
/// then the edges and then the nodes, so nodes are drawn over edges. Each
/// edge is a `<g class="edge">` with `data-from` and `data-to` (and
/// `data-back="true"` when drawn upwards to break a cycle), holding a
/// `<path>` ending in the arrowhead and, if labelled, a `<text>` per
/// label line. Each node is a `<g class="node">` with `data-id` (its DOT
/// ID), holding a `<rect>` (an `<ellipse>` for `shape = ellipse`, `oval`
/// or `circle`; a tab over the rectangle for `folder`) and a `<text>` per
/// label line. `style = filled` fills with `fillcolor` (or `color`, or
/// light grey), `color` strokes, `dashed` and `dotted` dash, `bold`
/// doubles an edge's stroke.
pub fn to_svg(graph: &Graph) -> String {
    let layout = layout(graph);
    let arrow = format!("graph-svg-{}", Base36(fingerprint(graph)));
    let mut out = String::new();
    put(
        &mut out,
        format_args!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
             height=\"{h}\"><style>\
             #{arrow}~.edge{{fill:none;stroke:#000;marker-end:url(#{arrow})}}\
             #{arrow}~.node{{fill:#fff;stroke:#000}}\
             #{arrow}~* text{{font:{font}px monospace;fill:#000;stroke:none}}</style>\
             <marker id=\"{arrow}\" refX=\"8\" refY=\"4\" markerWidth=\"8\" markerHeight=\"8\" \
             orient=\"auto\"><path d=\"M0,0L8,4L0,8z\" fill=\"#000\"/></marker>",
            w = Tenths::of(layout.width),
            h = Tenths::of(layout.height),
            font = Tenths::of(FONT_SIZE),
        ),
    );
    for (edge, route) in graph.edges.iter().zip(&layout.edges) {
        let ends = (
            graph.nodes[edge.from].id.as_str(),
            graph.nodes[edge.to].id.as_str(),
        );
        edge_svg(&mut out, edge, ends, route);
    }
    for (node, node_box) in graph.nodes.iter().zip(&layout.nodes) {
        node_svg(&mut out, node, node_box);
    }
    out.push_str("</svg>\n");
    out
}

/// Append formatted text (writing to a `String` cannot fail).
fn put(out: &mut String, text: fmt::Arguments<'_>) {
    let _ = out.write_fmt(text);
}

fn edge_svg(out: &mut String, edge: &Edge, (from, to): (&str, &str), route: &EdgeRoute) {
    put(
        out,
        format_args!(
            "<g class=\"edge\" data-from=\"{}\" data-to=\"{}\"{}><path d=\"",
            Escaped(from),
            Escaped(to),
            if route.reversed {
                " data-back=\"true\""
            } else {
                ""
            },
        ),
    );
    path_data(out, &route.curves);
    out.push('"');
    let attributes = &edge.attributes;
    stroke(out, attributes);
    if attributes.has_style("bold") {
        out.push_str(" stroke-width=\"2\"");
    }
    out.push_str("/>");
    text(out, &edge.label_lines(), route.label_at.x, route.label_at.y);
    out.push_str("</g>");
}

/// The path data of consecutive curves: an absolute move to the start,
/// then each curve relative to the end of the one before, one that runs
/// straight up or down as `v`.
fn path_data(out: &mut String, curves: &[Cubic]) {
    let Some(first) = curves.first() else {
        return;
    };
    let mut at = At::of(first[0]);
    numbers(out, 'M', &[at.x, at.y]);
    for curve in curves {
        let [_, c1, c2, end] = curve.map(At::of);
        let (top, bottom) = (at.y.min(end.y), at.y.max(end.y));
        let straight = [c1, c2, end].iter().all(|p| p.x == at.x)
            && [c1.y, c2.y].iter().all(|y| (top..=bottom).contains(y));
        if straight {
            numbers(out, 'v', &[end.y - at.y]);
        } else {
            let [c1, c2, end] = [c1, c2, end].map(|p| p.from(at));
            numbers(out, 'c', &[c1.x, c1.y, c2.x, c2.y, end.x, end.y]);
        }
        at = end;
    }
}

/// A path command and its numbers, separated by commas where a minus sign
/// does not already separate them.
fn numbers(out: &mut String, command: char, values: &[Tenths]) {
    out.push(command);
    for (i, value) in values.iter().enumerate() {
        if i > 0 && value.0 >= 0 {
            out.push(',');
        }
        put(out, format_args!("{value}"));
    }
}

fn node_svg(out: &mut String, node: &Node, node_box: &NodeBox) {
    put(
        out,
        format_args!("<g class=\"node\" data-id=\"{}\">", Escaped(&node.id)),
    );
    outline(out, &node.attributes, node_box);
    let lines = node.label_lines();
    let (text_width, _) = text_size(&lines);
    let center = node_box.center();
    text(out, &lines, center.x - text_width / 2.0, center.y);
    out.push_str("</g>");
}

/// The shape of a node, with the fill, stroke and dashes its attributes
/// set (the group's white fill and black stroke otherwise).
fn outline(out: &mut String, attributes: &Attributes, b: &NodeBox) {
    let mut paint = String::new();
    if attributes.has_style("filled") {
        let fill = ["fillcolor", "color"]
            .iter()
            .find_map(|key| attributes.get(key))
            .unwrap_or("lightgrey");
        put(&mut paint, format_args!(" fill=\"{}\"", Escaped(fill)));
    }
    stroke(&mut paint, attributes);
    let (x, y) = (Tenths::of(b.x), Tenths::of(b.y));
    let (width, height) = (Tenths::of(b.width), Tenths::of(b.height));
    let rect =
        format_args!("<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\"{paint}/>");
    match attributes.get("shape") {
        Some("ellipse" | "oval" | "circle") => {
            let center = At::of(b.center());
            put(
                out,
                format_args!(
                    "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\"{paint}/>",
                    center.x,
                    center.y,
                    Tenths::of(b.width / 2.0),
                    Tenths::of(b.height / 2.0),
                ),
            );
        }
        Some("folder") => {
            let tab = At::of(Point {
                x: b.x + b.width - 24.0,
                y: b.y,
            });
            out.push_str("<path d=\"");
            numbers(out, 'M', &[tab.x, tab.y]);
            put(out, format_args!("l3-5h14l3,5z\"{paint}/>{rect}"));
        }
        _ => put(out, rect),
    }
}

/// The stroke colour (DOT `color`) and dash pattern (`style = dashed` or
/// `dotted`) attributes of a shape, when its attributes set them.
fn stroke(out: &mut String, attributes: &Attributes) {
    if let Some(color) = attributes.get("color") {
        put(out, format_args!(" stroke=\"{}\"", Escaped(color)));
    }
    if attributes.has_style("dashed") {
        out.push_str(" stroke-dasharray=\"6,4\"");
    } else if attributes.has_style("dotted") {
        out.push_str(" stroke-dasharray=\"1,3\"");
    }
}

/// `lines` as one `<text>` each, starting at `left`, a line apart and
/// together centred on `center_y`; a line whose spaces XML's default
/// handling would change keeps them with `xml:space="preserve"`.
fn text(out: &mut String, lines: &[String], left: f64, center_y: f64) {
    let left = Tenths::of(left);
    let first = Tenths::of(first_baseline(center_y, lines.len()));
    let line_height = Tenths::of(LINE_HEIGHT);
    for (i, line) in lines.iter().enumerate() {
        let y = Tenths(first.0 + line_height.0 * i as i64);
        let space = if changed_by_default_space(line) {
            " xml:space=\"preserve\""
        } else {
            ""
        };
        put(
            out,
            format_args!(
                "<text x=\"{left}\" y=\"{y}\"{space}>{}</text>",
                Escaped(line)
            ),
        );
    }
}

/// Whether XML's default handling of space in text (newlines dropped,
/// tabs made spaces, spaces stripped at both ends and runs of them
/// collapsed) would change `line`.
fn changed_by_default_space(line: &str) -> bool {
    line.starts_with(' ')
        || line.ends_with(' ')
        || line.contains("  ")
        || line.contains(['\t', '\n', '\r'])
}

/// A length in tenths of a pixel, the precision of everything drawn;
/// written as pixels with at most one decimal (`140`, `52.8`, `-0.5`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Tenths(i64);

impl Tenths {
    fn of(pixels: f64) -> Tenths {
        Tenths((pixels * 10.0).round() as i64)
    }
}

impl std::ops::Sub for Tenths {
    type Output = Tenths;

    fn sub(self, other: Tenths) -> Tenths {
        Tenths(self.0 - other.0)
    }
}

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        match magnitude % 10 {
            0 => write!(f, "{sign}{}", magnitude / 10),
            tenth => write!(f, "{sign}{}.{tenth}", magnitude / 10),
        }
    }
}

/// A [`Point`] to a tenth of a pixel.
#[derive(Clone, Copy)]
struct At {
    x: Tenths,
    y: Tenths,
}

impl At {
    fn of(p: Point) -> At {
        At {
            x: Tenths::of(p.x),
            y: Tenths::of(p.y),
        }
    }

    /// This point relative to `origin`.
    fn from(self, origin: At) -> At {
        At {
            x: self.x - origin.x,
            y: self.y - origin.y,
        }
    }
}

/// A number in base 36: digits, then lower-case letters.
struct Base36(u64);

impl fmt::Display for Base36 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        if self.0 >= 36 {
            Base36(self.0 / 36).fmt(f)?;
        }
        f.write_char(char::from(DIGITS[(self.0 % 36) as usize]))
    }
}

/// Text safe in XML content and attribute values: markup characters as
/// entities, characters XML forbids as U+FFFD.
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                '\t' | '\n' | '\r' => f.write_char(c)?,
                '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => f.write_char('\u{fffd}')?,
                _ => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// A 64-bit FNV-1a hash of the graph's IDs, attributes and edges.
fn fingerprint(graph: &Graph) -> u64 {
    let mut hash = Fnv(0xcbf2_9ce4_8422_2325);
    for node in &graph.nodes {
        hash.feed(node.id.as_bytes());
        hash.feed_attributes(&node.attributes);
    }
    for edge in &graph.edges {
        hash.feed(&edge.from.to_le_bytes());
        hash.feed(&edge.to.to_le_bytes());
        hash.feed_attributes(&edge.attributes);
    }
    hash.0
}

/// An FNV-1a hash being computed; each piece fed is followed by `0xff`,
/// a byte no UTF-8 text holds, so pieces cannot run into each other.
struct Fnv(u64);

impl Fnv {
    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes.iter().chain(&[0xff]) {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn feed_attributes(&mut self, attributes: &Attributes) {
        for (key, value) in attributes.iter() {
            self.feed(key.as_bytes());
            self.feed(value.as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_have_at_most_one_decimal() {
        let written: Vec<String> = [140.0, 52.84, 0.06, -0.5, -48.8, 1e-9, -1e-9]
            .map(|pixels| Tenths::of(pixels).to_string())
            .into();
        assert_eq!(written, ["140", "52.8", "0.1", "-0.5", "-48.8", "0", "0"]);
    }

    #[test]
    fn paths_are_relative_with_straight_stretches_as_v() {
        let at = |x, y| Point { x, y };
        let mut data = String::new();
        path_data(
            &mut data,
            &[
                [
                    at(101.6, 140.0),
                    at(101.6, 158.0),
                    at(52.8, 158.0),
                    at(52.8, 176.0),
                ],
                [
                    at(52.8, 176.0),
                    at(52.8, 198.0),
                    at(52.8, 198.0),
                    at(52.8, 220.0),
                ],
                [
                    at(52.8, 220.0),
                    at(52.8, 238.0),
                    at(60.0, 238.0),
                    at(60.0, 256.0),
                ],
            ],
        );
        assert_eq!(
            data,
            "M101.6,140c0,18-48.8,18-48.8,36v44c0,18,7.2,18,7.2,36"
        );
    }

    #[test]
    fn only_lines_xml_would_change_keep_their_spaces() {
        let mut out = String::new();
        let lines = ["a b", " a", "a  b", "a\tb"].map(String::from);
        text(&mut out, &lines, 0.0, 0.0);
        assert_eq!(out.matches("xml:space=\"preserve\"").count(), 3, "{out}");
        assert!(
            out.starts_with("<text x=\"0\" y=\"-20\">a b</text>"),
            "{out}"
        );
    }

    #[test]
    fn base36_is_digits_then_letters() {
        assert_eq!(Base36(0).to_string(), "0");
        assert_eq!(Base36(35).to_string(), "z");
        assert_eq!(Base36(36 * 36 + 10).to_string(), "10a");
        assert_eq!(Base36(u64::MAX).to_string(), "3w5e11264sgsf");
    }

    #[test]
    fn escape_makes_any_text_safe() {
        assert_eq!(
            Escaped("a<b>&\"'\u{1}").to_string(),
            "a&lt;b&gt;&amp;&quot;&apos;\u{fffd}"
        );
    }
}
