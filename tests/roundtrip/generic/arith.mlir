// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i1, i1), sym_name = "const_i1"}> ({
    %0 = "arith.constant"() <{value = true}> : () -> i1
    %1 = "arith.constant"() <{value = false}> : () -> i1
    "func.return"(%0, %1) : (i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i1, i1), sym_name = "const_i1_long"}> ({
    %0 = "arith.constant"() <{value = true}> : () -> i1
    %1 = "arith.constant"() <{value = false}> : () -> i1
    "func.return"(%0, %1) : (i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (index, index, index), sym_name = "const_index"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = -1 : index}> : () -> index
    "func.return"(%0, %1, %2) : (index, index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i8, i16, i32, i64), sym_name = "const_ints"}> ({
    %0 = "arith.constant"() <{value = 7 : i8}> : () -> i8
    %1 = "arith.constant"() <{value = -300 : i16}> : () -> i16
    %2 = "arith.constant"() <{value = 42 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 9223372036854775807 : i64}> : () -> i64
    "func.return"(%0, %1, %2, %3) : (i8, i16, i32, i64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i128, i1, i3), sym_name = "const_wide"}> ({
    %0 = "arith.constant"() <{value = 170141183460469231731687303715884105727 : i128}> : () -> i128
    %1 = "arith.constant"() <{value = true}> : () -> i1
    %2 = "arith.constant"() <{value = -3 : i3}> : () -> i3
    "func.return"(%0, %1, %2) : (i128, i1, i3) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, i64, index), sym_name = "const_neg"}> ({
    %0 = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = -42 : index}> : () -> index
    "func.return"(%0, %1, %2) : (i32, i64, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, i32, i32, index, index), sym_name = "const_dup"}> ({
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 1 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    "func.return"(%0, %1, %2, %3, %4) : (i32, i32, i32, index, index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f32, f64, f16, bf16), sym_name = "const_floats"}> ({
    %0 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 2.500000e+00 : f64}> : () -> f64
    %2 = "arith.constant"() <{value = -5.000000e-01 : f16}> : () -> f16
    %3 = "arith.constant"() <{value = 3.000000e+00 : bf16}> : () -> bf16
    "func.return"(%0, %1, %2, %3) : (f32, f64, f16, bf16) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f32, f32, f32, f32, f32, f32), sym_name = "const_float_forms"}> ({
    %0 = "arith.constant"() <{value = 1.000000e-01 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 1.000000e+10 : f32}> : () -> f32
    %2 = "arith.constant"() <{value = 1.000000e-10 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
    %4 = "arith.constant"() <{value = 0x7F800000 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    "func.return"(%0, %1, %2, %3, %4, %5) : (f32, f32, f32, f32, f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f64, f64, f64, f64, f64), sym_name = "const_float_forms64"}> ({
    %0 = "arith.constant"() <{value = 1.000000e-01 : f64}> : () -> f64
    %1 = "arith.constant"() <{value = 3.1415926535897931 : f64}> : () -> f64
    %2 = "arith.constant"() <{value = 1.000000e+300 : f64}> : () -> f64
    %3 = "arith.constant"() <{value = -0.000000e+00 : f64}> : () -> f64
    %4 = "arith.constant"() <{value = 0x7FF8000000000000 : f64}> : () -> f64
    "func.return"(%0, %1, %2, %3, %4) : (f64, f64, f64, f64, f64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f32, f32, f32, f32, f16, bf16), sym_name = "const_float_more"}> ({
    %0 = "arith.constant"() <{value = 123456.789 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %2 = "arith.constant"() <{value = 0x4B800000 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 1.401300e-45 : f32}> : () -> f32
    %4 = "arith.constant"() <{value = 6.550400e+04 : f16}> : () -> f16
    %5 = "arith.constant"() <{value = 1.000980e-01 : bf16}> : () -> bf16
    "func.return"(%0, %1, %2, %3, %4, %5) : (f32, f32, f32, f32, f16, bf16) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f64, f64, f64, f64), sym_name = "const_float_exact"}> ({
    %0 = "arith.constant"() <{value = 1.000000e+02 : f64}> : () -> f64
    %1 = "arith.constant"() <{value = 2.500000e-01 : f64}> : () -> f64
    %2 = "arith.constant"() <{value = 1.000000e-05 : f64}> : () -> f64
    %3 = "arith.constant"() <{value = 0x41678C29C0000000 : f64}> : () -> f64
    "func.return"(%0, %1, %2, %3) : (f64, f64, f64, f64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<4xi32>, tensor<2x2xf32>, tensor<3xi1>), sym_name = "const_dense"}> ({
    %0 = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi32>}> : () -> tensor<4xi32>
    %1 = "arith.constant"() <{value = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
    %2 = "arith.constant"() <{value = dense<[true, false, true]> : tensor<3xi1>}> : () -> tensor<3xi1>
    "func.return"(%0, %1, %2) : (tensor<4xi32>, tensor<2x2xf32>, tensor<3xi1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<4xi32>, tensor<2x3xf32>, tensor<8xi1>, tensor<2xindex>), sym_name = "const_splat"}> ({
    %0 = "arith.constant"() <{value = dense<0> : tensor<4xi32>}> : () -> tensor<4xi32>
    %1 = "arith.constant"() <{value = dense<1.500000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %2 = "arith.constant"() <{value = dense<true> : tensor<8xi1>}> : () -> tensor<8xi1>
    %3 = "arith.constant"() <{value = dense<7> : tensor<2xindex>}> : () -> tensor<2xindex>
    "func.return"(%0, %1, %2, %3) : (tensor<4xi32>, tensor<2x3xf32>, tensor<8xi1>, tensor<2xindex>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (vector<4xf32>, vector<2xi64>), sym_name = "const_vector"}> ({
    %0 = "arith.constant"() <{value = dense<2.000000e+00> : vector<4xf32>}> : () -> vector<4xf32>
    %1 = "arith.constant"() <{value = dense<[5, -6]> : vector<2xi64>}> : () -> vector<2xi64>
    "func.return"(%0, %1) : (vector<4xf32>, vector<2xi64>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<i32>, tensor<0xf32>), sym_name = "const_scalar_tensor"}> ({
    %0 = "arith.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %1 = "arith.constant"() <{value = dense<> : tensor<0xf32>}> : () -> tensor<0xf32>
    "func.return"(%0, %1) : (tensor<i32>, tensor<0xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i64, i16, i8), sym_name = "const_unsigned_names"}> ({
    %0 = "arith.constant"() <{value = 255 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = -1 : i16}> : () -> i16
    %2 = "arith.constant"() <{value = -1 : i8}> : () -> i8
    "func.return"(%0, %1, %2) : (i64, i16, i8) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "int_binops"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.subi"(%0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "arith.muli"(%1, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %3 = "arith.divsi"(%2, %arg1) : (i32, i32) -> i32
    %4 = "arith.divui"(%3, %arg1) : (i32, i32) -> i32
    %5 = "arith.remsi"(%4, %arg0) : (i32, i32) -> i32
    %6 = "arith.remui"(%5, %arg0) : (i32, i32) -> i32
    %7 = "arith.ceildivsi"(%6, %arg1) : (i32, i32) -> i32
    %8 = "arith.floordivsi"(%7, %arg1) : (i32, i32) -> i32
    %9 = "arith.ceildivui"(%8, %arg1) : (i32, i32) -> i32
    "func.return"(%9) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i64, i64) -> i64, sym_name = "int_minmax"}> ({
  ^bb0(%arg0: i64, %arg1: i64):
    %0 = "arith.maxsi"(%arg0, %arg1) : (i64, i64) -> i64
    %1 = "arith.minsi"(%0, %arg1) : (i64, i64) -> i64
    %2 = "arith.maxui"(%1, %arg0) : (i64, i64) -> i64
    %3 = "arith.minui"(%2, %arg0) : (i64, i64) -> i64
    "func.return"(%3) : (i64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i16, i16) -> i16, sym_name = "bitwise"}> ({
  ^bb0(%arg0: i16, %arg1: i16):
    %0 = "arith.andi"(%arg0, %arg1) : (i16, i16) -> i16
    %1 = "arith.ori"(%0, %arg1) : (i16, i16) -> i16
    %2 = "arith.xori"(%1, %arg0) : (i16, i16) -> i16
    %3 = "arith.shli"(%2, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i16, i16) -> i16
    %4 = "arith.shrsi"(%3, %arg1) : (i16, i16) -> i16
    %5 = "arith.shrui"(%4, %arg1) : (i16, i16) -> i16
    "func.return"(%5) : (i16) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> (i32, i32, i32, i32), sym_name = "overflow"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %1 = "arith.subi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
    %2 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %3 = "arith.shli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    "func.return"(%0, %1, %2, %3) : (i32, i32, i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> index, sym_name = "overflow_none"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "func.return"(%0) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> (i32, i32, i32), sym_name = "exact"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.divsi"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
    %1 = "arith.divui"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
    %2 = "arith.shrui"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
    "func.return"(%0, %1, %2) : (i32, i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpi_all"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.cmpi"(%arg0, %arg1) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %1 = "arith.cmpi"(%arg0, %arg1) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %2 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %3 = "arith.cmpi"(%arg0, %arg1) <{predicate = 3 : i64}> : (i32, i32) -> i1
    %4 = "arith.cmpi"(%arg0, %arg1) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %5 = "arith.cmpi"(%arg0, %arg1) <{predicate = 5 : i64}> : (i32, i32) -> i1
    %6 = "arith.cmpi"(%arg0, %arg1) <{predicate = 6 : i64}> : (i32, i32) -> i1
    %7 = "arith.cmpi"(%arg0, %arg1) <{predicate = 7 : i64}> : (i32, i32) -> i1
    %8 = "arith.cmpi"(%arg0, %arg1) <{predicate = 8 : i64}> : (i32, i32) -> i1
    %9 = "arith.cmpi"(%arg0, %arg1) <{predicate = 9 : i64}> : (i32, i32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> i1, sym_name = "cmpi_index"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "arith.cmpi"(%arg0, %arg1) <{predicate = 6 : i64}> : (index, index) -> i1
    "func.return"(%0) : (i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (vector<4xi32>, vector<4xi32>) -> vector<4xi1>, sym_name = "cmpi_vector"}> ({
  ^bb0(%arg0: vector<4xi32>, %arg1: vector<4xi32>):
    %0 = "arith.cmpi"(%arg0, %arg1) <{predicate = 5 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
    "func.return"(%0) : (vector<4xi1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32) -> (i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpf_all"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (f32, f32) -> i1
    %1 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
    %2 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
    %3 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (f32, f32) -> i1
    %4 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %5 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 5 : i64}> : (f32, f32) -> i1
    %6 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 6 : i64}> : (f32, f32) -> i1
    %7 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 7 : i64}> : (f32, f32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7) : (i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f64, f64) -> (i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpf_all2"}> ({
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 8 : i64}> : (f64, f64) -> i1
    %1 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 9 : i64}> : (f64, f64) -> i1
    %2 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 10 : i64}> : (f64, f64) -> i1
    %3 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (f64, f64) -> i1
    %4 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 12 : i64}> : (f64, f64) -> i1
    %5 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (f64, f64) -> i1
    %6 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}> : (f64, f64) -> i1
    %7 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (f64, f64) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7) : (i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32) -> i1, sym_name = "cmpf_fastmath"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan>, predicate = 4 : i64}> : (f32, f32) -> i1
    "func.return"(%0) : (i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "select"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    %0 = "arith.select"(%arg0, %arg1, %arg2) : (i1, i32, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (vector<4xi1>, vector<4xf32>, vector<4xf32>, i1) -> (vector<4xf32>, vector<4xf32>), sym_name = "select_vec"}> ({
  ^bb0(%arg0: vector<4xi1>, %arg1: vector<4xf32>, %arg2: vector<4xf32>, %arg3: i1):
    %0 = "arith.select"(%arg0, %arg1, %arg2) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %1 = "arith.select"(%arg3, %arg1, %arg2) : (i1, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    "func.return"(%0, %1) : (vector<4xf32>, vector<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, index, i8) -> (index, i32, i64, i64, i8, index, i64), sym_name = "casts"}> ({
  ^bb0(%arg0: i32, %arg1: index, %arg2: i8):
    %0 = "arith.index_cast"(%arg0) : (i32) -> index
    %1 = "arith.index_cast"(%arg1) : (index) -> i32
    %2 = "arith.extui"(%arg0) : (i32) -> i64
    %3 = "arith.extsi"(%arg0) : (i32) -> i64
    %4 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
    %5 = "arith.index_castui"(%arg0) : (i32) -> index
    %6 = "arith.extsi"(%arg2) : (i8) -> i64
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (index, i32, i64, i64, i8, index, i64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i64) -> (i32, i32), sym_name = "trunci_flags"}> ({
  ^bb0(%arg0: i64):
    %0 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i64) -> i32
    %1 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nuw>}> : (i64) -> i32
    "func.return"(%0, %1) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f64, i32) -> (f64, f32, f32, i32, i32, f32, i32), sym_name = "float_casts"}> ({
  ^bb0(%arg0: f32, %arg1: f64, %arg2: i32):
    %0 = "arith.extf"(%arg0) : (f32) -> f64
    %1 = "arith.truncf"(%arg1) : (f64) -> f32
    %2 = "arith.sitofp"(%arg2) : (i32) -> f32
    %3 = "arith.fptosi"(%arg0) : (f32) -> i32
    %4 = "arith.fptoui"(%arg0) : (f32) -> i32
    %5 = "arith.uitofp"(%arg2) : (i32) -> f32
    %6 = "arith.bitcast"(%arg0) : (f32) -> i32
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (f64, f32, f32, i32, i32, f32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "float_binops"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %1 = "arith.subf"(%0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %2 = "arith.mulf"(%1, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %3 = "arith.divf"(%2, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %4 = "arith.remf"(%3, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %5 = "arith.maximumf"(%4, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %6 = "arith.minimumf"(%5, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %7 = "arith.maxnumf"(%6, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %8 = "arith.minnumf"(%7, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %9 = "arith.negf"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    "func.return"(%9) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (f64, f64) -> (f64, f64, f64, f64), sym_name = "fastmath"}> ({
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f64, f64) -> f64
    %1 = "arith.mulf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f64, f64) -> f64
    %2 = "arith.subf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
    %3 = "arith.divf"(%arg0, %arg1) <{fastmath = #arith.fastmath<reassoc,contract,afn>}> : (f64, f64) -> f64
    "func.return"(%0, %1, %2, %3) : (f64, f64, f64, f64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>, tensor<?xi32>) -> (tensor<4xf32>, tensor<?xi32>), sym_name = "tensor_arith"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?xi32>):
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "arith.muli"(%arg2, %arg2) <{overflowFlags = #arith.overflow<none>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    "func.return"(%0, %1) : (tensor<4xf32>, tensor<?xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> (i32, i1, i32, i32, i32, i32), sym_name = "extended"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
    %1:2 = "arith.mulsi_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
    %2:2 = "arith.mului_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
    "func.return"(%0#0, %0#1, %1#0, %1#1, %2#0, %2#1) : (i32, i1, i32, i32, i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, i64, index, f32, f32, i1, i1), sym_name = "const_names_mix"}> ({
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %4 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = true}> : () -> i1
    %6 = "arith.constant"() <{value = true}> : () -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (i32, i64, index, f32, f32, i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> index, sym_name = "const_names_across_funcs1"}> ({
    %2 = "arith.constant"() <{value = 5 : index}> : () -> index
    "func.return"(%2) : (index) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> index, sym_name = "const_names_across_funcs2"}> ({
    %0 = "arith.constant"() <{value = 5 : index}> : () -> index
    %1 = "arith.constant"() <{value = 5 : index}> : () -> index
    "func.return"(%1) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "user_names_dropped"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.muli"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, i32), sym_name = "const_si_ui"}> ({
    %0 = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = -2147483648 : i32}> : () -> i32
    "func.return"(%0, %1) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<3xi8>, tensor<2xi64>, tensor<2x2xi16>), sym_name = "const_dense_int_types"}> ({
    %0 = "arith.constant"() <{value = dense<[-1, 0, 127]> : tensor<3xi8>}> : () -> tensor<3xi8>
    %1 = "arith.constant"() <{value = dense<[1, 2]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %2 = "arith.constant"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>}> : () -> tensor<2x2xi16>
    "func.return"(%0, %1, %2) : (tensor<3xi8>, tensor<2xi64>, tensor<2x2xi16>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<5xf32>, sym_name = "const_dense_float_forms"}> ({
    %0 = "arith.constant"() <{value = dense<[1.000000e-01, 1.000000e+10, 0x7FC00000, -0.000000e+00, 2.500000e+00]> : tensor<5xf32>}> : () -> tensor<5xf32>
    "func.return"(%0) : (tensor<5xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2xi32>, sym_name = "const_dense_hex"}> ({
    %0 = "arith.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
    "func.return"(%0) : (tensor<2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> index, sym_name = "index_ops"}> ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %1 = "arith.muli"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %2 = "arith.floordivsi"(%1, %arg1) : (index, index) -> index
    %3 = "arith.remui"(%2, %arg0) : (index, index) -> index
    "func.return"(%3) : (index) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (i1, i1), sym_name = "cmpi_names"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.cmpi"(%arg0, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %2 = "arith.cmpi"(%arg0, %0) <{predicate = 0 : i64}> : (i32, i32) -> i1
    "func.return"(%1, %2) : (i1, i1) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "generic_arith"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %1 = "arith.cmpi"(%0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %2 = "arith.select"(%1, %arg0, %0) : (i1, i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "attr_on_op"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> {some.attr = 5 : i64} : (i32, i32) -> i32
    %1 = "arith.constant"() <{value = 3 : i32}> {tag = "x"} : () -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f80, f128), sym_name = "const_f80_f128"}> ({
    %0 = "arith.constant"() <{value = 1.000000e+00 : f80}> : () -> f80
    %1 = "arith.constant"() <{value = 2.000000e+00 : f128}> : () -> f128
    "func.return"(%0, %1) : (f80, f128) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f8E4M3FN, f8E5M2, tf32), sym_name = "const_small_floats"}> ({
    %0 = "arith.constant"() <{value = 1.000000e+00 : f8E4M3FN}> : () -> f8E4M3FN
    %1 = "arith.constant"() <{value = 2.000000e+00 : f8E5M2}> : () -> f8E5M2
    %2 = "arith.constant"() <{value = 5.000000e-01 : tf32}> : () -> tf32
    "func.return"(%0, %1, %2) : (f8E4M3FN, f8E5M2, tf32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> vector<3xi1>, sym_name = "const_vector_i1"}> ({
    %0 = "arith.constant"() <{value = dense<[false, true, false]> : vector<3xi1>}> : () -> vector<3xi1>
    "func.return"(%0) : (vector<3xi1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (f16, bf16, f64), sym_name = "float_nan_variants"}> ({
    %0 = "arith.constant"() <{value = 0x7E00 : f16}> : () -> f16
    %1 = "arith.constant"() <{value = 0x7FC0 : bf16}> : () -> bf16
    %2 = "arith.constant"() <{value = 0xFFF0000000000000 : f64}> : () -> f64
    "func.return"(%0, %1, %2) : (f16, bf16, f64) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> (i32, f32, i1, i1, f32), sym_name = "flags_normalized"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw, nuw>}> {x = 1 : i64} : (i32, i32) -> i32
    %1 = "arith.mulf"(%arg1, %arg1) <{fastmath = #arith.fastmath<reassoc,nnan,ninf>}> : (f32, f32) -> f32
    %2 = "arith.cmpi"(%arg0, %arg0) <{predicate = 3 : i64}> {y} : (i32, i32) -> i1
    %3 = "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<fast>, predicate = 7 : i64}> : (f32, f32) -> i1
    %4 = "arith.addf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%0, %1, %2, %3, %4) : (i32, f32, i1, i1, f32) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, f32, f64, vector<4xi1>, vector<4xf32>, tensor<4xi32>) -> (), sym_name = "more_casts"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f64, %arg4: vector<4xi1>, %arg5: vector<4xf32>, %arg6: tensor<4xi32>):
    %0 = "arith.shrsi"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
    %1 = "arith.truncf"(%arg3) <{fastmath = #arith.fastmath<nnan>, roundingmode = 0 : i32}> : (f64) -> f32
    %2 = "arith.extf"(%arg2) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f64
    %3 = "arith.truncf"(%arg3) <{roundingmode = 1 : i32}> : (f64) -> f32
    %4 = "arith.cmpi"(%arg6, %arg6) <{predicate = 0 : i64}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %5 = "arith.fptoui"(%arg2) : (f32) -> i32
    %6:2 = "arith.mului_extended"(%arg0, %arg1) {q} : (i32, i32) -> (i32, i32)
    %7 = "arith.constant"() <{value = dense<[1, 2]> : tensor<2xi8>}> {z} : () -> tensor<2xi8>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

