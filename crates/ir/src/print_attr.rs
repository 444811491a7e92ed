//! Textual form of types, attributes and locations, exactly as MLIR 22 prints them.

use crate::attrs::{Attr, DenseValues, Scalar};
use crate::location::Location;
use crate::resources::{write_keyword_or_string, UsedResources};
use crate::types::{FloatKind, Signedness, Type, TypeInterner, TypeKind, DYNAMIC};
use crate::Context;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;

/// True if `s` can be printed without quotes as a bare identifier.
pub fn is_bare_identifier(s: &str) -> bool {
    let mut bytes = s.bytes();
    match bytes.next() {
        Some(b) if b.is_ascii_alphabetic() || b == b'_' => {}
        _ => return false,
    }
    bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'))
}

/// Print bytes as an MLIR string literal: printable ASCII except `"` and `\`
/// verbatim, `\\` for a backslash, `\XX` (upper-case hex) otherwise.
pub fn write_escaped_string(out: &mut String, bytes: &[u8]) {
    out.push('"');
    let verbatim = |b: &u8| (0x20..0x7f).contains(b) && !matches!(b, b'"' | b'\\');
    let mut rest = bytes;
    while !rest.is_empty() {
        // A run of bytes printed as they are (printable ASCII, so valid
        // UTF-8), then one escaped.
        let run = rest.iter().position(|b| !verbatim(b)).unwrap_or(rest.len());
        let (plain, tail) = rest.split_at(run);
        out.push_str(std::str::from_utf8(plain).unwrap_or_default());
        let Some((&b, tail)) = tail.split_first() else {
            break;
        };
        if b == b'\\' {
            out.push_str("\\\\");
        } else {
            let _ = write!(out, "\\{:02X}", b);
        }
        rest = tail;
    }
    out.push('"');
}

/// `@name` or `@"quoted"`.
pub fn write_symbol_name(out: &mut String, name: &str) {
    out.push('@');
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        write_escaped_string(out, name.as_bytes());
    }
}

/// An attribute name in a dictionary: bare when possible, quoted otherwise.
pub fn write_attr_name(out: &mut String, name: &str) {
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        write_escaped_string(out, name.as_bytes());
    }
}

pub fn write_dims(out: &mut String, shape: &[i64]) {
    for &d in shape {
        if d == DYNAMIC {
            out.push('?');
        } else if let Ok(size) = u64::try_from(d) {
            push_decimal(out, size);
        } else {
            let _ = write!(out, "{d}");
        }
        out.push('x');
    }
}

/// Append the decimal digits of `n` (what `write!(out, "{n}")` writes,
/// without the formatting machinery).
#[inline]
pub fn push_decimal(out: &mut String, mut n: u64) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits: always valid UTF-8.
    out.push_str(std::str::from_utf8(&digits[start..]).unwrap_or_default());
}

/// What MLIR prints for an elided elements attribute.
pub const ELIDED_ELEMENTS: &str = "dense_resource<__elided__>";

/// Prints types and attributes of one context.
pub struct AttrPrinter<'a> {
    pub types: &'a TypeInterner,
    /// Alias names of attributes printed as `#name` (affine maps and sets).
    aliases: HashMap<String, String>,
    /// Alias candidates met while printing, in order of first use.
    candidates: RefCell<Vec<String>>,
    /// Dense elements attributes with more elements than this print as
    /// `dense_resource<__elided__>` (`--mlir-elide-elementsattrs-if-larger`).
    elide_elements_above: Option<u64>,
    /// The blobs of the `dense_resource` attributes printed, in order of
    /// first use: the top-level op writes them after itself.
    resources: RefCell<UsedResources>,
    /// The text of the types printed so far that mention no attribute.
    type_texts: RefCell<TypeTexts>,
}

/// The printed text of types, by type id, in one buffer. Only types that
/// mention no attribute are kept: their text is the same wherever they
/// are printed (an attribute may print through an alias, or record a
/// resource).
#[derive(Default)]
struct TypeTexts {
    text: String,
    /// Where the text of the type with id `i` is in `text`, once printed.
    spans: Vec<Option<(u32, u32)>>,
}

impl TypeTexts {
    /// The text of `ty`, if kept.
    fn get(&self, ty: Type) -> Option<&str> {
        let (start, end) = self.spans.get(ty.0 as usize).copied().flatten()?;
        Some(&self.text[start as usize..end as usize])
    }

    /// Keep `text` as the text of `ty`.
    fn insert(&mut self, ty: Type, text: &str) {
        let start = self.text.len() as u32;
        self.text.push_str(text);
        let index = ty.0 as usize;
        if self.spans.len() <= index {
            self.spans.resize(index + 1, None);
        }
        self.spans[index] = Some((start, self.text.len() as u32));
    }
}

/// Attributes that `mlir-opt` always prints through an alias, with the alias prefix.
pub fn alias_prefix(text: &str) -> Option<&'static str> {
    if text.starts_with("affine_map<") {
        Some("map")
    } else if text.starts_with("affine_set<") {
        Some("set")
    } else {
        None
    }
}

impl<'a> AttrPrinter<'a> {
    pub fn new(ctx: &'a Context) -> Self {
        AttrPrinter {
            types: ctx.types(),
            aliases: HashMap::new(),
            candidates: RefCell::new(Vec::new()),
            elide_elements_above: None,
            resources: RefCell::default(),
            type_texts: RefCell::default(),
        }
    }

    /// The blob keys of the `dense_resource` attributes printed so far.
    pub fn used_resources(&self) -> std::cell::Ref<'_, UsedResources> {
        self.resources.borrow()
    }
    pub fn used_resources_mut(&self) -> std::cell::RefMut<'_, UsedResources> {
        self.resources.borrow_mut()
    }

    /// This printer, printing dense elements attributes of more than
    /// `limit` elements (splats excepted) elided, as MLIR's
    /// `--mlir-elide-elementsattrs-if-larger` does.
    pub fn eliding_elements_above(mut self, limit: Option<u64>) -> Self {
        self.elide_elements_above = limit;
        self
    }

    /// True if the dense attribute of type `ty` holding `values` prints
    /// elided: more elements than the limit, and not a splat.
    fn elides(&self, ty: Type, values: &DenseValues) -> bool {
        let Some(limit) = self.elide_elements_above else {
            return false;
        };
        let splat = match values {
            DenseValues::Splat(_) => true,
            DenseValues::Strings(items) => items.len() == 1,
            DenseValues::Elements(_) | DenseValues::Hex(_) => false,
        };
        let elements = self.types.get(ty).shape().map_or(0, |s| {
            s.iter()
                .fold(1u64, |n, &d| n.saturating_mul(d.max(0) as u64))
        });
        !splat && elements > limit
    }

    /// Name every alias candidate met so far (`#map`, `#map1`, `#set`...);
    /// returns the definitions to print before the module.
    pub fn assign_aliases(&mut self) -> String {
        let mut counts: HashMap<&str, usize> = HashMap::new();
        let mut defs = String::new();
        for text in self.candidates.borrow().iter() {
            let Some(prefix) = alias_prefix(text) else {
                continue;
            };
            let n = counts.entry(prefix).or_insert(0);
            let name = if *n == 0 {
                prefix.to_string()
            } else {
                format!("{prefix}{n}")
            };
            *n += 1;
            let _ = writeln!(defs, "#{name} = {text}");
            self.aliases.insert(text.clone(), name);
        }
        defs
    }

    /// True if printing met attributes that print through aliases.
    pub fn has_alias_candidates(&self) -> bool {
        !self.candidates.borrow().is_empty()
    }

    pub fn type_to_string(&self, ty: Type) -> String {
        let mut s = String::new();
        self.write_type(&mut s, ty);
        s
    }

    pub fn write_type(&self, out: &mut String, ty: Type) {
        if let Some(text) = self.type_texts.borrow().get(ty) {
            out.push_str(text);
            return;
        }
        let start = out.len();
        self.write_type_kind(out, ty);
        if !self.mentions_attrs(ty) {
            self.type_texts.borrow_mut().insert(ty, &out[start..]);
        }
    }

    /// True if `ty` holds an attribute, or a type that does.
    fn mentions_attrs(&self, ty: Type) -> bool {
        match self.types.get(ty) {
            TypeKind::Index
            | TypeKind::None
            | TypeKind::Integer { .. }
            | TypeKind::Float(_)
            | TypeKind::Shape
            | TypeKind::Size
            | TypeKind::ValueShape
            | TypeKind::Witness
            | TypeKind::Opaque(_) => false,
            TypeKind::RankedTensor { elem, encoding, .. } => {
                encoding.is_some() || self.mentions_attrs(*elem)
            }
            TypeKind::MemRef {
                elem,
                layout,
                memory_space,
                ..
            } => layout.is_some() || memory_space.is_some() || self.mentions_attrs(*elem),
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                memory_space.is_some() || self.mentions_attrs(*elem)
            }
            TypeKind::UnrankedTensor { elem }
            | TypeKind::Vector { elem, .. }
            | TypeKind::Complex(elem) => self.mentions_attrs(*elem),
            TypeKind::Tuple(ts) => ts.iter().any(|&t| self.mentions_attrs(t)),
            TypeKind::Function { inputs, results } => inputs
                .iter()
                .chain(results)
                .any(|&t| self.mentions_attrs(t)),
        }
    }

    /// [`Self::write_type`] without the kept texts (for `ty` itself).
    fn write_type_kind(&self, out: &mut String, ty: Type) {
        match self.types.get(ty) {
            TypeKind::Index => out.push_str("index"),
            TypeKind::None => out.push_str("none"),
            TypeKind::Integer { width, signedness } => {
                let p = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                out.push_str(p);
                push_decimal(out, (*width).into());
            }
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::Shape => out.push_str("!shape.shape"),
            TypeKind::Size => out.push_str("!shape.size"),
            TypeKind::ValueShape => out.push_str("!shape.value_shape"),
            TypeKind::Witness => out.push_str("!shape.witness"),
            TypeKind::RankedTensor {
                shape,
                elem,
                encoding,
            } => {
                out.push_str("tensor<");
                write_dims(out, shape);
                self.write_type(out, *elem);
                if let Some(e) = encoding {
                    out.push_str(", ");
                    self.write_attr(out, e);
                }
                out.push('>');
            }
            TypeKind::UnrankedTensor { elem } => {
                out.push_str("tensor<*x");
                self.write_type(out, *elem);
                out.push('>');
            }
            TypeKind::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => {
                out.push_str("memref<");
                write_dims(out, shape);
                self.write_type(out, *elem);
                for a in [layout, memory_space].into_iter().flatten() {
                    out.push_str(", ");
                    self.write_attr_eliding_default_type(out, a);
                }
                out.push('>');
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                out.push_str("memref<*x");
                self.write_type(out, *elem);
                if let Some(a) = memory_space {
                    out.push_str(", ");
                    self.write_attr_eliding_default_type(out, a);
                }
                out.push('>');
            }
            TypeKind::Vector {
                shape,
                scalable,
                elem,
            } => {
                out.push_str("vector<");
                for (i, &d) in shape.iter().enumerate() {
                    if scalable.get(i).copied().unwrap_or(false) {
                        let _ = write!(out, "[{d}]x");
                    } else {
                        let _ = write!(out, "{d}x");
                    }
                }
                self.write_type(out, *elem);
                out.push('>');
            }
            TypeKind::Complex(e) => {
                out.push_str("complex<");
                self.write_type(out, *e);
                out.push('>');
            }
            TypeKind::Tuple(ts) => {
                out.push_str("tuple<");
                self.write_type_list(out, ts);
                out.push('>');
            }
            TypeKind::Function { inputs, results } => {
                out.push('(');
                self.write_type_list(out, inputs);
                out.push_str(") -> ");
                self.write_result_types(out, results);
            }
            TypeKind::Opaque(text) => {
                out.push('!');
                out.push_str(text);
            }
        }
    }

    /// Result types of a function type: bare when exactly one non-function type.
    pub fn write_result_types(&self, out: &mut String, results: &[Type]) {
        match results {
            [one] if !matches!(self.types.get(*one), TypeKind::Function { .. }) => {
                self.write_type(out, *one)
            }
            _ => {
                out.push('(');
                self.write_type_list(out, results);
                out.push(')');
            }
        }
    }

    pub fn write_type_list(&self, out: &mut String, ts: &[Type]) {
        self.write_types(out, ts.iter().copied());
    }

    /// Comma-separated `types`.
    pub fn write_types(&self, out: &mut String, types: impl IntoIterator<Item = Type>) {
        for (i, t) in types.into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_type(out, t);
        }
    }

    pub fn attr_to_string(&self, a: &Attr) -> String {
        let mut s = String::new();
        self.write_attr(&mut s, a);
        s
    }

    /// Write an integer of type `ty`: signless and signed as signed, unsigned as unsigned.
    fn write_int(&self, out: &mut String, value: i128, ty: Type) {
        match self.types.get(ty) {
            TypeKind::Integer { width: 1, .. } => {
                out.push_str(if value & 1 != 0 { "true" } else { "false" })
            }
            TypeKind::Integer {
                width,
                signedness: Signedness::Unsigned,
            } if *width < 128 => {
                let mask = (1u128 << width) - 1;
                let _ = write!(out, "{}", (value as u128) & mask);
            }
            _ => {
                let _ = write!(out, "{value}");
            }
        }
    }

    fn float_kind(&self, ty: Type) -> FloatKind {
        match self.types.get(ty) {
            TypeKind::Float(k) => *k,
            _ => FloatKind::F64,
        }
    }

    fn write_scalar(&self, out: &mut String, s: Scalar, elem: Type) {
        match s {
            Scalar::Int(v) => self.write_int(out, v, elem),
            Scalar::Float(bits) => write_float(out, f64::from_bits(bits), self.float_kind(elem)),
        }
    }

    pub fn write_attr(&self, out: &mut String, a: &Attr) {
        match a {
            Attr::Unit => out.push_str("unit"),
            Attr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Attr::Int { value, ty } => {
                self.write_int(out, *value, *ty);
                if !matches!(self.types.get(*ty), TypeKind::Integer { width: 1, .. }) {
                    out.push_str(" : ");
                    self.write_type(out, *ty);
                }
            }
            Attr::Float { bits, ty } => {
                write_float(out, f64::from_bits(*bits), self.float_kind(*ty));
                out.push_str(" : ");
                self.write_type(out, *ty);
            }
            Attr::String(s) => write_escaped_string(out, s),
            Attr::Type(t) => self.write_type(out, *t),
            Attr::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_attr_eliding_default_type(out, item);
                }
                out.push(']');
            }
            Attr::DenseArray { elem, values } => {
                out.push_str("array<");
                self.write_type(out, *elem);
                if !values.is_empty() {
                    out.push_str(": ");
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.write_scalar(out, *v, *elem);
                    }
                }
                out.push('>');
            }
            Attr::Dense { ty, values } => {
                self.write_dense(out, *ty, values);
                out.push_str(" : ");
                self.write_type(out, *ty);
            }
            Attr::DenseResource { key, ty } => {
                self.write_dense_resource(out, key);
                out.push_str(" : ");
                self.write_type(out, *ty);
            }
            Attr::Dict(entries) => {
                out.push('{');
                self.write_named_attrs(out, entries);
                out.push('}');
            }
            Attr::SymbolRef { root, nested } => {
                write_symbol_name(out, root);
                for n in nested {
                    out.push_str("::");
                    write_symbol_name(out, n);
                }
            }
            Attr::Loc(l) => {
                out.push_str("loc(");
                write_location_body(out, l);
                out.push(')');
            }
            Attr::Opaque(text) => match self.aliases.get(text) {
                Some(name) => {
                    out.push('#');
                    out.push_str(name);
                }
                None => {
                    if alias_prefix(text).is_some() {
                        let mut c = self.candidates.borrow_mut();
                        if !c.contains(text) {
                            c.push(text.clone());
                        }
                    }
                    out.push_str(text)
                }
            },
        }
    }

    /// An attribute without its `: type` where its context implies it
    /// (MLIR's `printAttributeWithoutType`): `dense<...>` elements;
    /// other attributes print whole.
    pub fn write_attr_without_type(&self, out: &mut String, a: &Attr) {
        match a {
            Attr::Dense { ty, values } => self.write_dense(out, *ty, values),
            Attr::DenseResource { key, .. } => self.write_dense_resource(out, key),
            _ => self.write_attr(out, a),
        }
    }

    /// `dense_resource<key>`, its blob noted for the file metadata.
    fn write_dense_resource(&self, out: &mut String, key: &str) {
        self.resources.borrow_mut().record(key);
        out.push_str("dense_resource<");
        write_keyword_or_string(out, key);
        out.push('>');
    }

    /// An attribute where `i64` integers and `f64` floats drop their type
    /// (array elements, memref memory spaces).
    pub fn write_attr_eliding_default_type(&self, out: &mut String, a: &Attr) {
        match a {
            Attr::Int { value, ty }
                if matches!(
                    self.types.get(*ty),
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless
                    }
                ) =>
            {
                self.write_int(out, *value, *ty)
            }
            Attr::Float { bits, ty } if self.float_kind(*ty) == FloatKind::F64 => {
                write_float(out, f64::from_bits(*bits), FloatKind::F64)
            }
            _ => self.write_attr(out, a),
        }
    }

    /// `a = 1 : i32, b` (unit attributes print as their name only).
    pub fn write_named_attrs<'e>(
        &self,
        out: &mut String,
        entries: impl IntoIterator<Item = &'e crate::attrs::NamedAttr>,
    ) {
        for (i, (name, value)) in entries.into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_attr_name(out, name);
            if *value != Attr::Unit {
                out.push_str(" = ");
                self.write_attr(out, value);
            }
        }
    }

    /// `dense<...>` without its type, or `dense_resource<__elided__>` when
    /// elided.
    fn write_dense(&self, out: &mut String, ty: Type, values: &DenseValues) {
        if self.elides(ty, values) {
            out.push_str(ELIDED_ELEMENTS);
            return;
        }
        out.push_str("dense<");
        self.write_dense_values(out, ty, values);
        out.push('>');
    }

    fn write_dense_values(&self, out: &mut String, ty: Type, values: &DenseValues) {
        let kind = self.types.get(ty);
        debug_assert!(
            kind.shape().is_some(),
            "a dense attribute has a static shape"
        );
        let elem = kind.element_type().unwrap_or(ty);
        let shape: Vec<i64> = kind.shape().map(|s| s.to_vec()).unwrap_or_default();
        match values {
            DenseValues::Splat(s) => self.write_scalar(out, *s, elem),
            DenseValues::Hex(h) => {
                out.push('"');
                out.push_str(h);
                out.push('"');
            }
            DenseValues::Elements(items) if items.is_empty() => {}
            DenseValues::Strings(items) if items.len() == 1 => write_escaped_string(out, &items[0]),
            DenseValues::Elements(items) => {
                let mut it = items.iter();
                self.write_nested(out, &shape, &mut |out: &mut String| {
                    if let Some(s) = it.next() {
                        self.write_scalar(out, *s, elem);
                    }
                });
            }
            DenseValues::Strings(items) => {
                let mut it = items.iter();
                self.write_nested(out, &shape, &mut |out: &mut String| {
                    if let Some(s) = it.next() {
                        write_escaped_string(out, s);
                    }
                });
            }
        }
    }

    fn write_nested(&self, out: &mut String, shape: &[i64], leaf: &mut dyn FnMut(&mut String)) {
        match shape.split_first() {
            None => leaf(out),
            Some((&n, rest)) => {
                out.push('[');
                for i in 0..n.max(0) {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_nested(out, rest, leaf);
                }
                out.push(']');
            }
        }
    }
}

/// The inside of `loc(...)`.
pub fn write_location_body(out: &mut String, loc: &Location) {
    write_location_body_with(out, loc, &|_, _| false);
}

/// The inside of `loc(...)`; `alias` may print a nested location as its
/// alias (`#loc3`) instead, returning true when it did.
pub fn write_location_body_with(
    out: &mut String,
    loc: &Location,
    alias: &dyn Fn(&mut String, &Location) -> bool,
) {
    let child = |out: &mut String, l: &Location| {
        if !alias(out, l) {
            write_location_body_with(out, l, alias);
        }
    };
    match loc {
        Location::Unknown => out.push_str("unknown"),
        Location::FileLineCol { file, line, col } => {
            write_escaped_string(out, file.as_bytes());
            let _ = write!(out, ":{line}:{col}");
        }
        Location::FileRange(range) => {
            write_escaped_string(out, range.file.as_bytes());
            let _ = write!(out, ":{}:{} to ", range.line, range.col);
            if let Some(l) = range.end_line {
                let _ = write!(out, "{l}");
            }
            let _ = write!(out, ":{}", range.end_col);
        }
        Location::Name(named) => {
            let (name, inner) = &**named;
            write_escaped_string(out, name.as_bytes());
            if let Some(c) = inner {
                out.push('(');
                child(out, c);
                out.push(')');
            }
        }
        Location::CallSite(site) => {
            out.push_str("callsite(");
            child(out, &site.0);
            out.push_str(" at ");
            child(out, &site.1);
            out.push(')');
        }
        Location::Fused(fused) => {
            let (metadata, locs) = &**fused;
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                out.push_str(m);
                out.push('>');
            }
            out.push('[');
            for (i, l) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                child(out, l);
            }
            out.push(']');
        }
    }
}

/// Round `v` to the precision of `kind` (the value the literal denotes in that type).
pub fn round_to_kind(v: f64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 | FloatKind::TF32 => v as f32 as f64,
        FloatKind::F16 => f16_bits_to_f64(f64_to_f16_bits(v)),
        FloatKind::BF16 => f64::from(f32::from_bits(f64_to_bf16_bits(v) << 16)),
        _ => v,
    }
}

/// IEEE half-precision bits of `v`, rounded to nearest even.
pub fn f64_to_f16_bits(v: f64) -> u16 {
    let x = v as f32;
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let mut r = m >> shift;
        let rem = m & ((1 << shift) - 1);
        if rem > half || (rem == half && (r & 1) == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (mant >> 13);
    let rem = mant & 0x1fff;
    if rem > 0x1000 || (rem == 0x1000 && (r & 1) == 1) {
        r += 1;
    }
    sign | r as u16
}

pub fn f16_bits_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let mant = (h & 0x3ff) as f64;
    match exp {
        0 => sign * mant * 2f64.powi(-24),
        0x1f if mant == 0.0 => sign * f64::INFINITY,
        0x1f => f64::NAN,
        _ => sign * (1.0 + mant / 1024.0) * 2f64.powi(exp - 15),
    }
}

/// bfloat16 bits of `v`, rounded to nearest even.
pub fn f64_to_bf16_bits(v: f64) -> u32 {
    let bits = (v as f32).to_bits();
    if (v as f32).is_nan() {
        return (bits >> 16) | 0x40;
    }
    let rem = bits & 0xffff;
    let mut r = bits >> 16;
    if rem > 0x8000 || (rem == 0x8000 && (r & 1) == 1) {
        r += 1;
    }
    r
}

/// Bits of `v` in the storage format of `kind` (for hexadecimal literals).
pub fn float_storage_bits(v: f64, kind: FloatKind) -> u128 {
    match kind {
        FloatKind::F16 => f64_to_f16_bits(v) as u128,
        FloatKind::BF16 => f64_to_bf16_bits(v) as u128,
        FloatKind::F32 | FloatKind::TF32 => (v as f32).to_bits() as u128,
        _ => v.to_bits() as u128,
    }
}

/// Inverse of [`float_storage_bits`].
pub fn float_from_storage_bits(bits: u128, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F16 => f16_bits_to_f64(bits as u16),
        FloatKind::BF16 => f64::from(f32::from_bits((bits as u32) << 16)),
        FloatKind::F32 | FloatKind::TF32 => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits as u64),
    }
}

/// Bits of precision and minimum exponent of a float format.
fn semantics(kind: FloatKind) -> (u32, i32) {
    match kind {
        FloatKind::F16 => (11, -14),
        FloatKind::BF16 => (8, -126),
        FloatKind::TF32 => (11, -126),
        FloatKind::F64 => (53, -1022),
        FloatKind::F80 => (64, -16382),
        FloatKind::F128 => (113, -16382),
        FloatKind::F32 | FloatKind::Small(_) => (24, -126),
    }
}

/// Print a float value the way MLIR does: six significant digits in `e`
/// notation when that reads back exactly, else the shortest-safe decimal
/// when it has a `.`, else the hexadecimal bit pattern.
pub fn write_float(out: &mut String, v: f64, kind: FloatKind) {
    if v.is_finite() {
        let (precision, min_exp) = semantics(kind);
        let d = crate::float_text::decompose(v, precision, min_exp);
        let short = crate::float_text::to_string(&d, 6, 0, false);
        if let Ok(back) = short.parse::<f64>() {
            if round_to_kind(back, kind).to_bits() == v.to_bits() {
                out.push_str(&short);
                return;
            }
        }
        let long = crate::float_text::to_string(&d, 0, 3, true);
        if long.contains('.') {
            out.push_str(&long);
            return;
        }
    }
    let bits = float_storage_bits(v, kind);
    let width = (kind.bit_width() as usize).div_ceil(4);
    let _ = write!(out, "0x{:0width$X}", bits, width = width);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: f64, k: FloatKind) -> String {
        let mut s = String::new();
        write_float(&mut s, v, k);
        s
    }

    #[test]
    fn floats_print_like_mlir() {
        assert_eq!(f(1.0, FloatKind::F32), "1.000000e+00");
        assert_eq!(f(-0.5, FloatKind::F64), "-5.000000e-01");
        assert_eq!(f(1e-300, FloatKind::F64), "1.000000e-300");
        assert_eq!(f(f64::INFINITY, FloatKind::F32), "0x7F800000");
        assert_eq!(f(0.1f32 as f64, FloatKind::F32), "1.000000e-01");
        assert_eq!(f(1.234567e6, FloatKind::F32), "0x4996B438");
    }

    #[test]
    fn strings_escape() {
        let mut s = String::new();
        write_escaped_string(&mut s, b"a\"b\\c\n");
        assert_eq!(s, "\"a\\22b\\\\c\\0A\"");
    }

    #[test]
    fn half_precision_round_trips() {
        for v in [1.0, 0.5, 65504.0, -2.0, 0.00006103515625] {
            assert_eq!(f16_bits_to_f64(f64_to_f16_bits(v)), v);
        }
    }
}
