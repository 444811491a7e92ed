//! Stage legality (`pass::stage`) and `--lower-to` boundaries on the data
//! in `tests/stages/`.

use cli::{process_buffer, DriverOptions};
use filetests::ir_check::parse_into;
use pass::stage::{current_stage, Stage};
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/stages");

/// The suite of `tests/stages/`: `stage-forms` files, and the `input`
/// files `--lower-to=std` must refuse with the diagnostics they expect.
struct Stages;

impl filetests::Suite for Stages {
    fn stage_forms(&mut self, file: &Path, body: &str) -> Result<usize, String> {
        let name = file.display().to_string();
        let chunks = filetests::forms(body);
        for piece in &chunks {
            let expected = Stage::from_name(&piece.form)
                .ok_or_else(|| format!("{name}: `{}` is not a stage", piece.form))?;
            let mut ctx = ir::Context::new();
            let module = parse_into(&mut ctx, &name, &piece.chunk, &Default::default());
            assert_eq!(
                current_stage(&ctx, module),
                Some(expected),
                "{}",
                piece.chunk
            );
            // Illegal in every later form, with the reason at an op.
            for later in Stage::ALL.into_iter().filter(|&s| s > expected) {
                let err = pass::stage::check_legality(&ctx, module, later).unwrap_err();
                assert!(err.message.contains("not legal in"), "{}", err.message);
            }
        }
        Ok(chunks.len())
    }

    fn input(&mut self, file: &Path, body: &str) -> Result<usize, String> {
        let options = DriverOptions {
            split_input_file: true,
            verify_diagnostics: true,
            lower_to: Some(Stage::Std),
            ..Default::default()
        };
        let out = process_buffer(&file.display().to_string(), body, &options);
        assert!(out.success, "{}", out.diagnostics);
        Ok(1)
    }
}

fn run(file: &str) -> usize {
    filetests::header::run(Path::new(&format!("{DIR}/{file}")), &mut Stages)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn each_piece_is_in_the_form_it_names() {
    assert_eq!(run("forms.mlir"), 5);
}

#[test]
fn lower_to_refuses_with_a_located_diagnostic() {
    assert_eq!(run("lower-to-errors.mlir"), 1);
}

/// An input legal in no form, whose `!shape.size` values only convert
/// constants and ranks, is canonicalized once and then lowered from the
/// form it settles in; what it computes is checked on every pass.
#[test]
fn lower_to_settles_mixed_forms_by_canonicalizing_first() {
    let text = "func.func @first(%a: tensor<?xindex>) -> index {
  %one = shape.const_size 1
  %c1 = shape.size_to_index %one : !shape.size
  %c0 = arith.constant 0 : index
  %rank = shape.rank %a : tensor<?xindex> -> index
  %size = shape.index_to_size %rank
  %r = shape.size_to_index %size : !shape.size
  %ok = arith.cmpi uge, %r, %c1 : index
  %w = shape.cstr_require %ok, \"rank must be at least 1\"
  %e = shape.assuming %w -> (index) {
    %x = shape.get_extent %a, %c0 : tensor<?xindex>, index -> index
    shape.assuming_yield %x : index
  }
  return %e : index
}
";
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        verify_semantics: Some(32),
        ..Default::default()
    };
    let out = process_buffer("mixed.mlir", text, &options);
    assert!(out.success, "{}", out.diagnostics);
    let printed = out.pieces.concat();
    assert!(!printed.contains("shape."), "{printed}");
    assert!(printed.contains("cf.assert"), "{printed}");
}

/// Input as producers write it — constraints and `shape.assuming` on
/// `!shape.shape` values, shape code in an `scf.execute_region`, which no
/// form holds — lowers to std form from the most general stage, every pass
/// checked on sampled inputs, and keeps its checks.
#[test]
fn lower_to_takes_general_input() {
    let text = "func.func @stated(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %w = shape.cstr_broadcastable %sa, %sb : !shape.shape, !shape.shape
  %r = shape.assuming %w -> (!shape.shape) {
    %c = shape.broadcast %sa, %sb : !shape.shape, !shape.shape -> !shape.shape
    shape.assuming_yield %c : !shape.shape
  }
  return %r : !shape.shape
}
func.func @wrapped(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {
  %r = scf.execute_region -> !shape.shape {
    %w = shape.cstr_eq %a, %b : !shape.shape, !shape.shape
    %m = shape.meet %a, %b, error = \"ranks differ\" : !shape.shape, !shape.shape -> !shape.shape
    scf.yield %m : !shape.shape
  }
  return %r : !shape.shape
}
";
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        verify_semantics: Some(32),
        ..Default::default()
    };
    let out = process_buffer("general.mlir", text, &options);
    assert!(out.success, "{}", out.diagnostics);
    let printed = out.pieces.concat();
    assert!(!printed.contains("shape."), "{printed}");
    // The broadcast's check, and the stated equality (the meet's own
    // equality is implied by it, which stands first).
    assert_eq!(printed.matches("cf.assert").count(), 2, "{printed}");
    assert!(printed.contains("\"shapes must be equal\""), "{printed}");
}

/// A shape flowing into a host op, and one coming out of it, cross into std
/// form through `builtin.unrealized_conversion_cast` bridges; the host ops
/// keep their types and nothing else of the shape dialect is left.
#[test]
fn lower_to_bridges_host_ops() {
    let text = "func.func @reshape(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?xf32> {
  %sx = shape.shape_of %x : tensor<?x?xf32> -> !shape.shape
  %sy = shape.shape_of %y : tensor<?x?xf32> -> !shape.shape
  %b = shape.broadcast %sx, %sy : !shape.shape, !shape.shape -> !shape.shape
  %n = shape.num_elements %b : !shape.shape -> !shape.size
  %flat = shape.from_extents %n : !shape.size
  %r = \"onnx.Reshape\"(%x, %flat) : (tensor<?x?xf32>, !shape.shape) -> tensor<?xf32>
  %s = \"hip.shape_of\"(%r) : (tensor<?xf32>) -> !shape.shape
  %k = shape.rank %s : !shape.shape -> !shape.size
  \"hip.use\"(%k) : (!shape.size) -> ()
  return %r : tensor<?xf32>
}
";
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let out = process_buffer("host.mlir", text, &options);
    assert!(out.success, "{}", out.diagnostics);
    let printed = out.pieces.concat();
    let shape_lines: Vec<&str> = printed.lines().filter(|l| l.contains("shape.")).collect();
    assert_eq!(shape_lines.len(), 6, "{printed}");
    for line in shape_lines {
        assert!(
            line.contains("unrealized_conversion_cast")
                || line.contains("\"onnx.")
                || line.contains("\"hip."),
            "{line}"
        );
    }
    assert!(printed.contains("cf.assert"), "{printed}");
}
