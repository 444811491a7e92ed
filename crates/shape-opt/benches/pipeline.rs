//! Micro-benchmarks of the parser, the printer, each major pass and the
//! e-graph, through the embedding API: `cargo bench -p shape-opt -- GROUP`
//! with GROUP one of `parse`, `print`, `passes`, `egraph` (docs/benches.md).
//!
//! The inputs are generated here: a stage-1 corpus of batch-matmul shape
//! functions and a stage-2 corpus of broadcast chains; the stage-3 and std
//! inputs are the stage-2 corpus lowered by the default pipeline, printed
//! once and parsed afresh for every run.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput};
use shape_opt::pass::{NoInstrumentation, PassManager, PassRegistry};
use shape_opt::{Module, Session, Stage};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

/// Functions in each generated corpus.
const CORPUS_FUNCTIONS: usize = 1000;

/// Write the function `signature` with `body`, one op a line, to `out`.
fn write_function(out: &mut String, signature: &str, body: &[String]) {
    let _ = writeln!(out, "{signature} {{");
    for line in body {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out, "}}");
}

/// A stage-2 function that broadcasts the shapes of `operands` tensors
/// left to right, each step guarded by its own `cstr_broadcastable` and
/// `shape.assuming` (as a frontend lowers `((a+b)+c)+...`), then asserts
/// that one extent of the result is positive.
fn write_broadcast_chain(out: &mut String, name: &str, operands: usize) {
    const TENSOR: &str = "tensor<?x?xf32>";
    const EXTENTS: &str = "tensor<?xindex>";
    let arguments: Vec<String> = (0..operands).map(|a| format!("%t{a}: {TENSOR}")).collect();
    let signature = format!("func.func @{name}({}) -> {EXTENTS}", arguments.join(", "));
    let mut body: Vec<String> = (0..operands)
        .map(|a| format!("%s{a} = shape.shape_of %t{a} : {TENSOR} -> {EXTENTS}"))
        .collect();
    let mut accumulated = "%s0".to_string();
    for step in 1..operands {
        let pair = format!("{accumulated}, %s{step}");
        let types = format!("{EXTENTS}, {EXTENTS}");
        body.extend([
            format!("%w{step} = shape.cstr_broadcastable {pair} : {types}"),
            format!("%r{step} = shape.assuming %w{step} -> ({EXTENTS}) {{"),
            format!("  %b{step} = shape.broadcast {pair} : {types} -> {EXTENTS}"),
            format!("  shape.assuming_yield %b{step} : {EXTENTS}"),
            "}".to_string(),
        ]);
        accumulated = format!("%r{step}");
    }
    body.extend([
        "%c0 = arith.constant 0 : index".to_string(),
        "%c1 = arith.constant 1 : index".to_string(),
        format!("%extent = shape.get_extent {accumulated}, %c1 : {EXTENTS}, index -> index"),
        "%positive = arith.cmpi sgt, %extent, %c0 : index".to_string(),
        "cf.assert %positive, \"extent must be positive\"".to_string(),
        format!("return {accumulated} : {EXTENTS}"),
    ]);
    write_function(out, &signature, &body);
}

/// A stage-1 batch-matmul shape function: equal ranks, broadcast batch
/// dimensions, matching inner dimensions.
fn write_batch_matmul(out: &mut String, name: &str) {
    const SHAPE: &str = "!shape.shape";
    const SIZE: &str = "!shape.size";
    let split = |results: &str, shape: &str, at: &str| {
        format!("{results} = \"shape.split_at\"({shape}, {at}) : ({SHAPE}, {SIZE}) -> ({SHAPE}, {SHAPE})")
    };
    let meet = |result: &str, operands: &str, error: &str, ty: &str| {
        format!("{result} = shape.meet {operands}, error = \"{error}\" : {ty}, {ty} -> {ty}")
    };
    let combine = |result: &str, op: &str, operands: &str| {
        format!("{result} = shape.{op} {operands} : {SHAPE}, {SHAPE} -> {SHAPE}")
    };
    let body = [
        "%minus_two = shape.const_size -2".to_string(),
        "%minus_one = shape.const_size -1".to_string(),
        format!("%lhs_rank = shape.rank %lhs : {SHAPE} -> {SIZE}"),
        format!("%rhs_rank = shape.rank %rhs : {SHAPE} -> {SIZE}"),
        meet("%rank", "%lhs_rank, %rhs_rank", "ranks must match", SIZE),
        split("%lhs_batch, %lhs_matrix", "%lhs", "%minus_two"),
        split("%rhs_batch, %rhs_matrix", "%rhs", "%minus_two"),
        combine("%batch", "broadcast", "%lhs_batch, %rhs_batch"),
        split("%rows, %lhs_inner", "%lhs_matrix", "%minus_one"),
        split("%rhs_inner, %columns", "%rhs_matrix", "%minus_one"),
        meet(
            "%inner",
            "%lhs_inner, %rhs_inner",
            "inner dimensions must match",
            SHAPE,
        ),
        combine("%matrix", "concat", "%rows, %columns"),
        combine("%result", "concat", "%batch, %matrix"),
        format!("return %result : {SHAPE}"),
    ];
    let signature = format!("func.func @{name}(%lhs: {SHAPE}, %rhs: {SHAPE}) -> {SHAPE}");
    write_function(out, &signature, &body);
}

/// A module of [`CORPUS_FUNCTIONS`] broadcast chains of 2 to 4 operands.
fn stage2_corpus() -> String {
    let mut out = String::from("module {\n");
    for i in 0..CORPUS_FUNCTIONS {
        write_broadcast_chain(&mut out, &format!("broadcast_chain_{i}"), 2 + i % 3);
    }
    out.push_str("}\n");
    out
}

/// A module of [`CORPUS_FUNCTIONS`] batch-matmul shape functions.
fn stage1_corpus() -> String {
    let mut out = String::from("module {\n");
    for i in 0..CORPUS_FUNCTIONS {
        write_batch_matmul(&mut out, &format!("batch_matmul_{i}"));
    }
    out.push_str("}\n");
    out
}

/// Parse `text` without verifying it (the passes verify what they make).
fn parse(text: &str) -> Module {
    let mut ctx = shape_opt::ir::Context::new();
    let options = shape_opt::syntax::ParseOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let (root, diagnostics) =
        shape_opt::syntax::parse_source(&mut ctx, 0, "bench.mlir", text.as_bytes(), &options);
    let root = root.unwrap_or_else(|| panic!("benchmark input does not parse: {diagnostics:?}"));
    Module { ctx, root }
}

/// `text` lowered by the default pipeline to `stage`, printed.
fn lowered(session: &Session, text: &str, stage: Stage) -> String {
    let mut module = parse(text);
    session
        .lower_to(&mut module, stage, &mut |_, _, _| {})
        .unwrap_or_else(|e| panic!("lowering the benchmark input to {stage} failed:\n{e}"));
    module.print()
}

/// `builtin.module(pass)`, as the stage pipelines run it, without
/// verifying after it.
fn module_pass(registry: &PassRegistry, pass: &str) -> PassManager {
    let pipeline = format!("builtin.module({pass})");
    let mut manager = PassManager::parse(&pipeline, registry)
        .unwrap_or_else(|e| panic!("bad pipeline {pipeline}: {}", e.message));
    manager.options.verify_each = false;
    manager.options.allow_unregistered = true;
    manager
}

/// Run `manager` on `module`, handing it back so that it is freed outside
/// the timed part.
fn run(manager: &mut PassManager, mut module: Module) -> Module {
    manager
        .run(&mut module.ctx, module.root, &mut NoInstrumentation)
        .unwrap_or_else(|d| panic!("pass failed: {}", d.message));
    module
}

/// Every `examples/*.mlir`, by file stem, in name order.
fn examples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("examples/ is readable")
        .map(|entry| entry.expect("examples/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "mlir"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("example is readable");
            (name, text)
        })
        .collect()
}

fn parse_group(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    // The corpus takes tens of milliseconds a run: the same number of runs
    // per sample keeps the group within its time.
    group.sampling_mode(SamplingMode::Flat);
    let mut bench = |name: &str, text: &str| {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |b| b.iter(|| parse(black_box(text))));
    };
    bench("stage2-corpus", &stage2_corpus());
    for (name, text) in examples() {
        bench(&name, &text);
    }
    group.finish();
}

fn print_group(c: &mut Criterion) {
    let module = parse(&stage2_corpus());
    let mut group = c.benchmark_group("print");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Bytes(module.print().len() as u64));
    group.bench_function("stage2-corpus", |b| b.iter(|| black_box(&module).print()));
    group.finish();
}

fn passes_group(c: &mut Criterion) {
    let session = Session::new();
    let stage1 = stage1_corpus();
    let stage2 = stage2_corpus();
    let stage3 = lowered(&session, &stage2, Stage::Asserting);
    let std = lowered(&session, &stage2, Stage::Std);
    let cases = [
        ("infer-shapes", &stage1),
        ("lower-to-constrained", &stage1),
        ("hoist-constraints", &stage2),
        ("canonicalize-constraints", &stage2),
        ("lower-to-asserting", &stage2),
        ("discharge-asserts", &stage3),
        ("convert-shape-to-std", &stage3),
        ("canonicalize", &std),
        ("cse", &std),
    ];
    let mut group = c.benchmark_group("passes");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (pass, input) in cases {
        let mut manager = module_pass(session.registry(), pass);
        group.bench_function(pass, |b| {
            b.iter_batched(
                || parse(input),
                |m| run(&mut manager, m),
                BatchSize::LargeInput,
            )
        });
    }
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("lower-to-std", |b| {
        b.iter_batched(
            || parse(&stage2),
            |mut module| {
                session
                    .lower_to(&mut module, Stage::Std, &mut |_, _, _| {})
                    .unwrap_or_else(|e| panic!("{e}"));
                module
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn egraph_group(c: &mut Criterion) {
    let mut manager = module_pass(&shape_opt::registry(), "canonicalize-constraints");
    let mut group = c.benchmark_group("egraph");
    for operands in [2, 4, 8, 16, 32] {
        let mut text = String::new();
        write_broadcast_chain(&mut text, "chain", operands);
        group.bench_function(format!("chain-{operands}"), |b| {
            b.iter_batched(
                || parse(&text),
                |m| run(&mut manager, m),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = parse_group, print_group, passes_group, egraph_group
}
criterion_main!(benches);
