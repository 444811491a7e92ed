//! The builtin dialect's own encodings of its attributes and types: the
//! code each starts with, in the order MLIR 22 numbers them.

/// Attribute codes. Not read or written here: 19 (dense string
/// elements), 20 (sparse elements) and 21 (distinct attributes); a file
/// that holds them is refused, naming the code.
pub mod attr {
    pub const ARRAY: u64 = 0;
    pub const DICTIONARY: u64 = 1;
    pub const STRING: u64 = 2;
    pub const STRING_WITH_TYPE: u64 = 3;
    pub const FLAT_SYMBOL_REF: u64 = 4;
    pub const SYMBOL_REF: u64 = 5;
    pub const TYPE: u64 = 6;
    pub const UNIT: u64 = 7;
    pub const INTEGER: u64 = 8;
    pub const FLOAT: u64 = 9;
    pub const CALL_SITE_LOC: u64 = 10;
    pub const FILE_LINE_COL_LOC: u64 = 11;
    pub const FUSED_LOC: u64 = 12;
    pub const FUSED_LOC_WITH_METADATA: u64 = 13;
    pub const NAME_LOC: u64 = 14;
    pub const UNKNOWN_LOC: u64 = 15;
    pub const DENSE_RESOURCE_ELEMENTS: u64 = 16;
    pub const DENSE_ARRAY: u64 = 17;
    pub const DENSE_INT_OR_FP_ELEMENTS: u64 = 18;
    pub const FILE_LINE_COL_RANGE: u64 = 22;
}

/// Type codes.
pub mod ty {
    pub const INTEGER: u64 = 0;
    pub const INDEX: u64 = 1;
    pub const FUNCTION: u64 = 2;
    pub const BF16: u64 = 3;
    pub const F16: u64 = 4;
    pub const F32: u64 = 5;
    pub const F64: u64 = 6;
    pub const F80: u64 = 7;
    pub const F128: u64 = 8;
    pub const COMPLEX: u64 = 9;
    pub const MEMREF: u64 = 10;
    pub const MEMREF_WITH_MEMORY_SPACE: u64 = 11;
    pub const NONE: u64 = 12;
    pub const RANKED_TENSOR: u64 = 13;
    pub const RANKED_TENSOR_WITH_ENCODING: u64 = 14;
    pub const TUPLE: u64 = 15;
    pub const UNRANKED_MEMREF: u64 = 16;
    pub const UNRANKED_MEMREF_WITH_MEMORY_SPACE: u64 = 17;
    pub const UNRANKED_TENSOR: u64 = 18;
    pub const VECTOR: u64 = 19;
    pub const VECTOR_WITH_SCALABLE_DIMS: u64 = 20;
}

/// The dynamic extent in a shape (`?`).
pub const DYNAMIC: i64 = i64::MIN;

/// The layout MLIR gives a memref written without one: the identity map
/// of its rank (`affine_map<(d0, d1) -> (d0, d1)>`).
pub fn identity_layout(rank: usize) -> String {
    let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    let dims = dims.join(", ");
    format!("affine_map<({dims}) -> ({dims})>")
}

/// The storage width, in bits, of an element of a dense attribute whose
/// element type is an integer of `width` bits (index: 64); `i1` is packed.
pub fn storage_bytes(width: u32) -> usize {
    (width as usize).div_ceil(8)
}
