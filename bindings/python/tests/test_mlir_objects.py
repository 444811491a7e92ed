"""IR as objects of MLIR's Python bindings, and ``context=``, with stand-ins.

What shape_opt asks of a binding: an object whose ``operation`` prints
itself (``get_asm``) stands for IR text, and a ``Context`` finds its
bindings' ``Module`` (with ``parse``) in the Python module that defines
the class. test_interop_iree.py runs the same with a real binding.
"""

import pytest

import shape_opt


class Operation:
    """A stand-in for an ``Operation``: it prints its text and remembers how."""

    def __init__(self, asm):
        self.asm = asm
        self.printed_with = None

    @property
    def operation(self):
        """An ``Operation`` is its own ``operation``, as in the bindings."""
        return self

    def get_asm(self, *, enable_debug_info=False, print_generic_op_form=False):
        self.printed_with = {"enable_debug_info": enable_debug_info, "generic": print_generic_op_form}
        return self.asm


class Module:
    """A stand-in for a ``Module``: its ``operation`` and the context it lives in."""

    def __init__(self, asm, context=None):
        self.operation = Operation(asm)
        self.context = context

    @staticmethod
    def parse(asm, context=None):
        return Module(asm, context)


class _BindingsContext:
    """The ``Context`` class of the stand-in bindings (defined with its ``Module``)."""


# Found by its name, as the bindings' own class is.
_BindingsContext.__name__ = "Context"


class Context(_BindingsContext):
    """A package's ``ir.Context``: a subclass of the bindings' own, defined
    in a module without the bindings' ``Module`` (as IREE's is)."""


Context.__module__ = "sys"


def test_an_object_with_an_operation_stands_for_its_text(matmul):
    module = Module(matmul)
    assert shape_opt.lower(module) == shape_opt.lower(matmul)
    assert module.operation.printed_with == {"enable_debug_info": True, "generic": False}
    assert shape_opt.lower(module.operation) == shape_opt.lower(matmul)
    assert shape_opt.run_pipeline(module, "builtin.module(cse)") == shape_opt.run_pipeline(
        matmul, "builtin.module(cse)"
    )
    assert shape_opt.evaluate(module, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    session = shape_opt.Session()
    assert str(session.parse(module)) == str(session.parse(matmul))


def test_context_returns_a_module_of_its_bindings(matmul):
    context = Context()
    lowered = shape_opt.lower(matmul, context=context)
    assert isinstance(lowered, Module) and lowered.context is context
    # The result keeps its locations; as text it has none.
    assert 'loc("<string>":5:' in lowered.operation.asm
    assert "loc(" not in shape_opt.lower(matmul)
    assert shape_opt.evaluate(lowered, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    cleaned = shape_opt.run_pipeline(Module(matmul), "builtin.module(cse)", context=context)
    assert isinstance(cleaned, Module) and cleaned.context is context
    assert shape_opt.lower(matmul, context=None) == shape_opt.lower(matmul)


def test_what_is_not_ir_or_a_context_is_a_type_error(matmul):
    with pytest.raises(TypeError, match=r"str, bytes or a module or operation of MLIR's Python bindings.*not int"):
        shape_opt.lower(42)

    class Printless:
        operation = object()

    with pytest.raises(TypeError, match="not Printless"):
        shape_opt.evaluate(Printless(), "matmul")
    with pytest.raises(TypeError, match=r"context must be a Context of MLIR's Python bindings .*not str"):
        shape_opt.lower(matmul, context="ctx")
    with pytest.raises(TypeError, match="not Operation"):
        shape_opt.run_pipeline(matmul, "builtin.module(cse)", context=Operation(""))
    # The context is checked before the IR is read.
    with pytest.raises(TypeError, match="context must be"):
        shape_opt.lower("func.func @f(", context=1)
