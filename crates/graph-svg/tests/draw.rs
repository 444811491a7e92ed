//! The crate's guarantees on real pictures shape-opt dumped
//! (`--dump-constraint-graph`, in `tests/data/`), on garbage, and on a
//! large synthetic graph.

use graph_svg::{dot_to_svg, layout, parse_dot, to_svg, Graph, Layout, NodeBox};
use splitmix::SplitMix64;
use std::path::PathBuf;
use std::time::Instant;

/// The DOT fixtures, by name.
fn fixtures() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "dot"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("fixture");
            (path.display().to_string(), text)
        })
        .collect()
}

fn overlap(a: &NodeBox, b: &NodeBox) -> bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

fn assert_no_overlap(name: &str, layout: &Layout) {
    let mut boxes: Vec<&NodeBox> = layout.nodes.iter().collect();
    boxes.sort_by(|a, b| a.x.total_cmp(&b.x));
    for (i, a) in boxes.iter().enumerate() {
        for b in boxes[i + 1..].iter().take_while(|b| b.x < a.x + a.width) {
            assert!(!overlap(a, b), "{name}: {a:?} overlaps {b:?}");
        }
    }
}

/// Every edge goes down to a higher layer, or is a self-loop, or is
/// reversed and goes up; it starts and ends on its nodes' borders.
fn assert_edges_follow_layers(name: &str, graph: &Graph, layout: &Layout) {
    for (edge, route) in graph.edges.iter().zip(&layout.edges) {
        let (from, to) = (&layout.nodes[edge.from], &layout.nodes[edge.to]);
        let start = route.curves[0][0];
        let end = route.curves[route.curves.len() - 1][3];
        if edge.from == edge.to {
            continue;
        }
        if route.reversed {
            assert!(from.layer > to.layer, "{name}: {edge:?}");
            assert_eq!((start.y, end.y), (from.y, to.y + to.height), "{name}");
        } else {
            assert!(from.layer < to.layer, "{name}: {edge:?}");
            assert_eq!((start.y, end.y), (from.y + from.height, to.y), "{name}");
        }
    }
}

/// A number as the SVG writes it: at most one decimal, none if it is 0.
fn assert_compact(name: &str, number: &str) {
    let decimals = number.split_once('.').map_or("", |(_, d)| d);
    assert!(decimals.len() <= 1 && decimals != "0", "{name}: {number}");
}

/// Where each piece of a path as the SVG writes it (`M` then relative `c`
/// and `v`) ends, its start first; numbers checked compact.
fn path_ends(name: &str, d: &str) -> Vec<(f64, f64)> {
    let commands: Vec<(usize, char)> = d
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .collect();
    let mut at = (0.0, 0.0);
    let mut ends = Vec::new();
    for (k, &(i, command)) in commands.iter().enumerate() {
        let end = commands.get(k + 1).map_or(d.len(), |&(j, _)| j);
        let numbers: Vec<f64> = d[i + 1..end]
            .replace('-', ",-")
            .split(',')
            .filter(|n| !n.is_empty())
            .map(|n| {
                assert_compact(name, n);
                n.parse().unwrap_or_else(|e| panic!("{name}: {d}: {e}"))
            })
            .collect();
        at = match (command, numbers.as_slice()) {
            ('M', &[x, y]) => (x, y),
            ('c', &[_, _, _, _, dx, dy]) => (at.0 + dx, at.1 + dy),
            ('v', &[dy]) => (at.0, at.1 + dy),
            _ => panic!("{name}: {d}: {command} {numbers:?}"),
        };
        ends.push(at);
    }
    ends
}

/// Whether `a` and `b` are the same to the tenth of a pixel drawn.
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.051
}

/// A number attribute of an SVG element, checked compact.
fn number(name: &str, element: roxmltree::Node, attribute: &str) -> f64 {
    let text = element
        .attribute(attribute)
        .unwrap_or_else(|| panic!("{name}: no {attribute} in {element:?}"));
    assert_compact(name, text);
    text.parse().expect("a number")
}

/// The SVG parses as XML and has one node group per node, in order, with
/// its ID, its shape where the layout puts its box and its label's lines
/// (one `<text>` each) inside that box; and one edge group per edge
/// whose path starts and ends where the layout routes it, every
/// coordinate written to a tenth of a pixel.
fn assert_svg_draws_everything(name: &str, graph: &Graph, svg: &str) {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: {e}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let layout = layout(graph);
    let groups = |class: &str| {
        root.descendants()
            .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
            .collect::<Vec<_>>()
    };
    let nodes = groups("node");
    assert_eq!(nodes.len(), graph.nodes.len(), "{name}");
    for ((node, node_box), group) in graph.nodes.iter().zip(&layout.nodes).zip(&nodes) {
        assert_eq!(group.attribute("data-id"), Some(node.id.as_str()));
        let shape = group
            .children()
            .find(|n| n.has_tag_name("rect") || n.has_tag_name("ellipse"))
            .unwrap_or_else(|| panic!("{name}: no shape in {group:?}"));
        let (x, y, width, height) = (node_box.x, node_box.y, node_box.width, node_box.height);
        let center = node_box.center();
        let (attributes, laid_out) = match shape.has_tag_name("rect") {
            true => (["x", "y", "width", "height"], [x, y, width, height]),
            false => (
                ["cx", "cy", "rx", "ry"],
                [center.x, center.y, width / 2.0, height / 2.0],
            ),
        };
        let drawn = attributes.map(|a| number(name, shape, a));
        assert!(
            drawn.iter().zip(laid_out).all(|(&a, b)| near(a, b)),
            "{name}: {drawn:?} drawn for {node_box:?}"
        );
        let texts: Vec<roxmltree::Node> = group
            .children()
            .filter(|n| n.has_tag_name("text"))
            .collect();
        let lines: Vec<&str> = texts.iter().map(|t| t.text().unwrap_or("")).collect();
        assert_eq!(lines, node.label_lines(), "{name}");
        for text in texts {
            let (left, baseline) = (number(name, text, "x"), number(name, text, "y"));
            assert!(
                left >= x && left < x + width,
                "{name}: {text:?} out of {node_box:?}"
            );
            assert!(baseline > y && baseline < y + height, "{name}: {text:?}");
        }
    }
    let edges = groups("edge");
    assert_eq!(edges.len(), graph.edges.len(), "{name}");
    for ((edge, route), group) in graph.edges.iter().zip(&layout.edges).zip(&edges) {
        let ids = (&graph.nodes[edge.from].id, &graph.nodes[edge.to].id);
        assert_eq!(group.attribute("data-from"), Some(ids.0.as_str()));
        assert_eq!(group.attribute("data-to"), Some(ids.1.as_str()));
        let path = group.children().find(|n| n.has_tag_name("path"));
        let d = path.and_then(|p| p.attribute("d")).expect("a path");
        let ends = path_ends(name, d);
        let laid_out = std::iter::once(route.curves[0][0]).chain(route.curves.iter().map(|c| c[3]));
        assert_eq!(ends.len(), route.curves.len() + 1, "{name}: {d}");
        for (drawn, point) in ends.iter().zip(laid_out) {
            assert!(
                near(drawn.0, point.x) && near(drawn.1, point.y),
                "{name}: {d} passes {drawn:?}, not {point:?}"
            );
        }
    }
}

#[test]
fn draws_the_dumped_pictures() {
    for (name, text) in fixtures() {
        let graph = parse_dot(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(graph.edges.len(), text.matches(" -> ").count(), "{name}");
        let layout = layout(&graph);
        assert_no_overlap(&name, &layout);
        assert_edges_follow_layers(&name, &graph, &layout);
        let svg = to_svg(&graph);
        assert_svg_draws_everything(&name, &graph, &svg);
        assert_eq!(
            dot_to_svg(&text).as_deref(),
            Ok(svg.as_str()),
            "deterministic"
        );
    }
}

#[test]
fn draws_styles_and_shapes() {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/batch_matmul.after.dot"),
    )
    .expect("fixture");
    let svg = dot_to_svg(&text).expect("parses");
    assert!(svg.contains("height=\"60\" fill=\"palegreen\"/>"), "{svg}");
    assert!(svg.contains("<ellipse"), "{svg}");
    assert!(svg.contains("stroke-width=\"2\"/>"), "{svg}");
    assert!(svg.contains("\">shape.cstr_require</text>"), "{svg}");
    assert!(svg.contains("&quot;batch matmul requires an lhs of rank &gt;= 2&quot;"));
    let dashed = dot_to_svg("digraph { a -> b [style = dashed label = \"in\"] }").unwrap();
    assert!(dashed.contains("stroke-dasharray=\"6,4\""), "{dashed}");
    let colored = dot_to_svg("digraph { a [color = red style = \"filled,dotted\"] }").unwrap();
    assert!(
        colored.contains(" fill=\"red\" stroke=\"red\" stroke-dasharray=\"1,3\"/>"),
        "{colored}"
    );
}

/// Paint every edge or every node shares is said once, in a `<style>`
/// whose rules reach only the drawing's own elements: the siblings after
/// its arrowhead marker, whose id differs from drawing to drawing.
#[test]
fn shared_paint_is_one_style_scoped_to_its_drawing() {
    let mut arrows = Vec::new();
    for (name, text) in fixtures() {
        let svg = dot_to_svg(&text).expect("parses");
        let document = roxmltree::Document::parse(&svg).expect("XML");
        let root = document.root_element();
        let children: Vec<roxmltree::Node> = root.children().collect();
        let tags: Vec<&str> = children.iter().map(|n| n.tag_name().name()).collect();
        assert_eq!(tags[..2], ["style", "marker"], "{name}");
        assert!(tags[2..].iter().all(|&t| t == "g"), "{name}: {tags:?}");
        let arrow = children[1].attribute("id").expect("marker id");
        let style = children[0].text().expect("rules");
        let rules: Vec<&str> = style.split_terminator('}').collect();
        assert_eq!(rules.len(), 3, "{name}: {style}");
        for rule in rules {
            let (selector, _) = rule.split_once('{').expect("a rule");
            assert!(
                selector.starts_with(&format!("#{arrow}~")),
                "{name}: {rule}"
            );
        }
        assert!(
            style.contains(&format!("marker-end:url(#{arrow})")),
            "{style}"
        );
        let groups = children[2..].iter().flat_map(|g| g.descendants());
        for path in groups.filter(|n| n.has_tag_name("path")) {
            let shared = ["fill", "stroke", "marker-end"];
            assert!(
                shared.iter().all(|&a| !path.has_attribute(a)),
                "{name}: {path:?} repeats shared paint (no fixture sets a colour)"
            );
        }
        arrows.push(arrow.to_string());
    }
    arrows.sort();
    arrows.dedup();
    assert_eq!(arrows.len(), fixtures().len(), "{arrows:?}");
}

#[test]
fn cycles_and_self_loops_are_drawn() {
    let graph = parse_dot("digraph { a -> b -> c -> a; b -> b; c -> a }").unwrap();
    let layout = layout(&graph);
    assert_edges_follow_layers("cycle", &graph, &layout);
    assert_eq!(layout.edges.iter().filter(|e| e.reversed).count(), 2);
    assert_svg_draws_everything("cycle", &graph, &to_svg(&graph));
}

#[test]
fn an_empty_graph_is_an_empty_picture() {
    let svg = dot_to_svg("digraph { }").unwrap();
    assert!(roxmltree::Document::parse(&svg).is_ok(), "{svg}");
}

/// Mutations of every fixture (bytes deleted, duplicated, replaced by
/// DOT punctuation, truncated) never make the parser panic, and whatever
/// parses draws as well-formed XML.
#[test]
fn garbage_never_panics() {
    const PUNCTUATION: &[u8] = b"{}[]=;,:\"\\<>-/*# \n\x00\xc3";
    let mut random = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut parsed = 0;
    for (_, text) in fixtures() {
        for _ in 0..60 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + random.below(4) {
                let at = random.below(bytes.len());
                match random.below(4) {
                    0 => drop(bytes.remove(at)),
                    1 => bytes.insert(at, bytes[at]),
                    2 => bytes[at] = PUNCTUATION[random.below(PUNCTUATION.len())],
                    _ => bytes.truncate(at),
                }
            }
            let garbage = String::from_utf8_lossy(&bytes);
            if let Ok(svg) = dot_to_svg(&garbage) {
                parsed += 1;
                assert!(roxmltree::Document::parse(&svg).is_ok(), "{garbage}");
            }
        }
    }
    assert!(parsed > 0);
    for garbage in [
        "",
        "{",
        "digraph",
        "digraph {",
        "digraph { a -> }",
        "\u{0}\u{ffff}",
    ] {
        assert!(parse_dot(garbage).is_err(), "{garbage:?}");
    }
}

/// A graph like a large e-graph: 2,000 labelled nodes, 4,000 edges
/// mostly to nearby later nodes, some back (cycles), a few self-loops.
fn synthetic(nodes: usize, edges: usize) -> String {
    let mut random = SplitMix64::new(42);
    let mut text = String::from("digraph {\n");
    for v in 0..nodes {
        let lines = 1 + random.below(4);
        let label: String = (0..lines).map(|i| format!("#{v} line {i}\\l")).collect();
        text.push_str(&format!("    {v} [ label = \"{label}\" shape = box]\n"));
    }
    for _ in 0..edges {
        let from = random.below(nodes);
        let to = match random.below(20) {
            0 => random.below(nodes),
            1 => from,
            _ => (from + 1 + random.below(30)).min(nodes - 1),
        };
        text.push_str(&format!("    {from} -> {to} [ ]\n"));
    }
    text.push_str("}\n");
    text
}

#[test]
fn a_large_graph_is_drawn_quickly() {
    let text = synthetic(2_000, 4_000);
    let start = Instant::now();
    let graph = parse_dot(&text).expect("parses");
    let parsed = start.elapsed();
    let layout = layout(&graph);
    let laid_out = start.elapsed();
    let svg = to_svg(&graph);
    let drawn = start.elapsed();
    println!(
        "2,000 nodes, 4,000 edges: parse {parsed:?}, layout {:?}, to_svg (layout included) {:?}; {} KB of SVG",
        laid_out - parsed,
        drawn - laid_out,
        svg.len() / 1024
    );
    assert!(drawn.as_secs() < 20, "{drawn:?}");
    assert_no_overlap("synthetic", &layout);
    assert_edges_follow_layers("synthetic", &graph, &layout);
    assert_svg_draws_everything("synthetic", &graph, &svg);
}
