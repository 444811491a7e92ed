//! The rewrite rules, by family. Each is named and none rewrites to
//! something worse; no blanket commutativity (operands keep their order).

use crate::language::{ShapeAnalysis, ShapeLang};
use egg::{rewrite as rw, Rewrite};

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

/// Every rule.
pub fn all() -> Vec<Rewrite<ShapeLang, ShapeAnalysis>> {
    [rank(), split_concat(), broadcast(), arith()]
        .into_iter()
        .flatten()
        .collect()
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
            let runner = Runner::default().with_egraph(graph).run(&rules);
            let graph = runner.egraph;
            assert_eq!(graph.find(a), graph.find(b), "{name}: {from} and {to}");
        }
    }

    #[test]
    fn the_analysis_folds_with_checked_arithmetic() {
        let mut graph = Graph::default();
        let list: RecExpr<ShapeLang> = "(rank (list 2 3 4))".parse().unwrap();
        let id = graph.add_expr(&list);
        assert_eq!(graph[id].data.constant, Some(3));
        let overflow: RecExpr<ShapeLang> = "(* 9223372036854775807 2)".parse().unwrap();
        let id = graph.add_expr(&overflow);
        assert_eq!(graph[id].data.constant, None);
        let extent: RecExpr<ShapeLang> = "(extent (tail (list 2 d 4) 1) 1)".parse().unwrap();
        let id = graph.add_expr(&extent);
        assert_eq!(graph[id].data.constant, Some(4));
    }
}
