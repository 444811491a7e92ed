//! The `memref`, `bufferization` and `func` dialects and builtin syntax
//! (resources, graph regions) against `mlir-opt` 22 (their round trips are
//! in `tests/roundtrip/`):
//! - `tests/dialects/*-invalid.mlir` pass `--verify-diagnostics` through
//!   shape-opt and through `mlir-opt`: every expected error is MLIR's own;
//! - memref types spelled in other ways print as `mlir-opt` prints them;
//! - `dense_resource` attributes with the file metadata that gives their
//!   blobs (blobs unused, given twice, in several sections; external
//!   resources), and ops of unregistered dialects whose regions use values
//!   before their definitions, print as `mlir-opt` prints them, in custom
//!   and generic form, with locations and in local scope;
//! - ops of MLIR's dialects that shape-opt does not model stay opaque with
//!   `--allow-unregistered-dialect`, and are refused without it;
//! - `canonicalize` erases unused ops that only read memory or allocate,
//!   as `mlir-opt --canonicalize` does, and keeps those that write.

mod common;

use cli::{process_buffer, DriverOptions};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dialects");

fn options() -> DriverOptions {
    DriverOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    }
}

/// What shape-opt prints for `text` with `options`, or its diagnostics.
fn shape_opt(text: &str, options: &DriverOptions) -> Result<String, String> {
    let out = process_buffer("input.mlir", text.as_bytes(), options);
    if out.success {
        Ok(out.output().trim_end().to_string() + "\n")
    } else {
        Err(out.diagnostics)
    }
}

#[test]
fn invalid_cases_give_the_diagnostics_of_mlir_opt() {
    let mlir_opt = common::mlir_tool("mlir-opt");
    let mut files = 0;
    for file in common::mlir_files(DIR) {
        if !file.to_string_lossy().ends_with("-invalid.mlir") {
            continue;
        }
        files += 1;
        let text = std::fs::read(&file).expect("readable");
        let options = DriverOptions {
            split_input_file: true,
            verify_diagnostics: true,
            ..options()
        };
        let out = process_buffer(&file.to_string_lossy(), text.as_slice(), &options);
        assert!(out.success, "{}: {}", file.display(), out.diagnostics);
        if let Some(mlir_opt) = &mlir_opt {
            let args = [
                "--split-input-file",
                "--verify-diagnostics",
                "--allow-unregistered-dialect",
            ];
            let theirs = common::run(mlir_opt, &args, &text);
            assert!(theirs.is_ok(), "{}: {theirs:?}", file.display());
        }
    }
    assert_eq!(
        files, 4,
        "builtin-invalid.mlir, memref-invalid.mlir, bufferization-invalid.mlir and func-invalid.mlir"
    );
}

/// Inputs whose printed form is not the input: blobs no attribute uses
/// (dropped), a key given twice (the last blob wins), several metadata
/// sections, keys that need quotes, external resources (kept, used or
/// not); values used before their definitions in the regions of
/// unregistered ops (renumbered in print order).
const PRINTED_AS_MLIR_OPT_DOES: &[&str] = &[
    "func.func @w() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
  %1 = arith.constant dense_resource<\"ab\"> : tensor<2xi32>
  %2 = arith.constant dense_resource<\"a \\\"b\\\"\"> : tensor<1xi8>
  \"test.use\"(%1, %2) : (tensor<2xi32>, tensor<1xi8>) -> ()
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      unused: \"0x0400000001000000\",
      ab: \"0x0400000001000000\",
      torch_tensor_2_torch.float32: \"0x040000000000803f00000040\",
      ab: \"0x0400000002000000ffffffff\"
    },
    builtin: {
      \"a \\\"b\\\"\": \"0x01000000aB\"
    }
  },
  external_resources: {
    tool: { flag: true, text: \"x\\0Ay\" }
  }
#-}
{-#
  dialect_resources: { builtin: { torch_tensor_2_torch.float32: \"0x0400000000000040000080BF\" } }
#-}
",
    "memref.global \"private\" constant @g : memref<2xi16> = dense_resource<blob>
func.func @f() -> memref<2xi16> {
  %0 = memref.get_global @g : memref<2xi16>
  return %0 : memref<2xi16>
}
{-# dialect_resources: { builtin: { blob: \"0x020000000100FFFF\", other: \"0x10000000\" } } #-}
",
    "func.func @g(%a: i32) -> i32 {
  %r = \"foo.graph\"(%a) ({
  ^bb0(%x: i32):
    %later = \"foo.use\"(%def, %x) : (i32, i32) -> i32
    \"foo.inner\"() ({
      %deeper = \"foo.use\"(%def2, %later) : (i32, i32) -> i32
    }) : () -> ()
    %def = \"foo.def\"(%later) : (i32) -> i32
    %def2 = arith.addi %def, %x : i32
    \"foo.yield\"(%def2) : (i32) -> ()
  }) : (i32) -> i32
  return %r : i32
}
%top = \"foo.use\"(%top_def) : (i32) -> i32
%top_def = \"foo.def\"() : () -> i32
",
];

#[test]
fn resources_and_graph_regions_print_as_mlir_opt_does() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let flag_sets: [&[&str]; 4] = [
        &[],
        &["--mlir-print-op-generic"],
        &["--mlir-print-debuginfo"],
        &["--mlir-print-local-scope"],
    ];
    for input in PRINTED_AS_MLIR_OPT_DOES {
        for flags in flag_sets {
            let mut args = vec!["--allow-unregistered-dialect"];
            args.extend(flags);
            let theirs = common::run(&mlir_opt, &args, input.as_bytes()).unwrap();
            let print = ir::printer::PrintOptions {
                generic: flags.contains(&"--mlir-print-op-generic"),
                debug_info: flags.contains(&"--mlir-print-debuginfo"),
                local_scope: flags.contains(&"--mlir-print-local-scope"),
                ..Default::default()
            };
            let ours = process_buffer(
                "<stdin>",
                input.as_bytes(),
                &DriverOptions { print, ..options() },
            );
            assert!(ours.success, "{input}{flags:?}: {}", ours.diagnostics);
            assert_eq!(ours.output(), theirs, "{input}{flags:?}");
        }
    }
}

/// Layouts and memory spaces in other spellings: identity maps dropped
/// (whatever their symbols), strided layouts and affine maps respelled,
/// the memory space 0 dropped.
const SPELLINGS: &str = "func.func private @spellings(memref<4xf32, affine_map<(i) -> (i)>>, memref<4x5xf32, strided<[5,1], offset:0>>, memref<4xf32, 0>, memref<*xf32, 0 : i32>, memref<4x4xf32, affine_map<(i, j)[n]->(i*n+j)>>, memref<4xf32, affine_map<(d0)[s0] -> (d0)>>, memref<2xf32, strided<[?],offset:?>, 1 : i64>)\n";

const SPELLINGS_PRINTED: &str = "#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
module {
  func.func private @spellings(memref<4xf32>, memref<4x5xf32, strided<[5, 1]>>, memref<4xf32>, memref<*xf32>, memref<4x4xf32, #map>, memref<4xf32>, memref<2xf32, strided<[?], offset: ?>, 1>)
}
";

#[test]
fn memref_types_in_other_spellings_print_as_mlir_opt_does() {
    let ours = shape_opt(SPELLINGS, &options()).unwrap();
    assert_eq!(ours, SPELLINGS_PRINTED);
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        let theirs = common::run(&mlir_opt, &[], SPELLINGS.as_bytes()).unwrap();
        assert_eq!(ours, theirs.trim_end().to_string() + "\n");
    }
    // One type, however it is spelled: the call verifies.
    let call = "func.func private @g(memref<4x5xf32, strided<[5, 1]>>)
func.func @f(%m: memref<4x5xf32, strided<[5,1], offset: 0>>) {
  func.call @g(%m) : (memref<4x5xf32, strided<[5, 1]>>) -> ()
  return
}
";
    shape_opt(call, &options()).unwrap();
}

/// `math.powf` and `bufferization.dealloc` are real MLIR ops that
/// shape-opt does not model.
const UNMODELLED: &str = "func.func @f(%m: memref<4xf32>, %x: f32, %c: i1) -> memref<4xf32> {
  %p = \"math.powf\"(%x, %x) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  \"bufferization.dealloc\"(%m, %c) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32>, i1) -> ()
  %0 = memref.cast %m : memref<4xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
";

#[test]
fn unmodelled_ops_of_modelled_dialects_stay_opaque() {
    let ours = shape_opt(UNMODELLED, &options()).unwrap();
    assert!(ours.contains("\"math.powf\"(%arg1, %arg1) <{"), "{ours}");
    assert!(ours.contains("%cast = memref.cast"), "{ours}");
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        let theirs = common::run(&mlir_opt, &[], UNMODELLED.as_bytes()).unwrap();
        let back = common::run(&mlir_opt, &[], ours.as_bytes()).unwrap();
        assert_eq!(back.trim_end(), theirs.trim_end());
    }
    let strict = DriverOptions {
        allow_unregistered_dialect: false,
        ..options()
    };
    let refused = shape_opt(UNMODELLED, &strict).unwrap_err();
    assert!(
        refused.contains(
            "operation 'math.powf' is not modelled by shape-opt (it models only some ops \
             of the 'math' dialect); pass --allow-unregistered-dialect to keep it as an opaque op"
        ),
        "{refused}"
    );
}

const DEAD: &str = "memref.global \"private\" @x : memref<2xf32> = dense<[0.0, 2.0]>
func.func @dead(%m: memref<?x4xf32>, %u: memref<*xf32>, %w: memref<*xf32>, %t: tensor<?xf32>, %d: index, %i: index, %v: f32) {
  %0 = memref.alloc(%d) : memref<?x4xf32>
  %1 = memref.alloca() : memref<8x64xf32, 1>
  %2 = memref.load %m[%i, %i] : memref<?x4xf32>
  %3 = memref.dim %m, %i : memref<?x4xf32>
  %4 = memref.rank %u : memref<*xf32>
  %5 = memref.cast %m : memref<?x4xf32> to memref<?x?xf32>
  %6 = memref.get_global @x : memref<2xf32>
  %7 = bufferization.to_tensor %m : memref<?x4xf32> to tensor<?x4xf32>
  %8 = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %9 = bufferization.clone %m : memref<?x4xf32> to memref<?x4xf32>
  %10 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<?x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  memref.store %v, %m[%i, %i] : memref<?x4xf32>
  memref.copy %u, %w : memref<*xf32> to memref<*xf32>
  %11 = bufferization.alloc_tensor(%d) : tensor<?xf32>
  return
}
";

const DEAD_CANONICALIZED: &str = "module {
  memref.global \"private\" @x : memref<2xf32> = dense<[0.000000e+00, 2.000000e+00]>
  func.func @dead(%arg0: memref<?x4xf32>, %arg1: memref<*xf32>, %arg2: memref<*xf32>, %arg3: tensor<?xf32>, %arg4: index, %arg5: index, %arg6: f32) {
    memref.store %arg6, %arg0[%arg5, %arg5] : memref<?x4xf32>
    memref.copy %arg1, %arg2 : memref<*xf32> to memref<*xf32>
    %0 = bufferization.alloc_tensor(%arg4) : tensor<?xf32>
    return
  }
}
";

#[test]
fn canonicalize_erases_unused_reads_and_allocations_only() {
    let canonicalize = DriverOptions {
        pipeline: Some("builtin.module(canonicalize)".into()),
        ..options()
    };
    let ours = shape_opt(DEAD, &canonicalize).unwrap();
    assert_eq!(ours, DEAD_CANONICALIZED);
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        let theirs = common::run(&mlir_opt, &["--canonicalize"], DEAD.as_bytes()).unwrap();
        assert_eq!(ours, theirs.trim_end().to_string() + "\n");
    }
}

/// A deterministic random affine expression over `d0`, `d1` and `s0`
/// (xorshift state in `seed`), as a user might write it: sums,
/// differences, scalings, divisions, negations and parentheses.
fn random_affine(seed: &mut u64, depth: u32) -> String {
    let mut next = |n: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % n
    };
    const ATOMS: [&str; 12] = [
        "d0", "d1", "s0", "0", "1", "2", "3", "4", "8", "-1", "-2", "-3",
    ];
    const SCALES: [&str; 6] = ["s0", "1", "2", "3", "8", "-2"];
    const DIVISORS: [&str; 5] = ["1", "2", "3", "4", "s0"];
    const DIVISIONS: [&str; 3] = ["floordiv", "ceildiv", "mod"];
    if depth == 0 || next(4) == 0 {
        return ATOMS[next(12) as usize].to_string();
    }
    let kind = next(10);
    let scale = SCALES[next(6) as usize];
    let divisor = DIVISORS[next(5) as usize];
    let division = DIVISIONS[next(3) as usize];
    let a = random_affine(seed, depth - 1);
    let b = random_affine(seed, depth - 1);
    match kind {
        0..=2 => format!("{a} + {b}"),
        3 => format!("{a} - {b}"),
        4 => format!("({a}) * {scale}"),
        5 => format!("{scale} * ({a})"),
        6 | 7 => format!("({a}) {division} {divisor}"),
        8 => format!("-({a})"),
        _ => format!("({a})"),
    }
}

/// Affine maps as users write them print as `mlir-opt` prints them: the
/// same simplification and spelling. Of 600 random maps, at most 1%
/// differ (MLIR orders some sums with divisions by symbols in a way
/// shape-opt does not); what `mlir-opt` printed, shape-opt prints the way
/// `mlir-opt` prints it when it reads it again, every time.
#[test]
fn affine_maps_print_as_mlir_opt_does() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let cases: Vec<String> = (0..600)
        .map(|_| {
            let results = random_affine(&mut seed, 4);
            format!(
                "func.func private @f() attributes {{m = affine_map<(d0, d1)[s0] -> ({results})>}}\n"
            )
        })
        .collect();
    let text = cases.join("// -----\n");
    let split = ["--split-input-file"];
    let theirs = common::run(&mlir_opt, &split, text.as_bytes()).unwrap();
    let again = common::run(&mlir_opt, &split, theirs.as_bytes()).unwrap();
    let split_options = DriverOptions {
        split_input_file: true,
        ..options()
    };
    let ours = shape_opt(&text, &split_options).unwrap();
    let ours_again = shape_opt(&theirs, &split_options).unwrap();
    let chunks =
        |s: &str| -> Vec<String> { s.split("// -----").map(|c| c.trim().to_string()).collect() };
    let (theirs, again, ours, ours_again) = (
        chunks(&theirs),
        chunks(&again),
        chunks(&ours),
        chunks(&ours_again),
    );
    assert_eq!(ours.len(), 600);
    let differ = ours.iter().zip(&theirs).filter(|(a, b)| a != b).count();
    eprintln!(
        "affine maps: {} of 600 as mlir-opt prints them",
        600 - differ
    );
    assert!(differ <= 6, "{differ} of 600 maps print differently");
    for (i, (a, b)) in ours_again.iter().zip(&again).enumerate() {
        assert_eq!(a, b, "map #{i}: {}", cases[i]);
    }
}
