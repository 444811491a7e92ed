//! Building a module op by op: what a host that holds IR in its own data
//! structures (the `mlir-opt` plugin holds MLIR's) gives shape-opt instead
//! of printing text for it to parse.
//!
//! A [`ShapeOptModuleBuilder`] owns the IR under construction. Types and
//! attributes are parsed from their text once each (the host keeps the
//! handles and reuses them); locations are built from their parts. Ops are
//! created detached and appended to blocks; a use before its definition
//! (a graph region, or a block that a later block dominates) goes through
//! a placeholder that the definition replaces. Finishing verifies the
//! module as parsing text would; a mistake a verifier cannot see (an id
//! out of range, a region given to two ops, an op put inside itself) is
//! an error of the call that makes it, never a crash.

use crate::guard::Failure;
use crate::ir_view::{
    ShapeOptBlock, ShapeOptLocation, ShapeOptOperation, ShapeOptRegion, ShapeOptType, ShapeOptValue,
};
use crate::module::ShapeOptModule;
use crate::session::{self, status, ShapeOptSession};
use crate::text::{borrow, ShapeOptStringRef};
use crate::ShapeOptStatus;
use engine::diag::{DiagLoc, Diagnostic};
use engine::ir::attrs::{attr_name, NamedAttr};
use engine::ir::context::{get_named_attr, set_named_attr};
use engine::ir::location::FileRange;
use engine::ir::{Attr, BlockId, Context, Location, OpId, OperationState, RegionId, Type, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ffi::c_uint;
use std::sync::Arc;

/// `ShapeOptModuleBuilder`.
#[derive(Default)]
pub struct ShapeOptModuleBuilder {
    ctx: Context,
    /// The attributes parsed so far; a `ShapeOptAttribute` is an index.
    attributes: Vec<Attr>,
    /// The locations built so far, boxed so that handles stay valid, and
    /// their addresses (to check a handle).
    #[allow(clippy::vec_box)]
    locations: Vec<Box<Location>>,
    location_addresses: FxHashSet<*const Location>,
    /// One shared name per file, as the parser shares a buffer's.
    files: FxHashMap<Box<str>, Arc<str>>,
    /// The block placeholders live in (created with the first), and the
    /// placeholders not yet replaced.
    placeholder_block: Option<BlockId>,
    placeholders: Vec<ValueId>,
}

/// `ShapeOptAttribute`: an attribute parsed by a builder.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ShapeOptAttribute {
    pub id: u32,
}

/// `ShapeOptNamedAttribute`.
#[repr(C)]
pub struct ShapeOptNamedAttribute {
    pub name: ShapeOptStringRef,
    pub attribute: ShapeOptAttribute,
}

/// `ShapeOptOperationState`.
#[repr(C)]
pub struct ShapeOptOperationState {
    pub name: ShapeOptStringRef,
    pub location: ShapeOptLocation,
    pub num_operands: usize,
    pub operands: *const ShapeOptValue,
    pub num_results: usize,
    pub result_types: *const ShapeOptType,
    pub num_properties: usize,
    pub properties: *const ShapeOptNamedAttribute,
    pub num_attributes: usize,
    pub attributes: *const ShapeOptNamedAttribute,
    pub num_regions: usize,
    pub regions: *const ShapeOptRegion,
    pub num_successors: usize,
    pub successors: *const ShapeOptBlock,
}

/// An error of a builder call.
fn error(message: impl Into<String>) -> Failure {
    Failure::plain(Diagnostic::error(DiagLoc::Unknown, message))
}

/// `id`, numbered `index`, when that is below `count`; else an error that
/// the builder has no such `what`.
fn in_range<T>(id: T, index: u32, count: usize, what: &str) -> Result<T, Failure> {
    match (index as usize) < count {
        true => Ok(id),
        false => Err(error(format!("no such {what} in the builder"))),
    }
}

/// `count` elements at `items` (none when `count` is 0).
///
/// # Safety
/// `items` points at `count` readable elements, or `count` is 0.
unsafe fn elements<'a, T>(items: *const T, count: usize, what: &str) -> Result<&'a [T], Failure> {
    match (items.is_null(), count) {
        (_, 0) => Ok(&[]),
        (true, n) => Err(error(format!("{what}: a NULL array of {n} elements"))),
        // SAFETY: the caller's contract.
        (false, n) => Ok(unsafe { std::slice::from_raw_parts(items, n) }),
    }
}

impl ShapeOptModuleBuilder {
    fn op(&self, op: ShapeOptOperation) -> Result<OpId, Failure> {
        in_range(OpId(op.id), op.id, self.ctx.num_ops(), "operation")
    }
    fn value(&self, value: ShapeOptValue) -> Result<ValueId, Failure> {
        in_range(ValueId(value.id), value.id, self.ctx.num_values(), "value")
    }
    fn block(&self, block: ShapeOptBlock) -> Result<BlockId, Failure> {
        let id = in_range(BlockId(block.id), block.id, self.ctx.num_blocks(), "block")?;
        match Some(id) == self.placeholder_block {
            true => Err(error("no such block in the builder")),
            false => Ok(id),
        }
    }
    fn region(&self, region: ShapeOptRegion) -> Result<RegionId, Failure> {
        in_range(
            RegionId(region.id),
            region.id,
            self.ctx.num_regions(),
            "region",
        )
    }
    fn ty(&self, ty: ShapeOptType) -> Result<Type, Failure> {
        in_range(Type(ty.id), ty.id, self.ctx.types().kinds().len(), "type")
    }
    fn attribute(&self, named: &ShapeOptNamedAttribute) -> Result<NamedAttr, Failure> {
        // SAFETY: the caller's contract on the operation state.
        let name = unsafe { borrow(named.name, "attribute name") }?;
        let value = self.attributes.get(named.attribute.id as usize);
        let value = value.ok_or_else(|| error(format!("attribute '{name}': no such attribute")))?;
        Ok((attr_name(name), value.clone()))
    }
    /// A location of this builder's.
    fn location(&self, loc: ShapeOptLocation) -> Result<Location, Failure> {
        match self.location_addresses.contains(&loc.ptr) {
            // SAFETY: one of this builder's boxes, alive as long as it is.
            true => Ok(unsafe { &*loc.ptr }.clone()),
            false => Err(error("the location was not built by this builder")),
        }
    }
    /// A handle to `loc`, kept by the builder.
    fn keep(&mut self, loc: Location) -> ShapeOptLocation {
        let loc = Box::new(loc);
        let handle = ShapeOptLocation::of(&loc);
        self.location_addresses.insert(handle.ptr);
        self.locations.push(loc);
        handle
    }
    /// Whether `op` encloses `block` (appending it there would put it
    /// inside itself).
    fn encloses(&self, op: OpId, block: BlockId) -> bool {
        let mut parent = self.ctx.block(block).parent;
        while let Some(region) = parent {
            match self.ctx.region(region).parent {
                Some(owner) if owner == op => return true,
                Some(owner) => {
                    parent = self
                        .ctx
                        .op(owner)
                        .parent
                        .and_then(|b| self.ctx.block(b).parent)
                }
                None => return false,
            }
        }
        false
    }
}

/// Run `work` on the builder behind `builder` for the session behind
/// `session`, which records its failure; `None` if it failed.
///
/// # Safety
/// Both are NULL or live handles no other thread uses.
unsafe fn build<R>(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    work: impl FnOnce(&mut ShapeOptModuleBuilder) -> Result<R, Failure>,
) -> Option<R> {
    // SAFETY: the caller's contract.
    let this = unsafe { session::get(session) }?;
    // SAFETY: the caller's contract.
    let builder = unsafe { builder.as_mut() };
    this.call(|_| work(builder.ok_or_else(|| error("the module builder is NULL"))?))
}

#[no_mangle]
pub extern "C" fn shapeOptModuleBuilderCreate() -> *mut ShapeOptModuleBuilder {
    Box::into_raw(Box::default())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderDestroy(builder: *mut ShapeOptModuleBuilder) {
    if !builder.is_null() {
        // SAFETY: created by `shapeOptModuleBuilderCreate`, not yet destroyed.
        drop(unsafe { Box::from_raw(builder) });
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderParseType(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    text: ShapeOptStringRef,
) -> ShapeOptType {
    let parsed = unsafe {
        build(session, builder, |b| {
            let text = borrow(text, "type")?;
            engine::syntax::parse_type(&mut b.ctx, text)
                .map_err(|why| error(format!("cannot parse the type '{text}': {why}")))
        })
    };
    parsed.map_or(ShapeOptType::NULL, ShapeOptType::of)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderParseAttribute(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    text: ShapeOptStringRef,
) -> ShapeOptAttribute {
    let parsed = unsafe {
        build(session, builder, |b| {
            let text = borrow(text, "attribute")?;
            let attr = engine::syntax::parse_attribute(&mut b.ctx, text)
                .map_err(|why| error(format!("cannot parse the attribute '{text}': {why}")))?;
            b.attributes.push(attr);
            u32::try_from(b.attributes.len() - 1).map_err(|_| error("too many attributes"))
        })
    };
    ShapeOptAttribute {
        id: parsed.unwrap_or(u32::MAX),
    }
}

/// Keep the location `make` builds from the builder's locations; the null
/// location when `builder` is NULL or `make` fails.
///
/// # Safety
/// `builder` is NULL or a live builder no other thread uses.
unsafe fn location(
    builder: *mut ShapeOptModuleBuilder,
    make: impl FnOnce(&mut ShapeOptModuleBuilder) -> Result<Location, Failure>,
) -> ShapeOptLocation {
    // SAFETY: the caller's contract.
    let Some(builder) = (unsafe { builder.as_mut() }) else {
        return ShapeOptLocation::NULL;
    };
    match crate::guard::guarded(|| make(builder)) {
        Ok(loc) => builder.keep(loc),
        Err(_) => ShapeOptLocation::NULL,
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderGetUnknownLocation(
    builder: *mut ShapeOptModuleBuilder,
) -> ShapeOptLocation {
    unsafe { location(builder, |_| Ok(Location::Unknown)) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderGetFileLocation(
    builder: *mut ShapeOptModuleBuilder,
    file: ShapeOptStringRef,
    line: c_uint,
    column: c_uint,
    end_line: c_uint,
    end_column: c_uint,
) -> ShapeOptLocation {
    unsafe {
        location(builder, |b| {
            let name = borrow(file, "file name")?;
            let file = match b.files.get(name) {
                Some(shared) => shared.clone(),
                None => {
                    let shared: Arc<str> = name.into();
                    b.files.insert(name.into(), shared.clone());
                    shared
                }
            };
            Ok(match end_line {
                0 => Location::FileLineCol {
                    file,
                    line,
                    col: column,
                },
                _ => Location::FileRange(Box::new(FileRange {
                    file,
                    line,
                    col: column,
                    end_line: (end_line != line).then_some(end_line),
                    end_col: end_column,
                })),
            })
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderGetNameLocation(
    builder: *mut ShapeOptModuleBuilder,
    name: ShapeOptStringRef,
    child: ShapeOptLocation,
) -> ShapeOptLocation {
    unsafe {
        location(builder, |b| {
            let name = borrow(name, "location name")?.to_string();
            let child = match child.ptr.is_null() {
                true => None,
                false => Some(b.location(child)?),
            };
            Ok(Location::Name(Box::new((name, child))))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderGetCallSiteLocation(
    builder: *mut ShapeOptModuleBuilder,
    callee: ShapeOptLocation,
    caller: ShapeOptLocation,
) -> ShapeOptLocation {
    unsafe {
        location(builder, |b| {
            let site = (b.location(callee)?, b.location(caller)?);
            Ok(Location::CallSite(Box::new(site)))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderGetFusedLocation(
    builder: *mut ShapeOptModuleBuilder,
    metadata: ShapeOptStringRef,
    num_locations: usize,
    locations: *const ShapeOptLocation,
) -> ShapeOptLocation {
    unsafe {
        location(builder, |b| {
            let metadata = borrow(metadata, "location metadata")?;
            let metadata = (!metadata.is_empty()).then(|| metadata.to_string());
            let parts = elements(locations, num_locations, "fused locations")?;
            let parts = parts
                .iter()
                .map(|&l| b.location(l))
                .collect::<Result<_, _>>()?;
            Ok(Location::Fused(Box::new((metadata, parts))))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderCreateRegion(
    builder: *mut ShapeOptModuleBuilder,
) -> ShapeOptRegion {
    // SAFETY: the caller's contract.
    unsafe { builder.as_mut() }.map_or(ShapeOptRegion::NULL, |b| {
        ShapeOptRegion::of(b.ctx.create_region())
    })
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderAppendBlock(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    region: ShapeOptRegion,
) -> ShapeOptBlock {
    let block = unsafe {
        build(session, builder, |b| {
            let region = b.region(region)?;
            let block = b.ctx.create_block();
            b.ctx.append_block(region, block);
            Ok(block)
        })
    };
    block.map_or(ShapeOptBlock::NULL, ShapeOptBlock::of)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderAddArgument(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    block: ShapeOptBlock,
    ty: ShapeOptType,
    loc: ShapeOptLocation,
) -> ShapeOptValue {
    let arg = unsafe {
        build(session, builder, |b| {
            let (block, ty, loc) = (b.block(block)?, b.ty(ty)?, b.location(loc)?);
            Ok(b.ctx.add_block_arg(block, ty, Some(loc)))
        })
    };
    arg.map_or(ShapeOptValue::NULL, ShapeOptValue::of)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderCreatePlaceholder(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    ty: ShapeOptType,
) -> ShapeOptValue {
    let placeholder = unsafe {
        build(session, builder, |b| {
            let ty = b.ty(ty)?;
            let block = match b.placeholder_block {
                Some(block) => block,
                None => *b.placeholder_block.insert(b.ctx.create_block()),
            };
            let value = b.ctx.add_block_arg(block, ty, None);
            b.placeholders.push(value);
            Ok(value)
        })
    };
    placeholder.map_or(ShapeOptValue::NULL, ShapeOptValue::of)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderReplacePlaceholder(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    placeholder: ShapeOptValue,
    value: ShapeOptValue,
) -> ShapeOptStatus {
    status(unsafe {
        build(session, builder, |b| {
            let (from, to) = (b.value(placeholder)?, b.value(value)?);
            let at = b.placeholders.iter().position(|&p| p == from);
            let at = at.ok_or_else(|| error("the value replaced is not a placeholder"))?;
            if b.placeholders.contains(&to) {
                return Err(error("a placeholder cannot replace a placeholder"));
            }
            if b.ctx.value_type(from) != b.ctx.value_type(to) {
                return Err(error("a placeholder's type differs from its definition's"));
            }
            b.ctx.replace_all_uses(from, to);
            b.placeholders.swap_remove(at);
            Ok(())
        })
    })
}

/// The operation state `state` describes, checked against the builder.
///
/// # Safety
/// The arrays of `state` are as the header says.
unsafe fn operation_state(
    b: &ShapeOptModuleBuilder,
    state: &ShapeOptOperationState,
) -> Result<OperationState, Failure> {
    // SAFETY: the caller's contract, for every array below.
    let name = unsafe { borrow(state.name, "operation name") }?;
    if name.is_empty() {
        return Err(error("an operation needs a name"));
    }
    let mut op = OperationState::new(name.to_string(), b.location(state.location)?);
    let operands = unsafe { elements(state.operands, state.num_operands, "operands") }?;
    op.operands = operands
        .iter()
        .map(|&v| b.value(v))
        .collect::<Result<_, _>>()?;
    let types = unsafe { elements(state.result_types, state.num_results, "result types") }?;
    op.result_types = types.iter().map(|&t| b.ty(t)).collect::<Result<_, _>>()?;
    let props = unsafe { elements(state.properties, state.num_properties, "properties") }?;
    for named in props {
        let (name, value) = b.attribute(named)?;
        set_named_attr(&mut op.props, &name, value);
    }
    // As the parser files a generic op's attribute dictionary: inherent
    // attributes of a registered op are its properties.
    let def = engine::ir::op_def::registry().get(name);
    let attrs = unsafe { elements(state.attributes, state.num_attributes, "attributes") }?;
    for named in attrs {
        let (name, value) = b.attribute(named)?;
        let inherent = def.is_some_and(|d| d.is_inherent(&name));
        match inherent && get_named_attr(&op.props, &name).is_none() {
            true => set_named_attr(&mut op.props, &name, value),
            false => set_named_attr(&mut op.attrs, &name, value),
        }
    }
    let regions = unsafe { elements(state.regions, state.num_regions, "regions") }?;
    for &region in regions {
        let region = b.region(region)?;
        if b.ctx.region(region).parent.is_some() || op.regions.contains(&region) {
            return Err(error("a region belongs to one operation"));
        }
        op.regions.push(region);
    }
    let successors = unsafe { elements(state.successors, state.num_successors, "successors") }?;
    op.successors = successors
        .iter()
        .map(|&s| b.block(s))
        .collect::<Result<_, _>>()?;
    Ok(op)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderCreateOperation(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    state: *const ShapeOptOperationState,
) -> ShapeOptOperation {
    let op = unsafe {
        build(session, builder, |b| {
            let state = state
                .as_ref()
                .ok_or_else(|| error("the operation state is NULL"))?;
            let state = operation_state(b, state)?;
            Ok(b.ctx.create_op(state))
        })
    };
    op.map_or(ShapeOptOperation::NULL, ShapeOptOperation::of)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderAppendOperation(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    block: ShapeOptBlock,
    op: ShapeOptOperation,
) -> ShapeOptStatus {
    status(unsafe {
        build(session, builder, |b| {
            let (block, op) = (b.block(block)?, b.op(op)?);
            if b.ctx.op(op).parent.is_some() {
                return Err(error("the operation is already in a block"));
            }
            if b.encloses(op, block) {
                return Err(error("an operation cannot be put inside itself"));
            }
            b.ctx.append_op(block, op);
            Ok(())
        })
    })
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderGetResult(
    builder: *const ShapeOptModuleBuilder,
    op: ShapeOptOperation,
    index: usize,
) -> ShapeOptValue {
    // SAFETY: the caller's contract.
    let result = unsafe { builder.as_ref() }
        .and_then(|b| b.op(op).ok().and_then(|op| b.ctx.result(op, index)));
    result.map_or(ShapeOptValue::NULL, ShapeOptValue::of)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleBuilderFinish(
    session: *mut ShapeOptSession,
    builder: *mut ShapeOptModuleBuilder,
    root: ShapeOptOperation,
) -> *mut ShapeOptModule {
    let owned = match builder.is_null() {
        true => None,
        // SAFETY: created by `shapeOptModuleBuilderCreate`, not yet
        // destroyed; it is consumed here.
        false => Some(unsafe { Box::from_raw(builder) }),
    };
    let Some(this) = (unsafe { session::get(session) }) else {
        return std::ptr::null_mut();
    };
    let module = this.call(|s| {
        let b = owned.ok_or_else(|| error("the module builder is NULL"))?;
        let root = b.op(root)?;
        if b.ctx.op(root).parent.is_some() {
            return Err(error("the root operation is inside a block"));
        }
        if b.placeholders.iter().any(|&p| b.ctx.has_uses(p)) {
            return Err(error(
                "a placeholder is still used: define what it stands for",
            ));
        }
        Ok(s.adopt(b.ctx, root)?)
    });
    module.map_or(std::ptr::null_mut(), |module| {
        Box::into_raw(Box::new(ShapeOptModule { module }))
    })
}
