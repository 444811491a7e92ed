/*
 * check.h: what the C tests share: one line per case, `ok` or `FAILED`,
 * counted in `failures` (the program's exit status is whether any failed).
 */
#ifndef SHAPE_OPT_TESTS_CHECK_H
#define SHAPE_OPT_TESTS_CHECK_H

#include "shape_opt.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(int holds, const char *what) {
  printf("%s: %s\n", holds ? "ok" : "FAILED", what);
  failures += !holds;
}

/* The session's first diagnostic's message (NUL-terminated) contains
 * `needle`. */
static int firstMessageHas(ShapeOptSession *s, const char *needle) {
  const ShapeOptDiagnostic *d = shapeOptSessionGetDiagnostic(s, 0);
  if (!d)
    return 0;
  ShapeOptStringRef m = shapeOptDiagnosticGetMessage(d);
  return m.data[m.length] == '\0' && strstr(m.data, needle) != NULL;
}

#endif /* SHAPE_OPT_TESTS_CHECK_H */
