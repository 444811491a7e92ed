//===- ToShapeOpt.cpp - MLIR IR into a shape-opt module -------------------===//

#include "ToShapeOpt.h"
#include "CApi.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace shape_opt_plugin {
namespace {

/// `entity` (a type or an attribute) as MLIR prints it alone.
template <typename T> std::string printed(T entity) {
  std::string text;
  llvm::raw_string_ostream os(text);
  entity.print(os);
  return text;
}

/// Builds one module. Once a call has failed no other call that takes the
/// session is made (it would replace the session's diagnostics of the
/// failure), and the methods return null handles.
class Builder {
public:
  explicit Builder(ShapeOptSession *session)
      : session(session), builder(shapeOptModuleBuilderCreate()) {}
  ~Builder() { shapeOptModuleBuilderDestroy(builder); }

  ShapeOptModule *build(ModuleOp module) {
    ShapeOptOperation root = operation(module);
    if (failed)
      return nullptr;
    // Finishing consumes the builder.
    ShapeOptModuleBuilder *done = builder;
    builder = nullptr;
    return shapeOptModuleBuilderFinish(session, done, root);
  }

private:
  ShapeOptType type(Type type) {
    if (failed)
      return {SHAPE_OPT_NULL_ID};
    auto [it, inserted] = types.try_emplace(type);
    if (inserted)
      it->second = shapeOptModuleBuilderParseType(session, builder,
                                                  toShapeOpt(printed(type)));
    return check(it->second);
  }

  ShapeOptAttribute attribute(Attribute attr) {
    if (failed)
      return {SHAPE_OPT_NULL_ID};
    auto [it, inserted] = attributes.try_emplace(attr);
    if (inserted)
      it->second = shapeOptModuleBuilderParseAttribute(
          session, builder, toShapeOpt(printed(attr)));
    return check(it->second);
  }

  ShapeOptLocation location(Location loc) {
    auto found = locations.find(loc.getAsOpaquePointer());
    if (found != locations.end())
      return found->second;
    ShapeOptLocation built = newLocation(loc);
    locations[loc.getAsOpaquePointer()] = built;
    return built;
  }

  ShapeOptLocation newLocation(Location loc) {
    return llvm::TypeSwitch<LocationAttr, ShapeOptLocation>(loc)
        .Case([&](FileLineColRange range) {
          bool point = isStrictFileLineColLoc(range);
          return shapeOptModuleBuilderGetFileLocation(
              builder, toShapeOpt(range.getFilename().getValue()),
              range.getStartLine(), range.getStartColumn(),
              point ? 0 : range.getEndLine(), point ? 0 : range.getEndColumn());
        })
        .Case([&](NameLoc named) {
          Location child = named.getChildLoc();
          ShapeOptLocation inner{nullptr};
          if (!isa<UnknownLoc>(child))
            inner = location(child);
          return shapeOptModuleBuilderGetNameLocation(
              builder, toShapeOpt(named.getName().getValue()), inner);
        })
        .Case([&](CallSiteLoc site) {
          ShapeOptLocation callee = location(site.getCallee());
          return shapeOptModuleBuilderGetCallSiteLocation(
              builder, callee, location(site.getCaller()));
        })
        .Case([&](FusedLoc fused) {
          llvm::SmallVector<ShapeOptLocation> parts;
          for (Location part : fused.getLocations())
            parts.push_back(location(part));
          std::string metadata;
          if (Attribute meta = fused.getMetadata())
            metadata = printed(meta);
          return shapeOptModuleBuilderGetFusedLocation(
              builder, toShapeOpt(metadata), parts.size(), parts.data());
        })
        .Case([&](OpaqueLoc opaque) {
          return location(opaque.getFallbackLocation());
        })
        .Default([&](LocationAttr) {
          return shapeOptModuleBuilderGetUnknownLocation(builder);
        });
  }

  /// The handle of `value`: its definition's, or a placeholder until the
  /// definition is met.
  ShapeOptValue value(Value value) {
    auto found = values.find(value);
    if (found != values.end())
      return found->second;
    if (failed)
      return {SHAPE_OPT_NULL_ID};
    ShapeOptValue placeholder = check(shapeOptModuleBuilderCreatePlaceholder(
        session, builder, type(value.getType())));
    values[value] = placeholder;
    pending[value] = placeholder;
    return placeholder;
  }

  /// Record that `handle` is `value`, replacing its placeholder if any.
  void define(Value value, ShapeOptValue handle) {
    if (!failed && !pending.empty()) {
      auto found = pending.find(value);
      if (found != pending.end()) {
        if (shapeOptModuleBuilderReplacePlaceholder(
                session, builder, found->second, handle) != SHAPE_OPT_SUCCESS)
          failed = true;
        pending.erase(found);
      }
    }
    values[value] = handle;
  }

  ShapeOptOperation operation(Operation *op) {
    llvm::SmallVector<ShapeOptValue, 4> operands;
    for (Value operand : op->getOperands())
      operands.push_back(value(operand));
    llvm::SmallVector<ShapeOptType, 2> resultTypes;
    for (Type result : op->getResultTypes())
      resultTypes.push_back(type(result));
    // As MLIR's generic form prints them: properties, then the attribute
    // dictionary (all attributes when the op keeps no properties).
    llvm::SmallVector<ShapeOptNamedAttribute, 4> properties, attrs;
    if (op->getPropertiesStorageSize())
      if (auto dict =
              dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
        for (NamedAttribute named : dict)
          properties.push_back(named_(named));
    for (NamedAttribute named : op->getRawDictionaryAttrs())
      attrs.push_back(named_(named));
    llvm::SmallVector<ShapeOptRegion, 1> regions;
    for (size_t i = 0; i < op->getNumRegions(); ++i)
      regions.push_back(shapeOptModuleBuilderCreateRegion(builder));
    llvm::SmallVector<ShapeOptBlock, 2> successors;
    for (Block *successor : op->getSuccessors())
      successors.push_back(blocks.lookup(successor));
    StringRef name = op->getName().getStringRef();
    ShapeOptOperationState state{
        toShapeOpt(name),  location(op->getLoc()), operands.size(),
        operands.data(),   resultTypes.size(),     resultTypes.data(),
        properties.size(), properties.data(),      attrs.size(),
        attrs.data(),      regions.size(),         regions.data(),
        successors.size(), successors.data()};
    if (failed)
      return {SHAPE_OPT_NULL_ID};
    ShapeOptOperation built =
        check(shapeOptModuleBuilderCreateOperation(session, builder, &state));
    if (failed)
      return built;
    for (OpResult result : op->getResults())
      define(result, shapeOptModuleBuilderGetResult(builder, built,
                                                    result.getResultNumber()));
    for (auto [region, handle] : llvm::zip(op->getRegions(), regions))
      fill(region, handle);
    return built;
  }

  /// Give `handle` the blocks of `region`, with their arguments and ops.
  void fill(Region &region, ShapeOptRegion handle) {
    // Successors may name any block of the region: create them all first.
    for (Block &block : region)
      if (!failed)
        blocks[&block] =
            check(shapeOptModuleBuilderAppendBlock(session, builder, handle));
    for (Block &block : region) {
      ShapeOptBlock blockHandle = blocks[&block];
      for (BlockArgument arg : block.getArguments())
        if (!failed)
          define(arg, check(shapeOptModuleBuilderAddArgument(
                          session, builder, blockHandle, type(arg.getType()),
                          location(arg.getLoc()))));
      for (Operation &op : block) {
        ShapeOptOperation built = operation(&op);
        if (failed ||
            shapeOptModuleBuilderAppendOperation(session, builder, blockHandle,
                                                 built) != SHAPE_OPT_SUCCESS) {
          failed = true;
          return;
        }
      }
    }
  }

  ShapeOptNamedAttribute named_(NamedAttribute named) {
    return {toShapeOpt(named.getName().getValue()),
            attribute(named.getValue())};
  }

  /// `handle`, noting a failure when it is null.
  template <typename Handle> Handle check(Handle handle) {
    if (handle.id == SHAPE_OPT_NULL_ID)
      failed = true;
    return handle;
  }

  ShapeOptSession *session;
  ShapeOptModuleBuilder *builder;
  bool failed = false;
  llvm::DenseMap<Type, ShapeOptType> types;
  llvm::DenseMap<Attribute, ShapeOptAttribute> attributes;
  llvm::DenseMap<const void *, ShapeOptLocation> locations;
  llvm::DenseMap<Value, ShapeOptValue> values, pending;
  llvm::DenseMap<Block *, ShapeOptBlock> blocks;
};

} // namespace

ShapeOptModule *toShapeOpt(ShapeOptSession *session, ModuleOp module) {
  return Builder(session).build(module);
}

} // namespace shape_opt_plugin
