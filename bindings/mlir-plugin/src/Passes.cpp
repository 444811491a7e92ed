//===- Passes.cpp - The plugin's passes -----------------------------------===//
//
// Every pass runs on a `builtin.module` and hands it whole to shape-opt
// (RoundTrip.h); they differ in what they ask shape-opt to do.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "CApi.h"
#include "Dialects.h"
#include "InputSource.h"
#include "RoundTrip.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

/// What every pass of the plugin has: the session options, the dialects
/// its result may hold, and the run through shape-opt.
template <typename Derived>
class ShapeOptPass : public PassWrapper<Derived, OperationPass<ModuleOp>> {
public:
  void getDependentDialects(DialectRegistry &registry) const override {
    insertShapeOptDialects(registry);
  }

protected:
  using Base = PassWrapper<Derived, OperationPass<ModuleOp>>;
  ShapeOptPass() = default;
  // Options are not copied: the pass manager copies their values.
  ShapeOptPass(const ShapeOptPass &other) : Base(other) {}

  /// Have shape-opt do `work` on the module, failed checks returning a
  /// status when `statusOnFailure`; a failure fails the pass.
  void runThrough(Work work, bool statusOnFailure = false) {
    if (failed(runThroughShapeOpt(this->getOperation(),
                                  sessionOptions(statusOnFailure), work)))
      this->signalPassFailure();
  }

  /// The session's options, failed checks returning a status when
  /// `statusOnFailure`.
  SessionOptions sessionOptions(bool statusOnFailure = false) {
    return {verifyEach, verifySemantics, statusOnFailure, *declarePure};
  }

  Pass::Option<bool> verifyEach{
      *this, "verify-each",
      llvm::cl::desc("Verify the IR after every shape-opt pass"),
      llvm::cl::init(true)};
  Pass::Option<unsigned> verifySemantics{
      *this, "verify-semantics",
      llvm::cl::desc("Check after every shape-opt pass that each function "
                     "computes what it did, on this many sampled inputs "
                     "(0: no check)"),
      llvm::cl::init(0)};
  Pass::ListOption<std::string> declarePure{
      *this, "declare-pure",
      llvm::cl::desc("Host ops (chlo.broadcast_add), dialects (mhlo.) or "
                     "functions (@name) that checks may move across")};
};

/// `shape-opt-lower{to=std}`: shape-opt's default pipelines, from the
/// module's form to the form `to`.
class LowerPass : public ShapeOptPass<LowerPass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerPass)

  LowerPass() = default;
  LowerPass(const LowerPass &other) : ShapeOptPass(other) {}

  StringRef getArgument() const final { return "shape-opt-lower"; }
  StringRef getName() const final { return "ShapeOptLower"; }
  StringRef getDescription() const final {
    return "Lower shape functions with shape-opt's default pipelines";
  }

  void runOnOperation() final {
    ModuleOp module = getOperation();
    std::string input = inputBufferName(module);
    if (!explain.empty() && failed(writeExplanation(module, input)))
      return signalPassFailure();
    ShapeOptStage target = to;
    std::string page = report;
    runThrough(
        [&](ShapeOptSession *session, ShapeOptModule *built) {
          if (page.empty())
            return shapeOptLowerTo(session, built, target, nullptr, nullptr,
                                   nullptr);
          addInputSource(session, input);
          return shapeOptReport(session, built, toShapeOpt(input),
                                toShapeOpt(""), target, nullptr, 0,
                                toShapeOpt(page));
        },
        failure == Failure::Status);
  }

private:
  /// `explain=FILE`: what `shape-opt --explain` prints of the module the
  /// pass starts from (read from the buffer `input`), written to FILE.
  LogicalResult writeExplanation(ModuleOp module, StringRef input) {
    std::string text;
    auto explainTo = [&](ShapeOptSession *session, ShapeOptModule *built) {
      addInputSource(session, input);
      ShapeOptStatus status = SHAPE_OPT_FAILURE;
      text = collect([&](ShapeOptStringCallback callback, void *out) {
        status = shapeOptExplain(session, built, callback, out);
      });
      return status;
    };
    if (failed(inspectThroughShapeOpt(module, sessionOptions(), explainTo)))
      return mlir::failure();
    std::error_code error;
    llvm::raw_fd_ostream file(explain, error, llvm::sys::fs::OF_None);
    if (!error) {
      file << text;
      file.close();
      error = file.error();
    }
    if (error)
      return emitError(module.getLoc())
             << "could not write the explanation to '" << explain
             << "': " << error.message();
    return success();
  }

  Option<std::string> report{
      *this, "report",
      llvm::cl::desc("Write the HTML report of the lowering to this file, as "
                     "shape-opt --report does")};
  Option<std::string> explain{
      *this, "explain",
      llvm::cl::desc("Write what each function requires and returns to this "
                     "file, as shape-opt --explain prints it")};

  /// An option value named as shape-opt names the stage.
  static llvm::cl::OptionEnumValue stage(ShapeOptStage stage,
                                         const char *description) {
    return {shapeOptStageGetName(stage), stage, description};
  }

  /// What a failed check does in std form.
  enum class Failure { Abort, Status };
  Option<Failure> failure{
      *this, "failure", llvm::cl::desc("What a failed check does in std form"),
      llvm::cl::init(Failure::Abort),
      llvm::cl::values(
          clEnumValN(Failure::Abort, "abort", "cf.assert aborts"),
          clEnumValN(Failure::Status, "status",
                     "each function returns an i32 status first, its "
                     "messages in shape_opt.failure_messages"))};

  Option<ShapeOptStage> to{
      *this, "to", llvm::cl::desc("The form to lower to"),
      llvm::cl::init(SHAPE_OPT_STAGE_STD),
      llvm::cl::values(
          stage(SHAPE_OPT_STAGE_CONSTRAINED, "shape.cstr_* constraints"),
          stage(SHAPE_OPT_STAGE_ASSERTING, "checks as shape.assuming"),
          stage(SHAPE_OPT_STAGE_STD, "arith, tensor and cf.assert"))};
};

/// `shape-opt{pipeline='builtin.module(...)'}`: a shape-opt pipeline.
class PipelinePass : public ShapeOptPass<PipelinePass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelinePass)

  PipelinePass() = default;
  PipelinePass(const PipelinePass &other) : ShapeOptPass(other) {}
  explicit PipelinePass(StringRef text) { pipeline = text.str(); }

  StringRef getArgument() const final { return "shape-opt"; }
  StringRef getName() const final { return "ShapeOpt"; }
  StringRef getDescription() const final {
    return "Run a shape-opt pass pipeline";
  }

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) final {
    if (failed(ShapeOptPass::initializeOptions(options, errorHandler)))
      return failure();
    if (pipeline.empty())
      return errorHandler("shape-opt needs a pipeline: "
                          "shape-opt{pipeline='builtin.module(...)'}");
    return success();
  }

  void runOnOperation() final {
    std::string text = pipeline;
    runThrough([&text](ShapeOptSession *session, ShapeOptModule *module) {
      return shapeOptRunPipeline(session, module, toShapeOpt(text), nullptr,
                                 nullptr);
    });
  }

private:
  Option<std::string> pipeline{
      *this, "pipeline",
      llvm::cl::desc("shape-opt's textual pipeline, e.g. "
                     "'builtin.module(func.func(cse),symbol-dce)'")};
};

/// A shape-opt pipeline of the pass `name` with the option text `options`,
/// nested in its anchor op (`anchor`; "" when it runs on any op).
std::string pipelineOfPass(StringRef name, StringRef anchor,
                           StringRef options) {
  std::string pass = name.str();
  if (!options.empty())
    pass += ("{" + options + "}").str();
  if (!anchor.empty() && anchor != ModuleOp::getOperationName())
    pass = (anchor + "(" + pass + ")").str();
  return "builtin.module(" + pass + ")";
}

/// Register `shape-opt-<name>{<options>}`: a pipeline of one PipelinePass
/// running shape-opt's pass `name` with the options given, unless MLIR
/// already has a pass or pipeline so named.
void registerPassOfShapeOpt(StringRef name, StringRef summary,
                            StringRef anchor) {
  std::string argument = ("shape-opt-" + name).str();
  if (PassInfo::lookup(argument) || PassPipelineInfo::lookup(argument))
    return;
  std::string description = ("shape-opt's " + name + ": " + summary).str();
  registerPassPipeline(
      argument, description,
      [name = name.str(),
       anchor = anchor.str()](OpPassManager &pm, StringRef options,
                              function_ref<LogicalResult(const Twine &)>) {
        pm.addPass(std::make_unique<PipelinePass>(
            pipelineOfPass(name, anchor, options)));
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}

} // namespace

void registerPasses() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  registerPass([] { return std::make_unique<LowerPass>(); });
  registerPass([] { return std::make_unique<PipelinePass>(); });
  Session session(shapeOptSessionCreate());
  for (size_t i = 0, e = shapeOptSessionGetNumPasses(session.get()); i < e; ++i)
    registerPassOfShapeOpt(
        toStringRef(shapeOptSessionGetPassName(session.get(), i)),
        toStringRef(shapeOptSessionGetPassSummary(session.get(), i)),
        toStringRef(shapeOptSessionGetPassAnchor(session.get(), i)));
}

} // namespace shape_opt_plugin
