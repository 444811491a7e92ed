//===- Dialects.h - The dialects shape-opt prints ---------------*- C++ -*-===//

#ifndef SHAPE_OPT_PLUGIN_DIALECTS_H
#define SHAPE_OPT_PLUGIN_DIALECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace shape_opt_plugin {

/// Insert every dialect whose ops shape-opt may print (those of
/// crates/ir/src/dialect/) into `registry`: a pass's dependent dialects,
/// loaded before it runs so that parsing its result loads none.
void insertShapeOptDialects(mlir::DialectRegistry &registry);

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_DIALECTS_H
