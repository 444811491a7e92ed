//! Pictures of a function's constraints as Graphviz DOT text.
//!
//! - The **witness DAG** ([`witness_dag`], rendered by [`witness_dag_dot`]):
//!   one node per op that makes a witness (`shape.cstr_*`,
//!   `shape.assuming_all`, `shape.const_witness`, any other op with a
//!   `!shape.witness` result) and per `shape.assuming`; an edge from each
//!   witness to the op that combines it or the region it guards, and a
//!   dashed edge from each of these ops to the `shape.assuming` region it
//!   sits in. Labels give the op's name, its non-witness operands (by the
//!   op that computes them), its message and its `line:col`.
//! - The **e-graph** of `canonicalize-constraints` ([`egraph_dot`]): one
//!   node per e-class listing its e-nodes, an edge to each child class.
//!
//! `canonicalize-constraints` sends them through [`trace`] as `tracing`
//! events on target [`TARGET`] with the fields `function` (the symbol
//! name), `stage` (`before`, `egraph` or `after`) and `dot` (the text),
//! only when a subscriber listens to that target: they cost nothing
//! otherwise. A function with a constraint proven false stops the pass
//! after its `before` picture. `shape-opt --dump-constraint-graph=DIR` writes them to files.

use crate::language::{Graph, ShapeLang};
use egg::{Id, Language};
use ir::context::ValueDef;
use ir::{Attr, Context, OpId, OpKind, TypeKind, ValueId};
use petgraph::dot::{Config, Dot};
use petgraph::graph::{EdgeReference, NodeIndex};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Debug;

/// The `tracing` target of the constraint-graph events.
pub use pass::CONSTRAINT_GRAPH_TARGET as TARGET;

/// What a node of the witness DAG stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessKind {
    /// An op that checks something and makes a witness (`shape.cstr_*`, or
    /// any other op with a `!shape.witness` result).
    Constraint,
    /// `shape.assuming_all`: the conjunction of its witnesses.
    AllOf,
    /// `shape.const_witness`, passing or not.
    Constant { passing: bool },
    /// `shape.assuming`: a region run only if its witness holds.
    Assuming,
}

/// A node of the witness DAG.
#[derive(Clone, Debug)]
pub struct WitnessNode {
    pub op: OpId,
    pub kind: WitnessKind,
    /// One item per line: the op's name, then what it checks, then where.
    pub label: Vec<String>,
}

/// An edge of the witness DAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessEdge {
    /// A witness into the op that combines it (`shape.assuming_all`).
    Combined,
    /// A witness into the `shape.assuming` it guards.
    Guards,
    /// An op to the `shape.assuming` whose region holds it.
    Inside,
}

/// The witness DAG of `function` (see the module doc).
pub fn witness_dag(ctx: &Context, function: OpId) -> petgraph::Graph<WitnessNode, WitnessEdge> {
    let mut dag = petgraph::Graph::new();
    let mut nodes: HashMap<OpId, NodeIndex> = HashMap::new();
    ctx.walk_nested(function, &mut |op| {
        if let Some(kind) = witness_kind(ctx, op) {
            let label = witness_label(ctx, op, kind);
            nodes.insert(op, dag.add_node(WitnessNode { op, kind, label }));
        }
    });
    for index in dag.node_indices().collect::<Vec<_>>() {
        let WitnessNode { op, kind, .. } = dag[index];
        let witness_edge = match kind {
            WitnessKind::Assuming => WitnessEdge::Guards,
            _ => WitnessEdge::Combined,
        };
        for &v in &ctx.op(op).operands {
            let source = ctx.defining_op(v).and_then(|d| nodes.get(&d));
            if let (true, Some(&source)) = (is_witness(ctx, v), source) {
                dag.add_edge(source, index, witness_edge);
            }
        }
        if let Some(&region) = enclosing_assuming(ctx, op, function).and_then(|a| nodes.get(&a)) {
            dag.add_edge(index, region, WitnessEdge::Inside);
        }
    }
    dag
}

/// [`witness_dag`] as DOT text.
pub fn witness_dag_dot(ctx: &Context, function: OpId) -> String {
    let node_attributes = |node: &WitnessNode| {
        let shape = match node.kind {
            WitnessKind::Constraint => "shape = box",
            WitnessKind::AllOf => "shape = ellipse",
            WitnessKind::Constant { passing: true } => {
                "shape = box style = filled fillcolor = palegreen"
            }
            WitnessKind::Constant { passing: false } => {
                "shape = box style = filled fillcolor = lightpink"
            }
            WitnessKind::Assuming => "shape = folder",
        };
        format!("label = {} {shape}", quoted(&node.label))
    };
    let edge_attributes = |edge: &WitnessEdge| {
        match edge {
            WitnessEdge::Combined => "",
            WitnessEdge::Guards => "label = guards style = bold",
            WitnessEdge::Inside => "label = in style = dashed",
        }
        .to_string()
    };
    render(
        &witness_dag(ctx, function),
        node_attributes,
        edge_attributes,
    )
}

/// The e-graph as DOT text: one node per e-class (in id order) listing its
/// e-nodes, with their children as class ids (`list(#1, #4)`), and an edge
/// to each child class.
pub fn egraph_dot(graph: &Graph) -> String {
    let mut classes: Vec<_> = graph.classes().collect();
    classes.sort_by_key(|class| class.id);
    let mut picture = petgraph::Graph::<Vec<String>, ()>::new();
    let nodes: HashMap<Id, NodeIndex> = classes
        .iter()
        .map(|class| {
            let mut label = vec![format!("#{}", class.id)];
            label.extend(class.nodes.iter().map(|node| enode_text(graph, node)));
            (class.id, picture.add_node(label))
        })
        .collect();
    for class in &classes {
        let children: BTreeSet<Id> = class
            .nodes
            .iter()
            .flat_map(|node| node.children().iter().map(|&child| graph.find(child)))
            .collect();
        for child in children {
            if let (Some(&from), Some(&to)) = (nodes.get(&class.id), nodes.get(&child)) {
                picture.add_edge(from, to, ());
            }
        }
    }
    render(
        &picture,
        |label| format!("label = {} shape = box", quoted(label)),
        |()| String::new(),
    )
}

/// Which picture of a function [`trace`] sends.
pub enum Picture<'a> {
    /// The witness DAG before the pass changes the function.
    WitnessDagBefore,
    /// The function's final e-graph.
    EGraph(&'a Graph),
    /// The witness DAG once proven constraints are replaced.
    WitnessDagAfter,
}

/// Send `picture` of `function` as a [`TARGET`] event, if anyone listens.
pub fn trace(ctx: &Context, function: OpId, picture: Picture<'_>) {
    if !tracing::enabled!(target: TARGET, tracing::Level::INFO) {
        return;
    }
    let (stage, dot) = match picture {
        Picture::WitnessDagBefore => ("before", witness_dag_dot(ctx, function)),
        Picture::EGraph(graph) => ("egraph", egraph_dot(graph)),
        Picture::WitnessDagAfter => ("after", witness_dag_dot(ctx, function)),
    };
    let name = match ctx.attr(function, "sym_name") {
        Some(Attr::String(bytes)) => String::from_utf8_lossy(bytes),
        _ => "".into(),
    };
    tracing::info!(
        target: TARGET,
        function = name.as_ref(),
        stage,
        dot = dot.as_str()
    );
}

fn is_witness(ctx: &Context, v: ValueId) -> bool {
    matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Witness)
}

fn witness_kind(ctx: &Context, op: OpId) -> Option<WitnessKind> {
    match ctx.kind(op) {
        OpKind::ShapeAssuming => Some(WitnessKind::Assuming),
        OpKind::ShapeAssumingAll => Some(WitnessKind::AllOf),
        OpKind::ShapeConstWitness => Some(WitnessKind::Constant {
            passing: matches!(ctx.attr(op, "passing"), Some(Attr::Bool(true))),
        }),
        _ if ctx.op(op).results.iter().any(|&r| is_witness(ctx, r)) => {
            Some(WitnessKind::Constraint)
        }
        _ => None,
    }
}

/// The innermost `shape.assuming` holding `op` inside `function`.
fn enclosing_assuming(ctx: &Context, op: OpId, function: OpId) -> Option<OpId> {
    std::iter::successors(ctx.parent_op(op), |&p| ctx.parent_op(p))
        .take_while(|&p| p != function)
        .find(|&p| ctx.kind(p) == OpKind::ShapeAssuming)
}

fn witness_label(ctx: &Context, op: OpId, kind: WitnessKind) -> Vec<String> {
    let mut label = vec![ctx.op_name(op).to_string()];
    let operands: Vec<String> = ctx
        .op(op)
        .operands
        .iter()
        .filter(|&&v| !is_witness(ctx, v))
        .map(|&v| value_text(ctx, v))
        .collect();
    if !operands.is_empty() {
        label.push(operands.join(", "));
    }
    if let Some(message) = ctx.attr(op, "msg").and_then(Attr::as_str) {
        label.push(format!("\"{message}\""));
    }
    if let WitnessKind::Constant { passing } = kind {
        label.push(passing.to_string());
    }
    if let Some((_, line, col)) = ctx.op(op).loc.file_line_col() {
        label.push(format!("{line}:{col}"));
    }
    label
}

/// A value by what makes it: the defining op's name without its dialect
/// (`split_at#1` for its second result), or `argN` for a block argument.
fn value_text(ctx: &Context, v: ValueId) -> String {
    match ctx.value(v).def {
        ValueDef::OpResult { op, index } => {
            let name = ctx.op_name(op);
            let short = name.split_once('.').map_or(name, |(_, rest)| rest);
            match ctx.op(op).results.len() {
                1 => short.to_string(),
                _ => format!("{short}#{index}"),
            }
        }
        ValueDef::BlockArg { index, .. } => format!("arg{index}"),
    }
}

/// An e-node with its children as canonical class ids: `+(#3, #5)`, `7`.
fn enode_text(graph: &Graph, node: &ShapeLang) -> String {
    let children: Vec<String> = node
        .children()
        .iter()
        .map(|&child| format!("#{}", graph.find(child)))
        .collect();
    match children.is_empty() {
        true => node.to_string(),
        false => format!("{node}({})", children.join(", ")),
    }
}

/// DOT text of `graph`, with nodes' and edges' attributes (labels
/// included) from the given functions.
fn render<N: Debug, E: Debug>(
    graph: &petgraph::Graph<N, E>,
    node_attributes: impl Fn(&N) -> String,
    edge_attributes: impl Fn(&E) -> String,
) -> String {
    let edge_getter = |_, edge: EdgeReference<'_, E>| edge_attributes(edge.weight());
    let node_getter = |_, (_, node): (NodeIndex, &N)| node_attributes(node);
    let dot = Dot::with_attr_getters(
        graph,
        &[Config::NodeNoLabel, Config::EdgeNoLabel],
        &edge_getter,
        &node_getter,
    );
    // The weights are never printed (no-label configs): `Debug` is only the
    // trait bound under which `Dot` formats.
    format!("{dot:?}")
}

/// `lines` as a DOT string: quotes and backslashes escaped, each line
/// left-justified (`\l`).
fn quoted(lines: &[String]) -> String {
    let mut out = String::from("\"");
    for line in lines {
        for c in line.chars() {
            match c {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' => out.push_str("\\l"),
                _ => out.push(c),
            }
        }
        out.push_str("\\l");
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A constrained function: two constraints combined, an `assuming`
    /// guarded by them, and a constraint inside it guarding another.
    const FUNCTION: &str = r#"func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>, %n: index) -> tensor<?xindex> {
  %c2 = arith.constant 2 : index
  %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %p = arith.cmpi eq, %n, %c2 : index
  %w2 = shape.cstr_require %p, "say \"two\""
  %w = shape.assuming_all %w1, %w2
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %w3 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
    %t = shape.const_witness true
    %inner = shape.assuming %w3 -> (tensor<?xindex>) {
      shape.assuming_yield %a : tensor<?xindex>
    }
    shape.assuming_yield %inner : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
"#;

    fn parse(text: &str) -> (Context, OpId) {
        let (ctx, module) = filetests::ir_check::parse(text);
        let mut functions = Vec::new();
        ctx.walk_nested(module, &mut |op| {
            if ctx.kind(op) == OpKind::FuncFunc {
                functions.push(op);
            }
        });
        (ctx, functions[0])
    }

    /// The edges as `(source's first label line @ line, kind, target's ...)`.
    fn edges(
        dag: &petgraph::Graph<WitnessNode, WitnessEdge>,
    ) -> Vec<(String, WitnessEdge, String)> {
        let name = |i: NodeIndex| {
            let label = &dag[i].label;
            format!("{}@{}", label[0], label[label.len() - 1])
        };
        dag.edge_indices()
            .filter_map(|e| {
                let (from, to) = dag.edge_endpoints(e)?;
                Some((name(from), dag[e], name(to)))
            })
            .collect()
    }

    #[test]
    fn witness_dag_links_witnesses_to_what_combines_and_guards_them() {
        let (ctx, f) = parse(FUNCTION);
        let dag = witness_dag(&ctx, f);
        let labels: Vec<String> = dag.node_weights().map(|n| n.label.join(" | ")).collect();
        assert_eq!(
            labels,
            [
                "shape.cstr_eq | arg0, arg1 | 3:9",
                "shape.cstr_require | cmpi | \"say \"two\"\" | 5:9",
                "shape.assuming_all | 6:8",
                "shape.assuming | 7:8",
                "shape.cstr_broadcastable | arg0, arg1 | 8:11",
                "shape.const_witness | true | 9:10",
                "shape.assuming | 10:14",
            ]
        );
        use WitnessEdge::*;
        let expected = [
            ("shape.cstr_eq@3:9", Combined, "shape.assuming_all@6:8"),
            ("shape.cstr_require@5:9", Combined, "shape.assuming_all@6:8"),
            ("shape.assuming_all@6:8", Guards, "shape.assuming@7:8"),
            (
                "shape.cstr_broadcastable@8:11",
                Inside,
                "shape.assuming@7:8",
            ),
            ("shape.const_witness@9:10", Inside, "shape.assuming@7:8"),
            (
                "shape.cstr_broadcastable@8:11",
                Guards,
                "shape.assuming@10:14",
            ),
            ("shape.assuming@10:14", Inside, "shape.assuming@7:8"),
        ];
        let expected: Vec<(String, WitnessEdge, String)> = expected
            .iter()
            .map(|&(a, e, b)| (a.to_string(), e, b.to_string()))
            .collect();
        assert_eq!(edges(&dag), expected);
    }

    #[test]
    fn witness_dag_dot_is_escaped_and_styled() {
        let (ctx, f) = parse(FUNCTION);
        let dot = witness_dag_dot(&ctx, f);
        assert!(dot.starts_with("digraph {\n"), "{dot}");
        assert!(
            dot.contains(
                r#"label = "shape.cstr_require\lcmpi\l\"say \"two\"\"\l5:9\l" shape = box"#
            ),
            "{dot}"
        );
        assert!(dot.contains("fillcolor = palegreen"), "{dot}");
        assert!(
            dot.contains("2 -> 3 [ label = guards style = bold]"),
            "{dot}"
        );
        assert!(dot.contains("4 -> 3 [ label = in style = dashed]"), "{dot}");
        assert_eq!(dot.matches(" -> ").count(), 7, "{dot}");
    }

    #[test]
    fn egraph_dot_lists_classes_in_id_order_with_edges_to_children() {
        let mut graph = Graph::default();
        let two = graph.add(ShapeLang::Int(2));
        let n = graph.add(ShapeLang::Opaque("n".into()));
        let list = graph.add(ShapeLang::List(vec![two, n].into_boxed_slice()));
        // The analysis knows the rank of the list: it joins the class of `2`.
        let rank = graph.add(ShapeLang::Rank(list));
        graph.rebuild();
        assert_eq!(graph.find(rank), graph.find(two));
        let [two, n, list] = [two, n, list].map(|id| graph.find(id));
        let dot = egraph_dot(&graph);
        // Each class's line, found by its label.
        let line = |label: String| {
            dot.lines()
                .position(|l| l.contains(&label))
                .unwrap_or_else(|| panic!("no {label} in {dot}"))
        };
        let lines = [
            line(format!(
                r##"label = "#{two}\l2\lrank(#{list})\l" shape = box"##
            )),
            line(format!(r##"label = "#{n}\ln\l" shape = box"##)),
            line(format!(
                r##"label = "#{list}\llist(#{two}, #{n})\l" shape = box"##
            )),
        ];
        let mut by_id = [(two, lines[0]), (n, lines[1]), (list, lines[2])];
        by_id.sort();
        assert!(by_id.windows(2).all(|w| w[0].1 < w[1].1), "{dot}");
        // Node `k` of the DOT text is the `k`-th class in id order.
        let node = |id: Id| {
            by_id
                .iter()
                .position(|&(x, _)| x == id)
                .unwrap_or(usize::MAX)
        };
        for (from, to) in [(list, two), (list, n), (two, list)] {
            let edge = format!("{} -> {} ", node(from), node(to));
            assert!(dot.contains(&edge), "{edge}: {dot}");
        }
        assert_eq!(dot.matches(" -> ").count(), 3, "{dot}");
        assert_eq!(dot, egraph_dot(&graph), "deterministic");
    }
}
