//! The one IR every shape-opt stage uses: an MLIR-shaped generic SSA IR in
//! arenas ([`Context`]), types and attributes, dialect op definitions with
//! their syntax, the printer and the verifier.

pub mod affine;
pub mod asm;
pub mod attrs;
pub mod builder;
pub mod context;
pub mod dialect;
pub mod effects;
pub mod float_text;
pub mod format;
pub mod layout;
pub mod loc_alias;
pub mod location;
pub mod op_def;
pub mod op_kind;
pub mod print_attr;
pub mod printer;
pub mod resources;
pub mod types;
pub mod verifier;

pub use attrs::{Attr, NamedAttr};
pub use context::{
    BlockId, CheckedOut, Context, OpId, OperationState, RegionId, Revision, TypeList, ValueDef,
    ValueId,
};
pub use location::Location;
pub use op_kind::OpKind;
pub use types::{Type, TypeKind};
