//! The rewrite rules, by family. Each is named and none rewrites to
//! something worse; no blanket commutativity (operands keep their order).
//! Some hold only where the analysis knows enough (`if` a condition on
//! the classes' facts).

use crate::language::{Graph, ShapeAnalysis, ShapeLang};
use egg::{rewrite as rw, Id, Rewrite, Subst, Var};
use std::sync::LazyLock;

/// Rank identities.
pub fn rank() -> Vec<Rewrite<ShapeLang, ShapeAnalysis>> {
    vec![
        rw!("rank-of-concat"; "(rank (concat ?a ?b))" => "(+ (rank ?a) (rank ?b))"),
        rw!("rank-of-broadcast"; "(rank (broadcast ?a ?b))" => "(max (rank ?a) (rank ?b))"),
    ]
}

/// Splits and concatenations.
pub fn split_concat() -> Vec<Rewrite<ShapeLang, ShapeAnalysis>> {
    vec![rw!("concat-of-split"; "(concat (head ?s ?i) (tail ?s ?i))" => "?s")]
}

/// Broadcasting.
pub fn broadcast() -> Vec<Rewrite<ShapeLang, ShapeAnalysis>> {
    vec![rw!("broadcast-idempotent"; "(broadcast ?a ?a)" => "?a")]
}

/// Index arithmetic and predicates (constants fold in the analysis, with
/// overflow checked).
pub fn arith() -> Vec<Rewrite<ShapeLang, ShapeAnalysis>> {
    vec![
        rw!("add-zero"; "(+ ?a 0)" => "?a"),
        rw!("mul-one"; "(* ?a 1)" => "?a"),
        rw!("sub-self"; "(- ?a ?a)" => "0"),
        rw!("max-self"; "(max ?a ?a)" => "?a"),
        rw!("min-self"; "(min ?a ?a)" => "?a"),
        rw!("eq-self"; "(eq ?a ?a)" => "1"),
        rw!("ne-self"; "(ne ?a ?a)" => "0"),
        rw!("sle-self"; "(sle ?a ?a)" => "1"),
        rw!("sge-self"; "(sge ?a ?a)" => "1"),
        rw!("and-true"; "(and ?a 1)" => "?a"),
        rw!("and-self"; "(and ?a ?a)" => "?a"),
    ]
}

/// Whether every value of `?a` is at most every value of `?b` (their
/// intervals).
fn ordered(a: &str, b: &str) -> impl Fn(&mut Graph, Id, &Subst) -> bool {
    let var = |name: &str| name.parse::<Var>().ok();
    let (a, b) = (var(a), var(b));
    move |graph, _, subst| {
        let interval = |v: Option<Var>| {
            v.and_then(|v| subst.get(v))
                .map(|&id| graph[id].data.interval)
        };
        interval(a)
            .zip(interval(b))
            .is_some_and(|(a, b)| a.hi() <= b.lo())
    }
}

/// Maxima and minima the operands' intervals decide.
pub fn bounds() -> Vec<Rewrite<ShapeLang, ShapeAnalysis>> {
    vec![
        rw!("max-of-ordered"; "(max ?a ?b)" => "?b" if ordered("?a", "?b")),
        rw!("max-of-reversed"; "(max ?a ?b)" => "?a" if ordered("?b", "?a")),
        rw!("min-of-ordered"; "(min ?a ?b)" => "?a" if ordered("?a", "?b")),
        rw!("min-of-reversed"; "(min ?a ?b)" => "?b" if ordered("?b", "?a")),
    ]
}

/// Every rule, compiled once.
static ALL: LazyLock<Vec<Rewrite<ShapeLang, ShapeAnalysis>>> = LazyLock::new(|| {
    [rank(), split_concat(), broadcast(), arith(), bounds()]
        .into_iter()
        .flatten()
        .collect()
});

/// Every rule.
pub fn all() -> &'static [Rewrite<ShapeLang, ShapeAnalysis>] {
    &ALL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Graph;
    use egg::{RecExpr, Runner};

    /// Each rule, with an expression it rewrites and what that must equal.
    const CASES: &[(&str, &str, &str)] = &[
        (
            "rank-of-concat",
            "(rank (concat a b))",
            "(+ (rank a) (rank b))",
        ),
        (
            "rank-of-broadcast",
            "(rank (broadcast a b))",
            "(max (rank a) (rank b))",
        ),
        ("concat-of-split", "(concat (head s i) (tail s i))", "s"),
        ("broadcast-idempotent", "(broadcast a a)", "a"),
        ("add-zero", "(+ x 0)", "x"),
        ("mul-one", "(* x 1)", "x"),
        ("sub-self", "(- x x)", "0"),
        ("max-self", "(max x x)", "x"),
        ("min-self", "(min x x)", "x"),
        ("eq-self", "(eq x x)", "1"),
        ("ne-self", "(ne x x)", "0"),
        ("sle-self", "(sle x x)", "1"),
        ("sge-self", "(sge x x)", "1"),
        ("and-true", "(and p 1)", "p"),
        ("and-self", "(and p p)", "p"),
        // `(min x 3)` is at most 3, `(max y 5)` at least 5.
        ("max-of-ordered", "(max (min x 3) (max y 5))", "(max y 5)"),
        ("max-of-reversed", "(max (max y 5) (min x 3))", "(max y 5)"),
        ("min-of-ordered", "(min (min x 3) (max y 5))", "(min x 3)"),
        ("min-of-reversed", "(min (max y 5) (min x 3))", "(min x 3)"),
    ];

    #[test]
    fn every_rule_rewrites_its_case() {
        let rules = all();
        assert_eq!(rules.len(), CASES.len(), "a case per rule");
        for (name, from, to) in CASES {
            assert!(
                rules.iter().any(|r| r.name.as_str() == *name),
                "no rule {name}"
            );
            let (from, to): (RecExpr<ShapeLang>, RecExpr<ShapeLang>) =
                (from.parse().unwrap(), to.parse().unwrap());
            let mut graph = Graph::default();
            let (a, b) = (graph.add_expr(&from), graph.add_expr(&to));
            let runner = Runner::default().with_egraph(graph).run(rules);
            let graph = runner.egraph;
            assert_eq!(graph.find(a), graph.find(b), "{name}: {from} and {to}");
        }
    }

    #[test]
    fn overlapping_bounds_decide_no_maximum() {
        let rules = all();
        let mut graph = Graph::default();
        let (a, b): (RecExpr<ShapeLang>, RecExpr<ShapeLang>) = (
            "(max (min x 5) (max y 3))".parse().unwrap(),
            "(max y 3)".parse().unwrap(),
        );
        let (a, b) = (graph.add_expr(&a), graph.add_expr(&b));
        let graph = Runner::default().with_egraph(graph).run(rules).egraph;
        assert_ne!(graph.find(a), graph.find(b));
    }
}
