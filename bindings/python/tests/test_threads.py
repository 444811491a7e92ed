"""Threads: the GIL is released while shape-opt works or waits, taken back
for callbacks; a Session and its Modules are shared between threads, which
wait their turn, and a callback that uses its own session is refused."""

import sys
import threading

import pytest

import shape_opt


def many_functions(matmul: str, count: int) -> str:
    """``count`` copies of the matmul library, each under its own names."""
    return "\n".join(
        matmul.replace("@shplib", f"@lib{i}")
        .replace("@matmul", f"@matmul{i}")
        .replace("foo.matmul", f"foo.matmul{i}")
        for i in range(count)
    )


def test_other_threads_run_during_a_lowering(matmul):
    text = many_functions(matmul, 60)
    started = threading.Event()
    finished = []

    def lower():
        started.set()
        shape_opt.lower(text, verify_semantics=True)
        finished.append(True)

    # With a switch interval this long the lowering thread keeps the GIL
    # until it gives it up itself: only the release around the Rust work
    # lets this thread run before the lowering ends.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        worker = threading.Thread(target=lower)
        worker.start()
        started.wait()
        ran_meanwhile = not finished
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert finished == [True]
    assert ran_meanwhile


def test_concurrent_calls_agree(matmul):
    expected = shape_opt.lower(matmul)
    results = []
    stages = []

    def work():
        results.append(shape_opt.lower(matmul, on_stage=lambda s, ir: stages.append(s)))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4
    assert len(stages) == 16


def test_one_session_from_several_threads(matmul):
    session = shape_opt.Session()
    modules = [session.parse(matmul) for _ in range(4)]
    errors = []

    def work(module):
        try:
            session.lower(module)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(m,)) for m in modules]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(m.stage == "std" for m in modules)


def in_threads(count, work):
    """Run ``work(k)`` on ``count`` threads at once; its results by ``k``, or
    the first exception one raised."""
    results = [None] * count
    raised = []
    start = threading.Barrier(count)

    def run(k):
        start.wait()
        try:
            results[k] = work(k)
        except BaseException as e:  # noqa: BLE001 - raised below
            raised.append(e)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if raised:
        raise raised[0]
    return results


def lower_in(session, text, name):
    """What lowering ``text`` in ``session`` gives: the std text, or the
    error it raised (type and text)."""
    try:
        module = session.parse(text, name=name)
        session.lower(module)
        return module.print()
    except shape_opt.DiagnosticError as e:
        return (type(e).__name__, str(e))


def test_eight_threads_share_one_session(examples):
    """Every example, parsed, lowered and printed by 8 threads sharing one
    session (each in another order, so parses meet lowerings), gives what
    one thread gives."""
    names = sorted(examples)

    def lower_all(session, order):
        return {name: lower_in(session, examples[name], name) for name in order}

    expected = lower_all(shape_opt.Session(allow_unregistered_dialects=True), names)
    assert sum(isinstance(v, str) for v in expected.values()) == len(names)
    shared = shape_opt.Session(allow_unregistered_dialects=True)
    results = in_threads(8, lambda k: lower_all(shared, names[k:] + names[:k]))
    assert results == [expected] * 8


def test_threads_change_a_session_while_others_use_it(matmul):
    """Options and declarations change while other threads lower and
    evaluate: each call waits its turn, none fails."""
    session = shape_opt.Session()
    expected = shape_opt.lower(matmul)

    def work(k):
        for i in range(10):
            if k % 2:
                session.verify_semantics = i % 3
                session.declare_pure(f"host{k}.op{i}")
                assert session.allow_unregistered_dialects is False
            else:
                module = session.parse(matmul)
                assert session.evaluate(module, "matmul", [[2, 3], [3, 4]]) == [2, 4]
                session.lower(module)
                assert str(module) == expected
        return True

    assert in_threads(8, work) == [True] * 8


def test_threads_share_one_module(matmul):
    """One module: a thread lowers it stage by stage while others print it,
    read its stage and evaluate it; each sees it between two runs, never
    in the middle of one."""
    session = shape_opt.Session()
    module = session.parse(matmul)
    stages = ["error-monadic", "constrained", "asserting", "std"]
    between = {module.print(): "error-monadic"}
    probe = shape_opt.Session()
    for stage in stages[1:]:
        between[shape_opt.lower(matmul, to=stage)] = stage
    done = threading.Event()

    def work(k):
        if k == 0:
            for stage in stages[1:]:
                session.lower(module, to=stage)
            done.set()
            return []
        seen = []
        while not done.is_set() or len(seen) < 2:
            text = module.print()
            assert text in between
            assert module.stage in stages
            assert session.evaluate(module, "matmul", [[2, 3], [3, 4]]) == [2, 4]
            assert probe.evaluate(probe.parse(text), "matmul", [[2, 3], [3, 4]]) == [2, 4]
            seen.append(between[text])
        return seen

    seen = in_threads(6, work)
    assert module.stage == "std" and str(module) == shape_opt.lower(matmul)
    for observed in seen[1:]:
        # Stages only move forward.
        assert observed == sorted(observed, key=stages.index)


def test_a_thread_waiting_for_a_module_releases_the_gil(matmul):
    """A thread that prints a module another thread is lowering waits
    without the GIL (else the lowering, which takes the GIL for its
    callback, could never end) and prints the lowered module."""
    session = shape_opt.Session()
    module = session.parse(many_functions(matmul, 20))
    printed = []
    printer = threading.Thread(target=lambda: printed.append(module.print()))

    def after_pass(name, ir):
        # The lowering holds the module: the printer starts now and waits.
        if not printer.is_alive() and not printed:
            printer.start()

    session.lower(module, after_pass=after_pass)
    printer.join(timeout=600)
    assert printed == [str(module)]
    assert module.stage == "std"


@pytest.mark.parametrize(
    "reenter",
    [
        lambda session, module: module.print(),
        lambda session, module: module.stage,
        lambda session, module: session.parse("func.func @g() {\n  return\n}\n"),
        lambda session, module: session.lower(session.parse("func.func @g() {\n  return\n}\n")),
        lambda session, module: session.evaluate(module, "matmul", [[2, 3], [3, 4]]),
        lambda session, module: session.run_pipeline(module, "builtin.module(cse)"),
        lambda session, module: session.declare_pure("host."),
        lambda session, module: setattr(session, "verify_semantics", 3),
        lambda session, module: session.verify_semantics,
    ],
    ids=["print", "stage", "parse", "lower-another", "evaluate", "run", "declare", "set", "get"],
)
def test_a_callback_cannot_use_its_own_session(matmul, reenter):
    session = shape_opt.Session()
    module = session.parse(matmul)
    with pytest.raises(shape_opt.ReentrancyError, match="used the session running it"):
        session.lower(module, on_stage=lambda stage, ir: reenter(session, module))
    with pytest.raises(shape_opt.ReentrancyError):
        session.run_pipeline(
            module, "builtin.module(cse)", after_pass=lambda p, ir: reenter(session, module)
        )
    # The run went on, and the session is free again once it ends.
    assert module.stage == "std"
    assert session.evaluate(module, "matmul", [[2, 3], [3, 4]]) == [2, 4]
    assert issubclass(shape_opt.ReentrancyError, RuntimeError)


def test_a_callback_may_use_another_session(matmul):
    outer, inner = shape_opt.Session(), shape_opt.Session()
    module = outer.parse(matmul)
    results = []
    refused = []

    def nested(stage, ir):
        # Inside a callback of `inner`, nested in one of `outer`: both are
        # running, so both are refused.
        for session in (outer, inner):
            try:
                session.parse(ir)
            except shape_opt.ReentrancyError:
                refused.append(stage)

    def on_stage(stage, ir):
        copy = inner.parse(ir)
        results.append(inner.evaluate(copy, "matmul", [[2, 3], [3, 4]]))
        inner.lower(copy, to=stage, on_stage=nested)
        results.append(shape_opt.evaluate(ir, "matmul", [[2, 3], [3, 4]]))

    outer.lower(module, on_stage=on_stage)
    assert results == [[2, 4]] * 8
    assert len(refused) == 8
    # Marks of nested callbacks are undone: both sessions are free again.
    outer.parse(matmul)
    inner.parse(matmul)
