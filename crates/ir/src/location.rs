//! Source locations attached to operations (`loc(...)`).

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
    /// `"name"` or `"name"(child)`
    Name {
        name: String,
        child: Option<Box<Location>>,
    },
    /// `callsite(callee at caller)`
    CallSite {
        callee: Box<Location>,
        caller: Box<Location>,
    },
    /// `fused[a, b]` or `fused<#meta>[a, b]`
    Fused {
        metadata: Option<String>,
        locs: Vec<Location>,
    },
}

impl Location {
    /// The first file position found in this location, if any.
    pub fn file_line_col(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::Unknown => None,
            Location::FileLineCol { file, line, col } => Some((file, *line, *col)),
            Location::Name { child, .. } => child.as_ref().and_then(|c| c.file_line_col()),
            Location::CallSite { caller, .. } => caller.file_line_col(),
            Location::Fused { locs, .. } => locs.iter().find_map(|l| l.file_line_col()),
        }
    }
}
