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
//!
//! The larger dialects (`arith`, `shape`, `tensor`) are also split into
//! families (`ir::shape_witness_ops!()`, `ir::tensor_slice_ops!()`...)
//! that partition them, so that a model can leave out a family at a time.
//! An op added to a family joins the decisions made for it; that is the
//! price of naming groups, so a model that must weigh every op of a
//! family lists them.

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

/// A pattern matching addition, subtraction and multiplication of integers and `index` (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_ring_ops {
    () => {
        $crate::OpKind::ArithAddi | $crate::OpKind::ArithSubi | $crate::OpKind::ArithMuli
    };
}

/// A pattern matching the integer divisions and remainders, signed and unsigned, rounding every way (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_division_ops {
    () => {
        $crate::OpKind::ArithDivsi
            | $crate::OpKind::ArithDivui
            | $crate::OpKind::ArithRemsi
            | $crate::OpKind::ArithRemui
            | $crate::OpKind::ArithCeildivsi
            | $crate::OpKind::ArithCeildivui
            | $crate::OpKind::ArithFloordivsi
    };
}

/// A pattern matching the integer minima and maxima, signed and unsigned (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_min_max_ops {
    () => {
        $crate::OpKind::ArithMaxsi
            | $crate::OpKind::ArithMaxui
            | $crate::OpKind::ArithMinsi
            | $crate::OpKind::ArithMinui
    };
}

/// A pattern matching the bitwise logic on integers: `andi`, `ori`,
/// `xori` (a family of the `arith` dialect; see the module doc).
#[macro_export]
macro_rules! arith_logic_ops {
    () => {
        $crate::OpKind::ArithAndi | $crate::OpKind::ArithOri | $crate::OpKind::ArithXori
    };
}

/// A pattern matching the shifts of integers (a family of the `arith`
/// dialect; see the module doc).
#[macro_export]
macro_rules! arith_shift_ops {
    () => {
        $crate::OpKind::ArithShli | $crate::OpKind::ArithShrsi | $crate::OpKind::ArithShrui
    };
}

/// A pattern matching the integer ops with a second, overflow or high-half, result (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_extended_ops {
    () => {
        $crate::OpKind::ArithAdduiExtended
            | $crate::OpKind::ArithMulsiExtended
            | $crate::OpKind::ArithMuluiExtended
    };
}

/// A pattern matching the integer arithmetic: the ring, division,
/// min/max, shift and extended families.
#[macro_export]
macro_rules! arith_integer_arithmetic_ops {
    () => {
        $crate::arith_ring_ops!()
            | $crate::arith_division_ops!()
            | $crate::arith_min_max_ops!()
            | $crate::arith_shift_ops!()
            | $crate::arith_extended_ops!()
    };
}

/// A pattern matching the arithmetic and bitwise ops on integers and
/// `index`: the integer arithmetic and the bitwise logic.
#[macro_export]
macro_rules! arith_integer_ops {
    () => {
        $crate::arith_integer_arithmetic_ops!() | $crate::arith_logic_ops!()
    };
}

/// A pattern matching every `arith` op but `cmpi` and `andi`, the two
/// that build a condition out of comparisons and conjunctions: what the
/// analyses of conditions look through.
#[macro_export]
macro_rules! arith_non_condition_ops {
    () => {
        $crate::arith_integer_arithmetic_ops!()
            | $crate::OpKind::ArithOri
            | $crate::OpKind::ArithXori
            | $crate::arith_float_ops!()
            | $crate::arith_cast_ops!()
            | $crate::OpKind::ArithConstant
            | $crate::OpKind::ArithCmpf
            | $crate::OpKind::ArithSelect
    };
}

/// A pattern matching the arithmetic ops on floats (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_float_ops {
    () => {
        $crate::OpKind::ArithAddf
            | $crate::OpKind::ArithSubf
            | $crate::OpKind::ArithMulf
            | $crate::OpKind::ArithDivf
            | $crate::OpKind::ArithRemf
            | $crate::OpKind::ArithNegf
            | $crate::OpKind::ArithMaximumf
            | $crate::OpKind::ArithMinimumf
            | $crate::OpKind::ArithMaxnumf
            | $crate::OpKind::ArithMinnumf
    };
}

/// A pattern matching the conversions between integer, `index` and float types (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_cast_ops {
    () => {
        $crate::OpKind::ArithIndexCast
            | $crate::OpKind::ArithIndexCastui
            | $crate::arith_int_width_ops!()
            | $crate::arith_float_conversion_ops!()
    };
}

/// A pattern matching the casts between integer widths: `extsi`, `extui`,
/// `trunci`.
#[macro_export]
macro_rules! arith_int_width_ops {
    () => {
        $crate::OpKind::ArithExtsi | $crate::OpKind::ArithExtui | $crate::OpKind::ArithTrunci
    };
}

/// A pattern matching the casts that have a float on one side (or
/// reinterpret bits): float widths, integer to and from float, `bitcast`.
#[macro_export]
macro_rules! arith_float_conversion_ops {
    () => {
        $crate::OpKind::ArithExtf
            | $crate::OpKind::ArithTruncf
            | $crate::OpKind::ArithSitofp
            | $crate::OpKind::ArithUitofp
            | $crate::OpKind::ArithFptosi
            | $crate::OpKind::ArithFptoui
            | $crate::OpKind::ArithBitcast
    };
}

/// A pattern matching the constants, comparisons and `select` (a family of the `arith` dialect; see the
/// module doc).
#[macro_export]
macro_rules! arith_other_ops {
    () => {
        $crate::OpKind::ArithConstant
            | $crate::OpKind::ArithCmpi
            | $crate::OpKind::ArithCmpf
            | $crate::OpKind::ArithSelect
    };
}

/// A pattern matching the constraints and the ops that combine, hold and consume their witnesses (a family of the `shape` dialect; see the
/// module doc).
#[macro_export]
macro_rules! shape_witness_ops {
    () => {
        $crate::shape_witness_result_ops!()
            | $crate::OpKind::ShapeAssuming
            | $crate::OpKind::ShapeAssumingYield
    };
}

/// A pattern matching the ops whose one result is a witness: the
/// constraints, `assuming_all` and `const_witness`.
#[macro_export]
macro_rules! shape_witness_result_ops {
    () => {
        $crate::OpKind::ShapeCstrBroadcastable
            | $crate::OpKind::ShapeCstrEq
            | $crate::OpKind::ShapeCstrRequire
            | $crate::OpKind::ShapeAssumingAll
            | $crate::OpKind::ShapeConstWitness
    };
}

/// A pattern matching the ops that compute sizes and shapes: the size,
/// building, query and value-shape families (every shape op but the
/// witness and structure ones).
#[macro_export]
macro_rules! shape_computation_ops {
    () => {
        $crate::shape_size_ops!()
            | $crate::shape_building_ops!()
            | $crate::shape_query_ops!()
            | $crate::shape_value_shape_ops!()
    };
}

/// A pattern matching the ops on single sizes: their arithmetic and the bridges to `index` (a family of the `shape` dialect; see the
/// module doc).
#[macro_export]
macro_rules! shape_size_ops {
    () => {
        $crate::OpKind::ShapeAdd
            | $crate::OpKind::ShapeDiv
            | $crate::OpKind::ShapeMax
            | $crate::OpKind::ShapeMin
            | $crate::OpKind::ShapeMul
            | $crate::OpKind::ShapeConstSize
            | $crate::OpKind::ShapeIndexToSize
            | $crate::OpKind::ShapeSizeToIndex
    };
}

/// A pattern matching the ops that make shapes: constants, conversions, broadcasts, concatenations, splits and joins (a family of the `shape` dialect; see the
/// module doc).
#[macro_export]
macro_rules! shape_building_ops {
    () => {
        $crate::shape_constructor_ops!()
            | $crate::OpKind::ShapeBroadcast
            | $crate::OpKind::ShapeConcat
            | $crate::OpKind::ShapeSplitAt
            | $crate::OpKind::ShapeAny
            | $crate::OpKind::ShapeMeet
    };
}

/// A pattern matching the ops that make a shape from one other thing: a
/// constant, a tensor's shape, extents, or an extent tensor (and back).
#[macro_export]
macro_rules! shape_constructor_ops {
    () => {
        $crate::OpKind::ShapeConstShape
            | $crate::OpKind::ShapeShapeOf
            | $crate::OpKind::ShapeFromExtents
            | $crate::OpKind::ShapeFromExtentTensor
            | $crate::OpKind::ShapeToExtentTensor
    };
}

/// A pattern matching the comparisons of whole shapes: `is_broadcastable`
/// and `shape_eq`.
#[macro_export]
macro_rules! shape_comparison_ops {
    () => {
        $crate::OpKind::ShapeIsBroadcastable | $crate::OpKind::ShapeShapeEq
    };
}

/// A pattern matching the ops that read shapes: extents, ranks, element counts and comparisons (a family of the `shape` dialect; see the
/// module doc).
#[macro_export]
macro_rules! shape_query_ops {
    () => {
        $crate::OpKind::ShapeGetExtent
            | $crate::OpKind::ShapeDim
            | $crate::OpKind::ShapeRank
            | $crate::OpKind::ShapeNumElements
            | $crate::shape_comparison_ops!()
    };
}

/// A pattern matching the ops of `!shape.value_shape` (a family of the `shape` dialect; see the
/// module doc).
#[macro_export]
macro_rules! shape_value_shape_ops {
    () => {
        $crate::OpKind::ShapeValueAsShape
            | $crate::OpKind::ShapeValueOf
            | $crate::OpKind::ShapeWithShape
    };
}

/// A pattern matching the functions, libraries, reductions, terminators and debug printing of the shape dialect (a family of the `shape` dialect; see the
/// module doc).
#[macro_export]
macro_rules! shape_structure_ops {
    () => {
        $crate::shape_definition_ops!()
            | $crate::OpKind::ShapeYield
            | $crate::OpKind::ShapeDebugPrint
    };
}

/// A pattern matching the ops that hold shape functions and reductions,
/// and the return from a shape function: the structure ops but `yield`
/// and `debug_print`.
#[macro_export]
macro_rules! shape_definition_ops {
    () => {
        $crate::OpKind::ShapeFunc
            | $crate::OpKind::ShapeFunctionLibrary
            | $crate::OpKind::ShapeReduce
            | $crate::OpKind::ShapeReturn
    };
}

/// A pattern matching the ops that read or recast a tensor's type: `dim`, `rank`, `cast`, `bitcast` (a family of the `tensor` dialect; see the
/// module doc).
#[macro_export]
macro_rules! tensor_metadata_ops {
    () => {
        $crate::OpKind::TensorDim
            | $crate::OpKind::TensorRank
            | $crate::OpKind::TensorCast
            | $crate::OpKind::TensorBitcast
    };
}

/// A pattern matching the ops on a tensor's elements: the element,
/// reshaping and slice families (every tensor op but the metadata ones).
#[macro_export]
macro_rules! tensor_data_ops {
    () => {
        $crate::tensor_element_ops!()
            | $crate::tensor_reshaping_ops!()
            | $crate::tensor_slice_ops!()
    };
}

/// A pattern matching the ops that make or access elements one at a time (a family of the `tensor` dialect; see the
/// module doc).
#[macro_export]
macro_rules! tensor_element_ops {
    () => {
        $crate::OpKind::TensorEmpty
            | $crate::OpKind::TensorExtract
            | $crate::OpKind::TensorInsert
            | $crate::OpKind::TensorFromElements
            | $crate::OpKind::TensorSplat
            | $crate::OpKind::TensorGenerate
            | $crate::OpKind::TensorYield
    };
}

/// A pattern matching the ops that reshape, pad, pack or concatenate whole tensors (a family of the `tensor` dialect; see the
/// module doc).
#[macro_export]
macro_rules! tensor_reshaping_ops {
    () => {
        $crate::OpKind::TensorCollapseShape
            | $crate::OpKind::TensorExpandShape
            | $crate::OpKind::TensorReshape
            | $crate::OpKind::TensorPad
            | $crate::OpKind::TensorPack
            | $crate::OpKind::TensorUnpack
            | $crate::OpKind::TensorConcat
    };
}

/// A pattern matching the ops on slices and gathered or scattered parts (a family of the `tensor` dialect; see the
/// module doc).
#[macro_export]
macro_rules! tensor_slice_ops {
    () => {
        $crate::OpKind::TensorExtractSlice
            | $crate::OpKind::TensorInsertSlice
            | $crate::OpKind::TensorParallelInsertSlice
            | $crate::OpKind::TensorGather
            | $crate::OpKind::TensorScatter
    };
}

/// A pattern matching the ops of `bufferization`, `builtin`, `cf`, `func`,
/// `math`, `memref`, `scf` and `ub`: control flow, calls, memory and math,
/// the dialects a shape model that reads `shape`, `arith` and `tensor` ops
/// one by one often leaves out whole.
#[macro_export]
macro_rules! control_and_memory_ops {
    () => {
        $crate::bufferization_ops!()
            | $crate::builtin_ops!()
            | $crate::cf_ops!()
            | $crate::func_ops!()
            | $crate::math_ops!()
            | $crate::memref_ops!()
            | $crate::scf_ops!()
            | $crate::ub_ops!()
    };
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

    /// The families of a dialect partition it: a kind in no family fails
    /// to compile here, a kind in two is an unreachable pattern.
    #[test]
    #[deny(unreachable_patterns)]
    fn the_families_partition_their_dialects() {
        for &kind in OpKind::ALL {
            let dialect = match kind {
                arith_ring_ops!() => "arith",
                arith_division_ops!() => "arith",
                arith_min_max_ops!() => "arith",
                arith_shift_ops!() => "arith",
                arith_extended_ops!() => "arith",
                arith_logic_ops!() => "arith",
                arith_float_ops!() => "arith",
                arith_cast_ops!() => "arith",
                arith_other_ops!() => "arith",
                shape_witness_ops!() => "shape",
                shape_size_ops!() => "shape",
                shape_building_ops!() => "shape",
                shape_query_ops!() => "shape",
                shape_value_shape_ops!() => "shape",
                shape_structure_ops!() => "shape",
                tensor_metadata_ops!() => "tensor",
                tensor_element_ops!() => "tensor",
                tensor_reshaping_ops!() => "tensor",
                tensor_slice_ops!() => "tensor",
                bufferization_ops!() => "bufferization",
                builtin_ops!() => "builtin",
                cf_ops!() => "cf",
                func_ops!() => "func",
                math_ops!() => "math",
                memref_ops!() => "memref",
                scf_ops!() => "scf",
                ub_ops!() => "ub",
                OpKind::Unregistered => unreachable!("ALL holds defined kinds"),
            };
            assert_eq!(kind.dialect(), Some(dialect), "{kind}");
        }
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
