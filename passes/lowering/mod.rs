//! The lowerings from one form to the next: `lower-to-constrained`
//! (error-monadic → constrained), `lower-to-asserting` (constrained →
//! asserting), `convert-shape-to-std` (asserting → std), and upstream's
//! `shape-to-shape-lowering`.

pub mod convert_shape_to_std;
pub mod lower_to_asserting;
pub mod lower_to_constrained;
pub mod shape_to_shape_lowering;
