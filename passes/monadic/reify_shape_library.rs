//! `reify-shape-library`: instantiate the shape function a
//! `shape.function_library` maps an op to, at every such op of the module.
//!
//! The libraries are those the module's `shape.lib` attribute names (one
//! symbol or an array), else every `shape.function_library` of the module.
//! An op (outside the libraries and other nested symbol tables) whose name
//! a library's `mapping` names (`foo.matmul = @matmul`) gets its own copy
//! of that shape function, **outlined** as a private `func.func` of the
//! module, named `<op name>_<function>_shape_<N>` (non-alphanumerics become
//! `_`; `N` counts from 0 and skips names in use), placed after the
//! top-level op holding the op:
//! - its parameters are the op's operand types: a `!shape.value_shape`
//!   parameter becomes the operand's tensor. `shape.shape_of`,
//!   `shape.with_shape` and `shape.value_as_shape` read the tensor directly
//!   (where their verifier accepts it), `shape.value_of` is the tensor
//!   itself (when of the same type); any other use reads
//!   `shape.with_shape %t, (shape.shape_of %t)`, built at the entry. Other
//!   parameters (`!shape.shape`, `!shape.size`, `index`, ...) take operands
//!   of the same type;
//! - its body is the library function's, with `shape.return` become
//!   `func.return`, every call of another function of the library inlined
//!   (by `pass::inline::inline_calls`, run on a scratch module holding
//!   copies of the functions reachable through calls), and every op given
//!   the location `callsite(<library op> at <the op>)`, so a diagnostic
//!   about one instance names the op it is for;
//! - its results are the shape function's (`!shape.shape`, ...).
//!
//! At the op, right before it, a `func.call` of the instance computes the
//! op's shape from its operands, and a `shape.meet %r, %r` of each result
//! requires that shape to be no error value (every meet is a requirement):
//! the op is only defined where its shape function succeeds, in this stage
//! and in every later one, even though nothing reads the shape. The op gets the discardable attribute
//! `shape.fn = @<instance>`: each instance has exactly that one call and is
//! named by exactly that one op, which is the tie between the call's
//! results and the op. The attribute also keeps the instance alive under
//! `symbol-dce`, and survives mlir-opt (a discardable attribute; MLIR's
//! shape dialect only checks `shape.lib`).
//!
//! Tensor ops no library maps get the built-in shape function
//! [`tensor_library`] builds for them (a detached `func.func` named after
//! the op, e.g. `@pad`, so instances are `tensor_pad_pad_shape_<N>`),
//! instantiated the same way (it calls nothing, so there is nothing to
//! inline); ops it gives none (statically total and exact, or declined)
//! are left alone. Option `tensor-library=false` turns
//! this off. Ops inside library functions or inside instances already made
//! are never instantiated.
//!
//! Precondition: the module verifies. Postcondition: every mapped op has a
//! `shape.fn` attribute naming a private `func.func` of the module with the
//! op's operand types as inputs, called right before the op; the
//! instances are error-monadic (stage 1) functions the stage-1 → 2
//! lowering takes like any other; the libraries and the ops are kept.
//! What the program computes is unchanged where the ops are defined: the
//! call fails only where the shape function says the op's operands do not
//! fit it, i.e. where the op has no meaning.
//!
//! Declines: ops that already have `shape.fn` (so running twice changes
//! nothing), ops inside nested symbol tables. Errors (exit 1): a `mapping`
//! entry that is not a flat symbol or names no function of its library, an
//! op mapped by two libraries, an op whose operand count differs from the
//! function's parameter count, an operand that cannot bind to its
//! parameter (a `!shape.value_shape` takes a shaped value or a value shape,
//! other parameters the same type), a call between library functions that
//! cannot be inlined (recursion, a callee outside the library).
//!
//! ```mlir
//! shape.function_library @shplib {
//!   func @matmul(%lhs: !shape.value_shape, %rhs: !shape.value_shape) -> !shape.shape {
//!     %l = shape_of %lhs : !shape.value_shape -> !shape.shape
//!     ...
//!     return %res : !shape.shape
//!   }
//! } mapping {foo.matmul = @matmul}
//! func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
//!   %0 = "foo.matmul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
//!   return %0 : tensor<?x?xf32>
//! }
//! // becomes (the library stays)
//! func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
//!   %s = call @foo_matmul_matmul_shape_0(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> !shape.shape
//!   %0 = "foo.matmul"(%a, %b) {shape.fn = @foo_matmul_matmul_shape_0} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
//!   return %0 : tensor<?x?xf32>
//! }
//! func.func private @foo_matmul_matmul_shape_0(%lhs: tensor<?x?xf32>, %rhs: tensor<?x?xf32>) -> !shape.shape {
//!   %l = shape.shape_of %lhs : tensor<?x?xf32> -> !shape.shape
//!   ...
//!   return %res : !shape.shape
//! }
//! ```

use crate::generic::inline::{body_blocks, inline_calls, remap_locations};
use crate::monadic::tensor_library;
use diag::Diagnostic;
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::OpKind;
use ir::{Attr, Context, Location, OpId, OperationState, Type, TypeKind, ValueId};
use pass::{loc_of, PassDecl, PassRegistry, PassResult, Statistics};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashMap;

pub use ir::dialect::shape::SHAPE_FN;

/// One shape function instantiated at one op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The op the shape function was instantiated for.
    pub op: OpId,
    /// The library function, by name.
    pub library_function: String,
    /// The outlined `func.func`, by name.
    pub function: String,
}

pass::pass_options! {
    /// The `reify-shape-library` pass (a thin wrapper of
    /// [`reify_shape_library`]), which is its options.
    pub struct ReifyShapeLibrary {
        /// Use the built-in shape functions of the tensor dialect for the
        /// tensor ops no library maps.
        tensor_library: bool = true, "tensor-library";
    }
}

impl PassDecl for ReifyShapeLibrary {
    const NAME: &'static str = "reify-shape-library";
    const SUMMARY: &'static str =
        "Instantiate the library shape function of every mapped op, outlined and called";
    const ANCHOR: Option<OpKind> = Some(OpKind::BuiltinModule);
    type Options = ReifyShapeLibrary;
    fn new(options: ReifyShapeLibrary, _: &PassRegistry) -> Result<Self, String> {
        Ok(options)
    }
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        reify_shape_library(ctx, op, self.tensor_library).map(|_| ())
    }
}

/// Where an op name's shape function lives.
#[derive(Clone, Copy)]
struct Target {
    library: OpId,
    function: OpId,
}

fn sym_name(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, "sym_name").and_then(Attr::as_str)
}

fn is_symbol_table(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.symbol_table)
}

/// The ops directly in `op`'s body (first region).
fn body_ops(ctx: &Context, op: OpId) -> Vec<OpId> {
    body_blocks(ctx, op)
        .into_iter()
        .flat_map(|b| ctx.block_ops(b))
        .collect()
}

/// The function with a body named `name` directly in `table`.
fn function_named(ctx: &Context, table: OpId, name: &str) -> Option<OpId> {
    body_ops(ctx, table).into_iter().find(|&o| {
        pass::is_function(ctx, o)
            && sym_name(ctx, o) == Some(name)
            && !body_blocks(ctx, o).is_empty()
    })
}

/// A function's input and result types (none without a signature).
fn signature(ctx: &Context, function: OpId) -> (Vec<Type>, Vec<Type>) {
    ir::dialect::func::function_type(ctx, function).unwrap_or_default()
}

pub(crate) fn type_text(ctx: &Context, ty: Type) -> String {
    ir::print_attr::AttrPrinter::new(ctx).type_to_string(ty)
}

/// The libraries in use: those of the module's `shape.lib`, else all.
fn libraries(ctx: &Context, module: OpId) -> Vec<OpId> {
    let is_library = |o: &OpId| ctx.kind(*o) == OpKind::ShapeFunctionLibrary;
    let all = body_ops(ctx, module);
    let named = |a: &Attr| {
        a.as_symbol().and_then(|n| {
            all.iter()
                .copied()
                .filter(is_library)
                .find(|&o| sym_name(ctx, o) == Some(n))
        })
    };
    match ctx.attr(module, "shape.lib") {
        Some(Attr::Array(items)) => items.iter().filter_map(named).collect(),
        Some(a) => named(a).into_iter().collect(),
        None => all.iter().copied().filter(is_library).collect(),
    }
}

/// Op name → shape function, from the `mapping`s of the libraries in use.
fn targets(ctx: &Context, module: OpId) -> Result<FxHashMap<String, Target>, Diagnostic> {
    let mut out: FxHashMap<String, Target> = FxHashMap::default();
    for library in libraries(ctx, module) {
        let lib_name = sym_name(ctx, library).unwrap_or_default();
        let Some(Attr::Dict(entries)) = ctx.attr(library, "mapping") else {
            continue;
        };
        for (op_name, value) in entries {
            let error = |message: String| Diagnostic::error(loc_of(ctx, library), message);
            let Some(name) = value.as_symbol() else {
                return Err(error(format!(
                    "mapping of '{}' must be a flat symbol reference",
                    &**op_name
                )));
            };
            let Some(function) = function_named(ctx, library, name) else {
                let functions = body_ops(ctx, library)
                    .into_iter()
                    .filter(|&o| pass::is_function(ctx, o))
                    .filter_map(|o| sym_name(ctx, o));
                let hint = diag::suggest::did_you_mean(name, functions)
                    .map(|near| format!("; did you mean @{near}?"))
                    .unwrap_or_default();
                return Err(error(format!(
                    "mapping of '{}' names @{name}, which is not a function of @{lib_name}{hint}",
                    &**op_name
                )));
            };
            if let Some(earlier) = out.get(&**op_name) {
                return Err(error(format!(
                    "'{}' is mapped by both @{} and @{lib_name}",
                    &**op_name,
                    sym_name(ctx, earlier.library).unwrap_or_default()
                )));
            }
            out.insert(op_name.to_string(), Target { library, function });
        }
    }
    Ok(out)
}

/// The ops under `op` whose name `wanted` accepts, not yet reified, in
/// pre-order, without looking into nested symbol tables (the libraries
/// among them) or into the instances `instances` names.
fn mapped_ops(
    ctx: &Context,
    op: OpId,
    wanted: &dyn Fn(&str) -> bool,
    instances: &FxHashSet<&str>,
    out: &mut Vec<OpId>,
) {
    for &r in &ctx.op(op).regions {
        for &b in &ctx.region(r).blocks {
            for o in ctx.block_ops(b) {
                if wanted(ctx.op_name(o)) && ctx.attr(o, SHAPE_FN).is_none() {
                    out.push(o);
                }
                let instance = sym_name(ctx, o).is_some_and(|n| instances.contains(n));
                if !is_symbol_table(ctx, o) && !instance {
                    mapped_ops(ctx, o, wanted, instances, out);
                }
            }
        }
    }
}

/// The names of the instances the ops under `op` name with `shape.fn`.
fn instance_names(ctx: &Context, op: OpId) -> FxHashSet<&str> {
    let mut names = FxHashSet::default();
    ctx.walk_nested(op, &mut |o| {
        if let Some(name) = ctx.attr(o, SHAPE_FN).and_then(Attr::as_symbol) {
            names.insert(name);
        }
    });
    names
}

/// Can an operand of type `operand` bind to a parameter of type `param`?
fn binds(ctx: &Context, param: Type, operand: Type) -> bool {
    match ctx.type_kind(param) {
        TypeKind::ValueShape => matches!(
            ctx.type_kind(operand),
            TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Vector { .. }
                | TypeKind::ValueShape
        ),
        _ => param == operand,
    }
}

/// Check that `op`'s operands bind to `function`'s parameters.
fn check_binding(ctx: &Context, op: OpId, function: OpId) -> Result<(), Diagnostic> {
    let (params, _) = signature(ctx, function);
    let operands = &ctx.op(op).operands;
    let fn_name = sym_name(ctx, function).unwrap_or_default();
    let error = |message: String| {
        Diagnostic::error(
            loc_of(ctx, op),
            format!("'{}' op {message}", ctx.op_name(op)),
        )
    };
    if operands.len() != params.len() {
        return Err(error(format!(
            "has {} operands, but its shape function @{fn_name} takes {}",
            operands.len(),
            params.len()
        )));
    }
    for (i, (&param, &v)) in params.iter().zip(operands.iter()).enumerate() {
        let operand = ctx.value_type(v);
        if !binds(ctx, param, operand) {
            return Err(error(format!(
                "operand #{i} of type {} cannot bind to parameter #{i} of shape function @{fn_name}, of type {}",
                type_text(ctx, operand),
                type_text(ctx, param)
            )));
        }
    }
    Ok(())
}

/// `<op>_<function>_shape_` with non-alphanumerics as `_`.
fn instance_prefix(op_name: &str, function: &str) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect()
    };
    format!("{}_{}_shape_", clean(op_name), clean(function))
}

/// The library functions `function` reaches through `func.call`s
/// (`function` first).
fn reachable(ctx: &Context, library: OpId, function: OpId) -> Vec<OpId> {
    let mut seen = vec![function];
    let mut work = vec![function];
    while let Some(f) = work.pop() {
        let mut callees = Vec::new();
        ctx.walk_nested(f, &mut |o| {
            if ctx.kind(o) == OpKind::FuncCall {
                if let Some(g) = ctx
                    .attr(o, "callee")
                    .and_then(Attr::as_symbol)
                    .and_then(|n| function_named(ctx, library, n))
                {
                    callees.push(g);
                }
            }
        });
        for g in callees {
            if !seen.contains(&g) {
                seen.push(g);
                work.push(g);
            }
        }
    }
    seen
}

/// A `func.func` copy of the library function `f` (a `shape.func` or a
/// `func.func`), appended to `block`; private unless `public`.
fn copy_as_func(ctx: &mut Context, f: OpId, block: ir::BlockId, public: bool) -> OpId {
    let mut state = OperationState::new(OpKind::FuncFunc, ctx.op(f).loc.clone());
    state.props = ctx
        .op(f)
        .props
        .iter()
        .filter(|(n, _)| &**n != "sym_visibility")
        .cloned()
        .collect();
    if !public {
        state
            .props
            .push(("sym_visibility".into(), Attr::string("private")));
    }
    if let Some(&body) = ctx.op(f).regions.first() {
        let copy = ctx.create_region();
        ctx.clone_region_into(body, copy, &mut HashMap::new());
        state.regions.push(copy);
    }
    let new = InsertPoint::End(block).insert(ctx, state);
    for b in body_blocks(ctx, new) {
        if let Some(ret) = ctx
            .block_terminator(b)
            .filter(|&t| ctx.kind(t) == OpKind::ShapeReturn)
        {
            let mut state = OperationState::new(OpKind::FuncReturn, ctx.op(ret).loc.clone());
            state.operands = ctx.op(ret).operands.clone();
            InsertPoint::Before(ret).insert(ctx, state);
            ctx.erase_op(ret);
        }
    }
    new
}

/// `function` of `library` as a detached `func.func` with every call of
/// another library function inlined; an error at `op` if a call is left.
fn outline(ctx: &mut Context, op: OpId, target: Target) -> Result<OpId, Diagnostic> {
    let scratch_body = ctx.create_region();
    let block = ctx.create_block();
    ctx.append_block(scratch_body, block);
    let mut state = OperationState::new(OpKind::BuiltinModule, Location::Unknown);
    state.regions.push(scratch_body);
    let scratch = ir::builder::detached(ctx, state);
    // The function itself is public there, so that the inliner keeps it.
    let f = copy_as_func(ctx, target.function, block, true);
    for g in reachable(ctx, target.library, target.function) {
        if g != target.function {
            copy_as_func(ctx, g, block, false);
        }
    }
    let result = inline_calls(ctx, scratch).and_then(|_| {
        let mut left = None;
        ctx.walk_nested(f, &mut |o| {
            if ctx.kind(o) == OpKind::FuncCall {
                left.get_or_insert(o);
            }
        });
        match left {
            None => Ok(f),
            Some(call) => Err(Diagnostic::error(
                loc_of(ctx, op),
                format!(
                    "'{}' op: shape function @{} calls {}, which cannot be inlined (recursion, or a callee outside the library)",
                    ctx.op_name(op),
                    sym_name(ctx, target.function).unwrap_or_default(),
                    ctx.attr(call, "callee")
                        .and_then(Attr::as_symbol)
                        .map_or("a function".to_string(), |n| format!("@{n}"))
                ),
            )),
        }
    });
    ctx.unlink(f);
    ctx.erase_op(scratch);
    result
}

/// Make the `!shape.value_shape` block argument `arg` a value of type `ty`
/// (the operand's), rewriting its uses (see the module doc).
fn bind_value_shape(ctx: &mut Context, arg: ValueId, ty: Type) {
    ctx.set_value_type(arg, ty);
    let mut fallback: Option<ValueId> = None;
    for u in ctx.value(arg).uses.clone() {
        let user = u.op;
        let verifies = |ctx: &Context| {
            ctx.op_def(user)
                .and_then(|d| d.verify)
                .is_none_or(|verify| verify(ctx, user).is_ok())
        };
        let direct = match ctx.kind(user) {
            OpKind::ShapeShapeOf | OpKind::ShapeValueAsShape => verifies(ctx),
            OpKind::ShapeWithShape => u.operand == 0 && verifies(ctx),
            OpKind::ShapeValueOf => match ctx.result(user, 0) {
                Some(r) if ctx.value_type(r) == ty => {
                    ctx.replace_all_uses(r, arg);
                    ctx.erase_op(user);
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if direct {
            continue;
        }
        if fallback.is_none() {
            fallback = value_shape_of(ctx, arg);
        }
        if let Some(value_shape) = fallback {
            ctx.set_operand(user, u.operand as usize, value_shape);
        }
    }
}

/// `shape.with_shape %arg, (shape.shape_of %arg)` at the start of `arg`'s
/// block.
fn value_shape_of(ctx: &mut Context, arg: ValueId) -> Option<ValueId> {
    let loc = ctx.arg_loc(arg).cloned().unwrap_or_default();
    let shape_ty = ir::dialect::shape(ctx);
    let value_shape_ty = ir::dialect::value_shape(ctx);
    let block = ctx.value_block(arg)?;
    let at = match ctx.block(block).first {
        Some(first) => InsertPoint::Before(first),
        None => InsertPoint::End(block),
    };
    let mut b = OpBuilder::new(ctx, at, loc);
    let shape = b.build1(OpKind::ShapeShapeOf, &[arg], shape_ty, vec![]);
    Some(b.build1(
        OpKind::ShapeWithShape,
        &[arg, shape],
        value_shape_ty,
        vec![],
    ))
}

/// Instantiate the shape function of every mapped op of `module`, and,
/// with `tensor_library`, the built-in one of every tensor op no library
/// maps (see the module doc); returns the instances in program order.
pub fn reify_shape_library(
    ctx: &mut Context,
    module: OpId,
    tensor_library: bool,
) -> Result<Vec<Instance>, Diagnostic> {
    let targets = targets(ctx, module)?;
    let wanted =
        |name: &str| targets.contains_key(name) || (tensor_library && name.starts_with("tensor."));
    let mut ops = Vec::new();
    mapped_ops(ctx, module, &wanted, &instance_names(ctx, module), &mut ops);
    let mut taken: FxHashSet<String> = body_ops(ctx, module)
        .into_iter()
        .filter_map(|o| sym_name(ctx, o).map(str::to_string))
        .collect();
    // The last instance placed after each top-level op.
    let mut placed: FxHashMap<OpId, OpId> = FxHashMap::default();
    let mut instances = Vec::new();
    for op in ops {
        let target = targets.get(ctx.op_name(op)).copied();
        let function = match target {
            Some(target) => target.function,
            None => match tensor_library::shape_function(ctx, op) {
                Some(built) => built,
                None => continue,
            },
        };
        check_binding(ctx, op, function)?;
        let library_function = sym_name(ctx, function).unwrap_or_default().to_string();
        let prefix = instance_prefix(ctx.op_name(op), &library_function);
        let name = (0..)
            .map(|n| format!("{prefix}{n}"))
            .find(|n| !taken.contains(n))
            .unwrap_or(prefix);
        taken.insert(name.clone());

        let f = match target {
            Some(target) => outline(ctx, op, target)?,
            None => function,
        };
        let operands = ctx.op(op).operands.to_vec();
        let operand_types: Vec<Type> = operands.iter().map(|&v| ctx.value_type(v)).collect();
        let (params, results) = signature(ctx, f);
        let blocks = body_blocks(ctx, f);
        if let Some(&entry) = blocks.first() {
            let args = ctx.block(entry).args.clone();
            for ((&arg, &param), &ty) in args.iter().zip(&params).zip(&operand_types) {
                if param != ty {
                    bind_value_shape(ctx, arg, ty);
                }
            }
        }
        let loc = ctx.op(op).loc.clone();
        if loc != Location::Unknown {
            remap_locations(ctx, &blocks, &loc);
        }
        let fn_type = ctx.intern_type(TypeKind::Function {
            inputs: operand_types,
            results: results.clone(),
        });
        ctx.set_prop(f, "function_type", Attr::Type(fn_type));
        ctx.set_prop(f, "sym_name", Attr::string(&name));
        ctx.set_prop(f, "sym_visibility", Attr::string("private"));
        ctx.set_loc(f, loc.clone());

        let mut top = op;
        while let Some(p) = ctx.parent_op(top).filter(|&p| p != module) {
            top = p;
        }
        let after = placed.get(&top).copied().unwrap_or(top);
        ctx.insert_op_after(after, f);
        placed.insert(top, f);

        let mut call = OperationState::new(OpKind::FuncCall, loc);
        call.props.push(("callee".into(), Attr::symbol(&name)));
        call.operands = operands.into_iter().collect();
        call.result_types = results.into();
        let call = InsertPoint::Before(op).insert(ctx, call);
        require_valid_results(ctx, call, op);
        ctx.set_discardable_attr(op, SHAPE_FN, Attr::symbol(&name));
        instances.push(Instance {
            op,
            library_function,
            function: name,
        });
    }
    Ok(instances)
}

/// After `call`, a `shape.meet %r, %r` of each shape or size result: a
/// requirement (every meet is one) that the op's shape is no error value,
/// so a failing shape function fails the program in every later stage,
/// whether or not anything reads the shape.
fn require_valid_results(ctx: &mut Context, call: OpId, op: OpId) {
    let loc = ctx.op(call).loc.clone();
    let results = ctx.op(call).results.clone();
    for r in results {
        let ty = ctx.value_type(r);
        if !matches!(ctx.type_kind(ty), TypeKind::Shape | TypeKind::Size) {
            continue;
        }
        OpBuilder::new(ctx, InsertPoint::Before(op), loc.clone()).build1(
            OpKind::ShapeMeet,
            &[r, r],
            ty,
            vec![],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: &str = "shape.function_library @lib {\n  func @same(%a: !shape.value_shape) -> !shape.shape {\n    %0 = shape_of %a : !shape.value_shape -> !shape.shape\n    return %0 : !shape.shape\n  }\n} mapping {\"foo.op-1\" = @same}\nfunc.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {\n  %0 = \"foo.op-1\"(%a) : (tensor<?xf32>) -> tensor<?xf32>\n  return %0 : tensor<?xf32>\n}\n";

    #[test]
    fn a_second_run_changes_nothing() {
        let mut ctx = Context::new();
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let (m, d) = syntax::parse_source(&mut ctx, 0, "t.mlir", PROGRAM.as_bytes(), &options);
        let m = m.unwrap_or_else(|| panic!("{d:?}"));
        let first = reify_shape_library(&mut ctx, m, true).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            first
                .iter()
                .map(|i| (i.library_function.as_str(), i.function.as_str()))
                .collect::<Vec<_>>(),
            [("same", "foo_op_1_same_shape_0")]
        );
        let once = ir::printer::print_op(&ctx, m, Default::default());
        let second = reify_shape_library(&mut ctx, m, true).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(second.is_empty());
        assert_eq!(ir::printer::print_op(&ctx, m, Default::default()), once);
    }
}
