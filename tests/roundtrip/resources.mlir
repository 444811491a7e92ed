// test: roundtrip
module {
  func.func @dense_resource_constant() -> tensor<2xf32> {
    %cst = arith.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_torch.float32: "0x040000000000803F00000040"
    }
  }
#-}

// -----
module {
  func.func @dense_resource_weights(%arg0: tensor<2x3xf32>) -> (tensor<3xi64>, tensor<2x3xf32>, tensor<4xi8>) {
    %cst = arith.constant dense_resource<"weight 1"> : tensor<3xi64>
    %cst_0 = arith.constant dense_resource<bias> : tensor<2x3xf32>
    %cst_1 = arith.constant dense_resource<__elided__> : tensor<4xi8>
    %cst_2 = arith.constant dense_resource<bias> : tensor<2x3xf32>
    "test.use"(%cst_2) : (tensor<2x3xf32>) -> ()
    return %cst, %cst_0, %cst_1 : tensor<3xi64>, tensor<2x3xf32>, tensor<4xi8>
  }
}

{-#
  dialect_resources: {
    builtin: {
      "weight 1": "0x08000000010000000000000002000000000000000300000000000000",
      bias: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}

// -----
module {
  memref.global "private" constant @dense_resource_global : memref<3xi16> = dense_resource<g> {alignment = 64 : i64}
  func.func @dense_resource_attrs() attributes {a = dense_resource<g> : tensor<3xi16>, b = [dense_resource<h> : memref<?xi8>, dense_resource<g> : vector<3xi16>], c = dense_resource<missing> : tensor<*xf32>} {
    return
  }
}

{-#
  dialect_resources: {
    builtin: {
      g: "0x02000000010002000300",
      h: "0x0100000001020304"
    }
  }
#-}

// -----
module {
  func.func @dense_resource_external_resources() {
    return
  }
}

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

