//! The layered layout of a graph: see [`layout`].

use crate::dot::Graph;
use crate::metrics::text_size;
use crate::rank::{rank, Ranking};

/// Space around the drawing.
const MARGIN: f64 = 16.0;
/// Space between a node's border and its label, across and down.
const PADDING: (f64, f64) = (8.0, 6.0);
/// How much wider and taller an ellipse is than the label it holds.
const ELLIPSE_GROWTH: f64 = 1.3;
/// Horizontal space between two nodes, and next to a virtual vertex.
const NODE_GAP: f64 = 24.0;
const VIRTUAL_GAP: f64 = 12.0;
/// Vertical space between layers, before room for edge labels.
const LAYER_GAP: f64 = 36.0;
/// How far a self-loop reaches right of its node, and half its height.
const LOOP_REACH: f64 = 28.0;
const LOOP_HALF_HEIGHT: f64 = 16.0;
/// Rounds of barycenter sweeps and of coordinate sweeps.
const SWEEPS: usize = 4;
/// Virtual vertices allowed per node and edge of the graph.
const VIRTUAL_PER_ITEM: usize = 8;

/// A point of the drawing, in pixels, y down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// Where a node is drawn: its bounding box and its layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeBox {
    /// The left edge.
    pub x: f64,
    /// The top edge.
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// Its layer, 0 at the top.
    pub layer: usize,
}

impl NodeBox {
    /// The centre of the box.
    pub fn center(&self) -> Point {
        Point {
            x: self.x + self.width / 2.0,
            y: self.y + self.height / 2.0,
        }
    }
}

/// A cubic Bézier curve: start, two control points, end.
pub type Cubic = [Point; 4];

/// How an edge is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeRoute {
    /// Consecutive curves from the edge's source to its target (where the
    /// arrowhead goes).
    pub curves: Vec<Cubic>,
    /// Whether the edge goes up, against the layers, to break a cycle.
    pub reversed: bool,
    /// Where its label's text starts (left end, vertical centre).
    pub label_at: Point,
}

/// A drawing of a [`Graph`]: one box per node and one route per edge, in
/// the graph's order, within `width` × `height` (all coordinates are
/// non-negative).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub nodes: Vec<NodeBox>,
    pub edges: Vec<EdgeRoute>,
    pub width: f64,
    pub height: f64,
}

/// Lay `graph` out in layers (Sugiyama-style), top to bottom:
///
/// 1. cycles broken by reversing the back edges of a depth-first search;
///    each node in the layer after its longest path from a source, sources
///    moved down next to their successors, nodes without edges on shelves
///    below;
/// 2. an edge spanning several layers gets a virtual vertex in each layer
///    it crosses (the shortest edges first, within a budget of 8 per node
///    and edge of the graph; a longer edge is drawn straight through);
/// 3. the order within each layer from 4 rounds of down-and-up barycenter
///    sweeps;
/// 4. each layer's x coordinates as close as the order and the spacing
///    allow to the mean of their neighbours' (isotonic regression), in
///    sweeps too; layers stacked with gaps that leave room for edge
///    labels;
/// 5. each edge a chain of cubic curves: straight down through a layer
///    (along its virtual vertex), curved across each gap; a self-loop out
///    of its node's right side.
///
/// Deterministic: the same graph always gets the same layout.
pub fn layout(graph: &Graph) -> Layout {
    let sizes: Vec<(f64, f64)> = graph.nodes.iter().map(node_size).collect();
    let ends: Vec<(usize, usize)> = graph.edges.iter().map(|e| (e.from, e.to)).collect();
    let labels: Vec<(f64, f64)> = graph
        .edges
        .iter()
        .map(|e| text_size(&e.label_lines()))
        .collect();
    let ranking = rank(sizes.len(), &ends);
    let grid = Grid::new(&sizes, &ends, &labels, &ranking);
    let x = grid.x_coordinates();
    let label_height = labels.iter().map(|l| l.1).fold(0.0, f64::max);
    let bands = Bands::new(&grid, &sizes, LAYER_GAP + label_height);
    let nodes: Vec<NodeBox> = sizes
        .iter()
        .enumerate()
        .map(|(v, &(width, height))| NodeBox {
            x: x[v] - width / 2.0,
            y: bands.top[grid.layer[v]] + (bands.height[grid.layer[v]] - height) / 2.0,
            width,
            height,
            layer: grid.layer[v],
        })
        .collect();
    let edges = grid
        .chains
        .iter()
        .zip(&ends)
        .zip(&ranking.reversed)
        .map(|((chain, &(from, _)), &reversed)| match chain[..] {
            [] => self_loop(&nodes[from]),
            _ => route(chain, reversed, &nodes, &grid, &x, &bands),
        })
        .collect();
    fit(nodes, edges, &labels)
}

/// The size of a node's box from its label and shape.
fn node_size(node: &crate::dot::Node) -> (f64, f64) {
    let (width, height) = text_size(&node.label_lines());
    let (width, height) = (width + 2.0 * PADDING.0, height + 2.0 * PADDING.1);
    match node.attributes.get("shape") {
        Some("ellipse" | "oval" | "circle") => (width * ELLIPSE_GROWTH, height * ELLIPSE_GROWTH),
        _ => (width, height),
    }
}

/// The layered graph: the nodes (vertices `0..n`) and the virtual
/// vertices of long edges, each in a layer, with the order in each layer.
struct Grid {
    node_count: usize,
    layer: Vec<usize>,
    /// How far each vertex reaches left and right of its x coordinate.
    left: Vec<f64>,
    right: Vec<f64>,
    /// The neighbours of each vertex in the layer above and below.
    above: Vec<Vec<usize>>,
    below: Vec<Vec<usize>>,
    /// The vertices of each layer, in order.
    rows: Vec<Vec<usize>>,
    /// The vertices of each edge, top to bottom; empty for a self-loop.
    chains: Vec<Vec<usize>>,
}

impl Grid {
    fn new(
        sizes: &[(f64, f64)],
        ends: &[(usize, usize)],
        labels: &[(f64, f64)],
        ranking: &Ranking,
    ) -> Grid {
        let node_count = sizes.len();
        let mut grid = Grid {
            node_count,
            layer: ranking.layer.clone(),
            left: sizes.iter().map(|s| s.0 / 2.0).collect(),
            right: sizes.iter().map(|s| s.0 / 2.0).collect(),
            above: vec![Vec::new(); node_count],
            below: vec![Vec::new(); node_count],
            rows: Vec::new(),
            chains: Vec::with_capacity(ends.len()),
        };
        let oriented: Vec<(usize, usize)> = ends
            .iter()
            .zip(&ranking.reversed)
            .map(|(&(from, to), &reversed)| if reversed { (to, from) } else { (from, to) })
            .collect();
        let with_virtual = grid.virtual_allowance(&oriented, node_count + ends.len());
        for (edge, &(a, b)) in oriented.iter().enumerate() {
            if a == b {
                grid.right[a] += LOOP_REACH + labels[edge].0;
            }
            let chain = grid.chain(a, b, with_virtual[edge]);
            grid.chains.push(chain);
        }
        grid.rows = vec![Vec::new(); grid.layer.iter().max().map_or(0, |&l| l + 1)];
        for (v, &layer) in grid.layer.iter().enumerate() {
            grid.rows[layer].push(v);
        }
        grid.reduce_crossings();
        grid
    }

    /// Which edges get virtual vertices: those spanning several layers,
    /// shortest first, while the total stays within budget.
    fn virtual_allowance(&self, oriented: &[(usize, usize)], items: usize) -> Vec<bool> {
        let span = |&(a, b): &(usize, usize)| self.layer[b].saturating_sub(self.layer[a]);
        let mut long: Vec<usize> = (0..oriented.len())
            .filter(|&e| span(&oriented[e]) > 1)
            .collect();
        long.sort_by_key(|&e| span(&oriented[e]));
        let mut allowed = vec![false; oriented.len()];
        let mut budget = VIRTUAL_PER_ITEM * items;
        for e in long {
            let needed = span(&oriented[e]) - 1;
            if needed > budget {
                break;
            }
            budget -= needed;
            allowed[e] = true;
        }
        allowed
    }

    /// The vertices of an edge from `a` down to `b`, with a virtual vertex
    /// in each layer between if `with_virtual`; linked to each other when
    /// in adjacent layers.
    fn chain(&mut self, a: usize, b: usize, with_virtual: bool) -> Vec<usize> {
        if a == b {
            return Vec::new();
        }
        let mut chain = vec![a];
        if with_virtual {
            for layer in self.layer[a] + 1..self.layer[b] {
                chain.push(self.add_virtual(layer));
            }
        }
        chain.push(b);
        for pair in chain.windows(2) {
            if self.layer[pair[0]] + 1 == self.layer[pair[1]] {
                self.below[pair[0]].push(pair[1]);
                self.above[pair[1]].push(pair[0]);
            }
        }
        chain
    }

    fn add_virtual(&mut self, layer: usize) -> usize {
        self.layer.push(layer);
        self.left.push(0.0);
        self.right.push(0.0);
        self.above.push(Vec::new());
        self.below.push(Vec::new());
        self.layer.len() - 1
    }

    /// Reorder each layer by the barycenter of its neighbours' positions,
    /// down then up, [`SWEEPS`] times.
    fn reduce_crossings(&mut self) {
        let mut position = vec![0; self.layer.len()];
        for row in &self.rows {
            for (i, &v) in row.iter().enumerate() {
                position[v] = i;
            }
        }
        for _ in 0..SWEEPS {
            for row in self.rows.iter_mut().skip(1) {
                sort_by_barycenter(row, &self.above, &mut position);
            }
            for row in self.rows.iter_mut().rev().skip(1) {
                sort_by_barycenter(row, &self.below, &mut position);
            }
        }
    }

    /// The x coordinate of each vertex's centre.
    fn x_coordinates(&self) -> Vec<f64> {
        let mut x = vec![0.0; self.layer.len()];
        for row in &self.rows {
            self.place(row, &vec![0.0; row.len()], &mut x);
        }
        for _ in 0..SWEEPS {
            self.align(self.rows.iter(), &[&self.above], &mut x);
            self.align(self.rows.iter().rev(), &[&self.below], &mut x);
        }
        self.align(self.rows.iter(), &[&self.above, &self.below], &mut x);
        x
    }

    /// Move each row in turn towards the mean x of its vertices'
    /// neighbours in `sides`.
    fn align<'a>(
        &self,
        rows: impl Iterator<Item = &'a Vec<usize>>,
        sides: &[&Vec<Vec<usize>>],
        x: &mut [f64],
    ) {
        for row in rows {
            let desired: Vec<f64> = row
                .iter()
                .map(|&v| {
                    let neighbours = sides.iter().flat_map(|side| &side[v]);
                    mean(neighbours.map(|&u| x[u])).unwrap_or(x[v])
                })
                .collect();
            self.place(row, &desired, x);
        }
    }

    /// Give `row` the x coordinates nearest `desired` (least squares) that
    /// keep its order and spacing: isotonic regression by pooling
    /// adjacent violators.
    fn place(&self, row: &[usize], desired: &[f64], x: &mut [f64]) {
        let mut offsets = Vec::with_capacity(row.len());
        let mut offset = 0.0;
        for (i, &v) in row.iter().enumerate() {
            if let Some(&previous) = i.checked_sub(1).and_then(|p| row.get(p)) {
                offset += self.right[previous] + self.gap(previous, v) + self.left[v];
            }
            offsets.push(offset);
        }
        let mut blocks: Vec<(f64, usize)> = Vec::new();
        for (&want, &offset) in desired.iter().zip(&offsets) {
            let mut block = (want - offset, 1);
            while let Some(&(sum, count)) = blocks.last() {
                if sum / count as f64 <= block.0 / block.1 as f64 {
                    break;
                }
                block = (sum + block.0, count + block.1);
                blocks.pop();
            }
            blocks.push(block);
        }
        let means = blocks
            .iter()
            .flat_map(|&(sum, count)| std::iter::repeat_n(sum / count as f64, count));
        for ((&v, &offset), base) in row.iter().zip(&offsets).zip(means) {
            x[v] = base + offset;
        }
    }

    fn gap(&self, a: usize, b: usize) -> f64 {
        match a < self.node_count && b < self.node_count {
            true => NODE_GAP,
            false => VIRTUAL_GAP,
        }
    }
}

/// Sort `row` by the mean position of each vertex's `neighbours` (a vertex
/// without any keeps its own position), stably, and record the positions.
fn sort_by_barycenter(row: &mut [usize], neighbours: &[Vec<usize>], position: &mut [usize]) {
    let mut keyed: Vec<(f64, usize)> = row
        .iter()
        .map(|&v| {
            let at = neighbours[v].iter().map(|&u| position[u] as f64);
            (mean(at).unwrap_or(position[v] as f64), v)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (i, (slot, (_, v))) in row.iter_mut().zip(keyed).enumerate() {
        *slot = v;
        position[v] = i;
    }
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0usize), |(s, c), v| (s + v, c + 1));
    (count > 0).then(|| sum / count as f64)
}

/// The top and height of each layer's band.
struct Bands {
    top: Vec<f64>,
    height: Vec<f64>,
}

impl Bands {
    fn new(grid: &Grid, sizes: &[(f64, f64)], gap: f64) -> Bands {
        let height: Vec<f64> = grid
            .rows
            .iter()
            .map(|row| {
                let nodes = row.iter().filter_map(|&v| sizes.get(v));
                nodes.map(|s| s.1).fold(0.0, f64::max)
            })
            .collect();
        let top = height
            .iter()
            .scan(0.0, |next, &h| {
                let top = *next;
                *next += h + gap;
                Some(top)
            })
            .collect();
        Bands { top, height }
    }
}

/// The curves of an edge along `chain` (top to bottom): from the bottom
/// of its first node, straight through the band of each virtual vertex,
/// to the top of its last; turned round if `reversed`.
fn route(
    chain: &[usize],
    reversed: bool,
    nodes: &[NodeBox],
    grid: &Grid,
    x: &[f64],
    bands: &Bands,
) -> EdgeRoute {
    let (first, last) = (&nodes[chain[0]], &nodes[chain[chain.len() - 1]]);
    let mut points = vec![Point {
        x: first.center().x,
        y: first.y + first.height,
    }];
    for &v in &chain[1..chain.len() - 1] {
        let layer = grid.layer[v];
        let top = bands.top[layer];
        points.push(Point { x: x[v], y: top });
        points.push(Point {
            x: x[v],
            y: top + bands.height[layer],
        });
    }
    points.push(Point {
        x: last.center().x,
        y: last.y,
    });
    if reversed {
        points.reverse();
    }
    // Points pair up: each pair crosses one gap between layers.
    let middle = points.len() / 2 / 2 * 2;
    let (p, q) = (points[middle], points[middle + 1]);
    EdgeRoute {
        curves: points.windows(2).map(|w| gap_curve(w[0], w[1])).collect(),
        reversed,
        label_at: Point {
            x: (p.x + q.x) / 2.0 + 4.0,
            y: (p.y + q.y) / 2.0,
        },
    }
}

/// A curve from `p` to `q` leaving and arriving vertically.
fn gap_curve(p: Point, q: Point) -> Cubic {
    let middle = (p.y + q.y) / 2.0;
    [
        p,
        Point { x: p.x, y: middle },
        Point { x: q.x, y: middle },
        q,
    ]
}

/// A loop out of a node's right side and back.
fn self_loop(node: &NodeBox) -> EdgeRoute {
    let (right, center) = (node.x + node.width, node.center().y);
    let at = |dx: f64, dy: f64| Point {
        x: right + dx,
        y: center + dy,
    };
    EdgeRoute {
        curves: vec![[
            at(0.0, -LOOP_HALF_HEIGHT / 2.0),
            at(LOOP_REACH, -LOOP_HALF_HEIGHT),
            at(LOOP_REACH, LOOP_HALF_HEIGHT),
            at(0.0, LOOP_HALF_HEIGHT / 2.0),
        ]],
        reversed: false,
        label_at: at(LOOP_REACH * 0.75 + 4.0, 0.0),
    }
}

/// The layout moved so everything (labels included, of the given sizes)
/// starts at the margin, and its size.
fn fit(mut nodes: Vec<NodeBox>, mut edges: Vec<EdgeRoute>, labels: &[(f64, f64)]) -> Layout {
    let mut low = Point {
        x: f64::INFINITY,
        y: f64::INFINITY,
    };
    let mut high = Point {
        x: f64::NEG_INFINITY,
        y: f64::NEG_INFINITY,
    };
    let mut cover = |a: Point, b: Point| {
        (low.x, low.y) = (low.x.min(a.x), low.y.min(a.y));
        (high.x, high.y) = (high.x.max(b.x), high.y.max(b.y));
    };
    for n in &nodes {
        let corner = Point {
            x: n.x + n.width,
            y: n.y + n.height,
        };
        cover(Point { x: n.x, y: n.y }, corner);
    }
    for (edge, &(width, height)) in edges.iter().zip(labels) {
        edge.curves.iter().flatten().for_each(|&p| cover(p, p));
        let at = edge.label_at;
        cover(
            Point {
                x: at.x,
                y: at.y - height / 2.0,
            },
            Point {
                x: at.x + width,
                y: at.y + height / 2.0,
            },
        );
    }
    if nodes.is_empty() {
        (low, high) = (Point { x: 0.0, y: 0.0 }, Point { x: 0.0, y: 0.0 });
    }
    let (dx, dy) = (MARGIN - low.x, MARGIN - low.y);
    for n in &mut nodes {
        (n.x, n.y) = (n.x + dx, n.y + dy);
    }
    for edge in &mut edges {
        let points = edge.curves.iter_mut().flatten();
        for p in points.chain(std::iter::once(&mut edge.label_at)) {
            (p.x, p.y) = (p.x + dx, p.y + dy);
        }
    }
    Layout {
        nodes,
        edges,
        width: high.x + dx + MARGIN,
        height: high.y + dy + MARGIN,
    }
}
