//! `convert-shape-to-std`: asserting-form shape functions (stage 3) to std
//! form — `tensor`, `arith`, `scf` and `cf.assert`, with no `shape` op or
//! type left.
//!
//! Every shape op that can remain in asserting form is lowered:
//! `shape_of`, `rank`, `get_extent`, `dim`, `split_at`, `concat`,
//! `broadcast`, `is_broadcastable`, `shape_eq`, `num_elements`,
//! `const_shape`, `const_size`, `add`, `mul`, `div`
//! (`arith.floordivsi`, floor division as the interpreter does), `max`,
//! `min`, `any` (its first operand), `reduce`, and the identities
//! `to_extent_tensor`, `from_extent_tensor`, `index_to_size`,
//! `size_to_index` and `debug_print` (which prints nothing in std form).
//! `!shape.shape` becomes `tensor<?xindex>` and `!shape.size` `index`,
//! everywhere: signatures, block arguments, results of any op. The
//! functions of a `shape.function_library` become `func.func`s of the
//! module around it, and the library (whose mapping only guided
//! `reify-shape-library`) goes.
//!
//! Where the rank of a shape is known at the op — from types, from how the
//! shape was made, or from the `cf.assert`s before it (the rank analysis,
//! `analysis::ranks`) — the shape is a list of `index` values (a `tensor.dim` of a tensor, a
//! `tensor.extract` at a constant index of an extent tensor, constants) and
//! its ops are straight-line code on them: `broadcast` takes per dimension
//! the last extent that is not 1 (`arith.select(%b == 1, %a, %b)`),
//! `is_broadcastable` checks that every other extent is 1 or that one,
//! `split_at` and `concat` rearrange the list, `reduce` is unrolled. A list
//! becomes a tensor (`tensor.from_elements`) only where an op that is not
//! lowered here uses it. Shapes of unknown rank (or of a rank above 64) get
//! loops: `tensor.generate`, `scf.for` (with `scf.if` where an operand of a
//! broadcast has no extent), `tensor.concat`. `shape_of` makes no code of
//! its own, and the parts `split_at` makes at a runtime index are slices:
//! their extents are read where they are used (`tensor.dim`, or
//! `tensor.extract` at an offset), after the asserts that fix the ranks; a
//! part whose length a constant index gives (the head at `i >= 0`, the tail
//! at `i < 0`) is straight-line code whatever the rank.
//!
//! In a function that assumes strict symbolic shapes
//! ([`ir::dialect::func::STRICT_SYMBOLIC_SHAPES`]), a broadcast or
//! broadcast check first asserts, in one `cf.assert` with the message that
//! names the assumption, that in each dimension the extents strict
//! symbolic shapes compares are equal ([`analysis::strict_extents`]); the
//! first of them then stands for all, so the dimension's result takes no
//! select unless an extent of unknown origin takes part. A check already
//! asserted in the block (or a block around it) is not asserted again. Std form checks the assumption in its code, so the
//! attribute goes from the functions lowered and from `root`.
//!
//! Precondition: asserting form, or any function whose `shape` ops are the
//! ones above on extent tensors, `index`, `!shape.shape` or `!shape.size`,
//! where every `!shape.shape` or `!shape.size` value comes from a function
//! argument or an op that cannot fail ([`ir::dialect::shape::makes_no_error`]):
//! such a value holds no error, and std form has nothing else to hold it
//! in. An op that may give an error value (a `shape.broadcast` of
//! `!shape.shape`s, say) is refused with an error at it before anything is
//! changed, rather than lowered as if it could not fail. Postcondition: every function is legal in
//! std form (checked), verifies, and on every input gives the same
//! results, or fails at the same `cf.assert` with the same message; code
//! whose shape ops were undefined on an input (a broadcast of shapes that do
//! not broadcast, a `split_at` index out of range, a division by zero) may
//! give anything on that input, and no check is added for it. Declines,
//! with an error at the op: witnesses and constraints (`lower-to-asserting`
//! goes first), values that carry errors (`shape.meet`,
//! `!shape.value_shape`, `shape.with_shape`, `shape.value_as_shape`,
//! `shape.value_of`), and a library function whose name the module already
//! uses — unless the module only declares it (`func.func private @f(...)`,
//! the host calling the shape function it will get): the declaration must
//! then have the lowered signature, and the definition takes its place. Shape ops outside functions and libraries are left alone (the std
//! stage's legality check names them).
//!
//! ```mlir
//! %s = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
//! %r = shape.rank %s : tensor<?xindex> -> index
//! %is2 = arith.cmpi eq, %r, %c2 : index
//! cf.assert %is2, "requires rank 2 operands"
//! %head, %tail = "shape.split_at"(%s, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
//! return %tail : tensor<?xindex>
//! // becomes
//! %r = tensor.rank %lhs : tensor<*xf32>
//! %is2 = arith.cmpi eq, %r, %c2 : index
//! cf.assert %is2, "requires rank 2 operands"
//! %dim = tensor.dim %lhs, %c1 : tensor<*xf32>
//! %tail = tensor.from_elements %dim : tensor<1xindex>
//! %cast = tensor.cast %tail : tensor<1xindex> to tensor<?xindex>
//! return %cast : tensor<?xindex>
//! ```

mod build;
mod ops;
mod speculate;
mod status;

use analysis::ranks::{constant_int, is_extent_tensor, Atom, Fact, Facts, RankAnalysis};
use analysis::strict_extents::StrictExtents;
use diag::Diagnostic;
use ir::builder::{Build, InsertPoint};
use ir::dialect::func::STRICT_SYMBOLIC_SHAPES;
use ir::dialect::shape::SHAPE_FN;
use ir::{Attr, BlockId, Context, Location, OpId, OpKind, OperationState, Type, TypeKind, ValueId};
use pass::stage::{check_legality, Stage};
use pass::{error_at, internal_error_at, PassDecl, PassRegistry, PassResult, Statistics};
use rustc_hash::{FxHashMap, FxHashSet};

/// What a failed check does in std form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FailureMode {
    /// `cf.assert`: the process aborts with the message.
    #[default]
    Abort,
    /// The function returns a status (`status.rs`).
    Status,
}

pass::option_enum!(FailureMode, "'abort' | 'status'", {
    "abort" => FailureMode::Abort,
    "status" => FailureMode::Status,
});

pass::pass_options! {
    /// Options of `convert-shape-to-std`.
    pub struct ConvertShapeToStdOptions {
        /// What a failed check does: abort, or return a status.
        failure: FailureMode = FailureMode::Abort, "failure";
    }
}

pub struct ConvertShapeToStd {
    failure: FailureMode,
}

impl PassDecl for ConvertShapeToStd {
    const NAME: &'static str = "convert-shape-to-std";
    const SUMMARY: &'static str =
        "Lower shape ops to tensor, arith and scf; straight-line code where ranks are known";
    type Options = ConvertShapeToStdOptions;
    fn new(options: ConvertShapeToStdOptions, _: &PassRegistry) -> Result<Self, String> {
        Ok(ConvertShapeToStd {
            failure: options.failure,
        })
    }
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        convert_shape_to_std(ctx, op, self.failure)
    }
}

/// Lower every function under `root` (and `root` itself if it is one),
/// after moving library functions out of their libraries; with
/// [`FailureMode::Status`], checks then return a status.
pub fn convert_shape_to_std(
    ctx: &mut Context,
    root: OpId,
    failure: FailureMode,
) -> Result<(), Diagnostic> {
    refuse_error_values(ctx, root)?;
    let mut libraries = Vec::new();
    ctx.walk_nested(root, &mut |o| {
        if ctx.kind(o) == OpKind::ShapeFunctionLibrary {
            libraries.push(o);
        }
    });
    let mut unpacked = Vec::new();
    for library in libraries {
        unpacked.extend(unpack_library(ctx, library)?);
    }
    let mut functions = Vec::new();
    if ctx.kind(root) == OpKind::FuncFunc {
        functions.push(root);
    }
    ctx.walk_nested(root, &mut |o| {
        if ctx.kind(o) == OpKind::FuncFunc {
            functions.push(o);
        }
    });
    for &f in &functions {
        lower_function(ctx, f)?;
        check_legality(ctx, f, Stage::Std).map_err(|mut d| {
            d.message = format!("internal error: convert-shape-to-std left {}", d.message);
            d
        })?;
    }
    // Std form checks strict symbolic shapes in its code, not by attribute.
    for &op in functions.iter().chain([&root]) {
        ctx.remove_discardable_attr(op, STRICT_SYMBOLIC_SHAPES);
    }
    if failure == FailureMode::Status {
        let library: FxHashSet<OpId> = unpacked.iter().map(|&(_, f)| f).collect();
        functions.retain(|&f| !ir::dialect::is_declaration(ctx, f));
        status::return_statuses(ctx, root, &functions, &library)?;
    }
    for (declaration, function) in unpacked {
        if let Some(declaration) = declaration {
            define_declaration(ctx, declaration, function)?;
        }
    }
    drop_shape_function_instances(ctx, root);
    Ok(())
}

/// Replace the host's `declaration` of a library function by `function`,
/// its lowering (in the declaration's place), when the declared signature
/// is the lowered one.
fn define_declaration(
    ctx: &mut Context,
    declaration: OpId,
    function: OpId,
) -> Result<(), Diagnostic> {
    let signature = |o: OpId| ctx.attr(o, "function_type").and_then(Attr::as_type);
    let (declared, lowered) = (signature(declaration), signature(function));
    if declared != lowered {
        let printer = ir::print_attr::AttrPrinter::new(ctx);
        let show =
            |t: Option<Type>| t.map_or_else(|| "no type".into(), |t| printer.type_to_string(t));
        let message = format!(
            "declares {} but the library function it names lowers to {}",
            show(declared),
            show(lowered)
        );
        return Err(error_at(ctx, declaration, message));
    }
    ctx.move_op_before(function, declaration);
    ctx.erase_op(declaration);
    Ok(())
}

/// Drop the `shape.fn` attribute of every registered op under `root`, and
/// the private instances they named that nothing else uses (their checks
/// were inlined where the ops stand) when `root` is the module holding
/// them. A host op keeps its link to the instance of its shape function,
/// lowered to std form with the rest: it says what shape the op gives,
/// for the host (and the interpreter) to use.
fn drop_shape_function_instances(ctx: &mut Context, root: OpId) {
    let mut named = Vec::new();
    let registered_and_named =
        |ctx: &Context, o: OpId| ctx.op_def(o).is_some() && ctx.attr(o, SHAPE_FN).is_some();
    if registered_and_named(ctx, root) {
        named.push(root);
    }
    ctx.walk_nested(root, &mut |o| {
        if registered_and_named(ctx, o) {
            named.push(o);
        }
    });
    let mut instances = std::collections::HashSet::new();
    for op in named {
        if let Some(name) = ctx.attr(op, SHAPE_FN).and_then(Attr::as_symbol) {
            instances.insert(name.to_string());
        }
        ctx.remove_discardable_attr(op, SHAPE_FN);
    }
    if !instances.is_empty() && ctx.kind(root) == OpKind::BuiltinModule {
        crate::generic::symbol_dce::eliminate_dead_symbols_named(ctx, root, &instances);
    }
}

/// The first op under `root` whose `!shape.shape` or `!shape.size` result
/// may be an error the op made itself, as an error: lowering it as if it
/// could not fail would turn a failing input into a passing one.
fn refuse_error_values(ctx: &Context, root: OpId) -> Result<(), Diagnostic> {
    let mut refused = None;
    ctx.walk_nested(root, &mut |o| {
        if refused.is_some()
            || ir::dialect::shape::makes_no_error(ctx, o)
            || pass::stage::keeps_host_types(ctx, o)
        {
            return;
        }
        let error_value = ctx.op(o).results.iter().find(|&&r| {
            matches!(
                ctx.type_kind(ctx.value_type(r)),
                TypeKind::Shape | TypeKind::Size
            )
        });
        if let Some(&r) = error_value {
            refused = Some((o, r));
        }
    });
    match refused {
        None => Ok(()),
        Some((op, result)) => {
            let shown =
                ir::print_attr::AttrPrinter::new(ctx).type_to_string(ctx.value_type(result));
            Err(error_at(
                ctx,
                op,
                format!("may give an error as its {shown} result, which std form cannot hold: run 'lower-to-constrained' first"),
            ))
        }
    }
}

/// The state of a new op of `kind`, with the properties an `arith` op
/// written without flags has.
fn new_state(kind: OpKind, loc: Location) -> OperationState {
    let mut state = OperationState::new(kind, loc);
    state.props = ir::dialect::arith::default_properties(kind);
    state
}

/// Move the `shape.func`s of `library` out, before it, as `func.func`s
/// (their `shape.return`s become `func.return`s), and erase the library.
/// Each function moved, with the host's declaration of it if any.
fn unpack_library(
    ctx: &mut Context,
    library: OpId,
) -> Result<Vec<(Option<OpId>, OpId)>, Diagnostic> {
    let symbol = |ctx: &Context, o: OpId| {
        ctx.attr(o, "sym_name")
            .and_then(Attr::as_str)
            .map(str::to_string)
    };
    let mut taken: FxHashMap<String, OpId> = FxHashMap::default();
    if let Some(block) = ctx.op(library).parent {
        taken.extend(
            ctx.block_ops(block)
                .filter_map(|o| Some((symbol(ctx, o)?, o))),
        );
    }
    let mut unpacked = Vec::new();
    // Verified: a library and its functions have names.
    let named = |ctx: &Context, o: OpId| {
        symbol(ctx, o).ok_or_else(|| internal_error_at(ctx, o, "has no 'sym_name'"))
    };
    let library_name = named(ctx, library)?;
    let body: Vec<OpId> = ctx
        .op(library)
        .regions
        .iter()
        .flat_map(|&r| ctx.region(r).blocks.clone())
        .flat_map(|b| ctx.block_ops(b).collect::<Vec<_>>())
        .filter(|&o| ctx.kind(o) == OpKind::ShapeFunc)
        .collect();
    for f in body {
        let name = named(ctx, f)?;
        let declaration = match taken.get(&name) {
            None => None,
            Some(&o) if is_declaration(ctx, o) => Some(o),
            Some(_) => {
                let message = format!(
                    "cannot leave library @{library_name}: the module already defines @{name}"
                );
                return Err(error_at(ctx, f, message));
            }
        };
        taken.insert(name, f);
        let data = ctx.op(f);
        let mut state = OperationState::new(OpKind::FuncFunc, data.loc.clone());
        state.props = data.props.clone();
        state.attrs = data.attrs.clone();
        state.regions = ctx.take_regions(f);
        let function = InsertPoint::Before(library).insert(ctx, state);
        unpacked.push((declaration, function));
        let mut returns = Vec::new();
        ctx.walk_nested(function, &mut |o| {
            if ctx.kind(o) == OpKind::ShapeReturn {
                returns.push(o);
            }
        });
        for r in returns {
            let mut state = OperationState::new(OpKind::FuncReturn, ctx.op(r).loc.clone());
            state.operands.extend(ctx.op(r).operands.iter().copied());
            InsertPoint::Before(r).insert(ctx, state);
            ctx.erase_op(r);
        }
    }
    ctx.erase_op(library);
    Ok(unpacked)
}

/// Whether `op` is a `func.func` without a body.
fn is_declaration(ctx: &Context, op: OpId) -> bool {
    ctx.kind(op) == OpKind::FuncFunc && ir::dialect::is_declaration(ctx, op)
}

/// The std-form type of `t`, or `None` if it has none.
fn std_type(ctx: &mut Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Shape => Some(build::extent_tensor_type(ctx, None)),
        TypeKind::Size => Some(ir::dialect::index(ctx)),
        TypeKind::ValueShape | TypeKind::Witness => None,
        _ => Some(t),
    }
}

/// Give every value under `f` (block arguments, results) and `f`'s
/// signature their std-form types.
fn convert_types(ctx: &mut Context, f: OpId) -> Result<(), Diagnostic> {
    let cannot = |ctx: &Context, op: OpId, t: Type| {
        let shown = ir::print_attr::AttrPrinter::new(ctx).type_to_string(t);
        let hint = match ctx.type_kind(t) {
            TypeKind::Witness => "run 'lower-to-asserting' first",
            _ => "a value that carries errors has no std form",
        };
        error_at(
            ctx,
            op,
            format!("uses type {shown}, which convert-shape-to-std cannot lower: {hint}"),
        )
    };
    // Arguments the function hands on to host ops only keep their types.
    let hosts_only: Vec<bool> = body_args(ctx, f)
        .map(|a| pass::stage::only_hosts_use(ctx, a) && !ctx.value(a).uses.is_empty())
        .collect();
    // A declaration is the host's function, its signature the host's.
    let declaration = is_declaration(ctx, f);
    let signature = ctx.attr(f, "function_type").and_then(Attr::as_type);
    if let Some(ty) = signature.filter(|_| !declaration) {
        if let TypeKind::Function { inputs, results } = ctx.type_kind(ty).clone() {
            let mut convert = |ts: Vec<Type>, keep: &[bool]| {
                ts.into_iter()
                    .enumerate()
                    .map(|(i, t)| match keep.get(i) {
                        Some(true) => Ok(t),
                        _ => std_type(ctx, t).ok_or(t),
                    })
                    .collect::<Result<Vec<Type>, Type>>()
            };
            let converted =
                convert(inputs, &hosts_only).and_then(|i| Ok((i, convert(results, &[])?)));
            let (inputs, results) = converted.map_err(|t| cannot(ctx, f, t))?;
            let fty = ctx.intern_type(TypeKind::Function { inputs, results });
            ctx.set_prop(f, "function_type", Attr::Type(fty));
        }
    }
    let mut ops = vec![f];
    ctx.walk_nested(f, &mut |o| ops.push(o));
    for op in ops {
        let data = ctx.op(op);
        if pass::stage::keeps_host_types(ctx, op) {
            continue;
        }
        let block_args = data
            .regions
            .iter()
            .flat_map(|&r| ctx.region(r).blocks.iter())
            .flat_map(|&b| ctx.block(b).args.iter());
        let values: Vec<ValueId> = block_args.chain(data.results.iter()).copied().collect();
        for v in values {
            if !ctx.value(v).uses.is_empty() && pass::stage::only_hosts_use(ctx, v) {
                continue;
            }
            let t = ctx.value_type(v);
            let converted = std_type(ctx, t).ok_or_else(|| cannot(ctx, op, t))?;
            if converted != t {
                ctx.set_value_type(v, converted);
            }
        }
    }
    Ok(())
}

/// The arguments of the entry block of function `f`, if it has a body.
fn body_args(ctx: &Context, f: OpId) -> impl Iterator<Item = ValueId> + '_ {
    ctx.op(f)
        .regions
        .first()
        .and_then(|&r| ctx.region(r).blocks.first())
        .into_iter()
        .flat_map(|&b| ctx.block(b).args.iter().copied())
}

fn lower_function(ctx: &mut Context, f: OpId) -> Result<(), Diagnostic> {
    let ranks = RankAnalysis::new(ctx, f);
    // Of the signature as written: a `!shape.shape` argument is no tensor.
    let strict = StrictExtents::new(ctx, f);
    convert_types(ctx, f)?;
    let Some(&region) = ctx.op(f).regions.first() else {
        return Ok(());
    };
    let blocks = ctx.region(region).blocks.clone();
    let Some(constant_anchor) = blocks.first().and_then(|&b| ctx.block(b).first) else {
        return Ok(());
    };
    let mut lowering = Lowering {
        ctx,
        ranks,
        strict,
        lowered: FxHashMap::default(),
        scopes: Vec::new(),
        at: InsertPoint::Before(constant_anchor),
        loc: Location::Unknown,
        constants: FxHashMap::default(),
        constant_anchor,
        replaced: Vec::new(),
        created: Vec::new(),
    };
    lowering.loc = lowering.ctx.op(f).loc.clone();
    for block in blocks {
        lowering.lower_block(block)?;
    }
    lowering.finish()
}

/// A shape as the lowering holds it.
#[derive(Clone, Debug)]
enum Shape {
    /// Its extents, one `index` value each: the rank is known.
    Extents(Vec<ValueId>),
    /// The shape of this tensor (ranked or not), made where it is used.
    Of(ValueId),
    /// This extent tensor.
    Tensor(ValueId),
    /// `length` extents of a source (a part `split_at` made at a runtime
    /// index or rank), read where they are used.
    Slice { from: Source, length: ValueId },
}

/// What the extents of a shape are read from.
#[derive(Clone, Copy, Debug)]
enum Base {
    /// The dimensions of this tensor (`tensor.dim`).
    Dims(ValueId),
    /// The elements of this extent tensor (`tensor.extract`).
    Elements(ValueId),
}

/// Where the extents of a shape are read at a runtime index: in `base`,
/// from `offset` on.
#[derive(Clone, Copy, Debug)]
struct Source {
    base: Base,
    offset: ValueId,
}

/// What a value of the input stands for in the output.
#[derive(Clone, Debug)]
enum Lowered {
    /// An `index` or `i1` value.
    Scalar(ValueId),
    Shape(Shape),
}

/// What holds in one block (and the regions nested in it) from the current
/// point on: the rank facts of the asserts passed, and the code made for
/// values there, which later ops of the block may reuse.
#[derive(Default)]
struct Scope {
    facts: Facts,
    /// Ranks computed under `facts`.
    ranks: FxHashMap<ValueId, Option<usize>>,
    /// The extents of a shape value of the input.
    extents: FxHashMap<ValueId, Vec<ValueId>>,
    /// The extent tensor made for a shape value of the input.
    tensors: FxHashMap<ValueId, ValueId>,
    /// The checks of strict symbolic shapes asserted: sets of extents
    /// found equal together.
    asserted: FxHashSet<Vec<Vec<ValueId>>>,
}

/// Ranks above this are treated as unknown: straight-line code grows with
/// the rank, loops do not.
const MAX_STRAIGHT_LINE_RANK: usize = 64;

struct Lowering<'a> {
    ctx: &'a mut Context,
    ranks: RankAnalysis,
    /// What strict symbolic shapes knows of the function's shapes (read
    /// before any op was lowered).
    strict: StrictExtents,
    /// Values of the input made by lowered shape ops (and, in copied
    /// `shape.reduce` bodies, by any op) → what stands for them.
    lowered: FxHashMap<ValueId, Lowered>,
    /// Innermost last.
    scopes: Vec<Scope>,
    /// Where new ops go.
    at: InsertPoint,
    /// The location of the op being lowered, given to the ops made for it.
    loc: Location,
    /// `arith.constant`s made so far, at the start of the function.
    constants: FxHashMap<Attr, ValueId>,
    constant_anchor: OpId,
    /// The shape ops lowered in place, in program order (erased at the end).
    replaced: Vec<OpId>,
    /// Every op made, in order (those left unused are erased at the end).
    created: Vec<OpId>,
}

impl Lowering<'_> {
    fn push_scope(&mut self) {
        let facts = self.scope().map(|s| s.facts.clone()).unwrap_or_default();
        self.scopes.push(Scope {
            facts,
            ..Scope::default()
        });
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn scope(&self) -> Option<&Scope> {
        self.scopes.last()
    }

    /// Whether extent `e` is known not to be 1: a constant other than 1.
    fn known_not_one(&self, e: ValueId) -> bool {
        constant_int(self.ctx, e).is_some_and(|n| n != 1)
    }

    /// Lower the ops of `block` in place.
    fn lower_block(&mut self, block: BlockId) -> Result<(), Diagnostic> {
        self.push_scope();
        let ops: Vec<OpId> = self.ctx.block_ops(block).collect();
        let result = ops.into_iter().try_for_each(|op| self.visit(op));
        self.pop_scope();
        result
    }

    /// Lower `op` in place: a shape op is replaced (erased at the end), any
    /// other op gets the values standing for its lowered operands.
    fn visit(&mut self, op: OpId) -> Result<(), Diagnostic> {
        self.at = InsertPoint::Before(op);
        self.loc = self.ctx.op(op).loc.clone();
        if self.ctx.op_name(op).starts_with("shape.") {
            let results = self.lower_shape_op(op)?;
            self.bind(op, results);
            self.replaced.push(op);
            return Ok(());
        }
        for i in 0..self.ctx.op(op).operands.len() {
            let v = self.ctx.op(op).operands[i];
            if self.lowered.contains_key(&v) {
                let nv = self.value(v)?;
                self.ctx.set_operand(op, i, nv);
            }
        }
        self.lower_regions(op)?;
        if self.ctx.kind(op) == OpKind::CfAssert {
            for fact in self.ranks.facts_of(op).to_vec() {
                self.learn(fact);
            }
        }
        Ok(())
    }

    /// Add `fact` to the innermost scope; an equality with a rank known
    /// here also fixes the other rank.
    fn learn(&mut self, fact: Fact) {
        let known = match fact {
            Fact::Equal(a, b) => {
                let rank = self.atom_rank(a).map(|n| (b, n));
                rank.or_else(|| self.atom_rank(b).map(|n| (a, n)))
            }
            Fact::Is(..) => None,
        };
        if let Some(scope) = self.scopes.last_mut() {
            scope.facts.add(fact);
            if let Some((atom, n)) = known {
                scope.facts.add(Fact::Is(atom, n));
            }
            scope.ranks.clear();
        }
    }

    /// The rank `atom` stands for, if known here.
    fn atom_rank(&mut self, atom: Atom) -> Option<usize> {
        match atom {
            Atom::Length(s) => self.known_rank(s),
            Atom::Rank(t) => match self.ctx.type_kind(self.ctx.value_type(t)) {
                TypeKind::RankedTensor { shape, .. } => Some(shape.len()),
                _ => None,
            },
        }
    }

    /// Lower the blocks of `op`'s regions in place, the cursor kept.
    fn lower_regions(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let (at, loc) = (self.at, self.loc.clone());
        let blocks: Vec<BlockId> = self
            .ctx
            .op(op)
            .regions
            .iter()
            .flat_map(|&r| self.ctx.region(r).blocks.clone())
            .collect();
        let result = blocks.into_iter().try_for_each(|b| self.lower_block(b));
        (self.at, self.loc) = (at, loc);
        result
    }

    fn bind(&mut self, op: OpId, results: Vec<Lowered>) {
        let values = self.ctx.op(op).results.to_vec();
        for (v, l) in values.into_iter().zip(results) {
            self.lowered.insert(v, l);
        }
    }

    /// Lower a copy of the body of `reduce` at the cursor, its arguments
    /// bound to `arguments`; what its `shape.yield` yields.
    fn lower_copy(
        &mut self,
        reduce: OpId,
        arguments: Vec<Lowered>,
    ) -> Result<Vec<Lowered>, Diagnostic> {
        self.push_scope();
        let result = self.copy_ops(reduce, arguments);
        self.pop_scope();
        result
    }

    fn copy_ops(
        &mut self,
        reduce: OpId,
        arguments: Vec<Lowered>,
    ) -> Result<Vec<Lowered>, Diagnostic> {
        let body = self
            .ctx
            .op(reduce)
            .regions
            .first()
            .and_then(|&r| self.ctx.region(r).blocks.first().copied())
            .ok_or_else(|| error_at(self.ctx, reduce, "has no body"))?;
        let args = self.ctx.block(body).args.clone();
        for (a, l) in args.into_iter().zip(arguments) {
            self.lowered.insert(a, l);
        }
        let ops: Vec<OpId> = self.ctx.block_ops(body).collect();
        for op in ops {
            self.loc = self.ctx.op(op).loc.clone();
            match self.ctx.kind(op) {
                OpKind::ShapeYield => {
                    let yielded = self.ctx.op(op).operands.to_vec();
                    return Ok(yielded.into_iter().map(|v| self.lookup(v)).collect());
                }
                // Shape ops, and ops of the shape dialect no definition
                // covers (which `lower_shape_op` refuses).
                ir::shape_witness_ops!()
                | ir::shape_computation_ops!()
                | ir::shape_definition_ops!()
                | OpKind::ShapeDebugPrint => {
                    let results = self.lower_shape_op(op)?;
                    self.bind(op, results);
                }
                OpKind::Unregistered if self.ctx.op_name(op).starts_with("shape.") => {
                    let results = self.lower_shape_op(op)?;
                    self.bind(op, results);
                }
                // Host ops are copied.
                ir::arith_ops!()
                | ir::control_and_memory_ops!()
                | ir::tensor_ops!()
                | OpKind::Unregistered => self.copy_op(op)?,
            }
        }
        Err(error_at(
            self.ctx,
            reduce,
            "has a body that does not end in 'shape.yield'",
        ))
    }

    /// Copy a non-shape op of a copied body to the cursor, its operands (and
    /// those of the ops nested in it) replaced by what stands for them,
    /// then lower the copy's regions in place.
    fn copy_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let mut used = self.ctx.op(op).operands.to_vec();
        self.ctx
            .walk_nested(op, &mut |o| used.extend(self.ctx.op(o).operands.iter()));
        let mut map = std::collections::HashMap::new();
        for v in used {
            if self.lowered.contains_key(&v) && !map.contains_key(&v) {
                let nv = self.value(v)?;
                map.insert(v, nv);
            }
        }
        let copy = self.ctx.clone_operation(op, &mut map);
        self.insert(copy);
        let pairs: Vec<(ValueId, ValueId)> = self
            .ctx
            .op(op)
            .results
            .iter()
            .copied()
            .zip(self.ctx.op(copy).results.iter().copied())
            .collect();
        for (old, new) in pairs {
            let l = self.lookup(new);
            self.lowered.insert(old, l);
        }
        self.lower_regions(copy)
    }

    /// What stands for `v`: its lowering, or `v` itself (an extent tensor is
    /// a shape, anything else a scalar).
    fn lookup(&self, v: ValueId) -> Lowered {
        match self.lowered.get(&v) {
            Some(l) => l.clone(),
            None if is_extent_tensor(self.ctx, v) => Lowered::Shape(Shape::Tensor(v)),
            None => Lowered::Scalar(v),
        }
    }

    /// `v` as a shape.
    fn shape(&self, v: ValueId) -> Shape {
        match self.lookup(v) {
            Lowered::Shape(s) => s,
            Lowered::Scalar(x) => Shape::Tensor(x),
        }
    }

    /// `v` as an `index` or `i1` value.
    fn scalar(&self, v: ValueId) -> ValueId {
        match self.lookup(v) {
            Lowered::Scalar(x) => x,
            Lowered::Shape(_) => v,
        }
    }

    /// The value standing for `v`, of `v`'s own type, made at the cursor if
    /// needed.
    fn value(&mut self, v: ValueId) -> Result<ValueId, Diagnostic> {
        match self.lookup(v) {
            Lowered::Scalar(x) => Ok(x),
            Lowered::Shape(Shape::Tensor(x)) if x == v => Ok(v),
            Lowered::Shape(_) => {
                let t = self.tensor(v)?;
                let ty = self.ctx.value_type(v);
                Ok(self.cast(t, ty))
            }
        }
    }

    /// A value of type `ty` standing for `l`, made at the cursor if needed.
    fn stand_in(&mut self, l: Lowered, ty: Type) -> Result<ValueId, Diagnostic> {
        match l {
            Lowered::Scalar(x) => Ok(x),
            Lowered::Shape(s) => {
                let t = self.tensor_of(s)?;
                Ok(self.cast(t, ty))
            }
        }
    }

    /// The rank of shape `v` at the cursor, if known (and small enough for
    /// straight-line code, unless its extents are already there).
    fn known_rank(&mut self, v: ValueId) -> Option<usize> {
        if let Shape::Extents(e) = self.shape(v) {
            return Some(e.len());
        }
        let scope = self.scopes.last_mut()?;
        self.ranks
            .rank(self.ctx, v, &scope.facts, &mut scope.ranks)
            .filter(|&n| n <= MAX_STRAIGHT_LINE_RANK)
    }

    /// The `n` extents of shape `v` (whose rank is `n` at the cursor).
    fn extents(&mut self, v: ValueId, n: usize) -> Vec<ValueId> {
        if let Some(e) = self.scopes.iter().rev().find_map(|s| s.extents.get(&v)) {
            return e.clone();
        }
        let from = match self.shape(v) {
            Shape::Extents(e) => return e,
            Shape::Slice { from, .. } => from,
            Shape::Of(t) => self.at_start(Base::Dims(t)),
            Shape::Tensor(x) => self.at_start(Base::Elements(x)),
        };
        let extents: Vec<ValueId> = (0..n)
            .map(|j| {
                let j = self.constant(j as i64);
                self.read(from, j)
            })
            .collect();
        if let Some(scope) = self.scopes.last_mut() {
            scope.extents.insert(v, extents.clone());
        }
        extents
    }

    /// Shape `v` as an extent tensor (of static length when its rank is
    /// known).
    fn tensor(&mut self, v: ValueId) -> Result<ValueId, Diagnostic> {
        if let Some(&t) = self.scopes.iter().rev().find_map(|s| s.tensors.get(&v)) {
            return Ok(t);
        }
        let t = match (self.shape(v), self.known_rank(v)) {
            (Shape::Of(_), Some(n)) => {
                let e = self.extents(v, n);
                self.extent_tensor(&e)
            }
            (s, _) => self.tensor_of(s)?,
        };
        if let Some(scope) = self.scopes.last_mut() {
            scope.tensors.insert(v, t);
        }
        Ok(t)
    }

    /// Shape `s` as an extent tensor, knowing no more than it says.
    fn tensor_of(&mut self, s: Shape) -> Result<ValueId, Diagnostic> {
        match s {
            Shape::Tensor(x) => Ok(x),
            Shape::Extents(e) => Ok(self.extent_tensor(&e)),
            Shape::Of(t) => match self.ctx.type_kind(self.ctx.value_type(t)) {
                TypeKind::RankedTensor { shape, .. } => {
                    let e: Vec<ValueId> = (0..shape.len()).map(|j| self.dim(t, j)).collect();
                    Ok(self.extent_tensor(&e))
                }
                _ => {
                    let index = ir::dialect::index(self.ctx);
                    let rank = self.build1(OpKind::TensorRank, &[t], index, vec![]);
                    let from = self.at_start(Base::Dims(t));
                    self.generate(
                        rank,
                        Box::new(move |this, j| Ok(vec![this.read(from, j[0])])),
                    )
                }
            },
            Shape::Slice { from, length } => match from.base {
                Base::Elements(x) => Ok(self.slice(x, from.offset, length)),
                Base::Dims(_) => self.generate(
                    length,
                    Box::new(move |this, j| Ok(vec![this.read(from, j[0])])),
                ),
            },
        }
    }

    /// Where the extents of shape `v` are read at a runtime index: the
    /// dimensions of the tensor it is the shape of, an extent tensor, or
    /// the source it is a slice of.
    fn source(&mut self, v: ValueId) -> Result<Source, Diagnostic> {
        let base = match self.shape(v) {
            Shape::Slice { from, .. } => return Ok(from),
            Shape::Of(t) => Base::Dims(t),
            Shape::Tensor(x) => Base::Elements(x),
            Shape::Extents(_) => Base::Elements(self.tensor(v)?),
        };
        Ok(self.at_start(base))
    }

    /// The extents of `base` from the first on.
    fn at_start(&mut self, base: Base) -> Source {
        let offset = self.constant(0);
        Source { base, offset }
    }

    /// The extent at `index` of `source`.
    fn read(&mut self, source: Source, index: ValueId) -> ValueId {
        let index = self.shifted(source.offset, index);
        match source.base {
            Base::Dims(t) => self.dim_at(t, index),
            Base::Elements(x) => self.extract(x, index),
        }
    }

    /// `offset + index`: `arith.addi`, folded. Where the fold is known
    /// before the op is made (a constant index, read from the start as
    /// [`Lowering::extents`] does), what it folds to, without making it.
    fn shifted(&mut self, offset: ValueId, index: ValueId) -> ValueId {
        match (
            constant_int(self.ctx, offset),
            constant_int(self.ctx, index),
        ) {
            // `addi(%a, 0)` folds to `%a`.
            (Some(_), Some(0)) => offset,
            // `addi(0, j)` folds to the constant `j`.
            (Some(0), Some(j)) => self.constant(j),
            _ => self.binary(OpKind::ArithAddi, offset, index),
        }
    }

    /// The rank of shape `v`, as an `index` value.
    fn rank_value(&mut self, v: ValueId) -> ValueId {
        if let Some(n) = self.known_rank(v) {
            return self.constant(n as i64);
        }
        match self.shape(v) {
            Shape::Extents(e) => self.constant(e.len() as i64),
            Shape::Of(t) => {
                let index = ir::dialect::index(self.ctx);
                self.build1(OpKind::TensorRank, &[t], index, vec![])
            }
            Shape::Tensor(x) => self.dim(x, 0),
            Shape::Slice { length, .. } => length,
        }
    }

    /// Erase the shape ops lowered, then what was made but not used.
    fn finish(self) -> Result<(), Diagnostic> {
        // Their results may still be used only by each other and by the ops
        // nested in them (`shape.reduce` bodies).
        let mut gone: FxHashSet<OpId> = self.replaced.iter().copied().collect();
        for &op in &self.replaced {
            self.ctx.walk_nested(op, &mut |o| {
                gone.insert(o);
            });
        }
        for &op in &self.replaced {
            for &r in &self.ctx.op(op).results {
                let users = self.ctx.value(r).uses.iter().map(|u| u.op);
                if let Some(user) = users.into_iter().find(|u| !gone.contains(u)) {
                    return Err(error_at(
                        self.ctx,
                        user,
                        "uses a shape value before the op defining it, in block order; convert-shape-to-std cannot lower it",
                    ));
                }
            }
        }
        for &op in self.replaced.iter().rev() {
            self.ctx.erase_op(op);
        }
        loop {
            let mut erased = false;
            for &op in self.created.iter().rev() {
                if self.ctx.op(op).parent.is_some() && pass::trivially_dead(self.ctx, op) {
                    self.ctx.erase_op(op);
                    erased = true;
                }
            }
            if !erased {
                return Ok(());
            }
        }
    }
}
