//! Memref layouts and memory spaces, as MLIR writes and compares them.
//!
//! A layout is kept as the text MLIR prints (an [`Attr::Opaque`]):
//! `strided<[4, 1], offset: ?>` or `affine_map<(d0)[s0] -> (d0 * s0)>`.
//! [`layout_attr`] and [`memory_space_attr`] bring what a parser read to
//! that form, so that two spellings of one type intern to one [`Type`]:
//! - a strided layout is read and written back (`strided<[5,1], offset:0>`
//!   is `strided<[5, 1]>`: MLIR leaves out a zero offset);
//! - an affine map gets MLIR's spacing and the names `d0, d1, ...` and
//!   `s0, s1, ...` and MLIR's simplification of the expressions
//!   ([`crate::affine`]: `(i)->(2*i+-1)` is `(d0) -> (d0 * 2 - 1)`); an
//!   identity map (`(d0, d1) -> (d0, d1)`, whatever its symbols) is no
//!   layout at all, as in MLIR;
//! - the integer memory space 0 is the default one: no memory space.
//!
//! [`MemRef::strides_and_offset`] gives the strided form of a memref type (MLIR's
//! `getStridesAndOffset`) where it is known: no layout (row-major) or a
//! strided one. For other affine maps it is `None`, and the verifiers that
//! need it accept the op rather than reject what MLIR may accept.

use crate::affine::AffineMap;
use crate::attrs::Attr;
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::Context;

/// A strided layout: element `(i0, i1, ...)` is at
/// `offset + i0 * strides[0] + i1 * strides[1] + ...`; [`DYNAMIC`] marks a
/// stride or offset known only at run time (`?`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strided {
    pub strides: Vec<i64>,
    pub offset: i64,
}

impl Strided {
    /// Read `strided<[1, ?], offset: 4>`.
    pub fn parse(text: &str) -> Result<Strided, String> {
        let body = text
            .strip_prefix("strided")
            .map(str::trim_start)
            .and_then(|t| t.strip_prefix('<'))
            .and_then(|t| t.strip_suffix('>'))
            .ok_or("expected 'strided<...>'")?;
        let body = body.trim_start();
        let body = body.strip_prefix('[').ok_or("expected '['")?;
        let (list, rest) = body.split_once(']').ok_or("expected ']'")?;
        let mut strides = Vec::new();
        if !list.trim().is_empty() {
            for item in list.split(',') {
                strides.push(stride_value(item)?);
            }
        }
        let rest = rest.trim();
        let offset = if rest.is_empty() {
            0
        } else {
            let rest = rest
                .strip_prefix(',')
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix("offset"))
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix(':'))
                .ok_or("expected 'offset: ...' after the strides")?;
            stride_value(rest)?
        };
        Ok(Strided { strides, offset })
    }

    /// The text MLIR prints: `strided<[4, 1]>`, `strided<[?], offset: ?>`.
    pub fn text(&self) -> String {
        let mut s = String::from("strided<[");
        for (i, &x) in self.strides.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            push_value(&mut s, x);
        }
        s.push(']');
        if self.offset != 0 {
            s.push_str(", offset: ");
            push_value(&mut s, self.offset);
        }
        s.push('>');
        s
    }

    /// The row-major layout of `shape` (MLIR's identity layout): the last
    /// stride is 1, each other the product of the sizes after it, unknown
    /// from the first dynamic size on.
    pub fn row_major(shape: &[i64]) -> Strided {
        let mut strides = vec![0; shape.len()];
        let mut running = 1i64;
        for (i, &size) in shape.iter().enumerate().rev() {
            strides[i] = running;
            running = if running == DYNAMIC || size == DYNAMIC {
                DYNAMIC
            } else {
                running.checked_mul(size).unwrap_or(DYNAMIC)
            };
        }
        Strided { strides, offset: 0 }
    }

    /// The affine map of this layout (MLIR's `makeStridedLinearLayoutMap`):
    /// the offset plus each dimension times its stride, a symbol standing
    /// for the offset if dynamic, then for each dynamic stride in order.
    pub fn affine_map(&self) -> Option<AffineMap> {
        let mut symbols = 0;
        let mut value = |x: i64| match x {
            DYNAMIC => {
                symbols += 1;
                format!("s{}", symbols - 1)
            }
            x => x.to_string(),
        };
        let mut sum = value(self.offset);
        for (i, &stride) in self.strides.iter().enumerate() {
            sum.push_str(&format!(" + d{i} * {}", value(stride)));
        }
        let list = |n: usize, p: char| (0..n).map(|i| format!("{p}{i}")).collect::<Vec<_>>();
        let dims = list(self.strides.len(), 'd').join(", ");
        let syms = list(symbols, 's').join(", ");
        AffineMap::parse(&format!("({dims})[{syms}] -> ({sum})"))
    }

    /// The number of values the layout leaves to run time: the symbols of
    /// its affine map, which `memref.alloc` binds.
    pub fn num_dynamic(&self) -> usize {
        self.strides
            .iter()
            .chain(std::iter::once(&self.offset))
            .filter(|&&x| x == DYNAMIC)
            .count()
    }
}

fn stride_value(text: &str) -> Result<i64, String> {
    match text.trim() {
        "?" => Ok(DYNAMIC),
        t => t
            .parse::<i64>()
            .ok()
            .filter(|&v| v != DYNAMIC)
            .ok_or_else(|| "expected a 64-bit signed integer or '?'".to_string()),
    }
}

fn push_value(s: &mut String, x: i64) {
    if x == DYNAMIC {
        s.push('?');
    } else {
        s.push_str(&x.to_string());
    }
}

/// An attribute read by the text parser brought to MLIR's spelling:
/// affine maps and strided layouts normalised (see the module doc), any
/// other attribute unchanged.
pub fn normalize_attr(attr: Attr) -> Result<Attr, String> {
    match &attr {
        Attr::Opaque(t) if t.starts_with("strided") => Ok(Attr::Opaque(Strided::parse(t)?.text())),
        Attr::Opaque(t) if t.starts_with("affine_map") => {
            Ok(AffineMap::parse(t).map_or(attr, |m| Attr::Opaque(m.text())))
        }
        _ => Ok(attr),
    }
}

/// The layout of a memref of rank `rank` as MLIR keeps it: `None` for an
/// identity affine map; an error (MLIR's words) when it does not fit the
/// rank.
pub fn layout_attr(layout: Attr, rank: usize) -> Result<Option<Attr>, String> {
    let layout = normalize_attr(layout)?;
    let Attr::Opaque(text) = &layout else {
        return Ok(Some(layout));
    };
    if text.starts_with("strided") {
        let s = Strided::parse(text)?;
        if s.strides.len() != rank {
            return Err("expected the number of strides to match the rank".into());
        }
    } else if let Some(map) = AffineMap::parse(text) {
        if map.num_dims != rank {
            return Err(format!(
                "memref layout mismatch between rank and affine map: {rank} != {}",
                map.num_dims
            ));
        }
        if map.is_identity() {
            return Ok(None);
        }
    }
    Ok(Some(layout))
}

/// A memref memory space as MLIR keeps it: the integer 0 (of any integer
/// type) is the default space, which is no attribute.
pub fn memory_space_attr(space: Attr) -> Option<Attr> {
    match space {
        Attr::Int { value: 0, .. } => None,
        other => Some(other),
    }
}

/// A memref layout, as far as it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// No layout: row-major.
    Identity,
    Strided(Strided),
    /// An affine map (other than the identity): its symbol and result
    /// counts.
    AffineMap {
        num_symbols: usize,
        num_results: usize,
    },
    /// An attribute of another dialect.
    Other,
}

impl Layout {
    pub fn of(layout: Option<&Attr>) -> Layout {
        match layout {
            None => Layout::Identity,
            Some(Attr::Opaque(t)) if t.starts_with("strided") => {
                Strided::parse(t).map_or(Layout::Other, Layout::Strided)
            }
            Some(Attr::Opaque(t)) if t.starts_with("affine_map") => {
                AffineMap::parse(t).map_or(Layout::Other, |m| Layout::AffineMap {
                    num_symbols: m.num_symbols,
                    num_results: m.results.len(),
                })
            }
            Some(_) => Layout::Other,
        }
    }

    /// Whether MLIR may find the layout strided (`isStrided`): no layout, a
    /// strided one, or an affine map of one result (which this reader does
    /// not take apart); a map of several results never is.
    pub fn may_be_strided(&self) -> bool {
        match self {
            Layout::Identity | Layout::Strided(_) => true,
            Layout::AffineMap { num_results, .. } => *num_results == 1,
            Layout::Other => false,
        }
    }

    /// The symbols a value of this layout binds (`memref.alloc(...)[%s]`).
    pub fn num_symbols(&self) -> usize {
        match self {
            Layout::Identity | Layout::Other => 0,
            Layout::Strided(s) => s.num_dynamic(),
            Layout::AffineMap { num_symbols, .. } => *num_symbols,
        }
    }
}

/// The parts of a ranked memref type.
#[derive(Clone, Copy, Debug)]
pub struct MemRef<'a> {
    pub shape: &'a [i64],
    pub elem: Type,
    pub layout: Option<&'a Attr>,
    pub memory_space: Option<&'a Attr>,
}

impl<'a> MemRef<'a> {
    /// `ty` as a ranked memref, if it is one.
    pub fn of(ctx: &'a Context, ty: Type) -> Option<MemRef<'a>> {
        match ctx.type_kind(ty) {
            TypeKind::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => Some(MemRef {
                shape,
                elem: *elem,
                layout: layout.as_ref(),
                memory_space: memory_space.as_ref(),
            }),
            _ => None,
        }
    }

    /// MLIR's `getStridesAndOffset`, where this reader knows it.
    pub fn strides_and_offset(&self) -> Option<Strided> {
        match Layout::of(self.layout) {
            Layout::Identity => Some(Strided::row_major(self.shape)),
            Layout::Strided(s) => Some(s),
            Layout::AffineMap { .. } | Layout::Other => None,
        }
    }
}

/// The memory space of a ranked or unranked memref type.
pub fn memory_space(ctx: &Context, ty: Type) -> Option<&Attr> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
            memory_space.as_ref()
        }
        _ => None,
    }
}

/// The text of the memref type `shape x elem` with `layout` and
/// `memory_space`, for messages about types that need not exist.
pub fn memref_str(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    layout: Option<&Strided>,
    memory_space: Option<&Attr>,
) -> String {
    let layout = layout.map(Strided::text);
    memref_str_with(ctx, shape, elem, layout.as_deref(), memory_space)
}

/// [`memref_str`] with any layout, given as its text.
pub fn memref_str_with(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    layout: Option<&str>,
    memory_space: Option<&Attr>,
) -> String {
    let ap = crate::print_attr::AttrPrinter::new(ctx);
    let mut s = String::from("memref<");
    crate::print_attr::write_dims(&mut s, shape);
    ap.write_type(&mut s, elem);
    if let Some(l) = layout {
        s.push_str(", ");
        s.push_str(l);
    }
    if let Some(m) = memory_space {
        s.push_str(", ");
        ap.write_attr_eliding_default_type(&mut s, m);
    }
    s.push('>');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strided_layouts_print_as_mlir_does() {
        let s = Strided::parse("strided<[5,1], offset:0>").unwrap();
        assert_eq!(s.text(), "strided<[5, 1]>");
        let s = Strided::parse("strided<[?, -1], offset: ?>").unwrap();
        assert_eq!(s.strides, vec![DYNAMIC, -1]);
        assert_eq!(s.text(), "strided<[?, -1], offset: ?>");
        assert_eq!(s.num_dynamic(), 2);
        assert_eq!(Strided::parse("strided<[]>").unwrap().text(), "strided<[]>");
        assert!(Strided::parse("strided<[x]>").is_err());
        assert!(Strided::parse("strided<[1] offset: 2>").is_err());
    }

    #[test]
    fn row_major_strides_turn_dynamic_after_a_dynamic_size() {
        assert_eq!(Strided::row_major(&[2, 3, 4]).strides, vec![12, 4, 1]);
        assert_eq!(
            Strided::row_major(&[2, DYNAMIC, 4]).strides,
            vec![DYNAMIC, 4, 1]
        );
        assert_eq!(Strided::row_major(&[]).strides, Vec::<i64>::new());
    }

    #[test]
    fn memref_layouts_drop_identities_and_check_the_rank() {
        let map = |t: &str| Attr::Opaque(t.to_string());
        assert_eq!(
            layout_attr(map("affine_map<(d0, d1) -> (d0, d1)>"), 2),
            Ok(None)
        );
        assert_eq!(
            layout_attr(map("strided<[4,1], offset: 0>"), 2),
            Ok(Some(map("strided<[4, 1]>")))
        );
        assert!(layout_attr(map("strided<[1]>"), 2).is_err());
        assert!(layout_attr(map("affine_map<(d0) -> (d0)>"), 2).is_err());
        assert_eq!(
            Layout::of(Some(&map("affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>"))).num_symbols(),
            2
        );
    }
}
