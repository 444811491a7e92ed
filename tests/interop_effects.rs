//! A check never moves across a side effect, down to the code that runs:
//! a function that logs through an external `@log` (defined here, in the
//! driver module, with the C runner utils' `printI64`) before a broadcast
//! check that fails is lowered by `shape-opt --lower-to=std`, compiled by
//! `mlir-opt` and run by `mlir-runner` (under `stdbuf -oL`, see
//! `common::runner`): it must print what it logged, then abort with the
//! check's message (exit 134, from `cf.assert`). With `@log` declared pure
//! (`--pure-ops=@log`), the checks may merge into one before the first
//! call, and the same input aborts without logging. Skipped (saying why)
//! without the MLIR tools; fails instead under `SHAPE_OPT_REQUIRE_MLIR=1`.

mod common;

use cli::{process_buffer, DriverOptions};
use common::runner::{Arg, Tools};
use ir::dialect::shape::failure;
use pass::stage::Stage;
use std::os::unix::process::ExitStatusExt;

/// Logs 42, then fails unless `%c` broadcasts with `%a` and `%b`, then
/// logs 7.
const SOURCE: &str = include_str!("interp/logs-then-fails.mlir");

/// The driver's `@log`: prints its argument on a line of its own.
const LOG: &str = "func.func @log(%x: i64) {
    func.call @printI64(%x) : (i64) -> ()
    func.call @printNewline() : () -> ()
    return
  }";

/// `@f` lowered to std form (`@log` declared pure or not), run on the
/// extent tensors `args`: the lines printed, and whether the process ended
/// with an abort (exit 134).
fn run(tools: &Tools, declared: &str, args: [&[i64]; 3]) -> (Vec<String>, bool) {
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        pure_ops: declared.parse().unwrap(),
        ..Default::default()
    };
    let out = process_buffer("log.mlir", SOURCE, &options);
    assert!(out.success, "{}", out.diagnostics);
    let std = out.output();
    assert!(std.contains("func.func private @log(i64)"), "{std}");
    let module = std.replace("func.func private @log(i64)", LOG);
    let lowered = tools.load_std(module, "f").unwrap();
    let args: Vec<Arg> = args.iter().map(|a| Arg::Extents(a.to_vec())).collect();
    let wrapper = lowered.wrapper(&args).unwrap();
    let ran = tools.run_main(&wrapper).unwrap();
    let aborted = ran.status.code() == Some(134) || ran.status.signal() == Some(6);
    assert!(
        aborted || ran.status.success(),
        "mlir-runner ended with {}:\n{}",
        ran.status,
        String::from_utf8_lossy(&ran.stderr)
    );
    let printed = String::from_utf8_lossy(&ran.stdout);
    (printed.lines().map(str::to_string).collect(), aborted)
}

#[test]
fn what_was_logged_before_a_failing_check_is_printed_before_it_fails() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let fails = failure::BROADCAST.to_string();
    // The second check fails: 42 was logged first.
    assert_eq!(
        run(&tools, "", [&[2], &[2], &[3]]),
        (vec!["42".to_string(), fails.clone()], true)
    );
    // The first check fails: nothing logged.
    assert_eq!(
        run(&tools, "", [&[2], &[3], &[3]]),
        (vec![fails.clone()], true)
    );
    // Both hold: both logged.
    assert_eq!(
        run(&tools, "", [&[2], &[1], &[2]]),
        (vec!["42".to_string(), "7".to_string()], false)
    );
    // Declared pure, `@log` may be crossed: one check of the three shapes
    // runs before anything is logged.
    assert_eq!(run(&tools, "@log", [&[2], &[2], &[3]]), (vec![fails], true));
}
