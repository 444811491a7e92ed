//! Reading the attributes of StableHLO, CHLO and MHLO ops in generic form:
//! integer lists (`array<i64: ...>`, `dense<...> : tensor<...>`), integers,
//! and the two structured attributes shape rules need, which an
//! unregistered dialect's attribute keeps as its text: dot dimension
//! numbers (`#stablehlo.dot<lhs_batching_dimensions = [0], ...>`) and
//! convolution dimension numbers, in the short form
//! (`#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`) and the raw
//! one (`#stablehlo.conv<raw input_batch_dimension = 0, ...>`).
//!
//! Every reader returns `None` on anything it does not recognise; a rule
//! that needs the attribute then declines the op.

use ir::{Attr, Context, OpId, TypeKind};

/// The integers of attribute `name` of `op`: a dense array, a `dense`
/// elements attribute (a splat repeated over its type's element count), or
/// an array of integers.
pub fn ints(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    attr_ints(ctx, ctx.attr(op, name)?)
}

fn attr_ints(ctx: &Context, attr: &Attr) -> Option<Vec<i64>> {
    let count = match attr {
        Attr::Dense { ty, .. } => match ctx.type_kind(*ty) {
            TypeKind::RankedTensor { shape, .. } => shape
                .iter()
                .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?,
            _ => return None,
        },
        _ => 0,
    };
    let wide = match attr {
        Attr::Array(items) => items.iter().map(Attr::as_int).collect::<Option<Vec<_>>>()?,
        _ => attr.int_elements(count)?,
    };
    wide.into_iter().map(|v| i64::try_from(v).ok()).collect()
}

/// The integer attribute `name` of `op`.
pub fn int(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    i64::try_from(ctx.attr(op, name)?.as_int()?).ok()
}

/// The string attribute `name` of `op`.
pub fn string<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    ctx.attr(op, name)?.as_str()
}

/// The symbol or string naming a custom call's target.
pub fn call_target(ctx: &Context, op: OpId) -> Option<&str> {
    match ctx.attr(op, "call_target_name")? {
        Attr::String(_) => string(ctx, op, "call_target_name"),
        Attr::SymbolRef { root, nested } if nested.is_empty() => Some(root),
        _ => None,
    }
}

/// The `comparison_direction` of a `compare` (`EQ`, `NE`, `LT`, `LE`,
/// `GT`, `GE`), from `#stablehlo<comparison_direction GE>`.
pub fn comparison_direction(ctx: &Context, op: OpId) -> Option<&'static str> {
    let text = body(ctx, op, "comparison_direction")?;
    let word = text.split_whitespace().last()?;
    ["EQ", "NE", "LT", "LE", "GT", "GE"]
        .into_iter()
        .find(|d| *d == word)
}

/// The text between the outermost `<` and `>` of a dialect attribute.
fn body(ctx: &Context, op: OpId, name: &str) -> Option<String> {
    let Attr::Opaque(text) = ctx.attr(op, name)? else {
        return None;
    };
    let open = text.find('<')?;
    let close = text.rfind('>')?;
    (open < close).then(|| text[open + 1..close].to_string())
}

/// The list `key = [a, b]` of a dialect attribute's body (`[]` when the key
/// is absent, as the printer omits empty lists).
fn keyed_list(body: &str, key: &str) -> Option<Vec<i64>> {
    let mut rest = body;
    while let Some(at) = rest.find(key) {
        let before_ok = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = rest[at + key.len()..].trim_start();
        if before_ok {
            if let Some(after) = after.strip_prefix('=') {
                let after = after.trim_start();
                if let Some(list) = after.strip_prefix('[') {
                    let end = list.find(']')?;
                    return numbers(&list[..end]);
                }
                let end = after
                    .find(|c: char| !(c.is_ascii_digit() || c == '-'))
                    .unwrap_or(after.len());
                return Some(vec![after[..end].parse().ok()?]);
            }
        }
        rest = &rest[at + key.len()..];
    }
    Some(Vec::new())
}

fn numbers(text: &str) -> Option<Vec<i64>> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect()
}

/// Dot dimension numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotDims {
    pub lhs_batch: Vec<usize>,
    pub rhs_batch: Vec<usize>,
    pub lhs_contracting: Vec<usize>,
    pub rhs_contracting: Vec<usize>,
}

/// The `dot_dimension_numbers` of a `dot_general`.
pub fn dot_dims(ctx: &Context, op: OpId) -> Option<DotDims> {
    let body = body(ctx, op, "dot_dimension_numbers")?;
    let list = |key: &str| -> Option<Vec<usize>> {
        keyed_list(&body, key)?
            .into_iter()
            .map(|v| usize::try_from(v).ok())
            .collect()
    };
    Some(DotDims {
        lhs_batch: list("lhs_batching_dimensions")?,
        rhs_batch: list("rhs_batching_dimensions")?,
        lhs_contracting: list("lhs_contracting_dimensions")?,
        rhs_contracting: list("rhs_contracting_dimensions")?,
    })
}

/// Convolution dimension numbers: where batch, feature and spatial
/// dimensions are in the input, the kernel and the output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConvDims {
    pub input_batch: usize,
    pub input_feature: usize,
    pub input_spatial: Vec<usize>,
    pub kernel_input_feature: usize,
    pub kernel_output_feature: usize,
    pub kernel_spatial: Vec<usize>,
    pub output_batch: usize,
    pub output_feature: usize,
    pub output_spatial: Vec<usize>,
}

/// The `dimension_numbers` of a `convolution`.
pub fn conv_dims(ctx: &Context, op: OpId) -> Option<ConvDims> {
    let body = body(ctx, op, "dimension_numbers")?;
    let body = body.trim();
    match body.strip_prefix("raw") {
        Some(raw) => raw_conv_dims(raw),
        None => short_conv_dims(body),
    }
}

fn raw_conv_dims(raw: &str) -> Option<ConvDims> {
    let list = |key: &str| -> Option<Vec<usize>> {
        keyed_list(raw, key)?
            .into_iter()
            .map(|v| usize::try_from(v).ok())
            .collect()
    };
    let one = |key: &str| -> Option<usize> {
        match list(key)?.as_slice() {
            [v] => Some(*v),
            _ => None,
        }
    };
    Some(ConvDims {
        input_batch: one("input_batch_dimension")?,
        input_feature: one("input_feature_dimension")?,
        input_spatial: list("input_spatial_dimensions")?,
        kernel_input_feature: one("kernel_input_feature_dimension")?,
        kernel_output_feature: one("kernel_output_feature_dimension")?,
        kernel_spatial: list("kernel_spatial_dimensions")?,
        output_batch: one("output_batch_dimension")?,
        output_feature: one("output_feature_dimension")?,
        output_spatial: list("output_spatial_dimensions")?,
    })
}

/// `[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]`: each list names, position by
/// position, the role of that dimension (`b`, `f`, `i`, `o`, or the index
/// of a spatial dimension).
fn short_conv_dims(text: &str) -> Option<ConvDims> {
    let (input, rest) = text.split_once('x')?;
    let (kernel, output) = rest.split_once("->")?;
    let roles = |list: &str| -> Option<Vec<String>> {
        let inner = list.trim().strip_prefix('[')?.strip_suffix(']')?;
        Some(inner.split(',').map(|s| s.trim().to_string()).collect())
    };
    let (input, kernel, output) = (roles(input)?, roles(kernel)?, roles(output)?);
    let find = |roles: &[String], role: &str| roles.iter().position(|r| r == role);
    let spatial = |roles: &[String]| -> Option<Vec<usize>> {
        let mut dims: Vec<(usize, usize)> = Vec::new();
        for (at, r) in roles.iter().enumerate() {
            if let Ok(k) = r.parse::<usize>() {
                dims.push((k, at));
            }
        }
        dims.sort_unstable();
        // Spatial dimensions are numbered 0..n with none missing.
        dims.iter()
            .enumerate()
            .all(|(i, (k, _))| i == *k)
            .then(|| dims.into_iter().map(|(_, at)| at).collect())
    };
    Some(ConvDims {
        input_batch: find(&input, "b")?,
        input_feature: find(&input, "f")?,
        input_spatial: spatial(&input)?,
        kernel_input_feature: find(&kernel, "i")?,
        kernel_output_feature: find(&kernel, "o")?,
        kernel_spatial: spatial(&kernel)?,
        output_batch: find(&output, "b")?,
        output_feature: find(&output, "f")?,
        output_spatial: spatial(&output)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_lists_read_lists_and_absent_keys() {
        let body = "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [1]";
        assert_eq!(
            keyed_list(body, "lhs_contracting_dimensions"),
            Some(vec![2, 3])
        );
        assert_eq!(keyed_list(body, "rhs_batching_dimensions"), Some(vec![0]));
        assert_eq!(
            keyed_list(
                "lhs_contracting_dimensions = [1]",
                "lhs_batching_dimensions"
            ),
            Some(vec![])
        );
        assert_eq!(
            keyed_list("input_batch_dimension = 3,", "input_batch_dimension"),
            Some(vec![3])
        );
    }

    #[test]
    fn short_conv_dims_name_every_role() {
        let d = short_conv_dims("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]").unwrap_or_default();
        assert_eq!((d.input_batch, d.input_feature), (0, 3));
        assert_eq!(d.input_spatial, vec![1, 2]);
        assert_eq!((d.kernel_input_feature, d.kernel_output_feature), (2, 3));
        assert_eq!(d.kernel_spatial, vec![0, 1]);
        assert_eq!(d.output_spatial, vec![1, 2]);
        let nchw = short_conv_dims("[b, f, 1, 0]x[o, i, 1, 0]->[b, f, 1, 0]").unwrap_or_default();
        assert_eq!(nchw.input_spatial, vec![3, 2]);
        assert_eq!(
            short_conv_dims("[b, f, 0, 2]x[o, i, 0, 1]->[b, f, 0, 1]"),
            None
        );
    }
}
