"""Session and Module: parse once, map host ops, run, lower, evaluate, print."""

import pytest

import shape_opt


def test_parse_print_and_stage(matmul):
    session = shape_opt.Session()
    module = session.parse(matmul, name="matmul.mlir")
    assert isinstance(module, shape_opt.Module)
    assert module.stage == "error-monadic"
    assert str(module) == module.print()
    assert "shape.function_library @shplib" in str(module)
    generic = module.print(generic=True)
    assert '"shape.function_library"()' in generic
    located = module.print(debug_info=True)
    assert 'loc("matmul.mlir":' in located or "#loc" in located
    # What shape-opt prints it parses back to the same module.
    assert str(session.parse(generic)) == str(module)


def test_modules_change_in_place(matmul):
    session = shape_opt.Session()
    module = session.parse(matmul)
    reached = []
    assert session.lower(module, "asserting", on_stage=lambda s, ir: reached.append(s)) is None
    assert reached == ["error-monadic", "constrained", "asserting"]
    assert module.stage == "asserting"
    session.lower(module)
    assert module.stage == "std"
    assert str(module) == shape_opt.lower(matmul)
    assert session.evaluate(module, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    with pytest.raises(shape_opt.ShapeError, match="inner dimensions required to match"):
        session.evaluate(module, "matmul", [[2, 3], [5, 4]])


def test_run_pipeline_on_a_module(matmul):
    session = shape_opt.Session()
    module = session.parse(matmul)
    seen = []
    session.run_pipeline(module, "builtin.module(lower-to-constrained)", after_pass=lambda p, ir: seen.append(ir))
    assert len(seen) == 1 and seen[0] == str(module)
    assert module.stage == "constrained"


def test_host_op_mapping(host_program):
    session = shape_opt.Session(allow_unregistered_dialects=True)
    assert session.allow_unregistered_dialects
    module = session.parse(host_program, name="host.mlir")
    session.map_op(module, "host.matmul", "matmul")
    assert "mapping {foo.matmul = @matmul, host.matmul = @matmul}" in str(module)
    session.run_pipeline(module, "builtin.module(reify-shape-library)")
    assert "call @" in str(module) or "func.call" in str(module)
    with pytest.raises(shape_opt.DiagnosticError, match="no shape.func @nope"):
        session.map_op(module, "host.matmul", "nope")


def test_map_op_needs_a_library():
    session = shape_opt.Session()
    module = session.parse("func.func @f() {\n  return\n}\n")
    with pytest.raises(shape_opt.DiagnosticError, match="no shape.function_library"):
        session.map_op(module, "host.matmul", "matmul")


def test_unregistered_dialects_is_a_session_option(host_program):
    session = shape_opt.Session()
    with pytest.raises(shape_opt.DiagnosticError):
        session.parse(host_program)
    session.allow_unregistered_dialects = True
    session.parse(host_program)


def test_declare_pure():
    session = shape_opt.Session(allow_unregistered_dialects=True)
    session.declare_pure("chlo.", "host.matmul", "@log")
    with pytest.raises(ValueError, match="have known effects"):
        session.declare_pure("arith.addi")
    with pytest.raises(ValueError, match="not a function symbol"):
        session.declare_pure("@")


def test_verify_semantics_option(matmul):
    session = shape_opt.Session(verify_semantics=True)
    assert session.verify_semantics == 32
    session.verify_semantics = 3
    assert session.verify_semantics == 3
    session.verify_semantics = False
    assert session.verify_semantics is None
    session.verify_semantics = 8
    module = session.parse(matmul)
    session.lower(module)
    assert module.stage == "std"


def test_a_module_belongs_to_its_session(matmul):
    first, second = shape_opt.Session(), shape_opt.Session()
    module = first.parse(matmul)
    with pytest.raises(ValueError, match="parsed by another Session"):
        second.lower(module)
    with pytest.raises(ValueError, match="parsed by another Session"):
        second.evaluate(module, "matmul", [[2, 3], [3, 4]])


def test_diagnostics_point_into_the_right_buffer(matmul):
    session = shape_opt.Session()
    session.parse(matmul, name="first.mlir")
    with pytest.raises(shape_opt.DiagnosticError) as raised:
        session.parse("func.func @f(\n", name="second.mlir")
    (diagnostic,) = raised.value.diagnostics
    assert (diagnostic.file, diagnostic.line) == ("second.mlir", 2)
    assert str(raised.value).startswith("second.mlir:2:")


def test_modules_cannot_be_made_directly():
    with pytest.raises(TypeError):
        shape_opt.Module()
