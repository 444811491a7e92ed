# Developer shortcuts. README's two commands do not need `just`.

# Build everything (release).
build:
    cargo build --release

# Run the fast tests, README's test command (docs/testing.md).
test:
    cargo test --workspace

# Run every test, the heavy suites too (set SHAPE_OPT_REQUIRE_MLIR=1 to fail instead of skipping MLIR interop tests).
test-full:
    cargo test --workspace --features heavy-tests

# Formatting and lints, as CI checks them.
lint:
    cargo fmt --all -- --check
    cargo clippy --all-targets --features heavy-tests -- -D warnings

# Build the mlir-opt pass plugin against the release libshape_opt.a; its path is the last line (bindings/mlir-plugin/README.md).
plugin:
    bindings/mlir-plugin/build.sh release

# Rewrite the precise-output blocks of the .mlir tests (tests/lowering/) from what shape-opt prints now.
bless-tests:
    BLESS=1 cargo test -p shape-opt-cli --test filetests

# Regenerate the round-trip corpus expectations from mlir-opt 22 (tests/roundtrip/*.mlir), each after its header line (docs/filetests.md).
bless:
    for f in tests/roundtrip/*.mlir; do case "$f" in *debuginfo*) locs=--mlir-print-debuginfo;; *) locs=;; esac; { echo '// test: roundtrip' && /usr/lib/llvm-22/bin/mlir-opt --split-input-file --allow-unregistered-dialect $locs "$f"; } > "$f.new" && mv "$f.new" "$f"; done
    for f in tests/roundtrip/generic/*.mlir; do { echo '// test: roundtrip' && /usr/lib/llvm-22/bin/mlir-opt --split-input-file --allow-unregistered-dialect --mlir-print-op-generic "$f"; } > "$f.new" && mv "$f.new" "$f"; done

# Parse+verify+print throughput and peak memory against mlir-opt on a generated 50 MB module.
bench:
    scripts/bench-parse-print.sh

# `shape-opt --lower-to=std` against mlir-opt 22's shape lowering on one stage-2 corpus: time, peak RSS, output ops, MB/s, threads.
bench-vs-mlir n="5000" family="broadcast":
    scripts/bench-vs-mlir {{n}} {{family}}

# The same on real producers' shape IR (tests/producers/, K copies of each function), with IREE's and torch-mlir's own shape passes: time and checks kept (docs/perf.md).
bench-producers *flags:
    scripts/bench-producers {{flags}}

# What --report costs next to --lower-to=std, and its size (docs/report.md).
bench-report n="5000":
    scripts/bench-report {{n}}

# Time per function of both tools from 1k to 100k functions; table, and docs/scaling.svg (extra flags, e.g. --mlir-max 20000, pass through).
bench-scaling *flags:
    scripts/bench-scaling {{flags}}

# Run time of the code each tool generates, compiled by mlir-opt and run by mlir-runner over many calls.
bench-runtime *flags:
    scripts/bench-runtime {{flags}}

# What mlir-opt 22 makes of each function of tests/realworld/ (--write: into docs/conformance.md's table).
realworld-vs-mlir *flags:
    scripts/realworld-vs-mlir {{flags}}

# Run the cargo-fuzz targets (all, or those named) for `seconds` each; see docs/fuzzing.md.
fuzz seconds="60" *targets:
    scripts/fuzz {{seconds}} {{targets}}
