// test: roundtrip
module {
  func.func @const_i1() -> (i1, i1) {
    %true = arith.constant true
    %false = arith.constant false
    return %true, %false : i1, i1
  }
}

// -----
module {
  func.func @const_i1_long() -> (i1, i1) {
    %true = arith.constant true
    %false = arith.constant false
    return %true, %false : i1, i1
  }
}

// -----
module {
  func.func @const_index() -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c-1 = arith.constant -1 : index
    return %c0, %c1, %c-1 : index, index, index
  }
}

// -----
module {
  func.func @const_ints() -> (i8, i16, i32, i64) {
    %c7_i8 = arith.constant 7 : i8
    %c-300_i16 = arith.constant -300 : i16
    %c42_i32 = arith.constant 42 : i32
    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
    return %c7_i8, %c-300_i16, %c42_i32, %c9223372036854775807_i64 : i8, i16, i32, i64
  }
}

// -----
module {
  func.func @const_wide() -> (i128, i1, i3) {
    %c170141183460469231731687303715884105727_i128 = arith.constant 170141183460469231731687303715884105727 : i128
    %true = arith.constant true
    %c-3_i3 = arith.constant -3 : i3
    return %c170141183460469231731687303715884105727_i128, %true, %c-3_i3 : i128, i1, i3
  }
}

// -----
module {
  func.func @const_neg() -> (i32, i64, index) {
    %c-1_i32 = arith.constant -1 : i32
    %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
    %c-42 = arith.constant -42 : index
    return %c-1_i32, %c-9223372036854775808_i64, %c-42 : i32, i64, index
  }
}

// -----
module {
  func.func @const_dup() -> (i32, i32, i32, index, index) {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c1_2 = arith.constant 1 : index
    return %c1_i32, %c1_i32_0, %c1_i32_1, %c1, %c1_2 : i32, i32, i32, index, index
  }
}

// -----
module {
  func.func @const_floats() -> (f32, f64, f16, bf16) {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 2.500000e+00 : f64
    %cst_1 = arith.constant -5.000000e-01 : f16
    %cst_2 = arith.constant 3.000000e+00 : bf16
    return %cst, %cst_0, %cst_1, %cst_2 : f32, f64, f16, bf16
  }
}

// -----
module {
  func.func @const_float_forms() -> (f32, f32, f32, f32, f32, f32) {
    %cst = arith.constant 1.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+10 : f32
    %cst_1 = arith.constant 1.000000e-10 : f32
    %cst_2 = arith.constant 0x7FC00000 : f32
    %cst_3 = arith.constant 0x7F800000 : f32
    %cst_4 = arith.constant 0xFF800000 : f32
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4 : f32, f32, f32, f32, f32, f32
  }
}

// -----
module {
  func.func @const_float_forms64() -> (f64, f64, f64, f64, f64) {
    %cst = arith.constant 1.000000e-01 : f64
    %cst_0 = arith.constant 3.1415926535897931 : f64
    %cst_1 = arith.constant 1.000000e+300 : f64
    %cst_2 = arith.constant -0.000000e+00 : f64
    %cst_3 = arith.constant 0x7FF8000000000000 : f64
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f64, f64, f64, f64, f64
  }
}

// -----
module {
  func.func @const_float_more() -> (f32, f32, f32, f32, f16, bf16) {
    %cst = arith.constant 123456.789 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0x4B800000 : f32
    %cst_2 = arith.constant 1.401300e-45 : f32
    %cst_3 = arith.constant 6.550400e+04 : f16
    %cst_4 = arith.constant 1.000980e-01 : bf16
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4 : f32, f32, f32, f32, f16, bf16
  }
}

// -----
module {
  func.func @const_float_exact() -> (f64, f64, f64, f64) {
    %cst = arith.constant 1.000000e+02 : f64
    %cst_0 = arith.constant 2.500000e-01 : f64
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 0x41678C29C0000000 : f64
    return %cst, %cst_0, %cst_1, %cst_2 : f64, f64, f64, f64
  }
}

// -----
module {
  func.func @const_dense() -> (tensor<4xi32>, tensor<2x2xf32>, tensor<3xi1>) {
    %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %cst_0 = arith.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
    %cst_1 = arith.constant dense<[true, false, true]> : tensor<3xi1>
    return %cst, %cst_0, %cst_1 : tensor<4xi32>, tensor<2x2xf32>, tensor<3xi1>
  }
}

// -----
module {
  func.func @const_splat() -> (tensor<4xi32>, tensor<2x3xf32>, tensor<8xi1>, tensor<2xindex>) {
    %cst = arith.constant dense<0> : tensor<4xi32>
    %cst_0 = arith.constant dense<1.500000e+00> : tensor<2x3xf32>
    %cst_1 = arith.constant dense<true> : tensor<8xi1>
    %cst_2 = arith.constant dense<7> : tensor<2xindex>
    return %cst, %cst_0, %cst_1, %cst_2 : tensor<4xi32>, tensor<2x3xf32>, tensor<8xi1>, tensor<2xindex>
  }
}

// -----
module {
  func.func @const_vector() -> (vector<4xf32>, vector<2xi64>) {
    %cst = arith.constant dense<2.000000e+00> : vector<4xf32>
    %cst_0 = arith.constant dense<[5, -6]> : vector<2xi64>
    return %cst, %cst_0 : vector<4xf32>, vector<2xi64>
  }
}

// -----
module {
  func.func @const_scalar_tensor() -> (tensor<i32>, tensor<0xf32>) {
    %cst = arith.constant dense<3> : tensor<i32>
    %cst_0 = arith.constant dense<> : tensor<0xf32>
    return %cst, %cst_0 : tensor<i32>, tensor<0xf32>
  }
}

// -----
module {
  func.func @const_unsigned_names() -> (i64, i16, i8) {
    %c255_i64 = arith.constant 255 : i64
    %c-1_i16 = arith.constant -1 : i16
    %c-1_i8 = arith.constant -1 : i8
    return %c255_i64, %c-1_i16, %c-1_i8 : i64, i16, i8
  }
}

// -----
module {
  func.func @int_binops(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %0, %arg1 : i32
    %2 = arith.muli %1, %arg0 : i32
    %3 = arith.divsi %2, %arg1 : i32
    %4 = arith.divui %3, %arg1 : i32
    %5 = arith.remsi %4, %arg0 : i32
    %6 = arith.remui %5, %arg0 : i32
    %7 = arith.ceildivsi %6, %arg1 : i32
    %8 = arith.floordivsi %7, %arg1 : i32
    %9 = arith.ceildivui %8, %arg1 : i32
    return %9 : i32
  }
}

// -----
module {
  func.func @int_minmax(%arg0: i64, %arg1: i64) -> i64 {
    %0 = arith.maxsi %arg0, %arg1 : i64
    %1 = arith.minsi %0, %arg1 : i64
    %2 = arith.maxui %1, %arg0 : i64
    %3 = arith.minui %2, %arg0 : i64
    return %3 : i64
  }
}

// -----
module {
  func.func @bitwise(%arg0: i16, %arg1: i16) -> i16 {
    %0 = arith.andi %arg0, %arg1 : i16
    %1 = arith.ori %0, %arg1 : i16
    %2 = arith.xori %1, %arg0 : i16
    %3 = arith.shli %2, %arg1 : i16
    %4 = arith.shrsi %3, %arg1 : i16
    %5 = arith.shrui %4, %arg1 : i16
    return %5 : i16
  }
}

// -----
module {
  func.func @overflow(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
    %0 = arith.addi %arg0, %arg1 overflow<nsw> : i32
    %1 = arith.subi %arg0, %arg1 overflow<nuw> : i32
    %2 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i32
    %3 = arith.shli %arg0, %arg1 overflow<nsw, nuw> : i32
    return %0, %1, %2, %3 : i32, i32, i32, i32
  }
}

// -----
module {
  func.func @overflow_none(%arg0: index, %arg1: index) -> index {
    %0 = arith.addi %arg0, %arg1 : index
    return %0 : index
  }
}

// -----
module {
  func.func @exact(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
    %0 = arith.divsi %arg0, %arg1 exact : i32
    %1 = arith.divui %arg0, %arg1 exact : i32
    %2 = arith.shrui %arg0, %arg1 exact : i32
    return %0, %1, %2 : i32, i32, i32
  }
}

// -----
module {
  func.func @cmpi_all(%arg0: i32, %arg1: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpi eq, %arg0, %arg1 : i32
    %1 = arith.cmpi ne, %arg0, %arg1 : i32
    %2 = arith.cmpi slt, %arg0, %arg1 : i32
    %3 = arith.cmpi sle, %arg0, %arg1 : i32
    %4 = arith.cmpi sgt, %arg0, %arg1 : i32
    %5 = arith.cmpi sge, %arg0, %arg1 : i32
    %6 = arith.cmpi ult, %arg0, %arg1 : i32
    %7 = arith.cmpi ule, %arg0, %arg1 : i32
    %8 = arith.cmpi ugt, %arg0, %arg1 : i32
    %9 = arith.cmpi uge, %arg0, %arg1 : i32
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  }
}

// -----
module {
  func.func @cmpi_index(%arg0: index, %arg1: index) -> i1 {
    %0 = arith.cmpi ult, %arg0, %arg1 : index
    return %0 : i1
  }
}

// -----
module {
  func.func @cmpi_vector(%arg0: vector<4xi32>, %arg1: vector<4xi32>) -> vector<4xi1> {
    %0 = arith.cmpi sge, %arg0, %arg1 : vector<4xi32>
    return %0 : vector<4xi1>
  }
}

// -----
module {
  func.func @cmpf_all(%arg0: f32, %arg1: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpf false, %arg0, %arg1 : f32
    %1 = arith.cmpf oeq, %arg0, %arg1 : f32
    %2 = arith.cmpf ogt, %arg0, %arg1 : f32
    %3 = arith.cmpf oge, %arg0, %arg1 : f32
    %4 = arith.cmpf olt, %arg0, %arg1 : f32
    %5 = arith.cmpf ole, %arg0, %arg1 : f32
    %6 = arith.cmpf one, %arg0, %arg1 : f32
    %7 = arith.cmpf ord, %arg0, %arg1 : f32
    return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
  }
}

// -----
module {
  func.func @cmpf_all2(%arg0: f64, %arg1: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpf ueq, %arg0, %arg1 : f64
    %1 = arith.cmpf ugt, %arg0, %arg1 : f64
    %2 = arith.cmpf uge, %arg0, %arg1 : f64
    %3 = arith.cmpf ult, %arg0, %arg1 : f64
    %4 = arith.cmpf ule, %arg0, %arg1 : f64
    %5 = arith.cmpf une, %arg0, %arg1 : f64
    %6 = arith.cmpf uno, %arg0, %arg1 : f64
    %7 = arith.cmpf true, %arg0, %arg1 : f64
    return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
  }
}

// -----
module {
  func.func @cmpf_fastmath(%arg0: f32, %arg1: f32) -> i1 {
    %0 = arith.cmpf olt, %arg0, %arg1 fastmath<nnan> : f32
    return %0 : i1
  }
}

// -----
module {
  func.func @select(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    %0 = arith.select %arg0, %arg1, %arg2 : i32
    return %0 : i32
  }
}

// -----
module {
  func.func @select_vec(%arg0: vector<4xi1>, %arg1: vector<4xf32>, %arg2: vector<4xf32>, %arg3: i1) -> (vector<4xf32>, vector<4xf32>) {
    %0 = arith.select %arg0, %arg1, %arg2 : vector<4xi1>, vector<4xf32>
    %1 = arith.select %arg3, %arg1, %arg2 : vector<4xf32>
    return %0, %1 : vector<4xf32>, vector<4xf32>
  }
}

// -----
module {
  func.func @casts(%arg0: i32, %arg1: index, %arg2: i8) -> (index, i32, i64, i64, i8, index, i64) {
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_cast %arg1 : index to i32
    %2 = arith.extui %arg0 : i32 to i64
    %3 = arith.extsi %arg0 : i32 to i64
    %4 = arith.trunci %arg0 : i32 to i8
    %5 = arith.index_castui %arg0 : i32 to index
    %6 = arith.extsi %arg2 : i8 to i64
    return %0, %1, %2, %3, %4, %5, %6 : index, i32, i64, i64, i8, index, i64
  }
}

// -----
module {
  func.func @trunci_flags(%arg0: i64) -> (i32, i32) {
    %0 = arith.trunci %arg0 overflow<nsw> : i64 to i32
    %1 = arith.trunci %arg0 overflow<nuw> : i64 to i32
    return %0, %1 : i32, i32
  }
}

// -----
module {
  func.func @float_casts(%arg0: f32, %arg1: f64, %arg2: i32) -> (f64, f32, f32, i32, i32, f32, i32) {
    %0 = arith.extf %arg0 : f32 to f64
    %1 = arith.truncf %arg1 : f64 to f32
    %2 = arith.sitofp %arg2 : i32 to f32
    %3 = arith.fptosi %arg0 : f32 to i32
    %4 = arith.fptoui %arg0 : f32 to i32
    %5 = arith.uitofp %arg2 : i32 to f32
    %6 = arith.bitcast %arg0 : f32 to i32
    return %0, %1, %2, %3, %4, %5, %6 : f64, f32, f32, i32, i32, f32, i32
  }
}

// -----
module {
  func.func @float_binops(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.addf %arg0, %arg1 : f32
    %1 = arith.subf %0, %arg1 : f32
    %2 = arith.mulf %1, %arg0 : f32
    %3 = arith.divf %2, %arg1 : f32
    %4 = arith.remf %3, %arg1 : f32
    %5 = arith.maximumf %4, %arg0 : f32
    %6 = arith.minimumf %5, %arg0 : f32
    %7 = arith.maxnumf %6, %arg1 : f32
    %8 = arith.minnumf %7, %arg1 : f32
    %9 = arith.negf %8 : f32
    return %9 : f32
  }
}

// -----
module {
  func.func @fastmath(%arg0: f64, %arg1: f64) -> (f64, f64, f64, f64) {
    %0 = arith.addf %arg0, %arg1 fastmath<fast> : f64
    %1 = arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f64
    %2 = arith.subf %arg0, %arg1 : f64
    %3 = arith.divf %arg0, %arg1 fastmath<reassoc,contract,afn> : f64
    return %0, %1, %2, %3 : f64, f64, f64, f64
  }
}

// -----
module {
  func.func @tensor_arith(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?xi32>) -> (tensor<4xf32>, tensor<?xi32>) {
    %0 = arith.addf %arg0, %arg1 : tensor<4xf32>
    %1 = arith.muli %arg2, %arg2 : tensor<?xi32>
    return %0, %1 : tensor<4xf32>, tensor<?xi32>
  }
}

// -----
module {
  func.func @extended(%arg0: i32, %arg1: i32) -> (i32, i1, i32, i32, i32, i32) {
    %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
    %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
    %low_0, %high_1 = arith.mului_extended %arg0, %arg1 : i32
    return %sum, %overflow, %low, %high, %low_0, %high_1 : i32, i1, i32, i32, i32, i32
  }
}

// -----
module {
  func.func @const_names_mix() -> (i32, i64, index, f32, f32, i1, i1) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %true = arith.constant true
    %true_1 = arith.constant true
    return %c0_i32, %c0_i64, %c0, %cst, %cst_0, %true, %true_1 : i32, i64, index, f32, f32, i1, i1
  }
}

// -----
module {
  func.func @const_names_across_funcs1() -> index {
    %c5 = arith.constant 5 : index
    return %c5 : index
  }
  func.func @const_names_across_funcs2() -> index {
    %c5 = arith.constant 5 : index
    %c5_0 = arith.constant 5 : index
    return %c5_0 : index
  }
}

// -----
module {
  func.func @user_names_dropped(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.muli %0, %0 : i32
    return %1 : i32
  }
}

// -----
module {
  func.func @const_si_ui() -> (i32, i32) {
    %c-1_i32 = arith.constant -1 : i32
    %c-2147483648_i32 = arith.constant -2147483648 : i32
    return %c-1_i32, %c-2147483648_i32 : i32, i32
  }
}

// -----
module {
  func.func @const_dense_int_types() -> (tensor<3xi8>, tensor<2xi64>, tensor<2x2xi16>) {
    %cst = arith.constant dense<[-1, 0, 127]> : tensor<3xi8>
    %cst_0 = arith.constant dense<[1, 2]> : tensor<2xi64>
    %cst_1 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>
    return %cst, %cst_0, %cst_1 : tensor<3xi8>, tensor<2xi64>, tensor<2x2xi16>
  }
}

// -----
module {
  func.func @const_dense_float_forms() -> tensor<5xf32> {
    %cst = arith.constant dense<[1.000000e-01, 1.000000e+10, 0x7FC00000, -0.000000e+00, 2.500000e+00]> : tensor<5xf32>
    return %cst : tensor<5xf32>
  }
}

// -----
module {
  func.func @const_dense_hex() -> tensor<2xi32> {
    %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
    return %cst : tensor<2xi32>
  }
}

// -----
module {
  func.func @index_ops(%arg0: index, %arg1: index) -> index {
    %0 = arith.addi %arg0, %arg1 : index
    %1 = arith.muli %0, %arg0 : index
    %2 = arith.floordivsi %1, %arg1 : index
    %3 = arith.remui %2, %arg0 : index
    return %3 : index
  }
}

// -----
module {
  func.func @cmpi_names(%arg0: i32) -> (i1, i1) {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi slt, %arg0, %c0_i32 : i32
    %1 = arith.cmpi eq, %arg0, %c0_i32 : i32
    return %0, %1 : i1, i1
  }
}

// -----
module {
  func.func @generic_arith(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 overflow<nsw> : i32
    %1 = arith.cmpi slt, %0, %arg1 : i32
    %2 = arith.select %1, %arg0, %0 : i32
    return %2 : i32
  }
}

// -----
module {
  func.func @attr_on_op(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 {some.attr = 5 : i64} : i32
    %c3_i32 = arith.constant {tag = "x"} 3 : i32
    return %c3_i32 : i32
  }
}

// -----
module {
  func.func @const_f80_f128() -> (f80, f128) {
    %cst = arith.constant 1.000000e+00 : f80
    %cst_0 = arith.constant 2.000000e+00 : f128
    return %cst, %cst_0 : f80, f128
  }
}

// -----
module {
  func.func @const_small_floats() -> (f8E4M3FN, f8E5M2, tf32) {
    %cst = arith.constant 1.000000e+00 : f8E4M3FN
    %cst_0 = arith.constant 2.000000e+00 : f8E5M2
    %cst_1 = arith.constant 5.000000e-01 : tf32
    return %cst, %cst_0, %cst_1 : f8E4M3FN, f8E5M2, tf32
  }
}

// -----
module {
  func.func @const_vector_i1() -> vector<3xi1> {
    %cst = arith.constant dense<[false, true, false]> : vector<3xi1>
    return %cst : vector<3xi1>
  }
}

// -----
module {
  func.func @float_nan_variants() -> (f16, bf16, f64) {
    %cst = arith.constant 0x7E00 : f16
    %cst_0 = arith.constant 0x7FC0 : bf16
    %cst_1 = arith.constant 0xFFF0000000000000 : f64
    return %cst, %cst_0, %cst_1 : f16, bf16, f64
  }
}

// -----
module {
  func.func @flags_normalized(%arg0: i32, %arg1: f32) -> (i32, f32, i1, i1, f32) {
    %0 = arith.addi %arg0, %arg0 overflow<nsw, nuw> {x = 1 : i64} : i32
    %1 = arith.mulf %arg1, %arg1 fastmath<reassoc,nnan,ninf> : f32
    %2 = arith.cmpi sle, %arg0, %arg0 {y} : i32
    %3 = arith.cmpf ord, %arg1, %arg1 fastmath<fast> : f32
    %4 = arith.addf %arg1, %arg1 : f32
    return %0, %1, %2, %3, %4 : i32, f32, i1, i1, f32
  }
}

// -----
module {
  func.func @more_casts(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f64, %arg4: vector<4xi1>, %arg5: vector<4xf32>, %arg6: tensor<4xi32>) {
    %0 = arith.shrsi %arg0, %arg1 exact : i32
    %1 = arith.truncf %arg3 to_nearest_even fastmath<nnan> : f64 to f32
    %2 = arith.extf %arg2 fastmath<fast> : f32 to f64
    %3 = arith.truncf %arg3 downward : f64 to f32
    %4 = arith.cmpi eq, %arg6, %arg6 : tensor<4xi32>
    %5 = arith.fptoui %arg2 : f32 to i32
    %low, %high = arith.mului_extended %arg0, %arg1 {q} : i32
    %cst = arith.constant {z} dense<[1, 2]> : tensor<2xi8>
    return
  }
}

