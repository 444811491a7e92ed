#!/usr/bin/env python3
"""Regenerate tests/producers/: real producers' shape IR, generic form.

Run with the producers' venv (see README.md here):

    /work/venv-prod/bin/python scripts/producers/generate.py [--only NAME...]

Needs `torch-mlir-import-onnx`, `torch-mlir-opt` and `iree-compile` next to
the interpreter (the venv's bin/), JAX importable, and upstream mlir-opt 22
(SHAPE_OPT_MLIR_BIN, else /usr/lib/llvm-22/bin) to check every file parses.

Three producers:

- torch-mlir: ONNX (scripts/producers/onnx_models.py) -> torch-mlir-import-onnx
  -> torch-mlir-opt --torch-onnx-to-torch-backend-pipeline -> torch-mlir-opt
  --torch-backend-to-stablehlo-backend-pipeline. `torch-before-*` is the IR
  right after that pipeline's chlo-legalize-to-stablehlo (torch types and
  torch_c bridges still there), `torch-after-*` the pipeline's output.
- IREE: the torch backend IR lowered to StableHLO+CHLO on builtin tensors
  (the stablehlo pipeline's passes without chlo-legalize-to-stablehlo and
  the cleanups), then `iree-compile --compile-to=input
  --iree-input-type=stablehlo`. `iree-before-*` is the IR right after
  IREE's chlo-legalize-to-stablehlo, `iree-after-*` the IR after IREE's
  iree-stablehlo-legalize-shape-computations (its last shape pass; the
  input pipeline's end if it gets there).
- JAX: jax.export with symbolic shapes. `jax-before-*` is
  `exported.mlir_module()`; `jax-after-*` the same IREE stage as
  `iree-after-*`, on it.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = ROOT / "tests" / "producers"
BIN = Path(sys.executable).parent
MLIR_OPT = Path(os.environ.get("SHAPE_OPT_MLIR_BIN", "/usr/lib/llvm-22/bin")) / "mlir-opt"
sys.path.insert(0, str(HERE))

# The torch backend IR to StableHLO+CHLO on builtin tensors: the passes of
# --torch-backend-to-stablehlo-backend-pipeline that convert, without
# chlo-legalize-to-stablehlo (canonicalize drops the dead torch list ops).
TORCH_TO_CHLO = ("builtin.module(func.func(convert-torch-to-stablehlo,convert-torch-to-arith,canonicalize),"
                 "torch-func-backend-type-conversion-for-stablehlo,"
                 "func.func(torch-finalizing-backend-type-conversion-for-stablehlo))")
DUMP = ["--mlir-print-ir-after-all", "--mlir-print-ir-module-scope",
        "--mlir-disable-threading", "--mlir-print-op-generic"]
IREE_INPUT = ["--compile-to=input", "--iree-input-type=stablehlo"]
HEADER = re.compile(r"^// -----// IR Dump After (\S+)(?: Failed)?: (\S+).*//----- //$", re.M)


def run(cmd, stdin=None, check=True):
    p = subprocess.run([str(c) for c in cmd], input=stdin, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{p.stderr[-3000:]}")
    return p


def dumps(text):
    """[(pass argument, module text)] of an --mlir-print-ir-after-all log."""
    out = []
    heads = list(HEADER.finditer(text))
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[m.end():end]
        # iree-compile's diagnostics interleave with the dumps: keep the module.
        start = body.find('"builtin.module"')
        out.append((m.group(2), body[start:] if start >= 0 else ""))
    return out


def last_dump(log, pass_arg, first=False):
    found = [t for p, t in dumps(log) if p == pass_arg]
    if not found:
        sys.exit(f"no dump after {pass_arg}")
    return trim(found[0] if first else found[-1])


def trim(text):
    """The module alone: up to its last closing line (drops diagnostics)."""
    lines = text.rstrip().splitlines()
    # The module ends with a line `}) ...` at column 0, possibly followed by a
    # resource section `{-# ... #-}`.
    end = max(i for i, l in enumerate(lines) if l.startswith("})"))
    tail = lines[end + 1:]
    if tail and tail[0].startswith("{-#") or (len(tail) > 1 and tail[1].startswith("{-#")):
        j = max(i for i, l in enumerate(tail) if l.startswith("#-}"))
        return "\n".join(lines[:end + 1] + tail[:j + 1]) + "\n"
    return "\n".join(lines[:end + 1]) + "\n"


def write(name, header, body):
    path = OUT / f"{name}.mlir"
    # The first line names the test kind (docs/filetests.md).
    text = "// test: input\n" + "".join(f"// {l}\n" for l in header) + "\n" + body
    path.write_text(text)
    p = run([MLIR_OPT, "--allow-unregistered-dialect", path], check=False)
    if p.returncode != 0:
        sys.exit(f"{path}: mlir-opt 22 rejects it:\n{p.stderr[-2000:]}")
    n = text.count("\n")
    print(f"  {path.relative_to(ROOT)} ({n} lines)")


def iree_stages(src, tmp, stem):
    """IREE's input pipeline on `src`: (before, after, ok)."""
    out = tmp / f"{stem}.iree.mlir"
    p = run([BIN / "iree-compile", *IREE_INPUT, *DUMP, src, "-o", out], check=False)
    before = last_dump(p.stderr, "chlo-legalize-to-stablehlo", first=True)
    after = last_dump(p.stderr, "iree-stablehlo-legalize-shape-computations")
    if p.returncode == 0:
        outcome = "the input pipeline then succeeds"
    else:
        first_error = next((l for l in p.stderr.splitlines() if " error: " in l), "")
        op = re.search(r"operation '([^']+)'", first_error)
        what = f"failed to legalize {op.group(1)}" if op else first_error[:120]
        outcome = f"the input pipeline then fails: {what}"
    stage = f"after iree-stablehlo-legalize-shape-computations ({outcome})"
    return before, after, stage


def torch_model(name, tmp, versions):
    onnx_path = tmp / f"{name}.onnx"
    imported = tmp / f"{name}.torch.mlir"
    backend = tmp / f"{name}.backend.mlir"
    run([BIN / "torch-mlir-import-onnx", onnx_path, "-o", imported])
    run([BIN / "torch-mlir-opt", "--torch-onnx-to-torch-backend-pipeline", imported, "-o", backend])
    p = run([BIN / "torch-mlir-opt", "--torch-backend-to-stablehlo-backend-pipeline", *DUMP,
             backend, "-o", tmp / f"{name}.shlo.mlir"])
    before = last_dump(p.stderr, "chlo-legalize-to-stablehlo")
    # Generic already (DUMP has --mlir-print-op-generic); torch-mlir-opt
    # cannot parse the shape dialect back, so it is read as written.
    after = trim((tmp / f"{name}.shlo.mlir").read_text())
    src = f"ONNX model `{name}` (scripts/producers/onnx_models.py), torch-mlir {versions['torch-mlir']}"
    common = ["torch-mlir-import-onnx MODEL.onnx",
              "torch-mlir-opt --torch-onnx-to-torch-backend-pipeline"]
    write(f"torch-before-{name}", [src, *common,
          "torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline, IR after its chlo-legalize-to-stablehlo"],
          before)
    write(f"torch-after-{name}", [src, *common,
          "torch-mlir-opt --torch-backend-to-stablehlo-backend-pipeline (its output)"], after)
    chlo = tmp / f"{name}.chlo.mlir"
    run([BIN / "torch-mlir-opt", f"--pass-pipeline={TORCH_TO_CHLO}", "--mlir-print-op-generic",
         backend, "-o", chlo])
    ib, ia, stage = iree_stages(chlo, tmp, name)
    write(f"iree-input-{name}", [
        f"ONNX model `{name}`, torch-mlir {versions['torch-mlir']}: the backend IR to StableHLO+CHLO",
        f"torch-mlir-opt --pass-pipeline='{TORCH_TO_CHLO}' --mlir-print-op-generic",
        "(the input of the iree-* files; chlo.broadcast_* carry the checks implicitly)"],
        trim(chlo.read_text()))
    isrc = (f"ONNX model `{name}`, torch-mlir {versions['torch-mlir']} to StableHLO+CHLO "
            f"(--pass-pipeline='{TORCH_TO_CHLO}'), then IREE {versions['iree']}")
    cmd = "iree-compile --compile-to=input --iree-input-type=stablehlo"
    write(f"iree-before-{name}", [isrc, cmd + ", IR after its chlo-legalize-to-stablehlo"], ib)
    write(f"iree-after-{name}", [isrc, cmd + ", IR " + stage], ia)


def jax_model(name, fn, args, tmp, versions):
    import jax
    from jax import export
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib.mlir import ir

    exported = export.export(jax.jit(fn))(*args)
    ctx = jmlir.make_ir_context()
    module = ir.Module.parse(exported.mlir_module(), context=ctx)
    text = module.operation.get_asm(print_generic_op_form=True, enable_debug_info=False)
    text = trim(text)
    src = f"JAX {versions['jax']} jax.export, symbolic shapes, model `{name}` (scripts/producers/jax_models.py)"
    write(f"jax-before-{name}", [src, "exported.mlir_module(), printed generic without locations"], text)
    path = tmp / f"jax-{name}.mlir"
    path.write_text(text)
    _, after, stage = iree_stages(path, tmp, f"jax-{name}")
    write(f"jax-after-{name}", [src, f"then IREE {versions['iree']}: iree-compile --compile-to=input "
          "--iree-input-type=stablehlo, IR " + stage], after)


def versions():
    from importlib.metadata import version
    return {"torch-mlir": version("torch-mlir"), "iree": version("iree-base-compiler"),
            "jax": version("jax"), "onnx": version("onnx")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="model names to regenerate")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    v = versions()
    print(f"versions: {v}")
    import onnx_models
    import jax_models
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        onnx_models.build_all(tmp)
        for fn in onnx_models.MODELS:
            if args.only and fn.__name__ not in args.only:
                continue
            print(f"onnx {fn.__name__}")
            torch_model(fn.__name__, tmp, v)
        for name, fn, fargs in jax_models.models():
            if args.only and name not in args.only:
                continue
            print(f"jax {name}")
            jax_model(name, fn, fargs, tmp, v)


if __name__ == "__main__":
    main()
