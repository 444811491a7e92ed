"""The one-call functions: lower, run_pipeline and evaluate on text."""

import re

import pytest

import shape_opt

STAGES = ["error-monadic", "constrained", "asserting", "std"]

SCALARS = """
func.func @div(%a: index, %b: index) -> index {
  %0 = arith.divui %a, %b : index
  return %0 : index
}
func.func @swap(%a: index, %b: index) -> (index, index) {
  return %b, %a : index, index
}
func.func @nothing() {
  return
}
func.func @half() -> f32 {
  %c = arith.constant 1.5 : f32
  return %c : f32
}
func.func @same(%a: !shape.shape, %b: !shape.shape) -> !shape.witness {
  %w = shape.cstr_eq %a, %b : !shape.shape, !shape.shape
  return %w : !shape.witness
}
func.func @tensor(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %t : tensor<2x3xf32>
}
func.func @ints(%t: tensor<2x2xi32>) -> tensor<2x2xi32> {
  return %t : tensor<2x2xi32>
}
func.func @extents(%t: tensor<2xindex>) -> tensor<2xindex> {
  return %t : tensor<2xindex>
}
"""


def test_evaluate_matmul(matmul):
    assert shape_opt.evaluate(matmul, func="matmul", args=[[2, 3], [3, 4]]) == [2, 4]
    assert shape_opt.evaluate(matmul, "matmul", ([2, 3], (3, 4))) == [2, 4]


def test_evaluate_failure_is_a_shape_error(matmul):
    with pytest.raises(shape_opt.ShapeError) as raised:
        shape_opt.evaluate(matmul, func="matmul", args=[[2, 3], [5, 4]])
    assert str(raised.value) == "inner dimensions required to match"
    assert not isinstance(raised.value, shape_opt.DiagnosticError)
    with pytest.raises(shape_opt.ShapeError, match="requires rank 2 operands"):
        shape_opt.evaluate(matmul, func="matmul", args=[[2, 3, 4], [3, 4, 5]])


def test_undefined_behaviour_is_its_own_shape_error():
    with pytest.raises(shape_opt.UndefinedBehaviorError, match="division by zero"):
        shape_opt.evaluate(SCALARS, "div", [6, 0])
    assert issubclass(shape_opt.UndefinedBehaviorError, shape_opt.ShapeError)


def test_results_one_bare_several_as_a_tuple():
    assert shape_opt.evaluate(SCALARS, "div", [6, 3]) == 2
    assert shape_opt.evaluate(SCALARS, "swap", [1, 2]) == (2, 1)
    assert shape_opt.evaluate(SCALARS, "nothing") == ()
    assert shape_opt.evaluate(SCALARS, "half") == 1.5
    assert shape_opt.evaluate(SCALARS, "same", [[1, 2], [1, 2]]) is True
    with pytest.raises(shape_opt.ShapeError, match="shapes must be equal"):
        shape_opt.evaluate(SCALARS, "same", [[1], [2]])


def test_tensor_results():
    tensor = shape_opt.evaluate(SCALARS, "tensor", [[2, 3]])
    assert isinstance(tensor, shape_opt.Tensor)
    assert (tensor.shape, tensor.elements) == ([2, 3], None)
    ints = shape_opt.evaluate(SCALARS, "ints", ["dense<[[1, 2], [3, 4]]>"])
    assert (ints.shape, ints.elements) == ([2, 2], [1, 2, 3, 4])
    assert ints == shape_opt.evaluate(SCALARS, "ints", ["dense<[[1, 2], [3, 4]]>"])
    assert ints != tensor
    assert repr(ints) == "Tensor(shape=[2, 2], elements=[1, 2, 3, 4])"
    assert shape_opt.evaluate(SCALARS, "extents", ["dense<[3, -1]>"]) == [3, -1]


def test_arguments_that_do_not_fit():
    with pytest.raises(shape_opt.DiagnosticError, match="no function named 'nope'"):
        shape_opt.evaluate(SCALARS, "nope")
    with pytest.raises(shape_opt.DiagnosticError, match="takes 2 arguments, 1 given"):
        shape_opt.evaluate(SCALARS, "div", [1])
    with pytest.raises(shape_opt.DiagnosticError, match="argument 1: a shape given"):
        shape_opt.evaluate(SCALARS, "div", [[1], [2]])
    with pytest.raises(ValueError, match="argument 1: '1180591620717411303424' is not a 64-bit integer"):
        shape_opt.evaluate(SCALARS, "div", [2**70, 1])
    with pytest.raises(TypeError, match="argument 2: expected a shape"):
        shape_opt.evaluate(SCALARS, "div", [1, 2.5])
    with pytest.raises(ValueError, match="argument 1"):
        shape_opt.evaluate(SCALARS, "extents", ["dense<[3, -1]"])
    with pytest.raises(TypeError, match="not a str"):
        shape_opt.evaluate(SCALARS, "div", "[1, 2]")


def test_lower_to_every_stage(matmul):
    reached = []
    std = shape_opt.lower(matmul, to="std", on_stage=lambda stage, ir: reached.append((stage, ir)))
    assert [stage for stage, _ in reached] == STAGES
    # Each form is seen once its stage's passes have run: the last is the result.
    assert reached[-1][1].rstrip() == std.rstrip()
    assert not re.search(r"^\s*(%\S+ = )?\"?shape\.", std, re.MULTILINE)
    assert "func.func @matmul" in std
    # The lowered function computes what the library did.
    assert shape_opt.evaluate(std, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    with pytest.raises(shape_opt.ShapeError):
        shape_opt.evaluate(std, "matmul", [[2, 3], [5, 4]])
    constrained = shape_opt.lower(matmul, "constrained")
    assert "shape.cstr_" in constrained or "shape.assuming" in constrained


def test_lower_with_checks_returning_a_status(matmul):
    std = shape_opt.lower(matmul, failure="status", verify_semantics=True)
    assert "cf.assert" not in std
    assert "-> (i32, tensor<?xindex>)" in std
    assert '"inner dimensions required to match"]' in std
    # The interpreter reads the status as the failure it names.
    assert shape_opt.evaluate(std, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    with pytest.raises(shape_opt.ShapeError, match="inner dimensions required to match"):
        shape_opt.evaluate(std, "matmul", [[2, 3], [5, 4]])
    with pytest.raises(ValueError, match="'abort' or 'status'"):
        shape_opt.lower(matmul, failure="exit")


def test_lower_sees_every_pass_and_verifies_semantics(matmul):
    passes = []
    plain = shape_opt.lower(matmul)
    checked = shape_opt.lower(
        matmul, verify_semantics=True, after_pass=lambda name, ir: passes.append(name)
    )
    assert checked == plain
    assert "lower-to-constrained" in passes and "convert-shape-to-std" in passes
    assert shape_opt.lower(matmul, verify_semantics=4) == plain
    with pytest.raises(ValueError, match="must not be negative"):
        shape_opt.lower(matmul, verify_semantics=-1)


def test_unknown_stage(matmul):
    with pytest.raises(ValueError, match="unknown stage 'llvm': one of error-monadic, constrained"):
        shape_opt.lower(matmul, to="llvm")


def test_run_pipeline(matmul):
    seen = []
    out = shape_opt.run_pipeline(
        matmul, "builtin.module(lower-to-constrained,cse)", lambda name, ir: seen.append(name)
    )
    assert seen == ["lower-to-constrained", "cse"]
    assert "shape.cstr_require" in out and "error = " not in out
    with pytest.raises(ValueError, match="did you mean 'cse'"):
        shape_opt.run_pipeline(matmul, "builtin.module(cs)")


def test_bytes_are_read_as_utf8(matmul):
    assert shape_opt.lower(matmul.encode()) == shape_opt.lower(matmul)


def test_host_ops_need_unregistered_dialects(host_program):
    with pytest.raises(shape_opt.DiagnosticError):
        shape_opt.lower(host_program, "constrained")
    lowered = shape_opt.lower(host_program, "constrained", allow_unregistered_dialects=True)
    assert '"host.matmul"' in lowered
