"""Ctrl-C stops a run: the call raises KeyboardInterrupt within a poll,
instead of running on with the GIL released until the work is done."""

import _thread
import threading
import time

import pytest

import shape_opt

# Counts up from its argument for as long as the count is at least the
# argument: the interpreter runs it to its step limit (seconds).
ENDLESS = """
func.func @f(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %a) : (index) -> index {
    %t = arith.cmpi sge, %i, %a : index
    scf.condition(%t) %i : index
  } do {
  ^bb0(%i: index):
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  }
  return %r : index
}
"""


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
