// Shape code wrapped in a single-block `scf.execute_region` that yields a
// `!shape.shape`, as a producer that builds one region per operator
// writes it. The broadcast's failure is kept: [2,3] and [4,4] abort.
func.func @broadcast_region(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> !shape.shape {
  %r = scf.execute_region -> !shape.shape {
    %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
    %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
    %c = shape.broadcast %sa, %sb {error = "operands do not broadcast"} : !shape.shape, !shape.shape -> !shape.shape
    scf.yield %c : !shape.shape
  }
  return %r : !shape.shape
}

// A shape chosen by `scf.if`: the transposed product when asked.
func.func @matmul_maybe_transposed(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %transpose_b: i1) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?x?xf32> -> !shape.shape
  %c0 = shape.const_size 0
  %c1 = shape.const_size 1
  %m = shape.get_extent %sa, %c0 : !shape.shape, !shape.size -> !shape.size
  %k = shape.get_extent %sa, %c1 : !shape.shape, !shape.size -> !shape.size
  %nk:2 = scf.if %transpose_b -> (!shape.size, !shape.size) {
    %n = shape.get_extent %sb, %c0 : !shape.shape, !shape.size -> !shape.size
    %kb = shape.get_extent %sb, %c1 : !shape.shape, !shape.size -> !shape.size
    scf.yield %n, %kb : !shape.size, !shape.size
  } else {
    %kb = shape.get_extent %sb, %c0 : !shape.shape, !shape.size -> !shape.size
    %n = shape.get_extent %sb, %c1 : !shape.shape, !shape.size -> !shape.size
    scf.yield %n, %kb : !shape.size, !shape.size
  }
  %same = shape.meet %k, %nk#1, error = "inner dimensions differ" : !shape.size, !shape.size -> !shape.size
  %r = shape.from_extents %m, %nk#0 : !shape.size, !shape.size
  return %r : !shape.shape
}
