//! Generate a module of N shape functions for benchmarks:
//!
//! ```text
//! cargo run --release -p shape-opt-cli --example gen_corpus -- N FAMILY STAGE > file.mlir
//! cargo run --release -p shape-opt-cli --example gen_corpus -- N [stage1|stage2|mixed] > file.mlir
//! ```
//!
//! FAMILY is `broadcast`, `matmul`, `conv`, `concat-split`, `reshape` or
//! `mixed` (the five in turn), STAGE `stage1` (error-monadic) or `stage2`
//! (constrained); see `shapegen::corpus` for what each function looks like. The
//! two-argument form is the original layout: `stage2` is `broadcast
//! stage2`, `stage1` a matmul on `!shape.shape` arguments, `mixed` (the
//! default) alternates them. N defaults to 1000.

use shapegen::corpus::{self, Family, Stage};

const USAGE: &str = "usage: gen_corpus N [stage1|stage2|mixed] | gen_corpus N FAMILY STAGE\n\
     FAMILY: broadcast, matmul, conv, concat-split, reshape, mixed; STAGE: stage1, stage2";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = match args.first().map(|s| s.parse::<usize>()) {
        None => 1000,
        Some(Ok(n)) => n,
        Some(Err(_)) => usage_error(),
    };
    let module = match args.get(1..).unwrap_or(&[]) {
        [] => corpus::legacy_module(n, "mixed"),
        [layout] if ["stage1", "stage2", "mixed"].contains(&layout.as_str()) => {
            corpus::legacy_module(n, layout)
        }
        [family, stage] => match (Family::from_name(family), Stage::from_name(stage)) {
            (Some(family), Some(stage)) => corpus::module(n, family, stage),
            _ => usage_error(),
        },
        _ => usage_error(),
    };
    print!("{module}");
}

fn usage_error() -> ! {
    eprintln!("{USAGE}");
    std::process::exit(2)
}
