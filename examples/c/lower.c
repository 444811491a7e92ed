/*
 * lower.c: shape-opt from C.
 *
 * Parses an MLIR file (examples/matmul.mlir by default), lowers it to the
 * std form, prints it to stdout exactly as `shape-opt --lower-to=std`
 * does, then evaluates `matmul` on the lowered module with shape-opt's
 * interpreter, on shapes that fit and on shapes that do not:
 *
 *   cc examples/c/lower.c -Ibindings/c/include -Ltarget/release \
 *      -lshape_opt -Wl,-rpath,$PWD/target/release -o lower
 *   ./lower examples/matmul.mlir
 *
 * The stages reached are reported on stderr; any failure prints the
 * diagnostics as mlir-opt renders them and exits with status 1.
 */
#include "shape_opt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a whole file; NULL on failure. */
static char *readFile(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  size_t capacity = 1 << 16, used = 0;
  char *data = malloc(capacity);
  size_t n;
  while (data && (n = fread(data + used, 1, capacity - used, file)) > 0) {
    used += n;
    if (used == capacity)
      data = realloc(data, capacity *= 2);
  }
  fclose(file);
  *length = used;
  return data;
}

/* A ShapeOptStringCallback writing to the FILE given as user data. */
static void writeTo(ShapeOptStringRef text, void *file) {
  fwrite(text.data, 1, text.length, (FILE *)file);
}

/* A ShapeOptStageCallback reporting each stage reached on stderr. */
static void onStage(ShapeOptStage stage, const ShapeOptIR *ir, void *user) {
  (void)ir;
  (void)user;
  fprintf(stderr, "reached the %s form\n", shapeOptStageGetName(stage));
}

/* Prints the session's diagnostics and fails. */
static int fail(ShapeOptSession *session) {
  ShapeOptStringRef rendered = shapeOptSessionRenderedDiagnostics(session);
  fwrite(rendered.data, 1, rendered.length, stderr);
  return 1;
}

/* Evaluates `matmul` on two shapes and prints the outcome. */
static int evaluate(ShapeOptSession *session, ShapeOptModule *module,
                    const char *lhs, const char *rhs) {
  ShapeOptStringRef args[2] = {shapeOptStringRefFromCString(lhs),
                               shapeOptStringRefFromCString(rhs)};
  ShapeOptOutcome *outcome = shapeOptEvaluate(
      session, module, shapeOptStringRefFromCString("matmul"), args, 2);
  if (!outcome)
    return fail(session);
  ShapeOptStringRef text = shapeOptOutcomeToString(outcome);
  printf("%s %s: %.*s\n", lhs, rhs, (int)text.length, text.data);
  shapeOptOutcomeDestroy(outcome);
  return 0;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "examples/matmul.mlir";
  size_t length;
  char *text = readFile(path, &length);
  if (!text) {
    fprintf(stderr, "lower: could not read '%s'\n", path);
    return 1;
  }
  fprintf(stderr, "shape-opt %s (MLIR %s)\n", shapeOptVersion(),
          shapeOptMlirVersion());

  ShapeOptSession *session = shapeOptSessionCreate();
  ShapeOptStringRef source = {text, length};
  ShapeOptModule *module =
      shapeOptParse(session, shapeOptStringRefFromCString(path), source);
  free(text);
  int status = 0;
  if (!module) {
    status = fail(session);
  } else if (shapeOptLowerTo(session, module, SHAPE_OPT_STAGE_STD, onStage,
                             NULL, NULL) != SHAPE_OPT_SUCCESS) {
    status = fail(session);
  } else {
    shapeOptModulePrint(module, SHAPE_OPT_PRINT_DEFAULT, writeTo, stdout);
    /* mlir-opt, and shape-opt, end their output with an empty line. */
    putchar('\n');
    status = evaluate(session, module, "[2,3]", "[3,4]") ||
             evaluate(session, module, "[2,3]", "[5,4]");
  }
  shapeOptModuleDestroy(module);
  shapeOptSessionDestroy(session);
  return status;
}
