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

/* What a failed check does in the std form `shapeOptLowerTo` gives: abort
 * (`cf.assert`, false, the default), or, when `status` is true, return an
 * i32 status first: 0, or the 1-based number of the check that failed
 * first, its message at that place minus one in the function's
 * `shape_opt.failure_messages` (`--shape-failure=status`). */
void shapeOptSessionSetStatusOnFailure(ShapeOptSession *session, bool status);

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

/* Keep `text` as the source buffer named `bufferName`, as `shapeOptParse`
 * keeps what it parses: for a module built op by op (the module builder
 * below) whose locations name that buffer, diagnostics then show its
 * source lines, `shapeOptExplain` names parameters as in it, and
 * `shapeOptReport` shows it. */
ShapeOptStatus shapeOptSessionAddSource(ShapeOptSession *session,
                                        ShapeOptStringRef bufferName,
                                        ShapeOptStringRef text);

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
 * Reading IR op by op
 *
 * A host that keeps IR in its own data structures (an MLIR-based
 * compiler) walks a module with these instead of printing text and
 * parsing it: from the top operation, through regions, blocks and
 * operations. Handles are ids that stay valid until the module is changed
 * or destroyed; an id out of range, or a null handle, gives a null handle,
 * a zero count or an empty string. Types are numbered densely: equal ids
 * are equal types, so a host converts each type once. Unlike the rest of
 * the API, these functions may be called from several threads at once on
 * one module, as long as no thread changes it.
 * ---------------------------------------------------------------------- */

typedef struct ShapeOptOperation { uint32_t id; } ShapeOptOperation;
typedef struct ShapeOptValue { uint32_t id; } ShapeOptValue;
typedef struct ShapeOptBlock { uint32_t id; } ShapeOptBlock;
typedef struct ShapeOptRegion { uint32_t id; } ShapeOptRegion;
typedef struct ShapeOptType { uint32_t id; } ShapeOptType;
/* A location (`loc(...)`), owned by its module or module builder. */
typedef struct ShapeOptLocation { const void *ptr; } ShapeOptLocation;

/* The id of every null handle but ShapeOptLocation's (ptr NULL). */
#define SHAPE_OPT_NULL_ID UINT32_MAX

typedef enum ShapeOptLocationKind {
  SHAPE_OPT_LOCATION_UNKNOWN = 0,
  /* "file":line:col, or a range "file":line:col to endLine:endCol */
  SHAPE_OPT_LOCATION_FILE_LINE_COL = 1,
  /* "name" or "name"(child) */
  SHAPE_OPT_LOCATION_NAME = 2,
  /* callsite(callee at caller): children 0 and 1 */
  SHAPE_OPT_LOCATION_CALL_SITE = 3,
  /* fused[children...] or fused<metadata>[children...] */
  SHAPE_OPT_LOCATION_FUSED = 4,
} ShapeOptLocationKind;

/* Which attributes of an op: MLIR's properties (inherent attributes,
 * printed `<{...}>` in generic form) or its discardable attributes. */
typedef enum ShapeOptAttributeKind {
  SHAPE_OPT_ATTRIBUTE_PROPERTY = 0,
  SHAPE_OPT_ATTRIBUTE_DISCARDABLE = 1,
} ShapeOptAttributeKind;

/* The module's top operation (a `builtin.module`). */
ShapeOptOperation shapeOptModuleGetOperation(const ShapeOptModule *module);

ShapeOptStringRef shapeOptOperationGetName(const ShapeOptModule *module,
                                           ShapeOptOperation op);
ShapeOptLocation shapeOptOperationGetLocation(const ShapeOptModule *module,
                                              ShapeOptOperation op);
size_t shapeOptOperationGetNumOperands(const ShapeOptModule *module,
                                       ShapeOptOperation op);
ShapeOptValue shapeOptOperationGetOperand(const ShapeOptModule *module,
                                          ShapeOptOperation op, size_t index);
size_t shapeOptOperationGetNumResults(const ShapeOptModule *module,
                                      ShapeOptOperation op);
ShapeOptValue shapeOptOperationGetResult(const ShapeOptModule *module,
                                         ShapeOptOperation op, size_t index);
size_t shapeOptOperationGetNumSuccessors(const ShapeOptModule *module,
                                         ShapeOptOperation op);
ShapeOptBlock shapeOptOperationGetSuccessor(const ShapeOptModule *module,
                                            ShapeOptOperation op,
                                            size_t index);
size_t shapeOptOperationGetNumRegions(const ShapeOptModule *module,
                                      ShapeOptOperation op);
ShapeOptRegion shapeOptOperationGetRegion(const ShapeOptModule *module,
                                          ShapeOptOperation op, size_t index);
/* The op's attributes of `kind` (ShapeOptAttributeKind), sorted by name. */
size_t shapeOptOperationGetNumAttributes(const ShapeOptModule *module,
                                         ShapeOptOperation op, int kind);
ShapeOptStringRef shapeOptOperationGetAttributeName(
    const ShapeOptModule *module, ShapeOptOperation op, int kind,
    size_t index);
/* An attribute's value as MLIR prints it alone (`0 : index`, `"f"`). */
void shapeOptOperationPrintAttribute(const ShapeOptModule *module,
                                     ShapeOptOperation op, int kind,
                                     size_t index,
                                     ShapeOptStringCallback callback,
                                     void *userData);
/* The next op in the same block (null after the last). */
ShapeOptOperation shapeOptOperationGetNextInBlock(const ShapeOptModule *module,
                                                  ShapeOptOperation op);

size_t shapeOptRegionGetNumBlocks(const ShapeOptModule *module,
                                  ShapeOptRegion region);
ShapeOptBlock shapeOptRegionGetBlock(const ShapeOptModule *module,
                                     ShapeOptRegion region, size_t index);
size_t shapeOptBlockGetNumArguments(const ShapeOptModule *module,
                                    ShapeOptBlock block);
ShapeOptValue shapeOptBlockGetArgument(const ShapeOptModule *module,
                                       ShapeOptBlock block, size_t index);
/* The block's first op (null in an empty block). */
ShapeOptOperation shapeOptBlockGetFirstOperation(const ShapeOptModule *module,
                                                 ShapeOptBlock block);

ShapeOptType shapeOptValueGetType(const ShapeOptModule *module,
                                  ShapeOptValue value);
/* A block argument's location, when it has one (else ptr NULL). */
ShapeOptLocation shapeOptValueGetLocation(const ShapeOptModule *module,
                                          ShapeOptValue value);
/* A type as MLIR prints it (`tensor<?xindex>`, `!shape.shape`). */
void shapeOptTypePrint(const ShapeOptModule *module, ShapeOptType type,
                       ShapeOptStringCallback callback, void *userData);

ShapeOptLocationKind shapeOptLocationGetKind(ShapeOptLocation loc);
/* A file location's file (its data stays at the same address for every
 * location of that file in a module), line and column (1-based), and its
 * end: 0 and 0 when it has none. */
ShapeOptStringRef shapeOptLocationGetFile(ShapeOptLocation loc);
unsigned shapeOptLocationGetLine(ShapeOptLocation loc);
unsigned shapeOptLocationGetColumn(ShapeOptLocation loc);
unsigned shapeOptLocationGetEndLine(ShapeOptLocation loc);
unsigned shapeOptLocationGetEndColumn(ShapeOptLocation loc);
/* A name location's name. */
ShapeOptStringRef shapeOptLocationGetName(ShapeOptLocation loc);
/* A fused location's metadata attribute as text ("" when it has none). */
ShapeOptStringRef shapeOptLocationGetMetadata(ShapeOptLocation loc);
/* The locations a name (0 or 1), call site (2) or fused location holds. */
size_t shapeOptLocationGetNumChildren(ShapeOptLocation loc);
ShapeOptLocation shapeOptLocationGetChild(ShapeOptLocation loc, size_t index);

/* ----------------------------------------------------------------------
 * Building IR op by op
 *
 * The reverse: a host gives shape-opt its IR without text. A builder owns
 * the IR under construction; its types and attributes are parsed from the
 * text MLIR prints for them (a host converts each distinct one once and
 * keeps the handle), its locations are built from their parts. Ops are
 * created detached (their regions filled before or after) and appended to
 * blocks. A value used before it is defined (a graph region, a block
 * dominated by a later one) is first a placeholder, replaced by the value
 * once it exists. `shapeOptModuleBuilderFinish` verifies the module as
 * `shapeOptParse` verifies what it parses. Calls that take the session
 * record their failures there and return a null handle or a failure; an
 * id out of range, a region given to two ops or an op put inside itself is
 * such a failure, never a crash.
 * ---------------------------------------------------------------------- */

typedef struct ShapeOptModuleBuilder ShapeOptModuleBuilder;

/* An attribute parsed by a builder (id SHAPE_OPT_NULL_ID: none). */
typedef struct ShapeOptAttribute { uint32_t id; } ShapeOptAttribute;

typedef struct ShapeOptNamedAttribute {
  ShapeOptStringRef name;
  ShapeOptAttribute attribute;
} ShapeOptNamedAttribute;

/* Everything an operation is made of; arrays may be NULL when empty.
 * `attributes` that are inherent to a registered op become properties, as
 * in a generic op's attribute dictionary. */
typedef struct ShapeOptOperationState {
  ShapeOptStringRef name;
  ShapeOptLocation location;
  size_t numOperands;
  const ShapeOptValue *operands;
  size_t numResults;
  const ShapeOptType *resultTypes;
  size_t numProperties;
  const ShapeOptNamedAttribute *properties;
  size_t numAttributes;
  const ShapeOptNamedAttribute *attributes;
  size_t numRegions;
  const ShapeOptRegion *regions;
  size_t numSuccessors;
  const ShapeOptBlock *successors;
} ShapeOptOperationState;

/* A new, empty builder, owned by the caller (destroyed, or consumed by
 * shapeOptModuleBuilderFinish). */
ShapeOptModuleBuilder *shapeOptModuleBuilderCreate(void);
void shapeOptModuleBuilderDestroy(ShapeOptModuleBuilder *builder);

/* A type or attribute from its MLIR text. */
ShapeOptType shapeOptModuleBuilderParseType(ShapeOptSession *session,
                                            ShapeOptModuleBuilder *builder,
                                            ShapeOptStringRef text);
ShapeOptAttribute
shapeOptModuleBuilderParseAttribute(ShapeOptSession *session,
                                    ShapeOptModuleBuilder *builder,
                                    ShapeOptStringRef text);

/* Locations, owned by the builder (ptr NULL when an argument is invalid;
 * the op or argument given it then fails). `endLine` 0: a point, else a
 * range to `endLine`:`endColumn`. A name location's `child` may be null. */
ShapeOptLocation
shapeOptModuleBuilderGetUnknownLocation(ShapeOptModuleBuilder *builder);
ShapeOptLocation shapeOptModuleBuilderGetFileLocation(
    ShapeOptModuleBuilder *builder, ShapeOptStringRef file, unsigned line,
    unsigned column, unsigned endLine, unsigned endColumn);
ShapeOptLocation
shapeOptModuleBuilderGetNameLocation(ShapeOptModuleBuilder *builder,
                                     ShapeOptStringRef name,
                                     ShapeOptLocation child);
ShapeOptLocation
shapeOptModuleBuilderGetCallSiteLocation(ShapeOptModuleBuilder *builder,
                                         ShapeOptLocation callee,
                                         ShapeOptLocation caller);
/* `metadata`: the attribute's text, or "" for none. */
ShapeOptLocation shapeOptModuleBuilderGetFusedLocation(
    ShapeOptModuleBuilder *builder, ShapeOptStringRef metadata,
    size_t numLocations, const ShapeOptLocation *locations);

/* A region for an operation still to be created. */
ShapeOptRegion shapeOptModuleBuilderCreateRegion(ShapeOptModuleBuilder *builder);
/* A new block at the end of `region`. */
ShapeOptBlock shapeOptModuleBuilderAppendBlock(ShapeOptSession *session,
                                               ShapeOptModuleBuilder *builder,
                                               ShapeOptRegion region);
ShapeOptValue shapeOptModuleBuilderAddArgument(ShapeOptSession *session,
                                               ShapeOptModuleBuilder *builder,
                                               ShapeOptBlock block,
                                               ShapeOptType type,
                                               ShapeOptLocation loc);
/* A value of `type` standing for one defined later. */
ShapeOptValue
shapeOptModuleBuilderCreatePlaceholder(ShapeOptSession *session,
                                       ShapeOptModuleBuilder *builder,
                                       ShapeOptType type);
/* Every use of `placeholder` becomes a use of `value` (same type). */
ShapeOptStatus shapeOptModuleBuilderReplacePlaceholder(
    ShapeOptSession *session, ShapeOptModuleBuilder *builder,
    ShapeOptValue placeholder, ShapeOptValue value);

/* A detached operation; its regions become its own. */
ShapeOptOperation
shapeOptModuleBuilderCreateOperation(ShapeOptSession *session,
                                     ShapeOptModuleBuilder *builder,
                                     const ShapeOptOperationState *state);
/* Put a detached `op` at the end of `block`. */
ShapeOptStatus shapeOptModuleBuilderAppendOperation(
    ShapeOptSession *session, ShapeOptModuleBuilder *builder,
    ShapeOptBlock block, ShapeOptOperation op);
ShapeOptValue
shapeOptModuleBuilderGetResult(const ShapeOptModuleBuilder *builder,
                               ShapeOptOperation op, size_t index);

/* The module rooted at the detached op `root`, verified; NULL on failure.
 * Consumes the builder either way. */
ShapeOptModule *shapeOptModuleBuilderFinish(ShapeOptSession *session,
                                            ShapeOptModuleBuilder *builder,
                                            ShapeOptOperation root);

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

/* ----------------------------------------------------------------------
 * Explanations and reports
 * ---------------------------------------------------------------------- */

/* What each function of the module (with a body, in order) requires of
 * its inputs and what it returns, as `shape-opt --explain` prints it,
 * given to `callback` in one piece (`matmul(lhs: [a, b], rhs: [c, d]) ->
 * [a, d]`, then its requirements with their messages). The module is
 * first lowered as `--explain` lowers it (from error-monadic to
 * constrained form; from a later form, the shapes of StableHLO, MHLO and
 * CHLO ops' results reified) and is left in that form. On failure (the
 * lowering failed) the callback is not called. */
ShapeOptStatus shapeOptExplain(ShapeOptSession *session,
                               ShapeOptModule *module,
                               ShapeOptStringCallback callback,
                               void *userData);

/* Run `pipeline` on the module (a textual pipeline, as `-p`) or, when it
 * is empty, lower it to `target` with the default pipelines (as
 * `--lower-to`), and write the HTML report of the run to `path`, as
 * `shape-opt --report=PATH` does: the forms side by side, every pass with
 * its diff, the constraints drawn, the preconditions, and sampled inputs
 * at every stage. `bufferName` is the name the module was parsed under
 * (the report shows that buffer's text); the `numArgs` arguments at
 * `args` (written as for `shapeOptEvaluate`; may be NULL when 0) are tried
 * on every function of as many parameters (`--report-args`). A module of
 * more than 200 functions gets a directory at `path` with an
 * `index.html`. The report is written whether or not the run fails; a
 * failed run (the module as the failing pass left it), a bad pipeline or
 * a report that cannot be written is a failure. */
ShapeOptStatus shapeOptReport(ShapeOptSession *session,
                              ShapeOptModule *module,
                              ShapeOptStringRef bufferName,
                              ShapeOptStringRef pipeline,
                              ShapeOptStage target,
                              const ShapeOptStringRef *args, size_t numArgs,
                              ShapeOptStringRef path);

#ifdef __cplusplus
}
#endif

#endif /* SHAPE_OPT_H */
