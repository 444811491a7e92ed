//! Layers: cycles broken by reversing the back edges a depth-first
//! search finds, then each node on the longest path from a source, with
//! sources moved down next to their successors. Nodes without edges (but
//! self-loops) go on shelves below, in rows about as wide as the widest
//! layer, or square if there is nothing else.

/// Each node's layer and which edges the layering reverses.
pub(crate) struct Ranking {
    /// The layer of each node; every edge that is neither reversed nor a
    /// self-loop goes to a higher layer, every reversed one to a lower.
    pub layer: Vec<usize>,
    /// For each edge, whether it was reversed to break a cycle.
    pub reversed: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq)]
enum Mark {
    New,
    Open,
    Done,
}

/// The layering of a graph of `node_count` nodes and `edges` (from, to).
pub(crate) fn rank(node_count: usize, edges: &[(usize, usize)]) -> Ranking {
    let (reversed, postorder) = depth_first(node_count, edges);
    let mut successors = vec![Vec::new(); node_count];
    let mut has_predecessor = vec![false; node_count];
    for (&(from, to), &flip) in edges.iter().zip(&reversed) {
        let (a, b) = if flip { (to, from) } else { (from, to) };
        if a != b {
            successors[a].push(b);
            has_predecessor[b] = true;
        }
    }
    // Reverse postorder is a topological order once back edges turn round.
    let mut layer = vec![0; node_count];
    for &v in postorder.iter().rev() {
        for &w in &successors[v] {
            layer[w] = layer[w].max(layer[v] + 1);
        }
    }
    for &v in &postorder {
        if !has_predecessor[v] {
            if let Some(lowest) = successors[v].iter().map(|&w| layer[w]).min() {
                layer[v] = lowest - 1;
            }
        }
    }
    shelve_isolated(&mut layer, &has_predecessor, &successors);
    Ranking { layer, reversed }
}

/// Move the nodes with neither predecessors nor successors to rows below
/// the others.
fn shelve_isolated(layer: &mut [usize], has_predecessor: &[bool], successors: &[Vec<usize>]) {
    let isolated: Vec<usize> = (0..layer.len())
        .filter(|&v| !has_predecessor[v] && successors[v].is_empty())
        .collect();
    let mut widths = Vec::new();
    for (v, &l) in layer.iter().enumerate() {
        if has_predecessor[v] || !successors[v].is_empty() {
            widths.resize(widths.len().max(l + 1), 0);
            widths[l] += 1;
        }
    }
    let square = (isolated.len() as f64).sqrt().ceil() as usize;
    let per_row = widths.iter().copied().max().unwrap_or(0).max(square).max(1);
    for (i, &v) in isolated.iter().enumerate() {
        layer[v] = widths.len() + i / per_row;
    }
}

/// The back edges (not self-loops) of a depth-first search from each node
/// in index order, and the nodes in postorder.
fn depth_first(node_count: usize, edges: &[(usize, usize)]) -> (Vec<bool>, Vec<usize>) {
    let mut out = vec![Vec::new(); node_count];
    for (index, &(from, _)) in edges.iter().enumerate() {
        out[from].push(index);
    }
    let mut mark = vec![Mark::New; node_count];
    let mut reversed = vec![false; edges.len()];
    let mut postorder = Vec::with_capacity(node_count);
    for root in 0..node_count {
        if mark[root] != Mark::New {
            continue;
        }
        mark[root] = Mark::Open;
        let mut stack = vec![(root, 0)];
        while let Some((v, next)) = stack.last_mut() {
            let v = *v;
            let Some(&edge) = out[v].get(*next) else {
                mark[v] = Mark::Done;
                postorder.push(v);
                stack.pop();
                continue;
            };
            *next += 1;
            let w = edges[edge].1;
            match mark[w] {
                Mark::New => {
                    mark[w] = Mark::Open;
                    stack.push((w, 0));
                }
                Mark::Open => reversed[edge] = w != v,
                Mark::Done => {}
            }
        }
    }
    (reversed, postorder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_a_dag_by_longest_path() {
        let ranking = rank(4, &[(0, 1), (1, 2), (0, 2), (3, 2)]);
        assert_eq!(ranking.layer, [0, 1, 2, 1]);
        assert_eq!(ranking.reversed, [false; 4]);
    }

    #[test]
    fn reverses_one_edge_per_cycle_and_keeps_self_loops() {
        let ranking = rank(3, &[(0, 1), (1, 2), (2, 0), (1, 1)]);
        assert_eq!(ranking.reversed, [false, false, true, false]);
        assert_eq!(ranking.layer, [0, 1, 2]);
    }

    #[test]
    fn shelves_isolated_nodes_below() {
        let ranking = rank(7, &[(0, 1), (0, 2), (3, 3)]);
        assert_eq!(ranking.layer, [0, 1, 1, 2, 2, 3, 3]);
        assert_eq!(rank(4, &[]).layer, [0, 0, 1, 1]);
    }
}
