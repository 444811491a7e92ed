//! File-level resources: what the `{-# ... #-}` metadata after the
//! top-level ops carries, kept in the [`crate::Context`] and written back
//! after the top-level op exactly as `mlir-opt` 22 writes it.
//!
//! - The builtin dialect's blobs (`dialect_resources: { builtin: { key:
//!   "0x..." } }`), the data of the `dense_resource<key>` attributes
//!   ([`crate::Attr::DenseResource`]). A blob's hex text is its alignment
//!   (4 bytes, little endian) and then its data; a blob without data is
//!   written with alignment 0, as MLIR writes it. The printer writes the
//!   blobs of the attributes it printed, in the order it first printed
//!   them: a blob no attribute uses is dropped, and a key without a blob
//!   writes nothing.
//! - `external_resources`: every group and entry kept as given (a
//!   boolean, a string or a blob), written back in order, used or not, as
//!   `mlir-opt`'s fallback resource map does.
//!
//! Bodies taken out of a context ([`crate::Context::check_out`]) share its
//! resources; blobs a body adds come back with it.

use crate::print_attr::{is_bare_identifier, write_escaped_string};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write as _;

/// A resource blob: data and the alignment it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blob {
    pub alignment: u32,
    pub data: Vec<u8>,
}

/// Why a hex string is no blob ([`Blob::from_hex`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlobError {
    /// Not `0x` and pairs of hex digits.
    NotHex,
    /// Fewer than the 4 bytes of the alignment.
    NoAlignment,
    /// An alignment that is not a power of two.
    Alignment(u32),
}

impl Blob {
    /// The blob a string literal's raw text (between its quotes) spells:
    /// `0x`, the alignment's 4 bytes (a power of two, little endian), the
    /// data. MLIR also reads an alignment of 0 when data follows, then
    /// fails to allocate it; that is refused here as not a power of two.
    pub fn from_hex(text: &[u8]) -> Result<Blob, BlobError> {
        let digits = text.strip_prefix(b"0x").ok_or(BlobError::NotHex)?;
        if digits.len() % 2 != 0 {
            return Err(BlobError::NotHex);
        }
        let nibble = |c: u8| (c as char).to_digit(16).ok_or(BlobError::NotHex);
        let bytes = digits
            .chunks(2)
            .map(|pair| Ok((nibble(pair[0])? * 16 + nibble(pair[1])?) as u8))
            .collect::<Result<Vec<u8>, BlobError>>()?;
        let Some((alignment, data)) = bytes.split_first_chunk::<4>() else {
            return Err(BlobError::NoAlignment);
        };
        let alignment = u32::from_le_bytes(*alignment);
        if data.is_empty() {
            return Ok(Blob {
                alignment: 0,
                data: Vec::new(),
            });
        }
        if !alignment.is_power_of_two() {
            return Err(BlobError::Alignment(alignment));
        }
        Ok(Blob {
            alignment,
            data: data.to_vec(),
        })
    }

    /// `0x`, the alignment and the data, in upper-case hex.
    pub fn hex(&self) -> String {
        let mut out = String::with_capacity(2 + 2 * (4 + self.data.len()));
        out.push_str("0x");
        for b in self.alignment.to_le_bytes().iter().chain(&self.data) {
            let _ = write!(out, "{b:02X}");
        }
        out
    }
}

/// The value of an external resource entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceValue {
    Bool(bool),
    String(Vec<u8>),
    Blob(Blob),
}

/// The resources of one file (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resources {
    blobs: FxHashMap<String, Blob>,
    /// Groups in the order first met, each with its entries in order.
    external: Vec<(String, Vec<(String, ResourceValue)>)>,
}

impl Resources {
    /// The builtin blob named `key`, if the file gave one.
    pub fn blob(&self, key: &str) -> Option<&Blob> {
        self.blobs.get(key)
    }

    /// Give `key` the blob `blob` (a later definition replaces an earlier
    /// one, as in MLIR).
    pub fn set_blob(&mut self, key: &str, blob: Blob) {
        self.blobs.insert(key.to_string(), blob);
    }

    /// The external resource groups, in the order first met, each with
    /// its entries in order.
    pub fn external_groups(&self) -> &[(String, Vec<(String, ResourceValue)>)] {
        &self.external
    }

    /// Append the entry `key` to the external resource group `group`.
    pub fn add_external(&mut self, group: &str, key: &str, value: ResourceValue) {
        let entry = (key.to_string(), value);
        match self.external.iter_mut().find(|(g, _)| g == group) {
            Some((_, entries)) => entries.push(entry),
            None => self.external.push((group.to_string(), vec![entry])),
        }
    }

    /// Drop the external resource group `group` (the `mlir_reproducer`
    /// configuration, once read); whether there was one.
    pub fn remove_external_group(&mut self, group: &str) -> bool {
        let before = self.external.len();
        self.external.retain(|(g, _)| g != group);
        self.external.len() != before
    }

    /// Add the blobs of `other` that this one does not have.
    pub fn merge_blobs(&mut self, other: &Resources) {
        for (key, blob) in &other.blobs {
            self.blobs
                .entry(key.clone())
                .or_insert_with(|| blob.clone());
        }
    }

    /// The metadata written after a top-level op whose printed attributes
    /// used the blobs `used` (in order of first use): `\n{-#` ... `#-}\n`,
    /// or nothing when there is nothing to write.
    pub fn section(&self, used: &[String]) -> String {
        let blobs: Vec<(&str, &Blob)> = used
            .iter()
            .filter_map(|k| Some((k.as_str(), self.blobs.get(k)?)))
            .collect();
        let mut kinds = Vec::new();
        if !blobs.is_empty() {
            let entries: Vec<(&str, String)> =
                blobs.iter().map(|(k, b)| (*k, quoted_hex(b))).collect();
            kinds.push(("dialect_resources", vec![("builtin", entries)]));
        }
        let external: Vec<(&str, Vec<(&str, String)>)> = self
            .external
            .iter()
            .map(|(group, entries)| {
                let entries = entries.iter().map(|(k, v)| (k.as_str(), value_text(v)));
                (group.as_str(), entries.collect())
            })
            .collect();
        if !external.is_empty() {
            kinds.push(("external_resources", external));
        }
        if kinds.is_empty() {
            return String::new();
        }
        let mut out = String::from("\n{-#\n");
        for (i, (kind, groups)) in kinds.iter().enumerate() {
            if i > 0 {
                out.push_str(",\n");
            }
            let _ = writeln!(out, "  {kind}: {{");
            for (j, (group, entries)) in groups.iter().enumerate() {
                if j > 0 {
                    out.push_str(",\n");
                }
                let _ = writeln!(out, "    {group}: {{");
                for (k, (key, value)) in entries.iter().enumerate() {
                    if k > 0 {
                        out.push_str(",\n");
                    }
                    out.push_str("      ");
                    write_keyword_or_string(&mut out, key);
                    out.push_str(": ");
                    out.push_str(value);
                }
                out.push_str("\n    }");
            }
            out.push_str("\n  }");
        }
        out.push_str("\n#-}\n");
        out
    }
}

/// A blob as its quoted hex text.
fn quoted_hex(blob: &Blob) -> String {
    format!("\"{}\"", blob.hex())
}

fn value_text(value: &ResourceValue) -> String {
    match value {
        ResourceValue::Bool(b) => b.to_string(),
        ResourceValue::String(s) => {
            let mut out = String::new();
            write_escaped_string(&mut out, s);
            out
        }
        ResourceValue::Blob(b) => quoted_hex(b),
    }
}

/// A resource key: bare when it is an identifier, quoted otherwise.
pub fn write_keyword_or_string(out: &mut String, key: &str) {
    if is_bare_identifier(key) {
        out.push_str(key);
    } else {
        write_escaped_string(out, key.as_bytes());
    }
}

/// The blob keys a printer met, in order of first use.
#[derive(Debug, Default)]
pub struct UsedResources {
    order: Vec<String>,
    seen: FxHashSet<String>,
}

impl UsedResources {
    pub fn record(&mut self, key: &str) {
        if !self.seen.contains(key) {
            self.seen.insert(key.to_string());
            self.order.push(key.to_string());
        }
    }

    /// The keys recorded, in order of first use.
    pub fn keys(&self) -> &[String] {
        &self.order
    }

    /// Record every key of `other` after these.
    pub fn extend(&mut self, other: &UsedResources) {
        for key in &other.order {
            self.record(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blobs_read_and_write_their_hex_text() {
        let blob = Blob::from_hex(b"0x040000000000803f00000040").unwrap();
        assert_eq!(blob.alignment, 4);
        assert_eq!(blob.data.len(), 8);
        assert_eq!(blob.hex(), "0x040000000000803F00000040");
        // No data: written with alignment 0, as MLIR writes it.
        assert_eq!(Blob::from_hex(b"0x10000000").unwrap().hex(), "0x00000000");
        assert_eq!(Blob::from_hex(b"0x0400000"), Err(BlobError::NotHex));
        assert_eq!(Blob::from_hex(b"0x04zz0000"), Err(BlobError::NotHex));
        assert_eq!(Blob::from_hex(b"04000000"), Err(BlobError::NotHex));
        assert_eq!(Blob::from_hex(b"0x040000"), Err(BlobError::NoAlignment));
        assert_eq!(
            Blob::from_hex(b"0x0300000001"),
            Err(BlobError::Alignment(3))
        );
        assert_eq!(
            Blob::from_hex(b"0x0000000001"),
            Err(BlobError::Alignment(0))
        );
    }

    #[test]
    fn the_section_holds_the_used_blobs_then_the_external_resources() {
        let mut r = Resources::default();
        assert_eq!(r.section(&[]), "");
        r.set_blob("b", Blob::from_hex(b"0x0400000001000000").unwrap());
        r.set_blob("unused", Blob::from_hex(b"0x0400000002000000").unwrap());
        r.set_blob("a b", Blob::from_hex(b"0x0200000003").unwrap());
        let used = ["a b".to_string(), "b".to_string(), "none".to_string()];
        assert_eq!(
            r.section(&used),
            "\n{-#\n  dialect_resources: {\n    builtin: {\n      \"a b\": \"0x0200000003\",\n      b: \"0x0400000001000000\"\n    }\n  }\n#-}\n"
        );
        r.add_external("g", "t", ResourceValue::Bool(true));
        r.add_external("h", "s", ResourceValue::String(b"\"x\"".to_vec()));
        r.add_external("g", "k", ResourceValue::Bool(false));
        assert_eq!(
            r.section(&[]),
            "\n{-#\n  external_resources: {\n    g: {\n      t: true,\n      k: false\n    },\n    h: {\n      s: \"\\22x\\22\"\n    }\n  }\n#-}\n"
        );
        assert!(r.remove_external_group("g") && !r.remove_external_group("g"));
    }
}
