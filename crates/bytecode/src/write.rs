//! The IR into bytecode. Attributes and types are gathered from the whole
//! module first, numbered by dialect and encoded (the builtin dialect's
//! in their own encodings where the IR keeps them exactly, every other in
//! its text, which `mlir-opt` parses back); then the operations, values
//! numbered per region as the reader expects, each isolated region in a
//! nested section. The inherent attributes of ops shape-opt defines go
//! with the discardable ones in the op's dictionary, which MLIR reads into
//! its properties; an op it does not define keeps its properties as one
//! dictionary in the properties section, as MLIR does.

use crate::builtin::{self, identity_layout, DYNAMIC};
use crate::encoding::{op_mask, Emitter, Section, MAGIC, VERSION};
use ir::context::{BlockId, Context, RegionId, ValueId};
use ir::print_attr::AttrPrinter;
use ir::types::{FloatKind, Signedness};
use ir::{Attr, Location, OpId, Type, TypeKind};
use rustc_hash::FxHashMap as HashMap;

/// What the file says wrote it.
const PRODUCER: &str = concat!("shape-opt ", env!("CARGO_PKG_VERSION"));

/// The bytecode of the module `root`.
pub fn write(ctx: &Context, root: OpId) -> Vec<u8> {
    let mut w = Writer {
        ctx,
        printer: AttrPrinter::new(ctx),
        strings: Interned::default(),
        dialects: Interned::default(),
        op_names: Vec::new(),
        op_name_index: HashMap::default(),
        op_name_numbers: Vec::new(),
        attrs: Vec::new(),
        attr_index: HashMap::default(),
        types: Vec::new(),
        type_index: HashMap::default(),
        value_ids: vec![u32::MAX; ctx.num_values()],
        block_ids: vec![u32::MAX; ctx.num_blocks()],
        properties: Vec::new(),
        op_attrs: vec![(u32::MAX, u32::MAX); ctx.num_ops()],
        blob_keys: Interned::default(),
    };
    w.gather_op(root);
    w.gather_resources();
    let (attr_order, type_order) = w.number();
    let mut ir = Emitter::default();
    ir.varint_with_flag(1, false);
    w.emit_op(&mut ir, root, 0);
    let (offsets, data) = w.emit_attrs_and_types(&attr_order, &type_order);
    let dialect_section = w.emit_dialects();
    let mut file = Emitter::default();
    file.bytes.extend_from_slice(MAGIC);
    file.varint(VERSION);
    file.bytes.extend_from_slice(PRODUCER.as_bytes());
    file.byte(0);
    file.section(Section::Dialect, &dialect_section);
    file.section(Section::AttrTypeOffset, &offsets);
    file.section(Section::AttrType, &data);
    file.section(Section::Ir, &ir.bytes);
    let (resource_offsets, resources, alignment) = w.emit_resources();
    file.section(Section::ResourceOffset, &resource_offsets);
    file.aligned_section(Section::Resource, &resources, alignment);
    file.section(Section::String, &w.emit_strings());
    // Version 6 requires the section, though only ops shape-opt does not
    // define have entries.
    let mut properties = Emitter::default();
    properties.index(w.properties.len());
    for entry in &w.properties {
        properties.index(entry.len());
        properties.bytes.extend_from_slice(entry);
    }
    file.section(Section::Properties, &properties.bytes);
    file.bytes
}

/// A table of distinct items by first appearance.
struct Interned<T> {
    items: Vec<T>,
    index: HashMap<T, usize>,
}

impl<T> Default for Interned<T> {
    fn default() -> Self {
        Interned {
            items: Vec::new(),
            index: HashMap::default(),
        }
    }
}

impl<T: Clone + Eq + std::hash::Hash> Interned<T> {
    fn get(&mut self, item: &T) -> usize {
        if let Some(&i) = self.index.get(item) {
            return i;
        }
        self.items.push(item.clone());
        self.index.insert(item.clone(), self.items.len() - 1);
        self.items.len() - 1
    }
}

/// How an attribute or type is written: in the builtin dialect's own
/// encoding, or as text owned by a dialect.
enum Form {
    Builtin,
    Text { dialect: String, text: String },
}

struct Writer<'c> {
    ctx: &'c Context,
    printer: AttrPrinter<'c>,
    strings: Interned<Vec<u8>>,
    dialects: Interned<String>,
    /// Op names by first appearance: (dialect, name within it, registered).
    op_names: Vec<(usize, usize, bool)>,
    /// Each op name's place in `op_names`.
    op_name_index: HashMap<String, usize>,
    /// Each op name's number: names are numbered grouped by dialect.
    op_name_numbers: Vec<usize>,
    /// Attributes by first appearance, with their form; numbered by
    /// [`Writer::number`].
    attrs: Vec<(Attr, Form, u64)>,
    attr_index: HashMap<Attr, usize>,
    types: Vec<(Type, Form, u64)>,
    type_index: HashMap<Type, usize>,
    /// Each value's number in its isolated scope.
    value_ids: Vec<u32>,
    /// Each block's number in its region.
    block_ids: Vec<u32>,
    /// The properties section's entries.
    properties: Vec<Vec<u8>>,
    /// Each op's location and attribute dictionary, as places in
    /// `attrs` (`u32::MAX`: no dictionary), found once while gathering.
    op_attrs: Vec<(u32, u32)>,
    /// The keys of the `dense_resource` blobs used, by handle number.
    blob_keys: Interned<String>,
}

/// The dialect a text entry belongs to: what precedes the first `.` or `<`
/// after the sigil (`#arith.overflow<none>`, `!shape.shape`), else builtin.
fn text_dialect(text: &str) -> String {
    let body = text.trim_start_matches(['#', '!']);
    if body.len() == text.len() {
        return "builtin".into();
    }
    let end = body.find(['.', '<']).unwrap_or(body.len());
    body[..end].to_string()
}

impl Writer<'_> {
    // ----- gathering -----

    fn string(&mut self, s: &[u8]) -> usize {
        self.strings.get(&s.to_vec())
    }

    fn gather_op(&mut self, op: OpId) {
        let name = self.ctx.op_name(op).to_string();
        if !self.op_name_index.contains_key(&name) {
            // A name without a dot (`"use"`) is all dialect, as MLIR has it.
            let (dialect, short) = name.split_once('.').unwrap_or((&name, ""));
            let d = self.dialects.get(&dialect.to_string());
            self.string(dialect.as_bytes());
            let s = self.string(short.as_bytes());
            let registered = self.ctx.op_def(op).is_some();
            self.op_name_index.insert(name.clone(), self.op_names.len());
            self.op_names.push((d, s, registered));
        }
        let data = self.ctx.op(op);
        let loc = self.gather_attr(&Attr::Loc(data.loc.clone()));
        let dict = match self.op_dictionary(op) {
            Some(dict) => self.gather_attr(&dict),
            None => u32::MAX,
        };
        self.op_attrs[op.index()] = (loc, dict);
        if let Some(props) = self.unknown_op_properties(op) {
            self.gather_attr(&props);
        }
        for &v in data.results.iter() {
            self.gather_type(self.ctx.value_type(v));
        }
        for &r in data.regions.iter() {
            for &b in &self.ctx.region(r).blocks {
                for &a in &self.ctx.block(b).args {
                    self.gather_type(self.ctx.value_type(a));
                    if let Some(loc) = self.ctx.arg_loc(a) {
                        self.gather_attr(&Attr::Loc(loc.clone()));
                    }
                }
                let ops: Vec<OpId> = self.ctx.block_ops(b).collect();
                for o in ops {
                    self.gather_op(o);
                }
            }
        }
    }

    /// The op's attributes as one dictionary: an op shape-opt defines has
    /// its inherent attributes there too (MLIR moves them into its
    /// properties as it reads them).
    fn op_dictionary(&self, op: OpId) -> Option<Attr> {
        let data = self.ctx.op(op);
        let inherent = match self.ctx.op_def(op) {
            Some(_) => &data.props[..],
            None => &[],
        };
        let mut all: Vec<_> = inherent.iter().chain(data.attrs.iter()).cloned().collect();
        if all.is_empty() {
            return None;
        }
        all.sort_by(|a, b| a.0.cmp(&b.0));
        Some(Attr::Dict(all))
    }

    /// The properties of an op shape-opt does not define, kept as MLIR
    /// keeps them: one dictionary.
    fn unknown_op_properties(&self, op: OpId) -> Option<Attr> {
        let data = self.ctx.op(op);
        (self.ctx.op_def(op).is_none() && !data.props.is_empty())
            .then(|| Attr::Dict(data.props.to_vec()))
    }

    fn text_attr(&self, a: &Attr) -> Form {
        let text = self.printer.attr_to_string(a);
        Form::Text {
            dialect: text_dialect(&text),
            text,
        }
    }

    /// Gather `a` and what it refers to; its place in `attrs`.
    fn gather_attr(&mut self, a: &Attr) -> u32 {
        if let Some(&i) = self.attr_index.get(a) {
            return i as u32;
        }
        let form = match a {
            Attr::String(s) => {
                self.string(s);
                Form::Builtin
            }
            Attr::Dict(items) => {
                for (k, v) in items {
                    self.gather_attr(&Attr::String(k.as_bytes().to_vec()));
                    self.gather_attr(v);
                }
                Form::Builtin
            }
            Attr::Array(items) => {
                for v in items {
                    self.gather_attr(v);
                }
                Form::Builtin
            }
            Attr::SymbolRef { root, nested } => {
                self.gather_attr(&Attr::String(root.as_bytes().to_vec()));
                for n in nested {
                    self.gather_attr(&Attr::symbol(n));
                }
                Form::Builtin
            }
            Attr::Type(t) => {
                self.gather_type(*t);
                Form::Builtin
            }
            Attr::Unit => Form::Builtin,
            Attr::Int { ty, .. } => {
                self.gather_type(*ty);
                Form::Builtin
            }
            Attr::Float { ty, .. }
                if matches!(
                    self.ctx.type_kind(*ty),
                    TypeKind::Float(FloatKind::F32 | FloatKind::F64)
                ) =>
            {
                self.gather_type(*ty);
                Form::Builtin
            }
            Attr::Loc(l) => {
                self.gather_loc(l);
                Form::Builtin
            }
            Attr::DenseResource { key, ty } => {
                self.gather_type(*ty);
                self.blob_keys.get(key);
                Form::Builtin
            }
            _ => self.text_attr(a),
        };
        let place = self.attrs.len();
        self.attr_index.insert(a.clone(), place);
        self.attrs.push((a.clone(), form, 0));
        place as u32
    }

    fn gather_loc(&mut self, l: &Location) {
        match l {
            Location::Unknown => {}
            Location::FileLineCol { file, .. } => {
                self.gather_attr(&Attr::String(file.as_bytes().to_vec()));
            }
            Location::FileRange(r) => {
                self.gather_attr(&Attr::String(r.file.as_bytes().to_vec()));
            }
            Location::Name(b) => {
                self.gather_attr(&Attr::String(b.0.as_bytes().to_vec()));
                let child = b.1.clone().unwrap_or_default();
                self.gather_attr(&Attr::Loc(child));
            }
            Location::CallSite(b) => {
                self.gather_attr(&Attr::Loc(b.0.clone()));
                self.gather_attr(&Attr::Loc(b.1.clone()));
            }
            Location::Fused(b) => {
                for l in &b.1 {
                    self.gather_attr(&Attr::Loc(l.clone()));
                }
                if let Some(meta) = &b.0 {
                    self.gather_attr(&Attr::Opaque(meta.clone()));
                }
            }
        }
    }

    fn gather_type(&mut self, t: Type) {
        if self.type_index.contains_key(&t) {
            return;
        }
        let kind = self.ctx.type_kind(t).clone();
        let form = match &kind {
            TypeKind::Index | TypeKind::None | TypeKind::Integer { .. } => Form::Builtin,
            TypeKind::Float(k) if !matches!(k, FloatKind::TF32 | FloatKind::Small(_)) => {
                Form::Builtin
            }
            TypeKind::RankedTensor { elem, encoding, .. } => {
                self.gather_type(*elem);
                if let Some(e) = encoding {
                    self.gather_attr(e);
                }
                Form::Builtin
            }
            TypeKind::UnrankedTensor { elem } | TypeKind::Complex(elem) => {
                self.gather_type(*elem);
                Form::Builtin
            }
            TypeKind::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => {
                self.gather_type(*elem);
                self.gather_attr(&memref_layout(layout, shape.len()));
                if let Some(m) = memory_space {
                    self.gather_attr(m);
                }
                Form::Builtin
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                self.gather_type(*elem);
                if let Some(m) = memory_space {
                    self.gather_attr(m);
                }
                Form::Builtin
            }
            TypeKind::Vector { scalable, elem, .. } if !scalable.iter().any(|s| *s) => {
                self.gather_type(*elem);
                Form::Builtin
            }
            TypeKind::Tuple(ts) => {
                for &e in ts {
                    self.gather_type(e);
                }
                Form::Builtin
            }
            TypeKind::Function { inputs, results } => {
                for &e in inputs.iter().chain(results) {
                    self.gather_type(e);
                }
                Form::Builtin
            }
            _ => {
                let text = self.printer.type_to_string(t);
                Form::Text {
                    dialect: text_dialect(&text),
                    text,
                }
            }
        };
        self.type_index.insert(t, self.types.len());
        self.types.push((t, form, 0));
    }

    /// The strings the resource sections name: external groups' names,
    /// keys and string values, and the keys of the blobs used.
    fn gather_resources(&mut self) {
        let resources = self.ctx.resources();
        for (group, entries) in resources.external_groups() {
            self.string(group.as_bytes());
            for (key, value) in entries {
                self.string(key.as_bytes());
                if let ir::resources::ResourceValue::String(s) = value {
                    self.string(s);
                }
            }
        }
        let keys = self.blob_keys.items.clone();
        for key in keys {
            self.string(key.as_bytes());
        }
    }

    // ----- numbering -----

    fn dialect_of(&mut self, form: &Form) -> usize {
        let name = match form {
            Form::Builtin => "builtin".to_string(),
            Form::Text { dialect, .. } => dialect.clone(),
        };
        self.string(name.as_bytes());
        self.dialects.get(&name)
    }

    /// Number attributes and types grouped by dialect: the entries of
    /// each, in the order they are written.
    fn number(&mut self) -> (Groups, Groups) {
        let attr_dialects: Vec<usize> = (0..self.attrs.len())
            .map(|i| {
                let form = std::mem::replace(&mut self.attrs[i].1, Form::Builtin);
                let d = self.dialect_of(&form);
                self.attrs[i].1 = form;
                d
            })
            .collect();
        let type_dialects: Vec<usize> = (0..self.types.len())
            .map(|i| {
                let form = std::mem::replace(&mut self.types[i].1, Form::Builtin);
                let d = self.dialect_of(&form);
                self.types[i].1 = form;
                d
            })
            .collect();
        let op_dialects: Vec<usize> = self.op_names.iter().map(|n| n.0).collect();
        self.op_name_numbers = vec![0; self.op_names.len()];
        for (n, i) in group(&op_dialects)
            .iter()
            .flat_map(|(_, is)| is)
            .enumerate()
        {
            self.op_name_numbers[*i] = n;
        }
        let attr_order = group(&attr_dialects);
        let type_order = group(&type_dialects);
        for (n, i) in attr_order.iter().flat_map(|(_, is)| is).enumerate() {
            self.attrs[*i].2 = n as u64;
        }
        for (n, i) in type_order.iter().flat_map(|(_, is)| is).enumerate() {
            self.types[*i].2 = n as u64;
        }
        (attr_order, type_order)
    }

    fn attr_number(&self, a: &Attr) -> u64 {
        self.attrs[self.attr_index[a]].2
    }
    fn type_number(&self, t: Type) -> u64 {
        self.types[self.type_index[&t]].2
    }
    fn string_number(&self, s: &[u8]) -> u64 {
        self.strings.index[s] as u64
    }

    // ----- emitting -----

    fn emit_attrs_and_types(&self, attr_order: &Groups, type_order: &Groups) -> (Vec<u8>, Vec<u8>) {
        let mut offsets = Emitter::default();
        let mut data = Emitter::default();
        offsets.index(self.attrs.len());
        offsets.index(self.types.len());
        for (dialect, entries) in attr_order {
            offsets.index(*dialect);
            offsets.index(entries.len());
            for &i in entries {
                let start = data.bytes.len();
                let custom = match &self.attrs[i].1 {
                    Form::Builtin => {
                        self.emit_attr(&mut data, &self.attrs[i].0);
                        true
                    }
                    Form::Text { text, .. } => {
                        data.bytes.extend_from_slice(text.as_bytes());
                        data.byte(0);
                        false
                    }
                };
                offsets.varint_with_flag((data.bytes.len() - start) as u64, custom);
            }
        }
        for (dialect, entries) in type_order {
            offsets.index(*dialect);
            offsets.index(entries.len());
            for &i in entries {
                let start = data.bytes.len();
                let custom = match &self.types[i].1 {
                    Form::Builtin => {
                        self.emit_type(&mut data, self.types[i].0);
                        true
                    }
                    Form::Text { text, .. } => {
                        data.bytes.extend_from_slice(text.as_bytes());
                        data.byte(0);
                        false
                    }
                };
                offsets.varint_with_flag((data.bytes.len() - start) as u64, custom);
            }
        }
        (offsets.bytes, data.bytes)
    }

    fn string_attr(&self, e: &mut Emitter, s: &[u8]) {
        e.varint(self.attr_number(&Attr::String(s.to_vec())));
    }

    fn loc_attr(&self, e: &mut Emitter, l: &Location) {
        e.varint(self.attr_number(&Attr::Loc(l.clone())));
    }

    /// The width of an integer or float type's values.
    fn width(&self, ty: Type) -> u32 {
        match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Float(FloatKind::F32) => 32,
            _ => 64,
        }
    }

    fn emit_attr(&self, e: &mut Emitter, a: &Attr) {
        match a {
            Attr::String(s) => {
                e.varint(builtin::attr::STRING);
                e.varint(self.string_number(s));
            }
            Attr::Dict(items) => {
                e.varint(builtin::attr::DICTIONARY);
                e.index(items.len());
                for (k, v) in items {
                    self.string_attr(e, k.as_bytes());
                    e.varint(self.attr_number(v));
                }
            }
            Attr::Array(items) => {
                e.varint(builtin::attr::ARRAY);
                e.index(items.len());
                for v in items {
                    e.varint(self.attr_number(v));
                }
            }
            Attr::SymbolRef { root, nested } if nested.is_empty() => {
                e.varint(builtin::attr::FLAT_SYMBOL_REF);
                self.string_attr(e, root.as_bytes());
            }
            Attr::SymbolRef { root, nested } => {
                e.varint(builtin::attr::SYMBOL_REF);
                self.string_attr(e, root.as_bytes());
                e.index(nested.len());
                for n in nested {
                    e.varint(self.attr_number(&Attr::symbol(n)));
                }
            }
            Attr::Type(t) => {
                e.varint(builtin::attr::TYPE);
                e.varint(self.type_number(*t));
            }
            Attr::Unit => e.varint(builtin::attr::UNIT),
            Attr::Int { value, ty } => {
                e.varint(builtin::attr::INTEGER);
                e.varint(self.type_number(*ty));
                self.wide_int(e, *value as u128, self.width(*ty));
            }
            Attr::Float { bits, ty } => {
                e.varint(builtin::attr::FLOAT);
                e.varint(self.type_number(*ty));
                let width = self.width(*ty);
                let raw = if width == 32 {
                    u128::from((f64::from_bits(*bits) as f32).to_bits())
                } else {
                    u128::from(*bits)
                };
                self.wide_int(e, raw, width);
            }
            Attr::Loc(l) => self.emit_loc(e, l),
            Attr::DenseResource { key, ty } => {
                e.varint(builtin::attr::DENSE_RESOURCE_ELEMENTS);
                e.varint(self.type_number(*ty));
                e.index(self.blob_keys.index[key]);
            }
            other => unreachable!("{other:?} is written as text"),
        }
    }

    /// An integer of a known width, as the reader reads it back.
    fn wide_int(&self, e: &mut Emitter, raw: u128, width: u32) {
        if width <= 8 {
            e.byte(raw as u8);
        } else if width <= 64 {
            e.signed_varint(raw as u64 as i64);
        } else {
            let words = width.div_ceil(64).min(2);
            e.varint(u64::from(words));
            for i in 0..words {
                e.signed_varint((raw >> (64 * i)) as u64 as i64);
            }
        }
    }

    fn emit_loc(&self, e: &mut Emitter, l: &Location) {
        match l {
            Location::Unknown => e.varint(builtin::attr::UNKNOWN_LOC),
            Location::FileLineCol { file, line, col } => {
                e.varint(builtin::attr::FILE_LINE_COL_LOC);
                self.string_attr(e, file.as_bytes());
                e.varint(u64::from(*line));
                e.varint(u64::from(*col));
            }
            Location::FileRange(r) => {
                e.varint(builtin::attr::FILE_LINE_COL_RANGE);
                self.string_attr(e, r.file.as_bytes());
                let numbers: Vec<u32> = match r.end_line {
                    Some(end_line) => vec![r.line, r.col, end_line, r.end_col],
                    None => vec![r.line, r.col, r.end_col],
                };
                e.index(numbers.len());
                for n in numbers {
                    e.varint(u64::from(n));
                }
            }
            Location::Name(b) => {
                e.varint(builtin::attr::NAME_LOC);
                self.string_attr(e, b.0.as_bytes());
                self.loc_attr(e, &b.1.clone().unwrap_or_default());
            }
            Location::CallSite(b) => {
                e.varint(builtin::attr::CALL_SITE_LOC);
                self.loc_attr(e, &b.0);
                self.loc_attr(e, &b.1);
            }
            Location::Fused(b) => {
                let code = match b.0 {
                    Some(_) => builtin::attr::FUSED_LOC_WITH_METADATA,
                    None => builtin::attr::FUSED_LOC,
                };
                e.varint(code);
                e.index(b.1.len());
                for l in &b.1 {
                    self.loc_attr(e, l);
                }
                if let Some(meta) = &b.0 {
                    e.varint(self.attr_number(&Attr::Opaque(meta.clone())));
                }
            }
        }
    }

    fn shape(&self, e: &mut Emitter, shape: &[i64]) {
        e.index(shape.len());
        for &d in shape {
            e.signed_varint(if d == ir::types::DYNAMIC { DYNAMIC } else { d });
        }
    }

    /// A type's code, `with` and the attribute when it has the optional
    /// one it starts with (an encoding, a memory space), else `without`.
    fn code_and_leading_attr(&self, e: &mut Emitter, attr: Option<&Attr>, without: u64, with: u64) {
        match attr {
            Some(a) => {
                e.varint(with);
                e.varint(self.attr_number(a));
            }
            None => e.varint(without),
        }
    }

    fn emit_type(&self, e: &mut Emitter, t: Type) {
        match self.ctx.type_kind(t) {
            TypeKind::Integer { width, signedness } => {
                e.varint(builtin::ty::INTEGER);
                let s = match signedness {
                    Signedness::Signless => 0,
                    Signedness::Signed => 1,
                    Signedness::Unsigned => 2,
                };
                e.varint(u64::from(*width) << 2 | s);
            }
            TypeKind::Index => e.varint(builtin::ty::INDEX),
            TypeKind::None => e.varint(builtin::ty::NONE),
            TypeKind::Float(k) => e.varint(match k {
                FloatKind::BF16 => builtin::ty::BF16,
                FloatKind::F16 => builtin::ty::F16,
                FloatKind::F32 => builtin::ty::F32,
                FloatKind::F64 => builtin::ty::F64,
                FloatKind::F80 => builtin::ty::F80,
                _ => builtin::ty::F128,
            }),
            TypeKind::Function { inputs, results } => {
                e.varint(builtin::ty::FUNCTION);
                for list in [inputs, results] {
                    e.index(list.len());
                    for &x in list {
                        e.varint(self.type_number(x));
                    }
                }
            }
            TypeKind::Complex(elem) => {
                e.varint(builtin::ty::COMPLEX);
                e.varint(self.type_number(*elem));
            }
            TypeKind::RankedTensor {
                shape,
                elem,
                encoding,
            } => {
                self.code_and_leading_attr(
                    e,
                    encoding.as_ref(),
                    builtin::ty::RANKED_TENSOR,
                    builtin::ty::RANKED_TENSOR_WITH_ENCODING,
                );
                self.shape(e, shape);
                e.varint(self.type_number(*elem));
            }
            TypeKind::UnrankedTensor { elem } => {
                e.varint(builtin::ty::UNRANKED_TENSOR);
                e.varint(self.type_number(*elem));
            }
            TypeKind::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => {
                self.code_and_leading_attr(
                    e,
                    memory_space.as_ref(),
                    builtin::ty::MEMREF,
                    builtin::ty::MEMREF_WITH_MEMORY_SPACE,
                );
                self.shape(e, shape);
                e.varint(self.type_number(*elem));
                e.varint(self.attr_number(&memref_layout(layout, shape.len())));
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                self.code_and_leading_attr(
                    e,
                    memory_space.as_ref(),
                    builtin::ty::UNRANKED_MEMREF,
                    builtin::ty::UNRANKED_MEMREF_WITH_MEMORY_SPACE,
                );
                e.varint(self.type_number(*elem));
            }
            TypeKind::Vector { shape, elem, .. } => {
                e.varint(builtin::ty::VECTOR);
                self.shape(e, shape);
                e.varint(self.type_number(*elem));
            }
            TypeKind::Tuple(ts) => {
                e.varint(builtin::ty::TUPLE);
                e.index(ts.len());
                for &x in ts {
                    e.varint(self.type_number(x));
                }
            }
            other => unreachable!("{other:?} is written as text"),
        }
    }

    fn emit_dialects(&self) -> Vec<u8> {
        let mut e = Emitter::default();
        e.index(self.dialects.items.len());
        for d in &self.dialects.items {
            e.varint_with_flag(self.string_number(d.as_bytes()), false);
        }
        e.index(self.op_names.len());
        for (dialect, names) in group(&self.op_names.iter().map(|n| n.0).collect::<Vec<_>>()) {
            e.index(dialect);
            e.index(names.len());
            for i in names {
                let (_, name, registered) = self.op_names[i];
                e.varint_with_flag(name as u64, registered);
            }
        }
        e.bytes
    }

    /// The resource offset and resource sections, and the alignment the
    /// latter needs: external groups, then the builtin dialect's blobs
    /// (a key without a blob, `__elided__`, has an empty entry).
    fn emit_resources(&self) -> (Vec<u8>, Vec<u8>, u32) {
        use ir::resources::{Blob, ResourceValue};
        let mut offsets = Emitter::default();
        let mut data = Emitter::default();
        let mut alignment = 1;
        let mut entry = |offsets: &mut Emitter, key: &str, value: Option<&ResourceValue>| {
            let start = data.bytes.len();
            let kind = match value {
                Some(ResourceValue::Blob(Blob {
                    alignment: a,
                    data: bytes,
                })) => {
                    data.varint(u64::from(*a));
                    data.index(bytes.len());
                    let a = (*a).max(1);
                    alignment = alignment.max(a);
                    while !(data.bytes.len() as u64).is_multiple_of(u64::from(a)) {
                        data.byte(crate::encoding::ALIGNMENT_BYTE);
                    }
                    data.bytes.extend_from_slice(bytes);
                    0
                }
                Some(ResourceValue::Bool(b)) => {
                    data.byte(u8::from(*b));
                    1
                }
                Some(ResourceValue::String(s)) => {
                    data.varint(self.string_number(s));
                    2
                }
                None => 0,
            };
            offsets.varint(self.string_number(key.as_bytes()));
            offsets.index(data.bytes.len() - start);
            offsets.byte(kind);
        };
        let external = self.ctx.resources().external_groups();
        offsets.index(external.len());
        for (group, entries) in external {
            offsets.varint(self.string_number(group.as_bytes()));
            offsets.index(entries.len());
            for (key, value) in entries {
                entry(&mut offsets, key, Some(value));
            }
        }
        if !self.blob_keys.items.is_empty() {
            offsets.index(self.dialects.index["builtin"]);
            offsets.index(self.blob_keys.items.len());
            for key in &self.blob_keys.items {
                let blob = self
                    .ctx
                    .resources()
                    .blob(key)
                    .cloned()
                    .map(ResourceValue::Blob);
                entry(&mut offsets, key, blob.as_ref());
            }
        }
        (offsets.bytes, data.bytes, alignment)
    }

    fn emit_strings(&self) -> Vec<u8> {
        let mut e = Emitter::default();
        e.index(self.strings.items.len());
        for s in self.strings.items.iter().rev() {
            e.index(s.len() + 1);
        }
        for s in &self.strings.items {
            e.bytes.extend_from_slice(s);
            e.byte(0);
        }
        e.bytes
    }

    /// Number a region's own values (its blocks' arguments, then each op's
    /// results, block by block) from `first`, and its blocks.
    fn number_region(&mut self, r: RegionId, first: u32) -> u32 {
        let mut next = first;
        let blocks = self.ctx.region(r).blocks.clone();
        for (i, &b) in blocks.iter().enumerate() {
            self.block_ids[b.index()] = i as u32;
            for &a in &self.ctx.block(b).args {
                self.value_ids[a.index()] = next;
                next += 1;
            }
            for o in self.ctx.block_ops(b) {
                for &v in self.ctx.op(o).results.iter() {
                    self.value_ids[v.index()] = next;
                    next += 1;
                }
            }
        }
        next - first
    }

    fn emit_op(&mut self, e: &mut Emitter, op: OpId, scope_end: u32) {
        let data = self.ctx.op(op);
        let (loc, dict) = self.op_attrs[op.index()];
        let mut mask = 0;
        if dict != u32::MAX {
            mask |= op_mask::HAS_ATTRS;
        }
        if !data.results.is_empty() {
            mask |= op_mask::HAS_RESULTS;
        }
        if !data.operands.is_empty() {
            mask |= op_mask::HAS_OPERANDS;
        }
        if !data.successors.is_empty() {
            mask |= op_mask::HAS_SUCCESSORS;
        }
        if !data.regions.is_empty() {
            mask |= op_mask::HAS_INLINE_REGIONS;
        }
        if self.ctx.op_def(op).is_none() && !data.props.is_empty() {
            mask |= op_mask::HAS_PROPERTIES;
        }
        e.index(self.op_name_numbers[self.op_name_index[self.ctx.op_name(op)]]);
        e.byte(mask);
        e.varint(self.attrs[loc as usize].2);
        if dict != u32::MAX {
            e.varint(self.attrs[dict as usize].2);
        }
        if let Some(props) = self.unknown_op_properties(op) {
            let mut entry = Emitter::default();
            entry.varint(self.attr_number(&props));
            e.index(self.properties.len());
            self.properties.push(entry.bytes);
        }
        if !data.results.is_empty() {
            e.index(data.results.len());
            for &v in data.results.iter() {
                e.varint(self.type_number(self.ctx.value_type(v)));
            }
        }
        if !data.operands.is_empty() {
            e.index(data.operands.len());
            for &v in data.operands.iter() {
                e.varint(u64::from(self.value_ids[v.index()]));
            }
        }
        if !data.successors.is_empty() {
            e.index(data.successors.len());
            for &b in data.successors.iter() {
                e.varint(u64::from(self.block_ids[b.index()]));
            }
        }
        if data.regions.is_empty() {
            return;
        }
        let regions: Vec<RegionId> = data.regions.to_vec();
        let isolated = self
            .ctx
            .op_def(op)
            .is_some_and(|d| d.traits.isolated_from_above);
        e.varint_with_flag(regions.len() as u64, isolated);
        if isolated {
            let mut inner = Emitter::default();
            for r in regions {
                self.emit_region(&mut inner, r, 0);
            }
            e.section(Section::Ir, &inner.bytes);
        } else {
            for r in regions {
                self.emit_region(e, r, scope_end);
            }
        }
    }

    fn emit_region(&mut self, e: &mut Emitter, r: RegionId, scope_end: u32) {
        let blocks: Vec<BlockId> = self.ctx.region(r).blocks.clone();
        if blocks.is_empty() {
            // A region without blocks of an op whose body needs no
            // terminator (`module {}`) is one empty block to MLIR.
            let holder = self.ctx.region(r).parent.and_then(|op| self.ctx.op_def(op));
            let implicit_block = holder.is_some_and(|d| d.traits.no_terminator);
            match implicit_block {
                true => e.bytes.extend_from_slice(&[0x03, 0x01, 0x01]),
                false => e.index(0),
            }
            return;
        }
        e.index(blocks.len());
        let n = self.number_region(r, scope_end);
        e.varint(u64::from(n));
        for b in blocks {
            let args: Vec<ValueId> = self.ctx.block(b).args.clone();
            let ops: Vec<OpId> = self.ctx.block_ops(b).collect();
            e.varint_with_flag(ops.len() as u64, !args.is_empty());
            if !args.is_empty() {
                e.index(args.len());
                for a in args {
                    let loc = self.ctx.arg_loc(a).cloned();
                    e.varint_with_flag(self.type_number(self.ctx.value_type(a)), loc.is_some());
                    if let Some(loc) = loc {
                        self.loc_attr(e, &loc);
                    }
                }
                e.byte(0);
            }
            for o in ops {
                self.emit_op(e, o, scope_end + n);
            }
        }
    }
}

/// The layout a memref type is written with: its own, or the identity
/// map of its rank, which MLIR keeps where the IR keeps none.
fn memref_layout(layout: &Option<Attr>, rank: usize) -> Attr {
    layout
        .clone()
        .unwrap_or_else(|| Attr::Opaque(identity_layout(rank)))
}

/// Items grouped by dialect: each dialect's number and its items'.
type Groups = Vec<(usize, Vec<usize>)>;

/// Indices of `keys` grouped by key, groups in order of first appearance.
fn group(keys: &[usize]) -> Groups {
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, &k) in keys.iter().enumerate() {
        match groups.iter_mut().find(|g| g.0 == k) {
            Some(g) => g.1.push(i),
            None => groups.push((k, vec![i])),
        }
    }
    groups
}
