//! `--split-input-file`: a buffer cut at its `// -----` lines into parts
//! processed on their own, each keeping the line numbers of the whole
//! buffer.

/// The marker `--split-input-file` splits on.
pub const SPLIT_MARKER: &str = "// -----";

/// Split `text` at lines that contain `// -----`. Each chunk is returned with
/// the newlines of the text before it prepended, so line numbers stay those
/// of the whole file.
pub fn split_chunks(text: &[u8]) -> Vec<Vec<u8>> {
    SplitChunks::new(text).collect()
}

/// The chunks of [`split_chunks`], each made only when asked for: a chunk's
/// prepended newlines are as many as the lines before it, so holding every
/// chunk of a long file with many markers at once would take memory
/// quadratic in its length; one at a time takes at most twice the text.
pub struct SplitChunks<'a> {
    /// The text not yet split.
    rest: Option<&'a [u8]>,
    /// Lines before `rest`.
    lines_before: usize,
}

impl<'a> SplitChunks<'a> {
    pub fn new(text: &'a [u8]) -> Self {
        SplitChunks {
            rest: Some(text),
            lines_before: 0,
        }
    }
}

impl Iterator for SplitChunks<'_> {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        let rest = self.rest?;
        let mut lines = 0;
        let mut end = rest.len();
        let mut after = None;
        let mut start = 0;
        for line in rest.split_inclusive(|&b| b == b'\n') {
            if memchr::memmem::find(line, SPLIT_MARKER.as_bytes()).is_some() {
                end = start;
                after = Some(start + line.len());
                break;
            }
            start += line.len();
            lines += 1;
        }
        let mut chunk = Vec::with_capacity(self.lines_before + end);
        chunk.resize(self.lines_before, b'\n');
        chunk.extend_from_slice(&rest[..end]);
        self.rest = after.map(|a| &rest[a..]);
        // The chunk's lines and the marker's line.
        self.lines_before += lines + 1;
        Some(chunk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_line_numbers() {
        let chunks = split_chunks(b"a\n// -----\nb\nc\n// -----\nd");
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[0], b"a\n");
        assert_eq!(chunks[1], b"\n\nb\nc\n");
        assert_eq!(chunks[2], b"\n\n\n\n\nd");
    }
}
