//===- Diagnostics.h - shape-opt's diagnostics as MLIR's --------*- C++ -*-===//
//
// A session's diagnostics become MLIR diagnostics at the user's
// `file:line:col`, so that mlir-opt prints them (and -verify-diagnostics
// matches them) as if MLIR had emitted them.
//
//===----------------------------------------------------------------------===//

#ifndef SHAPE_OPT_PLUGIN_DIAGNOSTICS_H
#define SHAPE_OPT_PLUGIN_DIAGNOSTICS_H

#include "shape_opt.h"

#include "mlir/IR/Location.h"

namespace shape_opt_plugin {

/// The text a pass handed to shape-opt, under the buffer name it gave it.
struct HandedText {
  llvm::StringRef bufferName;
  llvm::StringRef text;
};

/// Emit the diagnostics of the last call on `session` in `fallback`'s
/// context, with their severities and notes. A diagnostic with a position
/// in a user's file is emitted there; one without a position, or with one
/// in `handed` (which the user never saw), at `fallback`, the latter with a
/// note quoting the line. Emits an error at `fallback` when the session
/// has no diagnostic to explain a failure.
void emitSessionDiagnostics(const ShapeOptSession *session,
                            mlir::Location fallback, HandedText handed);

/// Line `number` (1-based) of `text`, trimmed and cut to a length fit to
/// quote in a diagnostic.
llvm::StringRef quoteLine(llvm::StringRef text, unsigned number);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_DIAGNOSTICS_H
