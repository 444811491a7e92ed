//===- CApi.h - shape-opt's C API for C++ -----------------------*- C++ -*-===//
//
// Owning handles for the C API's sessions and modules (freed by their
// `...Destroy`), and its strings as LLVM's.
//
//===----------------------------------------------------------------------===//

#ifndef SHAPE_OPT_PLUGIN_CAPI_H
#define SHAPE_OPT_PLUGIN_CAPI_H

#include "shape_opt.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace shape_opt_plugin {

struct SessionDeleter {
  void operator()(ShapeOptSession *session) const {
    shapeOptSessionDestroy(session);
  }
};
struct ModuleDeleter {
  void operator()(ShapeOptModule *module) const {
    shapeOptModuleDestroy(module);
  }
};

/// A session; null only when memory is exhausted.
using Session = std::unique_ptr<ShapeOptSession, SessionDeleter>;
/// A module parsed by a session; null when parsing failed.
using Module = std::unique_ptr<ShapeOptModule, ModuleDeleter>;

inline llvm::StringRef toStringRef(ShapeOptStringRef text) {
  return llvm::StringRef(text.data, text.length);
}

inline ShapeOptStringRef toShapeOpt(llvm::StringRef text) {
  return ShapeOptStringRef{text.data(), text.size()};
}

/// The text shape-opt gives `print`'s callback, which `print` is called
/// with (`print(callback, userData)`).
template <typename Print> std::string collect(Print print) {
  std::string text;
  print(
      [](ShapeOptStringRef piece, void *out) {
        static_cast<std::string *>(out)->append(piece.data, piece.length);
      },
      &text);
  return text;
}

} // namespace shape_opt_plugin

#endif // SHAPE_OPT_PLUGIN_CAPI_H
