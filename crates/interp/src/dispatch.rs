//! Which part of the interpreter evaluates each kind of op: one table
//! over every [`OpKind`], without a catch-all, so that a kind added to the
//! IR is not evaluated (or refused) by accident but given its evaluator,
//! or explicitly none, here.
//!
//! It also gives the steps their patterns of what it never sends them
//! (`unmodeled_arith_ops!`, `kinds_of_other_dialects!`), so that each
//! step's match is exhaustive too and names what it leaves out.

use ir::OpKind;

/// How the interpreter evaluates an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Evaluator {
    /// `shape_ops`.
    Shape,
    /// `arith_ops`.
    Arith,
    /// `tensor_ops`.
    Tensor,
    /// `control`: assertions, structured control flow, calls.
    Control(Control),
    /// `builtin.unrealized_conversion_cast`: a shape value and its host
    /// form (`shape_ops::bridge`).
    Bridge,
    /// `cf.br`: jumps to its successor.
    Br,
    /// `cf.cond_br`: jumps to one of two successors.
    CondBr,
    /// `cf.switch`: jumps to the successor of the matching case.
    Switch,
    /// A terminator that hands its operands to the op holding its region
    /// (`func.return`, `scf.yield`...).
    Exit,
    /// An op no definition covers: an observable event (`effects`).
    Unregistered,
    /// `ub.poison`: a [`crate::Value::Poison`].
    Poison,
    /// A registered op the interpreter gives no semantics: evaluating it
    /// is an error.
    None,
}

/// The `arith` ops the interpreter gives no semantics: integer ops of two
/// results, float conversions and comparisons. A pattern, for the steps
/// of `arith` that name what they leave out.
macro_rules! unmodeled_arith_ops {
    () => {
        ir::arith_extended_ops!()
            | ir::OpKind::ArithBitcast
            | ir::OpKind::ArithCmpf
            | ir::OpKind::ArithExtf
            | ir::OpKind::ArithFptosi
            | ir::OpKind::ArithFptoui
            | ir::OpKind::ArithMaxnumf
            | ir::OpKind::ArithMinnumf
            | ir::OpKind::ArithRemf
            | ir::OpKind::ArithTruncf
    };
}

pub(crate) use unmodeled_arith_ops;

/// The kinds of every dialect but the three with a step of their own
/// (`shape_ops`, `arith_ops`, `tensor_ops`), and of no dialect.
macro_rules! kinds_of_no_dialect_step {
    () => {
        ir::control_and_memory_ops!() | ir::OpKind::Unregistered
    };
}

pub(crate) use kinds_of_no_dialect_step;

/// The kinds of every dialect but `arith`, `shape` or `tensor` (the one
/// named), and of no dialect: a pattern for the arm of that dialect's step
/// that names what [`evaluator`] never sends it.
macro_rules! kinds_of_other_dialects {
    (arith) => {
        ir::shape_ops!() | ir::tensor_ops!() | $crate::dispatch::kinds_of_no_dialect_step!()
    };
    (shape) => {
        ir::arith_ops!() | ir::tensor_ops!() | $crate::dispatch::kinds_of_no_dialect_step!()
    };
    (tensor) => {
        ir::arith_ops!() | ir::shape_ops!() | $crate::dispatch::kinds_of_no_dialect_step!()
    };
}

pub(crate) use kinds_of_other_dialects;

/// The ops `control` evaluates: those that run regions or call, and
/// `cf.assert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Control {
    /// `cf.assert`.
    Assert,
    /// `func.call`.
    Call,
    /// `scf.execute_region`.
    ExecuteRegion,
    /// `scf.for`.
    For,
    /// `scf.if`.
    If,
    /// `scf.index_switch`.
    IndexSwitch,
    /// `scf.while`.
    While,
    /// `memref.alloca_scope`.
    AllocaScope,
}

/// The evaluator of ops of kind `kind`.
pub(crate) fn evaluator(kind: OpKind) -> Evaluator {
    match kind {
        OpKind::ShapeAdd
        | OpKind::ShapeAny
        | OpKind::ShapeAssuming
        | OpKind::ShapeAssumingAll
        | OpKind::ShapeBroadcast
        | OpKind::ShapeConcat
        | OpKind::ShapeConstShape
        | OpKind::ShapeConstSize
        | OpKind::ShapeConstWitness
        | OpKind::ShapeCstrBroadcastable
        | OpKind::ShapeCstrEq
        | OpKind::ShapeCstrRequire
        | OpKind::ShapeDebugPrint
        | OpKind::ShapeDim
        | OpKind::ShapeDiv
        | OpKind::ShapeFromExtentTensor
        | OpKind::ShapeFromExtents
        | OpKind::ShapeGetExtent
        | OpKind::ShapeIndexToSize
        | OpKind::ShapeIsBroadcastable
        | OpKind::ShapeMax
        | OpKind::ShapeMeet
        | OpKind::ShapeMin
        | OpKind::ShapeMul
        | OpKind::ShapeNumElements
        | OpKind::ShapeRank
        | OpKind::ShapeReduce
        | OpKind::ShapeShapeEq
        | OpKind::ShapeShapeOf
        | OpKind::ShapeSizeToIndex
        | OpKind::ShapeSplitAt
        | OpKind::ShapeToExtentTensor
        | OpKind::ShapeValueAsShape
        | OpKind::ShapeValueOf
        | OpKind::ShapeWithShape => Evaluator::Shape,

        OpKind::ArithAddf
        | ir::arith_ring_ops!()
        | ir::arith_logic_ops!()
        | ir::arith_shift_ops!()
        | ir::arith_division_ops!()
        | OpKind::ArithCmpi
        | OpKind::ArithConstant
        | OpKind::ArithDivf
        | OpKind::ArithExtsi
        | OpKind::ArithExtui
        | OpKind::ArithIndexCast
        | OpKind::ArithIndexCastui
        | OpKind::ArithMaximumf
        | ir::arith_min_max_ops!()
        | OpKind::ArithMinimumf
        | OpKind::ArithMulf
        | OpKind::ArithNegf
        | OpKind::ArithSelect
        | OpKind::ArithSitofp
        | OpKind::ArithSubf
        | OpKind::ArithTrunci
        | OpKind::ArithUitofp => Evaluator::Arith,

        OpKind::TensorCast
        | OpKind::TensorCollapseShape
        | OpKind::TensorConcat
        | OpKind::TensorDim
        | OpKind::TensorEmpty
        | OpKind::TensorExpandShape
        | OpKind::TensorExtract
        | OpKind::TensorExtractSlice
        | OpKind::TensorFromElements
        | OpKind::TensorGenerate
        | OpKind::TensorInsert
        | OpKind::TensorInsertSlice
        | OpKind::TensorPack
        | OpKind::TensorPad
        | OpKind::TensorRank
        | OpKind::TensorReshape
        | OpKind::TensorSplat
        | OpKind::TensorUnpack => Evaluator::Tensor,

        OpKind::CfAssert => Evaluator::Control(Control::Assert),
        OpKind::FuncCall => Evaluator::Control(Control::Call),
        OpKind::ScfExecuteRegion => Evaluator::Control(Control::ExecuteRegion),
        OpKind::ScfFor => Evaluator::Control(Control::For),
        OpKind::ScfIf => Evaluator::Control(Control::If),
        OpKind::ScfIndexSwitch => Evaluator::Control(Control::IndexSwitch),
        OpKind::ScfWhile => Evaluator::Control(Control::While),
        OpKind::MemrefAllocaScope => Evaluator::Control(Control::AllocaScope),

        OpKind::BuiltinUnrealizedConversionCast => Evaluator::Bridge,
        OpKind::CfBr => Evaluator::Br,
        OpKind::CfCondBr => Evaluator::CondBr,
        OpKind::CfSwitch => Evaluator::Switch,

        OpKind::FuncReturn
        | OpKind::MemrefAllocaScopeReturn
        | OpKind::MemrefAtomicYield
        | OpKind::ScfCondition
        | OpKind::ScfForallInParallel
        | OpKind::ScfReduce
        | OpKind::ScfReduceReturn
        | OpKind::ScfYield
        | OpKind::ShapeAssumingYield
        | OpKind::ShapeReturn
        | OpKind::ShapeYield
        | OpKind::TensorYield => Evaluator::Exit,

        OpKind::Unregistered => Evaluator::Unregistered,
        OpKind::UbPoison => Evaluator::Poison,

        // Integer ops of two results, float conversions and comparisons.
        unmodeled_arith_ops!()
        // Containers of functions, which are not executed in place.
        | OpKind::BuiltinModule
        | OpKind::FuncFunc
        | OpKind::ShapeFunc
        | OpKind::ShapeFunctionLibrary
        // Indirect calls, parallel loops, tensor ops on buffers or
        // scattered indices, and the dialects of buffers and floats.
        | OpKind::FuncCallIndirect
        | OpKind::FuncConstant
        | OpKind::ScfForall
        | OpKind::ScfParallel
        | OpKind::TensorBitcast
        | OpKind::TensorGather
        | OpKind::TensorParallelInsertSlice
        | OpKind::TensorScatter
        | OpKind::BufferizationAllocTensor
        | OpKind::BufferizationClone
        | OpKind::BufferizationDeallocTensor
        | OpKind::BufferizationMaterializeInDestination
        | OpKind::BufferizationToBuffer
        | OpKind::BufferizationToTensor
        | OpKind::MathAbsf
        | OpKind::MathAtan
        | OpKind::MathCbrt
        | OpKind::MathCeil
        | OpKind::MathCos
        | OpKind::MathErf
        | OpKind::MathExp
        | OpKind::MathExp2
        | OpKind::MathExpm1
        | OpKind::MathFloor
        | OpKind::MathLog
        | OpKind::MathLog10
        | OpKind::MathLog1p
        | OpKind::MathLog2
        | OpKind::MathRound
        | OpKind::MathRoundeven
        | OpKind::MathRsqrt
        | OpKind::MathSin
        | OpKind::MathSqrt
        | OpKind::MathTan
        | OpKind::MathTanh
        | OpKind::MathTrunc
        // The interpreter has no model of memory.
        | OpKind::MemrefAlloc
        | OpKind::MemrefAlloca
        | OpKind::MemrefAssumeAlignment
        | OpKind::MemrefAtomicRmw
        | OpKind::MemrefCast
        | OpKind::MemrefCollapseShape
        | OpKind::MemrefCopy
        | OpKind::MemrefDealloc
        | OpKind::MemrefDim
        | OpKind::MemrefDistinctObjects
        | OpKind::MemrefDmaStart
        | OpKind::MemrefDmaWait
        | OpKind::MemrefExpandShape
        | OpKind::MemrefExtractAlignedPointerAsIndex
        | OpKind::MemrefExtractStridedMetadata
        | OpKind::MemrefGenericAtomicRmw
        | OpKind::MemrefGetGlobal
        | OpKind::MemrefGlobal
        | OpKind::MemrefLoad
        | OpKind::MemrefMemorySpaceCast
        | OpKind::MemrefPrefetch
        | OpKind::MemrefRank
        | OpKind::MemrefRealloc
        | OpKind::MemrefReinterpretCast
        | OpKind::MemrefReshape
        | OpKind::MemrefStore
        | OpKind::MemrefSubview
        | OpKind::MemrefTranspose
        | OpKind::MemrefView => Evaluator::None,
    }
}

#[cfg(test)]
mod tests {
    use super::{evaluator, Evaluator};
    use ir::OpKind;

    #[test]
    fn the_terminators_are_the_branches_and_exits() {
        let registry = ir::op_def::registry();
        for &kind in OpKind::ALL {
            let def = registry
                .get(kind.build_name())
                .expect("every kind is defined");
            let ends_a_block = matches!(
                evaluator(kind),
                Evaluator::Br | Evaluator::CondBr | Evaluator::Switch | Evaluator::Exit
            );
            assert_eq!(ends_a_block, def.traits.terminator, "{kind}");
        }
    }
}
