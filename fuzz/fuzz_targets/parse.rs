//! The parser alone: bytes parse or get an error diagnostic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::parse(data));
