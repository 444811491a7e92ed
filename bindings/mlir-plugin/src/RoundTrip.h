//===- RoundTrip.h - A module through shape-opt and back --------*- C++ -*-===//
//
// What every pass of the plugin does: give the module it runs on to
// shape-opt op by op (ToShapeOpt.h), have shape-opt work on it, build
// shape-opt's result as MLIR ops of the same MLIRContext (FromShapeOpt.h)
// and make it the module's body and attributes. No IR goes through text
// but each distinct type and attribute.
//
//===----------------------------------------------------------------------===//

#ifndef SHAPE_OPT_PLUGIN_ROUNDTRIP_H
#define SHAPE_OPT_PLUGIN_ROUNDTRIP_H

#include "shape_opt.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace shape_opt_plugin {

/// The options a pass gives its session, beyond what follows the
/// MLIRContext (unregistered dialects, threading).
struct SessionOptions {
  /// Verify the IR after every shape-opt pass.
  bool verifyEach = true;
  /// Sampled inputs per function checked after every pass; 0: no check.
  unsigned verifySemantics = 0;
  /// Failed checks return a status instead of aborting (`failure=status`).
  bool statusOnFailure = false;
  /// Ops (`chlo.broadcast_add`), dialects (`mhlo.`) and functions
  /// (`@name`) declared pure.
  llvm::ArrayRef<std::string> pure;
};

/// What a pass has shape-opt do to the module it parsed.
using Work =
    llvm::function_ref<ShapeOptStatus(ShapeOptSession *, ShapeOptModule *)>;

/// Run `work` on `module` in a new shape-opt session, and replace the module's
/// body and attributes with the result. On failure the module is unchanged and
/// the reasons are emitted as MLIR diagnostics.
mlir::LogicalResult runThroughShapeOpt(mlir::ModuleOp module,
                                       const SessionOptions &options,
                                       Work work);

/// Run `work` on `module` in a new shape-opt session, leaving the module as
/// it is: for what only reads shape-opt's view of it (an explanation). On
/// failure the reasons are emitted as MLIR diagnostics.
mlir::LogicalResult inspectThroughShapeOpt(mlir::ModuleOp module,
                                           const SessionOptions &options,
                                           Work work);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_ROUNDTRIP_H
