//! The crate's guarantees on real pictures shape-opt dumped
//! (`--dump-constraint-graph`, in `tests/data/`), on garbage, and on a
//! large synthetic graph.

use graph_svg::{dot_to_svg, layout, parse_dot, to_svg, Graph, Layout, NodeBox};
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

/// The SVG parses as XML and has one node group per node (findable by
/// its label's first line) and one edge group per edge.
fn assert_svg_draws_everything(name: &str, graph: &Graph, svg: &str) {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: {e}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let groups = |class: &str| {
        root.descendants()
            .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
            .collect::<Vec<_>>()
    };
    let nodes = groups("node");
    assert_eq!(nodes.len(), graph.nodes.len(), "{name}");
    for (node, group) in graph.nodes.iter().zip(&nodes) {
        let lines = node.label_lines();
        assert_eq!(group.attribute("data-id"), Some(node.id.as_str()));
        assert_eq!(
            group.attribute("data-label-first-line"),
            Some(lines[0].as_str())
        );
        let spans: Vec<&str> = group
            .descendants()
            .filter(|n| n.has_tag_name("tspan"))
            .map(|n| n.text().unwrap_or(""))
            .collect();
        assert_eq!(spans, lines, "{name}");
    }
    assert_eq!(groups("edge").len(), graph.edges.len(), "{name}");
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
    assert!(svg.contains("fill=\"palegreen\""), "{svg}");
    assert!(svg.contains("<ellipse"), "{svg}");
    assert!(svg.contains("stroke-width=\"2\""), "{svg}");
    assert!(
        svg.contains("data-label-first-line=\"shape.cstr_require\""),
        "{svg}"
    );
    assert!(svg.contains("&quot;batch matmul requires an lhs of rank &gt;= 2&quot;"));
    let dashed = dot_to_svg("digraph { a -> b [style = dashed label = \"in\"] }").unwrap();
    assert!(dashed.contains("stroke-dasharray"), "{dashed}");
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

/// A deterministic pseudo-random sequence (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Mutations of every fixture (bytes deleted, duplicated, replaced by
/// DOT punctuation, truncated) never make the parser panic, and whatever
/// parses draws as well-formed XML.
#[test]
fn garbage_never_panics() {
    const PUNCTUATION: &[u8] = b"{}[]=;,:\"\\<>-/*# \n\x00\xc3";
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
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
    let mut random = Random(42);
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
