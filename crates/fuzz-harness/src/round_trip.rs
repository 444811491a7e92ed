//! Parse, verify and print, then read the printed text back: it must be
//! accepted and print the same, in the custom and in the generic form.

use cli::{process_buffer, DriverOptions};
use ir::printer::PrintOptions;

/// How the parse-and-print checks run an input: split at `// -----`,
/// unregistered dialects allowed, printed in the generic form or not.
pub fn parse_print_options(generic: bool) -> DriverOptions {
    DriverOptions {
        allow_unregistered_dialect: true,
        split_input_file: true,
        print: PrintOptions {
            generic,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// [`process_buffer`] of `data` (split at `// -----`, unregistered dialects
/// allowed) printed in each form; each printed text, processed again, must
/// print identically. A rejected input must carry an `error:` diagnostic.
pub fn round_trip(data: &[u8]) {
    for generic in [false, true] {
        let options = parse_print_options(generic);
        let first = process_buffer(crate::INPUT_NAME, data, &options);
        if !first.success {
            crate::assert_reported(&first.diagnostics, data);
            return;
        }
        let printed = first.output();
        let second = process_buffer(crate::INPUT_NAME, printed.as_bytes(), &options);
        assert!(
            second.success,
            "printed text (generic: {generic}) is rejected:\n{}\n--- printed:\n{printed}\n--- input:\n{}",
            second.diagnostics,
            String::from_utf8_lossy(data)
        );
        let reprinted = second.output();
        assert!(
            printed == reprinted,
            "printing is not stable (generic: {generic})\n--- printed:\n{printed}\n--- printed again:\n{reprinted}\n--- input:\n{}",
            String::from_utf8_lossy(data)
        );
    }
}
