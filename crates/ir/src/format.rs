//! Declarative assembly formats: one spec gives an op both its printer and
//! its parser, with the directive set MLIR users know (`$operand`,
//! `` `literal` ``, `type(...)`, `functional-type(...)`, `attr-dict`,
//! `attr-dict-with-keyword`, optional groups `(...)?` with a `^` anchor,
//! `custom<Name>(...)`).
//!
//! Spacing follows MLIR's generated printers: a space before every element
//! except after `(`/`[`/`{`/`<` and before `,`/`)`/`]`/`}`/`>`
//! and after punctuation.

use crate::asm::{AsmParser, PResult, UnresolvedOperand};
use crate::attrs::{Attr, NamedAttr, Scalar};
use crate::context::{set_named_attr, Context, OpId, OperationState};
use crate::op_def::{Arity, AttrKind, AttrSpec, Groups, OpDef, TypeClass, TypeRule, ValueSpec};
use crate::printer::OpPrinter;
use crate::types::{Signedness, Type, TypeKind};
use smallvec::{smallvec, SmallVec};

/// What a `$name` refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    Operand(usize),
    Result(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
    /// `operands`
    AllOperands,
    /// `results`
    AllResults,
}

#[derive(Clone, Debug)]
pub enum Element {
    Literal(Literal),
    /// `` ` ` `` (force a space) or ``` `` ``` (suppress the next space).
    Space(bool),
    Var(Var),
    Type(Var),
    FunctionalType(Var, Var),
    AttrDict {
        with_keyword: bool,
    },
    Optional {
        then: Vec<Element>,
        otherwise: Vec<Element>,
        anchor: Var,
    },
    Custom {
        name: String,
        args: Vec<Var>,
    },
}

#[derive(Clone, Debug)]
pub struct Format {
    pub elements: Vec<Element>,
    /// Attributes `attr-dict` leaves out: those the format spells, and the
    /// segment sizes.
    pub elided_attrs: Vec<&'static str>,
    /// Some operand or result group of the op takes its types from a
    /// [`TypeRule`] other than [`TypeRule::Spelled`]: only then does the
    /// parser derive the types the syntax leaves out.
    pub derives_types: bool,
}

struct FormatLexer<'a> {
    text: &'a str,
    pos: usize,
}

#[derive(Debug, PartialEq)]
enum FTok {
    Lit(String),
    Var(String),
    Ident(String),
    Punct(char),
    End,
}

impl FormatLexer<'_> {
    fn next(&mut self) -> Result<FTok, String> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        let Some(&c) = bytes.get(self.pos) else {
            return Ok(FTok::End);
        };
        self.pos += 1;
        match c {
            b'`' => {
                let start = self.pos;
                while self.pos < bytes.len() && bytes[self.pos] != b'`' {
                    self.pos += 1;
                }
                let lit = self.text[start..self.pos].to_string();
                self.pos += 1;
                Ok(FTok::Lit(lit))
            }
            b'$' => Ok(FTok::Var(self.ident())),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                self.pos -= 1;
                Ok(FTok::Ident(self.ident()))
            }
            c => Ok(FTok::Punct(c as char)),
        }
    }
    fn ident(&mut self) -> String {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        while self.pos < bytes.len()
            && (bytes[self.pos].is_ascii_alphanumeric()
                || bytes[self.pos] == b'_'
                || bytes[self.pos] == b'-')
        {
            self.pos += 1;
        }
        self.text[start..self.pos].to_string()
    }
    fn peek(&mut self) -> Result<FTok, String> {
        let save = self.pos;
        let t = self.next();
        self.pos = save;
        t
    }
}

struct Compiler<'a> {
    def: &'a OpDef,
    lex: FormatLexer<'a>,
    spelled: Vec<&'static str>,
}

impl Compiler<'_> {
    fn var(&mut self, name: &str) -> Result<Var, String> {
        let d = self.def;
        if let Some(i) = d.operands.iter().position(|s| s.name == name) {
            return Ok(Var::Operand(i));
        }
        if let Some(i) = d.results.iter().position(|s| s.name == name) {
            return Ok(Var::Result(i));
        }
        if let Some(i) = d.attrs.iter().position(|s| s.name == name) {
            self.spelled.push(d.attrs[i].name);
            return Ok(Var::Attr(i));
        }
        if let Some(i) = d.regions.iter().position(|s| *s == name) {
            return Ok(Var::Region(i));
        }
        if let Some(i) = d.successors.iter().position(|s| *s == name) {
            return Ok(Var::Successor(i));
        }
        Err(format!("{}: unknown format variable ${name}", d.name))
    }

    fn type_arg(&mut self) -> Result<Var, String> {
        match self.lex.next()? {
            FTok::Var(v) => self.var(&v),
            FTok::Ident(i) if i == "operands" => Ok(Var::AllOperands),
            FTok::Ident(i) if i == "results" => Ok(Var::AllResults),
            t => Err(format!(
                "{}: bad type directive argument {t:?}",
                self.def.name
            )),
        }
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.lex.next()? {
            FTok::Punct(p) if p == c => Ok(()),
            t => Err(format!(
                "{}: expected '{c}' in format, got {t:?}",
                self.def.name
            )),
        }
    }

    /// Elements up to `)` (consumed) or the end; returns them and the anchor.
    fn elements(&mut self, in_group: bool) -> Result<(Vec<Element>, Option<Var>), String> {
        let mut out = Vec::new();
        let mut anchor = None;
        loop {
            let tok = self.lex.next()?;
            let el = match tok {
                FTok::End if !in_group => break,
                FTok::End => return Err(format!("{}: unterminated group", self.def.name)),
                FTok::Punct(')') if in_group => break,
                FTok::Punct('^') => {
                    anchor = out.iter().rev().find_map(element_anchor);
                    continue;
                }
                FTok::Lit(l) if l.is_empty() => Element::Space(false),
                FTok::Lit(l) if l == " " => Element::Space(true),
                FTok::Lit(l) => Element::Literal(Literal::new(l)),
                FTok::Var(v) => Element::Var(self.var(&v)?),
                FTok::Punct('(') => {
                    let (then, a) = self.elements(true)?;
                    let mut otherwise = Vec::new();
                    if self.lex.peek()? == FTok::Punct(':') {
                        self.lex.next()?;
                        self.expect('(')?;
                        otherwise = self.elements(true)?.0;
                    }
                    self.expect('?')?;
                    let anchor = a
                        .or_else(|| then.iter().find_map(element_anchor))
                        .ok_or_else(|| {
                            format!("{}: optional group without anchor", self.def.name)
                        })?;
                    Element::Optional {
                        then,
                        otherwise,
                        anchor,
                    }
                }
                FTok::Ident(i) => match i.as_str() {
                    "attr-dict" => Element::AttrDict {
                        with_keyword: false,
                    },
                    "attr-dict-with-keyword" => Element::AttrDict { with_keyword: true },
                    "type" | "qualified" => {
                        self.expect('(')?;
                        let el = if i == "qualified" {
                            match self.lex.next()? {
                                FTok::Ident(t) if t == "type" => {
                                    self.expect('(')?;
                                    let v = self.type_arg()?;
                                    self.expect(')')?;
                                    Element::Type(v)
                                }
                                FTok::Var(v) => Element::Var(self.var(&v)?),
                                t => return Err(format!("bad qualified({t:?})")),
                            }
                        } else {
                            Element::Type(self.type_arg()?)
                        };
                        self.expect(')')?;
                        el
                    }
                    "functional-type" => {
                        self.expect('(')?;
                        let a = self.type_arg()?;
                        self.expect(',')?;
                        let b = self.type_arg()?;
                        self.expect(')')?;
                        Element::FunctionalType(a, b)
                    }
                    "operands" => Element::Var(Var::AllOperands),
                    "custom" => {
                        self.expect('<')?;
                        let FTok::Ident(name) = self.lex.next()? else {
                            return Err("custom<> needs a name".into());
                        };
                        self.expect('>')?;
                        self.expect('(')?;
                        let mut args = Vec::new();
                        loop {
                            match self.lex.next()? {
                                FTok::Punct(')') => break,
                                FTok::Punct(',') => {}
                                FTok::Var(v) => args.push(self.var(&v)?),
                                FTok::Ident(t) if t == "type" => {
                                    self.expect('(')?;
                                    args.push(self.type_arg()?);
                                    self.expect(')')?;
                                }
                                t => return Err(format!("bad custom argument {t:?}")),
                            }
                        }
                        Element::Custom { name, args }
                    }
                    other => return Err(format!("{}: unknown directive {other}", self.def.name)),
                },
                t => return Err(format!("{}: unexpected {t:?} in format", self.def.name)),
            };
            out.push(el);
        }
        Ok((out, anchor))
    }
}

fn element_anchor(e: &Element) -> Option<Var> {
    match e {
        Element::Var(v) | Element::Type(v) => Some(*v),
        Element::Custom { args, .. } => args.first().copied(),
        _ => None,
    }
}

impl Format {
    pub fn compile(def: &OpDef, text: &'static str) -> Result<Format, String> {
        let mut c = Compiler {
            def,
            lex: FormatLexer { text, pos: 0 },
            spelled: Vec::new(),
        };
        let (elements, _) = c.elements(false)?;
        let mut elided_attrs = c.spelled;
        elided_attrs.extend(["operandSegmentSizes", "resultSegmentSizes"]);
        let derives_types = def
            .operands
            .iter()
            .chain(&def.results)
            .any(|spec| !matches!(spec.ty, TypeRule::Spelled));
        Ok(Format {
            elements,
            elided_attrs,
            derives_types,
        })
    }
}

// ---------------------------------------------------------------- printing

/// Printer state of MLIR's generated printers.
struct Spacing {
    emit_space: bool,
    last_was_punct: bool,
}

/// A literal of a format (`` `:` ``, `` `to` ``), with how MLIR's
/// generated printers space it, worked out once when the format is
/// compiled.
#[derive(Clone, Debug)]
pub struct Literal {
    pub text: String,
    /// Whether a space goes before it when the element before was
    /// punctuation.
    space_after_punct: bool,
    /// Whether a space goes before it after anything else.
    space_after_other: bool,
    /// Whether the next element may be spaced from it (not after an
    /// opening bracket).
    spaced_from_next: bool,
    /// Whether it is punctuation for the literal after it.
    is_punct: bool,
}

impl Literal {
    /// Classify `text` as MLIR's generated printers do.
    fn new(text: String) -> Self {
        // Only the first byte matters, and only when ASCII (a multi-byte
        // character is never punctuation here).
        let first = text.bytes().next().unwrap_or(b' ');
        let word = text.len() != 1 && text != "->";
        Literal {
            space_after_punct: word || !matches!(first, b'>' | b')' | b'}' | b']' | b','),
            space_after_other: word
                || !matches!(
                    first,
                    b'<' | b'>' | b'(' | b')' | b'{' | b'}' | b'[' | b']' | b','
                ),
            spaced_from_next: !(text.len() == 1 && matches!(first, b'<' | b'(' | b'{' | b'[')),
            is_punct: first != b'_' && !first.is_ascii_alphabetic(),
            text,
        }
    }
}

impl Spacing {
    fn literal(&mut self, p: &mut OpPrinter, lit: &Literal) {
        let space_before = if self.last_was_punct {
            lit.space_after_punct
        } else {
            lit.space_after_other
        };
        if self.emit_space && space_before {
            p.push(" ");
        }
        p.push(&lit.text);
        self.emit_space = lit.spaced_from_next;
        self.last_was_punct = lit.is_punct;
    }
    fn element(&mut self, p: &mut OpPrinter) {
        if self.emit_space {
            p.push(" ");
        }
        self.emit_space = true;
        self.last_was_punct = false;
    }
}

/// The values of the op being printed, whole and by group, with what
/// finding a group needs looked up once per op rather than at each use.
struct OpValues<'d, 'c> {
    operands: &'c [crate::ValueId],
    results: &'c [crate::ValueId],
    operand_groups: Groups<'d, 'c>,
    result_groups: Groups<'d, 'c>,
}

impl<'d, 'c> OpValues<'d, 'c> {
    fn of(def: &'d OpDef, ctx: &'c Context, op: OpId) -> Self {
        let data = ctx.op(op);
        OpValues {
            operands: &data.operands,
            results: &data.results,
            operand_groups: def.operand_groups(ctx, op),
            result_groups: def.result_groups(ctx, op),
        }
    }

    /// The values `var` names: all operands or results, or one group.
    fn get(&self, var: Var) -> &'c [crate::ValueId] {
        match var {
            Var::AllOperands => self.operands,
            Var::AllResults => self.results,
            Var::Operand(i) => self.operand_groups.get(i),
            Var::Result(i) => self.result_groups.get(i),
            _ => &[],
        }
    }
}

fn anchor_present(def: &OpDef, p: &OpPrinter, op: OpId, values: &OpValues, var: Var) -> bool {
    let ctx = p.ctx;
    match var {
        Var::Attr(i) => match ctx.attr(op, def.attrs[i].name) {
            None => false,
            Some(Attr::Bool(false)) => !matches!(def.attrs[i].kind, AttrKind::Unit),
            Some(_) => true,
        },
        Var::Region(i) => ctx
            .op(op)
            .regions
            .get(i)
            .is_some_and(|r| !ctx.region(*r).blocks.is_empty()),
        Var::Successor(_) => !ctx.op(op).successors.is_empty(),
        v => !values.get(v).is_empty(),
    }
}

pub fn print_format(def: &OpDef, format: &Format, p: &mut OpPrinter, op: OpId) {
    let mut s = Spacing {
        emit_space: true,
        last_was_punct: false,
    };
    let values = OpValues::of(def, p.ctx, op);
    let f = FormatPrinter {
        def,
        format,
        op,
        values: &values,
    };
    f.elements(&format.elements, p, &mut s);
}

/// What printing the elements of one op's format needs besides the
/// printer and its spacing.
struct FormatPrinter<'f, 'd, 'c> {
    def: &'f OpDef,
    format: &'f Format,
    op: OpId,
    values: &'f OpValues<'d, 'c>,
}

impl FormatPrinter<'_, '_, '_> {
    fn elements(&self, elements: &[Element], p: &mut OpPrinter, s: &mut Spacing) {
        let (def, op) = (self.def, self.op);
        for el in elements {
            match el {
                Element::Literal(l) => s.literal(p, l),
                Element::Space(true) => {
                    p.push(" ");
                    s.emit_space = false;
                }
                Element::Space(false) => s.emit_space = false,
                Element::Var(v) => self.var(p, *v, s),
                Element::Type(v) => {
                    let vals = self.values.get(*v);
                    if vals.is_empty() {
                        continue;
                    }
                    s.element(p);
                    p.types_of(vals);
                }
                Element::FunctionalType(a, b) => {
                    s.element(p);
                    p.push("(");
                    p.types_of(self.values.get(*a));
                    p.push(") -> ");
                    p.result_types_of(self.values.get(*b));
                }
                Element::AttrDict { with_keyword } => {
                    p.attr_dict(op, &self.format.elided_attrs, *with_keyword);
                    s.last_was_punct = false;
                }
                Element::Optional {
                    then,
                    otherwise,
                    anchor,
                } => {
                    if anchor_present(def, p, op, self.values, *anchor) {
                        self.elements(then, p, s);
                    } else {
                        self.elements(otherwise, p, s);
                    }
                }
                Element::Custom { name, args } => {
                    s.element(p);
                    crate::dialect::print_custom_directive(name, def, p, op, args);
                }
            }
        }
    }

    fn var(&self, p: &mut OpPrinter, v: Var, s: &mut Spacing) {
        let ctx = p.ctx;
        let op = self.op;
        match v {
            Var::Attr(i) => {
                let spec = self.def.attrs[i];
                let Some(a) = ctx.attr(op, spec.name) else {
                    return;
                };
                if let AttrKind::Unit = spec.kind {
                    return;
                }
                s.element(p);
                print_attr_of_kind(p, spec.kind, a);
            }
            Var::Region(i) => {
                let Some(&r) = ctx.op(op).regions.get(i) else {
                    return;
                };
                s.element(p);
                p.region(r, true, true);
            }
            Var::Successor(_) => {
                for (i, &b) in ctx.op(op).successors.iter().enumerate() {
                    if i == 0 {
                        s.element(p);
                    } else {
                        p.push(", ");
                    }
                    p.successor(b);
                }
            }
            v => {
                let vals = self.values.get(v);
                if vals.is_empty() {
                    return;
                }
                s.element(p);
                p.operands(vals);
            }
        }
    }
}

/// Print an attribute as a format spells it for its kind.
pub fn print_attr_of_kind(p: &mut OpPrinter, kind: AttrKind, a: &Attr) {
    match (kind, a) {
        (AttrKind::Typed(_), Attr::Int { value, .. }) => p.push(&value.to_string()),
        (AttrKind::Typed(_), Attr::Float { bits, ty }) => {
            let k = match p.ctx.type_kind(*ty) {
                TypeKind::Float(k) => *k,
                _ => crate::types::FloatKind::F64,
            };
            let mut s = String::new();
            crate::print_attr::write_float(&mut s, f64::from_bits(*bits), k);
            p.push(&s);
        }
        (AttrKind::SymbolName, Attr::String(s)) => {
            let mut out = String::new();
            crate::print_attr::write_symbol_name(&mut out, &String::from_utf8_lossy(s));
            p.push(&out);
        }
        (AttrKind::TypeAttr, Attr::Type(t)) => p.ty(*t),
        (AttrKind::DenseI64Array, Attr::DenseArray { values, .. }) => {
            p.push("[");
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    p.push(", ");
                }
                if let Scalar::Int(x) = v {
                    p.push(&x.to_string());
                }
            }
            p.push("]");
        }
        (AttrKind::Enum(names), Attr::Int { value, .. }) => match names.get(*value as usize) {
            Some(n) => p.push(n),
            None => p.attr(a),
        },
        _ => p.attr(a),
    }
}

// ---------------------------------------------------------------- parsing

/// Which operands an operand name the syntax spells belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OperandSlot {
    /// The operand group of this index.
    Group(usize),
    /// `operands`: all of them, split over the groups when resolving.
    All,
}

/// What a declarative parser has collected before building the op, in flat
/// lists that stay inline for the usual op: no list per group, nothing to
/// allocate or free per op.
#[derive(Default)]
pub struct ParsedOperands {
    /// Operand names in the order the syntax spells them, each with what it
    /// belongs to.
    operands: SmallVec<[(OperandSlot, UnresolvedOperand); 6]>,
    /// The syntax has an `operands` directive: its names replace whatever
    /// the groups got on their own.
    all_operands_spelled: bool,
    /// Every type the syntax spells, in order.
    types: SmallVec<[Type; 8]>,
    /// Which variable (an operand or result group, `operands` or
    /// `results`) each run of `types` belongs to, as the run's start and
    /// end; of two runs of one variable the later one counts.
    type_runs: SmallVec<[(Var, u32, u32); 4]>,
}

impl ParsedOperands {
    /// Add `operand` to the end of operand group `group`.
    pub fn push_operand(&mut self, group: usize, operand: UnresolvedOperand) {
        self.operands.push((OperandSlot::Group(group), operand));
    }

    /// Record the types pushed since `start` as those of `var`.
    fn end_types(&mut self, var: Var, start: usize) {
        let end = self.types.len();
        self.type_runs.push((var, start as u32, end as u32));
    }

    /// How many names operand group `group` has.
    fn group_len(&self, group: usize) -> usize {
        self.group_names(group).count()
    }

    /// The names of operand group `group`, in order.
    fn group_names(&self, group: usize) -> impl Iterator<Item = &UnresolvedOperand> {
        self.operands
            .iter()
            .filter(move |(slot, _)| *slot == OperandSlot::Group(group))
            .map(|(_, name)| name)
    }

    /// Give the names of `operands` to the groups, in order: the one
    /// non-single group takes what the single groups leave; names past
    /// the groups are dropped.
    fn split_all_operands(&mut self, def: &OpDef) {
        let all: SmallVec<[UnresolvedOperand; 6]> = self
            .operands
            .drain(..)
            .filter(|(slot, _)| *slot == OperandSlot::All)
            .map(|(_, name)| name)
            .collect();
        let sizes = crate::op_def::group_sizes(&def.operands, all.len(), None);
        let mut names = all.into_iter();
        for (group, n) in sizes.into_iter().enumerate() {
            for name in names.by_ref().take(n) {
                self.push_operand(group, name);
            }
        }
    }
}

/// The types of one operand or result group, as far as they are known.
#[derive(Clone, Copy, Debug)]
enum GroupTypes {
    /// Not known (yet).
    Unknown,
    /// The `len` spelled types at `start` in [`ParsedOperands::types`].
    Spelled { start: u32, len: u32 },
    /// `n` times one type, derived from the group's [`TypeRule`].
    Repeated { ty: Type, n: usize },
}

impl GroupTypes {
    /// How many types; `None` when not known.
    fn len(self) -> Option<usize> {
        match self {
            GroupTypes::Unknown => None,
            GroupTypes::Spelled { len, .. } => Some(len as usize),
            GroupTypes::Repeated { n, .. } => Some(n),
        }
    }
    /// The types, in order (none when not known).
    fn iter(self, spelled: &[Type]) -> impl Iterator<Item = Type> + '_ {
        let (listed, repeated): (&[Type], _) = match self {
            GroupTypes::Unknown => (&[], None),
            GroupTypes::Spelled { start, len } => {
                let start = start as usize;
                (&spelled[start..start + len as usize], None)
            }
            GroupTypes::Repeated { ty, n } => (&[], Some(std::iter::repeat_n(ty, n))),
        };
        listed.iter().copied().chain(repeated.into_iter().flatten())
    }
}

pub fn parse_format(
    def: &OpDef,
    format: &Format,
    p: &mut dyn AsmParser,
    state: &mut OperationState,
) -> PResult<()> {
    let mut parsed = ParsedOperands::default();
    state.regions = thin_vec::ThinVec::new();
    let mut regions: SmallVec<[Option<crate::RegionId>; 4]> = smallvec![None; def.regions.len()];
    let mut attrs: Vec<NamedAttr> = Vec::new();
    parse_elements(
        def,
        &format.elements,
        p,
        state,
        &mut parsed,
        &mut regions,
        &mut attrs,
    )?;
    for (name, value) in attrs {
        if def.is_inherent(&name) {
            set_named_attr(&mut state.props, &name, value);
        } else {
            set_named_attr(&mut state.attrs, &name, value);
        }
    }
    state.regions.reserve_exact(regions.len());
    for &r in &regions {
        let r = match r {
            Some(r) => r,
            None => p.ctx().create_region(),
        };
        state.regions.push(r);
    }
    resolve(def, format, p, state, &mut parsed)
}

/// Consume a literal: a keyword if it starts with a letter or `_`, else
/// punctuation (as [`Literal::new`] has classified it).
fn parse_literal(p: &mut dyn AsmParser, lit: &Literal, optional: bool) -> PResult<bool> {
    let text = &lit.text;
    let ok = if lit.is_punct {
        p.parse_optional_punct(text)
    } else {
        p.parse_optional_keyword(text)
    };
    if !ok && !optional {
        return Err(p.error(&format!("expected '{text}'")));
    }
    Ok(ok)
}

/// Parse the types of `var` (one for a single group, else a possibly empty
/// comma-separated list) into `parsed`, checking their class.
fn parse_types_of(
    def: &OpDef,
    var: Var,
    p: &mut dyn AsmParser,
    parsed: &mut ParsedOperands,
) -> PResult<()> {
    let at = p.offset();
    let start = parsed.types.len();
    if var_arity(def, var) == Arity::Single {
        parsed.types.push(p.parse_type()?);
    } else if let Some(t) = p.parse_optional_type()? {
        parsed.types.push(t);
        while p.parse_optional_punct(",") {
            parsed.types.push(p.parse_type()?);
        }
    }
    check_class(def, var, p, at, &parsed.types[start..])?;
    parsed.end_types(var, start);
    Ok(())
}

/// Reject spelled types outside the class the group requires (at `at`,
/// where they start), as MLIR's generated parsers do. Always inlined: most
/// groups require no class, and then there is nothing to look at.
#[inline(always)]
fn check_class(def: &OpDef, v: Var, p: &mut dyn AsmParser, at: u32, tys: &[Type]) -> PResult<()> {
    let spec = match v {
        Var::Operand(i) => def.operands.get(i),
        Var::Result(i) => def.results.get(i),
        _ => None,
    };
    match spec.and_then(|s| s.class) {
        None => Ok(()),
        Some(class) => check_types_in_class(def, class, p, at, tys),
    }
}

/// Reject the first of `tys` outside `class` (at `at`), naming `def`.
fn check_types_in_class(
    def: &OpDef,
    class: TypeClass,
    p: &mut dyn AsmParser,
    at: u32,
    tys: &[Type],
) -> PResult<()> {
    match tys.iter().find(|&&t| !class.contains(p.ctx().type_kind(t))) {
        None => Ok(()),
        Some(&t) => {
            let mut message = format!("custom op '{}' invalid kind of type specified", def.name);
            if let Some(expected) = class.expected() {
                let shown = crate::dialect::type_str(p.ctx(), t);
                message.push_str(&format!(": expected {expected}, but found '{shown}'"));
            }
            Err(p.error_at(at, &message))
        }
    }
}

fn var_arity(def: &OpDef, v: Var) -> Arity {
    match v {
        Var::Operand(i) => def.operands[i].arity,
        Var::Result(i) => def.results[i].arity,
        _ => Arity::Variadic,
    }
}

/// Try to parse the first element of an optional group; true if the group is present.
#[allow(clippy::too_many_arguments)]
fn parse_group_head(
    def: &OpDef,
    el: &Element,
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    parsed: &mut ParsedOperands,
    regions: &mut [Option<crate::RegionId>],
    attrs: &mut Vec<NamedAttr>,
) -> PResult<bool> {
    match el {
        Element::Literal(l) => parse_literal(p, l, true),
        Element::Var(Var::Operand(i)) => match p.parse_optional_operand()? {
            None => Ok(false),
            Some(o) => {
                parsed.push_operand(*i, o);
                if def.operands[*i].arity == Arity::Variadic {
                    while p.parse_optional_punct(",") {
                        let o = p.parse_operand()?;
                        parsed.push_operand(*i, o);
                    }
                }
                Ok(true)
            }
        },
        Element::Var(Var::Attr(i)) => {
            let spec = def.attrs[*i];
            match parse_attr_of_kind(def, p, spec, true)? {
                None => Ok(false),
                Some(a) => {
                    attrs.push((crate::attrs::attr_name(spec.name), a));
                    Ok(true)
                }
            }
        }
        // A region is present when one opens; any other element always is.
        Element::Var(Var::Region(_)) if !p.peek_region() => Ok(false),
        Element::Type(v) => {
            let at = p.offset();
            match p.parse_optional_type()? {
                None => Ok(false),
                Some(t) => {
                    let start = parsed.types.len();
                    parsed.types.push(t);
                    if var_arity(def, *v) != Arity::Single {
                        while p.parse_optional_punct(",") {
                            parsed.types.push(p.parse_type()?);
                        }
                    }
                    check_class(def, *v, p, at, &parsed.types[start..])?;
                    parsed.end_types(*v, start);
                    Ok(true)
                }
            }
        }
        _ => {
            parse_elements(
                def,
                std::slice::from_ref(el),
                p,
                state,
                parsed,
                regions,
                attrs,
            )?;
            Ok(true)
        }
    }
}

fn parse_elements(
    def: &OpDef,
    elements: &[Element],
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    parsed: &mut ParsedOperands,
    regions: &mut [Option<crate::RegionId>],
    attrs: &mut Vec<NamedAttr>,
) -> PResult<()> {
    for el in elements {
        match el {
            Element::Literal(l) => {
                parse_literal(p, l, false)?;
            }
            Element::Space(_) => {}
            Element::Var(Var::Operand(i)) => {
                let i = *i;
                match def.operands[i].arity {
                    Arity::Single => {
                        let o = p.parse_operand()?;
                        parsed.push_operand(i, o);
                    }
                    Arity::Optional => {
                        if let Some(o) = p.parse_optional_operand()? {
                            parsed.push_operand(i, o);
                        }
                    }
                    Arity::Variadic => {
                        if let Some(o) = p.parse_optional_operand()? {
                            parsed.push_operand(i, o);
                            while p.parse_optional_punct(",") {
                                let o = p.parse_operand()?;
                                parsed.push_operand(i, o);
                            }
                        }
                    }
                }
            }
            Element::Var(Var::AllOperands) => {
                // A later `operands` replaces an earlier one.
                parsed
                    .operands
                    .retain(|(slot, _)| *slot != OperandSlot::All);
                parsed.all_operands_spelled = true;
                if let Some(o) = p.parse_optional_operand()? {
                    parsed.operands.push((OperandSlot::All, o));
                    while p.parse_optional_punct(",") {
                        let o = p.parse_operand()?;
                        parsed.operands.push((OperandSlot::All, o));
                    }
                }
            }
            Element::Var(Var::Attr(i)) => {
                let spec = def.attrs[*i];
                if let Some(a) = parse_attr_of_kind(def, p, spec, spec.optional)? {
                    attrs.push((crate::attrs::attr_name(spec.name), a));
                }
            }
            Element::Var(Var::Region(i)) => {
                let r = p.ctx().create_region();
                p.parse_region(r, &[], def.traits.isolated_from_above)?;
                regions[*i] = Some(r);
            }
            Element::Var(Var::Successor(_)) => {
                let b = p.parse_successor()?;
                state.successors.push(b);
                while p.parse_optional_punct(",") {
                    let b = p.parse_successor()?;
                    state.successors.push(b);
                }
            }
            Element::Var(Var::Result(_) | Var::AllResults) => {
                return Err(p.error("results cannot be spelled as values"));
            }
            Element::Type(v) => parse_types_of(def, *v, p, parsed)?,
            Element::FunctionalType(a, b) => {
                let t = p.parse_type()?;
                let TypeKind::Function { inputs, results } = p.ctx().type_kind(t) else {
                    return Err(p.error("expected a function type"));
                };
                let start = parsed.types.len();
                parsed.types.extend_from_slice(inputs);
                parsed.end_types(*a, start);
                let start = parsed.types.len();
                parsed.types.extend_from_slice(results);
                parsed.end_types(*b, start);
            }
            Element::AttrDict { with_keyword } => {
                if !*with_keyword || p.parse_optional_keyword("attributes") {
                    p.parse_optional_attr_dict(attrs)?;
                }
            }
            Element::Optional {
                then, otherwise, ..
            } => {
                // Spacing directives before the first element parse nothing.
                let spaces = then
                    .iter()
                    .take_while(|e| matches!(e, Element::Space(_)))
                    .count();
                let Some((head, rest)) = then[spaces..].split_first() else {
                    continue;
                };
                if parse_group_head(def, head, p, state, parsed, regions, attrs)? {
                    parse_elements(def, rest, p, state, parsed, regions, attrs)?;
                } else {
                    parse_elements(def, otherwise, p, state, parsed, regions, attrs)?;
                }
            }
            Element::Custom { name, args } => {
                crate::dialect::parse_custom_directive(name, def, p, state, parsed, attrs, args)?;
            }
        }
    }
    Ok(())
}

/// Parse an attribute spelled the way `spec.kind` spells it.
pub fn parse_attr_of_kind(
    def: &OpDef,
    p: &mut dyn AsmParser,
    spec: AttrSpec,
    optional: bool,
) -> PResult<Option<Attr>> {
    let got = match spec.kind {
        AttrKind::Any => p.parse_optional_attribute(None)?,
        AttrKind::Typed(b) => {
            let ty = b(p.ctx());
            p.parse_optional_attribute(Some(ty))?
        }
        AttrKind::Str => p.parse_optional_string().map(Attr::String),
        AttrKind::SymbolName => p
            .parse_optional_symbol_name()
            .map(|s| Attr::String(s.into_bytes())),
        AttrKind::SymbolRef => p.parse_optional_symbol_name().map(|s| Attr::symbol(&s)),
        AttrKind::TypeAttr => p.parse_optional_type()?.map(Attr::Type),
        AttrKind::DenseI64Array => {
            if p.parse_optional_punct("[") {
                let mut values = Vec::new();
                if !p.parse_optional_punct("]") {
                    loop {
                        values.push(Scalar::Int(p.parse_integer()?));
                        if p.parse_optional_punct("]") {
                            break;
                        }
                        p.expect_punct(",")?;
                    }
                }
                let elem = p.ctx().intern_type(TypeKind::Integer {
                    width: 64,
                    signedness: Signedness::Signless,
                });
                Some(Attr::DenseArray { elem, values })
            } else {
                None
            }
        }
        AttrKind::Unit => Some(Attr::Unit),
        AttrKind::Bool => {
            if p.parse_optional_keyword("true") {
                Some(Attr::Bool(true))
            } else if p.parse_optional_keyword("false") {
                Some(Attr::Bool(false))
            } else {
                None
            }
        }
        AttrKind::Enum(names) => {
            let at = p.offset();
            let word = match p.parse_optional_any_keyword() {
                Some(k) => Some(k),
                None => p
                    .parse_optional_string()
                    .map(|s| String::from_utf8_lossy(&s).into_owned()),
            };
            match word.and_then(|w| names.iter().position(|n| *n == w)) {
                Some(i) => {
                    let ty = p.ctx().intern_type(TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless,
                    });
                    Some(Attr::Int {
                        value: i as i128,
                        ty,
                    })
                }
                None => {
                    return Err(p.error_at(
                        at,
                        &format!(
                            "custom op '{}' expected string or keyword containing one of the following enum values for attribute '{}' [{}]",
                            def.name,
                            spec.name,
                            names.join(", ")
                        ),
                    ))
                }
            }
        }
    };
    if got.is_none() && !optional {
        return Err(p.error(&format!("expected attribute '{}'", spec.name)));
    }
    Ok(got)
}

/// Turn the collected names and types into operands and result types.
fn resolve(
    def: &OpDef,
    format: &Format,
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    parsed: &mut ParsedOperands,
) -> PResult<()> {
    if parsed.all_operands_spelled {
        parsed.split_all_operands(def);
    }
    let (mut operand_types, mut result_types) = spelled_types(def, parsed);
    if format.derives_types {
        derive_unspelled_types(def, p, parsed, &mut operand_types, &mut result_types);
    }
    resolve_operands(def, p, state, parsed, &operand_types)?;
    for (i, tys) in result_types.iter().enumerate() {
        match *tys {
            GroupTypes::Spelled { start, len } => {
                let start = start as usize;
                state
                    .result_types
                    .extend_from_slice(&parsed.types[start..start + len as usize]);
            }
            GroupTypes::Repeated { ty, n } => {
                state.result_types.extend(std::iter::repeat_n(ty, n));
            }
            GroupTypes::Unknown if def.results[i].arity == Arity::Single => {
                return Err(p.error(&format!(
                    "type of result '{}' is not known",
                    def.results[i].name
                )))
            }
            GroupTypes::Unknown => {}
        }
    }
    Ok(())
}

/// Per operand group and per result group, the types as the syntax spells
/// them. `type(operands)` (or a functional type of all operands) gives each
/// operand group as many as it has names, in order; `type(results)` (or a
/// functional type of all results) is split over the result groups as
/// [`crate::op_def::group_sizes`] splits them; else a group has its own
/// `type($group)`. Of two runs of types of one variable the later counts.
fn spelled_types(
    def: &OpDef,
    parsed: &ParsedOperands,
) -> (SmallVec<[GroupTypes; 4]>, SmallVec<[GroupTypes; 4]>) {
    let mut operands: SmallVec<[GroupTypes; 4]> =
        smallvec![GroupTypes::Unknown; def.operands.len()];
    let mut results: SmallVec<[GroupTypes; 4]> = smallvec![GroupTypes::Unknown; def.results.len()];
    let (mut all_operands, mut all_results) = (None, None);
    for &(var, start, end) in &parsed.type_runs {
        let (start, len) = (start, end - start);
        let group = match var {
            Var::Operand(i) => operands.get_mut(i),
            Var::Result(i) => results.get_mut(i),
            Var::AllOperands => {
                all_operands = Some((start, len));
                None
            }
            Var::AllResults => {
                all_results = Some((start, len));
                None
            }
            _ => None,
        };
        if let Some(group) = group {
            *group = GroupTypes::Spelled { start, len };
        }
    }
    if let Some((start, len)) = all_operands {
        let sizes = (0..def.operands.len()).map(|i| parsed.group_len(i));
        operands = split_spelled(start, len, sizes);
    }
    if let Some((start, len)) = all_results {
        let sizes = crate::op_def::group_sizes(&def.results, len as usize, None);
        results = split_spelled(start, len, sizes.into_iter());
    }
    (operands, results)
}

/// The `len` types spelled from `start` split in order over groups of
/// `sizes` types each; a group past the spelled types gets fewer (none).
fn split_spelled(
    start: u32,
    len: u32,
    sizes: impl Iterator<Item = usize>,
) -> SmallVec<[GroupTypes; 4]> {
    let (mut next, end) = (start, start + len);
    let mut groups = SmallVec::with_capacity(sizes.size_hint().0);
    for n in sizes {
        let taken = (n as u32).min(end - next);
        groups.push(GroupTypes::Spelled {
            start: next,
            len: taken,
        });
        next += taken;
    }
    groups
}

/// Give the groups whose types the syntax does not spell their fixed,
/// same-as or element-of types (rules may chain, up to three deep).
fn derive_unspelled_types(
    def: &OpDef,
    p: &mut dyn AsmParser,
    parsed: &ParsedOperands,
    operand_types: &mut [GroupTypes],
    result_types: &mut [GroupTypes],
) {
    let n_results = p.num_results();
    // A non-single group of unspelled type takes the results the single
    // groups leave.
    let singles = def
        .results
        .iter()
        .filter(|s| s.arity == Arity::Single)
        .count();
    for _ in 0..3 {
        for (i, spec) in def.results.iter().enumerate() {
            if result_types[i].len().is_some() {
                continue;
            }
            let n = if spec.arity == Arity::Single {
                1
            } else {
                n_results.saturating_sub(singles)
            };
            result_types[i] = derived_types(def, spec, n, p, parsed, operand_types, result_types);
        }
        for (i, spec) in def.operands.iter().enumerate() {
            if operand_types[i].len().is_some() {
                continue;
            }
            let n = parsed.group_len(i);
            operand_types[i] = derived_types(def, spec, n, p, parsed, operand_types, result_types);
        }
    }
}

/// Resolve every operand group's names at its types, and record the
/// groups' sizes when the op has operand segments.
fn resolve_operands(
    def: &OpDef,
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    parsed: &ParsedOperands,
    operand_types: &[GroupTypes],
) -> PResult<()> {
    let mut segment_sizes: SmallVec<[usize; 4]> = SmallVec::new();
    // Exactly the room the operands take: a module keeps a list per op.
    state.operands.reserve_exact(parsed.operands.len());
    for (i, &tys) in operand_types.iter().enumerate() {
        let n_names = parsed.group_len(i);
        let Some(n_types) = tys.len() else {
            if n_names == 0 {
                segment_sizes.push(0);
                continue;
            }
            return Err(p.error(&format!(
                "type of operand group '{}' is not known",
                def.operands[i].name
            )));
        };
        if n_types != n_names {
            return Err(p.error(&format!(
                "{} operands present, but expected {} types for '{}'",
                n_names, n_types, def.operands[i].name
            )));
        }
        for (name, ty) in parsed.group_names(i).zip(tys.iter(&parsed.types)) {
            let v = p.resolve_operand(name, ty)?;
            state.operands.push(v);
        }
        segment_sizes.push(n_names);
    }
    if def.has_operand_segments() {
        let sizes = crate::dialect::i32_array(p.ctx(), &segment_sizes);
        set_named_attr(&mut state.props, "operandSegmentSizes", sizes);
    }
    Ok(())
}

/// The `n` types of a group whose type the syntax does not spell, from its
/// [`TypeRule`]; [`GroupTypes::Unknown`] while the group it derives from is
/// not known.
fn derived_types(
    def: &OpDef,
    spec: &ValueSpec,
    n: usize,
    p: &mut dyn AsmParser,
    parsed: &ParsedOperands,
    operand_types: &[GroupTypes],
    result_types: &[GroupTypes],
) -> GroupTypes {
    let first_of = |other| lookup_group(def, other, parsed, operand_types, result_types);
    let ty = match spec.ty {
        TypeRule::Fixed(b) => Some(b(p.ctx())),
        TypeRule::SameAs(other) => first_of(other),
        TypeRule::ElementOf(other) => {
            first_of(other).and_then(|shaped| p.ctx().type_kind(shaped).element_type())
        }
        TypeRule::Spelled => None,
    };
    match ty {
        Some(ty) => GroupTypes::Repeated { ty, n },
        None => GroupTypes::Unknown,
    }
}

/// The first type of the operand or result group named `name`, if known.
fn lookup_group(
    def: &OpDef,
    name: &str,
    parsed: &ParsedOperands,
    operand_types: &[GroupTypes],
    result_types: &[GroupTypes],
) -> Option<Type> {
    if let Some(i) = def.operands.iter().position(|s| s.name == name) {
        return operand_types[i].iter(&parsed.types).next();
    }
    let i = def.results.iter().position(|s| s.name == name)?;
    result_types[i].iter(&parsed.types).next()
}
