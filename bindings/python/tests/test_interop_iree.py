"""Interop with MLIR's own Python API, as IREE's compiler package ships it.

A module built or parsed by ``iree.compiler.ir`` goes through
``shape_opt.lower`` as text, and what shape-opt prints at every stage
parses and verifies back in MLIR. Skipped, with the reason, when the package cannot be imported;
``SHAPE_OPT_REQUIRE_IREE=1`` (set by scripts/test-python when it installed
the package) makes that a failure instead.
"""

import os

import pytest

import shape_opt

try:
    from iree.compiler import ir
    from iree.compiler.dialects import func, shape
except ImportError as e:
    if os.environ.get("SHAPE_OPT_REQUIRE_IREE") == "1":
        raise
    pytest.skip(f"iree.compiler.ir cannot be imported: {e}", allow_module_level=True)

STAGES = ["error-monadic", "constrained", "asserting", "std"]


def mlir_module(text: str, context):
    """``text`` parsed and verified by MLIR."""
    module = ir.Module.parse(text, context)
    assert module.operation.verify()
    return module


@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_mlir_module_through_shape_opt_and_back(matmul, generic):
    context = ir.Context()
    source = mlir_module(matmul, context)
    text = source.operation.get_asm(print_generic_op_form=generic)
    reached = {}
    std = shape_opt.lower(text, to="std", on_stage=lambda stage, ir_text: reached.setdefault(stage, ir_text))
    assert list(reached) == STAGES
    for stage, stage_text in reached.items():
        back = mlir_module(stage_text, context)
        assert "func" in str(back), stage
    lowered = mlir_module(std, context)
    # MLIR's printing of shape-opt's result still means the same.
    assert shape_opt.evaluate(str(lowered), "matmul", [[2, 3], [3, 4]]) == [2, 4]
    with pytest.raises(shape_opt.ShapeError, match="inner dimensions required to match"):
        shape_opt.evaluate(str(lowered), "matmul", [[2, 3], [5, 4]])


def test_host_ops_of_an_unregistered_dialect(host_program):
    context = ir.Context()
    context.allow_unregistered_dialects = True
    source = mlir_module(host_program, context)
    session = shape_opt.Session(allow_unregistered_dialects=True)
    module = session.parse(str(source), name="iree.mlir")
    session.map_op(module, "host.matmul", "matmul")
    session.lower(module, "constrained")
    back = mlir_module(str(module), context)
    assert "host.matmul = @matmul" in str(back)


def test_module_built_with_mlir_builders():
    context = ir.Context()
    with context, ir.Location.unknown():
        source = ir.Module.create()
        shape_type = ir.Type.parse("!shape.shape")
        with ir.InsertionPoint(source.body):

            @func.FuncOp.from_py_func(shape_type, shape_type)
            def broadcast_rank(a, b):
                broadcast = shape.BroadcastOp(shape_type, [a, b]).result
                return shape.RankOp(broadcast).result

    assert source.operation.verify()
    lowered = mlir_module(shape_opt.lower(str(source)), context)
    for module in (source, lowered):
        assert shape_opt.evaluate(str(module), "broadcast_rank", [[2, 1], [3]]) == 2
        with pytest.raises(shape_opt.ShapeError, match="operands must be broadcastable"):
            shape_opt.evaluate(str(module), "broadcast_rank", [[2, 3], [4]])
