"""Interop with MLIR's own Python API, as IREE's compiler package ships it.

A module built or parsed by ``iree.compiler.ir`` goes through
``shape_opt.lower`` as text and as the module object itself, what
shape-opt prints at every stage parses and verifies back in MLIR, and
``context=`` returns ``iree.compiler.ir.Module`` objects. Skipped, with the reason, when the package cannot be imported;
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
    lowered = shape_opt.lower(source, context=context)
    assert lowered.operation.verify()
    for module in (source, lowered):
        assert shape_opt.evaluate(module, "broadcast_rank", [[2, 1], [3]]) == 2
        with pytest.raises(shape_opt.ShapeError, match="operands must be broadcastable"):
            shape_opt.evaluate(module, "broadcast_rank", [[2, 3], [4]])


def test_module_objects_are_lowered_and_evaluated(matmul):
    context = ir.Context()
    source = mlir_module(matmul, context)
    library = source.body.operations[0]
    for ir_object in (source, source.operation, library):
        assert shape_opt.lower(ir_object) == shape_opt.lower(matmul)
        assert shape_opt.evaluate(ir_object, "matmul", [[2, 3], [3, 4]]) == [2, 4]
        with pytest.raises(shape_opt.ShapeError, match="inner dimensions required to match"):
            shape_opt.evaluate(ir_object, "matmul", [[2, 3], [5, 4]])
    session = shape_opt.Session()
    module = session.parse(source)
    session.lower(module, to="asserting")
    assert module.stage == "asserting"


def test_module_objects_are_explained(matmul):
    context = ir.Context()
    source = mlir_module(matmul, context)
    from_text = shape_opt.explain(matmul)
    for ir_object in (source, source.operation):
        explained = shape_opt.explain(ir_object)
        assert [f.name for f in explained.functions] == [f.name for f in from_text.functions]
        # MLIR prints the module with its own value names (``%arg0``), so
        # conditions and results name the parameters otherwise; the
        # requirements are the same, in the same order.
        for ours, theirs in zip(explained.functions, from_text.functions):
            assert len(ours.results) == len(theirs.results)
            assert [r.message for r in ours.requires] == [r.message for r in theirs.requires]
    matmul_explained = shape_opt.explain(source).functions[0]
    assert "inner dimensions required to match" in [r.message for r in matmul_explained.requires]


def test_context_returns_a_module_that_verifies(matmul):
    context = ir.Context()
    source = mlir_module(matmul, context)
    lowered = shape_opt.lower(source, context=context)
    assert isinstance(lowered, ir.Module)
    assert lowered.context is context
    assert lowered.operation.verify()
    assert str(lowered) == str(mlir_module(shape_opt.lower(matmul), context))
    # The lowered function keeps the location of the function it came from.
    (function,) = [op for op in lowered.body.operations if op.operation.name == "func.func"]
    assert str(function.location) == str(source.body.operations[0].regions[0].blocks[0].operations[0].location)
    assert shape_opt.evaluate(lowered, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    constrained = shape_opt.run_pipeline(
        lowered, "builtin.module(canonicalize,cse)", context=context
    )
    assert isinstance(constrained, ir.Module) and constrained.operation.verify()


#: A function shape-opt cannot lower, its op on line 4 of the text.
UNLOWERABLE = """// shape.with_shape has no constrained form.

func.func @f(%a: tensor<?xf32>, %s: !shape.shape) -> !shape.value_shape {
  %0 = shape.with_shape %a, %s : tensor<?xf32>, !shape.shape
  return %0 : !shape.value_shape
}
"""


def test_diagnostics_point_at_the_modules_own_locations():
    source = mlir_module(UNLOWERABLE, ir.Context())
    with_shape = source.body.operations[0].regions[0].blocks[0].operations[0]
    # MLIR names text it parses from a string "-".
    assert str(with_shape.location) == 'loc("-":4:8)'
    with pytest.raises(shape_opt.DiagnosticError, match="cannot be lowered") as raised:
        shape_opt.lower(source)
    (diagnostic,) = raised.value.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("-", 4, 8)
    # As text, the position is the printout's (in `module {`, a line down).
    with pytest.raises(shape_opt.DiagnosticError) as raised:
        shape_opt.lower(str(source))
    (diagnostic,) = raised.value.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("<string>", 3, 10)


def test_host_ops_back_into_a_context_that_allows_them(host_program):
    context = ir.Context()
    context.allow_unregistered_dialects = True
    source = mlir_module(host_program, context)
    constrained = shape_opt.lower(
        source, "constrained", allow_unregistered_dialects=True, context=context
    )
    assert constrained.operation.verify()
    assert "host.matmul" in str(constrained)
    strict = ir.Context()
    with pytest.raises(ir.MLIRError, match="unregistered dialect"):
        shape_opt.lower(source, "constrained", allow_unregistered_dialects=True, context=strict)
