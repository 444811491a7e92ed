//! The embedding API on deeply nested regions, called from a thread with
//! the default 2 MiB stack a host's threads have: parsing, printing,
//! pipelines and lowering up to std all finish, as they do in `shape-opt`.

use shape_opt::{Session, Stage};

/// Regions nested this deep: below the parser's default nesting limit (512,
/// which counts the module and the function too).
const DEPTH: usize = 500;

/// A stage-2 function whose broadcast sits `depth` `shape.assuming`
/// regions deep.
fn nested_assuming(depth: usize) -> String {
    let mut text = String::from(
        "func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {\n  %w = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>\n",
    );
    for i in 0..depth {
        text += &format!("%r{i} = shape.assuming %w -> (tensor<?xindex>) {{\n");
    }
    text += "%s = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>\nshape.assuming_yield %s : tensor<?xindex>\n";
    for i in (1..depth).rev() {
        text += &format!("}}\nshape.assuming_yield %r{i} : tensor<?xindex>\n");
    }
    text + "}\nreturn %r0 : tensor<?xindex>\n}\n"
}

/// A function whose result is chosen `depth` `scf.if` regions deep.
fn nested_if(depth: usize) -> String {
    let mut text = String::from("func.func @f(%c: i1, %a: index, %b: index) -> index {\n");
    for i in 0..depth {
        text += &format!("%r{i} = scf.if %c -> (index) {{\n");
    }
    text += "%s = arith.addi %a, %b : index\nscf.yield %s : index\n";
    for i in (0..depth).rev() {
        text += "} else {\nscf.yield %b : index\n}\n";
        if i > 0 {
            text += &format!("scf.yield %r{i} : index\n");
        }
    }
    text + "return %r0 : index\n}\n"
}

/// Run `work` on a thread with the standard library's default stack.
fn on_default_stack(work: impl FnOnce() + Send + 'static) {
    let handle = std::thread::Builder::new().spawn(work).unwrap();
    handle
        .join()
        .expect("the work finished without overflowing");
}

#[test]
fn deep_regions_parse_print_and_lower_on_a_default_stack() {
    for (name, text) in [
        ("assuming.mlir", nested_assuming(DEPTH)),
        ("if.mlir", nested_if(DEPTH)),
    ] {
        on_default_stack(move || {
            let mut session = Session::new();
            let mut module = session.parse(name, &text).unwrap();
            let printed = module.print();
            assert_eq!(
                printed.matches("shape.assuming %").count() + printed.matches("scf.if").count(),
                DEPTH,
                "{name}"
            );
            let mut runs = 0;
            session
                .run_pipeline(
                    &mut module,
                    "builtin.module(cse)",
                    Some(&mut |_, _, _| runs += 1),
                )
                .unwrap();
            assert_eq!(runs, 1);
            let mut stages = Vec::new();
            session
                .lower_to(&mut module, Stage::Std, &mut |stage, _, _| {
                    stages.push(stage)
                })
                .unwrap();
            assert_eq!(stages.last(), Some(&Stage::Std), "{name}");
            assert!(!module.print().contains("shape."), "{name}");
        });
    }
}

#[test]
fn nesting_past_the_limit_is_an_error_on_a_default_stack() {
    on_default_stack(|| {
        let error = Session::new()
            .parse("deep.mlir", &nested_if(10_000))
            .map(|_| ())
            .unwrap_err();
        assert!(error.to_string().contains("nesting"), "{error}");
    });
}
