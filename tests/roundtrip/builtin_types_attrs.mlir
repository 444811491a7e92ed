// test: roundtrip
module {
  func.func @int_widths(%arg0: i1, %arg1: i2, %arg2: i4, %arg3: i7, %arg4: i8, %arg5: i16, %arg6: i32, %arg7: i64, %arg8: i128, %arg9: i256) {
    return
  }
}

// -----
module {
  func.func @signedness(%arg0: si8, %arg1: ui8, %arg2: si32, %arg3: ui64, %arg4: si1, %arg5: ui1) {
    return
  }
}

// -----
module {
  func.func @float_types(%arg0: f16, %arg1: bf16, %arg2: f32, %arg3: f64, %arg4: f80, %arg5: f128, %arg6: tf32) {
    return
  }
}

// -----
module {
  func.func @small_float_types(%arg0: f8E4M3FN, %arg1: f8E5M2, %arg2: f8E4M3FNUZ, %arg3: f8E5M2FNUZ, %arg4: f8E4M3B11FNUZ, %arg5: f4E2M1FN, %arg6: f6E2M3FN, %arg7: f8E8M0FNU) {
    return
  }
}

// -----
module {
  func.func @index_none(%arg0: index, %arg1: none) {
    return
  }
}

// -----
module {
  func.func @tensor_types(%arg0: tensor<f32>, %arg1: tensor<4xf32>, %arg2: tensor<?xf32>, %arg3: tensor<2x?x3xi8>, %arg4: tensor<*xf32>, %arg5: tensor<0xi32>, %arg6: tensor<1x1x1x1xindex>) {
    return
  }
}

// -----
module {
  func.func @tensor_encoding(%arg0: tensor<4xf32, "sparse">, %arg1: tensor<?x?xf64, {key = 1 : i64}>, %arg2: tensor<8xi1, #foo.enc<bar>>) {
    return
  }
}

// -----
module {
  func.func @tensor_of_complex(%arg0: tensor<4xcomplex<f32>>, %arg1: complex<f64>, %arg2: complex<i32>) {
    return
  }
}

// -----
module {
  func.func @memref_types(%arg0: memref<f32>, %arg1: memref<4xf32>, %arg2: memref<?x?xf32>, %arg3: memref<*xf32>, %arg4: memref<2x3xi8>) {
    return
  }
}

// -----
module {
  func.func @memref_memspace(%arg0: memref<4xf32, 1>, %arg1: memref<4xf32, "gpu">, %arg2: memref<*xf32, 3>, %arg3: memref<2x?xi8>) {
    return
  }
}

// -----
module {
  func.func @memref_strided(%arg0: memref<4x4xf32, strided<[4, 1]>>, %arg1: memref<?xf32, strided<[?], offset: ?>>, %arg2: memref<4xf32, strided<[2], offset: 5>>, %arg3: memref<2x2xf32, strided<[?, 1]>>) {
    return
  }
}

// -----
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 2)>
module {
  func.func @memref_affine_layout(%arg0: memref<4x4xf32, #map>, %arg1: memref<8xf32, #map1, 2>) {
    return
  }
}

// -----
module {
  func.func @memref_identity_layout(%arg0: memref<4x4xf32>) {
    return
  }
}

// -----
module {
  func.func @vector_types(%arg0: vector<4xf32>, %arg1: vector<2x3xi8>, %arg2: vector<[4]xf32>, %arg3: vector<2x[8]xi1>, %arg4: vector<index>, %arg5: vector<1xindex>) {
    return
  }
}

// -----
module {
  func.func @tuple_types(%arg0: tuple<>, %arg1: tuple<i32>, %arg2: tuple<i32, f32, tuple<index>>) {
    return
  }
}

// -----
module {
  func.func @function_types(%arg0: () -> (), %arg1: (i32) -> i32, %arg2: (i32, i32) -> (f32, f32), %arg3: ((i32) -> i32) -> (), %arg4: () -> (() -> ())) {
    return
  }
}

// -----
module {
  func.func @opaque_dialect_types(%arg0: !foo.bar, %arg1: !foo<"baz">, %arg2: !foo.type<1, 2>, %arg3: !foo.nested<tensor<4xf32>>) {
    return
  }
}

// -----
module {
  func.func @type_alias(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    return %arg0 : tensor<4x4xf32>
  }
}

// -----
module {
  func.func @unused_type_alias(%arg0: i32) {
    return
  }
}

// -----
module {
  func.func @alias_of_builtin_scalar(%arg0: i32) {
    return
  }
}

// -----
#map = affine_map<(d0) -> (d0 * 2)>
module {
  func.func @attr_alias() attributes {m = #map} {
    return
  }
}

// -----
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @auto_map_alias() attributes {m1 = #map, m2 = #map1, m3 = #map} {
    return
  }
}

// -----
#map = affine_map<() -> (0)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0, d0 * 4 - s0)>
#map2 = affine_map<(d0, d1) -> (d0 floordiv 2, d1 ceildiv 3, d0 mod 5)>
module {
  func.func @affine_map_forms() attributes {a = #map, b = #map1, c = #map2} {
    return
  }
}

// -----
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  func.func @integer_set_attr() attributes {s = #set} {
    return
  }
}

// -----
module {
  func.func @int_attrs() attributes {a = 1 : i64, b = -1 : i8, c = 0 : index, d = 42 : i16, e = 255 : ui8, f = -128 : si8, g = true, h = false, i = true} {
    return
  }
}

// -----
module {
  func.func @float_attrs() attributes {a = 1.000000e+00 : f64, b = 1.000000e+00 : f32, c = 1.000000e-01 : f64, d = 1.500000e+10 : f32, e = -2.000000e+00 : f16, f = 0x7FC00000 : f32, g = 0xFF800000 : f32, h = 2.000000e+00 : bf16} {
    return
  }
}

// -----
module {
  func.func @float_attr_more() attributes {a = 3.40282347E+38 : f32, b = 1.17549435E-38 : f32, c = 4.940660e-324 : f64, d = 1.234560e+02 : f64, e = 1.000000e-07 : f32, f = 3.000000e-01 : f32} {
    return
  }
}

// -----
module {
  func.func @float_attr_int_like() attributes {a = 1.000000e+06 : f32, b = 0x4996B438 : f32, c = 1.005000e+02 : f32, d = 1.000000e+20 : f64, e = 6.553600e+04 : f32, f = 3.000000e+06 : f64} {
    return
  }
}

// -----
module {
  func.func @string_attrs() attributes {a = "", b = "hello", c = "with \22quotes\22", d = "tab\09here", e = "nl\0Ahere", f = "back\\slash", g = "\00\01\7F", h = "unicode \C3\A9"} {
    return
  }
}

// -----
module {
  func.func @string_typed() attributes {a = "typed" : i32, b = "x" : tensor<2xi8>} {
    return
  }
}

// -----
module {
  func.func @array_attrs() attributes {a = [], b = [1, 2, 3], c = [1 : i32, "s", 2.000000e+00 : f32, [true]], d = [[], [[]]]} {
    return
  }
}

// -----
module {
  func.func @dense_arrays() attributes {a = array<i64: 1, 2>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.000000e+00, 2.500000e+00>, e = array<i8: -1>, f = array<f64: 1.000000e-01>, g = array<i16: 3, 4, 5>} {
    return
  }
}

// -----
module {
  func.func @dict_attrs() attributes {a = {}, b = {a = "z", x = 1 : i64}, c = {nested = {deep}}} {
    return
  }
}

// -----
module {
  func.func @unit_attrs() attributes {a, b, zz} {
    return
  }
}

// -----
module {
  func.func @symbol_refs() attributes {a = @foo, b = @foo::@bar, c = @foo::@bar::@baz, d = @"quoted sym", e = [@x, @y::@z]} {
    return
  }
}

// -----
module {
  func.func @type_attrs() attributes {a = i32, b = tensor<4xf32>, c = (i32) -> f32, d = !foo.type, e = index, f = none} {
    return
  }
}

// -----
module {
  func.func @dense_attrs() attributes {a = dense<1> : tensor<4xi32>, b = dense<[1, 2]> : tensor<2xi64>, c = dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>, d = dense<true> : tensor<2xi1>, e = dense<> : tensor<0xi32>, f = dense<5> : vector<3xi8>} {
    return
  }
}

// -----
module {
  func.func @dense_attrs_more() attributes {a = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>, b = dense<[true, false]> : tensor<2xi1>, c = dense<1.500000e+00> : tensor<1x1x1xf64>, d = dense<2> : tensor<i16>, e = dense<1> : tensor<2xi32>} {
    return
  }
}

// -----
module {
  func.func @dense_hex_input() attributes {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, b = dense<1> : tensor<4xi32>, c = dense<[1, 2]> : tensor<2xi32>} {
    return
  }
}

// -----
module {
  func.func @dense_complex() attributes {a = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, b = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>} {
    return
  }
}

// -----
module {
  func.func @dense_string() attributes {a = dense<"abc"> : tensor<2x!foo.string>, b = dense<["x", "y"]> : tensor<2x!foo.string>} {
    return
  }
}

// -----
module {
  func.func @dense_resource() attributes {a = dense_resource<blob1> : tensor<2xi32>} {
    return
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}

// -----
module {
  func.func @sparse_elements() attributes {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} {
    return
  }
}

// -----
module {
  func.func @opaque_attrs() attributes {a = #foo.attr, b = #foo<"x y">, c = #foo.attr<1, 2>, d = #foo.nested<[1, 2]>} {
    return
  }
}

// -----
module {
  func.func @location_attrs() {
    "foo.op"() : () -> ()
    "foo.op"() : () -> ()
    "foo.op"() : () -> ()
    "foo.op"() : () -> ()
    return
  }
}

// -----
module {
  func.func @attr_keys_quoted() attributes {"0num" = 4 : i64, _under = 3 : i64, a.b = 2 : i64, "quoted key" = 1 : i64} {
    return
  }
}

// -----
module {
  func.func @unknown_ops(%arg0: i32) -> i32 {
    %0 = "foo.bar"(%arg0) : (i32) -> i32
    "foo.void"() : () -> ()
    %1:2 = "foo.two"(%0) {attr = 1 : i64} : (i32) -> (i32, f32)
    %2 = "foo.baz"(%1#0, %1#1) : (i32, f32) -> i32
    return %2 : i32
  }
}

// -----
module {
  func.func @unknown_custom_form(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = "foo.matmul"(%arg0, %arg1) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----
module {
  func.func @unknown_with_regions(%arg0: i32) {
    "foo.region_op"(%arg0) ({
    ^bb0(%arg1: i32):
      "foo.yield"(%arg1) : (i32) -> ()
    }, {
      "foo.yield"() : () -> ()
    }) : (i32) -> ()
    return
  }
}

// -----
module {
  func.func @unknown_region_multi_block() {
    "foo.region_op"() ({
      "foo.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "foo.end"() : () -> ()
    }) : () -> ()
    return
  }
}

// -----
module {
  func.func @unknown_properties() {
    "foo.props"() <{prop = 1 : i64}> {attr = 2 : i64} : () -> ()
    return
  }
}

// -----
module {
  func.func @unknown_empty_region() {
    "foo.r"() ({
    }) : () -> ()
    return
  }
}

// -----
module {
  "foo.top_level"() : () -> ()
}

// -----
module {
  func.func @explicit_module() {
    return
  }
}

// -----
module @named_module {
  func.func @f() {
    return
  }
}

// -----
module attributes {bar.unit, foo.attr = "x"} {
  func.func @g() {
    return
  }
}

// -----
module @nested_outer {
  module @nested_inner {
    func.func @h() {
      return
    }
  }
}

// -----
module {
}

// -----
module {
  func.func @multi_results_names() -> (i32, i32, i32) {
    %0:3 = "foo.three"() : () -> (i32, i32, i32)
    return %0#0, %0#1, %0#2 : i32, i32, i32
  }
}

// -----
module {
  func.func @multi_results_partial_use() -> i32 {
    %0:2 = "foo.two"() : () -> (i32, i32)
    %1 = "foo.one"(%0#1) : (i32) -> i32
    return %1 : i32
  }
}

// -----
module {
  func.func @block_names_user(%arg0: i1) {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3
  ^bb2:  // pred: ^bb0
    cf.br ^bb3
  ^bb3:  // 2 preds: ^bb1, ^bb2
    return
  }
}

// -----
#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @alias_ordering(%arg0: memref<4x4xf32, #map>) attributes {x = #map1, y = #map} {
    return
  }
}

// -----
module {
  func.func @two_type_aliases(%arg0: tensor<4xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xf32>) {
    return
  }
}

// -----
module {
  func.func @dict_alias() attributes {d = {a = 1 : i64}} {
    return
  }
}

// -----
module {
  func.func @loc_in_func(%arg0: i32) {
    return
  }
}

// -----
#distinct = distinct[0]<42 : i32>
module {
  func.func @distinct_attr() attributes {a = distinct[1]<>, b = #distinct} {
    return
  }
}

// -----
module {
  func.func @strided_layouts() attributes {a = strided<[1]>, b = strided<[?, 4], offset: 3>} {
    return
  }
}

// -----
module {
  func.func @tensor_big_dims(%arg0: tensor<1000000x2xf32>, %arg1: memref<0x?x0xi8>) {
    return
  }
}

// -----
module {
  func.func @alias_candidate_long_type(%arg0: tuple<tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>>) {
    return
  }
}

// -----
module {
  func.func @attr_on_ops_sorted() {
    "foo.op"() {a = 2 : i64, m = 3 : i64, z = 1 : i64} : () -> ()
    return
  }
}

// -----
module {
  func.func @negative_zero_and_inf() attributes {a = -0.000000e+00 : f32, b = 0x7F800000 : f32, c = 0xFFC00000 : f32, d = 0x7FC00001 : f32, e = 5.960460e-08 : f16} {
    return
  }
}

// -----
module {
  func.func @large_integers() attributes {a = -1 : i64, b = -1 : i128, c = -170141183460469231731687303715884105728 : i128, d = 4294967296 : i64, e = 65535 : ui16, f = -1 : i16} {
    return
  }
}

