// test: run-lines
// RUN: shape-opt %s --lower-to=std | precise-output
//
// examples/broadcast_chain.mlir lowered to std; the whole output is kept below.

// A chain of 20 elementwise ops over 6 inputs in constrained form, as a
// frontend lowers `a+b`, `(a+b)+c`, `((a+b)+c)+d`, ... op by op: each op
// checks that its operands' shapes broadcast and computes the result shape
// under that check. Once every input is in the chain, the later checks are
// implied by earlier ones.
func.func @broadcast_chain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>, %d: tensor<?x?xf32>, %e: tensor<?x?xf32>, %f: tensor<?x?xf32>) -> tensor<?xindex> {
  %as = shape.shape_of %a : tensor<?x?xf32> -> tensor<?xindex>
  %bs = shape.shape_of %b : tensor<?x?xf32> -> tensor<?xindex>
  %cs = shape.shape_of %c : tensor<?x?xf32> -> tensor<?xindex>
  %ds = shape.shape_of %d : tensor<?x?xf32> -> tensor<?xindex>
  %es = shape.shape_of %e : tensor<?x?xf32> -> tensor<?xindex>
  %fs = shape.shape_of %f : tensor<?x?xf32> -> tensor<?xindex>
  %w1 = shape.cstr_broadcastable %as, %bs : tensor<?xindex>, tensor<?xindex>
  %r1 = shape.assuming %w1 -> (tensor<?xindex>) {
    %b1 = shape.broadcast %as, %bs : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b1 : tensor<?xindex>
  }
  %w2 = shape.cstr_broadcastable %r1, %cs : tensor<?xindex>, tensor<?xindex>
  %r2 = shape.assuming %w2 -> (tensor<?xindex>) {
    %b2 = shape.broadcast %r1, %cs : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b2 : tensor<?xindex>
  }
  %w3 = shape.cstr_broadcastable %r2, %ds : tensor<?xindex>, tensor<?xindex>
  %r3 = shape.assuming %w3 -> (tensor<?xindex>) {
    %b3 = shape.broadcast %r2, %ds : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b3 : tensor<?xindex>
  }
  %w4 = shape.cstr_broadcastable %r3, %es : tensor<?xindex>, tensor<?xindex>
  %r4 = shape.assuming %w4 -> (tensor<?xindex>) {
    %b4 = shape.broadcast %r3, %es : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b4 : tensor<?xindex>
  }
  %w5 = shape.cstr_broadcastable %r4, %fs : tensor<?xindex>, tensor<?xindex>
  %r5 = shape.assuming %w5 -> (tensor<?xindex>) {
    %b5 = shape.broadcast %r4, %fs : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b5 : tensor<?xindex>
  }
  %w6 = shape.cstr_broadcastable %r5, %as : tensor<?xindex>, tensor<?xindex>
  %r6 = shape.assuming %w6 -> (tensor<?xindex>) {
    %b6 = shape.broadcast %r5, %as : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b6 : tensor<?xindex>
  }
  %w7 = shape.cstr_broadcastable %r6, %bs : tensor<?xindex>, tensor<?xindex>
  %r7 = shape.assuming %w7 -> (tensor<?xindex>) {
    %b7 = shape.broadcast %r6, %bs : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b7 : tensor<?xindex>
  }
  %w8 = shape.cstr_broadcastable %r1, %cs : tensor<?xindex>, tensor<?xindex>
  %r8 = shape.assuming %w8 -> (tensor<?xindex>) {
    %b8 = shape.broadcast %r1, %cs : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b8 : tensor<?xindex>
  }
  %w9 = shape.cstr_broadcastable %r8, %r2 : tensor<?xindex>, tensor<?xindex>
  %r9 = shape.assuming %w9 -> (tensor<?xindex>) {
    %b9 = shape.broadcast %r8, %r2 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b9 : tensor<?xindex>
  }
  %w10 = shape.cstr_broadcastable %r9, %ds : tensor<?xindex>, tensor<?xindex>
  %r10 = shape.assuming %w10 -> (tensor<?xindex>) {
    %b10 = shape.broadcast %r9, %ds : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b10 : tensor<?xindex>
  }
  %w11 = shape.cstr_broadcastable %r10, %r3 : tensor<?xindex>, tensor<?xindex>
  %r11 = shape.assuming %w11 -> (tensor<?xindex>) {
    %b11 = shape.broadcast %r10, %r3 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b11 : tensor<?xindex>
  }
  %w12 = shape.cstr_broadcastable %r11, %es : tensor<?xindex>, tensor<?xindex>
  %r12 = shape.assuming %w12 -> (tensor<?xindex>) {
    %b12 = shape.broadcast %r11, %es : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b12 : tensor<?xindex>
  }
  %w13 = shape.cstr_broadcastable %r12, %r4 : tensor<?xindex>, tensor<?xindex>
  %r13 = shape.assuming %w13 -> (tensor<?xindex>) {
    %b13 = shape.broadcast %r12, %r4 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b13 : tensor<?xindex>
  }
  %w14 = shape.cstr_broadcastable %r13, %fs : tensor<?xindex>, tensor<?xindex>
  %r14 = shape.assuming %w14 -> (tensor<?xindex>) {
    %b14 = shape.broadcast %r13, %fs : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b14 : tensor<?xindex>
  }
  %w15 = shape.cstr_broadcastable %r14, %r5 : tensor<?xindex>, tensor<?xindex>
  %r15 = shape.assuming %w15 -> (tensor<?xindex>) {
    %b15 = shape.broadcast %r14, %r5 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b15 : tensor<?xindex>
  }
  %w16 = shape.cstr_broadcastable %r15, %as : tensor<?xindex>, tensor<?xindex>
  %r16 = shape.assuming %w16 -> (tensor<?xindex>) {
    %b16 = shape.broadcast %r15, %as : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b16 : tensor<?xindex>
  }
  %w17 = shape.cstr_broadcastable %r16, %r6 : tensor<?xindex>, tensor<?xindex>
  %r17 = shape.assuming %w17 -> (tensor<?xindex>) {
    %b17 = shape.broadcast %r16, %r6 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b17 : tensor<?xindex>
  }
  %w18 = shape.cstr_broadcastable %r17, %r7 : tensor<?xindex>, tensor<?xindex>
  %r18 = shape.assuming %w18 -> (tensor<?xindex>) {
    %b18 = shape.broadcast %r17, %r7 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b18 : tensor<?xindex>
  }
  %w19 = shape.cstr_broadcastable %r18, %r10 : tensor<?xindex>, tensor<?xindex>
  %r19 = shape.assuming %w19 -> (tensor<?xindex>) {
    %b19 = shape.broadcast %r18, %r10 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b19 : tensor<?xindex>
  }
  %w20 = shape.cstr_broadcastable %r19, %r14 : tensor<?xindex>, tensor<?xindex>
  %r20 = shape.assuming %w20 -> (tensor<?xindex>) {
    %b20 = shape.broadcast %r19, %r14 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %b20 : tensor<?xindex>
  }
  return %r20 : tensor<?xindex>
}
// PRECISE-OUTPUT:
// module {
//   func.func @broadcast_chain(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?x?xf32>, %arg4: tensor<?x?xf32>, %arg5: tensor<?x?xf32>) -> tensor<?xindex> {
//     %c0 = arith.constant 0 : index
//     %c1 = arith.constant 1 : index
//     %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
//     %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
//     %dim_1 = tensor.dim %arg1, %c0 : tensor<?x?xf32>
//     %dim_2 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
//     %dim_3 = tensor.dim %arg2, %c0 : tensor<?x?xf32>
//     %dim_4 = tensor.dim %arg2, %c1 : tensor<?x?xf32>
//     %dim_5 = tensor.dim %arg3, %c0 : tensor<?x?xf32>
//     %dim_6 = tensor.dim %arg3, %c1 : tensor<?x?xf32>
//     %dim_7 = tensor.dim %arg4, %c0 : tensor<?x?xf32>
//     %dim_8 = tensor.dim %arg4, %c1 : tensor<?x?xf32>
//     %dim_9 = tensor.dim %arg5, %c0 : tensor<?x?xf32>
//     %dim_10 = tensor.dim %arg5, %c1 : tensor<?x?xf32>
//     %0 = arith.cmpi eq, %dim_1, %c1 : index
//     %1 = arith.select %0, %dim, %dim_1 : index
//     %2 = arith.cmpi eq, %dim_3, %c1 : index
//     %3 = arith.select %2, %1, %dim_3 : index
//     %4 = arith.cmpi eq, %dim_5, %c1 : index
//     %5 = arith.select %4, %3, %dim_5 : index
//     %6 = arith.cmpi eq, %dim_7, %c1 : index
//     %7 = arith.select %6, %5, %dim_7 : index
//     %8 = arith.cmpi eq, %dim_9, %c1 : index
//     %9 = arith.select %8, %7, %dim_9 : index
//     %10 = arith.cmpi eq, %dim, %c1 : index
//     %11 = arith.cmpi eq, %dim, %9 : index
//     %12 = arith.ori %10, %11 : i1
//     %13 = arith.cmpi eq, %dim_1, %9 : index
//     %14 = arith.ori %0, %13 : i1
//     %15 = arith.cmpi eq, %dim_3, %9 : index
//     %16 = arith.ori %2, %15 : i1
//     %17 = arith.cmpi eq, %dim_5, %9 : index
//     %18 = arith.ori %4, %17 : i1
//     %19 = arith.cmpi eq, %dim_7, %9 : index
//     %20 = arith.ori %6, %19 : i1
//     %21 = arith.andi %12, %14 : i1
//     %22 = arith.andi %21, %16 : i1
//     %23 = arith.andi %22, %18 : i1
//     %24 = arith.andi %23, %20 : i1
//     %25 = arith.cmpi eq, %dim_2, %c1 : index
//     %26 = arith.select %25, %dim_0, %dim_2 : index
//     %27 = arith.cmpi eq, %dim_4, %c1 : index
//     %28 = arith.select %27, %26, %dim_4 : index
//     %29 = arith.cmpi eq, %dim_6, %c1 : index
//     %30 = arith.select %29, %28, %dim_6 : index
//     %31 = arith.cmpi eq, %dim_8, %c1 : index
//     %32 = arith.select %31, %30, %dim_8 : index
//     %33 = arith.cmpi eq, %dim_10, %c1 : index
//     %34 = arith.select %33, %32, %dim_10 : index
//     %35 = arith.cmpi eq, %dim_0, %c1 : index
//     %36 = arith.cmpi eq, %dim_0, %34 : index
//     %37 = arith.ori %35, %36 : i1
//     %38 = arith.cmpi eq, %dim_2, %34 : index
//     %39 = arith.ori %25, %38 : i1
//     %40 = arith.cmpi eq, %dim_4, %34 : index
//     %41 = arith.ori %27, %40 : i1
//     %42 = arith.cmpi eq, %dim_6, %34 : index
//     %43 = arith.ori %29, %42 : i1
//     %44 = arith.cmpi eq, %dim_8, %34 : index
//     %45 = arith.ori %31, %44 : i1
//     %46 = arith.andi %37, %39 : i1
//     %47 = arith.andi %46, %41 : i1
//     %48 = arith.andi %47, %43 : i1
//     %49 = arith.andi %48, %45 : i1
//     %50 = arith.andi %24, %49 : i1
//     cf.assert %50, "operands must be broadcastable"
//     %51 = arith.select %10, %9, %dim : index
//     %52 = arith.select %35, %34, %dim_0 : index
//     %53 = arith.select %0, %51, %dim_1 : index
//     %54 = arith.select %25, %52, %dim_2 : index
//     %55 = arith.cmpi eq, %7, %c1 : index
//     %56 = arith.select %55, %7, %7 : index
//     %57 = arith.cmpi eq, %32, %c1 : index
//     %58 = arith.select %57, %32, %32 : index
//     %59 = arith.select %8, %56, %dim_9 : index
//     %60 = arith.select %33, %58, %dim_10 : index
//     %61 = arith.cmpi eq, %9, %c1 : index
//     %62 = arith.select %61, %59, %9 : index
//     %63 = arith.cmpi eq, %34, %c1 : index
//     %64 = arith.select %63, %60, %34 : index
//     %65 = arith.select %10, %62, %dim : index
//     %66 = arith.select %35, %64, %dim_0 : index
//     %67 = arith.cmpi eq, %51, %c1 : index
//     %68 = arith.select %67, %65, %51 : index
//     %69 = arith.cmpi eq, %52, %c1 : index
//     %70 = arith.select %69, %66, %52 : index
//     %71 = arith.cmpi eq, %53, %c1 : index
//     %72 = arith.select %71, %68, %53 : index
//     %73 = arith.cmpi eq, %54, %c1 : index
//     %74 = arith.select %73, %70, %54 : index
//     %75 = arith.cmpi eq, %5, %c1 : index
//     %76 = arith.select %75, %72, %5 : index
//     %77 = arith.cmpi eq, %30, %c1 : index
//     %78 = arith.select %77, %74, %30 : index
//     %79 = arith.cmpi eq, %59, %c1 : index
//     %80 = arith.select %79, %76, %59 : index
//     %81 = arith.cmpi eq, %60, %c1 : index
//     %82 = arith.select %81, %78, %60 : index
//     %from_elements = tensor.from_elements %80, %82 : tensor<2xindex>
//     %cast = tensor.cast %from_elements : tensor<2xindex> to tensor<?xindex>
//     return %cast : tensor<?xindex>
//   }
// }
//
