//! Passes on constrained (stage 2) shape functions: `hoist-constraints`.

pub mod hoist_constraints;

use pass::PassRegistry;

/// Register this crate's passes.
pub fn register(registry: &mut PassRegistry) {
    hoist_constraints::register(registry);
}
