"""What the installed package holds: versions, stubs, exports."""

import ast
from importlib import metadata
from pathlib import Path

import shape_opt


def test_versions():
    assert shape_opt.__version__ == metadata.version("shape-opt")
    assert shape_opt.MLIR_VERSION == "22"


def test_typed_with_stubs_for_every_export():
    package = Path(shape_opt.__file__).parent
    assert (package / "py.typed").is_file()
    stub = ast.parse((package / "_native.pyi").read_text())
    stubbed = {
        node.name for node in stub.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))
    } | {
        target.id
        for node in stub.body
        if isinstance(node, ast.AnnAssign)
        for target in [node.target]
        if isinstance(target, ast.Name)
    }
    assert set(shape_opt.__all__) <= stubbed, set(shape_opt.__all__) - stubbed
    for name in shape_opt.__all__:
        assert hasattr(shape_opt, name), name


def test_public_callables_have_docstrings():
    for name in shape_opt.__all__:
        value = getattr(shape_opt, name)
        if callable(value):
            assert value.__doc__, name
    for method in ["parse", "map_op", "lower", "run_pipeline", "evaluate", "declare_pure"]:
        assert getattr(shape_opt.Session, method).__doc__, method
    assert shape_opt.Module.print.__doc__
