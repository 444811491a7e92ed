"""Shared pieces of the whole-process benchmarks against mlir-opt 22
(bench-vs-mlir, bench-scaling, bench-runtime): building the release
binaries, generating corpora, timing with hyperfine, peak memory, op counts,
native code size and markdown tables. Python 3 standard library only."""

import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MLIR_BIN = Path(os.environ.get("SHAPE_OPT_MLIR_BIN", "/usr/lib/llvm-22/bin"))



def pipeline_flags(name):
    """The mlir-opt flags of tests/NAME: one a line, blank lines and `#`
    comments skipped (tests/common/runner.rs reads the same files)."""
    text = (ROOT / "tests" / name).read_text()
    return [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


# The upstream pipeline `shape-opt --lower-to=std` is compared with.
UPSTREAM_TO_STD = pipeline_flags("upstream-to-std.pipeline")

# std form -> LLVM dialect for mlir-runner (tests/llvm-lowering.pipeline).
TO_LLVM = pipeline_flags("llvm-lowering.pipeline")

# An op line of the generic form: `"dialect.op"(` after optional results.
GENERIC_OP_LINE = re.compile(r'^\s*(?:%[^=]*=\s*)?"([A-Za-z_][\w$]*\.[\w$.]+)"\(')

# Ops that are not "inside functions": the module and the functions themselves.
CONTAINER_OPS = {"builtin.module", "func.func"}


def mlir_tool(name):
    """Path of an MLIR tool, or exit with the reason."""
    path = MLIR_BIN / name
    if not path.is_file():
        sys.exit(f"{path} not found: install mlir-22-tools or set SHAPE_OPT_MLIR_BIN")
    return str(path)


def build():
    """Build shape-opt and gen_corpus (release); their paths."""
    subprocess.run(
        ["cargo", "build", "-q", "--release", "-p", "shape-opt-cli", "--bin", "shape-opt",
         "--example", "gen_corpus"],
        cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release"
    return str(target / "shape-opt"), str(target / "examples" / "gen_corpus")


def generate(gen_corpus, n, family, stage, path):
    """Write a corpus of `n` functions of `family` in `stage` to `path`; its size in bytes."""
    with open(path, "w") as out:
        subprocess.run([gen_corpus, str(n), family, stage], stdout=out, check=True)
    return os.path.getsize(path)


def hyperfine(commands, runs, warmup=1):
    """Median wall time in seconds of each command (name -> argv), timed
    together by hyperfine without a shell; where hyperfine is not installed
    (and cannot be), timed here the same way: warm-up runs, then `runs`
    runs of each command in turn, output discarded."""
    if shutil.which("hyperfine") is None and not install_hyperfine():
        return time_commands(commands, runs, warmup)
    names = list(commands)
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        argv = ["hyperfine", "--shell=none", "--style=none", "--warmup", str(warmup),
                "--runs", str(runs), "--export-json", export.name]
        for name in names:
            argv += ["--command-name", name, shlex.join(commands[name])]
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"hyperfine failed:\n{done.stderr}")
        results = json.load(open(export.name))["results"]
    return {name: r["median"] for name, r in zip(names, results)}


def install_hyperfine():
    """Try to install hyperfine (Debian's package, as root); whether it is there."""
    if os.geteuid() == 0 and shutil.which("apt-get"):
        for step in (["apt-get", "update", "-qq"],
                     ["apt-get", "install", "-y", "-qq", "hyperfine"]):
            subprocess.run(step, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    if shutil.which("hyperfine") is None:
        print("(hyperfine is not installed: timing the runs here)", file=sys.stderr)
        return False
    return True


def time_commands(commands, runs, warmup):
    """Median wall time in seconds of each command, runs interleaved."""
    def once(argv):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start
    for argv in commands.values():
        for _ in range(warmup):
            once(argv)
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            times[name].append(once(argv))
    return {name: statistics.median(t) for name, t in times.items()}


def peak_rss_mb(argv):
    """Peak resident set size of one run of `argv`, in MB (from wait4's rusage,
    as /usr/bin/time reports it)."""
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            sys.exit(f"{shlex.join(argv)} failed:\n{errors.read().decode()}")
    return usage.ru_maxrss / 1024


def count_ops(mlir_opt, path):
    """Ops inside functions of the module at `path`, counted on mlir-opt's
    generic form (one op per line)."""
    generic = subprocess.run([mlir_opt, "--mlir-print-op-generic", path],
                             capture_output=True, text=True, check=True).stdout
    return sum(1 for line in generic.splitlines()
               if (m := GENERIC_OP_LINE.match(line)) and m.group(1) not in CONTAINER_OPS)


def native_text_bytes(std_path, tmpdir):
    """Bytes of machine code of the std-form module at `std_path`: through
    TO_LLVM (mlir-opt), `mlir-translate --mlir-to-llvmir`, `opt -O2` and
    `llc -O2 -filetype=obj` (intermediate files in `tmpdir`), the size of the
    object's `.text` sections as `llvm-size -A` gives them."""
    stem = f"{tmpdir}/{Path(std_path).name.removesuffix('.mlir')}"
    steps = [
        ([mlir_tool("mlir-opt"), *TO_LLVM], f"{stem}.llvm.mlir"),
        ([mlir_tool("mlir-translate"), "--mlir-to-llvmir"], f"{stem}.ll"),
        ([mlir_tool("opt"), "-O2"], f"{stem}.opt.bc"),
        ([mlir_tool("llc"), "-O2", "-filetype=obj"], f"{stem}.o"),
    ]
    source = str(std_path)
    for argv, output in steps:
        run_to_file(argv + [source], output)
        source = output
    sizes = subprocess.run([mlir_tool("llvm-size"), "-A", source],
                           capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in sizes.splitlines()]
    return sum(int(row[1]) for row in rows
               if len(row) >= 2 and (row[0] == ".text" or row[0].startswith(".text.")))


def run_to_file(argv, path):
    """Run `argv` with its output written to `path` (`-o path`), failing loudly."""
    done = subprocess.run(argv + ["-o", path], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{shlex.join(argv)} failed:\n{done.stderr}")


def markdown_table(header, rows):
    """A markdown table of string cells."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def machine_note():
    """What the numbers were measured on."""
    load = os.getloadavg()[0]
    return f"{os.cpu_count()} cores, load average {load:.2f} at the start"
