#!/usr/bin/env bash
# Parse + verify + print throughput of shape-opt against `mlir-opt file -o /dev/null`
# on the same generated module of shape functions (default ~50 MB), with peak RSS.
# Usage: scripts/bench-parse-print.sh [FUNCTIONS]   (needs mlir-opt 22; hyperfine if installed)
# Builds and runs the binaries of $CARGO_TARGET_DIR (default target/).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-60000}
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
file=$(mktemp --suffix=.mlir)
trap 'rm -f "$file"' EXIT
cargo build -q --release -p shape-opt-cli --bin shape-opt --example gen_corpus
release=${CARGO_TARGET_DIR:-target}/release
shape_opt=$release/shape-opt
"$release/examples/gen_corpus" "$n" > "$file"
size=$(stat -c %s "$file")
echo "input: $n functions, $size bytes"
python3 - "$size" "$file" "$mlir_opt" "$shape_opt" <<'PY'
import sys
sys.path.insert(0, "scripts")
import benchlib
size, file, mlir_opt, shape_opt = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
medians = benchlib.hyperfine({
    "shape-opt": [shape_opt, file, "-o", "/dev/null"],
    "mlir-opt": [mlir_opt, file, "-o", "/dev/null"],
}, runs=5)
ours, theirs = medians["shape-opt"], medians["mlir-opt"]
print(f"shape-opt median {ours:.3f} s = {size/ours/1e6:.1f} MB/s; mlir-opt median {theirs:.3f} s = {size/theirs/1e6:.1f} MB/s; ratio {theirs/ours:.2f}x")
PY
for tool in "$shape_opt" "$mlir_opt"; do
  /usr/bin/time -f "$(basename "$tool") peak RSS %M KB" "$tool" "$file" -o /dev/null
done
