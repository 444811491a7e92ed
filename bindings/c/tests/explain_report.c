/*
 * explain_report.c: `shape-opt --explain` and `--report` through the C
 * API, on MLIR text given on the command line, with unregistered dialects
 * allowed (as `--allow-unregistered-dialect`):
 *
 *   explain_report explain NAME TEXT      prints what `shape-opt --explain
 *                                         NAME` prints
 *   explain_report report NAME TEXT PAGE  writes the report `shape-opt
 *                                         --lower-to=std --report=PAGE
 *                                         NAME` writes
 *
 * NAME is the buffer's name in locations (the file TEXT was read from).
 * On failure the diagnostics go to stderr, as `mlir-opt` renders them,
 * and the status is 1 (a report is written all the same).
 */
#include "shape_opt.h"

#include <stdio.h>
#include <string.h>

/* A ShapeOptStringCallback writing to stdout. */
static void toStdout(ShapeOptStringRef text, void *user) {
  (void)user;
  fwrite(text.data, 1, text.length, stdout);
}

int main(int argc, char **argv) {
  int explain = argc == 4 && strcmp(argv[1], "explain") == 0;
  int report = argc == 5 && strcmp(argv[1], "report") == 0;
  if (!explain && !report) {
    fprintf(stderr, "usage: %s explain NAME TEXT | report NAME TEXT PAGE\n",
            argv[0]);
    return 2;
  }
  ShapeOptStringRef name = shapeOptStringRefFromCString(argv[2]);
  ShapeOptSession *session = shapeOptSessionCreate();
  shapeOptSessionSetAllowUnregisteredDialects(session, true);
  ShapeOptModule *module =
      shapeOptParse(session, name, shapeOptStringRefFromCString(argv[3]));
  ShapeOptStatus status = SHAPE_OPT_FAILURE;
  if (module && explain)
    status = shapeOptExplain(session, module, toStdout, NULL);
  if (module && report)
    status = shapeOptReport(session, module, name,
                            shapeOptStringRefFromCString(""),
                            SHAPE_OPT_STAGE_STD, NULL, 0,
                            shapeOptStringRefFromCString(argv[4]));
  if (status != SHAPE_OPT_SUCCESS) {
    ShapeOptStringRef rendered = shapeOptSessionRenderedDiagnostics(session);
    fwrite(rendered.data, 1, rendered.length, stderr);
  }
  shapeOptModuleDestroy(module);
  shapeOptSessionDestroy(session);
  return status == SHAPE_OPT_SUCCESS ? 0 : 1;
}
