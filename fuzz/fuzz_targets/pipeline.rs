//! Valid functions drawn from the bytes keep their meaning through --lower-to=std.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::pipeline(data));
