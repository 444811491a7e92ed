//===- FromShapeOpt.cpp - A shape-opt module as MLIR IR -------------------===//

#include "FromShapeOpt.h"
#include "CApi.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

/// Builds the MLIR operations of one shape-opt module.
class Importer {
public:
  Importer(const ShapeOptModule *module, MLIRContext *ctx, Location loc)
      : module(module), ctx(ctx), errorLoc(loc) {}

  ~Importer() {
    // Placeholders left are of a module that failed: drop them with it.
    for (auto &entry : placeholders)
      entry.second->destroy();
  }

  OwningOpRef<Operation *> build() {
    OwningOpRef<Operation *> root =
        operation(shapeOptModuleGetOperation(module));
    if (hasFailed || !placeholders.empty())
      return nullptr;
    return root;
  }

private:
  Type type(ShapeOptType handle) {
    auto [it, inserted] = types.try_emplace(handle.id);
    if (inserted) {
      std::string text = collect([&](auto callback, void *out) {
        shapeOptTypePrint(module, handle, callback, out);
      });
      it->second = parseType(text, ctx);
      if (!it->second)
        fail() << "MLIR cannot parse the type shape-opt printed: " << text;
    }
    return it->second;
  }

  Attribute attribute(ShapeOptOperation op, int kind, size_t index) {
    std::string text = collect([&](auto callback, void *out) {
      shapeOptOperationPrintAttribute(module, op, kind, index, callback, out);
    });
    auto [it, inserted] = attributes.try_emplace(text);
    if (inserted) {
      it->second = parseAttribute(text, ctx);
      if (!it->second)
        fail() << "MLIR cannot parse the attribute shape-opt printed: " << text;
    }
    return it->second;
  }

  /// The op's attributes of `kind` (ShapeOptAttributeKind).
  NamedAttrList attributesOf(ShapeOptOperation op, int kind) {
    NamedAttrList list;
    for (size_t i = 0, e = shapeOptOperationGetNumAttributes(module, op, kind);
         i < e; ++i) {
      StringRef name =
          toStringRef(shapeOptOperationGetAttributeName(module, op, kind, i));
      if (Attribute value = attribute(op, kind, i))
        list.append(name, value);
    }
    return list;
  }

  StringAttr file(ShapeOptStringRef name) {
    auto [it, inserted] = files.try_emplace(name.data);
    if (inserted)
      it->second = StringAttr::get(ctx, toStringRef(name));
    return it->second;
  }

  Location location(ShapeOptLocation loc) {
    switch (shapeOptLocationGetKind(loc)) {
    case SHAPE_OPT_LOCATION_FILE_LINE_COL: {
      StringAttr name = file(shapeOptLocationGetFile(loc));
      unsigned line = shapeOptLocationGetLine(loc);
      unsigned column = shapeOptLocationGetColumn(loc);
      unsigned endLine = shapeOptLocationGetEndLine(loc);
      if (endLine == 0)
        return FileLineColLoc::get(name, line, column);
      return FileLineColRange::get(name, line, column, endLine,
                                   shapeOptLocationGetEndColumn(loc));
    }
    case SHAPE_OPT_LOCATION_NAME: {
      StringAttr name =
          StringAttr::get(ctx, toStringRef(shapeOptLocationGetName(loc)));
      if (shapeOptLocationGetNumChildren(loc) == 0)
        return NameLoc::get(name);
      return NameLoc::get(name, location(shapeOptLocationGetChild(loc, 0)));
    }
    case SHAPE_OPT_LOCATION_CALL_SITE:
      return CallSiteLoc::get(location(shapeOptLocationGetChild(loc, 0)),
                              location(shapeOptLocationGetChild(loc, 1)));
    case SHAPE_OPT_LOCATION_FUSED: {
      llvm::SmallVector<Location> parts;
      for (size_t i = 0, e = shapeOptLocationGetNumChildren(loc); i < e; ++i)
        parts.push_back(location(shapeOptLocationGetChild(loc, i)));
      Attribute metadata;
      StringRef text = toStringRef(shapeOptLocationGetMetadata(loc));
      if (!text.empty() && !(metadata = parseAttribute(text, ctx)))
        fail() << "MLIR cannot parse the location metadata shape-opt "
                  "printed: "
               << text;
      return FusedLoc::get(ctx, parts, metadata);
    }
    case SHAPE_OPT_LOCATION_UNKNOWN:
      break;
    }
    return UnknownLoc::get(ctx);
  }

  /// `handle`'s value: its definition, or a placeholder op's result until
  /// the definition is built.
  Value value(ShapeOptValue handle) {
    auto found = values.find(handle.id);
    if (found != values.end())
      return found->second;
    OperationState state(UnknownLoc::get(ctx),
                         "builtin.unrealized_conversion_cast");
    state.addTypes(type(shapeOptValueGetType(module, handle)));
    Operation *placeholder = Operation::create(state);
    placeholders[handle.id] = placeholder;
    return values[handle.id] = placeholder->getResult(0);
  }

  /// Record that `handle` is `value`, replacing its placeholder if any.
  void define(ShapeOptValue handle, Value value) {
    if (!placeholders.empty()) {
      auto found = placeholders.find(handle.id);
      if (found != placeholders.end()) {
        found->second->getResult(0).replaceAllUsesWith(value);
        found->second->destroy();
        placeholders.erase(found);
      }
    }
    values[handle.id] = value;
  }

  Operation *operation(ShapeOptOperation op) {
    OperationState state(location(shapeOptOperationGetLocation(module, op)),
                         toStringRef(shapeOptOperationGetName(module, op)));
    for (size_t i = 0, e = shapeOptOperationGetNumOperands(module, op); i < e;
         ++i)
      state.operands.push_back(
          value(shapeOptOperationGetOperand(module, op, i)));
    for (size_t i = 0, e = shapeOptOperationGetNumResults(module, op); i < e;
         ++i)
      state.types.push_back(type(shapeOptValueGetType(
          module, shapeOptOperationGetResult(module, op, i))));
    state.attributes = attributesOf(op, SHAPE_OPT_ATTRIBUTE_DISCARDABLE);
    NamedAttrList properties = attributesOf(op, SHAPE_OPT_ATTRIBUTE_PROPERTY);
    for (size_t i = 0, e = shapeOptOperationGetNumSuccessors(module, op); i < e;
         ++i)
      state.successors.push_back(
          blocks.lookup(shapeOptOperationGetSuccessor(module, op, i).id));
    size_t numRegions = shapeOptOperationGetNumRegions(module, op);
    for (size_t i = 0; i < numRegions; ++i)
      state.addRegion();
    if (hasFailed)
      return nullptr;
    Operation *built = Operation::create(state);
    // As MLIR's parser sets a generic op's `<{...}>`.
    if (!properties.empty() &&
        failed(built->setPropertiesFromAttribute(properties.getDictionary(ctx),
                                                 [&] { return fail(); }))) {
      built->destroy();
      return nullptr;
    }
    for (size_t i = 0; i < built->getNumResults(); ++i)
      define(shapeOptOperationGetResult(module, op, i), built->getResult(i));
    for (size_t i = 0; i < numRegions && !hasFailed; ++i)
      fill(built->getRegion(i), shapeOptOperationGetRegion(module, op, i));
    return built;
  }

  /// Fill `region` with the blocks of `handle`, their arguments and ops.
  void fill(Region &region, ShapeOptRegion handle) {
    size_t numBlocks = shapeOptRegionGetNumBlocks(module, handle);
    // Successors may name any block of the region: create them all first.
    for (size_t i = 0; i < numBlocks; ++i) {
      Block *block = new Block();
      region.push_back(block);
      blocks[shapeOptRegionGetBlock(module, handle, i).id] = block;
    }
    for (size_t i = 0; i < numBlocks; ++i) {
      ShapeOptBlock blockHandle = shapeOptRegionGetBlock(module, handle, i);
      Block *block = blocks[blockHandle.id];
      for (size_t a = 0, e = shapeOptBlockGetNumArguments(module, blockHandle);
           a < e; ++a) {
        ShapeOptValue arg = shapeOptBlockGetArgument(module, blockHandle, a);
        ShapeOptLocation argLoc = shapeOptValueGetLocation(module, arg);
        // shape-opt prints an argument without a location as unknown.
        Location loc = argLoc.ptr ? location(argLoc) : UnknownLoc::get(ctx);
        define(arg, block->addArgument(type(shapeOptValueGetType(module, arg)),
                                       loc));
      }
      for (ShapeOptOperation op =
               shapeOptBlockGetFirstOperation(module, blockHandle);
           op.id != SHAPE_OPT_NULL_ID && !hasFailed;
           op = shapeOptOperationGetNextInBlock(module, op))
        if (Operation *built = operation(op))
          block->push_back(built);
    }
  }

  InFlightDiagnostic fail() {
    hasFailed = true;
    return emitError(errorLoc);
  }

  const ShapeOptModule *module;
  MLIRContext *ctx;
  Location errorLoc;
  bool hasFailed = false;
  llvm::DenseMap<uint32_t, Type> types;
  llvm::StringMap<Attribute> attributes;
  llvm::DenseMap<const char *, StringAttr> files;
  llvm::DenseMap<uint32_t, Value> values;
  llvm::DenseMap<uint32_t, Operation *> placeholders;
  llvm::DenseMap<uint32_t, Block *> blocks;
};

} // namespace

OwningOpRef<Operation *> fromShapeOpt(const ShapeOptModule *module,
                                      MLIRContext *ctx, Location loc) {
  return Importer(module, ctx, loc).build();
}

} // namespace shape_opt_plugin
