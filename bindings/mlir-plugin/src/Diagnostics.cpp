//===- Diagnostics.cpp - shape-opt's diagnostics as MLIR's ----------------===//

#include "Diagnostics.h"
#include "CApi.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

DiagnosticSeverity severityOf(const ShapeOptDiagnostic *d) {
  switch (shapeOptDiagnosticGetSeverity(d)) {
  case SHAPE_OPT_SEVERITY_WARNING:
    return DiagnosticSeverity::Warning;
  case SHAPE_OPT_SEVERITY_NOTE:
    return DiagnosticSeverity::Note;
  case SHAPE_OPT_SEVERITY_REMARK:
    return DiagnosticSeverity::Remark;
  case SHAPE_OPT_SEVERITY_ERROR:
    break;
  }
  return DiagnosticSeverity::Error;
}

/// Where a diagnostic is: its position in a user's file, else `fallback`.
Location placeOf(const ShapeOptDiagnostic *d, Location fallback) {
  StringRef file = toStringRef(shapeOptDiagnosticGetFile(d));
  unsigned line = shapeOptDiagnosticGetLine(d);
  if (file.empty() || line == 0)
    return fallback;
  return FileLineColLoc::get(fallback.getContext(), file, line,
                             shapeOptDiagnosticGetColumn(d));
}

/// Attach `note` and, flattened (MLIR notes have no notes), its own notes.
void attachNotes(InFlightDiagnostic &diag, const ShapeOptDiagnostic *note,
                 Location fallback) {
  diag.attachNote(placeOf(note, fallback))
      << toStringRef(shapeOptDiagnosticGetMessage(note));
  for (size_t i = 0, e = shapeOptDiagnosticGetNumNotes(note); i < e; ++i)
    attachNotes(diag, shapeOptDiagnosticGetNote(note, i), fallback);
}

} // namespace

void emitSessionDiagnostics(const ShapeOptSession *session, Location fallback) {
  DiagnosticEngine &engine = fallback.getContext()->getDiagEngine();
  size_t count = shapeOptSessionNumDiagnostics(session);
  if (count == 0) {
    emitError(fallback) << "shape-opt failed without saying why";
    return;
  }
  for (size_t i = 0; i < count; ++i) {
    const ShapeOptDiagnostic *d = shapeOptSessionGetDiagnostic(session, i);
    InFlightDiagnostic diag = engine.emit(placeOf(d, fallback), severityOf(d));
    diag << toStringRef(shapeOptDiagnosticGetMessage(d));
    for (size_t n = 0, e = shapeOptDiagnosticGetNumNotes(d); n < e; ++n)
      attachNotes(diag, shapeOptDiagnosticGetNote(d, n), fallback);
  }
}

} // namespace shape_opt_plugin
