//! Writing to standard error without panicking. `eprint!` panics when
//! stderr cannot be written (`2>/dev/full`, a closed pipe), which would turn
//! a diagnostic into Rust's panic exit code 101; what is printed here is
//! dropped instead when it cannot be written, and the exit code stays the
//! one the outcome gives.

use std::io::Write;

/// Write `text` to stderr, ignoring a failure to write it.
pub fn write(text: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(text);
}

/// `eprint!` that never panics (see the module doc).
#[macro_export]
macro_rules! stderr_print {
    ($($arg:tt)*) => { $crate::stderr::write(format_args!($($arg)*)) };
}

/// `eprintln!` that never panics (see the module doc).
#[macro_export]
macro_rules! stderr_println {
    ($($arg:tt)*) => { $crate::stderr::write(format_args!("{}\n", format_args!($($arg)*))) };
}
