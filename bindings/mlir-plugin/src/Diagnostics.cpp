//===- Diagnostics.cpp - shape-opt's diagnostics as MLIR's ----------------===//

#include "Diagnostics.h"
#include "CApi.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

/// Longest excerpt of a handed line quoted in a note.
constexpr size_t kMaxQuote = 160;

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

/// Where a diagnostic is: its location in MLIR, and, when that is the
/// fallback standing for a line of the handed text, that line.
struct Place {
  Location loc;
  unsigned handedLine = 0;
};

Place placeOf(const ShapeOptDiagnostic *d, Location fallback,
              HandedText handed) {
  StringRef file = toStringRef(shapeOptDiagnosticGetFile(d));
  unsigned line = shapeOptDiagnosticGetLine(d);
  if (file.empty() || line == 0)
    return {fallback};
  if (file == handed.bufferName)
    return {fallback, line};
  return {FileLineColLoc::get(fallback.getContext(), file, line,
                              shapeOptDiagnosticGetColumn(d))};
}

void noteHandedLine(InFlightDiagnostic &diag, Location loc, HandedText handed,
                    unsigned line) {
  if (line == 0)
    return;
  diag.attachNote(loc) << "line " << line
                       << " of the module as handed to shape-opt: "
                       << quoteLine(handed.text, line);
}

/// Attach `note` and, flattened (MLIR notes have no notes), its own notes.
void attachNotes(InFlightDiagnostic &diag, const ShapeOptDiagnostic *note,
                 Location fallback, HandedText handed) {
  Place place = placeOf(note, fallback, handed);
  diag.attachNote(place.loc) << toStringRef(shapeOptDiagnosticGetMessage(note));
  noteHandedLine(diag, place.loc, handed, place.handedLine);
  for (size_t i = 0, e = shapeOptDiagnosticGetNumNotes(note); i < e; ++i)
    attachNotes(diag, shapeOptDiagnosticGetNote(note, i), fallback, handed);
}

} // namespace

StringRef quoteLine(StringRef text, unsigned number) {
  for (unsigned i = 1; i < number && !text.empty(); ++i)
    text = text.split('\n').second;
  return text.split('\n').first.trim().take_front(kMaxQuote);
}

void emitSessionDiagnostics(const ShapeOptSession *session, Location fallback,
                            HandedText handed) {
  DiagnosticEngine &engine = fallback.getContext()->getDiagEngine();
  size_t count = shapeOptSessionNumDiagnostics(session);
  if (count == 0) {
    emitError(fallback) << "shape-opt failed without saying why";
    return;
  }
  for (size_t i = 0; i < count; ++i) {
    const ShapeOptDiagnostic *d = shapeOptSessionGetDiagnostic(session, i);
    Place place = placeOf(d, fallback, handed);
    InFlightDiagnostic diag = engine.emit(place.loc, severityOf(d));
    diag << toStringRef(shapeOptDiagnosticGetMessage(d));
    noteHandedLine(diag, place.loc, handed, place.handedLine);
    for (size_t n = 0, e = shapeOptDiagnosticGetNumNotes(d); n < e; ++n)
      attachNotes(diag, shapeOptDiagnosticGetNote(d, n), fallback, handed);
  }
}

} // namespace shape_opt_plugin
