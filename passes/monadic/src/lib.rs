//! Passes on error-monadic (stage 1) shape functions, and those shared with
//! the constrained stage: `reify-shape-library` (the library shape function
//! of every mapped op, outlined and called at the op), `infer-shapes`
//! (static shape facts, folding, compile-time rejection of certain
//! failures).

pub mod infer_shapes;
pub mod reify_shape_library;
pub mod tensor_library;

use pass::PassRegistry;

/// Register this crate's passes.
pub fn register(registry: &mut PassRegistry) {
    infer_shapes::register(registry);
    reify_shape_library::register(registry);
}
