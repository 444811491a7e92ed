//! The lowerings between stages, one file each: `lower-to-constrained`
//! (error-monadic → constrained) and `lower-to-asserting` (constrained →
//! asserting).

pub mod lower_to_asserting;
pub mod lower_to_constrained;

use pass::PassRegistry;

/// Register this crate's passes.
pub fn register(registry: &mut PassRegistry) {
    lower_to_asserting::register(registry);
    lower_to_constrained::register(registry);
}
