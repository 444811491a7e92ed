//! Test-only package: the data-driven suites live in `tests/`.
