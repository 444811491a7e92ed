//! The graph model and the parser of the DOT subset `petgraph::dot::Dot`
//! writes: one `graph`/`digraph` with node, edge, attribute and `ID = ID`
//! statements (no subgraphs; ports are read and ignored).

use crate::lex::{tokens, Token};
use std::collections::HashMap;

/// A parsed graph: nodes in the order they were first named, edges in
/// the order they were written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    /// The nodes; an edge refers to them by index.
    pub nodes: Vec<Node>,
    /// The edges.
    pub edges: Vec<Edge>,
}

/// A node: its DOT ID and attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The ID the DOT text names it by.
    pub id: String,
    /// Its attributes, defaults from `node [...]` statements included.
    pub attributes: Attributes,
}

/// An edge between two nodes (indices into [`Graph::nodes`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// The node it leaves.
    pub from: usize,
    /// The node it enters.
    pub to: usize,
    /// Its attributes, defaults from `edge [...]` statements included.
    pub attributes: Attributes,
}

/// Attributes in the order first set; setting one again replaces its
/// value. Values are as written, with `\"` read as a quote and other
/// backslash escapes kept (see [`Node::label_lines`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attributes(Vec<(String, String)>);

impl Attributes {
    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Set `key` to `value`.
    pub fn set(&mut self, key: &str, value: &str) {
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value.to_string(),
            None => self.0.push((key.to_string(), value.to_string())),
        }
    }

    /// Whether `style` lists `style` (a comma-separated list in DOT).
    pub fn has_style(&self, style: &str) -> bool {
        self.get("style")
            .is_some_and(|s| s.split(',').any(|s| s.trim() == style))
    }

    /// Every attribute, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    fn extend(&mut self, other: &Attributes) {
        for (key, value) in other.iter() {
            self.set(key, value);
        }
    }
}

impl Node {
    /// The lines of its label; its ID when it has no `label`. `\l`, `\n`
    /// and `\r` end a line (a final one adds no empty line), `\\` is a
    /// backslash, `\N` the node's ID; other escapes are kept as written.
    pub fn label_lines(&self) -> Vec<String> {
        label_lines(self.attributes.get("label").unwrap_or(&self.id), &self.id)
    }
}

impl Edge {
    /// The lines of its label (read as [`Node::label_lines`] reads them);
    /// none when it has no `label`.
    pub fn label_lines(&self) -> Vec<String> {
        self.attributes
            .get("label")
            .map_or_else(Vec::new, |label| label_lines(label, ""))
    }
}

/// A DOT label as lines: `\l`, `\n` and `\r` end a line (a final line end
/// adds no empty line), `\\` is a backslash, `\N` is `id`; any other
/// escape is kept as written.
fn label_lines(label: &str, id: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut chars = label.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            line.push(c);
            continue;
        }
        match chars.next() {
            Some('l' | 'n' | 'r') => lines.push(std::mem::take(&mut line)),
            Some('\\') => line.push('\\'),
            Some('N') => line.push_str(id),
            Some(other) => {
                line.push('\\');
                line.push(other);
            }
            None => line.push('\\'),
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Parse `text`, one DOT graph of the subset in the module doc; never
/// panics, whatever the text.
pub fn parse_dot(text: &str) -> Result<Graph, String> {
    let mut parser = Parser {
        tokens: tokens(text)?,
        at: 0,
        graph: Graph::default(),
        ids: HashMap::new(),
        node_defaults: Attributes::default(),
        edge_defaults: Attributes::default(),
    };
    parser.header()?;
    while !parser.eat(&Token::Punct('}')) {
        parser.statement()?;
    }
    match parser.peek() {
        None => Ok(parser.graph),
        Some(token) => Err(format!("unexpected {token:?} after the graph")),
    }
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    graph: Graph,
    ids: HashMap<String, usize>,
    node_defaults: Attributes,
    edge_defaults: Attributes,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Result<Token, String> {
        let token = self.peek().cloned().ok_or("unexpected end of text")?;
        self.at += 1;
        Ok(token)
    }

    fn eat(&mut self, token: &Token) -> bool {
        let matched = self.peek() == Some(token);
        self.at += usize::from(matched);
        matched
    }

    fn expect(&mut self, token: &Token) -> Result<(), String> {
        match self.next()? {
            t if &t == token => Ok(()),
            t => Err(format!("expected {token:?}, found {t:?}")),
        }
    }

    /// The keyword `word` (unquoted, any case) next, if it is.
    fn eat_keyword(&mut self, word: &str) -> bool {
        let matched = matches!(self.peek(),
            Some(Token::Id { text, quoted: false }) if text.eq_ignore_ascii_case(word));
        self.at += usize::from(matched);
        matched
    }

    fn id(&mut self) -> Result<String, String> {
        match self.next()? {
            Token::Id { text, .. } => Ok(text),
            t => Err(format!("expected an ID, found {t:?}")),
        }
    }

    /// `[strict] (graph | digraph) [ID] {`
    fn header(&mut self) -> Result<(), String> {
        self.eat_keyword("strict");
        if !self.eat_keyword("digraph") && !self.eat_keyword("graph") {
            return Err("expected `digraph` or `graph`".into());
        }
        if let Some(Token::Id { .. }) = self.peek() {
            self.at += 1;
        }
        self.expect(&Token::Punct('{'))
    }

    fn statement(&mut self) -> Result<(), String> {
        if self.eat(&Token::Punct(';')) {
            return Ok(());
        }
        if self.eat_keyword("subgraph") || self.peek() == Some(&Token::Punct('{')) {
            return Err("subgraphs are not supported".into());
        }
        if self.eat_keyword("node") {
            let attributes = self.attribute_lists()?;
            self.node_defaults.extend(&attributes);
        } else if self.eat_keyword("edge") {
            let attributes = self.attribute_lists()?;
            self.edge_defaults.extend(&attributes);
        } else if self.eat_keyword("graph") {
            self.attribute_lists()?;
        } else {
            let first = self.node_id()?;
            if self.eat(&Token::Punct('=')) {
                self.id()?;
            } else {
                self.node_or_edges(first)?;
            }
        }
        self.eat(&Token::Punct(';'));
        Ok(())
    }

    /// A node ID, its port (`:port[:compass]`) dropped.
    fn node_id(&mut self) -> Result<String, String> {
        let id = self.id()?;
        for _ in 0..2 {
            if self.eat(&Token::Punct(':')) {
                self.id()?;
            }
        }
        Ok(id)
    }

    /// The rest of a statement that starts with node `first`.
    fn node_or_edges(&mut self, first: String) -> Result<(), String> {
        let mut chain = vec![self.node(first)];
        while self.eat(&Token::EdgeOp) {
            let id = self.node_id()?;
            chain.push(self.node(id));
        }
        let attributes = self.attribute_lists()?;
        if let [node] = chain[..] {
            self.graph.nodes[node].attributes.extend(&attributes);
            return Ok(());
        }
        for pair in chain.windows(2) {
            let mut edge_attributes = self.edge_defaults.clone();
            edge_attributes.extend(&attributes);
            self.graph.edges.push(Edge {
                from: pair[0],
                to: pair[1],
                attributes: edge_attributes,
            });
        }
        Ok(())
    }

    /// The index of the node named `id`, added with the current node
    /// defaults on first mention.
    fn node(&mut self, id: String) -> usize {
        if let Some(&index) = self.ids.get(&id) {
            return index;
        }
        let index = self.graph.nodes.len();
        self.ids.insert(id.clone(), index);
        self.graph.nodes.push(Node {
            id,
            attributes: self.node_defaults.clone(),
        });
        index
    }

    /// Zero or more `[ key = value ... ]` lists, separated by `,` or `;`
    /// or nothing.
    fn attribute_lists(&mut self) -> Result<Attributes, String> {
        let mut attributes = Attributes::default();
        while self.eat(&Token::Punct('[')) {
            while !self.eat(&Token::Punct(']')) {
                let key = self.id()?;
                self.expect(&Token::Punct('='))?;
                let value = self.id()?;
                attributes.set(&key, &value);
                let _ = self.eat(&Token::Punct(',')) || self.eat(&Token::Punct(';'));
            }
        }
        Ok(attributes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_petgraph_output() {
        let graph = parse_dot(
            "digraph {\n    0 [ label = \"#4\\lshape_of\\l\" shape = box]\n    \
             1 [ label = \"a \\\"q\\\"\" shape = ellipse]\n    0 -> 1 [ label = guards style = bold]\n    \
             1 -> 0 [ ]\n}\n",
        )
        .unwrap();
        assert_eq!(graph.nodes.len(), 2);
        assert_eq!(graph.nodes[0].label_lines(), ["#4", "shape_of"]);
        assert_eq!(graph.nodes[1].label_lines(), ["a \"q\""]);
        assert_eq!(graph.nodes[1].attributes.get("shape"), Some("ellipse"));
        assert_eq!((graph.edges[0].from, graph.edges[0].to), (0, 1));
        assert_eq!(graph.edges[0].label_lines(), ["guards"]);
        assert!(graph.edges[0].attributes.has_style("bold"));
        assert!(graph.edges[1].label_lines().is_empty());
    }

    #[test]
    fn applies_defaults_chains_and_implicit_nodes() {
        let graph =
            parse_dot("strict digraph g { rankdir = LR; node [shape=ellipse]; edge [style=\"dashed,bold\"] a -> b:p -> c; b [label=\"\\N!\"] }")
                .unwrap();
        let ids: Vec<&str> = graph.nodes.iter().map(|n| n.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert_eq!(graph.nodes[2].attributes.get("shape"), Some("ellipse"));
        assert_eq!(graph.nodes[1].label_lines(), ["b!"]);
        assert_eq!(graph.edges.len(), 2);
        assert!(graph.edges[1].attributes.has_style("bold"));
    }

    #[test]
    fn label_lines_read_escapes() {
        assert_eq!(label_lines(r"a\\l\lb\n", "x"), [r"a\l", "b"]);
        assert_eq!(label_lines("", "x"), [""]);
        assert_eq!(label_lines(r"\q\", "x"), [r"\q\"]);
    }

    #[test]
    fn rejects_what_it_does_not_read() {
        for text in [
            "",
            "digraph {",
            "digraph { subgraph x {} }",
            "digraph { a [b] }",
            "x {}",
        ] {
            assert!(parse_dot(text).is_err(), "{text}");
        }
    }
}
