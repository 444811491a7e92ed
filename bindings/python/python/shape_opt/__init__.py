"""shape-opt for Python: lower MLIR ``shape``-dialect shape functions.

shape-opt reads MLIR text, lowers shape functions through four forms
(error-monadic, constrained, asserting, std), runs textual pass pipelines,
and evaluates functions on concrete shapes with its reference interpreter.

One call on text:

>>> import shape_opt
>>> shape_opt.evaluate(text, func="matmul", args=[[2, 3], [3, 4]])
[2, 4]
>>> std_ir = shape_opt.lower(text, to="std")

What ``shape-opt --explain`` says of each function, as text and in parts,
and the HTML report ``shape-opt --report`` writes:

>>> print(shape_opt.explain(text).text)
>>> shape_opt.report(text, "report.html", to="std")

Where IR is taken, a module or operation of MLIR's Python bindings
(``mlir.ir``, ``torch_mlir.ir``, ``iree.compiler.ir``) may stand for the
text; ``context=``, a ``Context`` of such bindings, makes ``lower`` and
``run_pipeline`` return a ``Module`` of those bindings instead of text:

>>> from iree.compiler import ir
>>> module = ir.Module.parse(text, ir.Context())
>>> std_module = shape_opt.lower(module, context=module.context)

A :class:`Session` parses once and works on the :class:`Module`: host op
mappings, pipelines, lowering, evaluation, explanations and reports.

Errors, by what is at fault:

- an argument: ``TypeError`` for one of the wrong type, ``ValueError`` for
  one malformed whatever the IR (an unknown stage or failure mode, a
  pipeline that does not parse or names an unregistered pass or option,
  an evaluation argument that does not read or an int out of ``i64``'s
  range, a ``verify_semantics`` count below 0 or above 100000, a module
  of another session), its text the diagnostic; arguments are checked
  before the IR is read;
- the IR: :class:`DiagnosticError` (MLIR-style diagnostics: the text does
  not parse or verify, a pass fails, a pipeline cannot run on the module,
  a function is not there or the arguments do not fit it);
- the evaluated function: :class:`ShapeError` (it failed) and its
  subclass :class:`UndefinedBehaviorError`;
- the use of a session: :class:`ReentrancyError` (a callback used the
  session running it);
- shape-opt: :class:`InternalError` (a bug, never a crash).

Sessions and modules may be shared between threads: each call waits for
the calls it conflicts with, with the GIL released.
"""

from ._native import (
    MLIR_VERSION,
    Diagnostic,
    DiagnosticError,
    Explanation,
    FunctionExplanation,
    InternalError,
    Module,
    ReentrancyError,
    Requirement,
    Session,
    ShapeError,
    Tensor,
    UndefinedBehaviorError,
    __version__,
    evaluate,
    explain,
    lower,
    report,
    run_pipeline,
)

__all__ = [
    "MLIR_VERSION",
    "Diagnostic",
    "DiagnosticError",
    "Explanation",
    "FunctionExplanation",
    "InternalError",
    "Module",
    "ReentrancyError",
    "Requirement",
    "Session",
    "ShapeError",
    "Tensor",
    "UndefinedBehaviorError",
    "__version__",
    "evaluate",
    "explain",
    "lower",
    "report",
    "run_pipeline",
]
