//! Reading the input under `--max-input-size`: a file whose size is known
//! (a regular file) and larger than the limit is rejected by that size,
//! before any of it is read; anything else (stdin, a pipe, a file that grows
//! while read) is read up to one byte past the limit, so no input makes us
//! hold more than the limit plus one byte of it.
//!
//! A large regular file is read in parts on several threads, each part
//! straight into its place in the buffer: the copying and the first touch
//! of each page of the buffer are shared out. A file that changes size
//! while read is read again as a stream.

use std::io::Read;

/// Files at least this large are read in parts of this size.
const PART: usize = 4 << 20;

/// The default `--max-input-size`: 128 MiB. Measured on stage-2 corpora,
/// peak memory is about 8.5 bytes per input byte to parse and print and
/// about 37 to `--lower-to=std` (see docs/cli.md, "Limits"), so the largest
/// input accepted stays within about 5 GB.
pub const DEFAULT_MAX_INPUT_SIZE: u64 = 128 << 20;

/// A byte count as `--max-input-size` takes it: digits with an optional
/// binary suffix `K`, `M` or `G` (`256M` is 256 × 2^20 bytes); `0` means no
/// limit.
pub fn parse_byte_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.char_indices().last() {
        Some((i, 'K' | 'k')) => (&text[..i], 1u64 << 10),
        Some((i, 'M' | 'm')) => (&text[..i], 1 << 20),
        Some((i, 'G' | 'g')) => (&text[..i], 1 << 30),
        _ => (text, 1),
    };
    let invalid = || format!("'{text}' is not a byte count (like 1048576, 512K, 256M or 1G)");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .ok_or_else(invalid)
}

/// Why an input was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum InputError {
    /// More than the limit: the size when known (a regular file).
    TooLarge { size: Option<u64>, limit: u64 },
    /// The file could not be opened or read.
    Unreadable(String),
}

impl InputError {
    /// The diagnostic for the input named `name` (`<stdin>` or its path).
    pub fn render(&self, name: &str) -> String {
        match self {
            InputError::TooLarge {
                size: Some(size),
                limit,
            } => format!(
                "{name}: error: input is {size} bytes, more than --max-input-size={limit}\n"
            ),
            InputError::TooLarge { size: None, limit } => {
                format!("{name}: error: input is more than --max-input-size={limit} bytes\n")
            }
            InputError::Unreadable(e) => format!("{name}: error: could not read the input: {e}\n"),
        }
    }
}

/// Read all of `reader`, failing when it holds more than `limit` bytes
/// (0: no limit); `size` is its length when known, checked first.
fn read_limited(reader: impl Read, size: Option<u64>, limit: u64) -> Result<Vec<u8>, InputError> {
    let limit = if limit == 0 { u64::MAX } else { limit };
    if size.is_some_and(|s| s > limit) {
        return Err(InputError::TooLarge { size, limit });
    }
    let mut text = Vec::with_capacity(size.and_then(|s| usize::try_from(s).ok()).unwrap_or(0));
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut text)
        .map_err(|e| InputError::Unreadable(e.to_string()))?;
    if text.len() as u64 > limit {
        return Err(InputError::TooLarge { size: None, limit });
    }
    Ok(text)
}

/// The bytes of `path` (`-`: stdin), at most `limit` of them (0: no limit);
/// with `parallel`, a large file is read on the threads of the current
/// rayon pool.
pub fn read_input(path: &str, limit: u64, parallel: bool) -> Result<Vec<u8>, InputError> {
    if path == "-" {
        return read_limited(std::io::stdin().lock(), None, limit);
    }
    let unreadable = |e: std::io::Error| InputError::Unreadable(e.to_string());
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let metadata = file.metadata().map_err(unreadable)?;
    let size = metadata.is_file().then_some(metadata.len());
    let within_limit = size.is_some_and(|s| limit == 0 || s <= limit);
    if let (true, true, Some(size)) = (parallel, within_limit, size) {
        if let Some(text) = read_in_parts(&file, size).map_err(unreadable)? {
            return Ok(text);
        }
    }
    read_limited(file, size, limit)
}

/// All `size` bytes of `file`, read in parts on the current rayon pool, or
/// `None` when the file is small or did not hold exactly `size` bytes
/// (it changed while read). The file's position is not moved.
#[cfg(unix)]
fn read_in_parts(file: &std::fs::File, size: u64) -> std::io::Result<Option<Vec<u8>>> {
    use rayon::prelude::*;
    use std::os::unix::fs::FileExt;
    let Some(size) = usize::try_from(size).ok().filter(|&s| s >= 2 * PART) else {
        return Ok(None);
    };
    let mut text = vec![0u8; size];
    let read = text
        .par_chunks_mut(PART)
        .enumerate()
        .try_for_each(|(i, part)| file.read_exact_at(part, (i * PART) as u64));
    match read {
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
        result => result?,
    }
    let grew = file.read_at(&mut [0], size as u64)? != 0;
    Ok((!grew).then_some(text))
}

#[cfg(not(unix))]
fn read_in_parts(_: &std::fs::File, _: u64) -> std::io::Result<Option<Vec<u8>>> {
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_sizes_take_binary_suffixes() {
        assert_eq!(parse_byte_size("0"), Ok(0));
        assert_eq!(parse_byte_size("1000"), Ok(1000));
        assert_eq!(parse_byte_size("512K"), Ok(512 << 10));
        assert_eq!(parse_byte_size("256m"), Ok(256 << 20));
        assert_eq!(parse_byte_size("1G"), Ok(1 << 30));
        for bad in [
            "",
            "G",
            "1.5G",
            "-1",
            "1T",
            "99999999999999999999",
            "17179869184G",
        ] {
            assert!(parse_byte_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn inputs_past_the_limit_are_rejected() {
        let text = b"0123456789";
        assert_eq!(read_limited(&text[..], None, 10).unwrap(), text);
        assert_eq!(read_limited(&text[..], None, 0).unwrap(), text);
        assert_eq!(
            read_limited(&text[..], None, 9),
            Err(InputError::TooLarge {
                size: None,
                limit: 9
            })
        );
        // A known size is rejected before reading: this reader would fail.
        struct Unread;
        impl Read for Unread {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("read"))
            }
        }
        let error = read_limited(Unread, Some(11), 10).unwrap_err();
        assert_eq!(
            error.render("big.mlir"),
            "big.mlir: error: input is 11 bytes, more than --max-input-size=10\n"
        );
    }

    #[test]
    fn large_files_read_in_parts_read_as_a_stream_does() {
        let text: Vec<u8> = (0..2 * PART + 12345).map(|i| (i % 251) as u8).collect();
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), &text).unwrap();
        let path = file.path().to_str().unwrap();
        assert_eq!(read_input(path, 0, true).unwrap(), text);
        assert_eq!(read_input(path, 0, false).unwrap(), text);
        // A file larger than the size it was opened with is read as a stream.
        let opened = std::fs::File::open(file.path()).unwrap();
        let shorter = text.len() as u64 - 10;
        assert!(read_in_parts(&opened, shorter).unwrap().is_none());
        assert!(read_in_parts(&opened, text.len() as u64 + 10)
            .unwrap()
            .is_none());
        assert!(read_in_parts(&opened, 100).unwrap().is_none());
        assert_eq!(
            read_input(path, shorter, true),
            Err(InputError::TooLarge {
                size: Some(text.len() as u64),
                limit: shorter
            })
        );
    }
}
