"""Ctrl-C stops a run: the call raises KeyboardInterrupt within a poll,
instead of running on with the GIL released until the work is done."""

import _thread
import pathlib
import threading
import time

import pytest

import shape_opt

# A function that never returns: the interpreter runs it to its step
# limit (seconds).
ENDLESS = (
    pathlib.Path(__file__).resolve().parents[3] / "tests" / "interp" / "endless-loop.mlir"
).read_text()


def interrupt_main_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_ctrl_c_stops_an_evaluation():
    session = shape_opt.Session()
    module = session.parse(ENDLESS)
    timer = interrupt_main_after(0.2)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        session.evaluate(module, "f", [3])
    timer.join()
    assert time.monotonic() - started < 2.0
    # The session is usable again: the interrupt was cleared.
    module = session.parse(ENDLESS.replace("sge", "slt"))
    assert session.evaluate(module, "f", [3]) == 3


def test_ctrl_c_stops_sampling_in_a_lowering(matmul):
    session = shape_opt.Session(verify_semantics=100000)
    module = session.parse(matmul)
    timer = interrupt_main_after(0.2)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        session.lower(module)
    timer.join()
    assert time.monotonic() - started < 5.0
