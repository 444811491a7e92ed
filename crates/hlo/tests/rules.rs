//! Each covered op family's rule on hand-checked static cases, most from
//! the StableHLO specification's examples: the result shapes when every
//! check holds, the check that fails when one does not, and attributes the
//! rule declines. `spec_oracle.rs` (a heavy suite) compares the same rules
//! with StableHLO's verifiers on sampled cases.

mod common;

use common::{arg, constant, Case, Operand, Verdict};

fn f32s(shape: &[i64]) -> Operand {
    arg(shape, "f32")
}

/// `op` with `props` on `operands`, declaring `result`.
fn op(name: &str, operands: Vec<Operand>, props: &str, result: &[i64]) -> Case {
    Case {
        op: name.to_string(),
        operands,
        props: props.to_string(),
        regions: String::new(),
        results: vec![result.to_vec()],
        result_elems: vec!["f32"],
    }
}

/// Every check of `case` holds and its results are `expected`.
fn holds(case: &Case, expected: &[&[i64]]) {
    let expected: Vec<Vec<i64>> = expected.iter().map(|s| s.to_vec()).collect();
    assert_eq!(case.verdict(), Verdict::Holds(expected), "{}", case.text());
}

/// A check of `case` whose message has `message` fails; the results,
/// when they evaluate.
fn broken(case: &Case, message: &str) -> Option<Vec<Vec<i64>>> {
    match case.verdict() {
        Verdict::Broken { failed, shapes } => {
            assert!(
                failed.iter().any(|c| c.message.contains(message)),
                "no failed check says '{message}': {failed:?}\n{}",
                case.text()
            );
            shapes
        }
        v => panic!("expected a failed check, got {v:?}:\n{}", case.text()),
    }
}

fn declined(case: &Case) {
    assert_eq!(case.verdict(), Verdict::Declined, "{}", case.text());
}

#[test]
fn elementwise_ops_need_one_shape() {
    holds(
        &op(
            "stablehlo.add",
            vec![f32s(&[2, 2]), f32s(&[2, 2])],
            "",
            &[2, 2],
        ),
        &[&[2, 2]],
    );
    holds(&op("stablehlo.negate", vec![f32s(&[])], "", &[]), &[&[]]);
    let lt = "<{comparison_direction = #stablehlo<comparison_direction LT>}>";
    holds(
        &op("stablehlo.compare", vec![f32s(&[3]), f32s(&[3])], lt, &[3]),
        &[&[3]],
    );
    let add = op(
        "stablehlo.add",
        vec![f32s(&[2, 2]), f32s(&[2, 3])],
        "",
        &[2, 2],
    );
    assert_eq!(
        broken(&add, "operand 1 must have the shape of operand 0"),
        Some(vec![vec![2, 2]])
    );
}

#[test]
fn select_and_clamp_take_scalars_or_the_shape() {
    let select = |pred: &[i64], on_false: &[i64]| {
        op(
            "stablehlo.select",
            vec![arg(pred, "i1"), f32s(&[2, 2]), f32s(on_false)],
            "",
            &[2, 2],
        )
    };
    holds(&select(&[], &[2, 2]), &[&[2, 2]]);
    holds(&select(&[2, 2], &[2, 2]), &[&[2, 2]]);
    broken(
        &select(&[2], &[2, 2]),
        "operand 0 must have the shape of operand 1",
    );
    broken(
        &select(&[], &[]),
        "operand 2 must have the shape of operand 1",
    );
    let clamp = |min: &[i64], max: &[i64]| {
        op(
            "stablehlo.clamp",
            vec![f32s(min), f32s(&[3]), f32s(max)],
            "",
            &[3],
        )
    };
    holds(&clamp(&[], &[3]), &[&[3]]);
    broken(
        &clamp(&[], &[2]),
        "operand 2 must have the shape of operand 1",
    );
}

#[test]
fn chlo_broadcasts_as_numpy() {
    let add = |lhs: &[i64], rhs: &[i64], props: &str| {
        op("chlo.broadcast_add", vec![f32s(lhs), f32s(rhs)], props, &[])
    };
    holds(&add(&[2, 1], &[3], ""), &[&[2, 3]]);
    holds(
        &add(&[2, 1], &[3], "<{broadcast_dimensions = array<i64: 1>}>"),
        &[&[2, 3]],
    );
    holds(&add(&[], &[4, 0], ""), &[&[4, 0]]);
    assert_eq!(broken(&add(&[2], &[3], ""), "broadcastable"), None);
    // Dimensions other than NumPy's alignment: not this rule's.
    declined(&add(
        &[2, 3],
        &[2],
        "<{broadcast_dimensions = array<i64: 0>}>",
    ));
}

#[test]
fn broadcast_in_dim_maps_operand_dimensions_into_the_result() {
    let bid = |operand: &[i64], dims: &str, result: &[i64]| {
        let props = format!("<{{broadcast_dimensions = array<i64: {dims}>}}>");
        op(
            "stablehlo.broadcast_in_dim",
            vec![f32s(operand)],
            &props,
            result,
        )
    };
    // The specification's example.
    holds(&bid(&[1, 3], "2, 1", &[2, 3, 2]), &[&[2, 3, 2]]);
    broken(
        &bid(&[2, 3], "0, 1", &[3, 3]),
        "dimension 0 of the operand must be 1",
    );
    declined(&bid(&[1, 3], "1, 1", &[2, 3, 2]));
    declined(&bid(&[1, 3], "0, 3", &[2, 3, 2]));
    let dynamic = |operand: &[i64], shape: &[i64]| {
        op(
            "stablehlo.dynamic_broadcast_in_dim",
            vec![f32s(operand), constant(shape)],
            "<{broadcast_dimensions = array<i64: 2, 1>}>",
            shape,
        )
    };
    holds(&dynamic(&[1, 3], &[2, 3, 2]), &[&[2, 3, 2]]);
    broken(
        &dynamic(&[1, 3], &[2, 4, 2]),
        "dimension 1 of the operand must be 1",
    );
    let broadcast = |sizes: &str| {
        let props = format!("<{{broadcast_sizes = array<i64: {sizes}>}}>");
        op("stablehlo.broadcast", vec![f32s(&[2])], &props, &[])
    };
    holds(&broadcast("3, 1"), &[&[3, 1, 2]]);
    declined(&broadcast("-1"));
}

#[test]
fn reshapes_keep_the_element_count() {
    let reshape = |result: &[i64]| op("stablehlo.reshape", vec![f32s(&[2, 3])], "", result);
    holds(&reshape(&[3, 2]), &[&[3, 2]]);
    holds(&reshape(&[6, 1]), &[&[6, 1]]);
    broken(&reshape(&[4, 2]), "as many elements");
    let dynamic = |shape: &[i64]| {
        op(
            "stablehlo.dynamic_reshape",
            vec![f32s(&[2, 3]), constant(shape)],
            "",
            &[-1, -1],
        )
    };
    holds(&dynamic(&[3, 2]), &[&[3, 2]]);
    broken(&dynamic(&[-1, -6]), "must be non-negative");
}

#[test]
fn reduce_drops_its_dimensions() {
    let reducer = " ({\n  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):\n    \"stablehlo.return\"(%x0) : (tensor<f32>) -> ()\n  })";
    let reduce = |inputs: &[&[i64]], dims: &str| Case {
        op: "stablehlo.reduce".to_string(),
        operands: inputs
            .iter()
            .map(|s| f32s(s))
            .chain(inputs.iter().map(|_| f32s(&[])))
            .collect(),
        props: format!("<{{dimensions = array<i64: {dims}>}}>"),
        regions: reducer.to_string(),
        results: vec![Vec::new(); inputs.len()],
        result_elems: vec!["f32"; inputs.len()],
    };
    // The specification's example: [1, 6] reduced over dimension 1.
    holds(&reduce(&[&[1, 6]], "1"), &[&[1]]);
    holds(&reduce(&[&[2, 3, 4]], "2, 0"), &[&[3]]);
    holds(&reduce(&[&[2, 3], &[2, 3]], "0"), &[&[3], &[3]]);
    broken(
        &reduce(&[&[2, 3], &[3, 2]], "0"),
        "input 1 must have the shape of input 0",
    );
    declined(&reduce(&[&[2, 3]], "1, 1"));
    declined(&reduce(&[&[2, 3]], "2"));
}

#[test]
fn transpose_permutes() {
    let transpose = |perm: &str| {
        let props = format!("<{{permutation = array<i64: {perm}>}}>");
        op("stablehlo.transpose", vec![f32s(&[1, 2, 3])], &props, &[])
    };
    holds(&transpose("2, 1, 0"), &[&[3, 2, 1]]);
    holds(&transpose("1, 2, 0"), &[&[2, 3, 1]]);
    declined(&transpose("0, 0, 1"));
    declined(&transpose("0, 1"));
}

#[test]
fn concatenate_adds_along_its_dimension() {
    let concat = |operands: &[&[i64]], dim: i64| {
        let props = format!("<{{dimension = {dim} : i64}}>");
        op(
            "stablehlo.concatenate",
            operands.iter().map(|s| f32s(s)).collect(),
            &props,
            &[],
        )
    };
    // The specification's example.
    holds(&concat(&[&[3, 2], &[1, 2]], 0), &[&[4, 2]]);
    holds(&concat(&[&[2, 1], &[2, 0], &[2, 4]], 1), &[&[2, 5]]);
    broken(
        &concat(&[&[3, 2], &[1, 3]], 0),
        "dimension 1 of operand 1 must equal that of operand 0",
    );
    declined(&concat(&[&[3, 2]], 2));
}

#[test]
fn slices_stay_inside_the_operand() {
    let slice = |start: &str, limit: &str, strides: &str| {
        let props = format!(
            "<{{start_indices = array<i64: {start}>, limit_indices = array<i64: {limit}>, strides = array<i64: {strides}>}}>"
        );
        op("stablehlo.slice", vec![f32s(&[3, 4])], &props, &[])
    };
    holds(&slice("1, 2", "3, 4", "1, 1"), &[&[2, 2]]);
    holds(&slice("0, 0", "3, 4", "2, 3"), &[&[2, 2]]);
    broken(
        &slice("0, 0", "3, 5", "1, 1"),
        "the limit of dimension 1 must not exceed its extent",
    );
    declined(&slice("2, 0", "1, 4", "1, 1"));
    declined(&slice("0, 0", "3, 4", "0, 1"));
    let dynamic = |sizes: &str| {
        let props = format!("<{{slice_sizes = array<i64: {sizes}>}}>");
        let operands = vec![f32s(&[4, 4]), arg(&[], "i32"), arg(&[], "i32")];
        op("stablehlo.dynamic_slice", operands, &props, &[])
    };
    holds(&dynamic("2, 3"), &[&[2, 3]]);
    broken(
        &dynamic("5, 1"),
        "the slice size of dimension 0 must not exceed its extent",
    );
    declined(&dynamic("-1, 1"));
    // Three start indices for two dimensions.
    let scalars = vec![arg(&[], "i32"); 3];
    let props = "<{slice_sizes = array<i64: 2, 2>}>";
    let extra = op(
        "stablehlo.dynamic_slice",
        [vec![f32s(&[4, 4])], scalars].concat(),
        props,
        &[],
    );
    declined(&extra);
}

#[test]
fn pad_adds_edges_and_interior() {
    let pad = |operand: &[i64], low: &str, high: &str, interior: &str| {
        let props = format!(
            "<{{edge_padding_low = array<i64: {low}>, edge_padding_high = array<i64: {high}>, interior_padding = array<i64: {interior}>}}>"
        );
        op("stablehlo.pad", vec![f32s(operand), f32s(&[])], &props, &[])
    };
    // The specification's example.
    holds(&pad(&[2, 3], "0, 1", "2, 1", "1, 2"), &[&[5, 9]]);
    holds(&pad(&[4], "-1", "-2", "0"), &[&[1]]);
    holds(&pad(&[0], "1", "1", "3"), &[&[2]]);
    assert_eq!(
        broken(
            &pad(&[2], "-3", "0", "0"),
            "dimension 0 of the result must not be negative"
        ),
        Some(vec![vec![-1]])
    );
    declined(&pad(&[2], "0", "0", "-1"));
}

#[test]
fn iota_and_get_dimension_size_name_a_dimension() {
    let iota = |dim: i64, result: &[i64]| {
        op(
            "stablehlo.iota",
            Vec::new(),
            &format!("<{{iota_dimension = {dim} : i64}}>"),
            result,
        )
    };
    holds(&iota(1, &[4, 5]), &[&[4, 5]]);
    declined(&iota(2, &[4, 5]));
    declined(&iota(0, &[]));
    let dynamic = op(
        "stablehlo.dynamic_iota",
        vec![constant(&[4, 5])],
        "<{iota_dimension = 0 : i64}>",
        &[4, 5],
    );
    holds(&dynamic, &[&[4, 5]]);
    let size = |dim: i64| {
        let props = format!("<{{dimension = {dim} : i64}}>");
        op(
            "stablehlo.get_dimension_size",
            vec![f32s(&[2, 3])],
            &props,
            &[],
        )
    };
    holds(&size(1), &[&[]]);
    declined(&size(2));
}

#[test]
fn dots_contract_matching_dimensions() {
    let dot = |lhs: &[i64], rhs: &[i64]| op("stablehlo.dot", vec![f32s(lhs), f32s(rhs)], "", &[]);
    holds(&dot(&[2, 3], &[3, 4]), &[&[2, 4]]);
    holds(&dot(&[3], &[3]), &[&[]]);
    holds(&dot(&[2, 3], &[3]), &[&[2]]);
    broken(
        &dot(&[2, 3], &[4, 2]),
        "the contracting dimensions must be equal",
    );
    declined(&dot(&[2, 2, 3], &[3]));
    let general = |lhs: &[i64], rhs: &[i64], dims: &str| {
        let props = format!("<{{dot_dimension_numbers = #stablehlo.dot<{dims}>}}>");
        op(
            "stablehlo.dot_general",
            vec![f32s(lhs), f32s(rhs)],
            &props,
            &[],
        )
    };
    let bmm = "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]";
    // The specification's example.
    holds(&general(&[2, 2, 2], &[2, 2, 2], bmm), &[&[2, 2, 2]]);
    holds(&general(&[4, 2, 3], &[4, 3, 5], bmm), &[&[4, 2, 5]]);
    broken(
        &general(&[4, 2, 3], &[4, 2, 5], bmm),
        "contracting dimension 2 of lhs must equal dimension 1 of rhs",
    );
    broken(
        &general(&[4, 2, 3], &[1, 3, 5], bmm),
        "batching dimension 0 of lhs must equal dimension 0 of rhs",
    );
    // Contracting over two dimensions, the rhs's in another order, no batch.
    let two = "lhs_contracting_dimensions = [0, 2], rhs_contracting_dimensions = [2, 0]";
    holds(&general(&[2, 7, 3], &[3, 5, 2], two), &[&[7, 5]]);
    // A dimension both batching and contracting.
    let twice = "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]";
    declined(&general(&[2, 2], &[2, 2], twice));
}

#[test]
fn convolutions_slide_their_window() {
    let conv = |lhs: &[i64], rhs: &[i64], props: &str| {
        op(
            "stablehlo.convolution",
            vec![f32s(lhs), f32s(rhs)],
            &format!("<{{{props}}}>"),
            &[],
        )
    };
    // The specification's example: NHWC, strides 4, lhs dilation 2.
    let spec = "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 4, 4>, padding = dense<0> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64";
    holds(&conv(&[1, 4, 4, 1], &[3, 3, 1, 1], spec), &[&[1, 2, 2, 1]]);
    // NCHW, padding 1, stride 2: (5 + 2 - 3) / 2 + 1.
    let nchw = "dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>";
    holds(&conv(&[1, 3, 5, 5], &[6, 3, 3, 3], nchw), &[&[1, 6, 3, 3]]);
    broken(
        &conv(&[1, 2, 5, 5], &[6, 3, 3, 3], nchw),
        "the input features must be the kernel's input features",
    );
    // Grouped: 4 features in 2 groups of 2; a window larger than the input.
    let grouped = "dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 2 : i64";
    holds(&conv(&[1, 4, 2], &[6, 2, 3], grouped), &[&[1, 6, 0]]);
    broken(
        &conv(&[1, 4, 5], &[5, 2, 3], grouped),
        "multiple of feature_group_count",
    );
    let batched = "dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, batch_group_count = 2 : i64";
    holds(&conv(&[4, 3, 5], &[6, 3, 2], batched), &[&[2, 6, 4]]);
    broken(
        &conv(&[3, 3, 5], &[6, 3, 2], batched),
        "multiple of batch_group_count",
    );
    let both = "dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, batch_group_count = 2 : i64, feature_group_count = 2 : i64";
    declined(&conv(&[4, 4, 5], &[4, 2, 2], both));
    // The raw form; then one input dimension named batch and feature.
    let raw = |feature: usize| {
        format!("dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = {feature}, input_spatial_dimensions = [2], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2]>")
    };
    holds(&conv(&[2, 3, 5], &[4, 3, 2], &raw(1)), &[&[2, 4, 4]]);
    declined(&conv(&[3, 3, 5], &[4, 3, 2], &raw(0)));
}

#[test]
fn dynamic_slices_and_pads_read_their_bounds_from_operands() {
    let slice = |start: &[i64], limit: &[i64], strides: &[i64]| {
        let operands = vec![
            f32s(&[5, 4]),
            constant(start),
            constant(limit),
            constant(strides),
        ];
        op("stablehlo.real_dynamic_slice", operands, "", &[-1, -1])
    };
    holds(&slice(&[1, 0], &[5, 3], &[2, 1]), &[&[2, 3]]);
    broken(
        &slice(&[3, 0], &[2, 3], &[1, 1]),
        "dimension 0 must have 0 <= start",
    );
    broken(
        &slice(&[0, 0], &[5, 5], &[1, 1]),
        "its extent is out of order",
    );
    broken(
        &slice(&[0, 0], &[5, 4], &[1, 0]),
        "the stride of dimension 1",
    );
    let pad = |low: &[i64], high: &[i64], interior: &[i64]| {
        let operands = vec![
            f32s(&[3, 2]),
            f32s(&[]),
            constant(low),
            constant(high),
            constant(interior),
        ];
        op("stablehlo.dynamic_pad", operands, "", &[-1, -1])
    };
    // [3, 2] padded low [0, 1], high [2, 0], interior [1, 0]: [3 + 2 + 2, 2 + 1].
    holds(&pad(&[0, 1], &[2, 0], &[1, 0]), &[&[7, 3]]);
    broken(
        &pad(&[0, -5], &[0, 0], &[0, 0]),
        "dimension 1 of the result",
    );
    broken(
        &pad(&[0, 0], &[0, 0], &[-1, 0]),
        "interior padding of dimension 0",
    );
}

#[test]
fn reduce_window_slides_a_window_over_every_dimension() {
    let pool = |props: &str| {
        let reducer = "({\n^bb0(%a: tensor<f32>, %b: tensor<f32>):\n  %m = \"stablehlo.maximum\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  \"stablehlo.return\"(%m) : (tensor<f32>) -> ()\n})";
        Case {
            op: "stablehlo.reduce_window".to_string(),
            operands: vec![f32s(&[1, 3, 8, 8]), f32s(&[])],
            props: props.to_string(),
            regions: reducer.to_string(),
            results: vec![vec![-1, -1, -1, -1]],
            result_elems: vec!["f32"],
        }
    };
    // A 2x2 max pool of stride 2: [1, 3, 4, 4].
    holds(
        &pool("<{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}>"),
        &[&[1, 3, 4, 4]],
    );
    // 3x3, stride 1, padding 1 keeps the extent; a window dilated to 5
    // over 8 gives 4.
    holds(
        &pool("<{window_dimensions = array<i64: 1, 1, 3, 3>, padding = dense<[[0, 0], [0, 0], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 2>}>"),
        &[&[1, 3, 8, 4]],
    );
    declined(&pool("<{window_dimensions = array<i64: 1, 1, 2>}>"));
}

#[test]
fn batch_norm_inference_keeps_its_operand_shape() {
    let operands = vec![
        f32s(&[2, 4, 3]),
        f32s(&[4]),
        f32s(&[4]),
        f32s(&[4]),
        f32s(&[4]),
    ];
    let props = "<{epsilon = 1.000000e-05 : f32, feature_index = 1 : i64}>";
    holds(
        &op(
            "stablehlo.batch_norm_inference",
            operands,
            props,
            &[2, 4, 3],
        ),
        &[&[2, 4, 3]],
    );
}

#[test]
fn malformed_ops_get_no_rule_and_no_panic() {
    let names = [
        "stablehlo.add",
        "stablehlo.dot",
        "stablehlo.dot_general",
        "stablehlo.convolution",
        "stablehlo.dynamic_broadcast_in_dim",
        "stablehlo.broadcast_in_dim",
        "stablehlo.reduce",
        "stablehlo.reduce_window",
        "stablehlo.real_dynamic_slice",
        "stablehlo.dynamic_pad",
        "stablehlo.concatenate",
        "stablehlo.transpose",
        "stablehlo.pad",
        "chlo.broadcast_add",
    ];
    let props = [
        "",
        "<{dimension = 99 : i64}>",
        "<{permutation = array<i64: 7, -1>, dimensions = array<i64: 9223372036854775807>}>",
        "<{broadcast_dimensions = array<i64: -3>, window_dimensions = array<i64: 0>}>",
        "<{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [99]>, dimension_numbers = #stablehlo.conv<[b, f]x[o]->[]>}>",
    ];
    for name in names {
        for props in props {
            for operands in [vec![], vec![f32s(&[2])], vec![f32s(&[]), f32s(&[3, 0])]] {
                let case = op(name, operands, props, &[-1]);
                // Any verdict; none may panic.
                let _ = case.verdict();
            }
        }
    }
}
