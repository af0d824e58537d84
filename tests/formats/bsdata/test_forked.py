"""The child process of a two-core import (:mod:`ost.formats.bsdata.forked`): its answer, or None on any failure."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from ost.formats.bsdata.forked import Forked, can_fork

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this platform")


class _Unreadable:
    """Pickles fine, fails to unpickle (as a short or damaged answer would)."""

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_refuse, ())


def _refuse() -> None:
    raise ValueError("cannot be read back")


def _run(work: object) -> object:
    child = Forked.start(work)  # type: ignore[arg-type]
    assert child is not None
    return child.result()


def test_the_answer_comes_back_whole_even_larger_than_a_pipe() -> None:
    big = {"texts": [f"datasheet {i}" * 20 for i in range(40_000)], "pid": 0}
    answer = _run(lambda: {**big, "pid": os.getpid()})
    assert isinstance(answer, dict)
    assert answer["texts"] == big["texts"] and answer["pid"] != os.getpid()


def test_any_failure_of_the_child_is_none() -> None:
    def raises() -> None:
        raise RuntimeError("broken")

    def dies() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    def says_nothing() -> None:
        os._exit(0)  # ends well without an answer: a short answer

    def exits_badly() -> int:
        os._exit(3)

    for work in (raises, dies, says_nothing, exits_badly, _Unreadable):
        assert _run(work) is None, work


def test_a_child_cancelled_is_ended_and_collected() -> None:
    child = Forked.start(lambda: threading.Event().wait())
    assert child is not None
    pid = child._pid
    assert pid is not None
    child.cancel()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)
    child.cancel()  # harmless again
    done = Forked.start(lambda: 42)
    assert done is not None and done.result() == 42
    done.cancel()  # once collected, nothing to end (its number may be another process's now)
    with pytest.raises(RuntimeError):
        done.result()


def test_only_a_process_with_one_thread_forks() -> None:
    assert can_fork()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not can_fork()
    finally:
        stop.set()
        other.join()
    seen: list[bool] = []
    thread = threading.Thread(target=lambda: seen.append(can_fork()))
    thread.start()
    thread.join()
    assert seen == [False]
