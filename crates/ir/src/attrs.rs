//! Attributes: constant data attached to operations.

use crate::location::Location;
use crate::types::Type;

/// An attribute with its name, as stored on an operation.
pub type NamedAttr = (AttrName, Attr);

/// An attribute name; names repeat on every op of a kind, so they are shared.
pub type AttrName = std::sync::Arc<str>;

/// The shared [`AttrName`] for `name` (one allocation per distinct name and thread).
pub fn attr_name(name: &str) -> AttrName {
    thread_local! {
        static NAMES: std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, AttrName>> =
            std::cell::RefCell::default();
    }
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        if let Some(n) = names.get(name) {
            return n.clone();
        }
        let n: AttrName = name.into();
        names.insert(name.into(), n.clone());
        n
    })
}

/// A scalar element of a dense attribute: an integer, or a float's `f64` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Int(i128),
    Float(u64),
}

impl Scalar {
    pub fn float(v: f64) -> Self {
        Scalar::Float(v.to_bits())
    }
    pub fn as_int(self) -> Option<i128> {
        match self {
            Scalar::Int(i) => Some(i),
            Scalar::Float(_) => None,
        }
    }
}

/// Element data of a `dense<...>` attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DenseValues {
    /// One value repeated over the whole shape.
    Splat(Scalar),
    /// Row-major elements.
    Elements(Vec<Scalar>),
    /// Elements of a `tensor<...x!dialect.string>`-style attribute given as strings.
    Strings(Vec<Vec<u8>>),
    /// A hexadecimal blob `"0x..."`, kept verbatim.
    Hex(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    Unit,
    Bool(bool),
    /// An integer of an integer or index type.
    Int {
        value: i128,
        ty: Type,
    },
    /// A float of a float type, stored as `f64` bits.
    Float {
        bits: u64,
        ty: Type,
    },
    String(Vec<u8>),
    Type(Type),
    Array(Vec<Attr>),
    /// `array<i64: 1, 2>`
    DenseArray {
        elem: Type,
        values: Vec<Scalar>,
    },
    /// `dense<...> : T`
    Dense {
        ty: Type,
        values: DenseValues,
    },
    /// Sorted by name.
    Dict(Vec<NamedAttr>),
    /// `@root::@nested`
    SymbolRef {
        root: String,
        nested: Vec<String>,
    },
    Loc(Location),
    /// `dense_resource<key> : T`: elements of the shaped type `T` held by
    /// the builtin blob `key` of the context's resources
    /// ([`crate::resources`]), if the file gave one.
    DenseResource {
        key: String,
        ty: Type,
    },
    /// An attribute we keep as its exact text (affine maps, layouts, dialect
    /// attributes we do not model): printed back verbatim.
    Opaque(String),
}

impl Attr {
    pub fn string(s: &str) -> Attr {
        Attr::String(s.as_bytes().to_vec())
    }
    pub fn symbol(name: &str) -> Attr {
        Attr::SymbolRef {
            root: name.to_string(),
            nested: Vec::new(),
        }
    }
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attr::Int { value, .. } => Some(*value),
            Attr::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attr::String(s) => std::str::from_utf8(s).ok(),
            _ => None,
        }
    }
    pub fn as_symbol(&self) -> Option<&str> {
        match self {
            Attr::SymbolRef { root, nested } if nested.is_empty() => Some(root),
            _ => None,
        }
    }
    pub fn as_type(&self) -> Option<Type> {
        match self {
            Attr::Type(t) => Some(*t),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&[Attr]> {
        match self {
            Attr::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The shaped type of an elements attribute (`dense<...>`,
    /// `dense_resource<...>`).
    pub fn elements_type(&self) -> Option<Type> {
        match self {
            Attr::Dense { ty, .. } | Attr::DenseResource { ty, .. } => Some(*ty),
            _ => None,
        }
    }
    /// Integer elements of a `dense` or `array<...>` attribute.
    pub fn int_elements(&self, count_for_splat: usize) -> Option<Vec<i128>> {
        match self {
            Attr::DenseArray { values, .. }
            | Attr::Dense {
                values: DenseValues::Elements(values),
                ..
            } => values.iter().map(|s| s.as_int()).collect(),
            Attr::Dense {
                values: DenseValues::Splat(s),
                ..
            } => Some(vec![s.as_int()?; count_for_splat]),
            _ => None,
        }
    }
}

/// Map every type `attr` mentions by `map`, in place (moving IR between
/// contexts): attributes that mention no type are left as they are.
pub fn remap_attr_types(attr: &mut Attr, map: &dyn Fn(Type) -> Type) {
    match attr {
        Attr::Int { ty, .. }
        | Attr::Float { ty, .. }
        | Attr::Type(ty)
        | Attr::DenseArray { elem: ty, .. }
        | Attr::Dense { ty, .. }
        | Attr::DenseResource { ty, .. } => *ty = map(*ty),
        Attr::Array(items) => items.iter_mut().for_each(|a| remap_attr_types(a, map)),
        Attr::Dict(entries) => entries
            .iter_mut()
            .for_each(|(_, a)| remap_attr_types(a, map)),
        Attr::Unit
        | Attr::Bool(_)
        | Attr::String(_)
        | Attr::SymbolRef { .. }
        | Attr::Loc(_)
        | Attr::Opaque(_) => {}
    }
}
