//! The static lattice and the reference interpreter agree: numpy
//! broadcasting of fully known shapes (`lattice::PartialShape::
//! broadcast_merge`) gives what `shape.broadcast` evaluates to, and fails
//! exactly where the interpreter's broadcast fails; likewise `shape.meet`
//! of known shapes (`lattice::ShapeValue::meet`).

use filetests::ir_check::parse;
use lattice::{PartialShape, ShapeValue};
use proptest::prelude::*;

const FUNCTIONS: &str = r#"
func.func @broadcast(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  %0 = shape.broadcast %a, %b : !shape.shape, !shape.shape -> !shape.shape
  return %0 : !shape.shape
}
func.func @meet(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  %0 = shape.meet %a, %b : !shape.shape, !shape.shape -> !shape.shape
  return %0 : !shape.shape
}
"#;

fn module() -> (ir::Context, ir::OpId) {
    parse(FUNCTIONS)
}

/// What the interpreter gives: the shape, or `None` for an error.
fn interpret(
    ctx: &ir::Context,
    module: ir::OpId,
    func: &str,
    a: &[i64],
    b: &[i64],
) -> Option<Vec<i64>> {
    let args = [
        interp::Arg::Shape(a.to_vec()),
        interp::Arg::Shape(b.to_vec()),
    ];
    match interp::run_function(ctx, module, func, &args).expect("evaluates") {
        interp::Outcome::Ok(values) => match interp::canonical(&values).as_slice() {
            [interp::Canonical::Shape(s)] => Some(s.clone()),
            other => panic!("unexpected results {other:?}"),
        },
        _ => None,
    }
}

fn partial(s: &[i64]) -> PartialShape {
    s.iter()
        .map(|&d| lattice::Dimension::new(d).expect("static"))
        .collect()
}

fn shape_strategy() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(prop::sample::select(vec![0i64, 1, 2, 3, 7]), 0..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn broadcast_merge_agrees_with_the_interpreter(a in shape_strategy(), b in shape_strategy()) {
        let (ctx, module) = module();
        let merged = partial(&a).broadcast_merge(&partial(&b)).ok().and_then(|m| m.to_shape());
        prop_assert_eq!(merged, interpret(&ctx, module, "broadcast", &a, &b));
    }

    #[test]
    fn meet_agrees_with_the_interpreter(a in shape_strategy(), b in shape_strategy()) {
        let (ctx, module) = module();
        let known = |s: &[i64]| ShapeValue::Ranked(s.iter().map(|&d| Some(d as u64)).collect());
        let met = match known(&a).meet(&known(&b)) {
            ShapeValue::Ranked(e) => e.into_iter().map(|d| d.map(|d| d as i64)).collect(),
            _ => None,
        };
        prop_assert_eq!(met, interpret(&ctx, module, "meet", &a, &b));
    }
}
