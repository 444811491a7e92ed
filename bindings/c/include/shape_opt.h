/*
 * shape_opt.h: the C API of shape-opt (libshape_opt, shared and static).
 *
 * shape-opt lowers MLIR `shape`-dialect shape functions through four forms
 * (error-monadic, constrained, asserting, std). This API lets a host
 * compiler written in C or C++ parse MLIR text, run shape-opt's pipelines
 * on it, print it, evaluate shape functions on concrete shapes and read
 * the diagnostics, without a subprocess.
 *
 * Conventions (modelled on MLIR's C API):
 *  - Handles are opaque pointers. What a `...Create`/`shapeOptParse`
 *    returns, the caller owns and frees with the matching `...Destroy`;
 *    destroying NULL does nothing.
 *  - Strings passed in are `ShapeOptStringRef`s (pointer + length, no
 *    terminator needed); they are borrowed for the duration of the call.
 *    Text that is not valid UTF-8 is rejected with a diagnostic.
 *  - Text given out is either a `ShapeOptStringRef` owned by the handle it
 *    came from (valid until the next call that takes that handle mutably,
 *    or until it is destroyed; its `data` is also NUL-terminated), or is
 *    passed to a `ShapeOptStringCallback`, valid only during the callback.
 *  - Fallible functions return a `ShapeOptStatus`. On failure the session's
 *    diagnostics (`shapeOptSessionNumDiagnostics` ...) say why; they are
 *    replaced by each call that takes the session.
 *  - No function panics or aborts across the boundary: an internal error
 *    is reported as a failure with an `internal error:` diagnostic.
 *  - Threads: sessions are independent of each other. A session, and the
 *    modules parsed by it, must be used by one thread at a time (the
 *    caller serialises); different sessions may be used from different
 *    threads at once. `shapeOptVersion` and `shapeOptMlirVersion` may be
 *    called from any thread. Work runs on an internal thread with a large
 *    stack, so the caller's stack size does not matter; callbacks are
 *    called on that thread, one at a time.
 */
#ifndef SHAPE_OPT_H
#define SHAPE_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------
 * Basic types
 * ---------------------------------------------------------------------- */

/* A string: `length` bytes at `data`, not necessarily NUL-terminated. */
typedef struct ShapeOptStringRef {
  const char *data;
  size_t length;
} ShapeOptStringRef;

/* A string reference to a NUL-terminated C string (NULL gives ""). */
static inline ShapeOptStringRef shapeOptStringRefFromCString(const char *s) {
  ShapeOptStringRef r;
  size_t n = 0;
  if (s)
    while (s[n])
      ++n;
  r.data = s ? s : "";
  r.length = n;
  return r;
}

/* The outcome of a fallible call. */
typedef enum ShapeOptStatus {
  SHAPE_OPT_SUCCESS = 0,
  SHAPE_OPT_FAILURE = 1,
} ShapeOptStatus;

/* The forms of a shape function, in lowering order. */
typedef enum ShapeOptStage {
  SHAPE_OPT_STAGE_ERROR_MONADIC = 0,
  SHAPE_OPT_STAGE_CONSTRAINED = 1,
  SHAPE_OPT_STAGE_ASSERTING = 2,
  SHAPE_OPT_STAGE_STD = 3,
} ShapeOptStage;

typedef enum ShapeOptSeverity {
  SHAPE_OPT_SEVERITY_ERROR = 0,
  SHAPE_OPT_SEVERITY_WARNING = 1,
  SHAPE_OPT_SEVERITY_NOTE = 2,
  SHAPE_OPT_SEVERITY_REMARK = 3,
} ShapeOptSeverity;

/* How to print IR: flags, or-ed. */
enum {
  SHAPE_OPT_PRINT_DEFAULT = 0,
  /* Every op in generic form (`--mlir-print-op-generic`). */
  SHAPE_OPT_PRINT_GENERIC = 1,
  /* Locations (`--mlir-print-debuginfo`). */
  SHAPE_OPT_PRINT_DEBUG_INFO = 2,
};

/* Receives text; `text` is valid only during the call. */
typedef void (*ShapeOptStringCallback)(ShapeOptStringRef text, void *userData);

/* A session: registered passes, options, the source buffers diagnostics
 * point into, and the diagnostics of the last call. */
typedef struct ShapeOptSession ShapeOptSession;

/* A parsed module (a `builtin.module` and the IR it holds). */
typedef struct ShapeOptModule ShapeOptModule;

/* The IR at a point of a run, lent to a callback: valid only during it. */
typedef struct ShapeOptIR ShapeOptIR;

/* One diagnostic, owned by the session (or by the diagnostic it is a note
 * of); valid until the session's diagnostics are next replaced. */
typedef struct ShapeOptDiagnostic ShapeOptDiagnostic;

/* The result of evaluating a function, owned by the caller. */
typedef struct ShapeOptOutcome ShapeOptOutcome;

/* ----------------------------------------------------------------------
 * Versions
 * ---------------------------------------------------------------------- */

/* shape-opt's version, e.g. "0.1.0" (static storage). */
const char *shapeOptVersion(void);

/* The major version of MLIR whose textual IR shape-opt reads and writes,
 * e.g. "22" (static storage). */
const char *shapeOptMlirVersion(void);

/* ----------------------------------------------------------------------
 * Sessions
 * ---------------------------------------------------------------------- */

/* A new session with every shape-opt pass registered. Never NULL unless
 * memory is exhausted. */
ShapeOptSession *shapeOptSessionCreate(void);

/* Frees a session. Its modules stay valid and may still be printed,
 * evaluated and destroyed. */
void shapeOptSessionDestroy(ShapeOptSession *session);

/* Accept ops of unregistered dialects (in generic form). Off by default. */
void shapeOptSessionSetAllowUnregisteredDialects(ShapeOptSession *session,
                                                 bool allow);

/* Verify the IR after every pass (on by default). */
void shapeOptSessionSetVerifyEach(ShapeOptSession *session, bool verify);

/* Threads for function pipelines and lowering: 1 runs on the calling
 * thread's worker only; 0 (the default) uses one per core. */
void shapeOptSessionSetThreads(ShapeOptSession *session, unsigned threads);

/* Check after every pass that each function still computes what it did,
 * on `samples` sampled inputs per function (0 turns the check off). */
void shapeOptSessionSetVerifySemantics(ShapeOptSession *session,
                                       unsigned samples);

/* Declare a host op (`chlo.broadcast_add`), a whole dialect (`mhlo.`) or a
 * function (`@name`) pure, so that checks may move across it. */
ShapeOptStatus shapeOptSessionDeclarePure(ShapeOptSession *session,
                                          ShapeOptStringRef entry);

/* The passes the session can run (the names its textual pipelines use):
 * how many, and the name, one-line summary and anchor (the op it runs on,
 * e.g. `func.func`; "" when it runs on any op) of the `index`th ("" when
 * out of range). Owned by the session. */
size_t shapeOptSessionGetNumPasses(const ShapeOptSession *session);
ShapeOptStringRef shapeOptSessionGetPassName(const ShapeOptSession *session,
                                             size_t index);
ShapeOptStringRef
shapeOptSessionGetPassSummary(const ShapeOptSession *session, size_t index);
ShapeOptStringRef shapeOptSessionGetPassAnchor(const ShapeOptSession *session,
                                               size_t index);

/* ----------------------------------------------------------------------
 * Diagnostics of the last call on a session
 * ---------------------------------------------------------------------- */

size_t shapeOptSessionNumDiagnostics(const ShapeOptSession *session);

/* The `index`th diagnostic (NULL when out of range). */
const ShapeOptDiagnostic *
shapeOptSessionGetDiagnostic(const ShapeOptSession *session, size_t index);

/* All diagnostics rendered as `mlir-opt` prints them
 * (`file:line:col: error: message`, source line, caret, notes). */
ShapeOptStringRef
shapeOptSessionRenderedDiagnostics(const ShapeOptSession *session);

ShapeOptSeverity shapeOptDiagnosticGetSeverity(const ShapeOptDiagnostic *d);

/* The buffer or file name of the location ("" when unknown). */
ShapeOptStringRef shapeOptDiagnosticGetFile(const ShapeOptDiagnostic *d);

/* 1-based line and column (0 when the location is unknown). */
unsigned shapeOptDiagnosticGetLine(const ShapeOptDiagnostic *d);
unsigned shapeOptDiagnosticGetColumn(const ShapeOptDiagnostic *d);

ShapeOptStringRef shapeOptDiagnosticGetMessage(const ShapeOptDiagnostic *d);

size_t shapeOptDiagnosticGetNumNotes(const ShapeOptDiagnostic *d);
const ShapeOptDiagnostic *
shapeOptDiagnosticGetNote(const ShapeOptDiagnostic *d, size_t index);

/* ----------------------------------------------------------------------
 * Modules
 * ---------------------------------------------------------------------- */

/* Parse and verify MLIR text (custom or generic form, `loc(...)`s kept)
 * named `bufferName` in locations. NULL on failure (see the session's
 * diagnostics). */
ShapeOptModule *shapeOptParse(ShapeOptSession *session,
                              ShapeOptStringRef bufferName,
                              ShapeOptStringRef text);

void shapeOptModuleDestroy(ShapeOptModule *module);

/* Make ops named `opName` (e.g. `foo.matmul`) map to the shape function
 * `function` of the module's `shape.function_library` (an entry of its
 * `mapping`, replacing any for the same op). */
ShapeOptStatus shapeOptMapOpToShapeFunction(ShapeOptSession *session,
                                            ShapeOptModule *module,
                                            ShapeOptStringRef opName,
                                            ShapeOptStringRef function);

/* Print the module (`flags`: SHAPE_OPT_PRINT_*) to `callback`, in one or
 * more pieces. */
void shapeOptModulePrint(const ShapeOptModule *module, unsigned flags,
                         ShapeOptStringCallback callback, void *userData);

/* ----------------------------------------------------------------------
 * Running passes
 * ---------------------------------------------------------------------- */

/* Called after each pass run: the pass's name and the IR it ran on. */
typedef void (*ShapeOptPassCallback)(ShapeOptStringRef passName,
                                     const ShapeOptIR *ir, void *userData);

/* Called in each form reached while lowering, once that stage's passes
 * have run (the last call sees the result): the stage and the module. */
typedef void (*ShapeOptStageCallback)(ShapeOptStage stage,
                                      const ShapeOptIR *ir, void *userData);

/* Print the IR lent to a callback (`flags`: SHAPE_OPT_PRINT_*). */
void shapeOptIRPrint(const ShapeOptIR *ir, unsigned flags,
                     ShapeOptStringCallback callback, void *userData);

/* Run a textual pipeline (`builtin.module(func.func(cse),symbol-dce)`);
 * `afterPass` (may be NULL) sees the IR after every pass. On failure the
 * module holds the IR as the failing pass left it. */
ShapeOptStatus shapeOptRunPipeline(ShapeOptSession *session,
                                   ShapeOptModule *module,
                                   ShapeOptStringRef pipeline,
                                   ShapeOptPassCallback afterPass,
                                   void *userData);

/* Lower the module from its form to `target` with the default pipelines.
 * `onStage` (may be NULL) sees the IR in every form reached, `afterPass`
 * (may be NULL) after every pass. With both NULL, independent functions
 * may lower on several threads (same result). */
ShapeOptStatus shapeOptLowerTo(ShapeOptSession *session,
                               ShapeOptModule *module, ShapeOptStage target,
                               ShapeOptStageCallback onStage,
                               ShapeOptPassCallback afterPass,
                               void *userData);

/* The stage named `name` (`error-monadic`, `constrained`, `asserting`,
 * `std`); false if there is none. */
bool shapeOptStageFromName(ShapeOptStringRef name, ShapeOptStage *stage);

/* The name of a stage (static storage). */
const char *shapeOptStageGetName(ShapeOptStage stage);

/* ----------------------------------------------------------------------
 * Evaluation with the reference interpreter
 * ---------------------------------------------------------------------- */

typedef enum ShapeOptOutcomeKind {
  /* The function returned results. */
  SHAPE_OPT_OUTCOME_OK = 0,
  /* The function failed with a message (a failed requirement, assertion
   * or constraint): what the lowered code reports at run time. */
  SHAPE_OPT_OUTCOME_ERROR = 1,
  /* The function did something MLIR leaves undefined. */
  SHAPE_OPT_OUTCOME_UNDEFINED = 2,
} ShapeOptOutcomeKind;

/* Evaluate the function `function` (a `func.func`, or a `shape.func` of a
 * `shape.function_library`) on `numArgs` arguments, each written as on
 * `shape-run`'s command line: a shape `[2,3]`, a scalar `6`, or integer
 * tensor elements `dense<[4, -1]>`. NULL when it cannot be evaluated (no
 * such function, bad arguments, an op without meaning): see the
 * diagnostics. A failing shape function is an outcome, not NULL. */
ShapeOptOutcome *shapeOptEvaluate(ShapeOptSession *session,
                                  const ShapeOptModule *module,
                                  ShapeOptStringRef function,
                                  const ShapeOptStringRef *args,
                                  size_t numArgs);

void shapeOptOutcomeDestroy(ShapeOptOutcome *outcome);

ShapeOptOutcomeKind shapeOptOutcomeGetKind(const ShapeOptOutcome *outcome);

/* As `shape-run` prints it: `ok [2, 4]`, `error: <message>`. */
ShapeOptStringRef shapeOptOutcomeToString(const ShapeOptOutcome *outcome);

/* The error's message (empty for SHAPE_OPT_OUTCOME_OK). */
ShapeOptStringRef shapeOptOutcomeGetMessage(const ShapeOptOutcome *outcome);

size_t shapeOptOutcomeGetNumResults(const ShapeOptOutcome *outcome);

/* A result as text (`[2, 4]`, `6`). */
ShapeOptStringRef shapeOptOutcomeGetResult(const ShapeOptOutcome *outcome,
                                           size_t index);

/* When result `index` is a shape (or extent tensor), its extents: the
 * rank, with the extents at `*extents` (owned by the outcome); -1 when it
 * is not a shape. */
int64_t shapeOptOutcomeGetResultShape(const ShapeOptOutcome *outcome,
                                      size_t index, const int64_t **extents);

#ifdef __cplusplus
}
#endif

#endif /* SHAPE_OPT_H */
