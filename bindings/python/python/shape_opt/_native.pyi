"""Type stubs of the extension module ``shape_opt._native`` (Rust, pyo3)."""

from os import PathLike
from pathlib import Path
from typing import (
    Any,
    Callable,
    List,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    Union,
    final,
    overload,
)

from typing_extensions import Self

__all__ = [
    "__version__",
    "MLIR_VERSION",
    "lower",
    "run_pipeline",
    "evaluate",
    "explain",
    "report",
    "Session",
    "Module",
    "Diagnostic",
    "Tensor",
    "Explanation",
    "FunctionExplanation",
    "Requirement",
    "DiagnosticError",
    "ShapeError",
    "UndefinedBehaviorError",
    "ReentrancyError",
    "InternalError",
    "_panic_for_testing",
]

__version__: str
MLIR_VERSION: str

class _MlirOperation(Protocol):
    """An operation of MLIR's Python bindings, which prints itself."""

    def get_asm(
        self, *, enable_debug_info: bool = ..., print_generic_op_form: bool = ...
    ) -> Any: ...

class _MlirObject(Protocol):
    """A ``Module``, ``Operation`` or op view of MLIR's Python bindings
    (``mlir.ir``, ``torch_mlir.ir``, ``iree.compiler.ir``)."""

    @property
    def operation(self) -> _MlirOperation: ...

#: IR: text as ``str``, or ``bytes`` read as UTF-8 (invalid bytes become
#: U+FFFD, which the parser reports where it stands), or an object of MLIR's
#: Python bindings, printed with its locations (``get_asm``).
_IR = Union[str, bytes, _MlirObject]
#: A ``Context`` of MLIR's Python bindings (``mlir.ir.Context``): the IR
#: returned is a ``Module`` of those bindings in it.
_MlirContext = Any
#: An evaluation argument: a shape (list of ints), a scalar (int) or an
#: argument as ``shape-run --arg`` reads it (``"dense<[3, -1]>"``).
_Arg = Union[Sequence[int], int, str]
#: One evaluation result.
_Result = Union[List[int], int, float, bool, "Tensor"]
#: Where a report goes.
_Path = Union[str, "PathLike[str]"]
#: ``on_stage(stage, ir)`` / ``after_pass(pass, ir)``: a name and the IR as text.
_Observer = Callable[[str, str], object]
#: ``True`` for the command line's default count, an int for that many
#: sampled inputs per function (at most 100000, the command line's limit:
#: ``ValueError`` above it or below 0), ``False``/``None``/``0`` for off.
_SemanticsSamples = Union[bool, int, None]

class DiagnosticError(Exception):
    """The IR could not be parsed, verified, lowered or evaluated (with the
    arguments given: a function that is not there, arguments that do not
    fit its signature, a pipeline that cannot run on the module).

    ``str(e)`` is the MLIR-style rendering (``file:line:col: error: ...``
    with the source line); ``e.diagnostics`` the diagnostics. A malformed
    argument is a ``ValueError`` instead.
    """

    diagnostics: List["Diagnostic"]

class ShapeError(Exception):
    """The evaluated shape function failed; ``str(e)`` is the interpreter's message."""

class UndefinedBehaviorError(ShapeError):
    """The evaluated function did what MLIR leaves undefined: no result is defined."""

class ReentrancyError(RuntimeError):
    """A callback (``on_stage``, ``after_pass``) used the session whose run
    called it, or a module of that session: the run holds them until it
    ends. Another :class:`Session` may be used inside a callback."""

class InternalError(RuntimeError):
    """A bug in shape-opt (a caught Rust panic)."""

@final
class Diagnostic:
    """One diagnostic; ``str(d)`` is ``file:line:col: severity: message``."""

    @property
    def file(self) -> Optional[str]: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def severity(self) -> str:
        """``"error"``, ``"warning"``, ``"remark"`` or ``"note"``."""
    @property
    def message(self) -> str: ...
    @property
    def notes(self) -> List["Diagnostic"]: ...

@final
class Tensor:
    """A tensor result other than a shape."""

    @property
    def shape(self) -> List[int]: ...
    @property
    def elements(self) -> Optional[List[Any]]:
        """Row-major elements, or ``None`` when only the shape is known."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Requirement:
    """A requirement: its condition and the message the function fails with."""

    @property
    def condition(self) -> str:
        """The condition, over the parameters (``"b = c"``)."""
    @property
    def message(self) -> Optional[str]:
        """The failure's message; ``None`` for the domain of an op."""

@final
class FunctionExplanation:
    """What one function requires of its inputs and what it returns;
    ``str()`` is its :attr:`text`."""

    @property
    def name(self) -> str: ...
    @property
    def params(self) -> List[str]:
        """Each parameter as the text names it (``"lhs: [a, b]"``)."""
    @property
    def requires(self) -> List[Requirement]:
        """The requirements, in the order the function checks them."""
    @property
    def results(self) -> List[str]:
        """Each result as an expression over the parameters (``"[a, d]"``)."""
    @property
    def partial(self) -> Optional[str]:
        """What the explanation leaves out, or ``None`` when it is whole."""
    @property
    def text(self) -> str:
        """Its part of :attr:`Explanation.text`."""

@final
class Explanation:
    """What each function of a module requires and returns; ``str()`` is
    its :attr:`text`."""

    @property
    def text(self) -> str:
        """What ``shape-opt --explain`` prints."""
    @property
    def functions(self) -> List[FunctionExplanation]:
        """Each function with a body, in order."""

@final
class Module:
    """A parsed module, changed in place by its session's pipelines.

    Shared between threads, a call waits for a run on the module to end;
    inside a callback of its session's run it raises :class:`ReentrancyError`.
    """

    def print(self, *, generic: bool = False, debug_info: bool = False) -> str:
        """The module as text: custom or generic form, with or without locations."""
    @property
    def stage(self) -> Optional[str]:
        """The latest stage the module is legal in, or ``None``."""

@final
class Session:
    """Parses modules and runs shape-opt on them, each call without the GIL.

    Shared between threads, calls that change the session (``parse``,
    ``declare_pure``, setting options) or a module (``lower``,
    ``run_pipeline``, ``map_op``) wait for the calls using it; others run
    at once. Every method raises :class:`ReentrancyError` inside a callback
    of this session's run, and ``ValueError`` for a module of another
    session.
    """

    allow_unregistered_dialects: bool
    @property
    def verify_semantics(self) -> Optional[int]: ...
    @verify_semantics.setter
    def verify_semantics(self, samples: _SemanticsSamples) -> None: ...
    def __new__(
        cls,
        *,
        allow_unregistered_dialects: bool = False,
        verify_semantics: _SemanticsSamples = None,
    ) -> Self: ...
    def declare_pure(self, *entries: str) -> None:
        """Declare host ops (``"chlo.broadcast_add"``), dialects (``"mhlo."``)
        or functions (``"@name"``) free of side effects.

        Raises ``ValueError`` for an invalid entry, declaring none."""
    def parse(self, text: _IR, name: str = "<string>") -> Module:
        """Parse and verify ``text`` (text, or an object of MLIR's Python
        bindings). Raises :class:`DiagnosticError`."""
    def map_op(self, module: Module, op_name: str, function: str) -> None:
        """Map ops named ``op_name`` to the library's shape function ``function``.

        Raises :class:`DiagnosticError` without such a library or function."""
    def lower(
        self,
        module: Module,
        to: str = "std",
        on_stage: Optional[_Observer] = None,
        after_pass: Optional[_Observer] = None,
    ) -> None:
        """Lower ``module`` in place up to the stage ``to``.

        Raises ``ValueError`` for an unknown stage, :class:`DiagnosticError`
        when the module cannot be lowered, and what a callback raised."""
    def run_pipeline(
        self,
        module: Module,
        pipeline: str,
        after_pass: Optional[_Observer] = None,
    ) -> None:
        """Run a textual pipeline on ``module`` in place.

        Raises ``ValueError`` for a pipeline that does not parse or names
        what is not registered, :class:`DiagnosticError` when it cannot run
        on the module or fails, and what a callback raised."""
    def evaluate(
        self, module: Module, func: str, args: Optional[Sequence[_Arg]] = None
    ) -> Union[_Result, Tuple[_Result, ...]]:
        """Evaluate ``func`` on ``args``: one result bare, several as a tuple.

        Raises :class:`ShapeError` (or :class:`UndefinedBehaviorError`) when
        the function fails, :class:`DiagnosticError` when it cannot be
        evaluated (no such function, arguments that do not fit it),
        ``ValueError`` for an argument that does not read or an int out of
        ``i64``'s range."""
    def explain(self, module: Module) -> Explanation:
        """What each function of ``module`` requires and returns, as
        ``shape-opt --explain`` says it (``module`` is lowered in place as
        it lowers it).

        Raises :class:`DiagnosticError` when it cannot be lowered."""
    def report(
        self,
        module: Module,
        path: _Path,
        to: Optional[str] = None,
        *,
        pipeline: Optional[str] = None,
        args: Optional[Sequence[_Arg]] = None,
    ) -> Path:
        """Run the lowering to ``to`` or ``pipeline`` on ``module`` in place
        and write the HTML report to ``path``; returns the page written.

        Raises as :func:`report` does."""

@overload
def lower(
    text: _IR,
    to: str = "std",
    on_stage: Optional[_Observer] = None,
    verify_semantics: _SemanticsSamples = None,
    *,
    after_pass: Optional[_Observer] = None,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
    failure: str = "abort",
    context: None = None,
) -> str:
    """Lower ``text`` through every stage up to ``to`` and return the IR:
    text, or with ``context`` a ``Module`` of that context's bindings.

    ``text`` is IR text or a module or operation of MLIR's Python bindings.
    Raises ``ValueError`` for an unknown stage or failure mode or a
    ``verify_semantics`` count out of range, ``TypeError`` for a
    ``context`` that is no MLIR ``Context``, :class:`DiagnosticError` when
    the IR does not parse, verify or lower, what a callback raised, and
    what ``Module.parse`` raises when the context does not take the
    result."""
@overload
def lower(
    text: _IR,
    to: str = "std",
    on_stage: Optional[_Observer] = None,
    verify_semantics: _SemanticsSamples = None,
    *,
    after_pass: Optional[_Observer] = None,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
    failure: str = "abort",
    context: _MlirContext,
) -> Any: ...

@overload
def run_pipeline(
    text: _IR,
    pipeline: str,
    after_pass: Optional[_Observer] = None,
    *,
    verify_semantics: _SemanticsSamples = None,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
    context: None = None,
) -> str:
    """Run a textual pipeline on ``text`` and return the IR: text, or with
    ``context`` a ``Module`` of that context's bindings.

    Raises ``ValueError`` for a pipeline that does not parse or names what
    is not registered, :class:`DiagnosticError` when the IR does not
    parse or the pipeline cannot run on it or fails; ``context`` as for
    :func:`lower`."""
@overload
def run_pipeline(
    text: _IR,
    pipeline: str,
    after_pass: Optional[_Observer] = None,
    *,
    verify_semantics: _SemanticsSamples = None,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
    context: _MlirContext,
) -> Any: ...

def evaluate(
    text: _IR,
    func: str,
    args: Optional[Sequence[_Arg]] = None,
    *,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
) -> Union[_Result, Tuple[_Result, ...]]:
    """Evaluate ``func`` on ``args``: one result bare, several as a tuple.

    ``text`` is IR text or a module or operation of MLIR's Python bindings.
    Raises :class:`ShapeError` (or :class:`UndefinedBehaviorError`) when the
    function fails, :class:`DiagnosticError` when the IR does not parse or
    the function cannot be evaluated, ``ValueError`` for an argument that
    does not read or an int out of ``i64``'s range."""

def explain(
    text: _IR,
    *,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
) -> Explanation:
    """What each function of ``text`` (IR text, or a module or operation of
    MLIR's Python bindings) requires of its inputs and what it returns, as
    ``shape-opt --explain`` says it.

    Raises :class:`DiagnosticError` when the text does not parse, verify or
    lower."""

def report(
    text: _IR,
    path: _Path,
    to: Optional[str] = None,
    *,
    pipeline: Optional[str] = None,
    args: Optional[Sequence[_Arg]] = None,
    allow_unregistered_dialects: bool = False,
    name: str = "<string>",
) -> Path:
    """Lower ``text`` to ``to`` (``"std"`` by default) or run ``pipeline``
    on it, and write the HTML report of the run to ``path``, as
    ``shape-opt --report`` does; returns the page written.

    The report is written whether or not the run fails. Raises
    ``ValueError`` for an unknown stage, both ``to`` and ``pipeline``, a
    pipeline that does not parse or an argument that does not read,
    :class:`DiagnosticError` when the text does not parse, the run fails or
    the report cannot be written."""

def _panic_for_testing(message: str) -> None:
    """Panic in Rust: for the tests, which see ``InternalError`` instead."""
