//===- InputSource.cpp - The input's text, for shape-opt ------------------===//

#include "InputSource.h"
#include "CApi.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

namespace shape_opt_plugin {

std::string inputBufferName(ModuleOp module) {
  if (auto loc = dyn_cast<FileLineColLoc>(module.getLoc()))
    return loc.getFilename().str();
  return "";
}

void addInputSource(ShapeOptSession *session, llvm::StringRef name) {
  if (name.empty())
    return;
  auto buffer = llvm::MemoryBuffer::getFile(name, /*IsText=*/true);
  if (!buffer)
    return;
  shapeOptSessionAddSource(session, toShapeOpt(name),
                           toShapeOpt((*buffer)->getBuffer()));
}

} // namespace shape_opt_plugin
