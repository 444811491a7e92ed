//! The `reify-shape-library` pass on `examples/matmul_program.mlir` (two
//! chained `foo.matmul` ops): each instance, run by the reference
//! interpreter on concrete shapes, computes what the library's @matmul
//! computes on the same shapes (results and failures alike), and `mlir-opt`
//! parses and verifies what the pass prints.

mod common;

use interp::{Arg, Outcome};
use shape_opt::{Module, Session};

const PROGRAM: &str = include_str!("../examples/matmul_program.mlir");

fn reified() -> Module {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let mut module = session
        .parse("matmul_program.mlir", PROGRAM)
        .unwrap_or_else(|e| panic!("{e}"));
    session
        .run_pipeline(&mut module, "builtin.module(reify-shape-library)", None)
        .unwrap_or_else(|e| panic!("{e}"));
    module
}

fn run(module: &Module, function: &str, args: &[Arg]) -> Outcome {
    interp::run_function(&module.ctx, module.root, function, args)
        .unwrap_or_else(|e| panic!("@{function} on {args:?}: {e}"))
}

/// Every shape of rank `rank` with extents in 1..=3.
fn shapes(rank: usize) -> Vec<Vec<i64>> {
    (0..rank).fold(vec![Vec::new()], |acc, _| {
        acc.into_iter()
            .flat_map(|s| {
                (1..=3).map(move |e| {
                    let mut s = s.clone();
                    s.push(e);
                    s
                })
            })
            .collect()
    })
}

/// Compare `instance` with the library's @matmul on every pair; returns how
/// many pairs succeeded and how many failed.
fn compare(module: &Module, instance: &str, pairs: &[(Vec<i64>, Vec<i64>)]) -> (usize, usize) {
    let (mut ok, mut failed) = (0, 0);
    for (lhs, rhs) in pairs {
        let args = [Arg::Shape(lhs.clone()), Arg::Shape(rhs.clone())];
        let library = run(module, "matmul", &args);
        let outlined = run(module, instance, &args);
        assert_eq!(
            outlined, library,
            "@{instance} vs @matmul on {lhs:?} x {rhs:?}"
        );
        match library {
            Outcome::Ok(_) => ok += 1,
            _ => failed += 1,
        }
    }
    (ok, failed)
}

#[test]
fn each_instance_computes_what_the_library_function_computes() {
    let module = reified();
    let printed = module.print();
    for name in ["foo_matmul_matmul_shape_0", "foo_matmul_matmul_shape_1"] {
        assert!(
            printed.contains(&format!("{{shape.fn = @{name}}}")),
            "@{name} should be named by its op:\n{printed}"
        );
    }

    // Instance 0: (tensor<*xf32>, tensor<?x?xf32>), lhs of rank 0 to 3.
    let pairs: Vec<_> = (0..=3)
        .flat_map(shapes)
        .flat_map(|l| shapes(2).into_iter().map(move |r| (l.clone(), r)))
        .collect();
    let (ok, failed) = compare(&module, "foo_matmul_matmul_shape_0", &pairs);
    assert!(
        ok + failed >= 50 && ok > 0 && failed > 0,
        "{ok} ok, {failed} failed"
    );

    // Instance 1: (tensor<?x?xf32>, tensor<?x4xf32>).
    let pairs: Vec<_> = shapes(2)
        .into_iter()
        .flat_map(|l| (1..=6).map(move |k| (l.clone(), vec![k, 4])))
        .collect();
    let (ok, failed) = compare(&module, "foo_matmul_matmul_shape_1", &pairs);
    assert!(
        ok + failed >= 50 && ok > 0 && failed > 0,
        "{ok} ok, {failed} failed"
    );
}

#[test]
fn mlir_opt_accepts_the_output() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let printed = reified().print();
    if let Err(e) = common::run(
        &mlir_opt,
        &["--allow-unregistered-dialect"],
        printed.as_bytes(),
    ) {
        panic!("mlir-opt rejects the output:\n{e}\n--- output:\n{printed}");
    }
}
