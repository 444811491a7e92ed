//===- FromShapeOpt.cpp - A shape-opt module as MLIR IR -------------------===//

#include "FromShapeOpt.h"
#include "CApi.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <vector>

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
    if (!succeeded())
      return nullptr;
    return root;
  }

  /// `op` (with a single region of a single block) without the ops of its
  /// block, which the caller builds and adds.
  OwningOpRef<Operation *> buildShell(ShapeOptOperation op) {
    OwningOpRef<Operation *> shell = create(op);
    if (!shell)
      return nullptr;
    shell->getRegion(0).push_back(new Block());
    return shell;
  }

  /// Each op of `ops` built; all null when one fails.
  void buildEach(llvm::ArrayRef<ShapeOptOperation> ops,
                 llvm::MutableArrayRef<Operation *> built) {
    for (auto [op, slot] : llvm::zip(ops, built))
      slot = operation(op);
    if (succeeded())
      return;
    // Destroyed before the placeholders they may use.
    for (Operation *&slot : built) {
      if (slot)
        slot->destroy();
      slot = nullptr;
    }
  }

  /// Whether every op built so far is complete.
  bool succeeded() const { return !hasFailed && placeholders.empty(); }

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

  /// `op` and everything it holds.
  Operation *operation(ShapeOptOperation op) {
    Operation *built = create(op);
    for (size_t i = 0, e = built ? built->getNumRegions() : 0;
         i < e && !hasFailed; ++i)
      fill(built->getRegion(i), shapeOptOperationGetRegion(module, op, i));
    return built;
  }

  /// `op` with empty regions.
  Operation *create(ShapeOptOperation op) {
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

/// The ops of `root`'s body when they can be built independently (one
/// region of one block without arguments, no op with operands, results
/// or successors, so no value crosses between them); else none.
std::vector<ShapeOptOperation> independentBody(const ShapeOptModule *module,
                                               ShapeOptOperation root) {
  if (shapeOptOperationGetNumRegions(module, root) != 1)
    return {};
  ShapeOptRegion region = shapeOptOperationGetRegion(module, root, 0);
  if (shapeOptRegionGetNumBlocks(module, region) != 1)
    return {};
  ShapeOptBlock block = shapeOptRegionGetBlock(module, region, 0);
  if (shapeOptBlockGetNumArguments(module, block) != 0)
    return {};
  std::vector<ShapeOptOperation> ops;
  for (ShapeOptOperation op = shapeOptBlockGetFirstOperation(module, block);
       op.id != SHAPE_OPT_NULL_ID;
       op = shapeOptOperationGetNextInBlock(module, op)) {
    if (shapeOptOperationGetNumOperands(module, op) ||
        shapeOptOperationGetNumResults(module, op) ||
        shapeOptOperationGetNumSuccessors(module, op))
      return {};
    ops.push_back(op);
  }
  return ops;
}

} // namespace

OwningOpRef<Operation *> fromShapeOpt(const ShapeOptModule *module,
                                      MLIRContext *ctx, Location loc) {
  ShapeOptOperation root = shapeOptModuleGetOperation(module);
  std::vector<ShapeOptOperation> body = independentBody(module, root);
  size_t pieces =
      ctx->isMultithreadingEnabled()
          ? std::min<size_t>(body.size(),
                             ctx->getThreadPool().getMaxConcurrency())
          : 1;
  if (pieces < 2)
    return Importer(module, ctx, loc).build();
  // The body's ops in as many pieces as threads, each piece with its own
  // caches; MLIR's context is shared (it uniques types and attributes
  // under its locks), shape-opt's module only read.
  Importer rootImporter(module, ctx, loc);
  OwningOpRef<Operation *> built = rootImporter.buildShell(root);
  if (!built)
    return nullptr;
  std::vector<Operation *> ops(body.size(), nullptr);
  std::atomic<bool> allBuilt{true};
  parallelFor(ctx, 0, pieces, [&](size_t piece) {
    size_t begin = piece * body.size() / pieces;
    size_t end = (piece + 1) * body.size() / pieces;
    Importer importer(module, ctx, loc);
    importer.buildEach(llvm::ArrayRef(body).slice(begin, end - begin),
                       llvm::MutableArrayRef(ops).slice(begin, end - begin));
    if (!importer.succeeded())
      allBuilt = false;
  });
  Block &block = built->getRegion(0).front();
  for (Operation *op : ops)
    if (op)
      block.push_back(op);
  if (!allBuilt)
    return nullptr;
  return built;
}

} // namespace shape_opt_plugin
