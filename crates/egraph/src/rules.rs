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
