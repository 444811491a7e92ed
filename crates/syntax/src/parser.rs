//! Recursive-descent parser of MLIR text into the IR.
//!
//! Guarantees: never panics on any input (bytes that are not UTF-8, truncated
//! text, deep nesting, huge literals all become diagnostics); nesting deeper
//! than [`ParseOptions::max_nesting`] is an error, not a stack overflow.

mod resources;

use crate::lexer::{symbol_name, unescape, unescape_text, Lexer, Tok};
use diag::{DiagLoc, Diagnostic, Span};
use ir::asm::{Argument, AsmParser, PResult, ParseError, UnresolvedOperand};
use ir::attrs::{DenseValues, Scalar};
use ir::context::{get_named_attr, set_named_attr, BlockId};
use ir::op_def::{registry, Syntax};
use ir::print_attr::{float_from_storage_bits, round_to_kind};
use ir::types::{FloatKind, Signedness, DYNAMIC};
use ir::{
    Attr, Context, Location, NamedAttr, OpId, OpKind, OperationState, RegionId, Type, TypeKind,
    ValueId,
};
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;

/// Parser settings.
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// Accept (generic-form) ops of dialects shape-opt does not know.
    pub allow_unregistered_dialect: bool,
    /// Deepest nesting of regions, types and attributes accepted.
    pub max_nesting: usize,
    /// Inputs at least this large are split and parsed on all cores.
    pub parallel_min_bytes: usize,
    /// Wrap top-level ops in a `builtin.module` unless the input is one
    /// module; off (`--no-implicit-module`), the input must be one op, the
    /// root as it stands.
    pub implicit_module: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            allow_unregistered_dialect: false,
            max_nesting: 512,
            parallel_min_bytes: 4 << 20,
            implicit_module: true,
        }
    }
}

/// The SSA names of one region. As in MLIR, a name defined in a region is
/// visible in the regions nested in it up to an isolated-from-above op, and
/// a use before any definition is a forward reference of the whole
/// isolated scope: a later definition anywhere in it (the same block, a
/// block or region after it, an enclosing region) resolves it, and the
/// verifier then decides whether the definition may be used there
/// (dominance, or none in a graph region).
#[derive(Default)]
struct ValueScope {
    /// The ids of the SSA names this scope binds (their bindings are in
    /// `Parser::bindings`).
    names: Vec<u32>,
    /// Forward references (name id, result number): placeholder value, use
    /// offset. Kept in isolated scopes only.
    forward: HashMap<(u32, u32), (ValueId, u32)>,
    isolated: bool,
}

/// An SSA name's binding: `count` consecutive values from `first` (an
/// op's results are consecutive), defined in the value scope numbered
/// `scope` (its index in `Parser::scopes` plus one); `shadows` when it
/// hides a binding of the same name in an enclosing scope (kept in
/// `Parser::shadowed` until this scope closes).
#[derive(Clone, Copy)]
struct Binding {
    scope: usize,
    first: ValueId,
    count: u32,
    shadows: bool,
}

/// A direct-mapped memo of texts: each is kept in one of [`MEMO_SLOTS`]
/// slots, chosen from a few of its bytes ([`memo_slot`],
/// [`short_text_slot`]), so that a lookup costs a cheap hash and one
/// comparison rather than a hash table's hashing of the whole text. A
/// later text for the same slot replaces it.
struct TextMemo<'a, V> {
    slots: Vec<Option<(&'a str, V)>>,
}

/// How many texts a [`TextMemo`] keeps.
const MEMO_SLOTS: usize = 64;

impl<'a, V: Copy> TextMemo<'a, V> {
    fn new() -> Self {
        TextMemo {
            slots: vec![None; MEMO_SLOTS],
        }
    }

    /// The text kept in slot `slot`, if `bytes` start with it, and its value.
    fn prefix_of(&self, slot: usize, bytes: &[u8]) -> Option<(&'a str, V)> {
        let &(text, value) = self.slots.get(slot)?.as_ref()?;
        bytes.starts_with(text.as_bytes()).then_some((text, value))
    }

    /// The value of `text`, if it is the text kept in slot `slot`.
    fn get(&self, slot: usize, text: &str) -> Option<V> {
        let &(kept, value) = self.slots.get(slot)?.as_ref()?;
        (kept == text).then_some(value)
    }

    fn set(&mut self, slot: usize, text: &'a str, value: V) {
        if let Some(kept) = self.slots.get_mut(slot) {
            *kept = Some((text, value));
        }
    }
}

/// The [`TextMemo`] slot of the text whose bytes `from..from + 8` are those
/// of `bytes`; `None` when `bytes` is shorter.
fn memo_slot(bytes: &[u8], from: usize) -> Option<usize> {
    let word: [u8; 8] = bytes.get(from..from + 8)?.try_into().ok()?;
    let mixed = u64::from_le_bytes(word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Some((mixed >> (64 - MEMO_SLOTS.trailing_zeros())) as usize)
}

/// The [`TextMemo`] slot of a short text `bytes`, from its length and its
/// first and last two bytes.
fn short_text_slot(bytes: &[u8]) -> usize {
    let byte = |i: Option<usize>| u64::from(i.and_then(|i| bytes.get(i)).copied().unwrap_or(0));
    let len = bytes.len();
    let key = len as u64
        | byte(Some(0)) << 8
        | byte(len.checked_sub(1)) << 16
        | byte(len.checked_sub(2)) << 24;
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_SLOTS.trailing_zeros())) as usize
}

/// Where [`memo_slot`] reads the source after a shaped type's first byte:
/// past its keyword, in its shape.
const SHAPED_MEMO_FROM: usize = 6;

/// Where [`memo_slot`] reads the source after a function type's `(`.
const FUNCTION_MEMO_FROM: usize = 1;

#[derive(Default)]
struct BlockScope<'a> {
    blocks: HashMap<&'a str, BlockId>,
    /// Blocks referenced before their definition, with the use offset.
    pending: HashMap<&'a str, u32>,
}

pub struct Parser<'a> {
    lex: Lexer<'a>,
    tok: Tok<'a>,
    tok_start: usize,
    /// End of the previous token (for adjacency checks).
    prev_end: usize,
    pub ctx: &'a mut Context,
    file: u32,
    file_name: std::sync::Arc<str>,
    pub diags: Vec<Diagnostic>,
    scopes: Vec<ValueScope>,
    /// The innermost binding of each SSA name in the open scopes, by name
    /// id (`None`, or past the end, for an unbound name).
    bindings: Vec<Option<Binding>>,
    /// The bindings hidden by those of nested scopes, innermost last.
    shadowed: Vec<Binding>,
    /// Closed value scopes, emptied, kept for their capacity.
    spare_scopes: Vec<ValueScope>,
    block_scopes: Vec<BlockScope<'a>>,
    /// SSA names seen so far, interned (operands refer to them by id).
    ssa_names: HashMap<&'a str, u32>,
    /// Names of `ssa_names` met lately, with their ids.
    recent_ssa_names: TextMemo<'a, u32>,
    ssa_name_list: Vec<&'a str>,
    /// The ids of the SSA names that are plain decimal numbers (`%0`,
    /// `%17`: most names of printed IR), by number; `u32::MAX` for a
    /// number not seen yet. Such names are never in `ssa_names`.
    numbered_ssa_names: Vec<u32>,
    /// The SSA names the ops being parsed bind (name id, result count,
    /// offset), outermost op first.
    bound: Vec<(u32, usize, usize)>,
    attr_aliases: HashMap<String, Attr>,
    type_aliases: HashMap<String, Type>,
    depth: usize,
    num_results: Vec<usize>,
    default_dialects: Vec<&'static str>,
    /// Names of the ops being parsed, innermost last (their regions take
    /// the op's default dialect).
    op_stack: Vec<Cow<'static, str>>,
    /// Where the names of the custom ops being parsed start, innermost last.
    name_offsets: Vec<usize>,
    options: ParseOptions,
    /// The block placeholders of forward references live in.
    placeholder_block: BlockId,
    /// Scratch buffer for qualified op names.
    name_buf: String,
    /// Line index (1-based) of the last location computed.
    line_cursor: usize,
    /// Aliases read ahead by `predefine_aliases`, not yet met in order.
    predefined: rustc_hash::FxHashSet<&'a str>,
    /// Types already parsed, by their exact source text (types repeat a lot).
    type_cache: HashMap<&'a str, Type>,
    /// Shaped and function types of `type_cache` met lately (found by the
    /// source they start, without scanning it for their end).
    recent_types: TextMemo<'a, Type>,
    /// Op definitions met lately, by op name as written (names that need
    /// no default dialect, of 8 bytes or more).
    recent_ops: TextMemo<'a, &'static ir::op_def::OpDef>,
    /// The interned types of [`SINGLE_TOKEN_TYPE_KINDS`], by slot, once
    /// parsed.
    token_types: [Option<Type>; SINGLE_TOKEN_TYPES],
    /// Byte offsets where lines start (for op locations).
    line_starts: Cow<'a, [u32]>,
}

/// Magnitude of an integer literal; `None` when it does not fit 128 bits.
fn parse_int_literal(text: &str) -> Option<u128> {
    if let Some(hex) = text.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok()
    } else {
        text.parse::<u128>().ok()
    }
}

/// `-magnitude` or `magnitude` as an `i128`, if it fits.
fn signed_value(neg: bool, magnitude: u128) -> Option<i128> {
    if neg {
        0i128.checked_sub_unsigned(magnitude)
    } else {
        i128::try_from(magnitude).ok()
    }
}

pub use diag::line_starts;

/// The number an SSA name such as `17` spells: decimal digits without a
/// leading zero (so that distinct names never share a number), below a
/// million (so that the table of numbered names stays small).
fn ssa_name_number(name: &str) -> Option<usize> {
    match name.as_bytes() {
        [b'0'] => Some(0),
        digits @ [b'1'..=b'9', ..] if digits.len() <= 6 => {
            digits.iter().try_fold(0usize, |number, &b| {
                b.is_ascii_digit()
                    .then(|| number * 10 + usize::from(b - b'0'))
            })
        }
        _ => None,
    }
}

/// How many types [`single_token_type_slot`] knows.
const SINGLE_TOKEN_TYPES: usize = 10;

/// The kinds of the most common types that are one token, by slot in
/// `Parser::token_types`; [`single_token_type_slot`] finds their tokens.
const SINGLE_TOKEN_TYPE_KINDS: [TypeKind; SINGLE_TOKEN_TYPES] = [
    TypeKind::Shape,
    TypeKind::Size,
    TypeKind::ValueShape,
    TypeKind::Witness,
    TypeKind::Index,
    TypeKind::Integer {
        width: 1,
        signedness: Signedness::Signless,
    },
    TypeKind::Integer {
        width: 32,
        signedness: Signedness::Signless,
    },
    TypeKind::Integer {
        width: 64,
        signedness: Signedness::Signless,
    },
    TypeKind::Float(FloatKind::F32),
    TypeKind::Float(FloatKind::F64),
];

/// The slot in [`SINGLE_TOKEN_TYPE_KINDS`] of the type `tok` spells on its
/// own (the kind the general type parser gives the token), if it is one of
/// those: the `shape` dialect's types and `index`, `i1`, `i32`, `i64`,
/// `f32`, `f64`.
fn single_token_type_slot(tok: &Tok) -> Option<usize> {
    Some(match tok {
        Tok::Bang("shape.shape") => 0,
        Tok::Bang("shape.size") => 1,
        Tok::Bang("shape.value_shape") => 2,
        Tok::Bang("shape.witness") => 3,
        Tok::Ident("index") => 4,
        Tok::Ident("i1") => 5,
        Tok::Ident("i32") => 6,
        Tok::Ident("i64") => 7,
        Tok::Ident("f32") => 8,
        Tok::Ident("f64") => 9,
        _ => return None,
    })
}

/// What a byte is to [`Parser::cacheable_type_text`].
#[derive(Clone, Copy)]
enum TypeTextByte {
    /// Part of a cacheable shaped type: a letter, digit, `?`, `_`, `.`,
    /// `,`, space or `*`.
    Plain,
    /// `<`
    Open,
    /// `>`
    Close,
    /// Anything else: the type is not cached by its text.
    Other,
}

/// [`TypeTextByte`] of every byte.
const TYPE_TEXT_BYTES: [TypeTextByte; 256] = {
    let mut table = [TypeTextByte::Other; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || matches!(byte, b'?' | b'_' | b'.' | b',' | b' ' | b'*') {
            table[b] = TypeTextByte::Plain;
        }
        b += 1;
    }
    table[b'<' as usize] = TypeTextByte::Open;
    table[b'>' as usize] = TypeTextByte::Close;
    table
};

/// The length of the text in brackets `bytes` starts with (`(...)` or
/// `<...>`, nested brackets included), when it is made of the bytes of
/// cacheable types ([`TypeTextByte::Plain`]), brackets, `!` and `->` only.
fn bracketed_type_text_len(bytes: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'(' | b'<' => depth += 1,
            b')' | b'>' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'!' => {}
            _ if matches!(TYPE_TEXT_BYTES[usize::from(b)], TypeTextByte::Plain) => {}
            _ => return None,
        }
        i += 1;
    }
    None
}

/// Whether `b` may be part of a type's name (`f32`, `!shape.size`).
fn is_type_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'!')
}

/// The length of the function type text `bytes` starts with (at its `(`):
/// the bracketed inputs, `->` and a bracketed result list or one result
/// (a name, then text in `<...>` if any), spaces between; `None` when it
/// has other bytes ([`bracketed_type_text_len`]) or `->` follows it (the
/// result list would then be the inputs of a function type). Parsing the
/// type takes exactly that text or fails.
fn function_type_text_len(bytes: &[u8]) -> Option<usize> {
    let after_spaces = |from: usize| {
        let rest = bytes.get(from..).unwrap_or_default();
        from + rest.iter().take_while(|&&b| b == b' ').count()
    };
    let arrow = after_spaces(bracketed_type_text_len(bytes)?);
    if bytes.get(arrow..arrow + 2) != Some(b"->") {
        return None;
    }
    let results = after_spaces(arrow + 2);
    let rest = bytes.get(results..)?;
    let len = if rest.first() == Some(&b'(') {
        bracketed_type_text_len(rest)?
    } else {
        let name = rest.iter().take_while(|&&b| is_type_name_byte(b)).count();
        match rest.get(name..) {
            _ if name == 0 => return None,
            Some(angled @ [b'<', ..]) => name + bracketed_type_text_len(angled)?,
            _ => name,
        }
    };
    let end = results + len;
    if bytes
        .get(after_spaces(end)..)
        .is_some_and(|r| r.starts_with(b"->"))
    {
        return None;
    }
    Some(end)
}

/// The widest integer type MLIR has (`i16777215`).
const MAX_INTEGER_WIDTH: u32 = 16_777_215;

impl<'a> Parser<'a> {
    pub fn new(
        ctx: &'a mut Context,
        src: &'a str,
        file: u32,
        file_name: &str,
        options: ParseOptions,
    ) -> Self {
        let line_starts = Cow::Owned(line_starts(src));
        Self::for_range(ctx, src, 0, line_starts, file, file_name, options)
    }

    /// A parser of `src[start..]` (positions, lines and columns stay those
    /// of the whole `src`); `line_starts` are `src`'s.
    pub fn for_range(
        ctx: &'a mut Context,
        src: &'a str,
        start: usize,
        line_starts: Cow<'a, [u32]>,
        file: u32,
        file_name: &str,
        options: ParseOptions,
    ) -> Self {
        let placeholder_block = ctx.create_block();
        let mut lex = Lexer::new(src);
        lex.pos = start;
        let mut p = Parser {
            lex,
            tok: Tok::Eof,
            tok_start: 0,
            prev_end: 0,
            ctx,
            file,
            file_name: file_name.into(),
            diags: Vec::new(),
            scopes: Vec::new(),
            bindings: Vec::new(),
            shadowed: Vec::new(),
            spare_scopes: Vec::new(),
            block_scopes: Vec::new(),
            ssa_names: HashMap::default(),
            recent_ssa_names: TextMemo::new(),
            ssa_name_list: Vec::new(),
            numbered_ssa_names: Vec::new(),
            bound: Vec::new(),
            attr_aliases: HashMap::default(),
            type_aliases: HashMap::default(),
            depth: 0,
            num_results: Vec::new(),
            default_dialects: vec!["builtin"],
            op_stack: Vec::new(),
            name_offsets: Vec::new(),
            options,
            placeholder_block,
            name_buf: String::new(),
            line_cursor: 0,
            type_cache: HashMap::default(),
            recent_types: TextMemo::new(),
            recent_ops: TextMemo::new(),
            token_types: [None; SINGLE_TOKEN_TYPES],
            predefined: Default::default(),
            line_starts,
        };
        p.bump();
        p
    }

    /// Where the unparsed rest of the text starts, or `None` at its end.
    pub fn remaining_offset(&self) -> Option<usize> {
        (self.tok != Tok::Eof).then_some(self.tok_start)
    }

    /// Move to the next token; returns the current one.
    #[inline(always)]
    fn bump(&mut self) -> Tok<'a> {
        let current = self.tok;
        self.advance();
        current
    }

    /// Lex the token after the current one into `tok`, setting `prev_end`
    /// and `tok_start`. The lexer is inlined here, once, rather than at
    /// each call site.
    #[inline(never)]
    fn advance(&mut self) {
        self.prev_end = self.lex.pos;
        let (t, s) = self.lex.next_token();
        self.tok = t;
        self.tok_start = s;
    }

    fn span(&self, offset: usize) -> DiagLoc {
        DiagLoc::Span(Span {
            file: self.file,
            offset: offset as u32,
        })
    }

    fn err_at(&mut self, offset: usize, msg: impl Into<String>) -> ParseError {
        self.err_with_note_at(offset, msg, None)
    }

    /// An error at `offset`, with `note` (if any) attached at the same place.
    fn err_with_note_at(
        &mut self,
        offset: usize,
        msg: impl Into<String>,
        note: Option<String>,
    ) -> ParseError {
        let note = note.map(|n| (self.span(offset), n));
        match note {
            Some(note) => self.err_with_note_elsewhere(offset, msg, note),
            None => self.push_error(Diagnostic::error(self.span(offset), msg)),
        }
    }

    /// An error at `offset` with a note at its own place.
    fn err_with_note_elsewhere(
        &mut self,
        offset: usize,
        msg: impl Into<String>,
        (at, note): (DiagLoc, String),
    ) -> ParseError {
        let d = Diagnostic::error(self.span(offset), msg).with_note(at, note);
        self.push_error(d)
    }

    /// Record `d`, unless an error is already recorded (the first one is
    /// the one that counts).
    fn push_error(&mut self, d: Diagnostic) -> ParseError {
        if self.diags.iter().all(|d| !d.is_error()) {
            self.diags.push(d);
        }
        ParseError
    }

    fn err(&mut self, msg: impl Into<String>) -> ParseError {
        if let Tok::Error(m) = self.tok {
            return self.err_at(self.tok_start, m);
        }
        self.err_at(self.tok_start, msg)
    }

    fn loc_here(&mut self) -> Location {
        // Ops come in source order: walk forward from the last line found,
        // and search only when that does not apply.
        let starts = &self.line_starts;
        let mut line = self.line_cursor;
        if starts
            .get(line.wrapping_sub(1))
            .is_none_or(|&s| s as usize > self.tok_start)
        {
            line = starts.partition_point(|&s| s as usize <= self.tok_start);
        } else {
            while starts
                .get(line)
                .is_some_and(|&s| s as usize <= self.tok_start)
            {
                line += 1;
            }
        }
        self.line_cursor = line;
        let start = self
            .line_starts
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        let (line, col) = (line as u32, (self.tok_start - start as usize) as u32 + 1);
        Location::FileLineCol {
            file: self.file_name.clone(),
            line,
            col,
        }
    }

    fn is_punct(&self, p: &str) -> bool {
        // Punctuation is 1 to 3 bytes: compare bytes, not via memcmp.
        matches!(&self.tok, Tok::Punct(q) if q.as_bytes().iter().eq(p.as_bytes()))
    }
    fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str, what: &str) -> PResult<()> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.err(format!("expected '{p}'{what}")))
        }
    }
    fn is_ident(&self, k: &str) -> bool {
        matches!(&self.tok, Tok::Ident(i) if i.len() == k.len() && *i == k)
    }
    fn eat_ident(&mut self, k: &str) -> bool {
        if self.is_ident(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.options.max_nesting {
            return Err(self.err(format!(
                "nesting deeper than {} levels (see --max-nesting)",
                self.options.max_nesting
            )));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ------------------------------------------------------------ top level

    /// Parse a whole buffer into `module` (an existing `builtin.module`'s
    /// body, or a wrapper created here); returns the top-level op.
    pub fn parse_top_level(&mut self) -> PResult<OpId> {
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        self.push_scope(true);
        self.predefine_aliases();
        let result = self.parse_top_level_items(block);
        let wrapper_loc = Location::FileLineCol {
            file: self.file_name.clone(),
            line: 0,
            col: 0,
        };
        let ops: Vec<OpId> = self.ctx.block_ops(block).collect();
        if let [only] = ops.as_slice() {
            if !self.options.implicit_module || self.ctx.kind(*only) == OpKind::BuiltinModule {
                self.ctx.unlink(*only);
                result?;
                return Ok(*only);
            }
        }
        if !self.options.implicit_module {
            result?;
            return Err(self.not_one_op(ops.len()));
        }
        let mut state = OperationState::new(OpKind::BuiltinModule, wrapper_loc);
        state.regions.push(region);
        let module = self.ctx.create_op(state);
        result?;
        Ok(module)
    }

    /// MLIR's error for an input of `found` top-level ops where one op is
    /// the root (`--no-implicit-module`), at the file's line 0.
    fn not_one_op(&mut self, found: usize) -> ParseError {
        let loc = DiagLoc::FileLineCol {
            file: self.file_name.to_string(),
            line: 0,
            col: 0,
        };
        let message = format!("source must contain a single top-level operation, found: {found}");
        self.diags.push(Diagnostic::error(loc, message));
        ParseError
    }

    /// Parse ops up to the end of the range into a new block, as the body
    /// of a `builtin.module` (isolated scope, `builtin` default dialect).
    /// Used for the chunks of a module parsed in parallel.
    pub fn parse_module_body_chunk(&mut self) -> PResult<BlockId> {
        let block = self.ctx.create_block();
        self.op_stack
            .push(OpKind::BuiltinModule.build_name().into());
        self.default_dialects.push("builtin");
        self.push_scope(true);
        while self.tok != Tok::Eof {
            self.operation(block)?;
        }
        self.finish_scope()?;
        Ok(block)
    }

    /// Alias definitions may follow their uses (`mlir-opt
    /// --mlir-print-debuginfo` defines location aliases after the module):
    /// read every top-level `#name = ...` line first, repeating while
    /// definitions that use other aliases become readable.
    fn predefine_aliases(&mut self) {
        let src = self.lex.src();
        let mut pending: Vec<usize> = self
            .line_starts
            .iter()
            .map(|&s| s as usize)
            .filter(|&s| src.get(s) == Some(&b'#') && src.get(s + 1) != Some(&b'-'))
            .collect();
        if pending.is_empty() {
            return;
        }
        let saved = (self.lex.pos, self.tok, self.tok_start, self.prev_end);
        let diags = self.diags.len();
        loop {
            let before = pending.len();
            pending.retain(|&at| {
                self.lex.pos = at;
                self.bump();
                let Tok::Hash(name) = self.tok else {
                    return false;
                };
                self.bump();
                let value = if self.eat_punct("=") {
                    self.attribute(None).ok()
                } else {
                    None
                };
                self.diags.truncate(diags);
                match value {
                    Some(a) => {
                        self.attr_aliases.insert(name.to_string(), a);
                        self.predefined.insert(name);
                        false
                    }
                    None => true,
                }
            });
            if pending.is_empty() || pending.len() == before {
                break;
            }
        }
        (self.lex.pos, self.tok, self.tok_start, self.prev_end) = saved;
    }

    fn parse_top_level_items(&mut self, block: BlockId) -> PResult<()> {
        loop {
            match self.tok {
                Tok::Eof => break,
                Tok::Hash(name) if !name.contains('.') => {
                    let at = self.tok_start;
                    self.bump();
                    self.expect("=", " in attribute alias definition")?;
                    let a = self.attribute(None)?;
                    // Read ahead by `predefine_aliases`: the same value is no redefinition.
                    if self.predefined.contains(name) && self.attr_aliases.get(name) == Some(&a) {
                        self.predefined.remove(name);
                        continue;
                    }
                    if self.attr_aliases.insert(name.to_string(), a).is_some() {
                        return Err(
                            self.err_at(at, format!("redefinition of attribute alias id '{name}'"))
                        );
                    }
                }
                Tok::Bang(name) if !name.contains('.') => {
                    let at = self.tok_start;
                    self.bump();
                    self.expect("=", " in type alias definition")?;
                    let t = self.parse_type_required()?;
                    if self.type_aliases.insert(name.to_string(), t).is_some() {
                        return Err(
                            self.err_at(at, format!("redefinition of type alias id '{name}'"))
                        );
                    }
                }
                Tok::Punct("{-#") => self.file_metadata()?,
                _ => {
                    self.operation(block)?;
                }
            }
        }
        self.finish_scope()
    }

    // ------------------------------------------------------------ operations

    fn operation(&mut self, block: BlockId) -> PResult<OpId> {
        let start = self.tok_start;
        // This op's names are `bound[base..end]`; ops nested in it push
        // theirs after them.
        let base = self.bound.len();
        if matches!(self.tok, Tok::Percent(_)) {
            loop {
                let at = self.tok_start;
                let Tok::Percent(name) = self.bump() else {
                    return Err(self.err("expected SSA value name"));
                };
                let mut count = 1usize;
                if self.eat_punct(":") {
                    let Tok::Int(n) = self.bump() else {
                        return Err(self.err("expected integer number of results"));
                    };
                    count = match n.parse::<usize>() {
                        Ok(c) if c > 0 && c < 1 << 20 => c,
                        _ => {
                            return Err(self
                                .err_at(at, "expected named operation to have at least 1 result"))
                        }
                    };
                }
                let name = self.intern_ssa(name);
                self.bound.push((name, count, at));
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect("=", " after SSA name")?;
        }
        let end = self.bound.len();
        let total: usize = self.bound[base..end].iter().map(|r| r.1).sum();
        // An op's location is that of its name, as in MLIR.
        let loc = self.loc_here();
        let op = match self.tok {
            Tok::Str(name) => self.generic_operation(unescape_text(name), loc)?,
            Tok::Ident(name) => self.custom_operation(name, total, loc)?,
            _ => return Err(self.err("expected operation name in quotes")),
        };
        if let Some(l) = self.optional_trailing_location()? {
            self.ctx.set_loc(op, l);
        }
        self.ctx.append_op(block, op);
        let produced = self.ctx.op(op).results.len();
        if total != 0 && produced != total {
            return Err(self.err_at(
                start,
                format!("operation defines {produced} results but was provided {total} to bind"),
            ));
        }
        let mut next = 0usize;
        for i in base..end {
            let (name, count, at) = self.bound[i];
            // An op's results are consecutive values.
            if let Some(&first) = self.ctx.op(op).results.get(next) {
                self.define_values(name, first, count as u32, at)?;
            }
            next += count;
        }
        self.bound.truncate(base);
        Ok(op)
    }

    /// The id of an SSA name in this parse.
    fn intern_ssa(&mut self, name: &'a str) -> u32 {
        let next_id = self.ssa_name_list.len() as u32;
        let id = match ssa_name_number(name) {
            Some(number) => {
                if number >= self.numbered_ssa_names.len() {
                    self.numbered_ssa_names.resize(number + 1, u32::MAX);
                }
                let slot = &mut self.numbered_ssa_names[number];
                if *slot == u32::MAX {
                    *slot = next_id;
                }
                *slot
            }
            None => {
                let slot = short_text_slot(name.as_bytes());
                match self.recent_ssa_names.get(slot, name) {
                    Some(id) => id,
                    None => {
                        let id = match self.ssa_names.get(name) {
                            Some(&id) => id,
                            None => {
                                self.ssa_names.insert(name, next_id);
                                next_id
                            }
                        };
                        self.recent_ssa_names.set(slot, name, id);
                        id
                    }
                }
            }
        };
        if id == next_id {
            self.ssa_name_list.push(name);
        }
        id
    }

    fn ssa_name(&self, id: u32) -> &'a str {
        self.ssa_name_list.get(id as usize).copied().unwrap_or("")
    }

    /// The innermost isolated scope: the one forward references live in.
    fn isolated_scope(&mut self) -> PResult<&mut ValueScope> {
        let scope = self.scopes.iter_mut().rev().find(|s| s.isolated);
        scope.ok_or(ParseError)
    }

    /// Bind SSA name `name` to the `count` consecutive values from `first`,
    /// resolving the forward references to them.
    fn define_values(&mut self, name: u32, first: ValueId, count: u32, at: usize) -> PResult<()> {
        let text = self.ssa_name(name);
        let depth = self.scopes.len();
        let scope = self.scopes.last_mut().ok_or(ParseError)?;
        let index = name as usize;
        if index >= self.bindings.len() {
            self.bindings.resize_with(index + 1, || None);
        }
        let slot = &mut self.bindings[index];
        let previous = *slot;
        if previous.is_some_and(|b| b.scope == depth) {
            return Err(self.err_at(at, format!("redefinition of SSA value '%{text}'")));
        }
        if let Some(hidden) = previous {
            self.shadowed.push(hidden);
        }
        *slot = Some(Binding {
            scope: depth,
            first,
            count,
            shadows: previous.is_some(),
        });
        scope.names.push(name);
        let forward = &mut self.isolated_scope()?.forward;
        let mut resolved = Vec::new();
        if !forward.is_empty() {
            for i in 0..count {
                if let Some((ph, use_at)) = forward.remove(&(name, i)) {
                    resolved.push((i, ph, ValueId(first.0 + i), use_at));
                }
            }
        }
        for (i, ph, v, use_at) in resolved {
            let (used, defined) = (self.ctx.value_type(ph), self.ctx.value_type(v));
            if used != defined {
                let ap = ir::print_attr::AttrPrinter::new(self.ctx);
                let (used, defined) = (ap.type_to_string(used), ap.type_to_string(defined));
                let message = format!("definition of SSA value '%{text}#{i}' has type '{defined}'");
                let note = (
                    self.span(use_at as usize),
                    format!("previously used here with type '{used}'"),
                );
                return Err(self.err_with_note_elsewhere(at, message, note));
            }
            self.ctx.replace_all_uses(ph, v);
        }
        Ok(())
    }

    fn generic_operation(&mut self, name: Cow<'_, str>, loc: Location) -> PResult<OpId> {
        let name_at = self.tok_start;
        self.bump();
        let def = registry().get(&name);
        if def.is_none() {
            let allow = self.options.allow_unregistered_dialect;
            if let Some(message) = ir::dialect::unknown_op_error(&name, allow) {
                return Err(self.err_at(name_at, message));
            }
        }
        // A registered op's name is static: no copy of it.
        let name: Cow<'static, str> = match def {
            Some(d) => Cow::Borrowed(d.name),
            None => Cow::Owned(name.into_owned()),
        };
        let mut state = OperationState::new(name.clone(), loc);
        self.op_stack.push(name);
        let r = self.generic_operation_body(def, &mut state);
        self.op_stack.pop();
        r?;
        Ok(self.ctx.create_op_of(def, state))
    }

    fn generic_operation_body(
        &mut self,
        def: Option<&'static ir::op_def::OpDef>,
        state: &mut OperationState,
    ) -> PResult<()> {
        self.expect("(", " to start operand list")?;
        let operands =
            self.list_to_close_paren(|p| p.parse_operand(), " or ')' in operand list")?;
        if self.eat_punct("[") {
            loop {
                let b = self.parse_successor()?;
                state.successors.push(b);
                if self.eat_punct("]") {
                    break;
                }
                self.expect(",", " or ']' in successor list")?;
            }
        }
        if self.is_punct("<") {
            self.bump();
            self.expect("{", " in properties")?;
            let mut props = Vec::new();
            self.attr_dict_body(&mut props)?;
            self.expect(">", " to close properties")?;
            for (n, a) in props {
                set_named_attr(&mut state.props, &n, a);
            }
        }
        if self.is_punct("(") {
            self.bump();
            loop {
                let r = self.ctx.create_region();
                let isolated = def.is_some_and(|d| d.traits.isolated_from_above);
                self.parse_region(r, &[], isolated)?;
                state.regions.push(r);
                if self.eat_punct(")") {
                    break;
                }
                self.expect(",", " or ')' in region list")?;
            }
        }
        if self.is_punct("{") {
            let mut attrs = Vec::new();
            self.parse_optional_attr_dict(&mut attrs)?;
            for (n, a) in attrs {
                if def.is_some_and(|d| d.is_inherent(&n))
                    && get_named_attr(&state.props, &n).is_none()
                {
                    set_named_attr(&mut state.props, &n, a);
                } else {
                    set_named_attr(&mut state.attrs, &n, a);
                }
            }
        }
        self.expect(":", " followed by operation type")?;
        let ty_at = self.tok_start;
        let fty = self.parse_type_required()?;
        let TypeKind::Function { inputs, results } = self.ctx.type_kind(fty).clone() else {
            return Err(self.err_at(ty_at, "expected function type"));
        };
        if inputs.len() != operands.len() {
            return Err(self.err_at(
                ty_at,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    if operands.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            ));
        }
        for (o, t) in operands.iter().zip(&inputs) {
            let v = self.resolve_operand(o, *t)?;
            state.operands.push(v);
        }
        state.result_types = results.into();
        Ok(())
    }

    fn custom_operation(
        &mut self,
        name: &'a str,
        num_results: usize,
        loc: Location,
    ) -> PResult<OpId> {
        let name_at = self.tok_start;
        let bytes = name.as_bytes();
        let memo_slot = memo_slot(bytes, bytes.len().saturating_sub(8));
        let recent = memo_slot.and_then(|slot| self.recent_ops.get(slot, name));
        let mut def = recent.or_else(|| registry().get(name));
        if let (Some(slot), Some(d)) = (memo_slot, def) {
            self.recent_ops.set(slot, name, d);
        }
        if def.is_none() {
            if let Some(d) = self.default_dialects.last().filter(|d| !d.is_empty()) {
                self.name_buf.clear();
                self.name_buf.push_str(d);
                self.name_buf.push('.');
                self.name_buf.push_str(name);
                def = registry().get(self.name_buf.as_str());
            }
        }
        let def = match def {
            Some(d) if !matches!(d.syntax, Syntax::GenericOnly) => d,
            _ => {
                let tried = match self.default_dialects.last() {
                    Some(d) if !d.is_empty() && !name.contains('.') => {
                        format!(" (tried '{d}.{name}' as well)")
                    }
                    _ => String::new(),
                };
                let advice = ir::dialect::unknown_custom_op_advice(name);
                let message = format!("custom op '{name}' is unknown{tried}{advice}");
                return Err(self.err_at(name_at, message));
            }
        };
        self.bump();
        let mut state = OperationState::new(def.name, loc);
        self.num_results.push(num_results);
        self.op_stack.push(def.name.into());
        self.name_offsets.push(name_at);
        let r = match def.syntax {
            Syntax::Custom(parse, _) => parse(self, &mut state),
            Syntax::Declarative(_) => match def.compiled_format() {
                Some(Ok(f)) => ir::format::parse_format(def, f, self, &mut state),
                Some(Err(e)) => {
                    debug_assert!(false, "the format of '{}' does not compile: {e}", def.name);
                    Err(self.err_at(name_at, format!("internal error: bad format: {e}")))
                }
                None => Err(self.internal_error("a declarative op has no format")),
            },
            Syntax::GenericOnly => Err(self.internal_error("a generic-only op in custom form")),
        };
        self.num_results.pop();
        self.op_stack.pop();
        self.name_offsets.pop();
        r?;
        // A region left empty by a custom parser is still owned by the op.
        while state.regions.len() < def.regions.len()
            && def.regions.len() == 1
            && !def.traits.variadic_regions
        {
            let r = self.ctx.create_region();
            state.regions.push(r);
        }
        Ok(self.ctx.create_op_of(Some(def), state))
    }

    fn optional_trailing_location(&mut self) -> PResult<Option<Location>> {
        if !self.is_ident("loc") {
            return Ok(None);
        }
        self.bump();
        self.expect("(", " in location")?;
        let l = self.location_body()?;
        self.expect(")", " in location")?;
        Ok(Some(l))
    }

    fn location_body(&mut self) -> PResult<Location> {
        self.enter()?;
        let r = self.location_body_inner();
        self.leave();
        r
    }

    fn location_body_inner(&mut self) -> PResult<Location> {
        match self.tok {
            Tok::Ident("unknown") => {
                self.bump();
                Ok(Location::Unknown)
            }
            Tok::Hash(alias) => {
                self.bump();
                match self.attr_aliases.get(alias) {
                    Some(Attr::Loc(l)) => Ok(l.clone()),
                    _ => Err(self.err(format!("undefined symbol alias id '{alias}'"))),
                }
            }
            Tok::Ident("callsite") => {
                self.bump();
                self.expect("(", " in callsite location")?;
                let callee = self.location_body()?;
                if !self.eat_ident("at") {
                    return Err(self.err("expected 'at' in callsite location"));
                }
                let caller = self.location_body()?;
                self.expect(")", " in callsite location")?;
                Ok(Location::CallSite(Box::new((callee, caller))))
            }
            Tok::Ident("fused") => {
                self.bump();
                let metadata = if self.eat_punct("<") {
                    let a = self.attribute(None)?;
                    self.expect(">", " after fused location metadata")?;
                    Some(ir::print_attr::AttrPrinter::new(self.ctx).attr_to_string(&a))
                } else {
                    None
                };
                self.expect("[", " in fused location")?;
                let mut locs = Vec::new();
                if !self.eat_punct("]") {
                    loop {
                        locs.push(self.location_body()?);
                        if self.eat_punct("]") {
                            break;
                        }
                        self.expect(",", " in fused location")?;
                    }
                }
                Ok(Location::Fused(Box::new((metadata, locs))))
            }
            Tok::Str(s) => {
                self.bump();
                let s = unescape_text(s).into_owned();
                if self.eat_punct(":") {
                    let line = self.small_int("line number")?;
                    self.expect(":", " in FileLineColLoc")?;
                    let col = self.small_int("column number")?;
                    if self.eat_ident("to") {
                        let end_line = match self.tok {
                            Tok::Int(_) => Some(self.small_int("line number")?),
                            _ => None,
                        };
                        self.expect(":", " in FileLineColRange")?;
                        let end_col = self.small_int("column number")?;
                        return Ok(Location::FileRange(Box::new(ir::location::FileRange {
                            file: s.into(),
                            line,
                            col,
                            end_line,
                            end_col,
                        })));
                    }
                    return Ok(Location::FileLineCol {
                        file: s.into(),
                        line,
                        col,
                    });
                }
                let child = if self.eat_punct("(") {
                    let c = self.location_body()?;
                    self.expect(")", " after child location of NameLoc")?;
                    Some(c)
                } else {
                    None
                };
                Ok(Location::Name(Box::new((s, child))))
            }
            _ => Err(self.err("expected location instance")),
        }
    }

    fn small_int(&mut self, what: &str) -> PResult<u32> {
        match self.bump() {
            Tok::Int(s) => s
                .parse::<u32>()
                .map_err(|_| self.err(format!("expected integer {what}"))),
            _ => Err(self.err(format!("expected integer {what}"))),
        }
    }

    // ------------------------------------------------------------ regions

    fn push_scope(&mut self, isolated: bool) {
        let mut scope = self.spare_scopes.pop().unwrap_or_default();
        scope.isolated = isolated;
        self.scopes.push(scope);
        self.block_scopes.push(BlockScope::default());
    }

    /// Close the innermost scope: every block referenced in it must be
    /// defined, and, for an isolated scope, every value.
    fn finish_scope(&mut self) -> PResult<()> {
        let (Some(mut scope), Some(blocks)) = (self.scopes.pop(), self.block_scopes.pop()) else {
            return Err(self.internal_error("a scope closes that never opened"));
        };
        // Unbind the scope's names, uncovering what they shadowed.
        for name in scope.names.drain(..).rev() {
            if let Some(slot) = self.bindings.get_mut(name as usize) {
                *slot = match *slot {
                    Some(b) if b.shadows => self.shadowed.pop(),
                    _ => None,
                };
            }
        }
        if let Some(((id, number), (_, at))) = scope.forward.iter().min_by_key(|(_, (_, at))| *at) {
            let name = self.ssa_name_list.get(*id as usize).copied();
            let result = if *number == 0 {
                String::new()
            } else {
                format!("#{number}")
            };
            let msg = format!(
                "use of undeclared SSA value name '%{}{result}'",
                name.unwrap_or("?")
            );
            return Err(self.err_at(*at as usize, msg));
        }
        self.spare_scopes.push(scope);
        if let Some((name, at)) = blocks.pending.iter().min_by_key(|(_, at)| **at) {
            let msg = format!("reference to an undefined block '^{name}'");
            return Err(self.err_at(*at as usize, msg));
        }
        Ok(())
    }

    fn region_body(&mut self, region: RegionId, args: &[Argument]) -> PResult<()> {
        self.expect("{", " to begin a region")?;
        if self.is_punct("}") && args.is_empty() {
            self.bump();
            return Ok(());
        }
        // The entry block: implicit unless it starts with a label.
        let entry = self.ctx.create_block();
        self.ctx.append_block(region, entry);
        for a in args {
            let v = self.ctx.add_block_arg(entry, a.ty, a.loc.clone());
            self.define_values(a.name.name, v, 1, a.name.offset as usize)?;
        }
        let mut current = entry;
        let mut first = true;
        loop {
            if self.eat_punct("}") {
                break;
            }
            if let Tok::Caret(name) = self.tok {
                let at = self.tok_start;
                self.bump();
                let block = if first && self.ctx.block(entry).first.is_none() && args.is_empty() {
                    entry
                } else {
                    if first && !args.is_empty() {
                        return Err(
                            self.err_at(at, "invalid block name in region with named arguments")
                        );
                    }
                    let b = self.lookup_block(name, at, true)?;
                    self.ctx.append_block(region, b);
                    b
                };
                let scope = self.block_scopes.last_mut().ok_or(ParseError)?;
                if block == entry {
                    scope.blocks.insert(name, entry);
                }
                if self.eat_punct("(") {
                    loop {
                        let a = self.parse_argument(true, false)?;
                        let v = self.ctx.add_block_arg(block, a.ty, a.loc.clone());
                        self.define_values(a.name.name, v, 1, a.name.offset as usize)?;
                        if self.eat_punct(")") {
                            break;
                        }
                        self.expect(",", " in block argument list")?;
                    }
                }
                self.expect(":", " after block name")?;
                current = block;
                first = false;
                continue;
            }
            first = false;
            if self.tok == Tok::Eof {
                return Err(self.err("expected '}' to end a region"));
            }
            self.operation(current)?;
        }
        Ok(())
    }

    /// The block named `name` in the current region, created on first mention.
    fn lookup_block(&mut self, name: &'a str, at: usize, defining: bool) -> PResult<BlockId> {
        let scope = self.block_scopes.last_mut().ok_or(ParseError)?;
        let b = match scope.blocks.get(name) {
            Some(&b) => {
                if defining && scope.pending.remove(name).is_none() {
                    return Err(self.err_at(at, format!("redefinition of block '^{name}'")));
                }
                b
            }
            None => {
                let b = self.ctx.create_block();
                scope.blocks.insert(name, b);
                if !defining {
                    scope.pending.insert(name, at as u32);
                }
                b
            }
        };
        Ok(b)
    }

    // ------------------------------------------------------------ types

    fn parse_type_required(&mut self) -> PResult<Type> {
        match self.parse_optional_type()? {
            Some(t) => Ok(t),
            None => Err(self.err("expected non-function type")),
        }
    }

    fn int_type(&mut self, prefix: &str, width: &str) -> PResult<Type> {
        let signedness = match prefix {
            "si" => Signedness::Signed,
            "ui" => Signedness::Unsigned,
            _ => Signedness::Signless,
        };
        let width = match width.parse::<u32>() {
            Ok(w) if w <= MAX_INTEGER_WIDTH => w,
            Ok(_) => return Err(self.err("integer bitwidth is limited to 16777215 bits")),
            Err(_) => return Err(self.err("invalid integer width")),
        };
        Ok(self
            .ctx
            .intern_type(TypeKind::Integer { width, signedness }))
    }

    fn builtin_keyword_type(&mut self, k: &str) -> PResult<Option<Type>> {
        let kind = match k {
            "index" => TypeKind::Index,
            "none" => TypeKind::None,
            _ => {
                if let Some(f) = FloatKind::from_keyword(k) {
                    TypeKind::Float(f)
                } else {
                    for prefix in ["si", "ui", "i"] {
                        if let Some(w) = k.strip_prefix(prefix) {
                            if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
                                return self.int_type(prefix, w).map(Some);
                            }
                        }
                    }
                    return Ok(None);
                }
            }
        };
        Ok(Some(self.ctx.intern_type(kind)))
    }

    /// The source text of the type starting at the current token, when it is
    /// a plain keyword (`index`, `f32`), a shaped type made of dimension,
    /// keyword and punctuation characters only (`tensor<?x4xf32>`) or a
    /// function type of such types ([`function_type_text_len`]) too short
    /// to meet the nesting limit, so that equal text always means the same
    /// type.
    fn cacheable_type_text(&self) -> Option<&'a str> {
        let src = self.lex.src();
        let start = self.tok_start;
        match &self.tok {
            Tok::Ident(k)
                if !matches!(*k, "tensor" | "memref" | "vector" | "complex" | "tuple") =>
            {
                Some(k)
            }
            Tok::Ident(_) => {
                let mut depth = 0i32;
                for (i, &b) in src.get(start..)?.iter().enumerate() {
                    match TYPE_TEXT_BYTES[usize::from(b)] {
                        TypeTextByte::Plain => {}
                        TypeTextByte::Open => depth += 1,
                        TypeTextByte::Close => {
                            depth -= 1;
                            if depth == 0 {
                                return self.lex.text_between(start, start + i + 1);
                            }
                        }
                        TypeTextByte::Other => return None,
                    }
                }
                None
            }
            Tok::Punct("(") => {
                let len = function_type_text_len(src.get(start..)?)?;
                // A type nests at most once per byte of its text.
                if self.depth + len >= self.options.max_nesting {
                    return None;
                }
                self.lex.text_between(start, start + len)
            }
            _ => None,
        }
    }

    /// The type of the current token when it is one of
    /// [`SINGLE_TOKEN_TYPE_KINDS`] and the general parser would give it
    /// now: below the nesting limit, or for a keyword type parsed before
    /// (keyword types are cached by their text, which skips the nesting
    /// check, and fill their slot when parsed).
    fn known_single_token_type(&mut self) -> Option<Type> {
        let slot = single_token_type_slot(&self.tok)?;
        let parsed = self.token_types[slot];
        if parsed.is_some() && matches!(self.tok, Tok::Ident(_))
            || self.depth < self.options.max_nesting
        {
            let kind = || SINGLE_TOKEN_TYPE_KINDS[slot].clone();
            return Some(parsed.unwrap_or_else(|| self.intern_token_type(slot, kind())));
        }
        None
    }

    /// Keep `t`, the type of `text` from `type_cache`, in `recent_types`
    /// slot `slot` when it is a shaped type (a keyword, then text in
    /// `<...>`) or a function type.
    fn remember_type(&mut self, slot: Option<usize>, text: &'a str, t: Type) {
        let kept = text.ends_with('>') || text.starts_with('(');
        if let Some(slot) = slot.filter(|_| kept) {
            self.recent_types.set(slot, text, t);
        }
    }

    /// Whether the type text `text` of `recent_types`, which `rest` (the
    /// source from the current token) starts with, is the text
    /// [`Parser::cacheable_type_text`] finds there: always for a shaped
    /// type (it ends at its `>`); for a function type, when no name byte
    /// or `<` continues its last name, no `->` follows, and it is too short
    /// to meet the nesting limit.
    fn whole_type_text(&self, text: &str, rest: &[u8]) -> bool {
        if !text.starts_with('(') {
            return true;
        }
        let after = rest.get(text.len()..).unwrap_or_default();
        let name_goes_on = text.bytes().last().is_some_and(is_type_name_byte)
            && after
                .first()
                .is_some_and(|&b| is_type_name_byte(b) || b == b'<');
        let spaces = after.iter().take_while(|&&b| b == b' ').count();
        let arrow_follows = after.get(spaces..).is_some_and(|a| a.starts_with(b"->"));
        !name_goes_on && !arrow_follows && self.depth + text.len() < self.options.max_nesting
    }

    /// Intern `kind`, the type of slot `slot`, and remember it there.
    #[cold]
    fn intern_token_type(&mut self, slot: usize, kind: TypeKind) -> Type {
        let t = self.ctx.intern_type(kind);
        self.token_types[slot] = Some(t);
        t
    }

    fn type_inner(&mut self) -> PResult<Option<Type>> {
        match self.tok {
            Tok::Ident(k) => {
                if let Some(t) = self.builtin_keyword_type(k)? {
                    self.bump();
                    return Ok(Some(t));
                }
                match k {
                    "tensor" | "memref" | "vector" => {
                        let type_at = self.tok_start;
                        self.bump();
                        self.shaped_type(k, type_at).map(Some)
                    }
                    "complex" => {
                        self.bump();
                        self.expect("<", " in complex type")?;
                        let e = self.parse_type_required()?;
                        self.expect(">", " in complex type")?;
                        Ok(Some(self.ctx.intern_type(TypeKind::Complex(e))))
                    }
                    "tuple" => {
                        self.bump();
                        self.expect("<", " in tuple type")?;
                        let mut ts = Vec::new();
                        if !self.eat_punct(">") {
                            loop {
                                ts.push(self.parse_type_required()?);
                                if self.eat_punct(">") {
                                    break;
                                }
                                self.expect(",", " in tuple type")?;
                            }
                        }
                        Ok(Some(self.ctx.intern_type(TypeKind::Tuple(ts))))
                    }
                    _ => Ok(None),
                }
            }
            Tok::Punct("(") => {
                let inputs = self.paren_type_list()?;
                self.function_type_after_inputs(inputs).map(Some)
            }
            Tok::Bang(name) => {
                let at = self.tok_start;
                self.bump();
                let t = match name {
                    "shape.shape" => TypeKind::Shape,
                    "shape.size" => TypeKind::Size,
                    "shape.value_shape" => TypeKind::ValueShape,
                    "shape.witness" => TypeKind::Witness,
                    n if !n.contains('.') && !self.is_punct("<") => {
                        return match self.type_aliases.get(n) {
                            Some(&t) => Ok(Some(t)),
                            None => {
                                Err(self.err_at(at, format!("undefined symbol alias id '{n}'")))
                            }
                        }
                    }
                    n if n.starts_with("shape.") => {
                        return Err(self.err_at(at, format!("unknown shape type: {}", &n[6..])))
                    }
                    _ => {
                        let mut text = name.to_string();
                        if self.is_punct("<") {
                            text.push_str(&self.balanced_text()?);
                        }
                        TypeKind::Opaque(text)
                    }
                };
                Ok(Some(self.ctx.intern_type(t)))
            }
            _ => Ok(None),
        }
    }

    /// `(a, b)` at the current `(`: the types of a parenthesised list.
    fn paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.bump();
        self.list_to_close_paren(|p| p.parse_type_required(), " in type list")
    }

    /// The comma-separated items `item` parses, up to and including the
    /// `)` that closes the list (its `(` already taken); after an item
    /// neither `,` nor `)` follows, the error says `missing`.
    fn list_to_close_paren<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> PResult<T>,
        missing: &str,
    ) -> PResult<Vec<T>> {
        let mut items = Vec::new();
        if !self.eat_punct(")") {
            loop {
                items.push(item(self)?);
                if self.eat_punct(")") {
                    break;
                }
                self.expect(",", missing)?;
            }
        }
        Ok(items)
    }

    /// `-> results` after the parenthesised `inputs` of a function type.
    fn function_type_after_inputs(&mut self, inputs: Vec<Type>) -> PResult<Type> {
        self.expect("->", " in function type")?;
        let results = self.function_results()?;
        Ok(self.ctx.intern_type(TypeKind::Function { inputs, results }))
    }

    /// The results of a function type after its `->`: one type, or a
    /// parenthesised list of them unless `->` follows that list (then it
    /// is the inputs of a function type `(a) -> b`).
    ///
    /// The list is parsed once, one nesting level deeper as a function
    /// type's inputs are: its types are the same either way. Only when
    /// that parse fails (it may meet the nesting limit a result list does
    /// not) is the list parsed again at a result list's depth, so that the
    /// errors are those of the reading that applies.
    fn function_results(&mut self) -> PResult<Vec<Type>> {
        if !self.is_punct("(") {
            return Ok(vec![self.parse_type_required()?]);
        }
        let (pos, tok, tok_start, prev_end) =
            (self.lex.pos, self.tok, self.tok_start, self.prev_end);
        let (depth, diags) = (self.depth, self.diags.len());
        let deeper_list = self.enter().and_then(|()| self.paren_type_list());
        match deeper_list {
            Ok(inputs) if self.is_punct("->") => {
                let function = self.function_type_after_inputs(inputs);
                self.leave();
                Ok(vec![function?])
            }
            Ok(results) => {
                self.leave();
                Ok(results)
            }
            Err(deeper_error) => {
                let deeper_diags = self.diags.split_off(diags);
                self.depth = depth;
                (self.lex.pos, self.tok, self.tok_start, self.prev_end) =
                    (pos, tok, tok_start, prev_end);
                let results = self.paren_type_list()?;
                if !self.is_punct("->") {
                    return Ok(results);
                }
                // As inputs the list fails as it did one level deeper.
                self.diags.truncate(diags);
                self.diags.extend(deeper_diags);
                Err(deeper_error)
            }
        }
    }

    /// `<...>` with nesting, as raw text (for types and attributes we keep opaque).
    fn balanced_text(&mut self) -> PResult<String> {
        let start = self.tok_start;
        let mut depth = 0i32;
        let mut end;
        loop {
            // `<=` and `>=` (in integer sets) are comparisons, not brackets.
            let before_eq = self.lex.src().get(self.tok_start + 1) == Some(&b'=');
            match &self.tok {
                Tok::Punct("<") | Tok::Punct(">") if before_eq => {}
                Tok::Punct("<") | Tok::Punct("(") | Tok::Punct("[") | Tok::Punct("{") => depth += 1,
                Tok::Punct(">") | Tok::Punct(")") | Tok::Punct("]") | Tok::Punct("}") => depth -= 1,
                Tok::Punct("->") => {}
                Tok::Eof => return Err(self.err("unbalanced '<' in dialect text")),
                Tok::Error(_) => return Err(self.err("invalid token")),
                _ => {}
            }
            end = self.lex.pos;
            self.bump();
            if depth == 0 {
                break;
            }
            if depth > self.options.max_nesting as i32 {
                return Err(self.err("nesting too deep"));
            }
        }
        Ok(String::from_utf8_lossy(&self.lex.src()[start..end]).into_owned())
    }

    /// The dimension list `2x?x` of a shaped type: scanned on raw bytes
    /// because `2x?xf32` is not tokenised as dimensions by the lexer.
    fn dims(&mut self, allow_scalable: bool) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        let src = self.lex.src();
        let mut pos = self.tok_start;
        loop {
            let mut p = pos;
            while p < src.len() && src[p].is_ascii_whitespace() {
                p += 1;
            }
            let mut is_scalable = false;
            if allow_scalable && src.get(p) == Some(&b'[') {
                is_scalable = true;
                p += 1;
            }
            let dim_start = p;
            let dim = if src.get(p) == Some(&b'?') {
                p += 1;
                DYNAMIC
            } else {
                while p < src.len() && src[p].is_ascii_digit() {
                    p += 1;
                }
                if p == dim_start {
                    break;
                }
                let text = std::str::from_utf8(&src[dim_start..p]).unwrap_or("");
                match text.parse::<i64>() {
                    Ok(v) if v < (1 << 62) => v,
                    _ => return Err(self.err_at(dim_start, "invalid dimension")),
                }
            };
            if is_scalable {
                if src.get(p) != Some(&b']') {
                    return Err(self.err_at(p, "missing ']' closing scalable dimension"));
                }
                p += 1;
            }
            if src.get(p) != Some(&b'x') {
                if is_scalable || p != dim_start {
                    // A number not followed by `x` is not part of the list.
                    if shape.is_empty() && !is_scalable {
                        break;
                    }
                    return Err(self.err_at(p, "expected 'x' in dimension list"));
                }
                break;
            }
            shape.push(dim);
            scalable.push(is_scalable);
            pos = p + 1;
        }
        // Re-lex from just after the list.
        self.lex.pos = pos;
        self.bump();
        Ok((shape, scalable))
    }

    /// The rest of a `tensor`, `memref` or `vector` type whose keyword `kw`
    /// started at `type_at`.
    fn shaped_type(&mut self, kw: &str, type_at: usize) -> PResult<Type> {
        if !self.is_punct("<") {
            return Err(self.err(format!("expected '<' in {kw} type")));
        }
        // Position the raw scanner right after `<`.
        self.lex.pos = self.tok_start + 1;
        self.bump();
        if self.is_punct("*") {
            if kw == "vector" {
                return Err(self.err("vector types must have static shape"));
            }
            self.bump();
            // `*x` : the `x` prefixes the element type token.
            let Tok::Ident(t) = self.tok else {
                return Err(self.err("expected 'x' in unranked type"));
            };
            let Some(rest) = t.strip_prefix('x') else {
                return Err(self.err("expected 'x' in unranked type"));
            };
            self.lex.pos = self.tok_start + 1;
            self.bump();
            let _ = rest;
            let elem = self.parse_type_required()?;
            let mut memory_space = None;
            if self.eat_punct(",") {
                memory_space = ir::layout::memory_space_attr(self.attribute(None)?);
            }
            self.expect(">", &format!(" in {kw} type"))?;
            let kind = if kw == "tensor" {
                TypeKind::UnrankedTensor { elem }
            } else {
                TypeKind::UnrankedMemRef { elem, memory_space }
            };
            return Ok(self.ctx.intern_type(kind));
        }
        let (shape, scalable) = self.dims(kw == "vector")?;
        let elem = self.parse_type_required()?;
        let mut extras = Vec::new();
        while self.eat_punct(",") {
            extras.push(self.attribute(None)?);
        }
        self.expect(">", &format!(" in {kw} type"))?;
        let kind = match kw {
            "tensor" => {
                if extras.len() > 1 {
                    return Err(self.err("too many parameters in tensor type"));
                }
                TypeKind::RankedTensor {
                    shape,
                    elem,
                    encoding: extras.pop(),
                }
            }
            "memref" => {
                let mut it = extras.into_iter();
                let first = it.next();
                let second = it.next();
                // One extra: a layout if it looks like one, else a memory space.
                let (layout, memory_space) = match (first, second) {
                    (Some(a), None) if is_layout(&a) => (Some(a), None),
                    (Some(a), None) => (None, Some(a)),
                    (a, b) => (a, b),
                };
                let layout = match layout {
                    Some(l) => ir::layout::layout_attr(l, shape.len())
                        .map_err(|m| self.err_at(type_at, m))?,
                    None => None,
                };
                TypeKind::MemRef {
                    shape,
                    elem,
                    layout,
                    memory_space: memory_space.and_then(ir::layout::memory_space_attr),
                }
            }
            _ => TypeKind::Vector {
                shape,
                scalable,
                elem,
            },
        };
        Ok(self.ctx.intern_type(kind))
    }

    // ------------------------------------------------------------ attributes

    fn attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        match self.parse_optional_attribute(ty)? {
            Some(a) => Ok(a),
            None => Err(self.err("expected attribute value")),
        }
    }

    fn attribute_inner(&mut self, ty: Option<Type>) -> PResult<Option<Attr>> {
        let tok = self.tok;
        match tok {
            Tok::Ident(k) => match k {
                "unit" => {
                    self.bump();
                    Ok(Some(Attr::Unit))
                }
                "true" | "false" => {
                    self.bump();
                    let b = k == "true";
                    let t = self.type_unless_given(ty)?;
                    match t {
                        Some(t)
                            if !matches!(
                                self.ctx.type_kind(t),
                                TypeKind::Integer { width: 1, .. }
                            ) =>
                        {
                            Ok(Some(Attr::Int {
                                value: b as i128,
                                ty: t,
                            }))
                        }
                        _ => Ok(Some(Attr::Bool(b))),
                    }
                }
                "dense" => {
                    self.bump();
                    self.dense_attr(ty).map(Some)
                }
                "array" => {
                    self.bump();
                    self.dense_array().map(Some)
                }
                "loc" => {
                    self.bump();
                    self.expect("(", " in location")?;
                    let l = self.location_body()?;
                    self.expect(")", " in location")?;
                    Ok(Some(Attr::Loc(l)))
                }
                "dense_resource" => self.dense_resource(ty).map(Some),
                "affine_map" | "affine_set" | "strided" | "sparse" | "distinct" | "opaque" => {
                    let at = self.tok_start;
                    self.bump();
                    let body = self.balanced_text()?;
                    if matches!(k, "affine_map" | "strided") {
                        return ir::layout::normalize_attr(Attr::Opaque(format!("{k}{body}")))
                            .map(Some)
                            .map_err(|m| self.err_at(at, m));
                    }
                    let mut text = format!("{k}{body}");
                    if matches!(k, "sparse" | "opaque") && self.eat_punct(":") {
                        let t = self.parse_type_required()?;
                        text.push_str(" : ");
                        text.push_str(
                            &ir::print_attr::AttrPrinter::new(self.ctx).type_to_string(t),
                        );
                    }
                    Ok(Some(Attr::Opaque(text)))
                }
                _ => match self.parse_optional_type()? {
                    Some(t) => Ok(Some(Attr::Type(t))),
                    None => Ok(None),
                },
            },
            Tok::Punct("-") | Tok::Int(_) | Tok::Float(_) => {
                let neg = self.eat_punct("-");
                let at = self.tok_start;
                let lit = match self.bump() {
                    Tok::Int(s) | Tok::Float(s) => s,
                    _ => return Err(self.err_at(at, "expected integer or float literal")),
                };
                let t = self.type_unless_given(ty)?;
                self.number_attr(neg, lit, t, at).map(Some)
            }
            Tok::Str(s) => {
                self.bump();
                if self.is_punct(":") && ty.is_none() {
                    // A typed string `"text" : type` is kept as its text.
                    self.bump();
                    let t = self.parse_type_required()?;
                    let ap = ir::print_attr::AttrPrinter::new(self.ctx);
                    let mut text = String::new();
                    ir::print_attr::write_escaped_string(&mut text, &unescape(s));
                    text.push_str(" : ");
                    text.push_str(&ap.type_to_string(t));
                    return Ok(Some(Attr::Opaque(text)));
                }
                Ok(Some(Attr::String(unescape(s).into_owned())))
            }
            Tok::Punct("[") => {
                self.bump();
                self.enter()?;
                let mut items = Vec::new();
                if !self.eat_punct("]") {
                    loop {
                        items.push(self.attribute(None)?);
                        if self.eat_punct("]") {
                            break;
                        }
                        self.expect(",", " in array attribute")?;
                    }
                }
                self.leave();
                Ok(Some(Attr::Array(items)))
            }
            Tok::Punct("{") => {
                self.bump();
                self.enter()?;
                let mut entries = Vec::new();
                self.attr_dict_body(&mut entries)?;
                self.leave();
                Ok(Some(Attr::Dict(entries)))
            }
            Tok::At(root) => {
                self.bump();
                let mut nested = Vec::new();
                while self.eat_punct("::") {
                    match self.bump() {
                        Tok::At(n) => nested.push(symbol_name(n).into_owned()),
                        _ => return Err(self.err("expected nested symbol reference identifier")),
                    }
                }
                Ok(Some(Attr::SymbolRef {
                    root: symbol_name(root).into_owned(),
                    nested,
                }))
            }
            Tok::Hash(name) => {
                let at = self.tok_start;
                self.bump();
                if !name.contains('.') && !self.is_punct("<") {
                    return match self.attr_aliases.get(name) {
                        Some(a) => Ok(Some(a.clone())),
                        None => Err(self.err_at(at, format!("undefined symbol alias id '{name}'"))),
                    };
                }
                let mut text = format!("#{name}");
                if self.is_punct("<") {
                    text.push_str(&self.balanced_text()?);
                }
                Ok(Some(Attr::Opaque(text)))
            }
            _ => match self.parse_optional_type()? {
                Some(t) => Ok(Some(Attr::Type(t))),
                None => Ok(None),
            },
        }
    }

    /// The type of a literal: `ty` if the context gives it (then no `: type`
    /// follows, as in MLIR), else the optional `: type` after it.
    fn type_unless_given(&mut self, ty: Option<Type>) -> PResult<Option<Type>> {
        match ty {
            Some(t) => Ok(Some(t)),
            None => self.optional_colon_type(),
        }
    }

    fn optional_colon_type(&mut self) -> PResult<Option<Type>> {
        if self.eat_punct(":") {
            Ok(Some(self.parse_type_required()?))
        } else {
            Ok(None)
        }
    }

    fn number_attr(&mut self, neg: bool, lit: &str, ty: Option<Type>, at: usize) -> PResult<Attr> {
        let is_float_lit = lit.contains('.') || lit.contains('e');
        let ty = match ty {
            Some(t) => t,
            None if is_float_lit => self.ctx.intern_type(TypeKind::Float(FloatKind::F64)),
            None => self.ctx.intern_type(TypeKind::Integer {
                width: 64,
                signedness: Signedness::Signless,
            }),
        };
        match self.ctx.type_kind(ty).clone() {
            TypeKind::Float(kind) => {
                let v = self.float_value(neg, lit, kind, at)?;
                Ok(Attr::Float {
                    bits: v.to_bits(),
                    ty,
                })
            }
            TypeKind::Integer { width, signedness } => {
                if is_float_lit {
                    return Err(
                        self.err_at(at, "floating point value not valid for specified type")
                    );
                }
                let v = self.int_value(neg, lit, width, signedness, at)?;
                if width == 1 && signedness == Signedness::Signless {
                    return Ok(Attr::Int { value: v, ty });
                }
                Ok(Attr::Int { value: v, ty })
            }
            TypeKind::Index => {
                if is_float_lit {
                    return Err(
                        self.err_at(at, "floating point value not valid for specified type")
                    );
                }
                // An index constant is a signed 64-bit value (as in MLIR,
                // 2^63 and above are out of range, not wrapped).
                let v = self.int_value(neg, lit, 64, Signedness::Signed, at)?;
                Ok(Attr::Int { value: v, ty })
            }
            _ => Err(self.err_at(at, "integer literal not valid for specified type")),
        }
    }

    fn float_value(&mut self, neg: bool, lit: &str, kind: FloatKind, at: usize) -> PResult<f64> {
        let v = if let Some(hex) = lit.strip_prefix("0x") {
            if neg {
                return Err(self.err_at(
                    at,
                    "hexadecimal float literal should not have a leading minus",
                ));
            }
            let bits = u128::from_str_radix(hex, 16)
                .map_err(|_| self.err_at(at, "hexadecimal float constant out of range for type"))?;
            if kind.bit_width() < 128 && bits >> kind.bit_width() != 0 {
                return Err(self.err_at(at, "hexadecimal float constant out of range for type"));
            }
            float_from_storage_bits(bits, kind)
        } else {
            let v: f64 = lit
                .parse()
                .map_err(|_| self.err_at(at, "invalid floating point literal"))?;
            round_to_kind(if neg { -v } else { v }, kind)
        };
        Ok(v)
    }

    fn int_value(
        &mut self,
        neg: bool,
        lit: &str,
        width: u32,
        signedness: Signedness,
        at: usize,
    ) -> PResult<i128> {
        let Some(v) = parse_int_literal(lit).and_then(|m| signed_value(neg, m)) else {
            return Err(self.err_at(at, "integer constant out of range for attribute"));
        };
        if neg && signedness == Signedness::Unsigned {
            return Err(self.err_at(
                at,
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        if width >= 127 {
            return Ok(v);
        }
        let fits = match signedness {
            Signedness::Unsigned => v < (1i128 << width),
            // `si0` holds only 0.
            Signedness::Signed if width == 0 => v == 0,
            Signedness::Signed => {
                v >= -(1i128 << (width - 1).min(126)) && v < (1i128 << (width - 1))
            }
            // Signless: any value that fits the width as signed or unsigned;
            // stored sign-extended.
            Signedness::Signless => v >= -(1i128 << (width.max(1) - 1)) && v < (1i128 << width),
        };
        if !fits {
            return Err(self.err_at(at, "integer constant out of range for attribute"));
        }
        if signedness == Signedness::Signless && width > 0 && v >= (1i128 << (width - 1)) {
            return Ok(v - (1i128 << width));
        }
        Ok(v)
    }

    /// Element tree of `dense<...>` before the type is known.
    fn dense_literal(
        &mut self,
        out: &mut Vec<(bool, &'a str, usize)>,
        strings: &mut Vec<Vec<u8>>,
    ) -> PResult<()> {
        self.enter()?;
        let r = self.dense_literal_inner(out, strings);
        self.leave();
        r
    }

    fn dense_literal_inner(
        &mut self,
        out: &mut Vec<(bool, &'a str, usize)>,
        strings: &mut Vec<Vec<u8>>,
    ) -> PResult<()> {
        if self.eat_punct("[") {
            if self.eat_punct("]") {
                return Ok(());
            }
            loop {
                self.dense_literal(out, strings)?;
                if self.eat_punct("]") {
                    return Ok(());
                }
                self.expect(",", " in dense elements")?;
            }
        }
        let neg = self.eat_punct("-");
        let at = self.tok_start;
        match self.bump() {
            Tok::Int(s) | Tok::Float(s) => out.push((neg, s, at)),
            Tok::Ident(k) if k == "true" || k == "false" => out.push((false, k, at)),
            Tok::Str(s) => strings.push(unescape(s).into_owned()),
            _ => return Err(self.err_at(at, "expected element literal of primitive type")),
        }
        Ok(())
    }

    /// `dense<...> : T` after `dense`; with a `context` type (the one the
    /// op's syntax implies: `memref.global`'s initial value) just
    /// `dense<...>`, as in MLIR.
    fn dense_attr(&mut self, context: Option<Type>) -> PResult<Attr> {
        self.expect("<", " after 'dense'")?;
        let mut elems = Vec::new();
        let mut strings = Vec::new();
        let bracketed = self.is_punct("[");
        let empty = if self.is_punct(">") {
            true
        } else {
            self.dense_literal(&mut elems, &mut strings)?;
            false
        };
        self.expect(">", " in dense attribute")?;
        let (ty, ty_at) = match context {
            Some(t) => (t, self.tok_start),
            None => {
                self.expect(":", " after dense attribute")?;
                let at = self.tok_start;
                (self.parse_type_required()?, at)
            }
        };
        let kind = self.ctx.type_kind(ty).clone();
        let Some(elem) = kind.element_type() else {
            return Err(self.err_at(ty_at, "elements literal must be a shaped type"));
        };
        let Some(shape) = kind.shape().map(|s| s.to_vec()) else {
            return Err(self.err_at(ty_at, "elements literal type must have static shape"));
        };
        if shape.contains(&DYNAMIC) {
            return Err(self.err_at(ty_at, "elements literal type must have static shape"));
        }
        // On overflow no element count matches: -1.
        let count = shape
            .iter()
            .try_fold(1i64, |a, &d| a.checked_mul(d))
            .unwrap_or(-1);
        if !strings.is_empty() {
            if strings.len() == 1 && !bracketed {
                let s = String::from_utf8_lossy(&strings[0]).into_owned();
                if let Some(hex) = s.strip_prefix("0x") {
                    return Ok(Attr::Dense {
                        ty,
                        values: DenseValues::Hex(format!("0x{hex}")),
                    });
                }
            }
            if strings.iter().all(|x| *x == strings[0]) {
                strings.truncate(1);
            }
            return Ok(Attr::Dense {
                ty,
                values: DenseValues::Strings(strings),
            });
        }
        let elem_kind = self.ctx.type_kind(elem).clone();
        let mut scalars = Vec::with_capacity(elems.len());
        for (neg, lit, at) in elems {
            let s = match &elem_kind {
                TypeKind::Float(_) if lit.bytes().all(|b| b.is_ascii_digit()) => {
                    return Err(self.err_with_note_at(
                        at,
                        "unexpected decimal integer literal for a floating point value",
                        Some("add a trailing dot to make the literal a float".to_string()),
                    ));
                }
                TypeKind::Float(k) => Scalar::Float(self.float_value(neg, lit, *k, at)?.to_bits()),
                TypeKind::Integer { width, signedness } => {
                    if lit == "true" || lit == "false" {
                        Scalar::Int((lit == "true") as i128)
                    } else {
                        let v = self.int_value(neg, lit, *width, *signedness, at)?;
                        Scalar::Int(if *width == 1 { v & 1 } else { v })
                    }
                }
                TypeKind::Index => {
                    Scalar::Int(self.int_value(neg, lit, 64, Signedness::Signless, at)?)
                }
                _ => return Err(self.err_at(at, "expected element literal of primitive type")),
            };
            scalars.push(s);
        }
        if empty {
            if count != 0 {
                return Err(self.err_at(ty_at, "expected non-empty element list"));
            }
            return Ok(Attr::Dense {
                ty,
                values: DenseValues::Elements(Vec::new()),
            });
        }
        if !bracketed && scalars.len() == 1 {
            return Ok(Attr::Dense {
                ty,
                values: DenseValues::Splat(scalars[0]),
            });
        }
        if scalars.len() as i64 != count {
            return Err(self.err_at(ty_at, format!(
                "inferred shape of elements literal does not match type: {} elements for {} expected",
                scalars.len(), count
            )));
        }
        if scalars.len() > 1 && scalars.iter().all(|s| *s == scalars[0]) {
            return Ok(Attr::Dense {
                ty,
                values: DenseValues::Splat(scalars[0]),
            });
        }
        if scalars.len() == 1 {
            return Ok(Attr::Dense {
                ty,
                values: DenseValues::Splat(scalars[0]),
            });
        }
        Ok(Attr::Dense {
            ty,
            values: DenseValues::Elements(scalars),
        })
    }

    fn dense_array(&mut self) -> PResult<Attr> {
        self.expect("<", " after 'array'")?;
        let elem = self.parse_type_required()?;
        let mut values = Vec::new();
        if self.eat_punct(":") {
            loop {
                let neg = self.eat_punct("-");
                let at = self.tok_start;
                let lit = match self.bump() {
                    Tok::Int(s) | Tok::Float(s) => s,
                    Tok::Ident(k) if k == "true" || k == "false" => k,
                    _ => {
                        return Err(
                            self.err_at(at, "expected integer or float literal in dense array")
                        )
                    }
                };
                let s = match self.ctx.type_kind(elem).clone() {
                    TypeKind::Float(k) => {
                        Scalar::Float(self.float_value(neg, lit, k, at)?.to_bits())
                    }
                    TypeKind::Integer { width, signedness } => {
                        if lit == "true" || lit == "false" {
                            Scalar::Int((lit == "true") as i128)
                        } else {
                            Scalar::Int(self.int_value(neg, lit, width, signedness, at)?)
                        }
                    }
                    _ => {
                        return Err(self.err_at(at, "expected integer or float type in dense array"))
                    }
                };
                values.push(s);
                if !self.eat_punct(",") {
                    break;
                }
            }
        }
        self.expect(">", " to close an array attribute")?;
        Ok(Attr::DenseArray { elem, values })
    }

    /// The body of `{a = 1, b}` after the `{`, through the `}`.
    fn attr_dict_body(&mut self, out: &mut Vec<NamedAttr>) -> PResult<()> {
        if self.eat_punct("}") {
            return Ok(());
        }
        loop {
            let at = self.tok_start;
            let name = match self.bump() {
                Tok::Ident(n) => ir::attrs::attr_name(n),
                Tok::Str(s) => {
                    if s.is_empty() {
                        return Err(self.err_at(at, "expected valid attribute name"));
                    }
                    ir::attrs::attr_name(&unescape_text(s))
                }
                _ => return Err(self.err_at(at, "expected attribute name")),
            };
            let value = if self.eat_punct("=") {
                self.attribute(None)?
            } else {
                Attr::Unit
            };
            if out.iter().any(|(n, _)| *n == name) {
                return Err(self.err_at(
                    at,
                    format!("duplicate key '{name}' in dictionary attribute"),
                ));
            }
            out.push((name, value));
            if self.eat_punct("}") {
                break;
            }
            self.expect(",", " in attribute dictionary")?;
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(())
    }
}

/// A memref parameter that is a layout (an affine map or strided form).
fn is_layout(a: &Attr) -> bool {
    matches!(a, Attr::Opaque(t) if t.starts_with("affine_map") || t.starts_with("strided"))
}

impl AsmParser for Parser<'_> {
    fn ctx(&mut self) -> &mut Context {
        self.ctx
    }
    fn error(&mut self, message: &str) -> ParseError {
        self.err(message)
    }
    fn error_at(&mut self, offset: u32, message: &str) -> ParseError {
        self.err_at(offset as usize, message)
    }
    fn offset(&self) -> u32 {
        self.tok_start as u32
    }
    fn name_offset(&self) -> u32 {
        let at = self.name_offsets.last().copied();
        debug_assert!(at.is_some(), "a custom parser runs outside an operation");
        at.unwrap_or(self.tok_start) as u32
    }
    fn num_results(&self) -> usize {
        // Custom parsers run only inside `operation`, which pushes the count.
        let n = self.num_results.last().copied();
        debug_assert!(n.is_some(), "a custom parser runs outside an operation");
        n.unwrap_or(0)
    }
    fn parse_optional_punct(&mut self, punct: &str) -> bool {
        self.eat_punct(punct)
    }
    fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        self.eat_ident(kw)
    }
    fn parse_optional_any_keyword(&mut self) -> Option<String> {
        match &self.tok {
            Tok::Ident(_) => match self.bump() {
                Tok::Ident(k) => Some(k.to_string()),
                _ => None,
            },
            _ => None,
        }
    }
    fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        let Tok::Percent(name) = self.tok else {
            return Ok(None);
        };
        let offset = self.tok_start as u32;
        self.bump();
        let mut number = 0;
        if let Tok::Hash(n) = &self.tok {
            if self.tok_start == self.prev_end {
                number = n
                    .parse::<u32>()
                    .map_err(|_| self.err("invalid SSA value result number"))?;
                self.bump();
            }
        }
        Ok(Some(UnresolvedOperand {
            name: self.intern_ssa(name),
            number,
            offset,
        }))
    }
    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> PResult<ValueId> {
        // The innermost binding, if it is in a scope up to the innermost
        // isolated one.
        let isolated = self.scopes.iter().rposition(|s| s.isolated).unwrap_or(0);
        let found = match self.bindings.get(operand.name as usize) {
            Some(Some(b)) if b.scope > isolated => {
                Some((operand.number < b.count).then(|| ValueId(b.first.0 + operand.number)))
            }
            _ => None,
        };
        let v = match found {
            Some(Some(v)) => v,
            Some(None) => {
                return Err(self.err_at(
                    operand.offset as usize,
                    "reference to invalid result number",
                ))
            }
            None => {
                let key = (operand.name, operand.number);
                let known = self.isolated_scope()?.forward.get(&key).map(|&(ph, _)| ph);
                match known {
                    Some(ph) => ph,
                    None => {
                        let ph = self.ctx.add_block_arg(self.placeholder_block, ty, None);
                        let forward = &mut self.isolated_scope()?.forward;
                        forward.insert(key, (ph, operand.offset));
                        ph
                    }
                }
            }
        };
        if self.ctx.value_type(v) != ty {
            let ap = ir::print_attr::AttrPrinter::new(self.ctx);
            let msg = format!(
                "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                self.ssa_name(operand.name),
                ap.type_to_string(ty),
                ap.type_to_string(self.ctx.value_type(v))
            );
            return Err(self.err_at(operand.offset as usize, msg));
        }
        Ok(v)
    }
    fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        if let Some(t) = self.known_single_token_type() {
            self.bump();
            return Ok(Some(t));
        }
        let start = self.tok_start;
        let rest = self.lex.src().get(start..).unwrap_or_default();
        let memo = match self.tok {
            Tok::Ident(_) => memo_slot(rest, SHAPED_MEMO_FROM),
            Tok::Punct("(") => memo_slot(rest, FUNCTION_MEMO_FROM),
            _ => None,
        };
        let recent = memo
            .and_then(|slot| self.recent_types.prefix_of(slot, rest))
            .filter(|&(text, _)| self.whole_type_text(text, rest));
        let cacheable = match recent {
            Some((text, _)) => Some(text),
            None => self.cacheable_type_text(),
        };
        if let Some(text) = cacheable {
            let known = recent.map(|(_, t)| t);
            if let Some(t) = known.or_else(|| self.type_cache.get(text).copied()) {
                self.remember_type(memo, text, t);
                self.lex.pos = start + text.len();
                self.bump();
                return Ok(Some(t));
            }
        }
        let slot = single_token_type_slot(&self.tok);
        self.enter()?;
        let r = self.type_inner();
        self.leave();
        if let (Some(slot), Ok(Some(t))) = (slot, &r) {
            self.token_types[slot] = Some(*t);
        }
        if let (Some(text), Ok(Some(t))) = (cacheable, &r) {
            // Cache only when parsing consumed exactly that text.
            if self.prev_end == start + text.len() {
                self.type_cache.insert(text, *t);
                self.remember_type(memo, text, *t);
            }
        }
        r
    }
    fn parse_optional_attribute(&mut self, ty: Option<Type>) -> PResult<Option<Attr>> {
        self.enter()?;
        let r = self.attribute_inner(ty);
        self.leave();
        r
    }
    fn parse_affine_map(&mut self) -> PResult<Attr> {
        let start = self.tok_start;
        let mut text = String::new();
        for (open, required) in [("(", true), ("[", false), ("->", true), ("(", true)] {
            if open == "->" {
                self.expect("->", " in affine map")?;
                text.push_str(" -> ");
            } else if self.is_punct(open) {
                text.push_str(&self.balanced_text()?);
            } else if required {
                return Err(self.err(format!("expected '{open}' in affine map")));
            }
        }
        match ir::affine::AffineMap::parse(&text) {
            Some(map) => Ok(Attr::Opaque(map.text())),
            None => Err(self.err_at(start, "expected a valid affine map")),
        }
    }
    fn parse_optional_attr_dict(&mut self, attrs: &mut dyn ir::context::AttrList) -> PResult<()> {
        if !self.eat_punct("{") {
            return Ok(());
        }
        let mut entries = Vec::new();
        self.attr_dict_body(&mut entries)?;
        for (n, a) in entries {
            set_named_attr(attrs, &n, a);
        }
        Ok(())
    }
    fn parse_optional_symbol_name(&mut self) -> Option<String> {
        match &self.tok {
            Tok::At(_) => match self.bump() {
                Tok::At(n) => Some(symbol_name(n).into_owned()),
                _ => None,
            },
            _ => None,
        }
    }
    fn parse_optional_string(&mut self) -> Option<Vec<u8>> {
        match &self.tok {
            Tok::Str(_) => match self.bump() {
                Tok::Str(s) => Some(unescape(s).into_owned()),
                _ => None,
            },
            _ => None,
        }
    }
    fn parse_optional_integer(&mut self) -> PResult<Option<i128>> {
        let neg = match (&self.tok, self.lex.src().get(self.lex.pos)) {
            (Tok::Punct("-"), _) => true,
            (Tok::Int(_), _) => false,
            _ => return Ok(None),
        };
        if neg {
            self.bump();
        }
        let at = self.tok_start;
        match self.bump() {
            Tok::Int(s) => match parse_int_literal(s).and_then(|m| signed_value(neg, m)) {
                Some(v) => Ok(Some(v)),
                None => Err(self.err_at(at, "integer value too large")),
            },
            _ => Err(self.err_at(at, "expected integer value")),
        }
    }
    fn parse_argument(&mut self, with_type: bool, with_attrs: bool) -> PResult<Argument> {
        let at = self.loc_here();
        let name = self.parse_operand()?;
        let ty = if with_type {
            self.expect(":", " and type")?;
            self.parse_type_required()?
        } else {
            self.ctx.intern_type(TypeKind::None)
        };
        let mut attrs = Vec::new();
        if with_attrs {
            self.parse_optional_attr_dict(&mut attrs)?;
        }
        // Without an explicit location, an argument is where its name is.
        let loc = Some(self.optional_trailing_location()?.unwrap_or(at));
        Ok(Argument {
            name,
            ty,
            attrs,
            loc,
        })
    }
    fn parse_region(&mut self, region: RegionId, args: &[Argument], isolated: bool) -> PResult<()> {
        self.enter()?;
        self.push_scope(isolated);
        let dialect = self
            .op_stack
            .last()
            .and_then(|n| ir::dialect::default_dialect(n))
            .unwrap_or("");
        self.default_dialects.push(dialect);
        let r = self.region_body(region, args);
        self.default_dialects.pop();
        let f = self.finish_scope();
        self.leave();
        r?;
        f
    }
    fn peek_region(&mut self) -> bool {
        self.is_punct("{")
    }
    fn parse_successor(&mut self) -> PResult<BlockId> {
        let at = self.tok_start;
        match self.bump() {
            Tok::Caret(name) => self.lookup_block(name, at, false),
            _ => Err(self.err_at(at, "expected block name")),
        }
    }
    fn parse_optional_location(&mut self) -> PResult<Option<Location>> {
        self.optional_trailing_location()
    }
}
