//! Bytecode into the IR: the sections are found and checked, attributes
//! and types decoded on first use (the builtin dialect's own encodings,
//! every other dialect's from their text), operations built region by
//! region with their properties, and forward references resolved when
//! their value is defined. Nothing here panics on malformed input: every
//! failure is an [`Error`] naming the section and the byte.

use crate::builtin::{self, identity_layout, DYNAMIC};
use crate::encoding::{op_mask, Cursor, Result, Section, MAGIC, VERSION};
use crate::properties;
use ir::attrs::{DenseValues, Scalar};
use ir::context::{BlockId, Context, OperationState, RegionId, ValueId};
use ir::location::FileRange;
use ir::types::{FloatKind, Signedness};
use ir::{Attr, Location, OpId, OpKind, Type, TypeKind};
use std::sync::Arc;

/// How the reader treats what the IR may not accept.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions {
    /// Accept ops shape-opt does not know (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
    /// Wrap the top-level ops in a `builtin.module` unless they are one.
    pub implicit_module: bool,
    /// Deepest nesting of regions, attributes and types accepted.
    pub max_nesting: usize,
}

/// Read the bytecode file `bytes` (named `name`, for the implicit module's
/// location) into `ctx`: the top-level `builtin.module`.
pub fn read(ctx: &mut Context, name: &str, bytes: &[u8], options: &ReadOptions) -> Result<OpId> {
    let mut header = Cursor::new(bytes, 0, Section::Header);
    if !bytes.starts_with(MAGIC) {
        return Err(header.error("the file does not start with MLIR bytecode's magic number"));
    }
    header.bytes(MAGIC.len() as u64)?;
    let at = header.position();
    let version = header.varint()?;
    if version != VERSION {
        return Err(header.error_at(
            at,
            format!(
                "bytecode version {version} is not supported: shape-opt reads version \
                 {VERSION}, which mlir-opt 22 writes"
            ),
        ));
    }
    header.cstr()?;
    let mut sections: [Option<Cursor>; 9] = Default::default();
    while !header.at_end() {
        let at = header.position();
        let (id, data) = header.section_header()?;
        let Some(section) = Section::from_id(id) else {
            return Err(header.error_at(at, format!("unknown section id {id}")));
        };
        let slot = &mut sections[section.id() as usize];
        if slot.is_some() {
            return Err(header.error_at(at, format!("a second {}", section.name())));
        }
        *slot = Some(data);
    }
    let mut take = |section: Section| -> Result<Cursor> {
        sections[section.id() as usize]
            .take()
            .ok_or_else(|| header.error(format!("the {} is missing", section.name())))
    };
    let strings = read_strings(take(Section::String)?)?;
    let (dialects, op_names) = read_dialects(take(Section::Dialect)?, &strings)?;
    let table = AttrTypeTable::new(
        take(Section::AttrTypeOffset)?,
        take(Section::AttrType)?,
        &dialects,
    )?;
    let ir = take(Section::Ir)?;
    let properties = match sections[Section::Properties.id() as usize].take() {
        Some(c) => read_properties(c)?,
        None => Vec::new(),
    };
    let resource_offsets = sections[Section::ResourceOffset.id() as usize].take();
    let resource_data = sections[Section::Resource.id() as usize].take();
    let dialect_resources = match (resource_offsets, resource_data) {
        (Some(offsets), Some(data)) => read_resources(ctx, offsets, data, &strings, &dialects)?,
        (None, None) => Vec::new(),
        (Some(c), None) | (None, Some(c)) => {
            return Err(c.error("resources need both the resource and its offset section"))
        }
    };
    let mut reader = Reader {
        ctx,
        strings,
        op_names,
        table,
        properties,
        dialect_resources,
        file_names: Default::default(),
        scopes: Vec::new(),
        region_blocks: Vec::new(),
        options: *options,
        depth: 0,
    };
    reader.read_top_level(ir, name)
}

/// The string section: the strings, each NUL-terminated in the data.
fn read_strings(mut c: Cursor) -> Result<Vec<Vec<u8>>> {
    let n = c.count()?;
    let mut lengths = Vec::with_capacity(n);
    for _ in 0..n {
        lengths.push(c.varint()?);
    }
    lengths.reverse();
    let mut strings = Vec::with_capacity(n);
    for length in lengths {
        let at = c.position();
        let bytes = c.bytes(length)?;
        let Some((&0, text)) = bytes.split_last() else {
            return Err(c.error_at(at, "a string is not NUL-terminated"));
        };
        strings.push(text.to_vec());
    }
    Ok(strings)
}

fn string_at<'s>(c: &Cursor, strings: &'s [Vec<u8>], index: u64) -> Result<&'s [u8]> {
    usize::try_from(index)
        .ok()
        .and_then(|i| strings.get(i))
        .map(Vec::as_slice)
        .ok_or_else(|| c.error(format!("string index {index} is out of range")))
}

fn utf8(c: &Cursor, bytes: &[u8]) -> Result<String> {
    String::from_utf8(bytes.to_vec()).map_err(|_| c.error("a name is not UTF-8"))
}

/// The dialect section: dialect names (versions skipped), then the op
/// names, grouped by dialect, as full names.
fn read_dialects(mut c: Cursor, strings: &[Vec<u8>]) -> Result<(Vec<String>, Vec<String>)> {
    let n = c.count()?;
    let mut dialects = Vec::with_capacity(n);
    for _ in 0..n {
        let (name, versioned) = c.varint_with_flag()?;
        dialects.push(utf8(&c, string_at(&c, strings, name)?)?);
        if versioned {
            let size = c.varint()?;
            c.bytes(size)?;
        }
    }
    let total = c.count()?;
    let mut op_names = Vec::with_capacity(total);
    while !c.at_end() {
        let at = c.position();
        let dialect = c.index()?;
        let Some(dialect) = dialects.get(dialect) else {
            return Err(c.error_at(at, format!("dialect index {dialect} is out of range")));
        };
        let count = c.count()?;
        for _ in 0..count {
            let (name, _registered) = c.varint_with_flag()?;
            let name = utf8(&c, string_at(&c, strings, name)?)?;
            // A name without a dot (`"use"`) is all dialect.
            op_names.push(match name.is_empty() {
                true => dialect.clone(),
                false => format!("{dialect}.{name}"),
            });
        }
    }
    if op_names.len() != total {
        return Err(c.error(format!(
            "{} op names listed, {total} announced",
            op_names.len()
        )));
    }
    Ok((dialects, op_names))
}

/// One resource's entry in the offset section.
struct ResourceInfo {
    key: String,
    size: u64,
    kind: u8,
}

fn resource_infos(c: &mut Cursor, strings: &[Vec<u8>]) -> Result<Vec<ResourceInfo>> {
    let n = c.count()?;
    let mut infos = Vec::with_capacity(n);
    for _ in 0..n {
        let key = c.varint()?;
        let key = utf8(c, string_at(c, strings, key)?)?;
        let size = c.varint()?;
        let kind = c.byte()?;
        infos.push(ResourceInfo { key, size, kind });
    }
    Ok(infos)
}

/// The resources: external groups' entries, and the builtin dialect's
/// blobs (what `dense_resource` attributes hold), into `ctx`. Returns the
/// keys of the dialects' resources, by handle number.
fn read_resources(
    ctx: &mut Context,
    mut offsets: Cursor,
    mut data: Cursor,
    strings: &[Vec<u8>],
    dialects: &[String],
) -> Result<Vec<String>> {
    let externals = offsets.count()?;
    let mut groups = Vec::with_capacity(externals);
    for _ in 0..externals {
        let group = offsets.varint()?;
        let group = utf8(&offsets, string_at(&offsets, strings, group)?)?;
        groups.push((Some(group), resource_infos(&mut offsets, strings)?));
    }
    let mut dialect_keys = Vec::new();
    while !offsets.at_end() {
        let at = offsets.position();
        let dialect = offsets.index()?;
        let Some(name) = dialects.get(dialect) else {
            return Err(offsets.error_at(at, format!("dialect index {dialect} is out of range")));
        };
        if name != "builtin" {
            return Err(offsets.error_at(
                at,
                format!("resources of the '{name}' dialect are not read"),
            ));
        }
        let infos = resource_infos(&mut offsets, strings)?;
        dialect_keys.extend(infos.iter().map(|i| i.key.clone()));
        groups.push((None, infos));
    }
    for (group, infos) in groups {
        for info in infos {
            let base = data.file_offset();
            let mut entry = Cursor::new(data.bytes(info.size)?, base, Section::Resource);
            if group.is_none() && info.size == 0 {
                // A handle without data (`dense_resource<__elided__>`).
                continue;
            }
            let value = match info.kind {
                0 => {
                    let alignment = entry.varint()?;
                    let size = entry.varint()?;
                    // An empty blob may say alignment 0.
                    let alignment = u32::try_from(alignment)
                        .ok()
                        .filter(|a| a.is_power_of_two() || (*a == 0 && size == 0))
                        .ok_or_else(|| entry.error(format!("blob alignment {alignment}")))?;
                    while !(entry.file_offset() as u64).is_multiple_of(u64::from(alignment.max(1)))
                    {
                        entry.byte()?;
                    }
                    let bytes = entry.bytes(size)?.to_vec();
                    ir::resources::ResourceValue::Blob(ir::resources::Blob {
                        alignment,
                        data: bytes,
                    })
                }
                1 => ir::resources::ResourceValue::Bool(entry.byte()? != 0),
                2 => {
                    let s = entry.varint()?;
                    ir::resources::ResourceValue::String(string_at(&entry, strings, s)?.to_vec())
                }
                kind => return Err(entry.error(format!("unknown resource kind {kind}"))),
            };
            match (&group, value) {
                (Some(group), value) => ctx.resources_mut().add_external(group, &info.key, value),
                (None, ir::resources::ResourceValue::Blob(blob)) => {
                    ctx.resources_mut().set_blob(&info.key, blob)
                }
                (None, _) => return Err(entry.error("a builtin resource that is not a blob")),
            }
        }
    }
    Ok(dialect_keys)
}

/// The properties section: each op's encoded properties.
fn read_properties(mut c: Cursor) -> Result<Vec<Cursor>> {
    let n = c.count()?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let size = c.varint()?;
        let base = c.file_offset();
        out.push(Cursor::new(c.bytes(size)?, base, Section::Properties));
    }
    Ok(out)
}

/// One attribute or type's encoding.
#[derive(Clone)]
struct Entry<'a> {
    dialect: usize,
    custom: bool,
    data: Cursor<'a>,
}

/// The attributes and types, decoded on first use.
struct AttrTypeTable<'a> {
    dialects: Vec<String>,
    attr_entries: Vec<Entry<'a>>,
    type_entries: Vec<Entry<'a>>,
    attrs: Vec<Slot<Attr>>,
    types: Vec<Slot<Type>>,
}

#[derive(Clone)]
enum Slot<T> {
    Unread,
    Reading,
    Read(T),
}

impl<'a> AttrTypeTable<'a> {
    fn new(mut offsets: Cursor<'a>, data: Cursor<'a>, dialects: &[String]) -> Result<Self> {
        let num_attrs = offsets.count()?;
        let num_types = offsets.count()?;
        let mut entries = Vec::with_capacity(num_attrs + num_types);
        let mut data = data;
        while !offsets.at_end() {
            let at = offsets.position();
            let dialect = offsets.index()?;
            if dialect >= dialects.len() {
                return Err(
                    offsets.error_at(at, format!("dialect index {dialect} is out of range"))
                );
            }
            let count = offsets.count()?;
            for _ in 0..count {
                let (size, custom) = offsets.varint_with_flag()?;
                let base = data.file_offset();
                let bytes = data.bytes(size).map_err(|_| {
                    offsets.error("an entry runs past the attribute and type section")
                })?;
                entries.push(Entry {
                    dialect,
                    custom,
                    data: Cursor::new(bytes, base, Section::AttrType),
                });
            }
        }
        if entries.len() != num_attrs + num_types {
            return Err(offsets.error(format!(
                "{} entries listed, {} attributes and {num_types} types announced",
                entries.len(),
                num_attrs
            )));
        }
        let type_entries = entries.split_off(num_attrs);
        Ok(AttrTypeTable {
            dialects: dialects.to_vec(),
            attrs: vec![Slot::Unread; num_attrs],
            types: vec![Slot::Unread; num_types],
            attr_entries: entries,
            type_entries,
        })
    }
}

/// One isolated-from-above scope's values by their number; ranges are
/// reserved as regions open and released as they close.
#[derive(Default)]
struct ValueScope {
    values: Vec<Option<ValueId>>,
    /// The regions open in it, innermost last.
    regions: Vec<OpenRegion>,
    /// Values used before their definition, by number: their placeholder.
    forward: std::collections::HashMap<usize, ValueId>,
    /// Where placeholders live (never attached).
    placeholders: Option<BlockId>,
}

struct Reader<'a, 'c> {
    ctx: &'c mut Context,
    strings: Vec<Vec<u8>>,
    op_names: Vec<String>,
    table: AttrTypeTable<'a>,
    properties: Vec<Cursor<'a>>,
    /// The keys of the dialects' resources, by their handle's number.
    dialect_resources: Vec<String>,
    /// One shared name per file string of a location.
    file_names: std::collections::HashMap<usize, Arc<str>>,
    scopes: Vec<ValueScope>,
    /// The blocks of each region being read, innermost last: successors
    /// are numbers into the innermost.
    region_blocks: Vec<Vec<BlockId>>,
    options: ReadOptions,
    depth: usize,
}

impl<'a> Reader<'a, '_> {
    fn string(&self, c: &Cursor, index: u64) -> Result<&[u8]> {
        string_at(c, &self.strings, index)
    }

    fn nest(&mut self, c: &Cursor) -> Result<()> {
        self.depth += 1;
        if self.depth > self.options.max_nesting {
            return Err(c.error(format!(
                "nesting deeper than {} levels",
                self.options.max_nesting
            )));
        }
        Ok(())
    }

    // ----- attributes and types -----

    fn attr(&mut self, c: &Cursor, index: u64) -> Result<Attr> {
        let Some(i) = usize::try_from(index)
            .ok()
            .filter(|&i| i < self.table.attrs.len())
        else {
            return Err(c.error(format!("attribute index {index} is out of range")));
        };
        match &self.table.attrs[i] {
            Slot::Read(a) => return Ok(a.clone()),
            Slot::Reading => return Err(c.error(format!("attribute {i} refers to itself"))),
            Slot::Unread => {}
        }
        self.table.attrs[i] = Slot::Reading;
        self.nest(c)?;
        let entry = self.table.attr_entries[i].clone();
        let attr = self.decode_attr(entry)?;
        self.depth -= 1;
        self.table.attrs[i] = Slot::Read(attr.clone());
        Ok(attr)
    }

    fn ty(&mut self, c: &Cursor, index: u64) -> Result<Type> {
        let Some(i) = usize::try_from(index)
            .ok()
            .filter(|&i| i < self.table.types.len())
        else {
            return Err(c.error(format!("type index {index} is out of range")));
        };
        match &self.table.types[i] {
            Slot::Read(t) => return Ok(*t),
            Slot::Reading => return Err(c.error(format!("type {i} refers to itself"))),
            Slot::Unread => {}
        }
        self.table.types[i] = Slot::Reading;
        self.nest(c)?;
        let entry = self.table.type_entries[i].clone();
        let ty = self.decode_type(entry)?;
        self.depth -= 1;
        self.table.types[i] = Slot::Read(ty);
        Ok(ty)
    }

    fn attr_ref(&mut self, c: &mut Cursor) -> Result<Attr> {
        let i = c.varint()?;
        self.attr(c, i)
    }

    fn type_ref(&mut self, c: &mut Cursor) -> Result<Type> {
        let i = c.varint()?;
        self.ty(c, i)
    }

    fn string_attr(&mut self, c: &mut Cursor) -> Result<Vec<u8>> {
        match self.attr_ref(c)? {
            Attr::String(s) => Ok(s),
            other => Err(c.error(format!("a string attribute expected, found {other:?}"))),
        }
    }

    /// A string attribute that names something (UTF-8).
    fn name_attr(&mut self, c: &mut Cursor) -> Result<String> {
        let bytes = self.string_attr(c)?;
        utf8(c, &bytes)
    }

    fn loc_ref(&mut self, c: &mut Cursor) -> Result<Location> {
        match self.attr_ref(c)? {
            Attr::Loc(l) => Ok(l),
            other => Err(c.error(format!("a location expected, found {other:?}"))),
        }
    }

    fn text_entry<'e>(&self, entry: &'e mut Entry) -> Result<&'e str> {
        let bytes = entry.data.cstr()?;
        if !entry.data.at_end() {
            return Err(entry
                .data
                .error("text after the NUL of an attribute or type"));
        }
        std::str::from_utf8(bytes)
            .map_err(|_| entry.data.error("an attribute or type's text is not UTF-8"))
    }

    fn custom_dialect(&self, entry: &Entry) -> Result<()> {
        let dialect = &self.table.dialects[entry.dialect];
        if dialect != "builtin" {
            return Err(entry.data.error(format!(
                "'{dialect}' encodes this attribute or type in its own bytecode form, \
                 which shape-opt does not read"
            )));
        }
        Ok(())
    }

    fn decode_attr(&mut self, mut entry: Entry<'a>) -> Result<Attr> {
        if !entry.custom {
            let text = self.text_entry(&mut entry)?.to_string();
            return syntax::parse_attribute(self.ctx, &text)
                .map_err(|e| entry.data.error_at(0, format!("'{text}': {e}")));
        }
        self.custom_dialect(&entry)?;
        let c = &mut entry.data;
        let at = c.position();
        let code = c.varint()?;
        let attr = match code {
            builtin::attr::ARRAY => Attr::Array(self.list(c, Self::attr_ref)?),
            builtin::attr::DICTIONARY => {
                let n = c.count()?;
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    let name = self.string_attr(c)?;
                    let value = self.attr_ref(c)?;
                    items.push((ir::attrs::attr_name(&utf8(c, &name)?), value));
                }
                items.sort_by(|a, b| a.0.cmp(&b.0));
                Attr::Dict(items)
            }
            builtin::attr::STRING => {
                let s = c.varint()?;
                Attr::String(self.string(c, s)?.to_vec())
            }
            builtin::attr::STRING_WITH_TYPE => {
                let s = c.varint()?;
                let s = self.string(c, s)?.to_vec();
                let ty = self.type_ref(c)?;
                let mut text = String::new();
                ir::print_attr::write_escaped_string(&mut text, &s);
                text.push_str(" : ");
                text.push_str(&ir::print_attr::AttrPrinter::new(self.ctx).type_to_string(ty));
                Attr::Opaque(text)
            }
            builtin::attr::FLAT_SYMBOL_REF => Attr::SymbolRef {
                root: self.name_attr(c)?,
                nested: Vec::new(),
            },
            builtin::attr::SYMBOL_REF => {
                let root = self.name_attr(c)?;
                let n = c.count()?;
                let mut nested = Vec::with_capacity(n);
                for _ in 0..n {
                    match self.attr_ref(c)? {
                        Attr::SymbolRef {
                            root,
                            nested: inner,
                        } if inner.is_empty() => nested.push(root),
                        _ => {
                            return Err(c.error("a nested reference is not a flat symbol reference"))
                        }
                    }
                }
                Attr::SymbolRef { root, nested }
            }
            builtin::attr::TYPE => Attr::Type(self.type_ref(c)?),
            builtin::attr::UNIT => Attr::Unit,
            builtin::attr::INTEGER => {
                let ty = self.type_ref(c)?;
                self.integer_attr(c, ty)?
            }
            builtin::attr::FLOAT => {
                let ty = self.type_ref(c)?;
                self.float_attr(c, ty)?
            }
            builtin::attr::CALL_SITE_LOC => {
                let callee = self.loc_ref(c)?;
                let caller = self.loc_ref(c)?;
                Attr::Loc(Location::CallSite(Box::new((callee, caller))))
            }
            builtin::attr::FILE_LINE_COL_LOC => {
                let file = self.file_name(c)?;
                let line = c.varint()?;
                let line = small(c, line)?;
                let col = c.varint()?;
                let col = small(c, col)?;
                Attr::Loc(Location::FileLineCol { file, line, col })
            }
            builtin::attr::FILE_LINE_COL_RANGE => self.file_line_col_range(c)?,
            builtin::attr::FUSED_LOC | builtin::attr::FUSED_LOC_WITH_METADATA => {
                let locs = self.list(c, Self::loc_ref)?;
                let metadata = if code == builtin::attr::FUSED_LOC_WITH_METADATA {
                    let meta = self.attr_ref(c)?;
                    Some(ir::print_attr::AttrPrinter::new(self.ctx).attr_to_string(&meta))
                } else {
                    None
                };
                Attr::Loc(Location::Fused(Box::new((metadata, locs))))
            }
            builtin::attr::NAME_LOC => {
                let name = self.name_attr(c)?;
                let child = self.loc_ref(c)?;
                let child = (child != Location::Unknown).then_some(child);
                Attr::Loc(Location::Name(Box::new((name, child))))
            }
            builtin::attr::UNKNOWN_LOC => Attr::Loc(Location::Unknown),
            builtin::attr::DENSE_RESOURCE_ELEMENTS => {
                let ty = self.type_ref(c)?;
                let at = c.position();
                let handle = c.index()?;
                let Some(key) = self.dialect_resources.get(handle) else {
                    return Err(c.error_at(at, format!("resource handle {handle} is out of range")));
                };
                Attr::DenseResource {
                    key: key.clone(),
                    ty,
                }
            }
            builtin::attr::DENSE_ARRAY => {
                let elem = self.type_ref(c)?;
                let size = c.index()?;
                let blob = blob(c)?;
                let values = self.elements(c, elem, size, blob)?;
                Attr::DenseArray { elem, values }
            }
            builtin::attr::DENSE_INT_OR_FP_ELEMENTS => {
                let ty = self.type_ref(c)?;
                let blob = blob(c)?;
                self.dense_elements(c, ty, blob)?
            }
            _ => {
                return Err(c.error_at(
                    at,
                    format!("builtin attribute code {code} is not one shape-opt reads"),
                ))
            }
        };
        if !c.at_end() {
            return Err(c.error("bytes left after the attribute"));
        }
        Ok(attr)
    }

    fn file_name(&mut self, c: &mut Cursor) -> Result<Arc<str>> {
        let at = c.clone().varint()?;
        let name = self.string_attr(c)?;
        let key = at as usize;
        if let Some(f) = self.file_names.get(&key) {
            return Ok(f.clone());
        }
        let f: Arc<str> = utf8(c, &name)?.into();
        self.file_names.insert(key, f.clone());
        Ok(f)
    }

    /// `FileLineColRange`: the file, then how many of start line, start
    /// column, end line and end column follow, then those.
    fn file_line_col_range(&mut self, c: &mut Cursor) -> Result<Attr> {
        let file = self.file_name(c)?;
        let n = c.count()?;
        let mut parts = Vec::with_capacity(n);
        for _ in 0..n {
            let v = c.varint()?;
            parts.push(small(c, v)?);
        }
        let loc = match parts[..] {
            [line, col] => Location::FileLineCol { file, line, col },
            [line, col, end_col] => Location::FileRange(Box::new(FileRange {
                file,
                line,
                col,
                end_line: None,
                end_col,
            })),
            [line, col, end_line, end_col] => Location::FileRange(Box::new(FileRange {
                file,
                line,
                col,
                end_line: Some(end_line),
                end_col,
            })),
            _ => return Err(c.error(format!("a file range of {n} numbers"))),
        };
        Ok(Attr::Loc(loc))
    }

    /// The bit width of an integer, index or float type.
    fn width(&self, c: &Cursor, ty: Type) -> Result<u32> {
        Ok(match self.ctx.type_kind(ty) {
            TypeKind::Index => 64,
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Float(k) => match k {
                FloatKind::F16 | FloatKind::BF16 => 16,
                FloatKind::F32 | FloatKind::TF32 => 32,
                FloatKind::F64 => 64,
                FloatKind::F80 => 80,
                FloatKind::F128 => 128,
                FloatKind::Small(_) => 8,
            },
            other => return Err(c.error(format!("{other:?} is not an integer or float type"))),
        })
    }

    /// An integer of a known width: a byte up to 8 bits, a signed varint
    /// up to 64, else its active 64-bit words.
    fn wide_int(&self, c: &mut Cursor, width: u32) -> Result<u128> {
        if width <= 8 {
            return Ok(u128::from(c.byte()?));
        }
        if width <= 64 {
            return Ok(u128::from(c.signed_varint()? as u64));
        }
        let words = c.count()?;
        if words > width.div_ceil(64) as usize {
            return Err(c.error(format!("{words} words for a {width}-bit integer")));
        }
        let mut v = 0u128;
        for i in 0..words {
            let w = c.signed_varint()? as u64;
            if i < 2 {
                v |= u128::from(w) << (64 * i);
            }
        }
        Ok(v)
    }

    fn integer_attr(&mut self, c: &mut Cursor, ty: Type) -> Result<Attr> {
        let width = self.width(c, ty)?;
        let raw = self.wide_int(c, width)?;
        let unsigned = matches!(
            self.ctx.type_kind(ty),
            TypeKind::Integer {
                signedness: Signedness::Unsigned,
                ..
            }
        );
        if width == 1
            && matches!(
                self.ctx.type_kind(ty),
                TypeKind::Integer {
                    signedness: Signedness::Signless,
                    ..
                }
            )
        {
            return Ok(Attr::Bool(raw & 1 == 1));
        }
        Ok(Attr::Int {
            value: extend(raw, width, !unsigned),
            ty,
        })
    }

    fn float_attr(&mut self, c: &mut Cursor, ty: Type) -> Result<Attr> {
        let width = self.width(c, ty)?;
        let raw = self.wide_int(c, width)?;
        let kind = match self.ctx.type_kind(ty) {
            TypeKind::Float(k) => *k,
            other => return Err(c.error(format!("a float attribute of type {other:?}"))),
        };
        match float_bits(kind, raw) {
            Some(bits) => Ok(Attr::Float { bits, ty }),
            None => {
                let ty_text = ir::print_attr::AttrPrinter::new(self.ctx).type_to_string(ty);
                Err(c.error(format!(
                    "a {ty_text} float attribute of bits {raw:#x}, which shape-opt does not read"
                )))
            }
        }
    }

    /// `count` elements of type `elem` from a raw buffer (i1 packed into
    /// bits).
    fn elements(&self, c: &Cursor, elem: Type, count: usize, blob: &[u8]) -> Result<Vec<Scalar>> {
        let width = self.width(c, elem)?;
        let kind = self.ctx.type_kind(elem).clone();
        if width == 1 {
            if blob.len() * 8 < count {
                return Err(c.error("the packed i1 data is too short"));
            }
            return Ok((0..count)
                .map(|i| Scalar::Int(i128::from((blob[i / 8] >> (i % 8)) & 1)))
                .collect());
        }
        let size = builtin::storage_bytes(width);
        if size == 0 {
            return Err(c.error("elements of a zero-width type"));
        }
        if size.checked_mul(count) != Some(blob.len()) {
            return Err(c.error(format!(
                "{} bytes of data for {count} elements of {size} bytes",
                blob.len()
            )));
        }
        blob.chunks(size)
            .map(|chunk| {
                let mut word = [0u8; 16];
                word[..size.min(16)].copy_from_slice(&chunk[..size.min(16)]);
                let raw = u128::from_le_bytes(word);
                Ok(match &kind {
                    TypeKind::Float(k) => Scalar::Float(float_bits(*k, raw).ok_or_else(|| {
                        c.error("dense elements of this float type are not read")
                    })?),
                    TypeKind::Integer { signedness, .. } => {
                        Scalar::Int(extend(raw, width, *signedness != Signedness::Unsigned))
                    }
                    _ => Scalar::Int(extend(raw, width, true)),
                })
            })
            .collect()
    }

    fn dense_elements(&mut self, c: &mut Cursor, ty: Type, blob: &[u8]) -> Result<Attr> {
        let (shape, elem) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, elem, .. } | TypeKind::Vector { shape, elem, .. } => {
                (shape.clone(), *elem)
            }
            other => return Err(c.error(format!("dense elements of type {other:?}"))),
        };
        let count = shape
            .iter()
            .try_fold(1usize, |n, &d| {
                usize::try_from(d).ok().and_then(|d| n.checked_mul(d))
            })
            .ok_or_else(|| c.error("dense elements of a dynamic or too large shape"))?;
        let width = self.width(c, elem)?;
        let one = if width == 1 {
            1
        } else {
            builtin::storage_bytes(width)
        };
        // One element's data (or, for i1, one byte of 0x00 or 0xFF) is a splat.
        let splat = count != 1
            && if width == 1 {
                blob.len() == 1 && (blob[0] == 0 || blob[0] == 0xff)
            } else {
                blob.len() == one
            };
        let values = if !splat && count > HEX_ABOVE && width != 1 {
            if one.checked_mul(count) != Some(blob.len()) {
                return Err(c.error(format!(
                    "{} bytes of data for {count} elements of {one} bytes",
                    blob.len()
                )));
            }
            // As MLIR prints large elements: the raw data in hex.
            let hex: String = blob.iter().map(|b| format!("{b:02X}")).collect();
            DenseValues::Hex(format!("0x{hex}"))
        } else if splat || count == 1 {
            let data = match (width, blob.first()) {
                (1, Some(byte)) => vec![byte & 1],
                _ => blob.to_vec(),
            };
            match self.elements(c, elem, 1, &data)?[..] {
                [value] => DenseValues::Splat(value),
                _ => return Err(c.error("no data for a splat")),
            }
        } else {
            let mut v = self.elements(c, elem, count, blob)?;
            if !v.is_empty() && v.iter().all(|x| *x == v[0]) && count > 1 {
                v.truncate(1);
                DenseValues::Splat(v[0])
            } else {
                DenseValues::Elements(v)
            }
        };
        Ok(Attr::Dense { ty, values })
    }

    fn signed_list(&self, c: &mut Cursor) -> Result<Vec<i64>> {
        let n = c.count()?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let d = c.signed_varint()?;
            out.push(if d == DYNAMIC { ir::types::DYNAMIC } else { d });
        }
        Ok(out)
    }

    fn type_list(&mut self, c: &mut Cursor) -> Result<Vec<Type>> {
        self.list(c, Self::type_ref)
    }

    /// A count, then that many items read by `item`.
    fn list<'c, T>(
        &mut self,
        c: &mut Cursor<'c>,
        mut item: impl FnMut(&mut Self, &mut Cursor<'c>) -> Result<T>,
    ) -> Result<Vec<T>> {
        let n = c.count()?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self, c)?);
        }
        Ok(out)
    }

    /// A memref's layout: the identity map of its rank is no layout (as
    /// MLIR, and the text parser, have it).
    fn layout(&mut self, c: &mut Cursor, rank: usize) -> Result<Option<Attr>> {
        let attr = self.attr_ref(c)?;
        let text = ir::print_attr::AttrPrinter::new(self.ctx).attr_to_string(&attr);
        Ok((text != identity_layout(rank)).then_some(attr))
    }

    fn decode_type(&mut self, mut entry: Entry<'a>) -> Result<Type> {
        if !entry.custom {
            let text = self.text_entry(&mut entry)?.to_string();
            return syntax::parse_type(self.ctx, &text)
                .map_err(|e| entry.data.error_at(0, format!("'{text}': {e}")));
        }
        self.custom_dialect(&entry)?;
        let c = &mut entry.data;
        let at = c.position();
        let code = c.varint()?;
        let kind = match code {
            builtin::ty::INTEGER => {
                let v = c.varint()?;
                let width = u32::try_from(v >> 2)
                    .ok()
                    .filter(|w| *w <= 1 << 24)
                    .ok_or_else(|| c.error("integer width out of range"))?;
                let signedness = match v & 3 {
                    0 => Signedness::Signless,
                    1 => Signedness::Signed,
                    2 => Signedness::Unsigned,
                    _ => return Err(c.error("unknown integer signedness")),
                };
                TypeKind::Integer { width, signedness }
            }
            builtin::ty::INDEX => TypeKind::Index,
            builtin::ty::FUNCTION => TypeKind::Function {
                inputs: self.type_list(c)?,
                results: self.type_list(c)?,
            },
            builtin::ty::BF16 => TypeKind::Float(FloatKind::BF16),
            builtin::ty::F16 => TypeKind::Float(FloatKind::F16),
            builtin::ty::F32 => TypeKind::Float(FloatKind::F32),
            builtin::ty::F64 => TypeKind::Float(FloatKind::F64),
            builtin::ty::F80 => TypeKind::Float(FloatKind::F80),
            builtin::ty::F128 => TypeKind::Float(FloatKind::F128),
            builtin::ty::COMPLEX => TypeKind::Complex(self.type_ref(c)?),
            builtin::ty::MEMREF | builtin::ty::MEMREF_WITH_MEMORY_SPACE => {
                let memory_space = if code == builtin::ty::MEMREF_WITH_MEMORY_SPACE {
                    Some(self.attr_ref(c)?)
                } else {
                    None
                };
                let shape = self.signed_list(c)?;
                let elem = self.type_ref(c)?;
                let layout = self.layout(c, shape.len())?;
                TypeKind::MemRef {
                    shape,
                    elem,
                    layout,
                    memory_space,
                }
            }
            builtin::ty::NONE => TypeKind::None,
            builtin::ty::RANKED_TENSOR | builtin::ty::RANKED_TENSOR_WITH_ENCODING => {
                let encoding = if code == builtin::ty::RANKED_TENSOR_WITH_ENCODING {
                    Some(self.attr_ref(c)?)
                } else {
                    None
                };
                let shape = self.signed_list(c)?;
                let elem = self.type_ref(c)?;
                TypeKind::RankedTensor {
                    shape,
                    elem,
                    encoding,
                }
            }
            builtin::ty::TUPLE => TypeKind::Tuple(self.type_list(c)?),
            builtin::ty::UNRANKED_MEMREF | builtin::ty::UNRANKED_MEMREF_WITH_MEMORY_SPACE => {
                let memory_space = if code == builtin::ty::UNRANKED_MEMREF_WITH_MEMORY_SPACE {
                    Some(self.attr_ref(c)?)
                } else {
                    None
                };
                TypeKind::UnrankedMemRef {
                    elem: self.type_ref(c)?,
                    memory_space,
                }
            }
            builtin::ty::UNRANKED_TENSOR => TypeKind::UnrankedTensor {
                elem: self.type_ref(c)?,
            },
            builtin::ty::VECTOR => {
                let shape = self.signed_list(c)?;
                let elem = self.type_ref(c)?;
                TypeKind::Vector {
                    scalable: vec![false; shape.len()],
                    shape,
                    elem,
                }
            }
            builtin::ty::VECTOR_WITH_SCALABLE_DIMS => {
                let n = c.count()?;
                let mut scalable = Vec::with_capacity(n);
                for _ in 0..n {
                    scalable.push(c.byte()? != 0);
                }
                let shape = self.signed_list(c)?;
                let elem = self.type_ref(c)?;
                if scalable.len() != shape.len() {
                    return Err(c.error("scalable flags and shape differ in length"));
                }
                TypeKind::Vector {
                    shape,
                    scalable,
                    elem,
                }
            }
            _ => {
                return Err(c.error_at(
                    at,
                    format!("builtin type code {code} is not one shape-opt reads"),
                ))
            }
        };
        if !c.at_end() {
            return Err(c.error("bytes left after the type"));
        }
        Ok(self.ctx.intern_type(kind))
    }

    // ----- operations -----

    fn read_top_level(&mut self, mut c: Cursor<'a>, name: &str) -> Result<OpId> {
        let holder = self.ctx.create_block();
        self.scopes.push(ValueScope::default());
        self.open_region(&c, None)?;
        self.region_blocks.push(vec![holder]);
        self.read_block(&mut c, holder)?;
        self.close_region(&c)?;
        if !c.at_end() {
            return Err(c.error("bytes left after the top-level operations"));
        }
        let ops: Vec<OpId> = self.ctx.block_ops(holder).collect();
        if let [op] = ops[..] {
            if self.ctx.kind(op) == OpKind::BuiltinModule || !self.options.implicit_module {
                self.ctx.unlink(op);
                return Ok(op);
            }
        }
        if !self.options.implicit_module {
            return Err(c.error(format!(
                "{} top-level operations, and no implicit module to hold them",
                ops.len()
            )));
        }
        let region = self.ctx.create_region();
        let body = self.ctx.create_block();
        self.ctx.append_block(region, body);
        for op in ops {
            self.ctx.unlink(op);
            self.ctx.append_op(body, op);
        }
        let loc = Location::FileLineCol {
            file: name.into(),
            line: 0,
            col: 0,
        };
        let mut state = OperationState::new(OpKind::BuiltinModule.build_name(), loc);
        state.regions.push(region);
        let def = ir::op_def::registry().get(OpKind::BuiltinModule.build_name());
        Ok(self.ctx.create_op_of(def, state))
    }

    fn scope(&mut self) -> &mut ValueScope {
        self.scopes.last_mut().expect("a value scope is open")
    }

    /// Reserve the numbers of a region's values (`None`: unbounded, the
    /// top level).
    fn open_region(&mut self, c: &Cursor, count: Option<usize>) -> Result<()> {
        let scope = self.scope();
        let start = scope.values.len();
        let end = match count {
            None => usize::MAX,
            Some(n) if n > 1 << 28 => return Err(c.error(format!("a region of {n} values"))),
            Some(n) => {
                scope.values.resize(start + n, None);
                start + n
            }
        };
        scope.regions.push(OpenRegion {
            start,
            next: start,
            end,
        });
        Ok(())
    }

    /// Release a region's numbers; a value it should have defined and
    /// did not is an error.
    fn close_region(&mut self, c: &Cursor) -> Result<()> {
        let scope = self.scope();
        let Some(region) = scope.regions.pop() else {
            return Err(c.error("a region closed twice"));
        };
        if let Some(n) = scope
            .forward
            .keys()
            .find(|&&n| n >= region.start && n < region.end)
        {
            return Err(c.error(format!("value {n} is used but never defined")));
        }
        scope.values.truncate(region.start);
        Ok(())
    }

    /// Define the next value of the innermost open region.
    fn define(&mut self, c: &Cursor, v: ValueId) -> Result<()> {
        let scope = self.scope();
        let Some(region) = scope.regions.last_mut() else {
            return Err(c.error("a value outside any region"));
        };
        let n = region.next;
        if n >= region.end {
            return Err(c.error("more values defined than the region announces"));
        }
        region.next += 1;
        if n >= scope.values.len() {
            scope.values.resize(n + 1, None);
        }
        scope.values[n] = Some(v);
        if let Some(placeholder) = scope.forward.remove(&n) {
            self.ctx.replace_all_uses(placeholder, v);
        }
        Ok(())
    }

    /// The value an operand names; one not defined yet is a placeholder,
    /// replaced when it is.
    fn use_value(&mut self, c: &mut Cursor) -> Result<ValueId> {
        let at = c.position();
        let n = c.index()?;
        let scope = self.scope();
        if let Some(Some(v)) = scope.values.get(n) {
            return Ok(*v);
        }
        let unbounded = scope.regions.first().is_some_and(|r| r.end == usize::MAX);
        if n >= scope.values.len() && !(unbounded && n < 1 << 28) {
            return Err(c.error_at(at, format!("value {n} is out of range")));
        }
        if let Some(ph) = scope.forward.get(&n) {
            return Ok(*ph);
        }
        let holder = match scope.placeholders {
            Some(b) => b,
            None => {
                let b = self.ctx.create_block();
                self.scope().placeholders = Some(b);
                b
            }
        };
        let none = self.ctx.intern_type(TypeKind::None);
        let ph = self.ctx.add_block_arg(holder, none, None);
        self.scope().forward.insert(n, ph);
        Ok(ph)
    }

    fn read_region(&mut self, c: &mut Cursor<'a>, region: RegionId) -> Result<()> {
        let num_blocks = c.count()?;
        if num_blocks == 0 {
            return Ok(());
        }
        let num_values = c.index()?;
        self.open_region(c, Some(num_values))?;
        let blocks: Vec<BlockId> = (0..num_blocks)
            .map(|_| {
                let b = self.ctx.create_block();
                self.ctx.append_block(region, b);
                b
            })
            .collect();
        self.region_blocks.push(blocks.clone());
        for b in blocks {
            self.read_block(c, b)?;
        }
        self.region_blocks.pop();
        self.close_region(c)
    }

    fn read_block(&mut self, c: &mut Cursor<'a>, block: BlockId) -> Result<()> {
        let (num_ops, has_args) = c.varint_with_flag()?;
        if has_args {
            let n = c.count()?;
            for _ in 0..n {
                let (ty, has_loc) = c.varint_with_flag()?;
                let ty = self.ty(c, ty)?;
                let loc = if has_loc {
                    Some(self.loc_ref(c)?)
                } else {
                    None
                };
                let v = self.ctx.add_block_arg(block, ty, loc);
                self.define(c, v)?;
            }
            if c.byte()? != 0 {
                skip_use_list_orders(c, n)?;
            }
        }
        for _ in 0..num_ops {
            let op = self.read_op(c)?;
            self.ctx.append_op(block, op);
        }
        Ok(())
    }

    /// An op's inherent attributes and segment sizes from its entry in the
    /// properties section, in the order [`properties::Layout`] gives.
    fn read_properties(
        &mut self,
        def: &'static ir::op_def::OpDef,
        mut props: Cursor<'a>,
        state: &mut OperationState,
    ) -> Result<()> {
        let layout = properties::Layout::of(def);
        for prop in &layout.attrs {
            let value = if prop.optional {
                let (index, present) = props.varint_with_flag()?;
                if !present {
                    continue;
                }
                self.attr(&props, index)?
            } else {
                self.attr_ref(&mut props)?
            };
            if let Some(default) = properties::elided_default(def.kind, prop.name) {
                if ir::print_attr::AttrPrinter::new(self.ctx).attr_to_string(&value) == default {
                    continue;
                }
            }
            state.props.push((ir::attrs::attr_name(prop.name), value));
        }
        for (name, count) in layout.segments() {
            let sizes = read_sparse_array(&mut props, count)?;
            let sizes = ir::dialect::i32_array(self.ctx, &sizes);
            state.props.push((ir::attrs::attr_name(name), sizes));
        }
        if !props.at_end() {
            return Err(props.error(format!("bytes left after the properties of '{}'", def.name)));
        }
        Ok(())
    }

    /// The properties of an op shape-opt does not define: one dictionary
    /// where the writer did not know it either; in the layout of its
    /// definition where it did, which shape-opt cannot decode.
    fn read_unknown_properties(
        &mut self,
        mut props: Cursor<'a>,
        state: &mut OperationState,
    ) -> Result<()> {
        let undecodable = |props: &Cursor| {
            props.error_at(
                0,
                "the op was defined where the file was written and its properties \
                 are in that definition's layout, which shape-opt does not know",
            )
        };
        let Ok(Attr::Dict(entries)) = self.attr_ref(&mut props) else {
            return Err(undecodable(&props));
        };
        if !props.at_end() {
            return Err(undecodable(&props));
        }
        state.props.extend(entries);
        Ok(())
    }

    fn read_op(&mut self, c: &mut Cursor<'a>) -> Result<OpId> {
        let at = c.position();
        let name_index = c.index()?;
        let Some(name) = self.op_names.get(name_index).cloned() else {
            return Err(c.error_at(at, format!("op name index {name_index} is out of range")));
        };
        let mask = c.byte()?;
        if mask & !op_mask::ALL != 0 {
            return Err(c.error(format!("unknown bits in the op mask {mask:#x}")));
        }
        let loc = self.loc_ref(c)?;
        let def = ir::op_def::registry().get(&name);
        if def.is_none() && !self.options.allow_unregistered {
            return Err(c.error_at(
                at,
                format!(
                    "'{name}' is an op shape-opt does not know; \
                     --allow-unregistered-dialect keeps it as it is"
                ),
            ));
        }
        let mut state = match def {
            Some(d) => OperationState::new(d.name, loc),
            None => OperationState::new(name.clone(), loc),
        };
        if mask & op_mask::HAS_ATTRS != 0 {
            let Attr::Dict(entries) = self.attr_ref(c)? else {
                return Err(c.error("an op's attributes are not a dictionary"));
            };
            for (k, v) in entries {
                match def {
                    Some(d) if d.is_inherent(&k) => state.props.push((k, v)),
                    _ => state.attrs.push((k, v)),
                }
            }
        }
        if mask & op_mask::HAS_PROPERTIES != 0 {
            let at = c.position();
            let i = c.index()?;
            let Some(props) = self.properties.get(i).cloned() else {
                return Err(c.error_at(at, format!("properties index {i} is out of range")));
            };
            match def {
                Some(def) => self.read_properties(def, props, &mut state),
                None => self.read_unknown_properties(props, &mut state),
            }
            .map_err(|mut e| {
                e.message = format!("{}, in the properties of '{name}'", e.message);
                e
            })?;
        }
        let mut num_results = 0;
        if mask & op_mask::HAS_RESULTS != 0 {
            num_results = c.count()?;
            for _ in 0..num_results {
                let ty = self.type_ref(c)?;
                state.result_types.push(ty);
            }
        }
        if mask & op_mask::HAS_OPERANDS != 0 {
            let n = c.count()?;
            for _ in 0..n {
                let v = self.use_value(c)?;
                state.operands.push(v);
            }
        }
        if mask & op_mask::HAS_SUCCESSORS != 0 {
            let n = c.count()?;
            for _ in 0..n {
                let at = c.position();
                let s = c.index()?;
                let block = self.region_blocks.last().and_then(|bs| bs.get(s));
                let Some(&block) = block else {
                    return Err(c.error_at(at, format!("successor block {s} is out of range")));
                };
                state.successors.push(block);
            }
        }
        if mask & op_mask::HAS_USE_LIST_ORDERS != 0 {
            skip_use_list_orders(c, num_results)?;
        }
        let mut isolated = false;
        if mask & op_mask::HAS_INLINE_REGIONS != 0 {
            let (n, is_isolated) = c.varint_with_flag()?;
            isolated = is_isolated;
            let n = usize::try_from(n).map_err(|_| c.error("too many regions"))?;
            if n > 1 << 16 {
                return Err(c.error(format!("{n} regions")));
            }
            for _ in 0..n {
                let r = self.ctx.create_region();
                state.regions.push(r);
            }
        }
        let regions: Vec<RegionId> = state.regions.to_vec();
        state.props.sort_by(|a, b| a.0.cmp(&b.0));
        state.attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let op = self.ctx.create_op_of(def, state);
        let results: Vec<ValueId> = self.ctx.op(op).results.to_vec();
        for v in results {
            self.define(c, v)?;
        }
        if regions.is_empty() {
            return Ok(op);
        }
        self.nest(c)?;
        if isolated {
            let at = c.position();
            let (id, mut inner) = c.section_header()?;
            if id != Section::Ir.id() {
                return Err(c.error_at(at, format!("an IR section expected, found section {id}")));
            }
            self.scopes.push(ValueScope::default());
            for r in regions {
                self.read_region(&mut inner, r)?;
            }
            self.scopes.pop();
            if !inner.at_end() {
                return Err(inner.error("bytes left after the regions"));
            }
        } else {
            for r in regions {
                self.read_region(c, r)?;
            }
        }
        self.depth -= 1;
        Ok(op)
    }
}

/// Dense elements of more elements than this are kept as their raw data in
/// hex, which is how MLIR prints them.
const HEX_ABOVE: usize = 100;

/// A region's reserved value numbers while it is read: the next one it
/// defines and where its range ends (`usize::MAX` at the top level, whose
/// count the file omits).
struct OpenRegion {
    start: usize,
    next: usize,
    end: usize,
}

/// A location's line or column.
fn small(c: &Cursor, v: u64) -> Result<u32> {
    u32::try_from(v).map_err(|_| c.error(format!("{v} is too large for a line or column")))
}

/// A blob: its size, then its bytes.
fn blob<'a>(c: &mut Cursor<'a>) -> Result<&'a [u8]> {
    let n = c.varint()?;
    c.bytes(n)
}

/// `raw`'s low `width` bits, sign-extended if `signed`.
fn extend(raw: u128, width: u32, signed: bool) -> i128 {
    if width >= 128 {
        return raw as i128;
    }
    let raw = raw & ((1u128 << width) - 1);
    if signed && width > 0 && raw >> (width - 1) & 1 == 1 {
        (raw | !((1u128 << width) - 1)) as i128
    } else {
        raw as i128
    }
}

/// The `f64` bits of a float of `kind` given by its own bits, for the
/// kinds the IR keeps as `f64`.
fn float_bits(kind: FloatKind, raw: u128) -> Option<u64> {
    Some(match kind {
        FloatKind::F64 => raw as u64,
        FloatKind::F32 => f64::from(f32::from_bits(raw as u32)).to_bits(),
        FloatKind::F16 => half_to_f64(raw as u16, 5, 10).to_bits(),
        FloatKind::BF16 => f64::from(f32::from_bits(u32::from(raw as u16) << 16)).to_bits(),
        FloatKind::TF32 => f64::from(f32::from_bits((raw as u32) << 13)).to_bits(),
        FloatKind::F80 => {
            // Sign, 15 exponent bits, an explicit integer bit, 63 fraction bits.
            let mantissa = raw as u64;
            let exponent = ((raw >> 64) & 0x7fff) as i32;
            let sign = if (raw >> 79) & 1 == 1 { -1.0 } else { 1.0 };
            if exponent == 0x7fff {
                return None;
            }
            (sign * mantissa as f64 * 2f64.powi(exponent - 16383 - 63)).to_bits()
        }
        FloatKind::F128 => {
            let fraction = raw & ((1u128 << 112) - 1);
            let exponent = ((raw >> 112) & 0x7fff) as i32;
            let sign = if (raw >> 127) & 1 == 1 { -1.0 } else { 1.0 };
            if exponent == 0x7fff {
                return None;
            }
            let (integer, exponent) = if exponent == 0 {
                (0.0, 1)
            } else {
                (1.0, exponent)
            };
            let fraction = (fraction >> 60) as f64 / 2f64.powi(52);
            (sign * (integer + fraction) * 2f64.powi(exponent - 16383)).to_bits()
        }
        FloatKind::Small(_) => return None,
    })
}

/// An IEEE half-precision value (`exponent_bits`, `mantissa_bits`) as f64.
fn half_to_f64(bits: u16, exponent_bits: u32, mantissa_bits: u32) -> f64 {
    let sign = if bits >> 15 & 1 == 1 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> mantissa_bits) & ((1 << exponent_bits) - 1));
    let mantissa = f64::from(bits & ((1 << mantissa_bits) - 1));
    let bias = (1 << (exponent_bits - 1)) - 1;
    let scale = f64::from(1u32 << mantissa_bits);
    if exponent == (1 << exponent_bits) - 1 {
        return if mantissa == 0.0 {
            sign * f64::INFINITY
        } else {
            f64::NAN
        };
    }
    if exponent == 0 {
        return sign * mantissa / scale * 2f64.powi(1 - bias);
    }
    sign * (1.0 + mantissa / scale) * 2f64.powi(exponent - bias)
}

/// Segment sizes: dense (`count` varints) or sparse (the non-zero ones,
/// each packed with its index).
fn read_sparse_array(c: &mut Cursor, count: usize) -> Result<Vec<usize>> {
    let at = c.position();
    let (n, sparse) = c.varint_with_flag()?;
    let n = usize::try_from(n).map_err(|_| c.error_at(at, "too many segments"))?;
    let mut out = vec![0usize; count];
    if !sparse {
        if n != count {
            return Err(c.error_at(at, format!("{n} segment sizes, {count} expected")));
        }
        for slot in &mut out {
            *slot = c.index()?;
        }
        return Ok(out);
    }
    if n == 0 {
        return Ok(out);
    }
    let bits = c.varint()?;
    if bits > 32 {
        return Err(c.error(format!("{bits}-bit indices")));
    }
    for _ in 0..n {
        let packed = c.varint()?;
        let index = (packed & ((1u64 << bits) - 1)) as usize;
        let value = usize::try_from(packed >> bits).map_err(|_| c.error("a segment too large"))?;
        let Some(slot) = out.get_mut(index) else {
            return Err(c.error(format!("segment {index} of {count}")));
        };
        *slot = value;
    }
    Ok(out)
}

/// Skip the use-list orders of a range of `values` (an op's results, a
/// block's arguments): the IR keeps uses in operand order. With more than
/// one value, a count of orders and each one's value come first.
fn skip_use_list_orders(c: &mut Cursor, values: usize) -> Result<()> {
    let n = if values > 1 { c.count()? } else { 1 };
    for _ in 0..n {
        if values > 1 {
            c.varint()?;
        }
        // A permutation, or (flagged) index pairs: either way, this many
        // numbers.
        let (numbers, _pairs) = c.varint_with_flag()?;
        for _ in 0..numbers {
            c.varint()?;
        }
    }
    Ok(())
}
