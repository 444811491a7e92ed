"""JAX models exported with symbolic shapes (jax.export.symbolic_shape)."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

F32 = jnp.float32
RNG = np.random.default_rng(0)


def _w(*shape):
    return jnp.asarray(RNG.standard_normal(shape).astype(np.float32) * 0.1)


def softmax(x):
    return jax.nn.softmax(x, axis=-1)


GAMMA, BETA = _w(16), _w(16)


def layer_norm(x):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * GAMMA + BETA


W1, B1, W2, B2 = _w(16, 8), _w(8), _w(8, 4), _w(4)


def mlp(x):
    """Exact GELU written with lax.erf, which JAX lowers to `chlo.erf`."""
    h = x @ W1 + B1
    h = 0.5 * h * (1.0 + jax.lax.erf(h * np.float32(1 / np.sqrt(2))))
    return h @ W2 + B2


def attention(q, k, v):
    s = jnp.einsum("bsd,btd->bst", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
    return jnp.einsum("bst,btd->bsd", jax.nn.softmax(s, axis=-1), v)


def broadcast(a, b, c, d):
    """a[n,1] + b[1,m], times c[m], minus d[n,m]."""
    return (a + b) * c - d


CONV_W = _w(4, 3, 3, 3)


def conv(x):
    y = jax.lax.conv_general_dilated(x, CONV_W, (1, 1), "SAME",
                                     dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return jax.nn.relu(y)


def models():
    """[(name, function, argument specs)] with symbolic dimensions."""
    s = export.symbolic_shape
    sd = jax.ShapeDtypeStruct
    b, n = s("b, n")
    b2, sq = s("b, s")
    b3, sq3, t3 = s("b, s, t")
    n4, m4 = s("n, m")
    b5, h5, w5 = s("b, h, w")
    return [
        ("softmax", softmax, [sd((b, n), F32)]),
        ("layer_norm", layer_norm, [sd((b2, sq, 16), F32)]),
        ("mlp", mlp, [sd((b2, 16), F32)]),
        ("attention", attention, [sd((b3, sq3, 8), F32), sd((b3, t3, 8), F32), sd((b3, t3, 8), F32)]),
        ("broadcast", broadcast, [sd((n4, 1), F32), sd((1, m4), F32), sd((m4,), F32), sd((n4, m4), F32)]),
        ("conv", conv, [sd((b5, 3, h5, w5), F32)]),
    ]
