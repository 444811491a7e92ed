//! Types of no registered dialect (`!torch.vtensor<[?,3],f32>`,
//! `!stablehlo.token`): their values are opaque handles ([`Value::Host`]),
//! and the shape a type's text shows, if any, is the handle's shape.
//!
//! A type shows a shape when the body of its `<...>` holds a bracketed list
//! of integers and `?` (dynamic): the first such list is the shape
//! (`!torch.vtensor<[?,3],f32>` is of rank 2, static second extent 3;
//! `!torch.vtensor<[],f32>` of rank 0). Any other foreign type
//! (`!torch.vtensor`, `!torch.vtensor<*,f32>`, `!foo.bar`) shows none. The
//! parse is total: text that is not such a list shows no shape, never an
//! error.
//!
//! [`Value::Host`]: crate::Value::Host

use ir::TypeKind;

/// Whether `kind` is a type of no registered dialect: its values are
/// handles.
pub fn is_foreign(kind: &TypeKind) -> bool {
    matches!(kind, TypeKind::Opaque(_))
}

/// The shape the foreign type `kind` shows (dynamic extents are
/// [`ir::types::DYNAMIC`]), if it is foreign and shows one (see the
/// module's doc).
pub fn foreign_shape(kind: &TypeKind) -> Option<Vec<i64>> {
    let TypeKind::Opaque(text) = kind else {
        return None;
    };
    let body = &text[text.find('<')? + 1..];
    body.match_indices('[').find_map(|(start, _)| {
        let rest = &body[start + 1..];
        shape_list(&rest[..rest.find(']')?])
    })
}

/// `?, 3` as extents, `?` dynamic; `None` unless every item is one.
fn shape_list(items: &str) -> Option<Vec<i64>> {
    if items.trim().is_empty() {
        return Some(Vec::new());
    }
    items
        .split(',')
        .map(|item| match item.trim() {
            "?" => Some(ir::types::DYNAMIC),
            n => n.parse::<i64>().ok().filter(|&n| n >= 0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> Option<Vec<i64>> {
        foreign_shape(&TypeKind::Opaque(text.to_string()))
    }

    #[test]
    fn the_first_bracketed_list_is_the_shape() {
        const D: i64 = ir::types::DYNAMIC;
        assert_eq!(shape("torch.vtensor<[?,3],f32>"), Some(vec![D, 3]));
        assert_eq!(shape("torch.vtensor<[ 2 , ? ],si64>"), Some(vec![2, D]));
        assert_eq!(shape("torch.vtensor<[],f32>"), Some(vec![]));
        // A list that is no shape is skipped for the next one.
        assert_eq!(shape("foo.t<[a], [4]>"), Some(vec![4]));
        for none in [
            "torch.vtensor",
            "torch.vtensor<*,f32>",
            "stablehlo.token",
            "foo.bar<f32>",
            "foo.bar<[-1]>",
            "foo.bar<[2",
            "foo.bar[2]",
        ] {
            assert_eq!(shape(none), None, "{none}");
        }
        assert!(is_foreign(&TypeKind::Opaque("foo.bar".into())));
        assert!(!is_foreign(&TypeKind::Index));
        assert_eq!(foreign_shape(&TypeKind::Index), None);
    }
}
