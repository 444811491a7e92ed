//===- ToShapeOpt.h - MLIR IR into a shape-opt module -----------*- C++ -*-===//
//
// The module a pass runs on, given to shape-opt op by op through its module
// builder: no text is printed or parsed but each distinct type and
// attribute's, once.
//
//===----------------------------------------------------------------------===//

#ifndef SHAPE_OPT_PLUGIN_TOSHAPEOPT_H
#define SHAPE_OPT_PLUGIN_TOSHAPEOPT_H

#include "shape_opt.h"

#include "mlir/IR/BuiltinOps.h"

namespace shape_opt_plugin {

/// `module` as a verified shape-opt module of `session`; NULL when
/// shape-opt rejects it (the session's diagnostics say why).
ShapeOptModule *toShapeOpt(ShapeOptSession *session, mlir::ModuleOp module);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_TOSHAPEOPT_H
