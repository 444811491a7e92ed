//! Operation definitions: signature (named operand/result/attribute/region
//! groups), traits, syntax, verifier and result-name suggestions, and the
//! registry of them. A definition is keyed by its [`OpKind`]: its name is
//! the kind's ([`OpKind::name`]), and the registry finds it by kind (an
//! index) or by name (for the parser).

use crate::asm::{AsmParser, PResult};
use crate::attrs::Attr;
use crate::context::{Context, OpId, OperationState};
use crate::format::Format;
use crate::printer::OpPrinter;
use crate::types::Type;
use crate::OpKind;
use std::sync::OnceLock;

/// How many values a named operand/result group holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// Builds a type in a context (for operands/results of fixed type).
pub type TypeBuilder = fn(&mut Context) -> Type;

/// Where the parser gets a value's type from when the syntax does not spell it.
#[derive(Clone, Copy, Debug)]
pub enum TypeRule {
    /// The syntax spells it (`type($x)` or a custom parser).
    Spelled,
    /// Always this type.
    Fixed(TypeBuilder),
    /// The same type as the named operand or result group.
    SameAs(&'static str),
    /// The element type of the (shaped) type of the named operand or result
    /// group (`memref.load`'s result, `memref.store`'s value).
    ElementOf(&'static str),
}

/// A class of types a value must belong to where the syntax spells its
/// type: MLIR's generated parsers read such a type as its C++ class or
/// interface (`parseType<MemRefType>`) and reject any other kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeClass {
    /// A ranked memref (`builtin.memref`).
    MemRef,
    /// A ranked or unranked memref (the bufferization dialect's
    /// `BufferLikeType`).
    BufferLike,
    /// A ranked or unranked tensor (`TensorLikeType`).
    TensorLike,
}

impl TypeClass {
    /// What MLIR's parser says expected, for a class with a type name.
    pub fn expected(self) -> Option<&'static str> {
        match self {
            TypeClass::MemRef => Some("builtin.memref"),
            TypeClass::BufferLike | TypeClass::TensorLike => None,
        }
    }
    pub fn contains(self, kind: &crate::types::TypeKind) -> bool {
        use crate::types::TypeKind;
        match self {
            TypeClass::MemRef => matches!(kind, TypeKind::MemRef { .. }),
            TypeClass::BufferLike => {
                matches!(
                    kind,
                    TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
                )
            }
            TypeClass::TensorLike => kind.is_tensor(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct ValueSpec {
    pub name: &'static str,
    pub arity: Arity,
    pub ty: TypeRule,
    /// The class its spelled type must have, if the syntax checks one.
    pub class: Option<TypeClass>,
}

/// How a named attribute is spelled inside a declarative format.
#[derive(Clone, Copy, Debug)]
pub enum AttrKind {
    /// Any attribute, printed with its type.
    Any,
    /// An integer or float of this type, printed without `: type`.
    Typed(TypeBuilder),
    /// A string literal.
    Str,
    /// The op's symbol name, `@name` stored as a string.
    SymbolName,
    /// A flat symbol reference `@name`.
    SymbolRef,
    /// A type, stored as a type attribute.
    TypeAttr,
    /// `[1, 2]`, stored as `array<i64: ...>`.
    DenseI64Array,
    /// A unit attribute: present or not (anchors an optional group).
    Unit,
    /// `true` / `false`.
    Bool,
    /// One keyword of the list, stored as an `i64` holding its index.
    Enum(&'static [&'static str]),
}

#[derive(Clone, Copy, Debug)]
pub struct AttrSpec {
    pub name: &'static str,
    pub kind: AttrKind,
    pub optional: bool,
}

/// Parser of a hand-written custom form.
pub type CustomParse = fn(&mut dyn AsmParser, &mut OperationState) -> PResult<()>;
/// Printer of a hand-written custom form (prints what follows the op name).
pub type CustomPrint = fn(&mut OpPrinter, OpId);
/// Op-specific verification; returns the error message.
pub type VerifyFn = fn(&Context, OpId) -> Result<(), String>;
/// Suggested SSA names for an op's results (`%c1`, `%dim`...), written
/// into the printer's buffer.
pub type ResultNamesFn = fn(&Context, OpId, &mut ResultNames);

/// The SSA names an op suggests for its results, written by its
/// [`ResultNamesFn`] into a buffer the printer reuses from op to op: once
/// the buffer has grown, suggesting names allocates nothing.
#[derive(Debug, Default)]
pub struct ResultNames {
    /// The names' text, one after the other.
    text: String,
    /// Each suggestion, in the order made: the result's index and where
    /// its name ends in `text` (it starts where the one before ends).
    named: Vec<(usize, usize)>,
}

impl ResultNames {
    /// Suggest `name` for the result at `result`.
    pub fn set(&mut self, result: usize, name: &str) {
        self.text.push_str(name);
        self.named.push((result, self.text.len()));
    }
    /// Suggest for the result at `result` the name `name` spells out
    /// (`format_args!("c{value}")`), written straight into the buffer.
    pub fn set_fmt(&mut self, result: usize, name: std::fmt::Arguments) {
        // Writing into a `String` cannot fail.
        let _ = std::fmt::Write::write_fmt(&mut self.text, name);
        self.named.push((result, self.text.len()));
    }
    /// The name suggested for the result at `result` (the last one, if
    /// several were).
    pub fn get(&self, result: usize) -> Option<&str> {
        let k = self.named.iter().rposition(|&(r, _)| r == result)?;
        let start = k.checked_sub(1).map_or(0, |before| self.named[before].1);
        Some(&self.text[start..self.named[k].1])
    }
    /// Whether no result has a suggested name.
    pub fn is_empty(&self) -> bool {
        self.named.is_empty()
    }
    /// Forget every suggestion, keeping the room for the next op's.
    pub fn clear(&mut self) {
        self.text.clear();
        self.named.clear();
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Syntax {
    /// An MLIR-style declarative assembly format.
    Declarative(&'static str),
    /// Hand-written parser and printer.
    Custom(CustomParse, CustomPrint),
    /// Only the generic form exists.
    GenericOnly,
}

/// What running an op may do besides computing its results, as passes that
/// reorder code must know it (see [`crate::effects`]). Ordered: each one
/// allows what the ones before it do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// Nothing: it computes its results (on the inputs it is defined on).
    None,
    /// It may fail (abort with its message) and does nothing else: a check
    /// (`shape.cstr_*`, `cf.assert`). Checks may run in another order among
    /// themselves, a failing input then failing with another of its messages.
    Fails,
    /// Anything: memory written, output printed, code run that is not
    /// known. The default: what is not declared otherwise may do anything.
    #[default]
    Any,
}

/// What an op does to memory (MLIR's `MemoryEffectOpInterface`, reduced to
/// what passes ask of it): whether an unused op may be erased, as MLIR's
/// `isOpTriviallyDead` decides it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemoryEffects {
    /// Not declared: the op may do anything (the default of ops that are
    /// not pure: calls, checks, ops MLIR gives no memory effects).
    #[default]
    Unknown,
    /// Nothing: every [`OpDef::pure`] op.
    None,
    /// It allocates the memory its result refers to, and may read its
    /// operands (`memref.alloc`, `memref.alloca`, `bufferization.clone`).
    Allocates,
    /// It reads memory and does nothing else (`memref.load`,
    /// `bufferization.to_tensor`).
    Reads,
    /// It writes or frees memory (`memref.store`, `memref.copy`,
    /// `memref.dealloc`).
    Writes,
}

impl MemoryEffects {
    /// An unused op with these effects may be erased: it has none, or only
    /// reads memory or allocates what nobody uses.
    pub fn erasable_when_unused(self) -> bool {
        matches!(
            self,
            MemoryEffects::None | MemoryEffects::Allocates | MemoryEffects::Reads
        )
    }
}

/// Structural traits of an op.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traits {
    pub terminator: bool,
    pub isolated_from_above: bool,
    /// Its regions' blocks need not end in a terminator (module).
    pub no_terminator: bool,
    pub symbol_table: bool,
    /// Its regions have at most one block.
    pub single_block: bool,
    /// Its regions may omit the terminator in text (implicit `*.yield`).
    pub implicit_terminator: Option<OpKind>,
    /// No side effects: safe to erase when unused, hoist, CSE (MLIR's
    /// `Pure`). Implies an [`Effect::None`] `effect`.
    pub pure: bool,
    /// What the op itself may do; the ops in its regions add theirs
    /// ([`crate::effects::effect`]). An op MLIR does not mark `Pure` (so
    /// that it stays when unused) can still have no effect
    /// (`shape.is_broadcastable`, `scf.if`).
    pub effect: Effect,
    /// The last region group is variadic (`scf.reduce`, `scf.index_switch`):
    /// the op checks its own region count.
    pub variadic_regions: bool,
    /// What the op does to memory; [`MemoryEffects::None`] for pure ops.
    pub memory: MemoryEffects,
    /// The op is an allocation scope (MLIR's `AutomaticAllocationScope`:
    /// `func.func`, `shape.func`): the stack allocations (`memref.alloca`)
    /// made in its body are freed when it returns.
    pub allocation_scope: bool,
    /// Its operands may come in any order (MLIR's `Commutative`): folding
    /// moves its constant operands last.
    pub commutative: bool,
    /// The op is a constant (MLIR's `ConstantLike`), and where its value is.
    pub constant_like: Option<ConstantLike>,
    /// The op converts its operands to its result types (MLIR's
    /// `CastOpInterface`): a cast to the operands' own types is them.
    pub cast: bool,
    /// The op gives its results on every input of a constrained or
    /// asserting shape function and has no effect, so a pass may move it
    /// before any check (`shape.rank`, `arith.addi`; not `shape.split_at`,
    /// `shape.get_extent`, `shape.broadcast`, divisions or element reads,
    /// which are undefined on some inputs).
    pub defined_everywhere: bool,
    /// The ops it must sit directly in (MLIR's `HasParent`, listed
    /// before `Terminator`: checked before the op's place in its block).
    pub parents: Option<&'static [OpKind]>,
    /// Its regions are graph regions (MLIR's `HasOnlyGraphRegion`:
    /// `builtin.module`): the ops of a single-block region may use values
    /// defined after them. Single-block regions of unregistered ops are
    /// graph regions too; a region of several blocks never is.
    pub graph_regions: bool,
    /// The op is a constraint (`shape.cstr_*`): it checks its operands and
    /// gives a witness of the check. Constraints may be hoisted, merged
    /// and removed as checks, not as computations.
    pub constraint: bool,
    /// The op makes, combines or consumes witnesses (the constraints,
    /// `shape.const_witness`, `shape.assuming_all`, `shape.assuming` and
    /// its terminator): the error-monadic and asserting forms have none.
    pub witness: bool,
    /// Only values that carry errors (`!shape.shape`, `!shape.size`,
    /// `!shape.value_shape`) have this op (`shape.meet`,
    /// `shape.with_shape`...): the constrained form and those after it
    /// have none.
    pub error_value: bool,
}

/// What an op of the shape dialect is to the forms a shape function goes
/// through ([`OpDef::form_role`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormRole {
    /// A constraint (`shape.cstr_*`; see [`Traits::constraint`]).
    Constraint,
    /// An op of witnesses that is not a constraint (see [`Traits::witness`]).
    Witness,
    /// An op only values that carry errors have (see [`Traits::error_value`]).
    ErrorValue,
}

/// Which of MLIR's reassociative reshapes an op is
/// ([`OpDef::reassociative_reshape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reshape {
    /// Fewer dimensions (`collapse_shape`).
    Collapse,
    /// More dimensions (`expand_shape`), given as an output shape.
    Expand,
}

/// Where a constant-like op keeps its value ([`Traits::constant_like`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstantLike {
    /// In the named attribute (`value` of `arith.constant`).
    Attr(&'static str),
    /// Its value is poison whatever its attributes say (`ub.poison`).
    Poison,
}

pub struct OpDef {
    /// The op's full name, [`OpKind::name`] of its kind.
    pub name: &'static str,
    /// The typed identity of ops of this definition.
    pub kind: OpKind,
    pub summary: &'static str,
    pub operands: Vec<ValueSpec>,
    pub results: Vec<ValueSpec>,
    pub attrs: Vec<AttrSpec>,
    pub regions: Vec<&'static str>,
    pub successors: Vec<&'static str>,
    pub traits: Traits,
    pub syntax: Syntax,
    pub verify: Option<VerifyFn>,
    pub result_names: Option<ResultNamesFn>,
    /// Compiled declarative format (built on first use).
    pub format: OnceLock<Result<Format, String>>,
    /// The name, shared by every op of this kind.
    shared_name: OnceLock<std::sync::Arc<str>>,
    /// Where the operand groups sit (built on first use).
    operand_layout: OnceLock<GroupLayout>,
    /// Where the result groups sit (built on first use).
    result_layout: OnceLock<GroupLayout>,
}

impl std::fmt::Debug for OpDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpDef({})", self.name)
    }
}

/// Start defining the op of kind `kind`.
pub fn op(kind: OpKind) -> OpDef {
    OpDef {
        name: kind.build_name(),
        kind,
        summary: "",
        operands: Vec::new(),
        results: Vec::new(),
        attrs: Vec::new(),
        regions: Vec::new(),
        successors: Vec::new(),
        traits: Traits::default(),
        syntax: Syntax::GenericOnly,
        verify: None,
        result_names: None,
        format: OnceLock::new(),
        shared_name: OnceLock::new(),
        operand_layout: OnceLock::new(),
        result_layout: OnceLock::new(),
    }
}

/// A single value of spelled type.
pub const fn one(name: &'static str) -> ValueSpec {
    ValueSpec {
        name,
        arity: Arity::Single,
        ty: TypeRule::Spelled,
        class: None,
    }
}
/// A variadic group of spelled types.
pub const fn many(name: &'static str) -> ValueSpec {
    ValueSpec {
        name,
        arity: Arity::Variadic,
        ty: TypeRule::Spelled,
        class: None,
    }
}
/// An optional value of spelled type.
pub const fn maybe(name: &'static str) -> ValueSpec {
    ValueSpec {
        name,
        arity: Arity::Optional,
        ty: TypeRule::Spelled,
        class: None,
    }
}

impl ValueSpec {
    pub const fn fixed(mut self, b: TypeBuilder) -> Self {
        self.ty = TypeRule::Fixed(b);
        self
    }
    pub const fn same_as(mut self, other: &'static str) -> Self {
        self.ty = TypeRule::SameAs(other);
        self
    }
    pub const fn element_of(mut self, other: &'static str) -> Self {
        self.ty = TypeRule::ElementOf(other);
        self
    }
    pub const fn class(mut self, class: TypeClass) -> Self {
        self.class = Some(class);
        self
    }
}

pub const fn attr(name: &'static str, kind: AttrKind) -> AttrSpec {
    AttrSpec {
        name,
        kind,
        optional: false,
    }
}
pub const fn opt_attr(name: &'static str, kind: AttrKind) -> AttrSpec {
    AttrSpec {
        name,
        kind,
        optional: true,
    }
}

impl OpDef {
    pub fn summary(mut self, s: &'static str) -> Self {
        self.summary = s;
        self
    }
    pub fn operands<const N: usize>(mut self, v: [ValueSpec; N]) -> Self {
        self.operands = v.to_vec();
        self
    }
    pub fn results<const N: usize>(mut self, v: [ValueSpec; N]) -> Self {
        self.results = v.to_vec();
        self
    }
    pub fn attrs<const N: usize>(mut self, v: [AttrSpec; N]) -> Self {
        self.attrs = v.to_vec();
        self
    }
    pub fn regions<const N: usize>(mut self, v: [&'static str; N]) -> Self {
        self.regions = v.to_vec();
        self
    }
    pub fn successors<const N: usize>(mut self, v: [&'static str; N]) -> Self {
        self.successors = v.to_vec();
        self
    }
    pub fn format(mut self, f: &'static str) -> Self {
        self.syntax = Syntax::Declarative(f);
        self
    }
    pub fn custom(mut self, parse: CustomParse, print: CustomPrint) -> Self {
        self.syntax = Syntax::Custom(parse, print);
        self
    }
    pub fn verify(mut self, f: VerifyFn) -> Self {
        self.verify = Some(f);
        self
    }
    pub fn result_names(mut self, f: ResultNamesFn) -> Self {
        self.result_names = Some(f);
        self
    }
    pub fn terminator(mut self) -> Self {
        self.traits.terminator = true;
        self.traits.pure = true;
        self.traits.effect = Effect::None;
        self.traits.memory = MemoryEffects::None;
        self
    }
    pub fn isolated(mut self) -> Self {
        self.traits.isolated_from_above = true;
        self
    }
    pub fn pure(mut self) -> Self {
        self.traits.pure = true;
        self.traits.effect = Effect::None;
        self.traits.memory = MemoryEffects::None;
        self
    }
    /// What the op itself may do, for an op that is not [`OpDef::pure`]:
    /// [`Effect::Fails`] for a check, [`Effect::None`] for an op MLIR keeps
    /// when unused that does nothing itself (region ops such as `scf.if`
    /// then do what their regions' ops do).
    pub fn effect(mut self, effect: Effect) -> Self {
        self.traits.effect = effect;
        self
    }
    pub fn single_block(mut self) -> Self {
        self.traits.single_block = true;
        self
    }
    pub fn no_terminator(mut self) -> Self {
        self.traits.no_terminator = true;
        self
    }
    pub fn symbol_table(mut self) -> Self {
        self.traits.symbol_table = true;
        self
    }
    pub fn variadic_regions(mut self) -> Self {
        self.traits.variadic_regions = true;
        self
    }
    pub fn implicit_terminator(mut self, terminator: OpKind) -> Self {
        self.traits.implicit_terminator = Some(terminator);
        self
    }
    /// What an op that is not [`OpDef::pure`] does to memory.
    pub fn memory(mut self, effects: MemoryEffects) -> Self {
        self.traits.memory = effects;
        self
    }
    /// MLIR's `AutomaticAllocationScope` (see [`Traits::allocation_scope`]).
    pub fn allocation_scope(mut self) -> Self {
        self.traits.allocation_scope = true;
        self
    }
    /// MLIR's `Commutative` (see [`Traits::commutative`]).
    pub fn commutative(mut self) -> Self {
        self.traits.commutative = true;
        self
    }
    /// MLIR's `ConstantLike`, the value in attribute `attr`.
    pub fn constant_like(mut self, attr: &'static str) -> Self {
        self.traits.constant_like = Some(ConstantLike::Attr(attr));
        self
    }
    /// MLIR's `ConstantLike` for a poison constant.
    pub fn poison_constant(mut self) -> Self {
        self.traits.constant_like = Some(ConstantLike::Poison);
        self
    }
    /// MLIR's `CastOpInterface` (see [`Traits::cast`]).
    pub fn cast(mut self) -> Self {
        self.traits.cast = true;
        self
    }
    /// MLIR's `HasParent` (see [`Traits::parents`]).
    pub fn parents(mut self, parents: &'static [OpKind]) -> Self {
        self.traits.parents = Some(parents);
        self
    }
    /// MLIR's `HasOnlyGraphRegion` (see [`Traits::graph_regions`]).
    pub fn graph_regions(mut self) -> Self {
        self.traits.graph_regions = true;
        self
    }
    /// Defined on every input (see [`Traits::defined_everywhere`]).
    pub fn defined_everywhere(mut self) -> Self {
        self.traits.defined_everywhere = true;
        self
    }
    /// What the op is to the forms of shape functions: sets
    /// [`Traits::constraint`] (a constraint is a witness op too),
    /// [`Traits::witness`] or [`Traits::error_value`].
    pub fn form_role(mut self, role: FormRole) -> Self {
        let traits = &mut self.traits;
        match role {
            FormRole::Constraint => (traits.constraint, traits.witness) = (true, true),
            FormRole::Witness => traits.witness = true,
            FormRole::ErrorValue => traits.error_value = true,
        }
        self
    }

    /// The attributes, syntax and purity MLIR's reassociative reshapes
    /// (`memref.` and `tensor.` `collapse_shape`, `expand_shape`) share:
    /// a `reassociation`, and for an expansion its output shape, mixed
    /// static and dynamic sizes.
    pub fn reassociative_reshape(self, reshape: Reshape) -> Self {
        let def = match reshape {
            Reshape::Collapse => self
                .attrs([attr("reassociation", AttrKind::Any)])
                .format("$src $reassociation attr-dict `:` type($src) `into` type($result)"),
            Reshape::Expand => self
                .attrs([
                    attr("reassociation", AttrKind::Any),
                    attr("static_output_shape", AttrKind::DenseI64Array),
                ])
                .format(
                    "$src $reassociation `output_shape` \
                     custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` \
                     type($src) `into` type($result)",
                ),
        };
        def.pure()
    }

    /// The op name as the shared string every op of this kind holds.
    pub fn shared_name(&self) -> std::sync::Arc<str> {
        self.shared_name.get_or_init(|| self.name.into()).clone()
    }

    /// True if `name` is an inherent attribute (stored as a property).
    pub fn is_inherent(&self, name: &str) -> bool {
        self.attrs.iter().any(|a| a.name == name)
            || (name == "operandSegmentSizes" && self.has_operand_segments())
            || (name == "resultSegmentSizes" && self.has_result_segments())
    }

    /// How many operand groups are single and optional, and whether one is
    /// variadic.
    pub fn operand_counts(&self) -> ArityCounts {
        self.operand_layout().counts
    }
    /// How many result groups are single and optional, and whether one is
    /// variadic.
    pub fn result_counts(&self) -> ArityCounts {
        self.result_layout().counts
    }

    /// More than one non-single operand group: sizes live in `operandSegmentSizes`.
    pub fn has_operand_segments(&self) -> bool {
        self.operand_layout().segmented
    }
    /// More than one non-single result group: sizes live in `resultSegmentSizes`.
    pub fn has_result_segments(&self) -> bool {
        self.result_layout().segmented
    }

    /// The compiled declarative format, if this op has one.
    pub fn compiled_format(&self) -> Option<&Result<Format, String>> {
        match self.syntax {
            Syntax::Declarative(text) => {
                Some(self.format.get_or_init(|| Format::compile(self, text)))
            }
            _ => None,
        }
    }

    fn operand_layout(&self) -> &GroupLayout {
        self.operand_layout
            .get_or_init(|| GroupLayout::of(&self.operands))
    }
    fn result_layout(&self) -> &GroupLayout {
        self.result_layout
            .get_or_init(|| GroupLayout::of(&self.results))
    }

    /// The values of operand group `i` of `op`.
    pub fn operand_group<'c>(&self, ctx: &'c Context, op: OpId, i: usize) -> &'c [crate::ValueId] {
        self.operand_groups(ctx, op).get(i)
    }
    /// The values of result group `i` of `op`.
    pub fn result_group<'c>(&self, ctx: &'c Context, op: OpId, i: usize) -> &'c [crate::ValueId] {
        self.result_groups(ctx, op).get(i)
    }
    /// The operand groups of `op`, to find several of them with the op's
    /// operands and segment sizes looked up once.
    pub fn operand_groups<'d, 'c>(&'d self, ctx: &'c Context, op: OpId) -> Groups<'d, 'c> {
        let values = &ctx.op(op).operands;
        Groups::new(
            self.operand_layout(),
            &self.operands,
            ctx,
            op,
            values,
            "operandSegmentSizes",
        )
    }
    /// The result groups of `op` (see [`Self::operand_groups`]).
    pub fn result_groups<'d, 'c>(&'d self, ctx: &'c Context, op: OpId) -> Groups<'d, 'c> {
        let values = &ctx.op(op).results;
        Groups::new(
            self.result_layout(),
            &self.results,
            ctx,
            op,
            values,
            "resultSegmentSizes",
        )
    }
}

/// The operand (or result) groups of one op: its values, how its
/// definition groups them, and its segment sizes when it has them.
#[derive(Clone, Copy)]
pub struct Groups<'d, 'c> {
    layout: &'d GroupLayout,
    specs: &'d [ValueSpec],
    values: &'c [crate::ValueId],
    segments: Option<&'c Attr>,
}

impl<'d, 'c> Groups<'d, 'c> {
    /// The groups `specs` (laid out as `layout`) make of `values`, the
    /// operands (or results) of `op`, sized by its `segment_attr` when
    /// the groups need one.
    fn new(
        layout: &'d GroupLayout,
        specs: &'d [ValueSpec],
        ctx: &'c Context,
        op: OpId,
        values: &'c [crate::ValueId],
        segment_attr: &str,
    ) -> Self {
        let segments = if layout.segmented {
            ctx.attr(op, segment_attr)
        } else {
            None
        };
        Groups {
            layout,
            specs,
            values,
            segments,
        }
    }

    /// The values of group `i` (none past the last group).
    pub fn get(&self, i: usize) -> &'c [crate::ValueId] {
        let range = self
            .layout
            .range(self.specs, self.values.len(), self.segments, i);
        let group = self.values.get(range);
        debug_assert!(
            group.is_some(),
            "the groups of a verified op cover its values"
        );
        group.unwrap_or_default()
    }
}

/// How many of a definition's operand (or result) groups are of each
/// arity.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArityCounts {
    pub singles: usize,
    pub optionals: usize,
    /// Some group is variadic.
    pub variadic: bool,
}

/// Where each operand (or result) group of a definition starts among an
/// op's values, counted once per definition so that finding a group costs
/// no walk over the group specs.
#[derive(Debug)]
struct GroupLayout {
    /// More than one group is not single: their sizes live in a
    /// segment-sizes attribute.
    segmented: bool,
    /// The groups of each arity.
    counts: ArityCounts,
    /// For each group and once more past the last one: how many single and
    /// how many non-single groups come before it.
    before: Vec<(usize, usize)>,
}

impl GroupLayout {
    fn of(specs: &[ValueSpec]) -> GroupLayout {
        let mut before = Vec::with_capacity(specs.len() + 1);
        let mut counts = ArityCounts::default();
        let mut others = 0;
        for spec in specs {
            before.push((counts.singles, others));
            match spec.arity {
                Arity::Single => counts.singles += 1,
                Arity::Optional => counts.optionals += 1,
                Arity::Variadic => counts.variadic = true,
            }
            if spec.arity != Arity::Single {
                others += 1;
            }
        }
        before.push((counts.singles, others));
        GroupLayout {
            segmented: others > 1,
            counts,
            before,
        }
    }

    /// The index range of group `i` when `total` values are split over
    /// `specs` (those this layout was made of): from `segments` when it
    /// holds a size per group, else as [`group_sizes`] splits them.
    fn range(
        &self,
        specs: &[ValueSpec],
        total: usize,
        segments: Option<&Attr>,
        i: usize,
    ) -> std::ops::Range<usize> {
        if let Some(Attr::DenseArray { values, .. }) = segments {
            if values.len() == specs.len() {
                // Verified sizes are integers, none negative.
                let size = |s: &crate::attrs::Scalar| s.as_int().unwrap_or(0).max(0) as usize;
                let start: usize = values.iter().take(i).map(size).sum();
                return start..start + values.get(i).map_or(0, size);
            }
        }
        let last = self.before.len() - 1;
        let (singles_before, others_before) = self.before[i.min(last)];
        let rest = total.saturating_sub(self.before[last].0);
        let start = singles_before + others_before * rest;
        let size = match specs.get(i) {
            Some(spec) if spec.arity == Arity::Single => 1,
            Some(_) => rest,
            None => 0,
        };
        start..start + size
    }
}

/// Split `total` values over `specs`: from an explicit segment-size attribute,
/// or by giving the one non-single group what the single groups leave.
pub fn group_sizes(specs: &[ValueSpec], total: usize, segments: Option<&Attr>) -> Vec<usize> {
    if let Some(sizes) = segments.and_then(|a| a.int_elements(0)) {
        if sizes.len() == specs.len() {
            return sizes.into_iter().map(|s| s.max(0) as usize).collect();
        }
    }
    let singles = specs.iter().filter(|s| s.arity == Arity::Single).count();
    let rest = total.saturating_sub(singles);
    specs
        .iter()
        .map(|s| match s.arity {
            Arity::Single => 1,
            _ => rest,
        })
        .collect()
}

/// Every registered op: found by kind (an index) or by name.
pub struct Registry {
    /// The definitions, at the index of their kind in [`OpKind::ALL`].
    defs: Vec<OpDef>,
    /// Index into `defs` by name, for the parser.
    by_name: rustc_hash::FxHashMap<&'static str, usize>,
}

impl Registry {
    /// The definition of the op named `name`.
    pub fn get(&self, name: &str) -> Option<&OpDef> {
        self.by_name.get(name).map(|&i| &self.defs[i])
    }
    /// The kind of the op named `name` (a hash lookup, where
    /// [`OpKind::from_name`] compares names).
    pub fn kind(&self, name: &str) -> OpKind {
        self.get(name).map_or(OpKind::Unregistered, |d| d.kind)
    }
    /// The definition of `kind`; `None` for [`OpKind::Unregistered`].
    pub fn of(&self, kind: OpKind) -> Option<&OpDef> {
        self.defs.get(kind as usize)
    }
    pub fn is_registered_dialect(&self, dialect: &str) -> bool {
        crate::dialect::DIALECTS.contains(&dialect)
    }
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.defs.iter().map(|d| d.name)
    }
}

/// The registry of every op of every dialect shape-opt knows.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut slots: Vec<Option<OpDef>> = OpKind::ALL.iter().map(|_| None).collect();
        for def in crate::dialect::all_ops() {
            let slot = &mut slots[def.kind as usize];
            debug_assert!(slot.is_none(), "{} is defined twice", def.name);
            *slot = Some(def);
        }
        let defs: Vec<OpDef> = slots
            .into_iter()
            .zip(OpKind::ALL)
            .map(|(def, kind)| def.unwrap_or_else(|| panic!("{kind} has no definition")))
            .collect();
        let by_name = defs.iter().enumerate().map(|(i, d)| (d.name, i)).collect();
        Registry { defs, by_name }
    })
}

impl OpKind {
    /// The definition of this kind; `None` for [`OpKind::Unregistered`].
    pub fn def(self) -> Option<&'static OpDef> {
        registry().of(self)
    }
    /// A constraint (see [`Traits::constraint`]).
    pub fn is_constraint(self) -> bool {
        self.def().is_some_and(|d| d.traits.constraint)
    }
    /// An op of witnesses (see [`Traits::witness`]).
    pub fn is_witness_op(self) -> bool {
        self.def().is_some_and(|d| d.traits.witness)
    }
    /// An op only values that carry errors have (see
    /// [`Traits::error_value`]).
    pub fn is_error_value_op(self) -> bool {
        self.def().is_some_and(|d| d.traits.error_value)
    }
}

/// The definition of `op`, if its name is registered.
pub fn def_of(ctx: &Context, op: OpId) -> Option<&'static OpDef> {
    ctx.op_def(op)
}

#[cfg(test)]
mod tests {
    use super::{registry, ConstantLike, Traits};

    /// The names of the ops whose traits satisfy `has`, sorted.
    fn ops_with(has: impl Fn(&Traits) -> bool) -> Vec<&'static str> {
        let registry = registry();
        let mut names: Vec<&str> = registry
            .names()
            .filter(|n| registry.get(n).is_some_and(|d| has(&d.traits)))
            .collect();
        names.sort_unstable();
        names
    }

    fn sorted(mut names: Vec<&'static str>) -> Vec<&'static str> {
        names.sort_unstable();
        names
    }

    #[test]
    fn commutative_ops_are_mlirs() {
        let expected = vec![
            "arith.addf",
            "arith.addi",
            "arith.addui_extended",
            "arith.andi",
            "arith.maximumf",
            "arith.maxnumf",
            "arith.maxsi",
            "arith.maxui",
            "arith.minimumf",
            "arith.minnumf",
            "arith.minsi",
            "arith.minui",
            "arith.mulf",
            "arith.muli",
            "arith.mulsi_extended",
            "arith.mului_extended",
            "arith.ori",
            "arith.xori",
            "shape.add",
            "shape.any",
            "shape.assuming_all",
            "shape.broadcast",
            "shape.cstr_broadcastable",
            "shape.cstr_eq",
            "shape.is_broadcastable",
            "shape.max",
            "shape.meet",
            "shape.min",
            "shape.mul",
            "shape.shape_eq",
        ];
        assert_eq!(ops_with(|t| t.commutative), sorted(expected));
    }

    #[test]
    fn cast_ops_are_mlirs() {
        let expected = vec![
            "arith.bitcast",
            "arith.extsi",
            "arith.extui",
            "arith.index_cast",
            "arith.index_castui",
            "arith.trunci",
            "builtin.unrealized_conversion_cast",
            "memref.cast",
            "memref.memory_space_cast",
            "shape.size_to_index",
            "shape.to_extent_tensor",
            "tensor.cast",
        ];
        assert_eq!(ops_with(|t| t.cast), sorted(expected));
    }

    #[test]
    fn constraint_witness_and_error_value_ops_are_the_shape_dialects() {
        let constraints = [
            "shape.cstr_broadcastable",
            "shape.cstr_eq",
            "shape.cstr_require",
        ];
        assert_eq!(ops_with(|t| t.constraint), constraints);
        let mut witnesses = constraints.to_vec();
        witnesses.extend([
            "shape.assuming",
            "shape.assuming_all",
            "shape.assuming_yield",
            "shape.const_witness",
        ]);
        assert_eq!(ops_with(|t| t.witness), sorted(witnesses));
        let error_values = vec![
            "shape.meet",
            "shape.value_as_shape",
            "shape.value_of",
            "shape.with_shape",
        ];
        assert_eq!(ops_with(|t| t.error_value), error_values);
        assert!(crate::OpKind::ShapeCstrEq.is_constraint());
        assert!(!crate::OpKind::Unregistered.is_witness_op());
    }

    #[test]
    fn constants_say_where_their_value_is() {
        let value = |name: &str| registry().get(name).and_then(|d| d.traits.constant_like);
        let expected = [
            ("arith.constant", ConstantLike::Attr("value")),
            ("func.constant", ConstantLike::Attr("value")),
            ("shape.const_shape", ConstantLike::Attr("shape")),
            ("shape.const_size", ConstantLike::Attr("value")),
            ("shape.const_witness", ConstantLike::Attr("passing")),
            ("ub.poison", ConstantLike::Poison),
        ];
        for (name, where_) in expected {
            assert_eq!(value(name), Some(where_), "{name}");
        }
        let names: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
        assert_eq!(ops_with(|t| t.constant_like.is_some()), names);
    }
}
