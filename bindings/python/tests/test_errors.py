"""Failures: diagnostics, robustness on broken input, panics, callbacks."""

import re

import pytest

import shape_opt

TRUNCATED = "func.func @f(%a: !shape.shape) -> !shape.size {\n  %r = shape.rank %a : !shape.sh"


def test_diagnostic_error_carries_rendering_and_diagnostics():
    with pytest.raises(shape_opt.DiagnosticError) as raised:
        shape_opt.lower("func.func @f(%a: index) -> index {\n  return %b : index\n}\n", name="f.mlir")
    error = raised.value
    text = str(error)
    assert text.startswith("f.mlir:2:10: error: use of undeclared SSA value name")
    assert "  return %b : index" in text and "^" in text
    (diagnostic,) = error.diagnostics
    assert isinstance(diagnostic, shape_opt.Diagnostic)
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("f.mlir", 2, 10)
    assert diagnostic.severity == "error"
    assert diagnostic.message.startswith("use of undeclared SSA value name")
    assert diagnostic.notes == []
    assert str(diagnostic) == f"f.mlir:2:10: error: {diagnostic.message}"


def test_notes_are_diagnostics():
    text = "func.func @f() -> tensor<2xf32> {\n  %c = arith.constant dense<[1, 2]> : tensor<2xf32>\n  return %c : tensor<2xf32>\n}\n"
    with pytest.raises(shape_opt.DiagnosticError) as raised:
        shape_opt.lower(text)
    (diagnostic,) = raised.value.diagnostics
    assert "decimal integer literal" in diagnostic.message
    (note,) = diagnostic.notes
    assert (note.severity, note.line, note.notes) == ("note", 2, [])
    assert "trailing dot" in note.message
    assert "trailing dot" in str(raised.value)


def test_diagnostics_without_a_location(matmul):
    with pytest.raises(shape_opt.DiagnosticError) as raised:
        shape_opt.evaluate(matmul, "nope")
    (diagnostic,) = raised.value.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == (None, None, None)
    assert str(raised.value) == "error: no function named 'nope'"


def test_truncated_input():
    with pytest.raises(shape_opt.DiagnosticError, match="<string>:2:"):
        shape_opt.lower(TRUNCATED)
    for cut in range(0, len(TRUNCATED), 7):
        with pytest.raises(shape_opt.DiagnosticError):
            shape_opt.lower(TRUNCATED[:cut] + "{")


def test_invalid_utf8_bytes():
    with pytest.raises(shape_opt.DiagnosticError, match="<string>:1:17: error"):
        shape_opt.lower(b"func.func @f() {\xff\xfe}")
    with pytest.raises(shape_opt.DiagnosticError):
        shape_opt.evaluate(b"\xc3", "f")


def test_lone_surrogates_in_str():
    with pytest.raises(shape_opt.DiagnosticError) as raised:
        shape_opt.lower("func.func @f() {\n  return \ud800\n}\n", name="s.mlir")
    assert str(raised.value) == "s.mlir:2:10: error: the text holds a lone surrogate U+D800, which is not Unicode"
    # Even where the parser would skip it (a comment), it is an error.
    with pytest.raises(shape_opt.DiagnosticError, match=re.escape("U+DFFF")):
        shape_opt.Session().parse("// \udfff\n")


@pytest.mark.parametrize(
    "nested",
    [
        "builtin.module {" * 10_000 + "}" * 10_000,
        "func.func @f() attributes {a = " + "[" * 10_000 + "]" * 10_000 + "} {\n  return\n}",
        "func.func @f(%a: " + "tensor<" * 10_000 + "f32" + ">" * 10_000 + ") {\n  return\n}",
        "(" * 10_000,
    ],
    ids=["regions", "attributes", "types", "parentheses"],
)
def test_deep_nesting(nested):
    with pytest.raises(shape_opt.DiagnosticError):
        shape_opt.lower(nested)
    with pytest.raises(shape_opt.DiagnosticError):
        shape_opt.evaluate(nested, "f")


def test_wrong_types_are_type_errors(matmul):
    with pytest.raises(TypeError, match="str, bytes or .* not int"):
        shape_opt.lower(42)
    with pytest.raises(TypeError, match="on_stage must be callable"):
        shape_opt.lower(matmul, on_stage=3)
    with pytest.raises(TypeError, match="verify_semantics must be a bool"):
        shape_opt.lower(matmul, verify_semantics="yes")


def test_a_panic_is_an_internal_error():
    with pytest.raises(shape_opt.InternalError, match="internal error: boom"):
        shape_opt._native._panic_for_testing("boom")
    assert issubclass(shape_opt.InternalError, RuntimeError)
    # The interpreter goes on.
    assert shape_opt.evaluate("func.func @f() {\n  return\n}\n", "f") == ()


def test_callback_exceptions_are_raised_after_the_run(matmul):
    calls = []

    def failing(stage, ir):
        calls.append(stage)
        raise KeyError(stage)

    with pytest.raises(KeyError, match="error-monadic"):
        shape_opt.lower(matmul, on_stage=failing)
    assert calls == ["error-monadic"]

    session = shape_opt.Session()
    module = session.parse(matmul)
    with pytest.raises(ZeroDivisionError):
        session.run_pipeline(module, "builtin.module(cse,cse)", after_pass=lambda p, ir: 1 / 0)


def test_callbacks_cannot_touch_the_module_being_run(matmul):
    session = shape_opt.Session()
    module = session.parse(matmul)
    with pytest.raises(shape_opt.ReentrancyError, match="used the session running it"):
        session.lower(module, on_stage=lambda stage, ir: module.print())


def test_a_failed_pipeline_leaves_the_module_usable(matmul):
    session = shape_opt.Session()
    module = session.parse(matmul)
    seen = []
    with pytest.raises(shape_opt.DiagnosticError, match="lower-to-asserting takes constrained form"):
        session.run_pipeline(
            module, "builtin.module(cse,lower-to-asserting)", after_pass=lambda p, ir: seen.append(ir)
        )
    assert seen and str(module) == seen[-1]
    assert session.evaluate(module, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    session.lower(module)
    assert module.stage == "std"


ARGUMENT_TEXT = "func.func @f(%a: index) -> index {\n  return %a : index\n}\n"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda m: shape_opt.lower(m, to="llvm"), "unknown stage 'llvm': one of error-monadic,"),
        (lambda m: shape_opt.lower(m, failure="exit"), "failure must be 'abort' or 'status', not 'exit'"),
        (lambda m: shape_opt.lower(m, verify_semantics=-1), "verify_semantics must not be negative, not -1"),
        (lambda m: shape_opt.lower(m, verify_semantics=-(2**70)), "must not be negative, not -1180591620717411303424"),
        (lambda m: shape_opt.lower(m, verify_semantics=100_001), "at most 100000 samples per function, not 100001"),
        (lambda m: shape_opt.lower(m, verify_semantics=2**40), "at most 100000 samples per function, not 1099511627776"),
        (lambda m: shape_opt.Session(verify_semantics=2**70), "at most 100000 samples per function"),
        (lambda m: setattr(shape_opt.Session(), "verify_semantics", 2**63), "at most 100000 samples per function"),
        (
            lambda m: shape_opt.run_pipeline(m, "builtin.module(cs)"),
            "<pipeline>:1:16: error: 'cs' does not refer to a registered pass; did you mean 'cse'?\n"
            "builtin.module(cs)\n"
            "               ^",
        ),
        (lambda m: shape_opt.run_pipeline(m, "builtin.module(cse"), "<pipeline>:1:19: error: expected ',' or ')'"),
        (lambda m: shape_opt.run_pipeline(m, "builtin.module(canonicalize{bogus=1})"), "has no option 'bogus'"),
        (lambda m: shape_opt.run_pipeline(m, "builtin.module(inline{max-iterations=x})"), "invalid value 'x'"),
        (lambda m: shape_opt.evaluate(ARGUMENT_TEXT, "f", ["dense<[3"]), "argument 1: 'dense<[3': elements end with '>'"),
        (lambda m: shape_opt.evaluate(ARGUMENT_TEXT, "f", ["[1,"]), "argument 1: '[1,': a shape ends with ']'"),
        (lambda m: shape_opt.evaluate(ARGUMENT_TEXT, "f", [2**63]), "argument 1: '9223372036854775808' is not a 64-bit integer"),
        (lambda m: shape_opt.evaluate(ARGUMENT_TEXT, "f", [-(2**63) - 1]), "argument 1: '-9223372036854775809' is not a 64-bit"),
        (lambda m: shape_opt.evaluate(ARGUMENT_TEXT, "f", [1, [3, 2**64]]), "argument 2: '18446744073709551616' is not a 64-bit"),
        (lambda m: shape_opt.Session().declare_pure("arith.addi"), "have known effects"),
    ],
)
def test_malformed_arguments_are_value_errors(matmul, call, message):
    with pytest.raises(ValueError) as raised:
        call(matmul)
    assert message in str(raised.value)
    assert not isinstance(raised.value, (OverflowError, shape_opt.DiagnosticError))


def test_arguments_are_checked_before_the_text():
    broken = "func.func @f("
    with pytest.raises(ValueError, match="unknown stage"):
        shape_opt.lower(broken, to="llvm")
    with pytest.raises(ValueError, match="<pipeline>"):
        shape_opt.run_pipeline(broken, "builtin.module(cs)")
    with pytest.raises(ValueError, match="not a 64-bit integer"):
        shape_opt.evaluate(broken, "f", [2**64])
    session = shape_opt.Session()
    module = session.parse(ARGUMENT_TEXT)
    before = str(module)
    with pytest.raises(ValueError, match="<pipeline>"):
        session.run_pipeline(module, "builtin.module(cse,nonexistent-pass)")
    assert str(module) == before


def test_the_largest_sample_count_is_taken(matmul):
    assert shape_opt.Session(verify_semantics=100_000).verify_semantics == 100_000
    assert shape_opt.Session(verify_semantics=0).verify_semantics is None
    with pytest.raises(TypeError, match="verify_semantics must be a bool"):
        shape_opt.Session(verify_semantics=2.5)


def test_what_depends_on_the_ir_is_a_diagnostic_error(matmul):
    # A pipeline that parses but does not fit the module's root op.
    for pipeline in ["cse", "func.func(cse)"]:
        with pytest.raises(shape_opt.DiagnosticError, match="anchor|can't run"):
            shape_opt.run_pipeline(matmul, pipeline)
    with pytest.raises(shape_opt.DiagnosticError, match="no function named 'nope'"):
        shape_opt.evaluate(matmul, "nope")
    with pytest.raises(shape_opt.DiagnosticError, match="takes 1 argument, 2 given"):
        shape_opt.evaluate(ARGUMENT_TEXT, "f", [1, 2])


def test_names_that_are_not_unicode_are_value_errors(matmul):
    # Lone surrogates in a name (not in the text) cannot cross: Python's
    # UnicodeEncodeError, a ValueError.
    with pytest.raises(ValueError):
        shape_opt.lower(matmul, name="\ud800")
    with pytest.raises(ValueError):
        shape_opt.evaluate(matmul, "\udc00")
