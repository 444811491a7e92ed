//! Pictures of graphs as self-contained SVG, with no external tool.
//!
//! [`parse_dot`] reads the Graphviz DOT that `petgraph::dot::Dot` writes
//! (what `egraph::constraint_graph` produces): one `graph` or `digraph`
//! of node, edge, attribute and `ID = ID` statements, with quoted, bare
//! and HTML-like IDs and comments; subgraphs are refused and ports
//! ignored. [`layout`] lays the graph out in layers, top to bottom (its
//! doc gives the algorithm), and [`to_svg`] draws it.
//!
//! What the crate guarantees:
//!
//! - [`parse_dot`] never panics: text it does not read is an `Err`.
//! - Every node and every edge of the graph is drawn, in the graph's
//!   order, and no two node boxes overlap.
//! - Every edge goes down to a higher layer, except a self-loop and an
//!   edge reversed to break a cycle, which goes up and is marked as such.
//! - The output is a well-formed, standalone SVG document with no scripts
//!   or external references; all text is XML-escaped. Its one `<style>`
//!   reaches only its own elements (rules scoped by an id unique to the
//!   graph's content), so drawings can be inlined side by side in a page.
//! - The output is small: shared paint and font said once in that style,
//!   coordinates to a tenth of a pixel without trailing zeros, edge paths
//!   in relative commands, no whitespace between elements.
//! - The output depends only on the input: the same graph gives the same
//!   bytes.
//! - Time is near-linear in the size of the graph (long edges get
//!   virtual vertices only within a budget proportional to it).
//!
//! Text sizes are estimated for a 12px monospace font, so labels fit
//! their boxes in any monospace font of about that width.

mod dot;
mod layout;
mod lex;
mod metrics;
mod rank;
mod svg;

pub use dot::{parse_dot, Attributes, Edge, Graph, Node};
pub use layout::{layout, Cubic, EdgeRoute, Layout, NodeBox, Point};
pub use svg::to_svg;

/// [`parse_dot`] then [`to_svg`].
pub fn dot_to_svg(text: &str) -> Result<String, String> {
    parse_dot(text).map(|graph| to_svg(&graph))
}
