//! The checks the fuzz targets (`fuzz/`) run on one input, as plain
//! functions, so that `tests/regress.rs` replays saved inputs on stable
//! Rust without a fuzzer.
//!
//! Each function accepts any bytes. It returns when shape-opt behaved, and
//! panics — which libFuzzer records as a crash — when it did not: a panic
//! inside shape-opt, a rejection without an `error:` diagnostic, printed
//! text that does not read back the same ([`round_trip`]), or a lowering
//! that changes what a function computes ([`pipeline`]), bytecode that
//! does not write back to the same module ([`bytecode`]). [`explain`] runs
//! every front end's explanation and the report, whose memory the fuzz
//! target bounds.

mod bytecode;
mod explain;
mod parse;
mod pipeline;
mod round_trip;

pub use bytecode::bytecode;
pub use explain::explain;
pub use parse::parse;
pub use pipeline::pipeline;
pub use round_trip::{parse_print_options, round_trip};

/// The buffer name inputs are given in diagnostics.
const INPUT_NAME: &str = "fuzz.mlir";

/// Panic unless `diagnostics` (of a rejected input) hold an `error:` and
/// no internal error (a panic caught by the driver).
fn assert_reported(diagnostics: &str, input: &[u8]) {
    assert!(
        diagnostics.contains("error:") && !diagnostics.contains("internal error"),
        "rejected without a proper diagnostic:\n{diagnostics}\n--- input:\n{}",
        String::from_utf8_lossy(input)
    );
}
