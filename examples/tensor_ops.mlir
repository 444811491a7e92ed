// A tensor program with no shape function library of its own: `reify-shape-library` gives each tensor op its built-in shape function.
func.func @tensor_ops(%x: tensor<?x?xf32>, %y: tensor<?x6xf32>, %offset: index, %rows: index, %split: index, %d: index) -> !shape.shape {
  %c0 = arith.constant 0 : index
  %slice = tensor.extract_slice %x[%offset, 0] [%rows, 6] [2, 1] : tensor<?x?xf32> to tensor<?x6xf32>
  %joined = tensor.concat dim(0) %slice, %y : (tensor<?x6xf32>, tensor<?x6xf32>) -> tensor<?x6xf32>
  %n = tensor.dim %joined, %c0 : tensor<?x6xf32>
  %flat = tensor.collapse_shape %joined [[0, 1]] : tensor<?x6xf32> into tensor<?xf32>
  %m = tensor.dim %x, %d : tensor<?x?xf32>
  %grid = tensor.expand_shape %flat [[0, 1]] output_shape [%split, %m] : tensor<?xf32> into tensor<?x?xf32>
  %e = tensor.empty(%m, %split) : tensor<?x?xf32>
  %cast = tensor.cast %grid : tensor<?x?xf32> to tensor<?x?xf32>
  %shape = shape.shape_of %cast : tensor<?x?xf32> -> !shape.shape
  return %shape : !shape.shape
}
