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
