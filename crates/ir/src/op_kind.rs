//! Typed op identity: one [`OpKind`] per op shape-opt defines. This list
//! is the only place an op's name is spelled; the definition tables
//! (`crate::dialect`), passes, folders, the interpreter and the lowerings
//! name ops by kind.
//!
//! Every definition has its kind and every kind its definition, which a
//! test of this crate checks. An op no definition covers (`foo.matmul`,
//! a `stablehlo` op) is [`OpKind::Unregistered`]; its name is still
//! [`crate::Context::op_name`].
//!
//! The list is grouped by dialect, and each group also gives a pattern
//! macro (`ir::shape_ops!()`, `ir::memref_ops!()`...) that matches all its
//! kinds. A semantic model of ops (the interpreter, the analyses, value
//! bounds, `explain`, the lowerings) matches on [`OpKind`] without a
//! catch-all: it lists the ops it models and names what it leaves out with
//! those patterns or explicit lists, so that adding a variant fails to
//! compile at every model until each decides. Optional rewrites (folds,
//! canonicalization patterns) may keep a default arm.

macro_rules! op_kinds {
    ($($group:ident = $dialect:literal {
        $($(#[$doc:meta])* $variant:ident = $name:literal,)*
    })*) => {
        /// The kind of an op: which definition it has.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum OpKind {
            $($($(#[$doc])* $variant,)*)*
            /// An op no definition covers, known only by its name.
            Unregistered,
        }

        impl OpKind {
            /// Every kind with a definition, in name order.
            pub const ALL: &'static [OpKind] = &[$($(OpKind::$variant,)*)*];

            /// The op's full name (`shape.split_at`); `None` for
            /// [`OpKind::Unregistered`].
            pub const fn name(self) -> Option<&'static str> {
                match self {
                    $($(OpKind::$variant => Some($name),)*)*
                    OpKind::Unregistered => None,
                }
            }

            /// The kind of the op named `name`.
            pub fn from_name(name: &str) -> OpKind {
                match name {
                    $($($name => OpKind::$variant,)*)*
                    _ => OpKind::Unregistered,
                }
            }

            /// The dialect the op belongs to (`shape`); `None` for
            /// [`OpKind::Unregistered`].
            pub const fn dialect(self) -> Option<&'static str> {
                match self {
                    $($(OpKind::$variant)|* => Some($dialect),)*
                    OpKind::Unregistered => None,
                }
            }
        }

        $(
            #[doc = concat!(
                "A pattern matching every [`OpKind`](crate::OpKind) of the `",
                $dialect,
                "` dialect.\n\nA model that leaves a whole dialect out names it \
                 with this pattern, in an arm of its own that says why; an op \
                 added to the dialect then joins that decision, while an op \
                 added to a dialect the model matches op by op fails to \
                 compile there until the model decides."
            )]
            #[macro_export]
            macro_rules! $group {
                () => {
                    $($crate::OpKind::$variant)|*
                };
            }
        )*
    };
}

op_kinds! {
    arith_ops = "arith" {
        ArithAddf = "arith.addf",
        ArithAddi = "arith.addi",
        ArithAdduiExtended = "arith.addui_extended",
        ArithAndi = "arith.andi",
        ArithBitcast = "arith.bitcast",
        ArithCeildivsi = "arith.ceildivsi",
        ArithCeildivui = "arith.ceildivui",
        ArithCmpf = "arith.cmpf",
        ArithCmpi = "arith.cmpi",
        ArithConstant = "arith.constant",
        ArithDivf = "arith.divf",
        ArithDivsi = "arith.divsi",
        ArithDivui = "arith.divui",
        ArithExtf = "arith.extf",
        ArithExtsi = "arith.extsi",
        ArithExtui = "arith.extui",
        ArithFloordivsi = "arith.floordivsi",
        ArithFptosi = "arith.fptosi",
        ArithFptoui = "arith.fptoui",
        ArithIndexCast = "arith.index_cast",
        ArithIndexCastui = "arith.index_castui",
        ArithMaximumf = "arith.maximumf",
        ArithMaxnumf = "arith.maxnumf",
        ArithMaxsi = "arith.maxsi",
        ArithMaxui = "arith.maxui",
        ArithMinimumf = "arith.minimumf",
        ArithMinnumf = "arith.minnumf",
        ArithMinsi = "arith.minsi",
        ArithMinui = "arith.minui",
        ArithMulf = "arith.mulf",
        ArithMuli = "arith.muli",
        ArithMulsiExtended = "arith.mulsi_extended",
        ArithMuluiExtended = "arith.mului_extended",
        ArithNegf = "arith.negf",
        ArithOri = "arith.ori",
        ArithRemf = "arith.remf",
        ArithRemsi = "arith.remsi",
        ArithRemui = "arith.remui",
        ArithSelect = "arith.select",
        ArithShli = "arith.shli",
        ArithShrsi = "arith.shrsi",
        ArithShrui = "arith.shrui",
        ArithSitofp = "arith.sitofp",
        ArithSubf = "arith.subf",
        ArithSubi = "arith.subi",
        ArithTruncf = "arith.truncf",
        ArithTrunci = "arith.trunci",
        ArithUitofp = "arith.uitofp",
        ArithXori = "arith.xori",
    }
    bufferization_ops = "bufferization" {
        BufferizationAllocTensor = "bufferization.alloc_tensor",
        BufferizationClone = "bufferization.clone",
        BufferizationDeallocTensor = "bufferization.dealloc_tensor",
        BufferizationMaterializeInDestination = "bufferization.materialize_in_destination",
        BufferizationToBuffer = "bufferization.to_buffer",
        BufferizationToTensor = "bufferization.to_tensor",
    }
    builtin_ops = "builtin" {
        BuiltinModule = "builtin.module",
        BuiltinUnrealizedConversionCast = "builtin.unrealized_conversion_cast",
    }
    cf_ops = "cf" {
        CfAssert = "cf.assert",
        CfBr = "cf.br",
        CfCondBr = "cf.cond_br",
        CfSwitch = "cf.switch",
    }
    func_ops = "func" {
        FuncCall = "func.call",
        FuncCallIndirect = "func.call_indirect",
        FuncConstant = "func.constant",
        FuncFunc = "func.func",
        FuncReturn = "func.return",
    }
    math_ops = "math" {
        MathAbsf = "math.absf",
        MathAtan = "math.atan",
        MathCbrt = "math.cbrt",
        MathCeil = "math.ceil",
        MathCos = "math.cos",
        MathErf = "math.erf",
        MathExp = "math.exp",
        MathExp2 = "math.exp2",
        MathExpm1 = "math.expm1",
        MathFloor = "math.floor",
        MathLog = "math.log",
        MathLog10 = "math.log10",
        MathLog1p = "math.log1p",
        MathLog2 = "math.log2",
        MathRound = "math.round",
        MathRoundeven = "math.roundeven",
        MathRsqrt = "math.rsqrt",
        MathSin = "math.sin",
        MathSqrt = "math.sqrt",
        MathTan = "math.tan",
        MathTanh = "math.tanh",
        MathTrunc = "math.trunc",
    }
    memref_ops = "memref" {
        MemrefAlloc = "memref.alloc",
        MemrefAlloca = "memref.alloca",
        MemrefAllocaScope = "memref.alloca_scope",
        MemrefAllocaScopeReturn = "memref.alloca_scope.return",
        MemrefAssumeAlignment = "memref.assume_alignment",
        MemrefAtomicRmw = "memref.atomic_rmw",
        MemrefAtomicYield = "memref.atomic_yield",
        MemrefCast = "memref.cast",
        MemrefCollapseShape = "memref.collapse_shape",
        MemrefCopy = "memref.copy",
        MemrefDealloc = "memref.dealloc",
        MemrefDim = "memref.dim",
        MemrefDistinctObjects = "memref.distinct_objects",
        MemrefDmaStart = "memref.dma_start",
        MemrefDmaWait = "memref.dma_wait",
        MemrefExpandShape = "memref.expand_shape",
        MemrefExtractAlignedPointerAsIndex = "memref.extract_aligned_pointer_as_index",
        MemrefExtractStridedMetadata = "memref.extract_strided_metadata",
        MemrefGenericAtomicRmw = "memref.generic_atomic_rmw",
        MemrefGetGlobal = "memref.get_global",
        MemrefGlobal = "memref.global",
        MemrefLoad = "memref.load",
        MemrefMemorySpaceCast = "memref.memory_space_cast",
        MemrefPrefetch = "memref.prefetch",
        MemrefRank = "memref.rank",
        MemrefRealloc = "memref.realloc",
        MemrefReinterpretCast = "memref.reinterpret_cast",
        MemrefReshape = "memref.reshape",
        MemrefStore = "memref.store",
        MemrefSubview = "memref.subview",
        MemrefTranspose = "memref.transpose",
        MemrefView = "memref.view",
    }
    scf_ops = "scf" {
        ScfCondition = "scf.condition",
        ScfExecuteRegion = "scf.execute_region",
        ScfFor = "scf.for",
        ScfForall = "scf.forall",
        ScfForallInParallel = "scf.forall.in_parallel",
        ScfIf = "scf.if",
        ScfIndexSwitch = "scf.index_switch",
        ScfParallel = "scf.parallel",
        ScfReduce = "scf.reduce",
        ScfReduceReturn = "scf.reduce.return",
        ScfWhile = "scf.while",
        ScfYield = "scf.yield",
    }
    shape_ops = "shape" {
        ShapeAdd = "shape.add",
        ShapeAny = "shape.any",
        ShapeAssuming = "shape.assuming",
        ShapeAssumingAll = "shape.assuming_all",
        ShapeAssumingYield = "shape.assuming_yield",
        ShapeBroadcast = "shape.broadcast",
        ShapeConcat = "shape.concat",
        ShapeConstShape = "shape.const_shape",
        ShapeConstSize = "shape.const_size",
        ShapeConstWitness = "shape.const_witness",
        ShapeCstrBroadcastable = "shape.cstr_broadcastable",
        ShapeCstrEq = "shape.cstr_eq",
        ShapeCstrRequire = "shape.cstr_require",
        ShapeDebugPrint = "shape.debug_print",
        ShapeDim = "shape.dim",
        ShapeDiv = "shape.div",
        ShapeFromExtentTensor = "shape.from_extent_tensor",
        ShapeFromExtents = "shape.from_extents",
        ShapeFunc = "shape.func",
        ShapeFunctionLibrary = "shape.function_library",
        ShapeGetExtent = "shape.get_extent",
        ShapeIndexToSize = "shape.index_to_size",
        ShapeIsBroadcastable = "shape.is_broadcastable",
        ShapeMax = "shape.max",
        ShapeMeet = "shape.meet",
        ShapeMin = "shape.min",
        ShapeMul = "shape.mul",
        ShapeNumElements = "shape.num_elements",
        ShapeRank = "shape.rank",
        ShapeReduce = "shape.reduce",
        ShapeReturn = "shape.return",
        ShapeShapeEq = "shape.shape_eq",
        ShapeShapeOf = "shape.shape_of",
        ShapeSizeToIndex = "shape.size_to_index",
        ShapeSplitAt = "shape.split_at",
        ShapeToExtentTensor = "shape.to_extent_tensor",
        ShapeValueAsShape = "shape.value_as_shape",
        ShapeValueOf = "shape.value_of",
        ShapeWithShape = "shape.with_shape",
        ShapeYield = "shape.yield",
    }
    tensor_ops = "tensor" {
        TensorBitcast = "tensor.bitcast",
        TensorCast = "tensor.cast",
        TensorCollapseShape = "tensor.collapse_shape",
        TensorConcat = "tensor.concat",
        TensorDim = "tensor.dim",
        TensorEmpty = "tensor.empty",
        TensorExpandShape = "tensor.expand_shape",
        TensorExtract = "tensor.extract",
        TensorExtractSlice = "tensor.extract_slice",
        TensorFromElements = "tensor.from_elements",
        TensorGather = "tensor.gather",
        TensorGenerate = "tensor.generate",
        TensorInsert = "tensor.insert",
        TensorInsertSlice = "tensor.insert_slice",
        TensorPack = "tensor.pack",
        TensorPad = "tensor.pad",
        TensorParallelInsertSlice = "tensor.parallel_insert_slice",
        TensorRank = "tensor.rank",
        TensorReshape = "tensor.reshape",
        TensorScatter = "tensor.scatter",
        TensorSplat = "tensor.splat",
        TensorUnpack = "tensor.unpack",
        TensorYield = "tensor.yield",
    }
    ub_ops = "ub" {
        UbPoison = "ub.poison",
    }
}

impl OpKind {
    /// The name to build an op of this kind with; an unregistered kind
    /// has none, and building one is a bug of the caller.
    pub fn build_name(self) -> &'static str {
        debug_assert!(self != OpKind::Unregistered, "an op is built by its kind");
        self.name().unwrap_or("builtin.unregistered")
    }
}

impl std::fmt::Display for OpKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name().unwrap_or("<unregistered>"))
    }
}

/// An op name equals a kind when it is that kind's name.
impl PartialEq<OpKind> for str {
    fn eq(&self, kind: &OpKind) -> bool {
        kind.name() == Some(self)
    }
}

impl PartialEq<OpKind> for &str {
    fn eq(&self, kind: &OpKind) -> bool {
        **self == *kind
    }
}

impl PartialEq<OpKind> for std::borrow::Cow<'_, str> {
    fn eq(&self, kind: &OpKind) -> bool {
        **self == *kind
    }
}

impl From<OpKind> for std::borrow::Cow<'static, str> {
    fn from(kind: OpKind) -> Self {
        std::borrow::Cow::Borrowed(kind.build_name())
    }
}

#[cfg(test)]
mod tests {
    use super::OpKind;

    #[test]
    fn every_definition_has_a_kind_and_every_kind_a_definition() {
        let registry = crate::op_def::registry();
        let mut defined: Vec<&str> = registry.names().collect();
        defined.sort_unstable();
        let kinds: Vec<&str> = OpKind::ALL.iter().filter_map(|k| k.name()).collect();
        assert_eq!(defined, kinds);
        for &kind in OpKind::ALL {
            assert_eq!(OpKind::from_name(kind.build_name()), kind);
            assert_eq!(registry.get(kind.build_name()).map(|d| d.kind), Some(kind));
        }
        assert_eq!(OpKind::from_name("foo.matmul"), OpKind::Unregistered);
    }

    #[test]
    fn each_dialect_pattern_matches_exactly_the_kinds_named_in_it() {
        for &kind in OpKind::ALL {
            let name = kind.build_name();
            assert_eq!(kind.dialect(), name.split('.').next(), "{name}");
            let group = match kind {
                arith_ops!() => "arith",
                bufferization_ops!() => "bufferization",
                builtin_ops!() => "builtin",
                cf_ops!() => "cf",
                func_ops!() => "func",
                math_ops!() => "math",
                memref_ops!() => "memref",
                scf_ops!() => "scf",
                shape_ops!() => "shape",
                tensor_ops!() => "tensor",
                ub_ops!() => "ub",
                OpKind::Unregistered => unreachable!("ALL holds defined kinds"),
            };
            assert_eq!(kind.dialect(), Some(group), "{name}");
        }
    }
}
