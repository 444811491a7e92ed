//! Types: an interned [`TypeKind`] addressed by a copyable [`Type`] id.
//!
//! Two structurally equal types always get the same id, so type equality is
//! id equality.

use crate::attrs::Attr;
use rustc_hash::FxHashMap as HashMap;

/// A dimension size that is not known statically (`?`).
pub const DYNAMIC: i64 = i64::MIN;

/// An interned type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    TF32,
    F80,
    F128,
    /// The small float formats (`f8E4M3FN`, `f4E2M1FN`, ...): kept by name.
    Small(&'static str),
}

/// Spellings of the small float types MLIR 22 has.
pub const SMALL_FLOATS: &[&str] = &[
    "f8E4M3FN",
    "f8E5M2",
    "f8E4M3FNUZ",
    "f8E5M2FNUZ",
    "f8E4M3B11FNUZ",
    "f8E4M3",
    "f8E3M4",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E8M0FNU",
];

impl FloatKind {
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::TF32 => "tf32",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::Small(name) => name,
        }
    }
    pub fn from_keyword(s: &str) -> Option<Self> {
        Some(match s {
            "f16" => FloatKind::F16,
            "bf16" => FloatKind::BF16,
            "f32" => FloatKind::F32,
            "f64" => FloatKind::F64,
            "tf32" => FloatKind::TF32,
            "f80" => FloatKind::F80,
            "f128" => FloatKind::F128,
            other => FloatKind::Small(SMALL_FLOATS.iter().find(|s| **s == other)?),
        })
    }
    /// Width of the storage in bits (used for hexadecimal float literals).
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 | FloatKind::TF32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
            FloatKind::Small(name) if name.starts_with("f4") => 4,
            FloatKind::Small(name) if name.starts_with("f6") => 6,
            FloatKind::Small(_) => 8,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Index,
    None,
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Float(FloatKind),
    /// `!shape.shape`
    Shape,
    /// `!shape.size`
    Size,
    /// `!shape.value_shape`
    ValueShape,
    /// `!shape.witness`
    Witness,
    RankedTensor {
        shape: Vec<i64>,
        elem: Type,
        encoding: Option<Attr>,
    },
    UnrankedTensor {
        elem: Type,
    },
    MemRef {
        shape: Vec<i64>,
        elem: Type,
        layout: Option<Attr>,
        memory_space: Option<Attr>,
    },
    UnrankedMemRef {
        elem: Type,
        memory_space: Option<Attr>,
    },
    Vector {
        shape: Vec<i64>,
        scalable: Vec<bool>,
        elem: Type,
    },
    Complex(Type),
    Tuple(Vec<Type>),
    Function {
        inputs: Vec<Type>,
        results: Vec<Type>,
    },
    /// A type of a dialect we do not model, kept as its text after `!`.
    Opaque(String),
}

impl TypeKind {
    pub fn is_integer_like(&self) -> bool {
        matches!(self, TypeKind::Integer { .. } | TypeKind::Index)
    }
    /// Shape of a ranked tensor, memref or vector.
    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            TypeKind::RankedTensor { shape, .. }
            | TypeKind::MemRef { shape, .. }
            | TypeKind::Vector { shape, .. } => Some(shape),
            _ => None,
        }
    }
    /// Element type of a shaped type.
    pub fn element_type(&self) -> Option<Type> {
        match self {
            TypeKind::RankedTensor { elem, .. }
            | TypeKind::UnrankedTensor { elem }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. }
            | TypeKind::Vector { elem, .. } => Some(*elem),
            _ => None,
        }
    }
    pub fn is_tensor(&self) -> bool {
        matches!(
            self,
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
        )
    }
}

/// Storage of interned types.
#[derive(Clone, Debug, Default)]
pub struct TypeInterner {
    kinds: Vec<TypeKind>,
    ids: HashMap<TypeKind, Type>,
}

impl TypeInterner {
    pub fn intern(&mut self, kind: TypeKind) -> Type {
        if let Some(&t) = self.ids.get(&kind) {
            return t;
        }
        let t = Type(self.kinds.len() as u32);
        self.kinds.push(kind.clone());
        self.ids.insert(kind, t);
        t
    }
    /// The id of `kind`, if interned.
    pub fn lookup(&self, kind: &TypeKind) -> Option<Type> {
        self.ids.get(kind).copied()
    }
    pub fn get(&self, t: Type) -> &TypeKind {
        &self.kinds[t.0 as usize]
    }
    /// Every interned type, in creation order (components before composites).
    pub fn kinds(&self) -> &[TypeKind] {
        &self.kinds
    }
}

/// `kind` with every type it mentions (directly or in attributes) mapped by `map`.
pub fn remap_type_kind(kind: &TypeKind, map: &dyn Fn(Type) -> Type) -> TypeKind {
    let attr = |a: &Option<Attr>| {
        let mut a = a.clone();
        if let Some(a) = &mut a {
            crate::attrs::remap_attr_types(a, map);
        }
        a
    };
    match kind {
        TypeKind::RankedTensor {
            shape,
            elem,
            encoding,
        } => TypeKind::RankedTensor {
            shape: shape.clone(),
            elem: map(*elem),
            encoding: attr(encoding),
        },
        TypeKind::UnrankedTensor { elem } => TypeKind::UnrankedTensor { elem: map(*elem) },
        TypeKind::MemRef {
            shape,
            elem,
            layout,
            memory_space,
        } => TypeKind::MemRef {
            shape: shape.clone(),
            elem: map(*elem),
            layout: attr(layout),
            memory_space: attr(memory_space),
        },
        TypeKind::UnrankedMemRef { elem, memory_space } => TypeKind::UnrankedMemRef {
            elem: map(*elem),
            memory_space: attr(memory_space),
        },
        TypeKind::Vector {
            shape,
            scalable,
            elem,
        } => TypeKind::Vector {
            shape: shape.clone(),
            scalable: scalable.clone(),
            elem: map(*elem),
        },
        TypeKind::Complex(e) => TypeKind::Complex(map(*e)),
        TypeKind::Tuple(ts) => TypeKind::Tuple(ts.iter().map(|t| map(*t)).collect()),
        TypeKind::Function { inputs, results } => TypeKind::Function {
            inputs: inputs.iter().map(|t| map(*t)).collect(),
            results: results.iter().map(|t| map(*t)).collect(),
        },
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn interning_is_structural() {
        let mut i = TypeInterner::default();
        let a = i.intern(TypeKind::Index);
        let t1 = i.intern(TypeKind::RankedTensor {
            shape: vec![DYNAMIC],
            elem: a,
            encoding: None,
        });
        let t2 = i.intern(TypeKind::RankedTensor {
            shape: vec![DYNAMIC],
            elem: a,
            encoding: None,
        });
        assert_eq!(t1, t2);
        assert_ne!(t1, a);
        assert_eq!(i.get(t1).element_type(), Some(a));
    }
}
