//! Passes on error-monadic shape functions, and those shared with the
//! constrained stage.

pub mod infer_shapes;
pub mod reify_shape_library;
pub mod tensor_library;
