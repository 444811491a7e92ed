//! Check lines, never needing LLVM: [`filecheck`] matches with our
//! `checklines` crate, and also runs the real `FileCheck` when it is
//! installed (required with `SHAPE_OPT_REQUIRE_MLIR=1`), asserting that
//! both agree.

use crate::tools::{reference_filecheck, run};
use std::path::Path;

/// Check `input` against the check lines of `check_file`, with FileCheck's
/// flags `args` (without the check file): Err holds the messages. Matched
/// by `checklines`; when the real FileCheck is available it checks too,
/// and a different verdict panics with both outputs.
pub fn filecheck(check_file: &Path, input: &[u8], args: &[&str]) -> Result<(), String> {
    let (ours, theirs) = filecheck_both(check_file, input, args);
    if let Some(theirs) = theirs {
        assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "checklines and FileCheck disagree on {} {args:?}\n\
             --- checklines: {ours:?}\n--- FileCheck: {theirs:?}\n--- input:\n{}",
            check_file.display(),
            String::from_utf8_lossy(input)
        );
    }
    ours
}

/// The verdicts of `checklines` and, when it is available, of the real
/// FileCheck on the same check file, input and flags.
pub fn filecheck_both(
    check_file: &Path,
    input: &[u8],
    args: &[&str],
) -> (Result<(), String>, Option<Result<(), String>>) {
    let ours = std::fs::read_to_string(check_file)
        .map_err(|e| format!("{}: {e}", check_file.display()))
        .and_then(|text| {
            let mut options = checklines::Options::from_args(args)?;
            options.check_file_name = check_file.display().to_string();
            checklines::check(&text, &String::from_utf8_lossy(input), &options)
                .map_err(|f| f.to_string())
        });
    let theirs = reference_filecheck().map(|tool| {
        let path = check_file.to_string_lossy();
        run(tool, &[&[path.as_ref()], args].concat(), input).map(drop)
    });
    (ours, theirs)
}
