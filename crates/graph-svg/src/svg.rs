//! SVG text of a laid-out graph: presentation attributes only (no CSS),
//! one arrowhead marker in `<defs>`, edges under nodes.

use crate::dot::{Attributes, Edge, Graph, Node};
use crate::layout::{layout, EdgeRoute, NodeBox, Point};
use crate::metrics::{first_baseline, text_size, FONT_SIZE, LINE_HEIGHT};
use std::fmt::{self, Write};

/// `graph` laid out by [`layout`] as a standalone SVG document.
///
/// Each node is a `<g class="node">` with `data-id` (its DOT ID) and
/// `data-label-first-line` (its label's first line), holding a `<rect>`
/// (an `<ellipse>` for `shape = ellipse`, `oval` or `circle`; a tab over
/// the rectangle for `folder`) and a `<text>` with one `<tspan>` per label
/// line. Each edge is a `<g class="edge">` with `data-from` and `data-to`
/// (and `data-back="true"` when drawn upwards to break a cycle), holding
/// a `<path>` ending in the arrowhead and, if labelled, a `<text>`.
/// `style = filled` fills with `fillcolor` (or `color`, or light grey),
/// `color` strokes, `dashed` and `dotted` dash, `bold` doubles the
/// stroke. The marker's id is unique to the graph's content, so several
/// drawings can share one page.
pub fn to_svg(graph: &Graph) -> String {
    let layout = layout(graph);
    let marker = format!("graph-svg-arrow-{:016x}", fingerprint(graph));
    let mut out = String::new();
    put(
        &mut out,
        format_args!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
             height=\"{h}\" font-family=\"monospace\" font-size=\"{FONT_SIZE}\" \
             xml:space=\"preserve\">\n<defs><marker id=\"{marker}\" viewBox=\"0 0 10 10\" \
             refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto\">\
             <path d=\"M0,0L10,5L0,10z\" fill=\"black\"/></marker></defs>\n",
            w = Number(layout.width),
            h = Number(layout.height),
        ),
    );
    for (edge, route) in graph.edges.iter().zip(&layout.edges) {
        let ends = (
            graph.nodes[edge.from].id.as_str(),
            graph.nodes[edge.to].id.as_str(),
        );
        edge_svg(&mut out, edge, ends, route, &marker);
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

fn edge_svg(
    out: &mut String,
    edge: &Edge,
    (from, to): (&str, &str),
    route: &EdgeRoute,
    marker: &str,
) {
    let attributes = &edge.attributes;
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
    for (i, [p, c1, c2, q]) in route.curves.iter().enumerate() {
        if i == 0 {
            put(out, format_args!("M{p}"));
        }
        put(out, format_args!("C{c1} {c2} {q}"));
    }
    put(
        out,
        format_args!(
            "\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{} marker-end=\"url(#{marker})\"/>",
            Escaped(attributes.get("color").unwrap_or("black")),
            if attributes.has_style("bold") { 2 } else { 1 },
            dashes(attributes),
        ),
    );
    let lines = edge.label_lines();
    if !lines.is_empty() {
        text(out, &lines, route.label_at.x, route.label_at.y);
    }
    out.push_str("</g>\n");
}

fn node_svg(out: &mut String, node: &Node, node_box: &NodeBox) {
    let lines = node.label_lines();
    put(
        out,
        format_args!(
            "<g class=\"node\" data-id=\"{}\" data-label-first-line=\"{}\">",
            Escaped(&node.id),
            Escaped(lines.first().map_or("", String::as_str)),
        ),
    );
    outline(out, &node.attributes, node_box);
    let (text_width, _) = text_size(&lines);
    let center = node_box.center();
    text(out, &lines, center.x - text_width / 2.0, center.y);
    out.push_str("</g>\n");
}

/// The shape of a node, filled and stroked as its attributes say.
fn outline(out: &mut String, attributes: &Attributes, b: &NodeBox) {
    let fill = match attributes.has_style("filled") {
        true => ["fillcolor", "color"]
            .iter()
            .find_map(|key| attributes.get(key))
            .unwrap_or("lightgrey"),
        false => "white",
    };
    let paint = format!(
        "fill=\"{}\" stroke=\"{}\"{}",
        Escaped(fill),
        Escaped(attributes.get("color").unwrap_or("black")),
        dashes(attributes),
    );
    let (x, y, width, height) = (Number(b.x), Number(b.y), Number(b.width), Number(b.height));
    let rect =
        format_args!("<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" {paint}/>");
    match attributes.get("shape") {
        Some("ellipse" | "oval" | "circle") => {
            let c = b.center();
            put(
                out,
                format_args!(
                    "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" {paint}/>",
                    Number(c.x),
                    Number(c.y),
                    Number(b.width / 2.0),
                    Number(b.height / 2.0),
                ),
            );
        }
        Some("folder") => {
            let tab = Point {
                x: b.x + b.width - 24.0,
                y: b.y,
            };
            put(
                out,
                format_args!("<path d=\"M{tab}l3,-5h14l3,5z\" {paint}/>{rect}"),
            );
        }
        _ => put(out, rect),
    }
}

/// The dash pattern attribute of `style = dashed` or `dotted`.
fn dashes(attributes: &Attributes) -> &'static str {
    if attributes.has_style("dashed") {
        " stroke-dasharray=\"6,4\""
    } else if attributes.has_style("dotted") {
        " stroke-dasharray=\"1,3\""
    } else {
        ""
    }
}

/// `lines` as a `<text>`, one `<tspan>` per line, starting at `left` and
/// centred on `center_y`.
fn text(out: &mut String, lines: &[String], left: f64, center_y: f64) {
    let first = first_baseline(center_y, lines.len());
    out.push_str("<text>");
    for (i, line) in lines.iter().enumerate() {
        put(
            out,
            format_args!(
                "<tspan x=\"{}\" y=\"{}\">{}</tspan>",
                Number(left),
                Number(first + i as f64 * LINE_HEIGHT),
                Escaped(line)
            ),
        );
    }
    out.push_str("</text>");
}

/// A coordinate, to a tenth of a pixel.
struct Number(f64);

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}", self.0)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", Number(self.x), Number(self.y))
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
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut feed = |text: &str| {
        for byte in text.bytes().chain([0xff]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for node in &graph.nodes {
        feed(&node.id);
        node.attributes.iter().for_each(|(k, v)| {
            feed(k);
            feed(v);
        });
    }
    for edge in &graph.edges {
        feed(&format!("{}>{}", edge.from, edge.to));
        edge.attributes.iter().for_each(|(k, v)| {
            feed(k);
            feed(v);
        });
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_makes_any_text_safe() {
        assert_eq!(
            Escaped("a<b>&\"'\u{1}").to_string(),
            "a&lt;b&gt;&amp;&quot;&apos;\u{fffd}"
        );
    }
}
