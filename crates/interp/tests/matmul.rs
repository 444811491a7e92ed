//! The matmul shape function of the lowering walk-through in each of its
//! forms (`tests/interp/matmul-*.mlir`) gives the same outcome on every pair
//! of input shapes of rank 0 to 3 with extents from {0, 1, 2, 3, 7}.

mod common;

use interp::{Arg, Outcome};

const FORMS: [&str; 4] = ["stage1", "stage2", "stage3", "std"];

fn load(form: &str) -> common::Parsed {
    let path = format!(
        "{}/../../tests/interp/matmul-{form}.mlir",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    common::parse(&text)
}

/// Every shape of rank 0 to 3 over the extents {0, 1, 2, 3, 7}.
fn grid() -> Vec<Vec<i64>> {
    const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];
    let mut shapes = vec![vec![]];
    let mut last = vec![vec![]];
    for _ in 0..3 {
        last = last
            .iter()
            .flat_map(|s: &Vec<i64>| EXTENTS.iter().map(move |&e| [s.as_slice(), &[e]].concat()))
            .collect();
        shapes.extend(last.iter().cloned());
    }
    shapes
}

#[test]
fn all_forms_agree_on_the_grid() {
    let forms: Vec<common::Parsed> = FORMS.iter().map(|f| load(f)).collect();
    let shapes = grid();
    assert_eq!(shapes.len(), 1 + 5 + 25 + 125);
    let mut seen = std::collections::BTreeMap::new();
    for lhs in &shapes {
        for rhs in &shapes {
            let args = [Arg::Shape(lhs.clone()), Arg::Shape(rhs.clone())];
            let outcomes: Vec<Outcome> = forms
                .iter()
                .map(|p| interp::run_function(&p.ctx, p.root, "matmul", &args).unwrap())
                .collect();
            let reference = &outcomes[0];
            for (form, outcome) in FORMS.iter().zip(&outcomes).skip(1) {
                let context = format!("{form} on {lhs:?} x {rhs:?}: {outcome} vs {reference}");
                assert!(outcome.agrees_with(reference), "{context}");
                if let (Outcome::Error(a), Outcome::Error(b)) = (reference, outcome) {
                    assert_eq!(a, b, "{context}");
                }
            }
            let key = match reference {
                Outcome::Ok(_) => "ok".to_string(),
                Outcome::Error(m) => m.clone(),
                Outcome::Undefined(m) => panic!("the stage-1 matmul is defined everywhere: {m}"),
            };
            *seen.entry(key).or_insert(0) += 1;
        }
    }
    // Every path of the function is taken.
    let keys: Vec<&str> = seen.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "inner dimensions required to match",
            "ok",
            "operands of shape.meet must be equal",
            "requires rank 2 operands"
        ]
    );
    assert_eq!(seen["ok"], 125);
}

#[test]
fn the_walk_through_examples() {
    let p = load("stage1");
    let show = |l: &str, r: &str| p.show("matmul", &[l, r]);
    assert_eq!(show("[2,3]", "[3,4]"), "ok [2, 4]");
    assert_eq!(
        show("[2,3]", "[4,4]"),
        "error: inner dimensions required to match"
    );
    assert_eq!(
        show("[2,3,4]", "[3,4,5]"),
        "error: requires rank 2 operands"
    );
    assert_eq!(
        show("[2]", "[3,4]"),
        "error: operands of shape.meet must be equal"
    );
    assert_eq!(show("[]", "[]"), "error: requires rank 2 operands");
}
