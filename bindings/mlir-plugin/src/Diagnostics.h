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

/// Emit the diagnostics of the last call on `session` in `fallback`'s
/// context, with their severities and notes. A diagnostic with a position
/// in a user's file is emitted there, one without a position at
/// `fallback`. Emits an error at `fallback` when the session has no
/// diagnostic to explain a failure.
void emitSessionDiagnostics(const ShapeOptSession *session,
                            mlir::Location fallback);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_DIAGNOSTICS_H
