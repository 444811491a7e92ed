//! Read any bytes as MLIR bytecode (the input is bytecode when it starts
//! with its magic number); what reads must write back to bytecode that
//! reads to the same printed module.

use cli::{process_buffer, DriverOptions};

/// [`process_buffer`] of `data`; a rejected input must carry an `error:`
/// diagnostic. An accepted one, written with `--emit-bytecode` and read
/// again, must print the same text.
pub fn bytecode(data: &[u8]) {
    let text_options = DriverOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let first = process_buffer(crate::INPUT_NAME, data, &text_options);
    if !first.success {
        crate::assert_reported(&first.diagnostics, data);
        return;
    }
    let bytecode_options = DriverOptions {
        emit_bytecode: true,
        ..text_options.clone()
    };
    let written = process_buffer(crate::INPUT_NAME, data, &bytecode_options);
    assert!(
        written.success,
        "--emit-bytecode fails:\n{}",
        written.diagnostics
    );
    let Some(bytes) = written.bytecode else {
        panic!("--emit-bytecode wrote no bytecode");
    };
    let read = process_buffer(crate::INPUT_NAME, bytes, &text_options);
    assert!(
        read.success,
        "the bytecode written does not read:\n{}",
        read.diagnostics
    );
    assert!(
        read.output() == first.output(),
        "the bytecode written reads to another module\n--- printed:\n{}\n--- from bytecode:\n{}",
        first.output(),
        read.output()
    );
}
