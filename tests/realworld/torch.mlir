// test: input
// PyTorch meta functions (the shape rules of ATen ops, as torch-mlir
// needs them). INPUT lines: see tests/realworld/README.md.

// `torch.cat([a, b], dim=0)`: 0-d inputs are an error; a 1-D input of
// shape [0] is skipped whatever the other's shape (PyTorch's legacy rule);
// otherwise ranks and the extents past dim 0 agree and dim 0 adds up. The
// choices are `scf.if`s yielding `!shape.shape`.
func.func @torch_cat(%a: tensor<*xf32>, %b: tensor<*xf32>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %legacy_empty = shape.const_shape [0] : !shape.shape
  %sa = shape.shape_of %a : tensor<*xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<*xf32> -> !shape.shape
  %ras = shape.rank %sa : !shape.shape -> !shape.size
  %rbs = shape.rank %sb : !shape.shape -> !shape.size
  %ra = shape.size_to_index %ras : !shape.size
  %rb = shape.size_to_index %rbs : !shape.size
  %pa = arith.cmpi uge, %ra, %c1 : index
  %pb = arith.cmpi uge, %rb, %c1 : index
  %p = arith.andi %pa, %pb : i1
  %w = shape.cstr_require %p, "torch.cat: zero-dimensional tensor cannot be concatenated"
  %r = shape.assuming %w -> (!shape.shape) {
    %skip_a = shape.shape_eq %sa, %legacy_empty : !shape.shape, !shape.shape
    %skip_b = shape.shape_eq %sb, %legacy_empty : !shape.shape, !shape.shape
    %res = scf.if %skip_a -> (!shape.shape) {
      scf.yield %sb : !shape.shape
    } else {
      %inner = scf.if %skip_b -> (!shape.shape) {
        scf.yield %sa : !shape.shape
      } else {
        %ha, %ta = "shape.split_at"(%sa, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
        %hb, %tb = "shape.split_at"(%sb, %c1) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
        %wt = shape.cstr_eq %ta, %tb : !shape.shape, !shape.shape
        %joined = shape.assuming %wt -> (!shape.shape) {
          %xa = shape.get_extent %sa, %c0 : !shape.shape, index -> !shape.size
          %xb = shape.get_extent %sb, %c0 : !shape.shape, index -> !shape.size
          %sum = shape.add %xa, %xb : !shape.size, !shape.size -> !shape.size
          %lead = shape.from_extents %sum : !shape.size
          %o = shape.concat %lead, %ta : !shape.shape, !shape.shape -> !shape.shape
          shape.assuming_yield %o : !shape.shape
        }
        scf.yield %joined : !shape.shape
      }
      scf.yield %inner : !shape.shape
    }
    shape.assuming_yield %res : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @torch_cat [2,3] [4,3] -> [6,3]
// INPUT: @torch_cat [0] [4,3] -> [4,3]
// INPUT: @torch_cat [2,3] [0] -> [2,3]
// INPUT: @torch_cat [0] [0] -> [0]
// INPUT: @torch_cat [0] [5] -> [5]
// INPUT: @torch_cat [0,3] [2,3] -> [2,3]
// INPUT: @torch_cat [2,3] [2,4] -> error
// INPUT: @torch_cat [2,3] [2,3,4] -> error
// INPUT: @torch_cat [] [3] -> error "torch.cat: zero-dimensional tensor cannot be concatenated"
// INPUT: @torch_cat [0] [] -> error "torch.cat: zero-dimensional tensor cannot be concatenated"

// -----

// `torch.index_select(self, 0, index)` on a 2-D `self`, in the clean
// constrained form: the index is 0-d or 1-D, and the result is
// [index.numel(), self.size(1)].
func.func @index_select_dim0(%self: tensor<?x?xf32>, %index: tensor<*xi64>) -> tensor<?xindex> {
  %c1 = arith.constant 1 : index
  %si = shape.shape_of %index : tensor<*xi64> -> tensor<?xindex>
  %ri = shape.rank %si : tensor<?xindex> -> index
  %vector = arith.cmpi ule, %ri, %c1 : index
  %w = shape.cstr_require %vector, "index_select(): Index is supposed to be a vector"
  %r = shape.assuming %w -> (tensor<?xindex>) {
    %ss = shape.shape_of %self : tensor<?x?xf32> -> tensor<?xindex>
    %n = shape.num_elements %si : tensor<?xindex> -> index
    %d1 = shape.get_extent %ss, %c1 : tensor<?xindex>, index -> index
    %o = tensor.from_elements %n, %d1 : tensor<2xindex>
    %oc = tensor.cast %o : tensor<2xindex> to tensor<?xindex>
    shape.assuming_yield %oc : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}
// INPUT: @index_select_dim0 [5,3] [4] -> [4,3]
// INPUT: @index_select_dim0 [5,3] [] -> [1,3]
// INPUT: @index_select_dim0 [5,3] [0] -> [0,3]
// INPUT: @index_select_dim0 [0,2] [3] -> [3,2]
// INPUT: @index_select_dim0 [5,3] [2,2] -> error "index_select(): Index is supposed to be a vector"

// -----

// `x.expand(sizes)` of a 2-D tensor to rank 3, the sizes read from a data
// tensor: the new leading extent must be >= 0 (-1 is not allowed there);
// for an existing dimension -1 keeps its extent, and otherwise the extent
// must equal the size or be 1 (then it becomes the size); sizes are never
// negative.
func.func @torch_expand(%x: tensor<?x?xf32>, %sizes: tensor<3xi64>) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %i0 = arith.constant 0 : i64
  %im1 = arith.constant -1 : i64
  %s0 = tensor.extract %sizes[%c0] : tensor<3xi64>
  %s1 = tensor.extract %sizes[%c1] : tensor<3xi64>
  %s2 = tensor.extract %sizes[%c2] : tensor<3xi64>
  %lead_ok = arith.cmpi sge, %s0, %i0 : i64
  %wl = shape.cstr_require %lead_ok, "expand: -1 is not allowed in a leading, non-existing dimension"
  %r = shape.assuming %wl -> (!shape.shape) {
    %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
    %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
    %e0 = arith.index_cast %s0 : i64 to index
    %keep1 = arith.cmpi eq, %s1, %im1 : i64
    %keep2 = arith.cmpi eq, %s2, %im1 : i64
    %n1 = arith.index_cast %s1 : i64 to index
    %n2 = arith.index_cast %s2 : i64 to index
    %e1 = arith.select %keep1, %d0, %n1 : index
    %e2 = arith.select %keep2, %d1, %n2 : index
    %nn1 = arith.cmpi sge, %e1, %c0 : index
    %nn2 = arith.cmpi sge, %e2, %c0 : index
    %nn = arith.andi %nn1, %nn2 : i1
    %wn = shape.cstr_require %nn, "expand: sizes must be non-negative"
    %eq1 = arith.cmpi eq, %d0, %e1 : index
    %one1 = arith.cmpi eq, %d0, %c1 : index
    %eq2 = arith.cmpi eq, %d1, %e2 : index
    %one2 = arith.cmpi eq, %d1, %c1 : index
    %ok1 = arith.ori %eq1, %one1 : i1
    %ok2 = arith.ori %eq2, %one2 : i1
    %ok = arith.andi %ok1, %ok2 : i1
    %wm = shape.cstr_require %ok, "expand: the expanded size must match the existing size at a non-singleton dimension"
    %wnm = shape.assuming_all %wn, %wm
    %res = shape.assuming %wnm -> (!shape.shape) {
      %o = shape.from_extents %e0, %e1, %e2 : index, index, index
      shape.assuming_yield %o : !shape.shape
    }
    shape.assuming_yield %res : !shape.shape
  }
  return %r : !shape.shape
}
// INPUT: @torch_expand [3,1] dense<[2,-1,4]> -> [2,3,4]
// INPUT: @torch_expand [3,1] dense<[2,3,1]> -> [2,3,1]
// INPUT: @torch_expand [1,1] dense<[0,5,-1]> -> [0,5,1]
// INPUT: @torch_expand [3,2] dense<[1,3,2]> -> [1,3,2]
// INPUT: @torch_expand [1,2] dense<[4,0,-1]> -> [4,0,2]
// INPUT: @torch_expand [3,1] dense<[-1,3,4]> -> error "expand: -1 is not allowed in a leading, non-existing dimension"
// INPUT: @torch_expand [3,1] dense<[2,4,4]> -> error "expand: the expanded size must match the existing size at a non-singleton dimension"
// INPUT: @torch_expand [3,1] dense<[2,-1,-2]> -> error "expand: sizes must be non-negative"
