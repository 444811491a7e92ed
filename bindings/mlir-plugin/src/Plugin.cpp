//===- Plugin.cpp - The entry point mlir-opt loads ------------------------===//
//
// `mlir-opt --load-pass-plugin=libShapeOptPlugin.so` calls
// mlirGetPassPluginInfo, then the registration callback, which registers
// the plugin's passes (Passes.h).
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "shape_opt.h"

#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "shape-opt", shapeOptVersion(),
          shape_opt_plugin::registerPasses};
}
