// test: input
// An error-monadic shape function with a side effect: an op of no
// registered dialect is an event, which every pass and lowering must keep
// exactly where the first meet holds (run with --allow-unregistered-dialect).
// Run by tests/soundness_guard.rs with every pass.

// Error-monadic: each meet is a requirement where it stands; the print
// between them must happen exactly when the first holds.
func.func @print_between_meets(%a: !shape.shape, %b: !shape.shape, %c: !shape.shape) -> !shape.shape {
  %ab = shape.meet %a, %b, error = "a and b differ" : !shape.shape, !shape.shape -> !shape.shape
  %r = shape.rank %ab : !shape.shape -> !shape.size
  %i = shape.size_to_index %r : !shape.size
  "test.print"(%i) : (index) -> ()
  %abc = shape.meet %ab, %c, error = "c differs" : !shape.shape, !shape.shape -> !shape.shape
  return %abc : !shape.shape
}
