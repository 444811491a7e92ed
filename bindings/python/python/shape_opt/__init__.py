"""shape-opt for Python: lower MLIR ``shape``-dialect shape functions.

shape-opt reads MLIR text, lowers shape functions through four forms
(error-monadic, constrained, asserting, std), runs textual pass pipelines,
and evaluates functions on concrete shapes with its reference interpreter.

One call on text:

>>> import shape_opt
>>> shape_opt.evaluate(text, func="matmul", args=[[2, 3], [3, 4]])
[2, 4]
>>> std_ir = shape_opt.lower(text, to="std")

A :class:`Session` parses once and works on the :class:`Module`: host op
mappings, pipelines, lowering and evaluation.

Errors: :class:`DiagnosticError` (MLIR-style diagnostics: the input does not
parse, verify, lower or evaluate), :class:`ShapeError` (the evaluated
function failed) and its subclass :class:`UndefinedBehaviorError`,
:class:`InternalError` (a bug in shape-opt, never a crash).
"""

from ._native import (
    MLIR_VERSION,
    Diagnostic,
    DiagnosticError,
    InternalError,
    Module,
    Session,
    ShapeError,
    Tensor,
    UndefinedBehaviorError,
    __version__,
    evaluate,
    lower,
    run_pipeline,
)

__all__ = [
    "MLIR_VERSION",
    "Diagnostic",
    "DiagnosticError",
    "InternalError",
    "Module",
    "Session",
    "ShapeError",
    "Tensor",
    "UndefinedBehaviorError",
    "__version__",
    "evaluate",
    "lower",
    "run_pipeline",
]
