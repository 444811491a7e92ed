// test: roundtrip
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2xf32>, sym_name = "dense_resource_constant"}> ({
    %0 = "arith.constant"() <{value = dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>}> : () -> tensor<2xf32>
    "func.return"(%0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_torch.float32: "0x040000000000803F00000040"
    }
  }
#-}

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<3xi64>, tensor<2x3xf32>, tensor<4xi8>), sym_name = "dense_resource_weights"}> ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0 = "arith.constant"() <{value = dense_resource<"weight 1"> : tensor<3xi64>}> : () -> tensor<3xi64>
    %1 = "arith.constant"() <{value = dense_resource<bias> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %2 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<4xi8>}> : () -> tensor<4xi8>
    %3 = "arith.constant"() <{value = dense_resource<bias> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    "test.use"(%3) : (tensor<2x3xf32>) -> ()
    "func.return"(%0, %1, %2) : (tensor<3xi64>, tensor<2x3xf32>, tensor<4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      "weight 1": "0x08000000010000000000000002000000000000000300000000000000",
      bias: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}

// -----
"builtin.module"() ({
  "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense_resource<g> : tensor<3xi16>, sym_name = "dense_resource_global", sym_visibility = "private", type = memref<3xi16>}> : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "dense_resource_attrs"}> ({
    "func.return"() : () -> ()
  }) {a = dense_resource<g> : tensor<3xi16>, b = [dense_resource<h> : memref<?xi8>, dense_resource<g> : vector<3xi16>], c = dense_resource<missing> : tensor<*xf32>} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      g: "0x02000000010002000300",
      h: "0x0100000001020304"
    }
  }
#-}

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_resource_external_resources"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

{-#
  external_resources: {
    tool: {
      flag: true,
      off: false,
      "quoted key": "a \22string\22",
      data: "0x0800000001"
    },
    other: {
      empty: "0x00000000"
    }
  }
#-}

