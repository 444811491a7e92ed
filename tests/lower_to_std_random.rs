//! Every stage's passes keep meaning on 500 random stage-1 functions: each
//! goes through the whole `--lower-to=std` pipeline with
//! `--verify-semantics`, which runs the interpreter before and after every
//! pass on sampled inputs. A function either lowers with every pass agreeing,
//! or is rejected at compile time because it fails on every input reaching
//! the op named. (This is how `infer-shapes` was caught folding the rank of a
//! broadcast that may fail.)

use cli::{process_buffer, DriverOptions};
use shapegen::stage1 as gen_stage1;

#[test]
fn random_functions_keep_their_meaning_down_to_std() {
    let options = DriverOptions {
        lower_to: Some(pass::stage::Stage::Std),
        verify_semantics: Some(24),
        ..Default::default()
    };
    let (mut lowered, mut rejected) = (0, 0);
    for f in gen_stage1::functions(0, 500) {
        let out = process_buffer(&format!("{}.mlir", f.name), f.text.as_str(), &options);
        if out.success {
            lowered += 1;
            let text = out.output();
            let shape_op =
                |l: &&str| l.contains("= shape.") || l.trim_start().starts_with("shape.");
            assert!(
                !text.lines().any(|l| shape_op(&l)),
                "{}: shape ops left",
                f.name
            );
            continue;
        }
        assert!(
            out.diagnostics.contains("always fails") && !out.diagnostics.contains("changed what"),
            "{}: {}\n{}",
            f.name,
            out.diagnostics,
            f.text
        );
        rejected += 1;
    }
    eprintln!("{lowered} lowered to std, {rejected} rejected at compile time");
    assert!(lowered >= 300, "only {lowered} of 500 lowered");
}
