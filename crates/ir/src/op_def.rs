//! Operation definitions: signature (named operand/result/attribute/region
//! groups), traits, syntax, verifier and result-name suggestions, and the
//! registry that maps op names to them.

use crate::asm::{AsmParser, PResult};
use crate::attrs::Attr;
use crate::context::{Context, OpId, OperationState};
use crate::format::Format;
use crate::printer::OpPrinter;
use crate::types::Type;
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
/// Suggested SSA names for an op's results (`%c1`, `%dim`...).
pub type ResultNamesFn = fn(&Context, OpId) -> Vec<Option<String>>;

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
    pub parents: Option<&'static [crate::OpKind]>,
    /// Its regions are graph regions (MLIR's `HasOnlyGraphRegion`:
    /// `builtin.module`): the ops of a single-block region may use values
    /// defined after them. Single-block regions of unregistered ops are
    /// graph regions too; a region of several blocks never is.
    pub graph_regions: bool,
    /// What the op is to the forms of a shape function ([`ShapeRole`]).
    pub shape_role: ShapeRole,
}

/// What an op is to the forms a shape function goes through: which form
/// has no place for it. Most ops are [`ShapeRole::Plain`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShapeRole {
    /// Neither a witness op nor an op of values that carry errors.
    #[default]
    Plain,
    /// A constraint (`shape.cstr_*`): it checks its operands and gives a
    /// witness. Every constraint is also a witness op.
    Constraint,
    /// An op that combines, makes or consumes witnesses
    /// (`shape.assuming`, `shape.assuming_all`, `shape.const_witness`...):
    /// error-monadic and asserting code have none.
    Witness,
    /// An op only values that carry errors have (`shape.meet`,
    /// `shape.with_shape`...): constrained and asserting code have none.
    ErrorValue,
}

impl ShapeRole {
    /// A constraint or another witness op.
    pub fn is_witness_op(self) -> bool {
        matches!(self, ShapeRole::Constraint | ShapeRole::Witness)
    }
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
    pub name: &'static str,
    /// The typed identity of ops of this definition.
    pub kind: crate::OpKind,
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
}

impl std::fmt::Debug for OpDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpDef({})", self.name)
    }
}

/// Start defining the op of kind `kind`; its name is the kind's.
pub fn op(kind: crate::OpKind) -> OpDef {
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
    /// What the op is to the forms of a shape function (see
    /// [`Traits::shape_role`]).
    pub fn shape_role(mut self, role: ShapeRole) -> Self {
        self.traits.shape_role = role;
        self
    }
    /// MLIR's `CastOpInterface` (see [`Traits::cast`]).
    pub fn cast(mut self) -> Self {
        self.traits.cast = true;
        self
    }
    /// MLIR's `HasParent` (see [`Traits::parents`]).
    pub fn parents(mut self, parents: &'static [crate::OpKind]) -> Self {
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

    /// More than one non-single operand group: sizes live in `operandSegmentSizes`.
    pub fn has_operand_segments(&self) -> bool {
        self.operands
            .iter()
            .filter(|s| s.arity != Arity::Single)
            .count()
            > 1
    }
    pub fn has_result_segments(&self) -> bool {
        self.results
            .iter()
            .filter(|s| s.arity != Arity::Single)
            .count()
            > 1
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

    /// The values of operand group `i` of `op`.
    pub fn operand_group<'c>(&self, ctx: &'c Context, op: OpId, i: usize) -> &'c [crate::ValueId] {
        let values = &ctx.op(op).operands;
        let segments = self
            .has_operand_segments()
            .then(|| ctx.attr(op, "operandSegmentSizes"))
            .flatten();
        let range = group_range(&self.operands, values.len(), segments, i);
        let group = values.get(range);
        debug_assert!(
            group.is_some(),
            "the groups of a verified op cover its operands"
        );
        group.unwrap_or_default()
    }
    /// The values of result group `i` of `op`.
    pub fn result_group<'c>(&self, ctx: &'c Context, op: OpId, i: usize) -> &'c [crate::ValueId] {
        let values = &ctx.op(op).results;
        let segments = self
            .has_result_segments()
            .then(|| ctx.attr(op, "resultSegmentSizes"))
            .flatten();
        let range = group_range(&self.results, values.len(), segments, i);
        let group = values.get(range);
        debug_assert!(
            group.is_some(),
            "the groups of a verified op cover its results"
        );
        group.unwrap_or_default()
    }
}

/// The index range of group `i` when `total` values are split over `specs`
/// (see [`group_sizes`]), without building the size list.
fn group_range(
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
    let singles = specs.iter().filter(|s| s.arity == Arity::Single).count();
    let rest = total.saturating_sub(singles);
    let size = |s: &ValueSpec| if s.arity == Arity::Single { 1 } else { rest };
    let start: usize = specs.iter().take(i).map(size).sum();
    start..start + specs.get(i).map_or(0, size)
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

/// All registered ops by name.
pub struct Registry {
    ops: rustc_hash::FxHashMap<&'static str, OpDef>,
}

impl Registry {
    pub fn get(&self, name: &str) -> Option<&OpDef> {
        self.ops.get(name)
    }
    /// The definition of ops of kind `kind`.
    pub fn of(&self, kind: crate::OpKind) -> Option<&OpDef> {
        kind.name().and_then(|name| self.get(name))
    }
    pub fn is_registered_dialect(&self, dialect: &str) -> bool {
        crate::dialect::DIALECTS.contains(&dialect)
    }
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.ops.keys().copied()
    }
}

/// The registry of every op of every dialect shape-opt knows.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut ops = rustc_hash::FxHashMap::default();
        for def in crate::dialect::all_ops() {
            ops.insert(def.name, def);
        }
        Registry { ops }
    })
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
