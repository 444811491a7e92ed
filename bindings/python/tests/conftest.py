"""Fixtures shared by the tests of the installed ``shape_opt`` package."""

from pathlib import Path

import pytest

#: The repository root: bindings/python/tests/ is three levels below it.
ROOT = Path(__file__).resolve().parents[3]

#: A host program around the matmul library: ``host.matmul`` is an op of
#: no registered dialect, which a session maps to ``@matmul``.
HOST_FUNCTION = """
func.func @host(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "host.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
"""


@pytest.fixture(scope="session")
def examples() -> dict[str, str]:
    """Every examples/*.mlir of the repository: file name to text."""
    return {path.name: path.read_text() for path in sorted((ROOT / "examples").glob("*.mlir"))}


@pytest.fixture(scope="session")
def matmul() -> str:
    """examples/matmul.mlir: the matmul shape function library."""
    return (ROOT / "examples" / "matmul.mlir").read_text()


@pytest.fixture(scope="session")
def host_program(matmul: str) -> str:
    """The matmul library and a function using ``host.matmul``."""
    return matmul + HOST_FUNCTION
