//! The tensor ops' bounds, one test per op: each result dimension in terms
//! of the function's arguments.

use super::{in_args, parse, show};
use crate::{about_values, compute_bound, constant_bound, BoundKind, Target};

/// The bounds of `kind` of dimension `d` of the last value of the first
/// function of `text`, shown in terms of the arguments.
fn dim_bounds(text: &str, kind: BoundKind, d: usize) -> Vec<String> {
    let (ctx, _, args, values) = parse(text);
    let r = *values.last().unwrap();
    compute_bound(&ctx, kind, Target::Dim(r, d), about_values(&ctx, &args))
        .iter()
        .map(|e| show(&ctx, &args, e))
        .collect()
}

/// The equality bound of dimension `d` of the last value, shown.
fn dim_eq(text: &str, d: usize) -> String {
    let eq = dim_bounds(text, BoundKind::Equal, d);
    assert_eq!(eq.len(), 1, "{eq:?}");
    eq[0].clone()
}

#[test]
fn dim_and_rank() {
    let (ctx, _, args, values) = parse(
        "func.func @f(%t: tensor<?x4xf32>) -> index {
           %c0 = arith.constant 0 : index
           %d = tensor.dim %t, %c0 : tensor<?x4xf32>
           %r = tensor.rank %t : tensor<?x4xf32>
           return %d : index
         }",
    );
    let eq = compute_bound(
        &ctx,
        BoundKind::Equal,
        Target::Value(values[1]),
        in_args(&args),
    );
    assert_eq!(show(&ctx, &args, &eq[0]), "dim(%arg0, 0)");
    assert_eq!(
        constant_bound(&ctx, BoundKind::Equal, Target::Value(values[2])),
        Some(2)
    );
}

#[test]
fn empty_splat_generate_and_cast() {
    let empty = "func.func @f(%n: index, %m: index) {
                   %e = tensor.empty(%n, %m) : tensor<?x3x?xf32>
                   return
                 }";
    assert_eq!(dim_eq(empty, 0), "%arg0");
    assert_eq!(dim_eq(empty, 1), "3");
    assert_eq!(dim_eq(empty, 2), "%arg1");
    let splat = "func.func @f(%x: f32, %n: index) {
                   %s = tensor.splat %x[%n] : tensor<2x?xf32>
                   return
                 }";
    assert_eq!(dim_eq(splat, 1), "%arg1");
    let generate = "func.func @f(%n: index) {
                      %g = tensor.generate %n {
                      ^bb0(%i: index):
                        tensor.yield %i : index
                      } : tensor<?xindex>
                      %c = tensor.cast %g : tensor<?xindex> to tensor<?xindex>
                      return
                    }";
    assert_eq!(dim_eq(generate, 0), "%arg0");
}

#[test]
fn pad_is_source_plus_low_plus_high() {
    let pad = "func.func @f(%t: tensor<?x3xf32>, %l: index, %h: index) {
                 %z = arith.constant 0.0 : f32
                 %p = tensor.pad %t low[%l, 1] high[2, %h] {
                 ^bb0(%i: index, %j: index):
                   tensor.yield %z : f32
                 } : tensor<?x3xf32> to tensor<?x?xf32>
                 return
               }";
    assert_eq!(dim_eq(pad, 0), "%arg1 + dim(%arg0, 0) + 2");
    assert_eq!(dim_eq(pad, 1), "%arg2 + 4");
    // Negative padding is undefined: the dimension is at least the source's.
    let (ctx, _, _, values) = parse(pad);
    let p = *values.last().unwrap();
    assert_eq!(
        constant_bound(&ctx, BoundKind::Lower, Target::Dim(p, 1)),
        Some(4)
    );
}

#[test]
fn extract_slice_sizes_within_the_source() {
    let slice = "func.func @f(%t: tensor<?x?x?xf32>, %n: index, %o: index) {
                   %c16 = arith.constant 16 : index
                   %s = arith.minsi %n, %c16 : index
                   %x = tensor.extract_slice %t[%o, 0, 1] [%s, 1, %n] [1, 1, 2] : tensor<?x?x?xf32> to tensor<?x?xf32>
                   return
                 }";
    // The unit size is dropped: result dimension 1 is size 2.
    assert_eq!(dim_eq(slice, 1), "%arg1");
    let (ctx, _, _, values) = parse(slice);
    let x = *values.last().unwrap();
    assert_eq!(
        constant_bound(&ctx, BoundKind::Upper, Target::Dim(x, 0)),
        Some(16)
    );
    // A slice lies within its source: size ≤ dim.
    let upper = dim_bounds(slice, BoundKind::Upper, 0);
    assert!(upper.contains(&"dim(%arg0, 0)".to_string()), "{upper:?}");
}

#[test]
fn insert_slice_and_unpack_are_their_destination() {
    let insert = "func.func @f(%t: tensor<?x4xf32>, %d: tensor<?x?xf32>, %n: index) {
                    %r = tensor.insert_slice %t into %d[0, 1] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
                    return
                  }";
    assert_eq!(dim_eq(insert, 1), "dim(%arg1, 1)");
    let unpack = "func.func @f(%s: tensor<?x?x8x?xf32>, %d: tensor<?x?xf32>, %t: index) {
                    %u = tensor.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?x8x?xf32> -> tensor<?x?xf32>
                    return
                  }";
    assert_eq!(dim_eq(unpack, 0), "dim(%arg1, 0)");
}

#[test]
fn concat_sums_along_its_axis() {
    let concat = "func.func @f(%a: tensor<?x?xf32>, %b: tensor<3x?xf32>) {
                    %c = tensor.concat dim(0) %a, %b : (tensor<?x?xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
                    return
                  }";
    assert_eq!(dim_eq(concat, 0), "dim(%arg0, 0) + 3");
    let other = dim_eq(concat, 1);
    assert!(
        ["dim(%arg0, 1)", "dim(%arg1, 1)"].contains(&other.as_str()),
        "{other}"
    );
}

#[test]
fn collapse_multiplies_and_expand_reads_its_output_shape() {
    let collapse = "func.func @f(%t: tensor<?x4x?xf32>) {
                      %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>
                      return
                    }";
    assert_eq!(dim_eq(collapse, 0), "4*dim(%arg0, 0)");
    assert_eq!(dim_eq(collapse, 1), "dim(%arg0, 2)");
    let two_unknown = "func.func @f(%t: tensor<?x?xf32>) {
                         %c = tensor.collapse_shape %t [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
                         return
                       }";
    assert!(dim_bounds(two_unknown, BoundKind::Equal, 0).is_empty());
    let expand = "func.func @f(%t: tensor<?xf32>, %n: index) {
                    %e = tensor.expand_shape %t [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
                    return
                  }";
    assert_eq!(dim_eq(expand, 0), "%arg1");
}

#[test]
fn from_elements_extract_and_reshape_read_extents() {
    let reshape = "func.func @f(%t: tensor<?xf32>, %n: index, %m: index) -> index {
                     %c1 = arith.constant 1 : index
                     %s = tensor.from_elements %n, %m : tensor<2xindex>
                     %e = tensor.extract %s[%c1] : tensor<2xindex>
                     %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
                     return %e : index
                   }";
    assert_eq!(dim_eq(reshape, 0), "%arg1");
    assert_eq!(dim_eq(reshape, 1), "%arg2");
    let (ctx, _, args, values) = parse(reshape);
    let e = values[values.len() - 2];
    let eq = compute_bound(&ctx, BoundKind::Equal, Target::Value(e), in_args(&args));
    assert_eq!(show(&ctx, &args, &eq[0]), "%arg2");
}

#[test]
fn pack_tiles_and_rounds_up() {
    let pack = "func.func @f(%s: tensor<?x?xf32>, %d: tensor<?x?x8x?xf32>, %t: index) {
                  %p = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<?x?xf32> -> tensor<?x?x8x?xf32>
                  return
                }";
    let (ctx, _, args, values) = parse(pack);
    let p = *values.last().unwrap();
    // Both the destination's dimension and the tile are exact.
    let not_dest = |t: Target| t.value() != args[1] && in_args(&args)(t);
    let tile = compute_bound(&ctx, BoundKind::Equal, Target::Dim(p, 3), not_dest);
    assert_eq!(show(&ctx, &args, &tile[0]), "%arg2");
    assert_eq!(dim_eq(pack, 3), "dim(%arg1, 3)");
    // Outer dimension 1 is ⌈dim(%s, 0) / 8⌉: between dim/8 and (dim+7)/8.
    let only_source = |t: Target| t == Target::Dim(args[0], 0);
    let upper = compute_bound(&ctx, BoundKind::Upper, Target::Dim(p, 1), only_source);
    let lower = compute_bound(&ctx, BoundKind::Lower, Target::Dim(p, 1), only_source);
    assert!(upper.is_empty() && lower.iter().any(|e| e.as_constant() == Some(0)));
    let source_of_8 = "func.func @f(%s: tensor<20xf32>, %d: tensor<?x8xf32>) {
                         %z = arith.constant 0.0 : f32
                         %p = tensor.pack %s padding_value(%z : f32) inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<20xf32> -> tensor<?x8xf32>
                         return
                       }";
    let (ctx, _, _, values) = parse(source_of_8);
    let p = *values.last().unwrap();
    assert_eq!(
        constant_bound(&ctx, BoundKind::Equal, Target::Dim(p, 0)),
        Some(3)
    );
}
