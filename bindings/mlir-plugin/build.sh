#!/bin/sh
# Build shape-opt's mlir-opt pass plugin and print its absolute path (the
# only line on stdout; the builds' own output goes to stderr).
#
#   bindings/mlir-plugin/build.sh [release|debug]     (default: release)
#
# 1. libshape_opt.a with cargo (`cargo build -p shape-opt-c`, with
#    --release for release), into $CARGO_TARGET_DIR (default: target/);
# 2. the plugin with cmake, into $CARGO_TARGET_DIR/mlir-plugin/<profile>,
#    against MLIR's CMake config in $MLIR_DIR (default: next to the MLIR
#    tools in $SHAPE_OPT_MLIR_BIN, else /usr/lib/llvm-22/bin).
#
# Environment: CARGO (the cargo to run), CARGO_TARGET_DIR, MLIR_DIR,
# SHAPE_OPT_MLIR_BIN, JOBS (parallel compile jobs, default 2).
set -eu

profile=${1:-release}
case $profile in
release) cargo_profile=--release build_type=Release ;;
debug) cargo_profile= build_type=Debug ;;
*)
  echo "usage: $0 [release|debug]" >&2
  exit 2
  ;;
esac

root=$(cd "$(dirname "$0")/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
case $target in /*) ;; *) target=$root/$target ;; esac
mlir_dir=${MLIR_DIR:-${SHAPE_OPT_MLIR_BIN:-/usr/lib/llvm-22/bin}/../lib/cmake/mlir}
build=$target/mlir-plugin/$profile

# shellcheck disable=SC2086 # $cargo_profile is one flag or none
(cd "$root" && "${CARGO:-cargo}" build $cargo_profile -p shape-opt-c \
  --target-dir "$target") >&2
cmake -S "$root/bindings/mlir-plugin" -B "$build" \
  -DCMAKE_BUILD_TYPE="$build_type" \
  -DMLIR_DIR="$mlir_dir" \
  -DSHAPE_OPT_STATIC_LIB="$target/$profile/libshape_opt.a" >&2
cmake --build "$build" --parallel "${JOBS:-2}" >&2
echo "$build/libShapeOptPlugin.so"
