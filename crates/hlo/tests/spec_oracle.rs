//! The built-in shape rules against StableHLO's own: for every covered op
//! family, sampled ops on random static shapes and attributes (a good
//! share of them breaking a requirement) go through `hlo::rule` and through
//! StableHLO's and CHLO's verifiers and type inference (`iree-opt`, which
//! registers both dialects and checks each op's result types against the
//! ones it infers).
//!
//! Each sample is one op in a `func.func`, with result types declared in
//! its text; the rule, evaluated on the static operand shapes (and the
//! values of constant shape operands), says what `iree-opt` must do:
//! - every check holds and the declared results are the rule's: accept
//!   (our result shapes are StableHLO's);
//! - every check holds but a declared extent differs from the rule's
//!   (the converse samples): reject;
//! - a check fails (the results declared as the rule computes them, `?`
//!   where it cannot): reject (our requirements are StableHLO's), except
//!   for requirements StableHLO cannot check on static types, whose
//!   failure alone asserts nothing: a negative extent in
//!   `dynamic_reshape`'s constant `output_shape` is accepted when the
//!   element counts still agree (a `?` in the result type); CHLO operands
//!   that do not broadcast are accepted when `broadcast_dimensions` is
//!   given (CHLO then infers an unranked result, which any result type
//!   matches);
//! - the rule declines (attributes it does not accept: out of range,
//!   duplicated, negative): reject.
//!
//! Convolution kernels have no empty spatial dimension here: StableHLO's
//! verifier rejects an empty window (a constraint the specification
//! states for `reduce_window`, not for `convolution`), and the rule, like
//! the specification, gives such a convolution a shape.
//!
//! All samples run in one `iree-opt --split-input-file` process; its
//! output holds one module per verified chunk, separated by `// -----`,
//! and nothing for a rejected one; an error diagnostic on a chunk's lines
//! rejects it too (CHLO reports operands that do not broadcast as an error
//! and still verifies the op).
//!
//! `iree-opt` is `$SHAPE_OPT_IREE_OPT`, else the one on `PATH`
//! (`scripts/install-iree` installs it); without it the test skips, saying
//! why, unless `SHAPE_OPT_REQUIRE_IREE=1`.

mod common;

use common::{arg, constant, Case, Operand, Verdict};
use hlo::{Requirement, Size};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// The sampler's choices, on the project's deterministic generator.
struct Rng(shapegen::SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn index(&mut self, n: usize) -> usize {
        self.range(0, n as i64 - 1) as usize
    }
    /// True with probability `1 / n`.
    fn one_in(&mut self, n: i64) -> bool {
        self.range(1, n) == 1
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }
    /// An extent: mostly 1 to 5, sometimes 0.
    fn extent(&mut self) -> i64 {
        match self.one_in(12) {
            true => 0,
            false => self.range(1, 5),
        }
    }
    fn shape(&mut self, rank: usize) -> Vec<i64> {
        (0..rank).map(|_| self.extent()).collect()
    }
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            p.swap(i, self.index(i + 1));
        }
        p
    }
    /// `shape` with one extent changed (or, for a scalar, a dimension
    /// added).
    fn changed(&mut self, shape: &[i64]) -> Vec<i64> {
        let mut out = shape.to_vec();
        if out.is_empty() {
            return vec![self.range(2, 4)];
        }
        let d = self.index(out.len());
        out[d] = (out[d] + self.range(1, 3)) % 6;
        out
    }
    /// `shape`, changed one time in `n`.
    fn maybe_changed(&mut self, shape: &[i64], n: i64) -> Vec<i64> {
        match self.one_in(n) {
            true => self.changed(shape),
            false => shape.to_vec(),
        }
    }
}

fn f32s(shape: &[i64]) -> Operand {
    arg(shape, "f32")
}

fn ints(values: &[i64]) -> String {
    match values {
        [] => "array<i64>".to_string(),
        _ => format!("array<i64: {}>", join(values)),
    }
}

fn join<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn props(entries: &[(&str, String)]) -> String {
    match entries {
        [] => String::new(),
        _ => {
            let inner: Vec<String> = entries.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            format!("<{{{}}}>", inner.join(", "))
        }
    }
}

/// A case with no region and one result.
fn case(
    op: &str,
    operands: Vec<Operand>,
    props: String,
    result: Vec<i64>,
    elem: &'static str,
) -> Case {
    Case {
        op: op.to_string(),
        operands,
        props,
        regions: String::new(),
        results: vec![result],
        result_elems: vec![elem],
    }
}

/// `dims` with one entry duplicated or put out of range (`bound`).
fn spoiled(rng: &mut Rng, dims: &[i64], bound: i64) -> Vec<i64> {
    let mut out = dims.to_vec();
    match (out.len(), rng.one_in(2)) {
        (0, _) => out.push(bound),
        (1, _) | (_, true) => {
            let i = rng.index(out.len());
            out[i] = rng.pick(&[bound, -1]);
        }
        (n, false) => {
            let i = rng.index(n);
            out[(i + 1) % n] = out[i];
        }
    }
    out
}

fn elementwise(rng: &mut Rng) -> Case {
    // name, operands, operand and result element types, properties.
    const OPS: &[(&str, usize, &str, &str, &str)] = &[
        ("add", 2, "f32", "f32", ""),
        ("subtract", 2, "f32", "f32", ""),
        ("atan2", 2, "f32", "f32", ""),
        ("and", 2, "i32", "i32", ""),
        ("shift_left", 2, "i32", "i32", ""),
        (
            "compare",
            2,
            "f32",
            "i1",
            "<{comparison_direction = #stablehlo<comparison_direction LT>}>",
        ),
        ("abs", 1, "f32", "f32", ""),
        ("negate", 1, "f32", "f32", ""),
        ("sqrt", 1, "f32", "f32", ""),
        ("not", 1, "i32", "i32", ""),
        ("convert", 1, "f32", "i32", ""),
    ];
    let (name, n, elem, result, props) = rng.pick(OPS);
    let rank = rng.index(4);
    let shape = rng.shape(rank);
    let operands = (0..n)
        .map(|i| match i {
            0 => arg(&shape, elem),
            _ => arg(&rng.maybe_changed(&shape, 3), elem),
        })
        .collect();
    case(
        &format!("stablehlo.{name}"),
        operands,
        props.to_string(),
        shape,
        result,
    )
}

/// A shape of `shape`'s or scalar.
fn scalar_or(rng: &mut Rng, shape: &[i64]) -> Vec<i64> {
    match rng.one_in(3) {
        true => Vec::new(),
        false => rng.maybe_changed(shape, 4),
    }
}

fn select(rng: &mut Rng) -> Case {
    let rank = rng.index(4);
    let shape = rng.shape(rank);
    let pred = scalar_or(rng, &shape);
    let on_false = rng.maybe_changed(&shape, 4);
    let operands = vec![arg(&pred, "i1"), f32s(&shape), f32s(&on_false)];
    case("stablehlo.select", operands, String::new(), shape, "f32")
}

fn clamp(rng: &mut Rng) -> Case {
    let rank = rng.index(4);
    let shape = rng.shape(rank);
    let (min, max) = (scalar_or(rng, &shape), scalar_or(rng, &shape));
    let operands = vec![f32s(&min), f32s(&shape), f32s(&max)];
    case("stablehlo.clamp", operands, String::new(), shape, "f32")
}

fn chlo_broadcast(rng: &mut Rng) -> Case {
    const OPS: &[(&str, &str, &str, &str)] = &[
        ("broadcast_add", "f32", "f32", ""),
        ("broadcast_multiply", "f32", "f32", ""),
        ("broadcast_maximum", "f32", "f32", ""),
        ("broadcast_and", "i32", "i32", ""),
        (
            "broadcast_compare",
            "f32",
            "i1",
            "#chlo<comparison_direction LT>",
        ),
    ];
    let (name, elem, result, direction) = rng.pick(OPS);
    let rank = rng.index(5);
    let target = rng.shape(rank);
    // Each operand: a suffix of the target, some extents 1.
    let operand = |rng: &mut Rng| -> Vec<i64> {
        let keep = rng.range(0, rank as i64) as usize;
        let mut s: Vec<i64> = target[rank - keep..].to_vec();
        for e in &mut s {
            if rng.one_in(3) {
                *e = 1;
            }
        }
        rng.maybe_changed(&s, 3)
    };
    let (lhs, rhs) = (operand(rng), operand(rng));
    let mut entries = Vec::new();
    if !direction.is_empty() {
        entries.push(("comparison_direction", direction.to_string()));
    }
    if rng.one_in(3) {
        // NumPy's alignment stated: the lower rank's dimensions at the end.
        let (max, min) = (lhs.len().max(rhs.len()), lhs.len().min(rhs.len()));
        let dims: Vec<i64> = ((max - min)..max).map(|d| d as i64).collect();
        entries.push(("broadcast_dimensions", ints(&dims)));
    }
    let guess = match lhs.len() >= rhs.len() {
        true => lhs.clone(),
        false => rhs.clone(),
    };
    let operands = vec![arg(&lhs, elem), arg(&rhs, elem)];
    case(
        &format!("chlo.{name}"),
        operands,
        props(&entries),
        guess,
        result,
    )
}

/// A broadcast of an operand into a target: the operand's shape, the
/// target and `broadcast_dimensions`.
fn broadcast_into(rng: &mut Rng) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
    let rank = rng.index(4);
    let target_rank = rank + rng.index(3);
    let target = rng.shape(target_rank);
    let mut dims: Vec<i64> = rng.permutation(target_rank)[..rank]
        .iter()
        .map(|&d| d as i64)
        .collect();
    if !rng.one_in(3) {
        dims.sort_unstable();
    }
    let operand: Vec<i64> = dims
        .iter()
        .map(|&d| match rng.one_in(3) {
            true => 1,
            false => target[d as usize],
        })
        .collect();
    let operand = rng.maybe_changed(&operand, 5);
    if operand.len() == dims.len() && rng.one_in(10) {
        dims = spoiled(rng, &dims, target_rank as i64);
    }
    (operand, target, dims)
}

fn broadcast_in_dim(rng: &mut Rng) -> Case {
    let (operand, target, dims) = broadcast_into(rng);
    let props = props(&[("broadcast_dimensions", ints(&dims))]);
    case(
        "stablehlo.broadcast_in_dim",
        vec![f32s(&operand)],
        props,
        target,
        "f32",
    )
}

fn dynamic_broadcast_in_dim(rng: &mut Rng) -> Case {
    let (operand, target, dims) = broadcast_into(rng);
    let props = props(&[("broadcast_dimensions", ints(&dims))]);
    let operands = vec![f32s(&operand), constant(&target)];
    case(
        "stablehlo.dynamic_broadcast_in_dim",
        operands,
        props,
        target,
        "f32",
    )
}

fn broadcast(rng: &mut Rng) -> Case {
    let rank = rng.index(4);
    let operand = rng.shape(rank);
    let count = rng.index(3);
    let mut sizes = rng.shape(count);
    if count > 0 && rng.one_in(8) {
        sizes[0] = -1;
    }
    let props = props(&[("broadcast_sizes", ints(&sizes))]);
    let result = [sizes, operand.clone()].concat();
    case(
        "stablehlo.broadcast",
        vec![f32s(&operand)],
        props,
        result,
        "f32",
    )
}

/// An operand shape and a target of as many elements (most of the time):
/// the operand's extents regrouped, some split off as 1s.
fn reshaped(rng: &mut Rng) -> (Vec<i64>, Vec<i64>) {
    let rank = rng.index(4);
    let operand = rng.shape(rank);
    let mut target: Vec<i64> = Vec::new();
    for &e in &operand {
        match (target.last_mut(), rng.range(0, 3)) {
            (Some(last), 0) => *last *= e,
            (_, 1) => target.extend([1, e]),
            _ => target.push(e),
        }
    }
    if rng.one_in(3) {
        target = rng.changed(&target);
    }
    (operand, target)
}

fn reshape(rng: &mut Rng) -> Case {
    let (operand, target) = reshaped(rng);
    case(
        "stablehlo.reshape",
        vec![f32s(&operand)],
        String::new(),
        target,
        "f32",
    )
}

fn dynamic_reshape(rng: &mut Rng) -> Case {
    let (operand, mut target) = reshaped(rng);
    if target.len() >= 2 && rng.one_in(8) {
        // Two negative extents: the product is kept.
        target[0] = -target[0];
        target[1] = -target[1];
    }
    let operands = vec![f32s(&operand), constant(&target)];
    case(
        "stablehlo.dynamic_reshape",
        operands,
        String::new(),
        target,
        "f32",
    )
}

/// The reducer of `n` inputs of `f32`: elementwise sums.
fn reducer(n: usize) -> String {
    let scalars = |k: usize| vec!["tensor<f32>"; k].join(", ");
    let args: Vec<String> = (0..2 * n).map(|i| format!("%x{i}: tensor<f32>")).collect();
    let mut body = format!(" ({{\n  ^bb0({}):\n", args.join(", "));
    for i in 0..n {
        body.push_str(&format!(
            "    %s{i} = \"stablehlo.add\"(%x{i}, %x{}) : ({}) -> tensor<f32>\n",
            i + n,
            scalars(2)
        ));
    }
    let sums: Vec<String> = (0..n).map(|i| format!("%s{i}")).collect();
    body.push_str(&format!(
        "    \"stablehlo.return\"({}) : ({}) -> ()\n  }})",
        sums.join(", "),
        scalars(n)
    ));
    body
}

fn reduce(rng: &mut Rng) -> Case {
    let inputs = rng.range(1, 2) as usize;
    let rank = rng.range(1, 4) as usize;
    let shape = rng.shape(rank);
    let mut dims: Vec<i64> = rng.permutation(rank)[..rng.range(0, rank as i64) as usize]
        .iter()
        .map(|&d| d as i64)
        .collect();
    if rng.one_in(8) {
        dims = spoiled(rng, &dims, rank as i64);
    }
    let mut operands = vec![f32s(&shape)];
    if inputs == 2 {
        operands.push(f32s(&rng.maybe_changed(&shape, 3)));
    }
    operands.extend((0..inputs).map(|_| f32s(&[])));
    let kept: Vec<i64> = (0..rank as i64)
        .filter(|d| !dims.contains(d))
        .map(|d| shape[d as usize])
        .collect();
    Case {
        op: "stablehlo.reduce".to_string(),
        operands,
        props: props(&[("dimensions", ints(&dims))]),
        regions: reducer(inputs),
        results: vec![kept; inputs],
        result_elems: vec!["f32"; inputs],
    }
}

fn transpose(rng: &mut Rng) -> Case {
    let rank = rng.index(5);
    let shape = rng.shape(rank);
    let mut perm: Vec<i64> = rng
        .permutation(rank)
        .into_iter()
        .map(|d| d as i64)
        .collect();
    if rng.one_in(8) {
        perm = spoiled(rng, &perm, rank as i64);
    }
    let props = props(&[("permutation", ints(&perm))]);
    case(
        "stablehlo.transpose",
        vec![f32s(&shape)],
        props,
        shape,
        "f32",
    )
}

fn concatenate(rng: &mut Rng) -> Case {
    let n = rng.range(1, 3) as usize;
    let rank = rng.range(1, 3) as usize;
    let mut dim = rng.index(rank) as i64;
    let first = rng.shape(rank);
    let mut result = first.clone();
    let mut operands = vec![f32s(&first)];
    for _ in 1..n {
        let mut s = rng.maybe_changed(&first, 5);
        if s.len() == rank {
            s[dim as usize] = rng.extent();
            result[dim as usize] += s[dim as usize];
        }
        operands.push(f32s(&s));
    }
    if rng.one_in(12) {
        dim = rng.pick(&[rank as i64, -1]);
    }
    let props = props(&[("dimension", format!("{dim} : i64"))]);
    case("stablehlo.concatenate", operands, props, result, "f32")
}

fn slice(rng: &mut Rng) -> Case {
    let rank = rng.range(1, 3) as usize;
    let shape = rng.shape(rank);
    let (mut start, mut limit, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    for &e in &shape {
        let s = rng.range(0, e);
        start.push(s);
        limit.push(rng.range(s, e));
        strides.push(rng.range(1, 3));
    }
    let d = rng.index(rank);
    match rng.range(0, 7) {
        0 | 1 => limit[d] = shape[d] + rng.range(1, 2),
        2 => start[d] = limit[d] + 1,
        3 => strides[d] = rng.pick(&[0, -1]),
        4 => start[d] = -1,
        _ => {}
    }
    let result = (0..rank)
        .map(|d| (limit[d] - start[d]).max(0) / strides[d].max(1))
        .collect();
    let props = props(&[
        ("start_indices", ints(&start)),
        ("limit_indices", ints(&limit)),
        ("strides", ints(&strides)),
    ]);
    case("stablehlo.slice", vec![f32s(&shape)], props, result, "f32")
}

fn dynamic_slice(rng: &mut Rng) -> Case {
    let rank = rng.range(1, 3) as usize;
    let shape = rng.shape(rank);
    let mut sizes: Vec<i64> = shape.iter().map(|&e| rng.range(0, e)).collect();
    let d = rng.index(rank);
    match rng.range(0, 7) {
        0 | 1 => sizes[d] = shape[d] + rng.range(1, 2),
        2 => sizes[d] = -1,
        _ => {}
    }
    // One start index per dimension; sometimes one too many.
    let starts = rank + usize::from(rng.one_in(12));
    let mut operands = vec![f32s(&shape)];
    operands.extend((0..starts).map(|_| arg(&[], "i32")));
    let props = props(&[("slice_sizes", ints(&sizes))]);
    case("stablehlo.dynamic_slice", operands, props, sizes, "f32")
}

fn pad(rng: &mut Rng) -> Case {
    let rank = rng.index(4);
    let shape = rng.shape(rank);
    let low: Vec<i64> = (0..rank).map(|_| rng.range(-3, 3)).collect();
    let high: Vec<i64> = (0..rank).map(|_| rng.range(-3, 3)).collect();
    let mut interior: Vec<i64> = (0..rank).map(|_| rng.range(0, 2)).collect();
    if rank > 0 && rng.one_in(10) {
        interior[0] = -1;
    }
    let props = props(&[
        ("edge_padding_low", ints(&low)),
        ("edge_padding_high", ints(&high)),
        ("interior_padding", ints(&interior)),
    ]);
    case(
        "stablehlo.pad",
        vec![f32s(&shape), f32s(&[])],
        props,
        shape,
        "f32",
    )
}

/// An iota dimension of a shape of `rank`, sometimes out of range.
fn iota_dimension(rng: &mut Rng, rank: usize) -> String {
    let dim = match rng.one_in(10) || rank == 0 {
        true => rng.pick(&[rank as i64, -1]),
        false => rng.index(rank) as i64,
    };
    props(&[("iota_dimension", format!("{dim} : i64"))])
}

fn iota(rng: &mut Rng) -> Case {
    let rank = rng.range(0, 3) as usize;
    let shape = rng.shape(rank);
    let props = iota_dimension(rng, rank);
    case("stablehlo.iota", Vec::new(), props, shape, "f32")
}

fn dynamic_iota(rng: &mut Rng) -> Case {
    let rank = rng.range(1, 3) as usize;
    let shape = rng.shape(rank);
    let props = iota_dimension(rng, rank);
    case(
        "stablehlo.dynamic_iota",
        vec![constant(&shape)],
        props,
        shape,
        "f32",
    )
}

fn get_dimension_size(rng: &mut Rng) -> Case {
    let rank = rng.index(4);
    let shape = rng.shape(rank);
    let dim = match rank == 0 || rng.one_in(4) {
        true => rng.pick(&[rank as i64, -1]),
        false => rng.index(rank) as i64,
    };
    let props = props(&[("dimension", format!("{dim} : i64"))]);
    case(
        "stablehlo.get_dimension_size",
        vec![f32s(&shape)],
        props,
        Vec::new(),
        "i32",
    )
}

fn dot(rng: &mut Rng) -> Case {
    let (lr, rr) = (rng.range(1, 2) as usize, rng.range(1, 2) as usize);
    let lr = if rng.one_in(12) { 3 } else { lr };
    let lhs = rng.shape(lr);
    let mut rhs = rng.shape(rr);
    rhs[0] = lhs[lr - 1];
    let rhs = rng.maybe_changed(&rhs, 4);
    let result = [&lhs[..lr - 1], &rhs[1.min(rhs.len())..]].concat();
    case(
        "stablehlo.dot",
        vec![f32s(&lhs), f32s(&rhs)],
        String::new(),
        result,
        "f32",
    )
}

fn dot_general(rng: &mut Rng) -> Case {
    let batch = rng.index(3);
    let contracting = rng.index(3);
    let (lfree, rfree) = (rng.index(3), rng.index(3));
    let shared = rng.shape(batch + contracting);
    // Each side: its dimensions at random places; `shared` first.
    let side = |rng: &mut Rng, free: usize| -> (Vec<i64>, Vec<i64>) {
        let rank = batch + contracting + free;
        let at = rng.permutation(rank);
        let mut shape = vec![0; rank];
        for (k, &p) in at.iter().enumerate() {
            shape[p] = match k < shared.len() {
                true => shared[k],
                false => rng.extent(),
            };
        }
        (
            shape,
            at.iter()
                .take(batch + contracting)
                .map(|&p| p as i64)
                .collect(),
        )
    };
    let (mut lhs, lroles) = side(rng, lfree);
    let (mut rhs, mut rroles) = side(rng, rfree);
    if rng.one_in(4) && !rroles.is_empty() {
        let d = rng.pick(&rroles) as usize;
        rhs[d] = (rhs[d] + 1) % 6;
    }
    if rng.one_in(8) {
        // A dimension named twice or out of range, on operands of one
        // extent throughout: only the attribute is wrong.
        rroles = spoiled(rng, &rroles, rhs.len() as i64);
        lhs.fill(2);
        rhs.fill(2);
    }
    let dims = format!(
        "#stablehlo.dot<lhs_batching_dimensions = [{}], rhs_batching_dimensions = [{}], lhs_contracting_dimensions = [{}], rhs_contracting_dimensions = [{}]>",
        join(&lroles[..batch]),
        join(&rroles[..batch.min(rroles.len())]),
        join(&lroles[batch..]),
        join(&rroles[batch.min(rroles.len())..]),
    );
    let props = props(&[("dot_dimension_numbers", dims)]);
    case(
        "stablehlo.dot_general",
        vec![f32s(&lhs), f32s(&rhs)],
        props,
        Vec::new(),
        "f32",
    )
}

fn convolution(rng: &mut Rng) -> Case {
    let spatial = rng.range(1, 2) as usize;
    // The roles of each position: NCHW, NHWC or any other order.
    let layout = |rng: &mut Rng, first: &str, second: &str| -> Vec<String> {
        let mut roles: Vec<String> = vec![first.to_string(), second.to_string()];
        roles.extend((0..spatial).map(|i| i.to_string()));
        match rng.range(0, 2) {
            0 => roles,
            1 => {
                roles.rotate_left(1);
                roles.swap(0, spatial + 1);
                roles
            }
            _ => rng
                .permutation(roles.len())
                .into_iter()
                .map(|p| roles[p].clone())
                .collect(),
        }
    };
    let (input, kernel, output) = (
        layout(rng, "b", "f"),
        layout(rng, "o", "i"),
        layout(rng, "b", "f"),
    );
    let (mut features, mut batches) = match rng.range(0, 3) {
        0 => (rng.range(2, 3), 1),
        1 => (1, 2),
        _ => (1, 1),
    };
    if rng.one_in(12) {
        (features, batches) = (2, 2);
    }
    let mut sizes: BTreeMap<String, i64> = BTreeMap::new();
    sizes.insert("b".into(), batches * rng.range(1, 2));
    sizes.insert("i".into(), rng.range(1, 3));
    sizes.insert("f".into(), sizes["i"] * features);
    sizes.insert("o".into(), features * batches * rng.range(1, 2));
    match rng.range(0, 9) {
        0 => *sizes.entry("f".into()).or_default() += 1,
        1 => *sizes.entry("b".into()).or_default() += 1,
        2 => *sizes.entry("o".into()).or_default() += 1,
        _ => {}
    }
    let shape_of = |rng: &mut Rng, roles: &[String], window: bool| -> Vec<i64> {
        roles
            .iter()
            .map(|r| match sizes.get(r) {
                Some(&s) => s,
                None if window => rng.range(1, 3),
                None => rng.range(0, 7),
            })
            .collect()
    };
    let lhs = shape_of(rng, &input, false);
    let rhs = shape_of(rng, &kernel, true);
    let dimension_numbers = match rng.one_in(4) {
        true => {
            let raw = raw_conv_dims(&input, &kernel, &output);
            let at = |role: &str| input.iter().position(|r| r == role).unwrap_or(0);
            let feature = |d: usize| format!("input_feature_dimension = {d}");
            match rng.one_in(5) {
                // The input's batch dimension named its feature dimension too.
                true => raw.replacen(&feature(at("f")), &feature(at("b")), 1),
                false => raw,
            }
        }
        false => format!(
            "#stablehlo.conv<[{}]x[{}]->[{}]>",
            input.join(", "),
            kernel.join(", "),
            output.join(", ")
        ),
    };
    let mut entries = vec![
        ("dimension_numbers", dimension_numbers),
        ("feature_group_count", format!("{features} : i64")),
        ("batch_group_count", format!("{batches} : i64")),
    ];
    let mut window = |rng: &mut Rng, name: &'static str, lo: i64, hi: i64| {
        if !rng.one_in(4) {
            let v: Vec<i64> = (0..spatial).map(|_| rng.range(lo, hi)).collect();
            entries.push((name, ints(&v)));
        }
    };
    window(rng, "window_strides", 1, 3);
    window(rng, "lhs_dilation", 1, 2);
    window(rng, "rhs_dilation", 1, 2);
    if !rng.one_in(4) {
        let pads: Vec<String> = (0..spatial)
            .map(|_| format!("[{}, {}]", rng.range(-1, 2), rng.range(-1, 2)))
            .collect();
        entries.push((
            "padding",
            format!("dense<[{}]> : tensor<{spatial}x2xi64>", pads.join(", ")),
        ));
    }
    let result = vec![1; spatial + 2];
    case(
        "stablehlo.convolution",
        vec![f32s(&lhs), f32s(&rhs)],
        props(&entries),
        result,
        "f32",
    )
}

/// Convolution dimension numbers in the raw form, from the roles of each
/// position of the input, kernel and output.
fn raw_conv_dims(input: &[String], kernel: &[String], output: &[String]) -> String {
    let at = |roles: &[String], role: &str| roles.iter().position(|r| r == role).unwrap_or(0);
    let spatial = |roles: &[String]| {
        let dims: Vec<usize> = (0..roles.len() - 2)
            .map(|k| at(roles, &k.to_string()))
            .collect();
        join(&dims)
    };
    format!(
        "#stablehlo.conv<raw input_batch_dimension = {}, input_feature_dimension = {}, input_spatial_dimensions = [{}], kernel_input_feature_dimension = {}, kernel_output_feature_dimension = {}, kernel_spatial_dimensions = [{}], output_batch_dimension = {}, output_feature_dimension = {}, output_spatial_dimensions = [{}]>",
        at(input, "b"),
        at(input, "f"),
        spatial(input),
        at(kernel, "i"),
        at(kernel, "o"),
        spatial(kernel),
        at(output, "b"),
        at(output, "f"),
        spatial(output),
    )
}

/// Ops of operand 0's shape that state nothing of their other operands
/// here: valid samples only (their own requirements are not ours).
fn same_as_first(rng: &mut Rng) -> Case {
    let rank = rng.range(1, 3) as usize;
    let shape = rng.shape(rank);
    match rng.range(0, 2) {
        0 => {
            let dims: Vec<i64> = rng.permutation(rank)[..rng.index(rank + 1)]
                .iter()
                .map(|&d| d as i64)
                .collect();
            let props = props(&[("dimensions", ints(&dims))]);
            case("stablehlo.reverse", vec![f32s(&shape)], props, shape, "f32")
        }
        1 => {
            let update: Vec<i64> = shape.iter().map(|&e| rng.range(0, e)).collect();
            let mut operands = vec![f32s(&shape), f32s(&update)];
            operands.extend((0..rank).map(|_| arg(&[], "i32")));
            case(
                "stablehlo.dynamic_update_slice",
                operands,
                String::new(),
                shape,
                "f32",
            )
        }
        _ => case("chlo.erf", vec![f32s(&shape)], String::new(), shape, "f32"),
    }
}

/// A sample generator.
type Generate = fn(&mut Rng) -> Case;

/// Sample generators and how many samples of each.
const FAMILIES: &[(&str, Generate, usize)] = &[
    ("elementwise", elementwise, 150),
    ("same_as_first", same_as_first, 40),
    ("select", select, 80),
    ("clamp", clamp, 80),
    ("chlo.broadcast_*", chlo_broadcast, 150),
    ("broadcast_in_dim", broadcast_in_dim, 100),
    ("dynamic_broadcast_in_dim", dynamic_broadcast_in_dim, 80),
    ("broadcast", broadcast, 50),
    ("reshape", reshape, 80),
    ("dynamic_reshape", dynamic_reshape, 80),
    ("reduce", reduce, 100),
    ("transpose", transpose, 60),
    ("concatenate", concatenate, 80),
    ("slice", slice, 100),
    ("dynamic_slice", dynamic_slice, 80),
    ("pad", pad, 100),
    ("iota", iota, 50),
    ("dynamic_iota", dynamic_iota, 50),
    ("get_dimension_size", get_dimension_size, 40),
    ("dot", dot, 80),
    ("dot_general", dot_general, 200),
    ("convolution", convolution, 250),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Accept,
    Reject,
    /// A check fails that StableHLO cannot check on static types.
    Unasserted,
}

/// Whether StableHLO's verifiers can check `requirement` of `case` on
/// static types and constant shape operands: all but
/// - the non-negativity of a shape operand's element (`dynamic_reshape`),
///   which a `?` extent hides;
/// - CHLO's broadcastability when `broadcast_dimensions` is given: CHLO
///   then infers an unranked result for shapes that do not broadcast,
///   which any result type matches.
fn checked_statically(case: &Case, requirement: &Requirement) -> bool {
    match requirement {
        Requirement::LessEq(Size::Const(0), Size::Elem { .. }) => false,
        Requirement::Broadcastable(_) => !case.props.contains("broadcast_dimensions"),
        _ => true,
    }
}

/// The expectation of `case` as it is, and a word for the report.
fn expectation(case: &Case) -> (Expect, &'static str) {
    match case.verdict() {
        Verdict::Declined => (Expect::Reject, "declined"),
        Verdict::Holds(shapes) if shapes == case.results => (Expect::Accept, "holds"),
        Verdict::Holds(_) => (Expect::Reject, "converse"),
        Verdict::Unknown => (Expect::Accept, "unknown"),
        Verdict::Broken { failed, .. }
            if failed
                .iter()
                .any(|c| checked_statically(case, &c.requirement)) =>
        {
            (Expect::Reject, "broken")
        }
        Verdict::Broken { .. } => (Expect::Unasserted, "unasserted"),
    }
}

/// The sample as it goes to `iree-opt`: results declared as the rule
/// computes them when it does (one in five correct ones then changed in an
/// extent: the converse), else as the generator guessed.
fn settle(rng: &mut Rng, mut case: Case) -> Case {
    let verdict = case.verdict();
    let correct = matches!(verdict, Verdict::Holds(_));
    let shapes = match verdict {
        Verdict::Holds(shapes) => Some(shapes),
        Verdict::Broken { shapes, .. } => shapes,
        Verdict::Declined | Verdict::Unknown => None,
    };
    if let Some(shapes) = shapes {
        case.results = shapes;
    }
    if correct && rng.one_in(5) {
        if let Some(r) = case.results.iter().position(|s| !s.is_empty()) {
            case.results[r] = rng.changed(&case.results[r]);
        }
    }
    case
}

/// `iree-opt`: `$SHAPE_OPT_IREE_OPT`, else on `PATH`.
fn iree_opt() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SHAPE_OPT_IREE_OPT") {
        return Some(PathBuf::from(path));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("iree-opt"))
        .find(|p| p.is_file())
}

/// Runs `iree-opt` on the chunks, one file; whether each was accepted
/// (verified, printed, with no error: CHLO's inference reports shapes that
/// do not broadcast as an error and still verifies the op), and the
/// diagnostics of each.
fn run_oracle(tool: &PathBuf, chunks: &[String]) -> Vec<(bool, String)> {
    let dir = std::env::temp_dir().join(format!("hlo-spec-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cases.mlir");
    std::fs::write(&file, chunks.join("// -----\n")).unwrap();
    let out = Command::new(tool)
        .args(["--split-input-file", "--mlir-print-op-generic"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", tool.display()));
    std::fs::remove_dir_all(&dir).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let outputs: Vec<&str> = stdout.split("// -----").collect();
    assert_eq!(
        outputs.len(),
        chunks.len(),
        "iree-opt gave {} outputs for {} chunks (exit {:?}):\n{stderr}",
        outputs.len(),
        chunks.len(),
        out.status
    );
    // The first line of each chunk, to attribute `file:line:col: error`.
    let mut starts = Vec::new();
    let mut line = 1;
    for chunk in chunks {
        starts.push(line);
        line += chunk.lines().count() + 1;
    }
    let mut diagnostics = vec![String::new(); chunks.len()];
    let name = file.display().to_string();
    for diag in stderr
        .lines()
        .filter_map(|l| l.strip_prefix(&format!("{name}:")))
    {
        let at: usize = diag
            .split(':')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let chunk = starts.partition_point(|&s| s <= at).saturating_sub(1);
        diagnostics[chunk].push_str(diag);
        diagnostics[chunk].push('\n');
    }
    outputs
        .iter()
        .zip(diagnostics)
        .map(|(o, d)| {
            (
                o.contains("\"builtin.module\"") && !d.contains(": error:"),
                d,
            )
        })
        .collect()
}

#[derive(Default)]
struct Tally {
    cases: usize,
    accepted: usize,
    rejected: usize,
    unasserted: usize,
    kinds: BTreeMap<&'static str, usize>,
}

#[test]
fn rules_agree_with_stablehlo_verifiers() {
    let Some(tool) = iree_opt() else {
        assert!(
            std::env::var("SHAPE_OPT_REQUIRE_IREE").as_deref() != Ok("1"),
            "SHAPE_OPT_REQUIRE_IREE=1 but no iree-opt: set SHAPE_OPT_IREE_OPT or put it on PATH (scripts/install-iree)"
        );
        eprintln!("skipping: no iree-opt ($SHAPE_OPT_IREE_OPT unset and none on PATH; scripts/install-iree installs it)");
        return;
    };
    let started = std::time::Instant::now();
    let mut rng = Rng(shapegen::SplitMix64::new(0x5eed_0f51_ab1e));
    let mut samples: Vec<(&str, Case, Expect, &'static str)> = Vec::new();
    for &(family, generate, count) in FAMILIES {
        for _ in 0..count {
            let case = generate(&mut rng);
            let case = settle(&mut rng, case);
            let (expect, kind) = expectation(&case);
            samples.push((family, case, expect, kind));
        }
    }
    let chunks: Vec<String> = samples.iter().map(|(_, c, _, _)| c.text()).collect();
    let verdicts = run_oracle(&tool, &chunks);
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut wrong = Vec::new();
    for ((family, case, expect, kind), (accepted, diagnostics)) in samples.iter().zip(verdicts) {
        let t = tallies.entry(family).or_default();
        t.cases += 1;
        *t.kinds.entry(kind).or_default() += 1;
        match accepted {
            true => t.accepted += 1,
            false => t.rejected += 1,
        }
        match (expect, accepted) {
            (Expect::Unasserted, _) => t.unasserted += 1,
            (Expect::Accept, true) | (Expect::Reject, false) => {}
            _ => wrong.push((
                *family,
                format!(
                "{family}: expected {expect:?} ({kind}; rule: {:?}), iree-opt {}:\n{}{diagnostics}",
                case.verdict(),
                if accepted { "accepted" } else { "rejected" },
                case.text()
            ),
            )),
        }
    }
    eprintln!("family: cases, accepted/rejected by iree-opt, unasserted; rule verdicts");
    for (family, t) in &tallies {
        eprintln!(
            "{family}: {}, {}/{}, {}; {:?}",
            t.cases, t.accepted, t.rejected, t.unasserted, t.kinds
        );
    }
    eprintln!("{} samples in {:.1?}", samples.len(), started.elapsed());
    // The first two of each family.
    let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
    let first: Vec<&String> = wrong
        .iter()
        .filter(|(family, _)| {
            let n = shown.entry(family).or_default();
            *n += 1;
            *n <= 2
        })
        .map(|(_, w)| w)
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} samples disagree with StableHLO; the first of each family:\n{}",
        wrong.len(),
        samples.len(),
        first
            .iter()
            .map(|w| w.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
