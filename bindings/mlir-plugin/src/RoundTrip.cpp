//===- RoundTrip.cpp - A module through shape-opt and back ----------------===//

#include "RoundTrip.h"
#include "CApi.h"
#include "Diagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

/// The buffer name of what shape-opt printed, as MLIR parses it back.
constexpr llvm::StringLiteral kOutputName = "shape-opt output";

/// `module` as shape-opt reads it: generic form (shape-opt's parser needs
/// no dialect syntax of MLIR's), with every location. The pass manager
/// verified the module, and the generic form needs no verified IR.
std::string printForShapeOpt(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags()
                        .printGenericOpForm()
                        .enableDebugInfo()
                        .assumeVerified());
  return text;
}

/// Configure `session` from `options` and `ctx`.
ShapeOptStatus configure(ShapeOptSession *session,
                         const SessionOptions &options, MLIRContext *ctx) {
  shapeOptSessionSetAllowUnregisteredDialects(
      session, ctx->allowsUnregisteredDialects());
  // shape-opt's threads follow mlir-opt's --mlir-disable-threading.
  shapeOptSessionSetThreads(session, ctx->isMultithreadingEnabled() ? 0 : 1);
  shapeOptSessionSetVerifyEach(session, options.verifyEach);
  shapeOptSessionSetVerifySemantics(session, options.verifySemantics);
  for (const std::string &entry : options.pure)
    if (shapeOptSessionDeclarePure(session, toShapeOpt(entry)) !=
        SHAPE_OPT_SUCCESS)
      return SHAPE_OPT_FAILURE;
  return SHAPE_OPT_SUCCESS;
}

/// `output` parsed into `ctx`; null, with an error at `loc` saying what
/// MLIR made of it, when it does not parse. Not verified here: shape-opt
/// verified it after each of its passes, and the pass manager verifies it
/// after this pass (a quarter of the parse's time on large modules).
OwningOpRef<ModuleOp> parseBack(StringRef output, MLIRContext *ctx,
                                Location loc) {
  std::string errors;
  OwningOpRef<ModuleOp> parsed;
  {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
      llvm::raw_string_ostream os(errors);
      os << "\n  " << diag.getLocation() << ": " << diag;
      if (auto at = dyn_cast<FileLineColLoc>(diag.getLocation()))
        os << "\n    " << quoteLine(output, at.getLine());
      return success();
    });
    parsed = parseSourceString<ModuleOp>(
        output, ParserConfig(ctx, /*verifyAfterParse=*/false), kOutputName);
  }
  if (!parsed)
    emitError(loc) << "MLIR cannot parse what shape-opt printed:" << errors;
  return parsed;
}

} // namespace

LogicalResult runThroughShapeOpt(ModuleOp module, StringRef passName,
                                 const SessionOptions &options, Work work) {
  Location loc = module.getLoc();
  Session session(shapeOptSessionCreate());
  if (!session)
    return emitError(loc) << "cannot create a shape-opt session";
  std::string bufferName = (passName + " input").str();
  std::string input = printForShapeOpt(module);
  auto fail = [&] {
    emitSessionDiagnostics(session.get(), loc, {bufferName, input});
    return failure();
  };
  if (configure(session.get(), options, module.getContext()) !=
      SHAPE_OPT_SUCCESS)
    return fail();
  Module parsed(
      shapeOptParse(session.get(), toShapeOpt(bufferName), toShapeOpt(input)));
  if (!parsed || work(session.get(), parsed.get()) != SHAPE_OPT_SUCCESS)
    return fail();
  std::string output = print(parsed.get(), SHAPE_OPT_PRINT_DEBUG_INFO);
  // shape-opt's memory is not needed while MLIR parses.
  parsed.reset();
  session.reset();
  std::string().swap(input);
  OwningOpRef<ModuleOp> result = parseBack(output, module.getContext(), loc);
  if (!result)
    return failure();
  module.getBodyRegion().takeBody(result->getBodyRegion());
  module->setAttrs(result.get()->getAttrDictionary());
  return success();
}

} // namespace shape_opt_plugin
