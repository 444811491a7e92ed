//===- FromShapeOpt.h - A shape-opt module as MLIR IR -----------*- C++ -*-===//
//
// shape-opt's module built as MLIR operations in a given context, walking
// it through the C API: no text is printed or parsed but each distinct
// type and attribute's, once.
//
//===----------------------------------------------------------------------===//

#ifndef SHAPE_OPT_PLUGIN_FROMSHAPEOPT_H
#define SHAPE_OPT_PLUGIN_FROMSHAPEOPT_H

#include "shape_opt.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace shape_opt_plugin {

/// `module`'s top operation, with everything it holds, as a detached
/// operation of `ctx`; null, with errors at `loc`, when MLIR rejects a
/// type, an attribute or the properties of an op.
mlir::OwningOpRef<mlir::Operation *> fromShapeOpt(const ShapeOptModule *module,
                                                  mlir::MLIRContext *ctx,
                                                  mlir::Location loc);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_FROMSHAPEOPT_H
