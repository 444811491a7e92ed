//! MLIR bytecode (mutated files of it, seeded from the examples) read,
//! written back and read again.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::bytecode(data));
