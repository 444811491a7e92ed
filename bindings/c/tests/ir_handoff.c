/*
 * ir_handoff.c: IR across the C API without text. A parsed module is
 * walked op by op; the same module is built op by op and must print as the
 * parsed one does; every misuse of the builder and the walk gives a
 * failure with a diagnostic or a null handle, never a crash. Prints one
 * line per case and exits non-zero if any case does not hold.
 */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int equals(ShapeOptStringRef text, const char *expected) {
  return text.length == strlen(expected) &&
         memcmp(text.data, expected, text.length) == 0;
}

/* Text printed to a callback, appended to a growing buffer. */
typedef struct {
  char *data;
  size_t length;
} Text;

static void append(ShapeOptStringRef piece, void *out) {
  Text *text = (Text *)out;
  text->data = (char *)realloc(text->data, text->length + piece.length + 1);
  memcpy(text->data + text->length, piece.data, piece.length);
  text->length += piece.length;
  text->data[text->length] = '\0';
}

static char *printed(const ShapeOptModule *m, unsigned flags) {
  Text text = {NULL, 0};
  shapeOptModulePrint(m, flags, append, &text);
  return text.data;
}

static const char *const kSource =
    "func.func @f(%a: !shape.shape) -> !shape.size {\n"
    "  %r = shape.rank %a : !shape.shape -> !shape.size\n"
    "  return %r : !shape.size\n"
    "}\n";

static ShapeOptStringRef str(const char *s) {
  return shapeOptStringRefFromCString(s);
}

/* The first op of the first block of `op`'s first region. */
static ShapeOptOperation firstNested(const ShapeOptModule *m,
                                     ShapeOptOperation op) {
  ShapeOptRegion r = shapeOptOperationGetRegion(m, op, 0);
  return shapeOptBlockGetFirstOperation(m, shapeOptRegionGetBlock(m, r, 0));
}

static void walk(ShapeOptModule *m) {
  ShapeOptOperation module = shapeOptModuleGetOperation(m);
  check(equals(shapeOptOperationGetName(m, module), "builtin.module"),
        "the top op is the module");
  ShapeOptOperation func = firstNested(m, module);
  check(equals(shapeOptOperationGetName(m, func), "func.func") &&
            shapeOptOperationGetNumAttributes(
                m, func, SHAPE_OPT_ATTRIBUTE_PROPERTY) == 2 &&
            equals(shapeOptOperationGetAttributeName(
                       m, func, SHAPE_OPT_ATTRIBUTE_PROPERTY, 1),
                   "sym_name"),
        "the function and its properties");
  Text name = {NULL, 0};
  shapeOptOperationPrintAttribute(m, func, SHAPE_OPT_ATTRIBUTE_PROPERTY, 1,
                                  append, &name);
  check(name.data && strcmp(name.data, "\"f\"") == 0,
        "an attribute prints as MLIR prints it alone");
  free(name.data);

  ShapeOptOperation rank = firstNested(m, func);
  ShapeOptValue arg = shapeOptOperationGetOperand(m, rank, 0);
  Text type = {NULL, 0};
  shapeOptTypePrint(m, shapeOptValueGetType(m, arg), append, &type);
  check(equals(shapeOptOperationGetName(m, rank), "shape.rank") && type.data &&
            strcmp(type.data, "!shape.shape") == 0 &&
            shapeOptValueGetType(m, arg).id ==
                shapeOptValueGetType(
                    m, shapeOptBlockGetArgument(
                           m,
                           shapeOptRegionGetBlock(
                               m, shapeOptOperationGetRegion(m, func, 0), 0),
                           0))
                    .id,
        "operands, block arguments and their types");
  free(type.data);

  ShapeOptLocation loc = shapeOptOperationGetLocation(m, rank);
  check(shapeOptLocationGetKind(loc) == SHAPE_OPT_LOCATION_FILE_LINE_COL &&
            equals(shapeOptLocationGetFile(loc), "in.mlir") &&
            shapeOptLocationGetLine(loc) == 2 &&
            shapeOptLocationGetColumn(loc) == 8 &&
            shapeOptLocationGetEndLine(loc) == 0,
        "an op's location");

  ShapeOptOperation ret = shapeOptOperationGetNextInBlock(m, rank);
  check(equals(shapeOptOperationGetName(m, ret), "func.return") &&
            shapeOptOperationGetOperand(m, ret, 0).id ==
                shapeOptOperationGetResult(m, rank, 0).id &&
            shapeOptOperationGetNextInBlock(m, ret).id == SHAPE_OPT_NULL_ID,
        "the ops of a block in order, and uses of results");

  ShapeOptOperation nowhere = {12345678};
  check(shapeOptOperationGetName(m, nowhere).length == 0 &&
            shapeOptOperationGetNumOperands(m, nowhere) == 0 &&
            shapeOptOperationGetOperand(m, rank, 7).id == SHAPE_OPT_NULL_ID &&
            shapeOptOperationGetRegion(NULL, func, 0).id == SHAPE_OPT_NULL_ID &&
            shapeOptLocationGetKind(shapeOptValueGetLocation(m, arg)) ==
                SHAPE_OPT_LOCATION_FILE_LINE_COL &&
            shapeOptLocationGetNumChildren(
                shapeOptOperationGetLocation(m, nowhere)) == 0,
        "ids out of range give null handles, never a crash");
}

/* The state of an op `name` at `loc` with nothing else: the caller sets
 * what the op has. */
static ShapeOptOperationState stateOf(const char *name, ShapeOptLocation loc) {
  ShapeOptOperationState state;
  memset(&state, 0, sizeof state);
  state.name = shapeOptStringRefFromCString(name);
  state.location = loc;
  return state;
}

/* The module of kSource, built op by op; NULL if a call failed. */
static ShapeOptModule *build(ShapeOptSession *s) {
  ShapeOptModuleBuilder *b = shapeOptModuleBuilderCreate();
  ShapeOptType shapeT =
      shapeOptModuleBuilderParseType(s, b, str("!shape.shape"));
  ShapeOptType sizeT = shapeOptModuleBuilderParseType(s, b, str("!shape.size"));
  ShapeOptNamedAttribute props[2] = {
      {str("function_type"), shapeOptModuleBuilderParseAttribute(
                                 s, b, str("(!shape.shape) -> !shape.size"))},
      {str("sym_name"),
       shapeOptModuleBuilderParseAttribute(s, b, str("\"f\""))},
  };
  ShapeOptLocation funcLoc =
      shapeOptModuleBuilderGetFileLocation(b, str("in.mlir"), 1, 1, 0, 0);
  ShapeOptRegion body = shapeOptModuleBuilderCreateRegion(b);
  ShapeOptOperationState funcState = stateOf("func.func", funcLoc);
  funcState.numProperties = 2;
  funcState.properties = props;
  funcState.numRegions = 1;
  funcState.regions = &body;
  ShapeOptOperation func =
      shapeOptModuleBuilderCreateOperation(s, b, &funcState);
  ShapeOptBlock entry = shapeOptModuleBuilderAppendBlock(s, b, body);
  ShapeOptValue a = shapeOptModuleBuilderAddArgument(
      s, b, entry, shapeT,
      shapeOptModuleBuilderGetFileLocation(b, str("in.mlir"), 1, 14, 0, 0));
  /* The return uses the rank before it exists: a placeholder. */
  ShapeOptValue later = shapeOptModuleBuilderCreatePlaceholder(s, b, sizeT);
  ShapeOptOperationState retState = stateOf(
      "func.return",
      shapeOptModuleBuilderGetFileLocation(b, str("in.mlir"), 3, 3, 0, 0));
  retState.numOperands = 1;
  retState.operands = &later;
  ShapeOptOperation ret = shapeOptModuleBuilderCreateOperation(s, b, &retState);
  ShapeOptOperationState rankState = stateOf(
      "shape.rank",
      shapeOptModuleBuilderGetFileLocation(b, str("in.mlir"), 2, 8, 0, 0));
  rankState.numOperands = 1;
  rankState.operands = &a;
  rankState.numResults = 1;
  rankState.resultTypes = &sizeT;
  ShapeOptOperation rank =
      shapeOptModuleBuilderCreateOperation(s, b, &rankState);
  ShapeOptValue r = shapeOptModuleBuilderGetResult(b, rank, 0);
  ShapeOptRegion top = shapeOptModuleBuilderCreateRegion(b);
  ShapeOptOperationState moduleState = stateOf(
      "builtin.module",
      shapeOptModuleBuilderGetFileLocation(b, str("in.mlir"), 0, 0, 0, 0));
  moduleState.numRegions = 1;
  moduleState.regions = &top;
  ShapeOptOperation module =
      shapeOptModuleBuilderCreateOperation(s, b, &moduleState);
  ShapeOptBlock moduleBody = shapeOptModuleBuilderAppendBlock(s, b, top);
  int ok = shapeT.id != SHAPE_OPT_NULL_ID && sizeT.id != SHAPE_OPT_NULL_ID &&
           func.id != SHAPE_OPT_NULL_ID && rank.id != SHAPE_OPT_NULL_ID &&
           module.id != SHAPE_OPT_NULL_ID &&
           shapeOptModuleBuilderReplacePlaceholder(s, b, later, r) ==
               SHAPE_OPT_SUCCESS &&
           shapeOptModuleBuilderAppendOperation(s, b, entry, rank) ==
               SHAPE_OPT_SUCCESS &&
           shapeOptModuleBuilderAppendOperation(s, b, entry, ret) ==
               SHAPE_OPT_SUCCESS &&
           shapeOptModuleBuilderAppendOperation(s, b, moduleBody, func) ==
               SHAPE_OPT_SUCCESS;
  if (!ok) {
    shapeOptModuleBuilderDestroy(b);
    return NULL;
  }
  return shapeOptModuleBuilderFinish(s, b, module);
}

/* A builder holding one detached `test.op` with a region, for misuse. */
typedef struct {
  ShapeOptModuleBuilder *b;
  ShapeOptOperation op;
  ShapeOptRegion region;
  ShapeOptBlock block;
  ShapeOptLocation loc;
  ShapeOptType index;
} Scratch;

static Scratch scratch(ShapeOptSession *s) {
  Scratch x;
  x.b = shapeOptModuleBuilderCreate();
  x.loc = shapeOptModuleBuilderGetUnknownLocation(x.b);
  x.index = shapeOptModuleBuilderParseType(s, x.b, str("index"));
  x.region = shapeOptModuleBuilderCreateRegion(x.b);
  ShapeOptOperationState state = stateOf("test.op", x.loc);
  state.numRegions = 1;
  state.regions = &x.region;
  x.op = shapeOptModuleBuilderCreateOperation(s, x.b, &state);
  x.block = shapeOptModuleBuilderAppendBlock(s, x.b, x.region);
  return x;
}

static void misuse(ShapeOptSession *s) {
  Scratch x = scratch(s);
  check(shapeOptModuleBuilderParseType(s, x.b, str("tensor<3x")).id ==
                SHAPE_OPT_NULL_ID &&
            firstMessageHas(s, "cannot parse the type 'tensor<3x'"),
        "a type that does not parse");
  check(shapeOptModuleBuilderParseAttribute(s, x.b, str("1 : index trailing"))
                    .id == SHAPE_OPT_NULL_ID &&
            firstMessageHas(s, "cannot parse the attribute"),
        "an attribute with text after it");
  ShapeOptValue ghost = {999999};
  ShapeOptOperationState bad = stateOf("test.use", x.loc);
  bad.numOperands = 1;
  bad.operands = &ghost;
  check(shapeOptModuleBuilderCreateOperation(s, x.b, &bad).id ==
                SHAPE_OPT_NULL_ID &&
            firstMessageHas(s, "no such value"),
        "an operand out of range");
  ShapeOptOperationState twice = stateOf("test.other", x.loc);
  twice.numRegions = 1;
  twice.regions = &x.region;
  check(shapeOptModuleBuilderCreateOperation(s, x.b, &twice).id ==
                SHAPE_OPT_NULL_ID &&
            firstMessageHas(s, "a region belongs to one operation"),
        "a region given to two ops");
  ShapeOptLocation noLocNowhere = {NULL};
  ShapeOptOperationState noLoc = stateOf("test.x", noLocNowhere);
  check(shapeOptModuleBuilderCreateOperation(s, x.b, &noLoc).id ==
                SHAPE_OPT_NULL_ID &&
            shapeOptModuleBuilderCreateOperation(s, x.b, NULL).id ==
                SHAPE_OPT_NULL_ID &&
            firstMessageHas(s, "NULL"),
        "a missing location or state");
  check(shapeOptModuleBuilderAppendOperation(s, x.b, x.block, x.op) ==
                SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "inside itself"),
        "an op put inside itself");
  ShapeOptValue placeholder =
      shapeOptModuleBuilderCreatePlaceholder(s, x.b, x.index);
  ShapeOptOperationState use = stateOf("test.use", x.loc);
  use.numOperands = 1;
  use.operands = &placeholder;
  ShapeOptOperation user = shapeOptModuleBuilderCreateOperation(s, x.b, &use);
  check(shapeOptModuleBuilderAppendOperation(s, x.b, x.block, user) ==
                SHAPE_OPT_SUCCESS &&
            shapeOptModuleBuilderAppendOperation(s, x.b, x.block, user) ==
                SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "already in a block"),
        "an op appended twice");
  check(shapeOptModuleBuilderReplacePlaceholder(
            s, x.b, placeholder, placeholder) == SHAPE_OPT_FAILURE,
        "a placeholder replaced by itself");
  check(shapeOptModuleBuilderFinish(s, x.b, x.op) == NULL &&
            firstMessageHas(s, "placeholder is still used"),
        "a placeholder never defined fails the module");

  Scratch y = scratch(s);
  check(shapeOptModuleBuilderFinish(s, y.b, y.op) == NULL &&
            shapeOptSessionNumDiagnostics(s) > 0,
        "an unregistered op fails verification unless allowed");
  check(shapeOptModuleBuilderFinish(s, NULL, x.op) == NULL &&
            firstMessageHas(s, "NULL") &&
            shapeOptModuleBuilderAppendBlock(s, NULL, x.region).id ==
                SHAPE_OPT_NULL_ID &&
            shapeOptModuleBuilderGetNameLocation(NULL, str("n"), x.loc).ptr ==
                NULL,
        "a NULL builder");
  ShapeOptModuleBuilder *other = shapeOptModuleBuilderCreate();
  ShapeOptModuleBuilder *third = shapeOptModuleBuilderCreate();
  ShapeOptLocation foreign = shapeOptModuleBuilderGetUnknownLocation(other);
  check(shapeOptModuleBuilderGetCallSiteLocation(third, foreign, foreign).ptr ==
            NULL,
        "a location of another builder");
  shapeOptModuleBuilderDestroy(other);
  shapeOptModuleBuilderDestroy(third);
}

int main(void) {
  ShapeOptSession *s = shapeOptSessionCreate();
  ShapeOptStringRef source = {kSource, strlen(kSource)};
  ShapeOptModule *parsed = shapeOptParse(s, str("in.mlir"), source);
  check(parsed != NULL, "the source parses");
  if (!parsed)
    return 1;
  walk(parsed);

  ShapeOptModule *built = build(s);
  check(built != NULL, "the module builds and verifies");
  if (built) {
    unsigned flags[2] = {0,
                         SHAPE_OPT_PRINT_GENERIC | SHAPE_OPT_PRINT_DEBUG_INFO};
    for (int i = 0; i < 2; ++i) {
      char *fromText = printed(parsed, flags[i]);
      char *fromOps = printed(built, flags[i]);
      check(fromText && fromOps && strcmp(fromText, fromOps) == 0,
            i == 0 ? "the built module prints as the parsed one"
                   : "... in generic form with locations");
      free(fromText);
      free(fromOps);
    }
    check(shapeOptLowerTo(s, built, SHAPE_OPT_STAGE_STD, NULL, NULL, NULL) ==
              SHAPE_OPT_SUCCESS,
          "the built module lowers");
    shapeOptModuleDestroy(built);
  }
  misuse(s);
  shapeOptModuleDestroy(parsed);
  shapeOptSessionDestroy(s);
  return failures != 0;
}
