//! Parse, verify, print, and read the print back unchanged.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::round_trip(data));
