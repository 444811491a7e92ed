//! Shared helpers of the integration tests: running lowered code under
//! `mlir-runner` ([`runner`]), comparing what forms of a function did
//! ([`observed`]), and spreading work over the cores ([`on_every_core`]). Finding the MLIR tools and checking output against
//! check lines come from the `filetests` crate, re-exported here.

#![allow(dead_code)]

pub mod observed;
pub mod runner;

/// `work` on every item, spread over the available cores (item `i` on
/// thread `i % threads`); the results are in the order of `items`.
pub fn on_every_core<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let work = &work;
    let mut done: Vec<(usize, R)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..items.len())
                        .step_by(threads)
                        .map(|i| (i, work(&items[i])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[allow(unused_imports)]
pub use filetests::{filecheck, filecheck_both, missing, mlir_files, mlir_tool, run};

/// Every case (split at `// -----`) of the examples, the round-trip corpus
/// and the upstream tests we carry, named `file#n`: what MLIR bytecode is
/// checked on.
pub fn bytecode_cases() -> Vec<(String, Vec<u8>)> {
    let mut files = mlir_files("examples");
    files.extend(mlir_files("tests/roundtrip"));
    files.extend(mlir_files("tests/upstream"));
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read(&file).expect("a readable test file");
        for (i, chunk) in cli::split_chunks(&text).into_iter().enumerate() {
            cases.push((format!("{}#{i}", file.display()), chunk));
        }
    }
    cases
}
