//! Passes on error-monadic (stage 1) shape functions, and those shared with
//! the constrained stage: `infer-shapes` (static shape facts, folding,
//! compile-time rejection of certain failures).

pub mod infer_shapes;

use pass::PassRegistry;

/// Register this crate's passes.
pub fn register(registry: &mut PassRegistry) {
    infer_shapes::register(registry);
}
