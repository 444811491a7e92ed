//===- InputSource.h - The input's text, for shape-opt ----------*- C++ -*-===//
//
// A module reaches shape-opt op by op, so its session holds no text. What
// shows the input (an explanation's parameter names, a report's source
// pane) reads the file the module's location names, as `shape-opt` reads
// its input.
//
//===----------------------------------------------------------------------===//

#ifndef SHAPE_OPT_PLUGIN_INPUTSOURCE_H
#define SHAPE_OPT_PLUGIN_INPUTSOURCE_H

#include "shape_opt.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace shape_opt_plugin {

/// The buffer `module` was read from, as its location names it (`mlir-opt`
/// gives the module of an input file the location `"FILE":0:0`); "" when
/// it names none.
std::string inputBufferName(mlir::ModuleOp module);

/// Give `session` the text of the buffer `name`, read from the file of
/// that name; nothing when it cannot be read (`<stdin>`), and shape-opt
/// then shows no source.
void addInputSource(ShapeOptSession *session, llvm::StringRef name);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_INPUTSOURCE_H
