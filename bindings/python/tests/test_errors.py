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
    with pytest.raises(TypeError, match="str or bytes, not int"):
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
    with pytest.raises(RuntimeError, match="[Bb]orrow"):
        session.lower(module, on_stage=lambda stage, ir: module.print())


def test_a_failed_pipeline_leaves_the_module_usable(matmul):
    session = shape_opt.Session()
    module = session.parse(matmul)
    with pytest.raises(shape_opt.DiagnosticError):
        session.run_pipeline(module, "builtin.module(nonexistent-pass)")
    assert str(module) == str(session.parse(matmul))
