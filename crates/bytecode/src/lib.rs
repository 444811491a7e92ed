//! MLIR bytecode, the binary form `mlir-opt --emit-bytecode` writes
//! (format version 6, MLIR 22), read into the IR and written from it.
//!
//! See <https://mlir.llvm.org/docs/BytecodeFormat/> for the format. What
//! this crate promises:
//! - [`read()`] accepts what `mlir-opt` 22 writes: the builtin dialect's
//!   attributes and types in their own encodings, every other dialect's in
//!   their text, ops' properties for the ops shape-opt defines, isolated
//!   regions in their nested sections, locations. What it cannot read is
//!   an [`Error`] naming the section and the byte offset; nothing panics.
//! - [`write()`] produces a file `mlir-opt` 22 reads back to the same IR:
//!   builtin attributes and types in their own encodings where the IR
//!   keeps them exactly, everything else in its text.

mod builtin;
mod encoding;
mod properties;
mod read;
mod write;

pub use encoding::{Error, Section, MAGIC, VERSION};
pub use read::{read, ReadOptions};
pub use write::write;

/// Whether `bytes` are MLIR bytecode (start with its magic number).
pub fn is_bytecode(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}
