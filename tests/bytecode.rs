//! MLIR bytecode without LLVM: every case of the examples, the round-trip
//! corpus and the upstream tests we carry, written as bytecode by
//! `--emit-bytecode` and read again, prints what its text prints; and
//! bytecode files damaged in 500 ways are each read or refused with an
//! error naming the section and the byte. (The interop with `mlir-opt`'s
//! bytecode, both ways, is `tests/bytecode_mlir.rs`, a heavy suite.)

mod common;

use cli::{process_buffer, DriverOptions, Outcome};
use splitmix::SplitMix64;

fn options(emit_bytecode: bool) -> DriverOptions {
    DriverOptions {
        allow_unregistered_dialect: true,
        emit_bytecode,
        ..Default::default()
    }
}

fn written(text: &[u8]) -> Vec<u8> {
    let out = process_buffer("case.mlir", text, &options(true));
    assert!(out.success, "{}", out.diagnostics);
    out.bytecode.expect("--emit-bytecode gives bytecode")
}

#[test]
fn written_bytecode_reads_back_to_what_the_text_prints() {
    let cases = common::bytecode_cases();
    let results = common::on_every_core(&cases, |(name, text)| {
        let printed = process_buffer("case.mlir", text.as_slice(), &options(false));
        if !printed.success {
            return None;
        }
        let read = process_buffer("case.mlir.bc", written(text), &options(false));
        let same = read.success && read.output() == printed.output();
        Some((!same).then(|| {
            format!(
                "{name}:\n--- text prints\n{}--- bytecode reads as\n{}{}",
                printed.output(),
                read.output(),
                read.diagnostics
            )
        }))
    });
    let checked = results.iter().flatten().count();
    let failures: Vec<String> = results.into_iter().flatten().flatten().collect();
    eprintln!(
        "{checked} cases written and read back, {} differ",
        failures.len()
    );
    assert!(checked > 900, "only {checked} cases checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A bytecode input either reads (and then prints as it printed before it
/// was damaged, or at least prints) or gets one error naming where.
fn read_or_refused(data: &[u8]) -> Result<Outcome, String> {
    let out = process_buffer("damaged.mlirbc", data, &options(false));
    if out.success {
        return Ok(out);
    }
    let d = &out.diagnostics;
    let named = d.contains("error: invalid MLIR bytecode: ") && d.contains(", at byte ");
    // A file that reads into IR the verifier refuses is refused at the op.
    if named || (d.contains("error:") && !d.contains("internal error")) {
        return Err(d.clone());
    }
    panic!("refused without a proper diagnostic:\n{d}");
}

#[test]
fn damaged_bytecode_is_read_or_refused_with_its_place() {
    let sources: Vec<Vec<u8>> = common::mlir_files("examples")
        .into_iter()
        .map(|f| written(&std::fs::read(f).expect("a readable example")))
        .collect();
    let mut random = SplitMix64::new(0xb17e);
    let mut damaged = Vec::new();
    for i in 0..500 {
        let mut data = sources[i % sources.len()].clone();
        let at = (random.next_u64() as usize) % data.len();
        match i % 4 {
            // Cut short.
            0 => data.truncate(at),
            // One byte changed.
            1 => data[at] ^= (random.next_u64() as u8) | 1,
            // A run of bytes set to a varint's widest prefix.
            2 => {
                let end = (at + 9).min(data.len());
                data[at..end].fill(0);
            }
            // Bytes inserted.
            _ => {
                let extra: Vec<u8> = (0..4).map(|_| random.next_u64() as u8).collect();
                data.splice(at..at, extra);
            }
        }
        damaged.push(data);
    }
    let outcomes = common::on_every_core(&damaged, |data| read_or_refused(data).is_err());
    let refused = outcomes.iter().filter(|r| **r).count();
    eprintln!(
        "500 damaged files: {refused} refused, {} read",
        500 - refused
    );
    // Every cut file lacks what a file needs: those at least are refused.
    assert!(
        refused >= 125,
        "only {refused} of 500 damaged files refused"
    );
}
