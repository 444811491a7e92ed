"""The GIL is released while shape-opt works, and taken back for callbacks."""

import sys
import threading

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
