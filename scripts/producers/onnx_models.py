"""Small, realistic ONNX models with symbolic (dynamic) dimensions.

Built with `onnx.helper` (no torch needed). Weights are small initializers
(static shapes, as in a trained model); batch and sequence sizes are
symbolic `dim_param`s (`N`, `S`, `T`, `M`, `H`, `W`). `build_all(dir)`
writes `<name>.onnx` for every model into `dir` and returns the names.
"""

import os

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper as h
from onnx import numpy_helper

OPSET = 17
RNG = np.random.default_rng(0)


def _w(name, *shape):
    return numpy_helper.from_array(
        RNG.standard_normal(shape).astype(np.float32) * 0.1, name
    )


def _i64(name, values):
    return numpy_helper.from_array(np.array(values, dtype=np.int64), name)


def _vi(name, shape):
    return h.make_tensor_value_info(name, T.FLOAT, shape)


def _model(name, nodes, inputs, outputs, inits=()):
    g = h.make_graph(nodes, name, inputs, outputs, initializer=list(inits))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", OPSET)],
                     producer_name="shape-opt-producers")
    m.ir_version = 8
    onnx.checker.check_model(m)
    return m


def mlp():
    """x[N,16] -> MatMul+bias -> Relu -> MatMul+bias -> y[N,4]."""
    nodes = [
        h.make_node("MatMul", ["x", "w1"], ["h0"]),
        h.make_node("Add", ["h0", "b1"], ["h1"]),
        h.make_node("Relu", ["h1"], ["h2"]),
        h.make_node("MatMul", ["h2", "w2"], ["h3"]),
        h.make_node("Add", ["h3", "b2"], ["y"]),
    ]
    return _model("mlp", nodes, [_vi("x", ["N", 16])], [_vi("y", ["N", 4])],
                  [_w("w1", 16, 8), _w("b1", 8), _w("w2", 8, 4), _w("b2", 4)])


def attention():
    """Single-head scaled dot-product attention, all sizes but D symbolic:
    q[B,S,8], k[B,T,8], v[B,T,8] -> softmax(q.k^T * 1/sqrt(8)) . v."""
    nodes = [
        h.make_node("Transpose", ["k"], ["kt"], perm=[0, 2, 1]),
        h.make_node("MatMul", ["q", "kt"], ["s0"]),
        h.make_node("Mul", ["s0", "scale"], ["s1"]),
        h.make_node("Softmax", ["s1"], ["p"], axis=-1),
        h.make_node("MatMul", ["p", "v"], ["o"]),
    ]
    scale = numpy_helper.from_array(np.array(1 / np.sqrt(8), np.float32), "scale")
    return _model("attention", nodes,
                  [_vi("q", ["B", "S", 8]), _vi("k", ["B", "T", 8]), _vi("v", ["B", "T", 8])],
                  [_vi("o", ["B", "S", 8])], [scale])


def layer_norm():
    """LayerNormalization over the last axis of x[N,S,16]."""
    nodes = [h.make_node("LayerNormalization", ["x", "gamma", "beta"], ["y"],
                         axis=-1, epsilon=1e-5)]
    return _model("layer_norm", nodes, [_vi("x", ["N", "S", 16])], [_vi("y", ["N", "S", 16])],
                  [_w("gamma", 16), _w("beta", 16)])


def softmax():
    """Softmax over the last axis of x[N,C], both symbolic."""
    nodes = [h.make_node("Softmax", ["x"], ["y"], axis=-1)]
    return _model("softmax", nodes, [_vi("x", ["N", "C"])], [_vi("y", ["N", "C"])])


def conv():
    """NCHW 3x3 conv (pad 1) + bias + Relu, batch and H/W symbolic."""
    nodes = [
        h.make_node("Conv", ["x", "w", "b"], ["c"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        h.make_node("Relu", ["c"], ["y"]),
    ]
    return _model("conv", nodes, [_vi("x", ["N", 3, "H", "W"])], [_vi("y", ["N", 4, "H", "W"])],
                  [_w("w", 4, 3, 3, 3), _w("b", 4)])


def reduce():
    """x[N,S,D]: sum over axis 1 keeping it, then mean over the last axis."""
    nodes = [
        h.make_node("ReduceSum", ["x", "axes1"], ["s"], keepdims=1),
        h.make_node("ReduceMean", ["s"], ["y"], axes=[-1], keepdims=0),
    ]
    return _model("reduce", nodes, [_vi("x", ["N", "S", "D"])], [_vi("y", ["N", 1])],
                  [_i64("axes1", [1])])


def reshape():
    """Flatten x[N,C,H,W] from axis 1, and reshape y[N,S,8] to [N, S*2, 4]."""
    nodes = [
        h.make_node("Flatten", ["x"], ["f"], axis=1),
        h.make_node("Reshape", ["y", "shape"], ["r"]),
    ]
    return _model("reshape", nodes,
                  [_vi("x", ["N", 4, "H", "W"]), _vi("y", ["N", "S", 8])],
                  [_vi("f", ["N", None]), _vi("r", ["N", None, 4])],
                  [_i64("shape", [0, -1, 4])])


def broadcast():
    """Broadcasting elementwise: a[N,1] + b[1,M]; then * c[M]; then - d[N,M]."""
    nodes = [
        h.make_node("Add", ["a", "b"], ["ab"]),
        h.make_node("Mul", ["ab", "c"], ["abc"]),
        h.make_node("Sub", ["abc", "d"], ["y"]),
    ]
    return _model("broadcast", nodes,
                  [_vi("a", ["N", 1]), _vi("b", [1, "M"]), _vi("c", ["M"]), _vi("d", ["N", "M"])],
                  [_vi("y", ["N", "M"])])


def concat_transpose():
    """Concat a[N,4] and b[N,M] on axis 1, transpose, add a bias column c[K,1]."""
    nodes = [
        h.make_node("Concat", ["a", "b"], ["ab"], axis=1),
        h.make_node("Transpose", ["ab"], ["t"], perm=[1, 0]),
        h.make_node("Add", ["t", "c"], ["y"]),
    ]
    return _model("concat_transpose", nodes,
                  [_vi("a", ["N", 4]), _vi("b", ["N", "M"]), _vi("c", ["K", 1])],
                  [_vi("y", [None, "N"])])


MODELS = [mlp, attention, layer_norm, softmax, conv, reduce, reshape, broadcast,
          concat_transpose]


def build_all(out_dir):
    names = []
    for fn in MODELS:
        m = fn()
        path = os.path.join(out_dir, fn.__name__ + ".onnx")
        onnx.save(m, path)
        names.append(fn.__name__)
    return names
