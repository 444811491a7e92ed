//===- RoundTrip.cpp - A module through shape-opt and back ----------------===//

#include "RoundTrip.h"
#include "CApi.h"
#include "Diagnostics.h"
#include "FromShapeOpt.h"
#include "ToShapeOpt.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

/// Configure `session` from `options` and `ctx`.
ShapeOptStatus configure(ShapeOptSession *session,
                         const SessionOptions &options, MLIRContext *ctx) {
  shapeOptSessionSetAllowUnregisteredDialects(
      session, ctx->allowsUnregisteredDialects());
  // shape-opt's threads follow mlir-opt's --mlir-disable-threading.
  shapeOptSessionSetThreads(session, ctx->isMultithreadingEnabled() ? 0 : 1);
  shapeOptSessionSetVerifyEach(session, options.verifyEach);
  shapeOptSessionSetVerifySemantics(session, options.verifySemantics);
  shapeOptSessionSetStatusOnFailure(session, options.statusOnFailure);
  for (const std::string &entry : options.pure)
    if (shapeOptSessionDeclarePure(session, toShapeOpt(entry)) !=
        SHAPE_OPT_SUCCESS)
      return SHAPE_OPT_FAILURE;
  return SHAPE_OPT_SUCCESS;
}

/// Run `work` on `module` in a new shape-opt session; what then becomes of
/// the result (`keep`, called with it). On failure the reasons are emitted
/// as MLIR diagnostics.
template <typename Keep>
LogicalResult withShapeOpt(ModuleOp module, const SessionOptions &options,
                           Work work, Keep keep) {
  Location loc = module.getLoc();
  Session session(shapeOptSessionCreate());
  if (!session)
    return emitError(loc) << "cannot create a shape-opt session";
  auto fail = [&] {
    emitSessionDiagnostics(session.get(), loc);
    return failure();
  };
  if (configure(session.get(), options, module.getContext()) !=
      SHAPE_OPT_SUCCESS)
    return fail();
  Module built(toShapeOpt(session.get(), module));
  if (!built || work(session.get(), built.get()) != SHAPE_OPT_SUCCESS)
    return fail();
  return keep(built.get());
}

} // namespace

LogicalResult runThroughShapeOpt(ModuleOp module, const SessionOptions &options,
                                 Work work) {
  return withShapeOpt(module, options, work, [&](ShapeOptModule *built) {
    Location loc = module.getLoc();
    OwningOpRef<Operation *> result =
        fromShapeOpt(built, module.getContext(), loc);
    if (!result)
      return failure();
    if (result->getNumRegions() != 1)
      return LogicalResult(emitError(loc)
                           << "shape-opt gave back '" << result->getName()
                           << "', not a module");
    module.getBodyRegion().takeBody(result->getRegion(0));
    module->setAttrs(result->getAttrDictionary());
    return success();
  });
}

LogicalResult inspectThroughShapeOpt(ModuleOp module,
                                     const SessionOptions &options, Work work) {
  return withShapeOpt(module, options, work,
                      [](ShapeOptModule *) { return success(); });
}

} // namespace shape_opt_plugin
