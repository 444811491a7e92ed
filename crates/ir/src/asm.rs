//! The parser interface custom op syntax is written against.
//!
//! The IR crate does not depend on the text parser: op definitions parse their
//! custom forms through the [`AsmParser`] trait, which `syntax` implements
//! (the same split as MLIR's `OpAsmParser`).

use crate::attrs::{Attr, NamedAttr};
use crate::context::{AttrList, BlockId, Context, RegionId, ValueId};
use crate::location::Location;
use crate::types::Type;

/// A parse failure; its diagnostic has already been reported to the parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError;

pub type PResult<T> = Result<T, ParseError>;

/// A use of an SSA name not yet bound to a value: `%name` or `%name#3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    /// The SSA name, as an id in the parser's table of names.
    pub name: u32,
    pub number: u32,
    /// Byte offset of the `%` in the source (for diagnostics).
    pub offset: u32,
}

/// A region or function argument: `%name: type {attrs} loc(...)`.
#[derive(Clone, Debug)]
pub struct Argument {
    pub name: UnresolvedOperand,
    pub ty: Type,
    pub attrs: Vec<NamedAttr>,
    pub loc: Option<Location>,
}

/// What a custom op parser may ask of the text parser.
pub trait AsmParser {
    fn ctx(&mut self) -> &mut Context;
    /// Report an error at the current token.
    fn error(&mut self, message: &str) -> ParseError;
    /// Report an error at a byte offset.
    fn error_at(&mut self, offset: u32, message: &str) -> ParseError;
    /// Report a broken internal invariant (a bug, not bad input) at the
    /// current token: a debug build stops here, a release build reports
    /// `internal error: {message}`.
    #[track_caller]
    fn internal_error(&mut self, message: &str) -> ParseError {
        debug_assert!(false, "internal error: {message}");
        self.error(&format!("internal error: {message}"))
    }
    /// Byte offset of the current token.
    fn offset(&self) -> u32;
    /// Byte offset of the name of the op being parsed (MLIR's
    /// `getNameLoc`), where MLIR reports a custom parser's own errors.
    fn name_offset(&self) -> u32;
    /// Number of results the op is being parsed with (`%a, %b = ...`).
    fn num_results(&self) -> usize;

    /// Consume punctuation (`(`, `->`, `::`, ...) if it comes next.
    fn parse_optional_punct(&mut self, punct: &str) -> bool;
    fn expect_punct(&mut self, punct: &str) -> PResult<()> {
        if self.parse_optional_punct(punct) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{punct}'")))
        }
    }
    /// Consume the bare keyword `kw` if it comes next.
    fn parse_optional_keyword(&mut self, kw: &str) -> bool;
    fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.parse_optional_keyword(kw) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{kw}'")))
        }
    }
    /// Consume any bare identifier.
    fn parse_optional_any_keyword(&mut self) -> Option<String>;
    fn parse_keyword(&mut self) -> PResult<String> {
        match self.parse_optional_any_keyword() {
            Some(k) => Ok(k),
            None => Err(self.error("expected keyword")),
        }
    }

    fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>>;
    fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        match self.parse_optional_operand()? {
            Some(o) => Ok(o),
            None => Err(self.error("expected SSA operand")),
        }
    }
    /// Bind an operand name to its value, checking (or, for forward
    /// references, recording) its type.
    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> PResult<ValueId>;

    fn parse_optional_type(&mut self) -> PResult<Option<Type>>;
    fn parse_type(&mut self) -> PResult<Type> {
        match self.parse_optional_type()? {
            Some(t) => Ok(t),
            None => Err(self.error("expected type")),
        }
    }
    /// Parse an attribute; `ty` is the type implied by context, if any
    /// (then `: type` is not expected after integer and float literals).
    fn parse_optional_attribute(&mut self, ty: Option<Type>) -> PResult<Option<Attr>>;
    fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        match self.parse_optional_attribute(ty)? {
            Some(a) => Ok(a),
            None => Err(self.error("expected attribute value")),
        }
    }
    /// An affine map as MLIR's `parseAffineMap` reads it, without
    /// `affine_map<...>` around it (`(d0, d1) -> (d1, d0)`), as its
    /// attribute.
    fn parse_affine_map(&mut self) -> PResult<Attr>;
    /// `{a = 1, b}` if present, merged into `attrs` (a list being built or
    /// an op state's own).
    fn parse_optional_attr_dict(&mut self, attrs: &mut dyn AttrList) -> PResult<()>;
    fn parse_optional_symbol_name(&mut self) -> Option<String>;
    fn parse_optional_string(&mut self) -> Option<Vec<u8>>;
    fn parse_optional_integer(&mut self) -> PResult<Option<i128>>;
    fn parse_integer(&mut self) -> PResult<i128> {
        match self.parse_optional_integer()? {
            Some(v) => Ok(v),
            None => Err(self.error("expected integer value")),
        }
    }
    /// `%name` then, if `with_type`, `: type`, then optional `{attrs}` and `loc(...)`.
    fn parse_argument(&mut self, with_type: bool, with_attrs: bool) -> PResult<Argument>;
    /// `{ ... }` into the empty region `region`; `args` become the entry
    /// block's arguments. `isolated` regions cannot see enclosing values.
    fn parse_region(&mut self, region: RegionId, args: &[Argument], isolated: bool) -> PResult<()>;
    /// True if a region (`{`) comes next.
    fn peek_region(&mut self) -> bool;
    fn parse_successor(&mut self) -> PResult<BlockId>;
    fn parse_optional_location(&mut self) -> PResult<Option<Location>>;
}
