//! The parser alone: any bytes either parse or give at least one error
//! diagnostic, and never panic.

use diag::Severity;
use ir::Context;
use syntax::ParseOptions;

/// Parse `data` (unregistered dialects allowed) on a large stack, as the
/// driver does.
pub fn parse(data: &[u8]) {
    let options = ParseOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let rejected_silently = cli::on_large_stack(|| {
        let mut ctx = Context::new();
        let (root, diagnostics) =
            syntax::parse_source(&mut ctx, 0, crate::INPUT_NAME, data, &options);
        root.is_none() && !diagnostics.iter().any(|d| d.severity == Severity::Error)
    })
    .expect("the parser thread finished");
    assert!(
        !rejected_silently,
        "rejected without an error diagnostic:\n{}",
        String::from_utf8_lossy(data)
    );
}
