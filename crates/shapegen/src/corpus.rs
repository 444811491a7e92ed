//! The shape functions of the benchmark corpus, one writer per family and
//! stage; deterministic (a function depends only on its family, stage and
//! index). Stage-1 functions are error-monadic (`!shape.shape`,
//! `!shape.size`, `error=` texts); stage-2 functions are constrained
//! (`cstr_*`, `shape.assuming`) on extent tensors and `index`, built only
//! from ops `mlir-opt` 22's shape lowering handles (`tensor.concat` and
//! `tensor.from_elements` instead of `shape.concat` and `from_extents`), so
//! both tools can lower the same stage-2 input to std.
//!
//! `crates/cli/examples/gen_corpus` writes them; `tests/gen_corpus.rs`
//! checks every family lowers.

use ir::OpKind;
use std::fmt::Write as _;

/// `shape.split_at`, which the corpus writes in generic form (as the
/// walk-through does).
const SPLIT_AT: OpKind = OpKind::ShapeSplitAt;

/// A family of shape functions; [`Family::Mixed`] takes the others in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Elementwise broadcast chains over 2–4 operands.
    Broadcast,
    /// Matmul (even indices) and batch matmul with broadcast batch
    /// dimensions (odd indices).
    Matmul,
    /// 2-D NHWC convolution: stride and padding arithmetic on extents.
    Conv,
    /// Concatenation along dimension 0 (even) and a split at a constant
    /// index (odd).
    ConcatSplit,
    /// Reshape checked by equal element counts (`num_elements`).
    Reshape,
    /// The five families above, round-robin.
    Mixed,
}

/// The form the functions are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Stage 1: error-monadic.
    ErrorMonadic,
    /// Stage 2: constrained.
    Constrained,
}

impl Family {
    pub const ALL: [Family; 6] = [
        Family::Broadcast,
        Family::Matmul,
        Family::Conv,
        Family::ConcatSplit,
        Family::Reshape,
        Family::Mixed,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Family::Broadcast => "broadcast",
            Family::Matmul => "matmul",
            Family::Conv => "conv",
            Family::ConcatSplit => "concat-split",
            Family::Reshape => "reshape",
            Family::Mixed => "mixed",
        }
    }

    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl Stage {
    pub const ALL: [Stage; 2] = [Stage::ErrorMonadic, Stage::Constrained];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Stage::ErrorMonadic => "stage1",
            Stage::Constrained => "stage2",
        }
    }

    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A module of `n` functions of `family` in `stage`.
pub fn module(n: usize, family: Family, stage: Stage) -> String {
    let mut out = String::from("module {\n");
    for i in 0..n {
        function(&mut out, family, stage, i);
    }
    out.push_str("}\n");
    out
}

/// The module of the original two-argument layouts: `stage2` is the
/// broadcast family in stage 2, `stage1` the legacy matmul on sizes, and
/// `mixed` alternates the two.
pub fn legacy_module(n: usize, layout: &str) -> String {
    let mut out = String::from("module {\n");
    for i in 0..n {
        match layout {
            "stage1" => legacy_matmul_stage1(&mut out, i),
            "stage2" => broadcast_stage2(&mut out, i),
            _ if i.is_multiple_of(2) => broadcast_stage2(&mut out, i),
            _ => legacy_matmul_stage1(&mut out, i),
        }
    }
    out.push_str("}\n");
    out
}

/// The `i`th function of `family` in `stage`.
fn function(out: &mut String, family: Family, stage: Stage, i: usize) {
    const ROUND_ROBIN: [Family; 5] = [
        Family::Broadcast,
        Family::Matmul,
        Family::Conv,
        Family::ConcatSplit,
        Family::Reshape,
    ];
    match (family, stage) {
        (Family::Mixed, _) => function(out, ROUND_ROBIN[i % ROUND_ROBIN.len()], stage, i),
        (Family::Broadcast, Stage::ErrorMonadic) => broadcast_stage1(out, i),
        (Family::Broadcast, Stage::Constrained) => broadcast_stage2(out, i),
        (Family::Matmul, Stage::ErrorMonadic) if i.is_multiple_of(2) => matmul_stage1(out, i),
        (Family::Matmul, Stage::ErrorMonadic) => batch_matmul_stage1(out, i),
        (Family::Matmul, Stage::Constrained) if i.is_multiple_of(2) => matmul_stage2(out, i),
        (Family::Matmul, Stage::Constrained) => batch_matmul_stage2(out, i),
        (Family::Conv, Stage::ErrorMonadic) => conv_stage1(out, i),
        (Family::Conv, Stage::Constrained) => conv_stage2(out, i),
        (Family::ConcatSplit, Stage::ErrorMonadic) if i.is_multiple_of(2) => concat_stage1(out, i),
        (Family::ConcatSplit, Stage::ErrorMonadic) => split_stage1(out, i),
        (Family::ConcatSplit, Stage::Constrained) if i.is_multiple_of(2) => concat_stage2(out, i),
        (Family::ConcatSplit, Stage::Constrained) => split_stage2(out, i),
        (Family::Reshape, Stage::ErrorMonadic) => reshape_stage1(out, i),
        (Family::Reshape, Stage::Constrained) => reshape_stage2(out, i),
    }
}

/// `%name0: T0, %name1: T1, ...`.
fn parameters(names: &[String], types: &[&str]) -> String {
    let list: Vec<String> = names
        .iter()
        .zip(types)
        .map(|(name, ty)| format!("%{name}: {ty}"))
        .collect();
    list.join(", ")
}

/// Operand `a` of broadcast function `i`: ranked and unranked alternate.
fn broadcast_operand_type(i: usize, a: usize) -> &'static str {
    if (i + a).is_multiple_of(2) {
        "tensor<?x?xf32>"
    } else {
        "tensor<*xf32>"
    }
}

/// ((a0 op a1) op a2) ... over 2–4 operands, one `shape.broadcast` per
/// elementwise op, each with its own `error=` text.
fn broadcast_stage1(out: &mut String, i: usize) {
    let n = 2 + i % 3;
    let names: Vec<String> = (0..n).map(|a| format!("a{a}")).collect();
    let types: Vec<&str> = (0..n).map(|a| broadcast_operand_type(i, a)).collect();
    let _ = writeln!(
        out,
        "  func.func @broadcast_chain_{i}({}) -> !shape.shape {{",
        parameters(&names, &types)
    );
    for (a, ty) in types.iter().enumerate() {
        let _ = writeln!(
            out,
            "    %s{a} = shape.shape_of %a{a} : {ty} -> !shape.shape"
        );
    }
    let mut acc = "s0".to_string();
    for a in 1..n {
        let _ = writeln!(
            out,
            "    %b{a} = shape.broadcast %{acc}, %s{a} {{error = \"op {a}: shapes must broadcast\"}} : !shape.shape, !shape.shape -> !shape.shape"
        );
        acc = format!("b{a}");
    }
    let _ = writeln!(out, "    return %{acc} : !shape.shape");
    let _ = writeln!(out, "  }}");
}

/// The original stage-2 corpus function (kept byte for byte): a broadcast
/// of 2–4 shapes under `cstr_broadcastable`, then an extent check.
fn broadcast_stage2(out: &mut String, i: usize) {
    let n = 2 + i % 3;
    let _ = write!(out, "  func.func @broadcast_chain_{i}(");
    for a in 0..n {
        let _ = write!(
            out,
            "{}%arg{a}: tensor<?x?xf32>",
            if a > 0 { ", " } else { "" }
        );
    }
    let _ = writeln!(out, ") -> tensor<?xindex> {{");
    let _ = writeln!(out, "    %c0 = arith.constant 0 : index");
    let _ = writeln!(out, "    %c1 = arith.constant 1 : index");
    for a in 0..n {
        let _ = writeln!(
            out,
            "    %{a} = shape.shape_of %arg{a} : tensor<?x?xf32> -> tensor<?xindex>"
        );
    }
    let list: Vec<String> = (0..n).map(|a| format!("%{a}")).collect();
    let types = vec!["tensor<?xindex>"; n].join(", ");
    let list = list.join(", ");
    let _ = writeln!(out, "    %{n} = shape.cstr_broadcastable {list} : {types}");
    let r = n + 1;
    let _ = writeln!(
        out,
        "    %{r} = shape.assuming %{n} -> (tensor<?xindex>) {{"
    );
    let _ = writeln!(
        out,
        "      %{} = shape.broadcast {list} : {types} -> tensor<?xindex>",
        r + 4
    );
    let _ = writeln!(
        out,
        "      shape.assuming_yield %{} : tensor<?xindex>",
        r + 4
    );
    let _ = writeln!(out, "    }}");
    let _ = writeln!(
        out,
        "    %{} = shape.get_extent %{r}, %c{} : tensor<?xindex>, index -> index",
        r + 1,
        i % 2
    );
    let _ = writeln!(out, "    %{} = arith.addi %{}, %c1 : index", r + 2, r + 1);
    let _ = writeln!(
        out,
        "    %{} = arith.cmpi sgt, %{}, %c0 : index",
        r + 3,
        r + 2
    );
    let _ = writeln!(out, "    cf.assert %{}, \"extent must be positive\"", r + 3);
    let _ = writeln!(out, "    return %{r} : tensor<?xindex>");
    let _ = writeln!(out, "  }}");
}

/// The original stage-1 corpus function (kept byte for byte): ranks met,
/// batch dimensions broadcast, the last extent of the rhs appended.
fn legacy_matmul_stage1(out: &mut String, i: usize) {
    let _ = writeln!(
        out,
        "  func.func @matmul_shape_{i}(%arg0: !shape.shape, %arg1: !shape.shape) -> !shape.shape {{"
    );
    let _ = writeln!(
        out,
        "    %0 = shape.rank %arg0 : !shape.shape -> !shape.size"
    );
    let _ = writeln!(
        out,
        "    %1 = shape.rank %arg1 : !shape.shape -> !shape.size"
    );
    let _ = writeln!(out, "    %2 = shape.meet %0, %1, error = \"ranks must match\" : !shape.size, !shape.size -> !shape.size");
    let _ = writeln!(out, "    %c-1 = shape.const_size -1");
    let _ = writeln!(out, "    %head, %tail = \"{SPLIT_AT}\"(%arg0, %c-1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)");
    let _ = writeln!(out, "    %head_0, %tail_1 = \"{SPLIT_AT}\"(%arg1, %c-1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)");
    let _ = writeln!(
        out,
        "    %3 = shape.broadcast %head, %head_0 : !shape.shape, !shape.shape -> !shape.shape"
    );
    let _ = writeln!(
        out,
        "    %4 = shape.concat %3, %tail_1 : !shape.shape, !shape.shape -> !shape.shape"
    );
    let _ = writeln!(
        out,
        "    %5 = shape.num_elements %4 : !shape.shape -> !shape.size"
    );
    let _ = writeln!(out, "    return %4 : !shape.shape");
    let _ = writeln!(out, "  }}");
}

/// The walk-through's matmul: [m, k] x [k, n] gives [m, n].
fn matmul_stage1(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"  func.func @matmul_{i}(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> !shape.shape {{
    %c1 = shape.const_size 1
    %c2 = shape.const_size 2
    %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> !shape.shape
    %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> !shape.shape
    %lhs_rank = shape.rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = shape.rank %rhs_shape : !shape.shape -> !shape.size
    %r = shape.meet %lhs_rank, %rhs_rank : !shape.size, !shape.size -> !shape.size
    %rank = shape.meet %c2, %r, error = "requires rank 2 operands" : !shape.size, !shape.size -> !shape.size
    %l0, %l1 = "{SPLIT_AT}"(%lhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %r0, %r1 = "{SPLIT_AT}"(%rhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %k = shape.meet %l1, %r0, error = "inner dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %res = shape.concat %l0, %r1 : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }}
"#
    );
}

/// [b..., m, k] x [c..., k, n] gives [broadcast(b, c)..., m, n].
fn batch_matmul_stage1(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"  func.func @batch_matmul_{i}(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> !shape.shape {{
    %c1 = shape.const_size 1
    %c2 = shape.const_size 2
    %cm2 = arith.constant -2 : index
    %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> !shape.shape
    %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> !shape.shape
    %lhs_rank = shape.rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = shape.rank %rhs_shape : !shape.shape -> !shape.size
    %lhs_min = shape.min %lhs_rank, %c2 : !shape.size, !shape.size -> !shape.size
    %rhs_min = shape.min %rhs_rank, %c2 : !shape.size, !shape.size -> !shape.size
    %lhs_ok = shape.meet %lhs_min, %c2, error = "batch matmul requires an lhs of rank >= 2" : !shape.size, !shape.size -> !shape.size
    %rhs_ok = shape.meet %rhs_min, %c2, error = "batch matmul requires an rhs of rank >= 2" : !shape.size, !shape.size -> !shape.size
    %lhs_batch, %lhs_mk = "{SPLIT_AT}"(%lhs_shape, %cm2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %rhs_batch, %rhs_kn = "{SPLIT_AT}"(%rhs_shape, %cm2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
    %m, %lhs_k = "{SPLIT_AT}"(%lhs_mk, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %rhs_k, %n = "{SPLIT_AT}"(%rhs_kn, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %k = shape.meet %lhs_k, %rhs_k, error = "contracting dimensions required to match" : !shape.shape, !shape.shape -> !shape.shape
    %batch = shape.broadcast %lhs_batch, %rhs_batch {{error = "batch dimensions must broadcast"}} : !shape.shape, !shape.shape -> !shape.shape
    %batch_m = shape.concat %batch, %m : !shape.shape, !shape.shape -> !shape.shape
    %res = shape.concat %batch_m, %n : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }}
"#
    );
}

/// Matmul in the constrained form upstream lowers: rank checks, then the
/// inner-dimension check, then the result from its two extents.
fn matmul_stage2(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"  func.func @matmul_{i}(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
    %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
    %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
    %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
    %lhs_rank_ok = arith.cmpi eq, %lhs_rank, %c2 : index
    %rhs_rank_ok = arith.cmpi eq, %rhs_rank, %c2 : index
    %w_lhs = shape.cstr_require %lhs_rank_ok, "requires rank 2 operands"
    %w_rhs = shape.cstr_require %rhs_rank_ok, "requires rank 2 operands"
    %w_ranks = shape.assuming_all %w_lhs, %w_rhs
    %res = shape.assuming %w_ranks -> tensor<?xindex> {{
      %l0, %l1 = "{SPLIT_AT}"(%lhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %r0, %r1 = "{SPLIT_AT}"(%rhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %w_inner = shape.cstr_eq %l1, %r0 : tensor<?xindex>, tensor<?xindex>
      %res_inner = shape.assuming %w_inner -> tensor<?xindex> {{
        %m = shape.get_extent %l0, %c0 : tensor<?xindex>, index -> index
        %n = shape.get_extent %r1, %c0 : tensor<?xindex>, index -> index
        %mn = tensor.from_elements %m, %n : tensor<2xindex>
        %mn_dynamic = tensor.cast %mn : tensor<2xindex> to tensor<?xindex>
        shape.assuming_yield %mn_dynamic : tensor<?xindex>
      }}
      shape.assuming_yield %res_inner : tensor<?xindex>
    }}
    return %res : tensor<?xindex>
  }}
"#
    );
}

/// Batch matmul in the constrained form upstream lowers (`tensor.concat`
/// assembles the result).
fn batch_matmul_stage2(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"  func.func @batch_matmul_{i}(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {{
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cm2 = arith.constant -2 : index
    %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
    %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
    %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
    %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
    %lhs_ok = arith.cmpi uge, %lhs_rank, %c2 : index
    %rhs_ok = arith.cmpi uge, %rhs_rank, %c2 : index
    %w_lhs = shape.cstr_require %lhs_ok, "batch matmul requires rank >= 2"
    %w_rhs = shape.cstr_require %rhs_ok, "batch matmul requires rank >= 2"
    %w_ranks = shape.assuming_all %w_lhs, %w_rhs
    %res = shape.assuming %w_ranks -> tensor<?xindex> {{
      %lb, %lmk = "{SPLIT_AT}"(%lhs_shape, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %rb, %rkn = "{SPLIT_AT}"(%rhs_shape, %cm2) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %lm, %lk = "{SPLIT_AT}"(%lmk, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %rk, %rn = "{SPLIT_AT}"(%rkn, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %w_k = shape.cstr_eq %lk, %rk : tensor<?xindex>, tensor<?xindex>
      %w_batch = shape.cstr_broadcastable %lb, %rb : tensor<?xindex>, tensor<?xindex>
      %w_kb = shape.assuming_all %w_k, %w_batch
      %res_kb = shape.assuming %w_kb -> tensor<?xindex> {{
        %batch = shape.broadcast %lb, %rb : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
        %full = tensor.concat dim(0) %batch, %lm, %rn : (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
        shape.assuming_yield %full : tensor<?xindex>
      }}
      shape.assuming_yield %res_kb : tensor<?xindex>
    }}
    return %res : tensor<?xindex>
  }}
"#
    );
}

/// The padding of conv function `i`: 0, 1 or 2.
fn conv_padding(i: usize) -> usize {
    i % 3
}

/// NHWC conv: input [N, H, W, C], filter [KH, KW, C, F] give
/// [N, OH, OW, F] with OH = (H + 2·pad − KH) floordiv stride + 1; the
/// stride is an argument, the padding a constant.
fn conv_stage1(out: &mut String, i: usize) {
    let pad = conv_padding(i);
    let _ = write!(
        out,
        r#"  func.func @conv2d_nhwc_{i}(%input: tensor<?x?x?x?xf32>, %filter: tensor<?x?x?x?xf32>, %stride: !shape.size) -> !shape.shape {{
    %c0 = shape.const_size 0
    %c1 = shape.const_size 1
    %c2 = shape.const_size 2
    %c3 = shape.const_size 3
    %pad = shape.const_size {pad}
    %in = shape.shape_of %input : tensor<?x?x?x?xf32> -> !shape.shape
    %fi = shape.shape_of %filter : tensor<?x?x?x?xf32> -> !shape.shape
    %stride_max = shape.max %stride, %c1 : !shape.size, !shape.size -> !shape.size
    %stride_ok = shape.meet %stride_max, %stride, error = "stride must be positive" : !shape.size, !shape.size -> !shape.size
    %c = shape.get_extent %in, %c3 : !shape.shape, !shape.size -> !shape.size
    %fc = shape.get_extent %fi, %c2 : !shape.shape, !shape.size -> !shape.size
    %channels = shape.meet %c, %fc, error = "input channels must match the filter's" : !shape.size, !shape.size -> !shape.size
    %n = shape.get_extent %in, %c0 : !shape.shape, !shape.size -> !shape.size
    %h = shape.get_extent %in, %c1 : !shape.shape, !shape.size -> !shape.size
    %w = shape.get_extent %in, %c2 : !shape.shape, !shape.size -> !shape.size
    %kh = shape.get_extent %fi, %c0 : !shape.shape, !shape.size -> !shape.size
    %kw = shape.get_extent %fi, %c1 : !shape.shape, !shape.size -> !shape.size
    %f = shape.get_extent %fi, %c3 : !shape.shape, !shape.size -> !shape.size
    %pad2 = shape.mul %pad, %c2 : !shape.size, !shape.size -> !shape.size
    %hp = shape.add %h, %pad2 : !shape.size, !shape.size -> !shape.size
    %wp = shape.add %w, %pad2 : !shape.size, !shape.size -> !shape.size
    %hp_max = shape.max %hp, %kh : !shape.size, !shape.size -> !shape.size
    %h_ok = shape.meet %hp_max, %hp, error = "output height must be positive" : !shape.size, !shape.size -> !shape.size
    %wp_max = shape.max %wp, %kw : !shape.size, !shape.size -> !shape.size
    %w_ok = shape.meet %wp_max, %wp, error = "output width must be positive" : !shape.size, !shape.size -> !shape.size
    %hp_i = shape.size_to_index %hp : !shape.size
    %kh_i = shape.size_to_index %kh : !shape.size
    %wp_i = shape.size_to_index %wp : !shape.size
    %kw_i = shape.size_to_index %kw : !shape.size
    %h_span_i = arith.subi %hp_i, %kh_i : index
    %w_span_i = arith.subi %wp_i, %kw_i : index
    %h_span = shape.index_to_size %h_span_i
    %w_span = shape.index_to_size %w_span_i
    %h_steps = shape.div %h_span, %stride : !shape.size, !shape.size -> !shape.size
    %w_steps = shape.div %w_span, %stride : !shape.size, !shape.size -> !shape.size
    %oh = shape.add %h_steps, %c1 : !shape.size, !shape.size -> !shape.size
    %ow = shape.add %w_steps, %c1 : !shape.size, !shape.size -> !shape.size
    %res = shape.from_extents %n, %oh, %ow, %f : !shape.size, !shape.size, !shape.size, !shape.size
    return %res : !shape.shape
  }}
"#
    );
}

/// The NHWC conv in constrained form: the four checks as `cstr_require`s on
/// `index` comparisons, the output extents computed under them.
fn conv_stage2(out: &mut String, i: usize) {
    let pad2 = 2 * conv_padding(i);
    let _ = write!(
        out,
        r#"  func.func @conv2d_nhwc_{i}(%input: tensor<?x?x?x?xf32>, %filter: tensor<?x?x?x?xf32>, %stride: index) -> tensor<?xindex> {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %pad2 = arith.constant {pad2} : index
    %in = shape.shape_of %input : tensor<?x?x?x?xf32> -> tensor<?xindex>
    %fi = shape.shape_of %filter : tensor<?x?x?x?xf32> -> tensor<?xindex>
    %stride_ok = arith.cmpi sgt, %stride, %c0 : index
    %w_stride = shape.cstr_require %stride_ok, "stride must be positive"
    %c = shape.get_extent %in, %c3 : tensor<?xindex>, index -> index
    %fc = shape.get_extent %fi, %c2 : tensor<?xindex>, index -> index
    %channels_ok = arith.cmpi eq, %c, %fc : index
    %w_channels = shape.cstr_require %channels_ok, "input channels must match the filter's"
    %h = shape.get_extent %in, %c1 : tensor<?xindex>, index -> index
    %w = shape.get_extent %in, %c2 : tensor<?xindex>, index -> index
    %kh = shape.get_extent %fi, %c0 : tensor<?xindex>, index -> index
    %kw = shape.get_extent %fi, %c1 : tensor<?xindex>, index -> index
    %hp = arith.addi %h, %pad2 : index
    %wp = arith.addi %w, %pad2 : index
    %h_fits = arith.cmpi sge, %hp, %kh : index
    %w_fits = arith.cmpi sge, %wp, %kw : index
    %w_height = shape.cstr_require %h_fits, "output height must be positive"
    %w_width = shape.cstr_require %w_fits, "output width must be positive"
    %w_all = shape.assuming_all %w_stride, %w_channels, %w_height, %w_width
    %res = shape.assuming %w_all -> tensor<?xindex> {{
      %n = shape.get_extent %in, %c0 : tensor<?xindex>, index -> index
      %f = shape.get_extent %fi, %c3 : tensor<?xindex>, index -> index
      %h_span = arith.subi %hp, %kh : index
      %w_span = arith.subi %wp, %kw : index
      %h_steps = arith.floordivsi %h_span, %stride : index
      %w_steps = arith.floordivsi %w_span, %stride : index
      %oh = arith.addi %h_steps, %c1 : index
      %ow = arith.addi %w_steps, %c1 : index
      %nhwf = tensor.from_elements %n, %oh, %ow, %f : tensor<4xindex>
      %nhwf_dynamic = tensor.cast %nhwf : tensor<4xindex> to tensor<?xindex>
      shape.assuming_yield %nhwf_dynamic : tensor<?xindex>
    }}
    return %res : tensor<?xindex>
  }}
"#
    );
}

/// [a0, t...] ++ [b0, t...] gives [a0 + b0, t...] on unranked operands.
fn concat_stage1(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"  func.func @concat_{i}(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> !shape.shape {{
    %c0 = shape.const_size 0
    %c1 = shape.const_size 1
    %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> !shape.shape
    %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> !shape.shape
    %lhs_rank = shape.rank %lhs_shape : !shape.shape -> !shape.size
    %rhs_rank = shape.rank %rhs_shape : !shape.shape -> !shape.size
    %rank = shape.meet %lhs_rank, %rhs_rank, error = "concat requires operands of equal rank" : !shape.size, !shape.size -> !shape.size
    %rank_min = shape.min %rank, %c1 : !shape.size, !shape.size -> !shape.size
    %nonscalar = shape.meet %rank_min, %c1, error = "concat requires operands of rank >= 1" : !shape.size, !shape.size -> !shape.size
    %lhs_head, %lhs_tail = "{SPLIT_AT}"(%lhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %rhs_head, %rhs_tail = "{SPLIT_AT}"(%rhs_shape, %c1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %tail = shape.meet %lhs_tail, %rhs_tail, error = "concat requires equal trailing dimensions" : !shape.shape, !shape.shape -> !shape.shape
    %lhs_rows = shape.get_extent %lhs_shape, %c0 : !shape.shape, !shape.size -> !shape.size
    %rhs_rows = shape.get_extent %rhs_shape, %c0 : !shape.shape, !shape.size -> !shape.size
    %rows = shape.add %lhs_rows, %rhs_rows : !shape.size, !shape.size -> !shape.size
    %head = shape.from_extents %rows : !shape.size
    %res = shape.concat %head, %tail : !shape.shape, !shape.shape -> !shape.shape
    return %res : !shape.shape
  }}
"#
    );
}

/// The split index of split function `i`: 1 or 2.
fn split_index(i: usize) -> usize {
    1 + (i / 2) % 2
}

/// A shape split at a constant index: the head, the tail and the tail's
/// first extent.
fn split_stage1(out: &mut String, i: usize) {
    let k = split_index(i);
    let _ = write!(
        out,
        r#"  func.func @split_{i}(%a: tensor<*xf32>) -> (!shape.shape, !shape.shape, !shape.size) {{
    %c0 = shape.const_size 0
    %k = shape.const_size {k}
    %shape = shape.shape_of %a : tensor<*xf32> -> !shape.shape
    %head, %tail = "{SPLIT_AT}"(%shape, %k) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
    %first = shape.get_extent %tail, %c0 : !shape.shape, !shape.size -> !shape.size
    return %head, %tail, %first : !shape.shape, !shape.shape, !shape.size
  }}
"#
    );
}

/// Concatenation in the constrained form upstream lowers: the new leading
/// extent by `tensor.from_elements`, the result by `tensor.concat`.
fn concat_stage2(out: &mut String, i: usize) {
    let _ = write!(
        out,
        r#"  func.func @concat_{i}(%lhs: tensor<*xf32>, %rhs: tensor<*xf32>) -> tensor<?xindex> {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lhs_shape = shape.shape_of %lhs : tensor<*xf32> -> tensor<?xindex>
    %rhs_shape = shape.shape_of %rhs : tensor<*xf32> -> tensor<?xindex>
    %lhs_rank = shape.rank %lhs_shape : tensor<?xindex> -> index
    %rhs_rank = shape.rank %rhs_shape : tensor<?xindex> -> index
    %same_rank = arith.cmpi eq, %lhs_rank, %rhs_rank : index
    %nonscalar = arith.cmpi uge, %lhs_rank, %c1 : index
    %w_rank = shape.cstr_require %same_rank, "concat requires operands of equal rank"
    %w_nonscalar = shape.cstr_require %nonscalar, "concat requires operands of rank >= 1"
    %w_ranks = shape.assuming_all %w_rank, %w_nonscalar
    %res = shape.assuming %w_ranks -> tensor<?xindex> {{
      %lhs_head, %lhs_tail = "{SPLIT_AT}"(%lhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %rhs_head, %rhs_tail = "{SPLIT_AT}"(%rhs_shape, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %w_tail = shape.cstr_eq %lhs_tail, %rhs_tail : tensor<?xindex>, tensor<?xindex>
      %res_tail = shape.assuming %w_tail -> tensor<?xindex> {{
        %lhs_rows = shape.get_extent %lhs_shape, %c0 : tensor<?xindex>, index -> index
        %rhs_rows = shape.get_extent %rhs_shape, %c0 : tensor<?xindex>, index -> index
        %rows = arith.addi %lhs_rows, %rhs_rows : index
        %head = tensor.from_elements %rows : tensor<1xindex>
        %full = tensor.concat dim(0) %head, %lhs_tail : (tensor<1xindex>, tensor<?xindex>) -> tensor<?xindex>
        shape.assuming_yield %full : tensor<?xindex>
      }}
      shape.assuming_yield %res_tail : tensor<?xindex>
    }}
    return %res : tensor<?xindex>
  }}
"#
    );
}

/// A split at a constant index in constrained form; the tail's first
/// extent, or 1 when the tail is empty.
fn split_stage2(out: &mut String, i: usize) {
    let k = split_index(i);
    let _ = write!(
        out,
        r#"  func.func @split_{i}(%a: tensor<*xf32>) -> (tensor<?xindex>, tensor<?xindex>, index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant {k} : index
    %shape = shape.shape_of %a : tensor<*xf32> -> tensor<?xindex>
    %rank = shape.rank %shape : tensor<?xindex> -> index
    %in_range = arith.cmpi ule, %k, %rank : index
    %w = shape.cstr_require %in_range, "split index out of range"
    %res:3 = shape.assuming %w -> (tensor<?xindex>, tensor<?xindex>, index) {{
      %head, %tail = "{SPLIT_AT}"(%shape, %k) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
      %tail_rank = shape.rank %tail : tensor<?xindex> -> index
      %tail_empty = arith.cmpi eq, %tail_rank, %c0 : index
      %first = scf.if %tail_empty -> (index) {{
        scf.yield %c1 : index
      }} else {{
        %e = shape.get_extent %tail, %c0 : tensor<?xindex>, index -> index
        scf.yield %e : index
      }}
      shape.assuming_yield %head, %tail, %first : tensor<?xindex>, tensor<?xindex>, index
    }}
    return %res#0, %res#1, %res#2 : tensor<?xindex>, tensor<?xindex>, index
  }}
"#
    );
}

/// The type of the tensor whose shape reshape function `i` targets:
/// unranked (even) or rank 2 (odd).
fn reshape_target_type(i: usize) -> &'static str {
    if i.is_multiple_of(2) {
        "tensor<*xf32>"
    } else {
        "tensor<?x?xf32>"
    }
}

/// A reshape of %operand into the shape of %target, checked by element
/// count: the target shape and the count.
fn reshape_stage1(out: &mut String, i: usize) {
    let target = reshape_target_type(i);
    let _ = write!(
        out,
        r#"  func.func @reshape_{i}(%operand: tensor<*xf32>, %target: {target}) -> (!shape.shape, !shape.size) {{
    %shape = shape.shape_of %operand : tensor<*xf32> -> !shape.shape
    %target_shape = shape.shape_of %target : {target} -> !shape.shape
    %count = shape.num_elements %shape : !shape.shape -> !shape.size
    %target_count = shape.num_elements %target_shape : !shape.shape -> !shape.size
    %same = shape.meet %count, %target_count, error = "reshape must keep the number of elements" : !shape.size, !shape.size -> !shape.size
    return %target_shape, %same : !shape.shape, !shape.size
  }}
"#
    );
}

/// The reshape check in constrained form.
fn reshape_stage2(out: &mut String, i: usize) {
    let target = reshape_target_type(i);
    let _ = write!(
        out,
        r#"  func.func @reshape_{i}(%operand: tensor<*xf32>, %target: {target}) -> (tensor<?xindex>, index) {{
    %shape = shape.shape_of %operand : tensor<*xf32> -> tensor<?xindex>
    %target_shape = shape.shape_of %target : {target} -> tensor<?xindex>
    %count = shape.num_elements %shape : tensor<?xindex> -> index
    %target_count = shape.num_elements %target_shape : tensor<?xindex> -> index
    %same = arith.cmpi eq, %count, %target_count : index
    %w = shape.cstr_require %same, "reshape requires equal element counts"
    %res:2 = shape.assuming %w -> (tensor<?xindex>, index) {{
      shape.assuming_yield %target_shape, %target_count : tensor<?xindex>, index
    }}
    return %res#0, %res#1 : tensor<?xindex>, index
  }}
"#
    );
}
