//! Source locations attached to operations (`loc(...)`).

/// `"file":line:col to end_line:end_col` (`end_line` absent: same line).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileRange {
    pub file: std::sync::Arc<str>,
    pub line: u32,
    pub col: u32,
    pub end_line: Option<u32>,
    pub end_col: u32,
}

/// An MLIR location.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Location {
    #[default]
    Unknown,
    /// `"file":line:col`
    /// The file name is shared by every location of a buffer.
    FileLineCol {
        file: std::sync::Arc<str>,
        line: u32,
        col: u32,
    },
    /// `"file":line:col to end_line:end_col` or `"file":line:col to :end_col`
    FileRange(Box<FileRange>),
    /// `"name"` or `"name"(child)`
    Name(Box<(String, Option<Location>)>),
    /// `callsite(callee at caller)`
    CallSite(Box<(Location, Location)>),
    /// `fused[a, b]` or `fused<#meta>[a, b]`
    Fused(Box<(Option<String>, Vec<Location>)>),
}

impl Location {
    /// Locations that refer to other locations (printed through their aliases).
    pub fn is_compound(&self) -> bool {
        matches!(
            self,
            Location::Name(_) | Location::CallSite(_) | Location::Fused(_)
        ) && !matches!(self, Location::Name(n) if n.1.is_none())
    }

    /// The locations this one refers to, in print order.
    pub fn children(&self) -> Vec<&Location> {
        match self {
            Location::Name(n) => n.1.iter().collect(),
            Location::CallSite(c) => vec![&c.0, &c.1],
            Location::Fused(f) => f.1.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The first file position found in this location, if any.
    pub fn file_line_col(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::Unknown => None,
            Location::FileLineCol { file, line, col } => Some((file, *line, *col)),
            Location::FileRange(range) => Some((&range.file, range.line, range.col)),
            Location::Name(named) => named.1.as_ref().and_then(|c| c.file_line_col()),
            Location::CallSite(site) => site.1.file_line_col(),
            Location::Fused(fused) => fused.1.iter().find_map(|l| l.file_line_col()),
        }
    }
}
