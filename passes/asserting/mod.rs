//! Passes on asserting code.

pub mod discharge_asserts;
