//! --explain, shape-run --explain and the report (laid out in memory) on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::explain(data));
