/*
 * robustness.c: the C API on input that must fail, and on misuse. Every
 * case must give a failure with a diagnostic, never a crash. Prints one
 * line per case and exits non-zero if any case does not hold.
 */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ShapeOptModule *parse(ShapeOptSession *s, const char *text,
                             size_t length) {
  ShapeOptStringRef source = {text, length};
  return shapeOptParse(s, shapeOptStringRefFromCString("in.mlir"), source);
}

static const char *const kFunction =
    "func.func @f(%a: !shape.shape) -> !shape.size {\n"
    "  %r = shape.rank %a : !shape.shape -> !shape.size\n"
    "  return %r : !shape.size\n"
    "}\n";

/* Counts the passes run and the bytes of IR printed after them. */
typedef struct {
  size_t passes, bytes;
} Seen;

static void countBytes(ShapeOptStringRef text, void *seen) {
  ((Seen *)seen)->bytes += text.length;
}

static void afterPass(ShapeOptStringRef name, const ShapeOptIR *ir,
                      void *seen) {
  (void)name;
  ((Seen *)seen)->passes += 1;
  shapeOptIRPrint(ir, SHAPE_OPT_PRINT_GENERIC, countBytes, seen);
}

int main(void) {
  ShapeOptSession *s = shapeOptSessionCreate();

  /* Invalid UTF-8: an error at the line and column of the bad byte. */
  const char bad[] = "func.func @f() {\n  return \xff\xfe\n}\n";
  check(
      !parse(s, bad, sizeof bad - 1) && firstMessageHas(s, "not valid UTF-8") &&
          shapeOptDiagnosticGetLine(shapeOptSessionGetDiagnostic(s, 0)) == 2 &&
          shapeOptDiagnosticGetColumn(shapeOptSessionGetDiagnostic(s, 0)) == 10,
      "invalid UTF-8 is rejected at 2:10");

  /* Every prefix of a valid function, but the empty one and the one that
   * lacks only the last newline, fails with a diagnostic. */
  size_t length = strlen(kFunction), parsed = 0;
  for (size_t n = 1; n + 1 < length; ++n) {
    ShapeOptModule *m = parse(s, kFunction, n);
    if (m) {
      ++parsed;
      shapeOptModuleDestroy(m);
    } else if (shapeOptSessionNumDiagnostics(s) == 0) {
      parsed = length + 1; /* a failure without a diagnostic */
      break;
    }
  }
  check(parsed == 0, "truncated input fails with a diagnostic");

  /* 10,000-deep nesting: refused by the nesting limit, with a diagnostic. */
  size_t depth = 10000, open = strlen("builtin.module {\n");
  char *deep = malloc(depth * (open + 2) + 1);
  char *p = deep;
  for (size_t i = 0; i < depth; ++i, p += open)
    memcpy(p, "builtin.module {\n", open);
  for (size_t i = 0; i < depth; ++i, p += 2)
    memcpy(p, "}\n", 2);
  check(!parse(s, deep, (size_t)(p - deep)) &&
            shapeOptSessionNumDiagnostics(s) > 0,
        "10,000-deep nesting fails with a diagnostic");
  free(deep);

  /* A diagnostic has its position, message and MLIR rendering. */
  const char *undefined = "func.func @f() -> index {\n  return %x : index\n}\n";
  check(!parse(s, undefined, strlen(undefined)) &&
            shapeOptDiagnosticGetLine(shapeOptSessionGetDiagnostic(s, 0)) ==
                2 &&
            strstr(shapeOptSessionRenderedDiagnostics(s).data, "in.mlir:2:") !=
                NULL,
        "diagnostics have file, line and the rendered text");

  ShapeOptModule *m = parse(s, kFunction, length);
  check(m != NULL && shapeOptSessionNumDiagnostics(s) == 0,
        "a valid function parses and clears the diagnostics");

  /* Bad pipelines, stages, functions and arguments fail with diagnostics. */
  check(shapeOptRunPipeline(s, m,
                            shapeOptStringRefFromCString("builtin.module(cs)"),
                            NULL, NULL) == SHAPE_OPT_FAILURE &&
            strstr(shapeOptSessionRenderedDiagnostics(s).data,
                   "did you mean 'cse'") != NULL,
        "a misspelt pass is a diagnostic with a suggestion");
  check(shapeOptLowerTo(s, m, (ShapeOptStage)7, NULL, NULL, NULL) ==
                SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "no stage numbered 7"),
        "an unknown stage is a diagnostic");
  ShapeOptStringRef arg = shapeOptStringRefFromCString("[2,");
  check(!shapeOptEvaluate(s, m, shapeOptStringRefFromCString("f"), &arg, 1) &&
            firstMessageHas(s, "invalid argument 0"),
        "a malformed argument is a diagnostic");
  arg = shapeOptStringRefFromCString("[2,3]");
  check(!shapeOptEvaluate(s, m, shapeOptStringRefFromCString("g"), &arg, 1) &&
            shapeOptSessionNumDiagnostics(s) == 1,
        "an unknown function is a diagnostic");
  ShapeOptOutcome *o =
      shapeOptEvaluate(s, m, shapeOptStringRefFromCString("f"), &arg, 1);
  const int64_t *extents = NULL;
  check(o && shapeOptOutcomeGetKind(o) == SHAPE_OPT_OUTCOME_OK &&
            shapeOptOutcomeGetNumResults(o) == 1 &&
            strcmp(shapeOptOutcomeGetResult(o, 0).data, "2") == 0 &&
            shapeOptOutcomeGetResultShape(o, 0, &extents) == -1,
        "evaluation gives results");
  shapeOptOutcomeDestroy(o);

  /* NULL handles and strings fail or do nothing. */
  ShapeOptStringRef nullText = {NULL, 5};
  check(!shapeOptParse(s, shapeOptStringRefFromCString("n"), nullText) &&
            firstMessageHas(s, "NULL"),
        "a NULL string of non-zero length is a diagnostic");
  check(shapeOptRunPipeline(s, NULL,
                            shapeOptStringRefFromCString("builtin.module()"),
                            NULL, NULL) == SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "NULL"),
        "a NULL module is a diagnostic");
  check(!shapeOptParse(NULL, shapeOptStringRefFromCString("n"),
                       shapeOptStringRefFromCString(kFunction)),
        "a NULL session fails");
  check(shapeOptExplain(s, NULL, NULL, NULL) == SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "NULL"),
        "explaining a NULL module is a diagnostic");
  check(shapeOptReport(s, m, shapeOptStringRefFromCString("in.mlir"),
                       shapeOptStringRefFromCString("builtin.module(cs)"),
                       SHAPE_OPT_STAGE_STD, NULL, 0,
                       shapeOptStringRefFromCString("unwritten.html")) ==
                SHAPE_OPT_FAILURE &&
            strstr(shapeOptSessionRenderedDiagnostics(s).data,
                   "did you mean 'cse'") != NULL,
        "a report of a misspelt pipeline is a diagnostic");
  check(shapeOptReport(s, m, shapeOptStringRefFromCString("in.mlir"),
                       shapeOptStringRefFromCString("builtin.module(cse)"),
                       SHAPE_OPT_STAGE_STD, &nullText, 1,
                       shapeOptStringRefFromCString("unwritten.html")) ==
                SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "NULL"),
        "a report with a NULL argument is a diagnostic");
  check(shapeOptReport(s, m, shapeOptStringRefFromCString("in.mlir"),
                       shapeOptStringRefFromCString("builtin.module(cse)"),
                       SHAPE_OPT_STAGE_STD, NULL, 0,
                       shapeOptStringRefFromCString(
                           "/nonexistent/directory/report.html")) ==
                SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "could not write the report"),
        "a report that cannot be written is a diagnostic");
  check(shapeOptSessionAddSource(s, shapeOptStringRefFromCString("in.mlir"),
                                 nullText) == SHAPE_OPT_FAILURE &&
            firstMessageHas(s, "NULL") &&
            shapeOptSessionAddSource(
                NULL, shapeOptStringRefFromCString("in.mlir"),
                shapeOptStringRefFromCString(kFunction)) == SHAPE_OPT_FAILURE,
        "a source buffer of a NULL string or for a NULL session fails");
  shapeOptModuleDestroy(NULL);
  shapeOptSessionDestroy(NULL);
  shapeOptOutcomeDestroy(NULL);

  ShapeOptStage stage;
  check(shapeOptStageFromName(shapeOptStringRefFromCString("asserting"),
                              &stage) &&
            stage == SHAPE_OPT_STAGE_ASSERTING &&
            !shapeOptStageFromName(shapeOptStringRefFromCString("llvm"),
                                   &stage) &&
            strcmp(shapeOptStageGetName(SHAPE_OPT_STAGE_STD), "std") == 0,
        "stage names");

  Seen seen = {0, 0};
  check(shapeOptLowerTo(s, m, SHAPE_OPT_STAGE_STD, NULL, afterPass, &seen) ==
                SHAPE_OPT_SUCCESS &&
            seen.passes >= 10 && seen.bytes > 0,
        "the per-pass callback sees every pass and can print the IR");

  size_t passes = shapeOptSessionGetNumPasses(s), found = 0;
  for (size_t i = 0; i < passes; ++i) {
    ShapeOptStringRef name = shapeOptSessionGetPassName(s, i);
    found += strcmp(name.data, "cse") == 0 &&
             strcmp(shapeOptSessionGetPassAnchor(s, i).data, "") == 0;
    found += strcmp(name.data, "lower-to-constrained") == 0 &&
             shapeOptSessionGetPassSummary(s, i).length > 0;
  }
  check(passes >= 16 && found == 2 &&
            shapeOptSessionGetPassName(s, passes).length == 0,
        "the passes are listed");

  shapeOptModuleDestroy(m);
  shapeOptSessionDestroy(s);
  return failures != 0;
}
