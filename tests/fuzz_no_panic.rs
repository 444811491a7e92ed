//! Robustness: ≥ 10,000 mutated inputs (truncations, byte flips, splices of
//! corpus files, random bytes, pathological nesting and literals) go through
//! parse + verify + print; none may panic, and every rejection must come with
//! an `error:` diagnostic.

mod common;

use cli::process_buffer;

/// Deterministic xorshift generator (the test must be reproducible).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn seeds() -> Vec<Vec<u8>> {
    let mut files = common::mlir_files("tests/roundtrip");
    files.extend(common::mlir_files("tests/upstream"));
    files.iter().filter_map(|f| std::fs::read(f).ok()).collect()
}

/// One mutation of `base` (with `other` for splices).
fn mutate(rng: &mut Rng, base: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    match rng.below(7) {
        0 => v.truncate(rng.below(v.len() + 1)),
        1 => {
            for _ in 0..1 + rng.below(8) {
                if !v.is_empty() {
                    let i = rng.below(v.len());
                    v[i] = rng.next() as u8;
                }
            }
        }
        2 => {
            let cut = rng.below(v.len() + 1);
            let from = rng.below(other.len() + 1);
            v.truncate(cut);
            v.extend_from_slice(&other[from..]);
        }
        3 => {
            if !v.is_empty() {
                let a = rng.below(v.len());
                let b = (a + rng.below(64)).min(v.len());
                v.drain(a..b);
            }
        }
        4 => {
            const TOKENS: &[&str] = &[
                "{",
                "}",
                "(",
                ")",
                "<",
                ">",
                "%0",
                "^bb0:",
                "\"",
                "tensor<",
                "dense<",
                "99999999999999999999999999999999999999999",
                "-",
                ":",
                "->",
                "#map",
                "!shape.",
                "loc(",
                "\u{0}",
                "\u{ff}",
                "0x",
                "1.5e",
                "@",
                "//",
                "// -----\n",
            ];
            let at = rng.below(v.len() + 1);
            let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
            v.splice(at..at, t.iter().copied());
        }
        5 => {
            let n = rng.below(256);
            v = (0..n).map(|_| rng.next() as u8).collect();
        }
        _ => {
            // Duplicate a slice (creates redefinitions, unbalanced nesting).
            if !v.is_empty() {
                let a = rng.below(v.len());
                let b = (a + rng.below(200)).min(v.len());
                let piece = v[a..b].to_vec();
                let at = rng.below(v.len() + 1);
                v.splice(at..at, piece);
            }
        }
    }
    v
}

fn check(input: &[u8], generic: bool) {
    let options = fuzz_harness::parse_print_options(generic);
    let out = std::panic::catch_unwind(|| process_buffer("fuzz.mlir", input, &options));
    let out = out.unwrap_or_else(|_| panic!("panic on input:\n{}", String::from_utf8_lossy(input)));
    if !out.success {
        assert!(
            out.diagnostics.contains("error:"),
            "rejected without a diagnostic:\n{}",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn ten_thousand_mutated_inputs_do_not_panic() {
    let seeds = seeds();
    assert!(!seeds.is_empty(), "corpus seeds");
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut count = 0;
    while count < 10_000 {
        let base = &seeds[rng.below(seeds.len())];
        let other = &seeds[rng.below(seeds.len())];
        let input = mutate(&mut rng, base, other);
        check(&input, count % 5 == 0);
        count += 1;
    }
}

#[test]
fn pathological_inputs_get_diagnostics() {
    let deep_regions = format!(
        "{}{}",
        "\"t.op\"() ({\n".repeat(10_000),
        "}) : () -> ()\n".repeat(10_000)
    );
    let deep_types = format!(
        "func.func private @f({}i32{})",
        "tuple<".repeat(10_000),
        ">".repeat(10_000)
    );
    let deep_attrs = format!(
        "\"t.op\"() {{a = {}1{}}} : () -> ()",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let big_int =
        "\"t.op\"() {a = 1234567890123456789012345678901234567890 : i64} : () -> ()".to_string();
    let unterminated = "\"t.op\"() {a = \"abc} : () -> ()".to_string();
    let invalid_utf8 = b"func.func @f\xff\xfe() {\n  return\n}".to_vec();
    for input in [
        deep_regions.into_bytes(),
        deep_types.into_bytes(),
        deep_attrs.into_bytes(),
        big_int.into_bytes(),
        unterminated.into_bytes(),
        invalid_utf8,
        Vec::new(),
    ] {
        check(&input, false);
    }
}
