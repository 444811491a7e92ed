//===- Passes.h - The plugin's passes ---------------------------*- C++ -*-===//

#ifndef SHAPE_OPT_PLUGIN_PASSES_H
#define SHAPE_OPT_PLUGIN_PASSES_H

namespace shape_opt_plugin {

/// Register the plugin's passes with MLIR (once; later calls do nothing):
///  - `shape-opt-lower{to=std}`: shape-opt's default lowering to a form;
///  - `shape-opt{pipeline='builtin.module(...)'}`: a shape-opt pipeline;
///  - `shape-opt-<name>{<options>}` for every pass shape-opt registers
///    whose name MLIR does not already have: that pass alone.
void registerPasses();

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_PASSES_H
