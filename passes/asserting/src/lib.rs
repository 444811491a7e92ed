//! Passes on asserting (stage 3) and std code: `discharge-asserts`.

pub mod discharge_asserts;

use pass::PassRegistry;

/// Register this crate's passes.
pub fn register(registry: &mut PassRegistry) {
    discharge_asserts::register(registry);
}
