//! The lowerings between stages, one file (or module) each:
//! `lower-to-constrained` (error-monadic → constrained),
//! `lower-to-asserting` (constrained → asserting) and
//! `convert-shape-to-std` (asserting → std).

pub mod convert_shape_to_std;
pub mod lower_to_asserting;
pub mod lower_to_constrained;

use pass::PassRegistry;

/// Register this crate's passes.
pub fn register(registry: &mut PassRegistry) {
    convert_shape_to_std::register(registry);
    lower_to_asserting::register(registry);
    lower_to_constrained::register(registry);
}
