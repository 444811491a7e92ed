// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i2, i4, i7, i8, i16, i32, i64, i128, i256) -> (), sym_name = "int_widths"}> ({
  ^bb0(%arg0: i1, %arg1: i2, %arg2: i4, %arg3: i7, %arg4: i8, %arg5: i16, %arg6: i32, %arg7: i64, %arg8: i128, %arg9: i256):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (si8, ui8, si32, ui64, si1, ui1) -> (), sym_name = "signedness"}> ({
  ^bb0(%arg0: si8, %arg1: ui8, %arg2: si32, %arg3: ui64, %arg4: si1, %arg5: ui1):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f16, bf16, f32, f64, f80, f128, tf32) -> (), sym_name = "float_types"}> ({
  ^bb0(%arg0: f16, %arg1: bf16, %arg2: f32, %arg3: f64, %arg4: f80, %arg5: f128, %arg6: tf32):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ, f4E2M1FN, f6E2M3FN, f8E8M0FNU) -> (), sym_name = "small_float_types"}> ({
  ^bb0(%arg0: f8E4M3FN, %arg1: f8E5M2, %arg2: f8E4M3FNUZ, %arg3: f8E5M2FNUZ, %arg4: f8E4M3B11FNUZ, %arg5: f4E2M1FN, %arg6: f6E2M3FN, %arg7: f8E8M0FNU):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, none) -> (), sym_name = "index_none"}> ({
  ^bb0(%arg0: index, %arg1: none):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<f32>, tensor<4xf32>, tensor<?xf32>, tensor<2x?x3xi8>, tensor<*xf32>, tensor<0xi32>, tensor<1x1x1x1xindex>) -> (), sym_name = "tensor_types"}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<4xf32>, %arg2: tensor<?xf32>, %arg3: tensor<2x?x3xi8>, %arg4: tensor<*xf32>, %arg5: tensor<0xi32>, %arg6: tensor<1x1x1x1xindex>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32, "sparse">, tensor<?x?xf64, {key = 1 : i64}>, tensor<8xi1, #foo.enc<bar>>) -> (), sym_name = "tensor_encoding"}> ({
  ^bb0(%arg0: tensor<4xf32, "sparse">, %arg1: tensor<?x?xf64, {key = 1 : i64}>, %arg2: tensor<8xi1, #foo.enc<bar>>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xcomplex<f32>>, complex<f64>, complex<i32>) -> (), sym_name = "tensor_of_complex"}> ({
  ^bb0(%arg0: tensor<4xcomplex<f32>>, %arg1: complex<f64>, %arg2: complex<i32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<f32>, memref<4xf32>, memref<?x?xf32>, memref<*xf32>, memref<2x3xi8>) -> (), sym_name = "memref_types"}> ({
  ^bb0(%arg0: memref<f32>, %arg1: memref<4xf32>, %arg2: memref<?x?xf32>, %arg3: memref<*xf32>, %arg4: memref<2x3xi8>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4xf32, 1>, memref<4xf32, "gpu">, memref<*xf32, 3>, memref<2x?xi8>) -> (), sym_name = "memref_memspace"}> ({
  ^bb0(%arg0: memref<4xf32, 1>, %arg1: memref<4xf32, "gpu">, %arg2: memref<*xf32, 3>, %arg3: memref<2x?xi8>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xf32, strided<[4, 1]>>, memref<?xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[2], offset: 5>>, memref<2x2xf32, strided<[?, 1]>>) -> (), sym_name = "memref_strided"}> ({
  ^bb0(%arg0: memref<4x4xf32, strided<[4, 1]>>, %arg1: memref<?xf32, strided<[?], offset: ?>>, %arg2: memref<4xf32, strided<[2], offset: 5>>, %arg3: memref<2x2xf32, strided<[?, 1]>>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 2)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xf32, #map>, memref<8xf32, #map1, 2>) -> (), sym_name = "memref_affine_layout"}> ({
  ^bb0(%arg0: memref<4x4xf32, #map>, %arg1: memref<8xf32, #map1, 2>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xf32>) -> (), sym_name = "memref_identity_layout"}> ({
  ^bb0(%arg0: memref<4x4xf32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (vector<4xf32>, vector<2x3xi8>, vector<[4]xf32>, vector<2x[8]xi1>, vector<index>, vector<1xindex>) -> (), sym_name = "vector_types"}> ({
  ^bb0(%arg0: vector<4xf32>, %arg1: vector<2x3xi8>, %arg2: vector<[4]xf32>, %arg3: vector<2x[8]xi1>, %arg4: vector<index>, %arg5: vector<1xindex>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tuple<>, tuple<i32>, tuple<i32, f32, tuple<index>>) -> (), sym_name = "tuple_types"}> ({
  ^bb0(%arg0: tuple<>, %arg1: tuple<i32>, %arg2: tuple<i32, f32, tuple<index>>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (() -> (), (i32) -> i32, (i32, i32) -> (f32, f32), ((i32) -> i32) -> (), () -> (() -> ())) -> (), sym_name = "function_types"}> ({
  ^bb0(%arg0: () -> (), %arg1: (i32) -> i32, %arg2: (i32, i32) -> (f32, f32), %arg3: ((i32) -> i32) -> (), %arg4: () -> (() -> ())):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (!foo.bar, !foo<"baz">, !foo.type<1, 2>, !foo.nested<tensor<4xf32>>) -> (), sym_name = "opaque_dialect_types"}> ({
  ^bb0(%arg0: !foo.bar, %arg1: !foo<"baz">, %arg2: !foo.type<1, 2>, %arg3: !foo.nested<tensor<4xf32>>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "type_alias"}> ({
  ^bb0(%arg0: tensor<4x4xf32>):
    "func.return"(%arg0) : (tensor<4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "unused_type_alias"}> ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "alias_of_builtin_scalar"}> ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0) -> (d0 * 2)>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "attr_alias"}> ({
    "func.return"() : () -> ()
  }) {m = #map} : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "auto_map_alias"}> ({
    "func.return"() : () -> ()
  }) {m1 = #map, m2 = #map1, m3 = #map} : () -> ()
}) : () -> ()

// -----
#map = affine_map<() -> (0)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0, d0 * 4 - s0)>
#map2 = affine_map<(d0, d1) -> (d0 floordiv 2, d1 ceildiv 3, d0 mod 5)>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "affine_map_forms"}> ({
    "func.return"() : () -> ()
  }) {a = #map, b = #map1, c = #map2} : () -> ()
}) : () -> ()

// -----
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "integer_set_attr"}> ({
    "func.return"() : () -> ()
  }) {s = #set} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "int_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = 1 : i64, b = -1 : i8, c = 0 : index, d = 42 : i16, e = 255 : ui8, f = -128 : si8, g = true, h = false, i = true} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "float_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = 1.000000e+00 : f64, b = 1.000000e+00 : f32, c = 1.000000e-01 : f64, d = 1.500000e+10 : f32, e = -2.000000e+00 : f16, f = 0x7FC00000 : f32, g = 0xFF800000 : f32, h = 2.000000e+00 : bf16} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "float_attr_more"}> ({
    "func.return"() : () -> ()
  }) {a = 3.40282347E+38 : f32, b = 1.17549435E-38 : f32, c = 4.940660e-324 : f64, d = 1.234560e+02 : f64, e = 1.000000e-07 : f32, f = 3.000000e-01 : f32} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "float_attr_int_like"}> ({
    "func.return"() : () -> ()
  }) {a = 1.000000e+06 : f32, b = 0x4996B438 : f32, c = 1.005000e+02 : f32, d = 1.000000e+20 : f64, e = 6.553600e+04 : f32, f = 3.000000e+06 : f64} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "string_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = "", b = "hello", c = "with \22quotes\22", d = "tab\09here", e = "nl\0Ahere", f = "back\\slash", g = "\00\01\7F", h = "unicode \C3\A9"} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "string_typed"}> ({
    "func.return"() : () -> ()
  }) {a = "typed" : i32, b = "x" : tensor<2xi8>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "array_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = [], b = [1, 2, 3], c = [1 : i32, "s", 2.000000e+00 : f32, [true]], d = [[], [[]]]} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_arrays"}> ({
    "func.return"() : () -> ()
  }) {a = array<i64: 1, 2>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.000000e+00, 2.500000e+00>, e = array<i8: -1>, f = array<f64: 1.000000e-01>, g = array<i16: 3, 4, 5>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dict_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = {}, b = {a = "z", x = 1 : i64}, c = {nested = {deep}}} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "unit_attrs"}> ({
    "func.return"() : () -> ()
  }) {a, b, zz} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "symbol_refs"}> ({
    "func.return"() : () -> ()
  }) {a = @foo, b = @foo::@bar, c = @foo::@bar::@baz, d = @"quoted sym", e = [@x, @y::@z]} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "type_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = i32, b = tensor<4xf32>, c = (i32) -> f32, d = !foo.type, e = index, f = none} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = dense<1> : tensor<4xi32>, b = dense<[1, 2]> : tensor<2xi64>, c = dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>, d = dense<true> : tensor<2xi1>, e = dense<> : tensor<0xi32>, f = dense<5> : vector<3xi8>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_attrs_more"}> ({
    "func.return"() : () -> ()
  }) {a = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>, b = dense<[true, false]> : tensor<2xi1>, c = dense<1.500000e+00> : tensor<1x1x1xf64>, d = dense<2> : tensor<i16>, e = dense<1> : tensor<2xi32>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_hex_input"}> ({
    "func.return"() : () -> ()
  }) {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, b = dense<1> : tensor<4xi32>, c = dense<[1, 2]> : tensor<2xi32>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_complex"}> ({
    "func.return"() : () -> ()
  }) {a = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, b = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_string"}> ({
    "func.return"() : () -> ()
  }) {a = dense<"abc"> : tensor<2x!foo.string>, b = dense<["x", "y"]> : tensor<2x!foo.string>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_resource"}> ({
    "func.return"() : () -> ()
  }) {a = dense_resource<blob1> : tensor<2xi32>} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "sparse_elements"}> ({
    "func.return"() : () -> ()
  }) {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "opaque_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = #foo.attr, b = #foo<"x y">, c = #foo.attr<1, 2>, d = #foo.nested<[1, 2]>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "location_attrs"}> ({
    "foo.op"() : () -> ()
    "foo.op"() : () -> ()
    "foo.op"() : () -> ()
    "foo.op"() : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "attr_keys_quoted"}> ({
    "func.return"() : () -> ()
  }) {"0num" = 4 : i64, _under = 3 : i64, a.b = 2 : i64, "quoted key" = 1 : i64} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "unknown_ops"}> ({
  ^bb0(%arg0: i32):
    %0 = "foo.bar"(%arg0) : (i32) -> i32
    "foo.void"() : () -> ()
    %1:2 = "foo.two"(%0) {attr = 1 : i64} : (i32) -> (i32, f32)
    %2 = "foo.baz"(%1#0, %1#1) : (i32, f32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "unknown_custom_form"}> ({
  ^bb0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>):
    %0 = "foo.matmul"(%arg0, %arg1) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    "func.return"(%0) : (tensor<4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "unknown_with_regions"}> ({
  ^bb0(%arg0: i32):
    "foo.region_op"(%arg0) ({
    ^bb0(%arg1: i32):
      "foo.yield"(%arg1) : (i32) -> ()
    }, {
      "foo.yield"() : () -> ()
    }) : (i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "unknown_region_multi_block"}> ({
    "foo.region_op"() ({
      "foo.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "foo.end"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "unknown_properties"}> ({
    "foo.props"() <{prop = 1 : i64}> {attr = 2 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "unknown_empty_region"}> ({
    "foo.r"() ({
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "foo.top_level"() : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "explicit_module"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() <{sym_name = "named_module"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) {bar.unit, foo.attr = "x"} : () -> ()

// -----
"builtin.module"() <{sym_name = "nested_outer"}> ({
  "builtin.module"() <{sym_name = "nested_inner"}> ({
    "func.func"() <{function_type = () -> (), sym_name = "h"}> ({
      "func.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
^bb0:
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, i32, i32), sym_name = "multi_results_names"}> ({
    %0:3 = "foo.three"() : () -> (i32, i32, i32)
    "func.return"(%0#0, %0#1, %0#2) : (i32, i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> i32, sym_name = "multi_results_partial_use"}> ({
    %0:2 = "foo.two"() : () -> (i32, i32)
    %1 = "foo.one"(%0#1) : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "block_names_user"}> ({
  ^bb0(%arg0: i1):
    "cf.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "cf.br"()[^bb3] : () -> ()
  ^bb2:  // pred: ^bb0
    "cf.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x4xf32, #map>) -> (), sym_name = "alias_ordering"}> ({
  ^bb0(%arg0: memref<4x4xf32, #map>):
    "func.return"() : () -> ()
  }) {x = #map1, y = #map} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<8xf32>, tensor<4xf32>) -> (), sym_name = "two_type_aliases"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xf32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dict_alias"}> ({
    "func.return"() : () -> ()
  }) {d = {a = 1 : i64}} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "loc_in_func"}> ({
  ^bb0(%arg0: i32):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
#distinct = distinct[0]<42 : i32>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "distinct_attr"}> ({
    "func.return"() : () -> ()
  }) {a = distinct[1]<>, b = #distinct} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "strided_layouts"}> ({
    "func.return"() : () -> ()
  }) {a = strided<[1]>, b = strided<[?, 4], offset: 3>} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1000000x2xf32>, memref<0x?x0xi8>) -> (), sym_name = "tensor_big_dims"}> ({
  ^bb0(%arg0: tensor<1000000x2xf32>, %arg1: memref<0x?x0xi8>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tuple<tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>>) -> (), sym_name = "alias_candidate_long_type"}> ({
  ^bb0(%arg0: tuple<tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "attr_on_ops_sorted"}> ({
    "foo.op"() {a = 2 : i64, m = 3 : i64, z = 1 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "negative_zero_and_inf"}> ({
    "func.return"() : () -> ()
  }) {a = -0.000000e+00 : f32, b = 0x7F800000 : f32, c = 0xFFC00000 : f32, d = 0x7FC00001 : f32, e = 5.960460e-08 : f16} : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "large_integers"}> ({
    "func.return"() : () -> ()
  }) {a = -1 : i64, b = -1 : i128, c = -170141183460469231731687303715884105728 : i128, d = 4294967296 : i64, e = 65535 : ui16, f = -1 : i16} : () -> ()
}) : () -> ()

