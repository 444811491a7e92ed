//! The primitives of the format: prefix varints (signed ones zigzagged),
//! flags packed into varints, sections, and a reader that knows which
//! section it reads and where, so that every error names both.

/// How every bytecode file starts: `ML\xEFR`.
pub const MAGIC: &[u8] = b"ML\xefR";

/// The format version MLIR 22 writes and the only one read here (6:
/// properties in their own section, operand segment sizes as sparse
/// arrays).
pub const VERSION: u64 = 6;

/// Filled into the padding before an aligned section.
pub const ALIGNMENT_BYTE: u8 = 0xCB;

/// The sections of a file, by their id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Header,
    String,
    Dialect,
    AttrType,
    AttrTypeOffset,
    Ir,
    Resource,
    ResourceOffset,
    DialectVersions,
    Properties,
}

impl Section {
    pub const ALL: [Section; 9] = [
        Section::String,
        Section::Dialect,
        Section::AttrType,
        Section::AttrTypeOffset,
        Section::Ir,
        Section::Resource,
        Section::ResourceOffset,
        Section::DialectVersions,
        Section::Properties,
    ];

    /// The id a section header carries (its low seven bits).
    pub fn id(self) -> u8 {
        match self {
            Section::String => 0,
            Section::Dialect => 1,
            Section::AttrType => 2,
            Section::AttrTypeOffset => 3,
            Section::Ir => 4,
            Section::Resource => 5,
            Section::ResourceOffset => 6,
            Section::DialectVersions => 7,
            Section::Properties => 8,
            Section::Header => u8::MAX,
        }
    }

    pub fn from_id(id: u8) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.id() == id)
    }

    /// How errors name the section.
    pub fn name(self) -> &'static str {
        match self {
            Section::Header => "header",
            Section::String => "string section",
            Section::Dialect => "dialect section",
            Section::AttrType => "attribute and type section",
            Section::AttrTypeOffset => "attribute and type offset section",
            Section::Ir => "IR section",
            Section::Resource => "resource section",
            Section::ResourceOffset => "resource offset section",
            Section::DialectVersions => "dialect version section",
            Section::Properties => "properties section",
        }
    }
}

/// Which parts an operation's encoding has (its mask byte).
pub mod op_mask {
    pub const HAS_ATTRS: u8 = 0x01;
    pub const HAS_RESULTS: u8 = 0x02;
    pub const HAS_OPERANDS: u8 = 0x04;
    pub const HAS_SUCCESSORS: u8 = 0x08;
    pub const HAS_INLINE_REGIONS: u8 = 0x10;
    pub const HAS_USE_LIST_ORDERS: u8 = 0x20;
    pub const HAS_PROPERTIES: u8 = 0x40;
    pub const ALL: u8 = 0x7f;
}

/// A malformed input: what is wrong, in which section, at which byte of
/// the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub section: Section,
    pub offset: usize,
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "invalid MLIR bytecode: {} (in the {}, at byte {})",
            self.message,
            self.section.name(),
            self.offset
        )
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Reads one section's bytes (or the header's), tracking the offset in
/// the whole file for error messages.
#[derive(Clone)]
pub struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    /// Where `data` starts in the file.
    base: usize,
    section: Section,
}

impl<'a> Cursor<'a> {
    pub fn new(data: &'a [u8], base: usize, section: Section) -> Self {
        Cursor {
            data,
            pos: 0,
            base,
            section,
        }
    }

    /// An error at the current position.
    pub fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    /// An error at `pos`, a position in this cursor's data.
    pub fn error_at(&self, pos: usize, message: impl Into<String>) -> Error {
        Error {
            section: self.section,
            offset: self.base + pos,
            message: message.into(),
        }
    }

    pub fn position(&self) -> usize {
        self.pos
    }
    /// Where the cursor stands in the whole file.
    pub fn file_offset(&self) -> usize {
        self.base + self.pos
    }
    pub fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    pub fn byte(&mut self) -> Result<u8> {
        let Some(&b) = self.data.get(self.pos) else {
            return Err(self.error("unexpected end of data"));
        };
        self.pos += 1;
        Ok(b)
    }

    pub fn bytes(&mut self, n: u64) -> Result<&'a [u8]> {
        let end = usize::try_from(n)
            .ok()
            .and_then(|n| self.pos.checked_add(n))
            .filter(|&end| end <= self.data.len());
        let Some(end) = end else {
            return Err(self.error(format!(
                "{n} bytes expected, {} left",
                self.data.len() - self.pos
            )));
        };
        let out = &self.data[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    /// A prefix varint: the number of trailing zero bits of the first byte
    /// is the number of bytes that follow.
    pub fn varint(&mut self) -> Result<u64> {
        let first = self.byte()?;
        if first & 1 == 1 {
            return Ok(u64::from(first >> 1));
        }
        if first == 0 {
            let rest = self.bytes(8)?;
            let mut word = [0u8; 8];
            word.copy_from_slice(rest);
            return Ok(u64::from_le_bytes(word));
        }
        let extra = first.trailing_zeros() as usize;
        let rest = self.bytes(extra as u64)?;
        let mut word = [0u8; 8];
        word[0] = first;
        word[1..=extra].copy_from_slice(rest);
        Ok(u64::from_le_bytes(word) >> (extra + 1))
    }

    /// A zigzag-encoded signed varint.
    pub fn signed_varint(&mut self) -> Result<i64> {
        let v = self.varint()?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// A varint whose low bit is a flag: `(value, flag)`.
    pub fn varint_with_flag(&mut self) -> Result<(u64, bool)> {
        let v = self.varint()?;
        Ok((v >> 1, v & 1 == 1))
    }

    /// A varint used as a count or an index: it must fit in `usize`.
    pub fn index(&mut self) -> Result<usize> {
        let at = self.pos;
        let v = self.varint()?;
        usize::try_from(v).map_err(|_| self.error_at(at, format!("{v} is too large")))
    }

    /// A count of items that each take at least one byte: larger than
    /// what is left is malformed (and would allocate without bound).
    pub fn count(&mut self) -> Result<usize> {
        let at = self.pos;
        let n = self.index()?;
        if n > self.data.len() - self.pos {
            return Err(self.error_at(
                at,
                format!(
                    "a count of {n} exceeds the {} bytes left",
                    self.data.len() - self.pos
                ),
            ));
        }
        Ok(n)
    }

    /// A NUL-terminated string (NUL not included).
    pub fn cstr(&mut self) -> Result<&'a [u8]> {
        let rest = &self.data[self.pos..];
        let Some(len) = rest.iter().position(|&b| b == 0) else {
            return Err(self.error("unterminated string"));
        };
        self.pos += len + 1;
        Ok(&rest[..len])
    }

    /// A nested section header and its data: `(id, cursor over the data)`.
    /// Alignment padding is checked against the file offset.
    pub fn section_header(&mut self) -> Result<(u8, Cursor<'a>)> {
        let id_and_aligned = self.byte()?;
        let id = id_and_aligned & 0x7f;
        let length = self.varint()?;
        if id_and_aligned & 0x80 != 0 {
            let at = self.pos;
            let alignment = self.varint()?;
            if !alignment.is_power_of_two() {
                return Err(self.error_at(at, format!("alignment {alignment} is not a power of 2")));
            }
            while !(self.file_offset() as u64).is_multiple_of(alignment) {
                if self.byte()? != ALIGNMENT_BYTE {
                    return Err(self.error_at(self.pos - 1, "padding byte is not 0xCB"));
                }
            }
        }
        let section = Section::from_id(id).unwrap_or(self.section);
        let base = self.file_offset();
        let data = self.bytes(length)?;
        Ok((id, Cursor::new(data, base, section)))
    }
}

/// Builds an encoding.
#[derive(Default)]
pub struct Emitter {
    pub bytes: Vec<u8>,
}

impl Emitter {
    pub fn byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    pub fn varint(&mut self, v: u64) {
        // 7 value bits per byte; nine bytes (a zero marker) past 56 bits.
        let bits = 64 - v.leading_zeros();
        let len = bits.div_ceil(7).max(1);
        if len > 8 {
            self.bytes.push(0);
            self.bytes.extend_from_slice(&v.to_le_bytes());
            return;
        }
        let encoded = ((v << 1) | 1) << (len - 1);
        self.bytes
            .extend_from_slice(&encoded.to_le_bytes()[..len as usize]);
    }

    pub fn signed_varint(&mut self, v: i64) {
        self.varint(((v << 1) ^ (v >> 63)) as u64);
    }

    pub fn varint_with_flag(&mut self, v: u64, flag: bool) {
        self.varint((v << 1) | u64::from(flag));
    }

    pub fn index(&mut self, i: usize) {
        self.varint(i as u64);
    }

    /// `section`'s header, padding so that its data starts at a multiple
    /// of `alignment` in the file (this emitter holds the file from its
    /// start), and data.
    pub fn aligned_section(&mut self, section: Section, data: &[u8], alignment: u32) {
        if alignment <= 1 {
            return self.section(section, data);
        }
        self.byte(section.id() | 0x80);
        self.index(data.len());
        self.varint(u64::from(alignment));
        while !(self.bytes.len() as u64).is_multiple_of(u64::from(alignment)) {
            self.byte(ALIGNMENT_BYTE);
        }
        self.bytes.extend_from_slice(data);
    }

    /// `section`'s header and data, unaligned.
    pub fn section(&mut self, section: Section, data: &[u8]) {
        self.byte(section.id());
        self.index(data.len());
        self.bytes.extend_from_slice(data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_at_every_length() {
        let mut values = vec![
            0u64,
            1,
            127,
            128,
            16383,
            16384,
            u64::MAX,
            1 << 56,
            (1 << 56) - 1,
        ];
        values.extend((0..64).map(|b| 1u64 << b));
        for v in values {
            let mut e = Emitter::default();
            e.varint(v);
            let mut c = Cursor::new(&e.bytes, 0, Section::Header);
            assert_eq!(c.varint().unwrap(), v, "{v}");
            assert!(c.at_end(), "{v}: {:?}", e.bytes);
        }
        for v in [0i64, -1, 1, i64::MIN, i64::MAX, -2, 300] {
            let mut e = Emitter::default();
            e.signed_varint(v);
            assert_eq!(
                Cursor::new(&e.bytes, 0, Section::Header)
                    .signed_varint()
                    .unwrap(),
                v
            );
        }
    }

    #[test]
    fn varints_decode_as_mlir_writes_them() {
        // Bytes from mlir-opt 22: 2 (0x05), the i32 width and signedness
        // 128 (0x02 0x02), and i64::MIN zigzagged (nine bytes).
        let mut c = Cursor::new(&[0x05, 0x02, 0x02], 0, Section::Header);
        assert_eq!(c.varint().unwrap(), 2);
        assert_eq!(c.varint().unwrap(), 128);
        let min = [0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
        assert_eq!(
            Cursor::new(&min, 0, Section::Header)
                .signed_varint()
                .unwrap(),
            i64::MIN
        );
    }

    #[test]
    fn truncated_input_is_an_error_with_its_offset() {
        let mut c = Cursor::new(&[0x02], 10, Section::Ir);
        let e = c.varint().unwrap_err();
        assert_eq!((e.section, e.offset), (Section::Ir, 11));
    }
}
