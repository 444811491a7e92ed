//! Reading a module's IR op by op: what a host walks to build the same IR
//! in its own data structures (the `mlir-opt` plugin builds MLIR ops from
//! it), instead of printing text and parsing it again.
//!
//! Handles are ids into the module's arenas, checked on every call: an id
//! out of range (or the null handle) gives the null handle, zero counts
//! and empty strings, never a crash. Location handles point into the
//! module and stay valid until it is changed or destroyed.

use crate::module::{emit, ShapeOptModule, StringCallback};
use crate::text::{empty, lend, ShapeOptStringRef};
use engine::ir::attrs::NamedAttr;
use engine::ir::print_attr::AttrPrinter;
use engine::ir::{BlockId, Context, Location, OpId, RegionId, Type, ValueId};
use std::ffi::{c_int, c_uint, c_void};

/// The id of a handle that refers to nothing.
const NULL_ID: u32 = u32::MAX;

macro_rules! handle {
    ($(#[$m:meta])* $name:ident, $id:ty) => {
        $(#[$m])*
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            pub id: u32,
        }
        impl $name {
            pub const NULL: $name = $name { id: NULL_ID };
            pub fn of(id: $id) -> Self {
                $name { id: id.0 }
            }
        }
    };
}

handle!(
    /// `ShapeOptOperation`.
    ShapeOptOperation,
    OpId
);
handle!(
    /// `ShapeOptValue`.
    ShapeOptValue,
    ValueId
);
handle!(
    /// `ShapeOptBlock`.
    ShapeOptBlock,
    BlockId
);
handle!(
    /// `ShapeOptRegion`.
    ShapeOptRegion,
    RegionId
);
handle!(
    /// `ShapeOptType`.
    ShapeOptType,
    Type
);

/// `ShapeOptLocation`: a location inside a module or a module builder.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeOptLocation {
    pub ptr: *const Location,
}

impl ShapeOptLocation {
    pub const NULL: ShapeOptLocation = ShapeOptLocation {
        ptr: std::ptr::null(),
    };
    pub fn of(location: &Location) -> Self {
        ShapeOptLocation { ptr: location }
    }
    /// The location behind the handle.
    ///
    /// # Safety
    /// The handle is null or came from this library, and what it points
    /// into is alive and unchanged.
    pub unsafe fn get<'a>(self) -> Option<&'a Location> {
        // SAFETY: the caller's contract.
        unsafe { self.ptr.as_ref() }
    }
}

/// `ShapeOptLocationKind`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeOptLocationKind {
    Unknown = 0,
    FileLineCol = 1,
    Name = 2,
    CallSite = 3,
    Fused = 4,
}

/// `SHAPE_OPT_ATTRIBUTE_PROPERTY`: an op's inherent attributes (MLIR's
/// properties).
const PROPERTY: c_int = 0;
/// `SHAPE_OPT_ATTRIBUTE_DISCARDABLE`: its other attributes.
const DISCARDABLE: c_int = 1;

/// `op`, or the null handle.
fn op_or_null(op: Option<OpId>) -> ShapeOptOperation {
    op.map_or(ShapeOptOperation::NULL, ShapeOptOperation::of)
}

/// The context of `module`, if the handle is not NULL.
///
/// # Safety
/// `module` is NULL or a live module no other thread changes.
unsafe fn context<'a>(module: *const ShapeOptModule) -> Option<&'a Context> {
    // SAFETY: the caller's contract.
    unsafe { module.as_ref() }.map(|m| &m.module.ctx)
}

/// The ids a handle may name in `ctx`, checked against its arenas.
trait Checked: Sized {
    fn checked(self, ctx: &Context) -> Option<Self>;
}

impl Checked for OpId {
    fn checked(self, ctx: &Context) -> Option<Self> {
        (self.index() < ctx.num_ops()).then_some(self)
    }
}
impl Checked for ValueId {
    fn checked(self, ctx: &Context) -> Option<Self> {
        (self.index() < ctx.num_values()).then_some(self)
    }
}
impl Checked for BlockId {
    fn checked(self, ctx: &Context) -> Option<Self> {
        (self.index() < ctx.num_blocks()).then_some(self)
    }
}
impl Checked for RegionId {
    fn checked(self, ctx: &Context) -> Option<Self> {
        (self.index() < ctx.num_regions()).then_some(self)
    }
}
impl Checked for Type {
    fn checked(self, ctx: &Context) -> Option<Self> {
        (self.0 as usize)
            .lt(&ctx.types().kinds().len())
            .then_some(self)
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleGetOperation(
    module: *const ShapeOptModule,
) -> ShapeOptOperation {
    // SAFETY: the caller's contract.
    unsafe { module.as_ref() }.map_or(ShapeOptOperation::NULL, |m| {
        ShapeOptOperation::of(m.module.root)
    })
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOperationGetName(
    module: *const ShapeOptModule,
    op: ShapeOptOperation,
) -> ShapeOptStringRef {
    unsafe {
        with(module, OpId(op.id), empty(), |ctx, op| {
            lend(ctx.op_name(op))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOperationGetLocation(
    module: *const ShapeOptModule,
    op: ShapeOptOperation,
) -> ShapeOptLocation {
    unsafe {
        with(module, OpId(op.id), ShapeOptLocation::NULL, |ctx, op| {
            ShapeOptLocation::of(&ctx.op(op).loc)
        })
    }
}

/// `$count(module, owner)`: how many elements the list `$list` of an
/// entity holds, and `$get(module, owner, index)`: element `index` (the
/// null handle out of range).
macro_rules! list_accessors {
    ($count:ident, $get:ident, $owner:ident($id:ident), $element:ident, |$ctx:ident, $o:ident| $list:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $count(module: *const ShapeOptModule, owner: $owner) -> usize {
            unsafe { with(module, $id(owner.id), 0, |$ctx, $o| $list.len()) }
        }

        #[no_mangle]
        pub unsafe extern "C" fn $get(
            module: *const ShapeOptModule,
            owner: $owner,
            index: usize,
        ) -> $element {
            unsafe {
                with(module, $id(owner.id), $element::NULL, |$ctx, $o| {
                    $list
                        .get(index)
                        .copied()
                        .map_or($element::NULL, $element::of)
                })
            }
        }
    };
}

list_accessors!(
    shapeOptOperationGetNumOperands,
    shapeOptOperationGetOperand,
    ShapeOptOperation(OpId),
    ShapeOptValue,
    |ctx, op| ctx.op(op).operands
);
list_accessors!(
    shapeOptOperationGetNumResults,
    shapeOptOperationGetResult,
    ShapeOptOperation(OpId),
    ShapeOptValue,
    |ctx, op| ctx.op(op).results
);
list_accessors!(
    shapeOptOperationGetNumSuccessors,
    shapeOptOperationGetSuccessor,
    ShapeOptOperation(OpId),
    ShapeOptBlock,
    |ctx, op| ctx.op(op).successors
);
list_accessors!(
    shapeOptOperationGetNumRegions,
    shapeOptOperationGetRegion,
    ShapeOptOperation(OpId),
    ShapeOptRegion,
    |ctx, op| ctx.op(op).regions
);
list_accessors!(
    shapeOptRegionGetNumBlocks,
    shapeOptRegionGetBlock,
    ShapeOptRegion(RegionId),
    ShapeOptBlock,
    |ctx, r| ctx.region(r).blocks
);
list_accessors!(
    shapeOptBlockGetNumArguments,
    shapeOptBlockGetArgument,
    ShapeOptBlock(BlockId),
    ShapeOptValue,
    |ctx, b| ctx.block(b).args
);

/// The op's attributes of `kind` (none for a kind that does not exist).
fn attributes_of(ctx: &Context, op: OpId, kind: c_int) -> &[NamedAttr] {
    let data = ctx.op(op);
    match kind {
        PROPERTY => &data.props,
        DISCARDABLE => &data.attrs,
        _ => &[],
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOperationGetNumAttributes(
    module: *const ShapeOptModule,
    op: ShapeOptOperation,
    kind: c_int,
) -> usize {
    unsafe {
        with(module, OpId(op.id), 0, |ctx, op| {
            attributes_of(ctx, op, kind).len()
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOperationGetAttributeName(
    module: *const ShapeOptModule,
    op: ShapeOptOperation,
    kind: c_int,
    index: usize,
) -> ShapeOptStringRef {
    unsafe {
        with(module, OpId(op.id), empty(), |ctx, op| {
            attributes_of(ctx, op, kind)
                .get(index)
                .map_or(empty(), |(name, _)| lend(name))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOperationPrintAttribute(
    module: *const ShapeOptModule,
    op: ShapeOptOperation,
    kind: c_int,
    index: usize,
    callback: StringCallback,
    user_data: *mut c_void,
) {
    let text = unsafe {
        with(module, OpId(op.id), None, |ctx, op| {
            let (_, value) = attributes_of(ctx, op, kind).get(index)?;
            Some(AttrPrinter::new(ctx).attr_to_string(value))
        })
    };
    if let Some(text) = text {
        unsafe { emit(callback, user_data, &text) }
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOperationGetNextInBlock(
    module: *const ShapeOptModule,
    op: ShapeOptOperation,
) -> ShapeOptOperation {
    unsafe {
        with(module, OpId(op.id), ShapeOptOperation::NULL, |ctx, op| {
            op_or_null(ctx.op(op).next)
        })
    }
}

/// Look at element `id` of `module` with `look`; `default` when either is
/// not there.
///
/// # Safety
/// As [`context`].
unsafe fn with<I: Checked, R>(
    module: *const ShapeOptModule,
    id: I,
    default: R,
    look: impl FnOnce(&Context, I) -> R,
) -> R {
    // SAFETY: the caller's contract.
    let ctx = unsafe { context(module) };
    match ctx.and_then(|ctx| id.checked(ctx).map(|id| (ctx, id))) {
        Some((ctx, id)) => look(ctx, id),
        None => default,
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptBlockGetFirstOperation(
    module: *const ShapeOptModule,
    block: ShapeOptBlock,
) -> ShapeOptOperation {
    unsafe {
        with(
            module,
            BlockId(block.id),
            ShapeOptOperation::NULL,
            |ctx, b| op_or_null(ctx.block(b).first),
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptValueGetType(
    module: *const ShapeOptModule,
    value: ShapeOptValue,
) -> ShapeOptType {
    unsafe {
        with(module, ValueId(value.id), ShapeOptType::NULL, |ctx, v| {
            ShapeOptType::of(ctx.value_type(v))
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptValueGetLocation(
    module: *const ShapeOptModule,
    value: ShapeOptValue,
) -> ShapeOptLocation {
    unsafe {
        with(
            module,
            ValueId(value.id),
            ShapeOptLocation::NULL,
            |ctx, v| {
                ctx.arg_loc(v)
                    .map_or(ShapeOptLocation::NULL, ShapeOptLocation::of)
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptTypePrint(
    module: *const ShapeOptModule,
    ty: ShapeOptType,
    callback: StringCallback,
    user_data: *mut c_void,
) {
    let text = unsafe {
        with(module, Type(ty.id), None, |ctx, ty| {
            Some(AttrPrinter::new(ctx).type_to_string(ty))
        })
    };
    if let Some(text) = text {
        unsafe { emit(callback, user_data, &text) }
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetKind(loc: ShapeOptLocation) -> ShapeOptLocationKind {
    match unsafe { loc.get() } {
        None | Some(Location::Unknown) => ShapeOptLocationKind::Unknown,
        Some(Location::FileLineCol { .. } | Location::FileRange(_)) => {
            ShapeOptLocationKind::FileLineCol
        }
        Some(Location::Name(_)) => ShapeOptLocationKind::Name,
        Some(Location::CallSite(_)) => ShapeOptLocationKind::CallSite,
        Some(Location::Fused(_)) => ShapeOptLocationKind::Fused,
    }
}

/// A file location's file, start and end (`end_line` 0: no end given).
fn file_position(loc: Option<&Location>) -> Option<(&str, u32, u32, u32, u32)> {
    match loc? {
        Location::FileLineCol { file, line, col } => Some((file, *line, *col, 0, 0)),
        Location::FileRange(range) => Some((
            &range.file,
            range.line,
            range.col,
            range.end_line.unwrap_or(range.line),
            range.end_col,
        )),
        _ => None,
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetFile(loc: ShapeOptLocation) -> ShapeOptStringRef {
    file_position(unsafe { loc.get() }).map_or(empty(), |p| lend(p.0))
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetLine(loc: ShapeOptLocation) -> c_uint {
    file_position(unsafe { loc.get() }).map_or(0, |p| p.1)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetColumn(loc: ShapeOptLocation) -> c_uint {
    file_position(unsafe { loc.get() }).map_or(0, |p| p.2)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetEndLine(loc: ShapeOptLocation) -> c_uint {
    file_position(unsafe { loc.get() }).map_or(0, |p| p.3)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetEndColumn(loc: ShapeOptLocation) -> c_uint {
    file_position(unsafe { loc.get() }).map_or(0, |p| p.4)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetName(loc: ShapeOptLocation) -> ShapeOptStringRef {
    match unsafe { loc.get() } {
        Some(Location::Name(named)) => lend(&named.0),
        _ => empty(),
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetMetadata(loc: ShapeOptLocation) -> ShapeOptStringRef {
    match unsafe { loc.get() } {
        Some(Location::Fused(fused)) => fused.0.as_deref().map_or(empty(), lend),
        _ => empty(),
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetNumChildren(loc: ShapeOptLocation) -> usize {
    unsafe { loc.get() }.map_or(0, |l| l.children().len())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLocationGetChild(
    loc: ShapeOptLocation,
    index: usize,
) -> ShapeOptLocation {
    unsafe { loc.get() }
        .and_then(|l| l.children().get(index).copied())
        .map_or(ShapeOptLocation::NULL, ShapeOptLocation::of)
}
