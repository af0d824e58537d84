"""One way to run work off the GUI thread: results, failures and cancels come back on the GUI thread."""

from __future__ import annotations

import threading
import time

import pytest
from pytestqt.qtbot import QtBot

from ost.gui.background import BackgroundOp, OperationCancelled, Progress

pytestmark = pytest.mark.gui


def test_the_work_runs_on_another_thread_and_its_result_comes_back_on_the_gui_thread(qtbot: QtBot) -> None:
    gui = threading.get_ident()
    seen: dict[str, object] = {}
    steps: list[tuple[int, int, str]] = []

    def work(progress: Progress) -> int:
        seen["worker"] = threading.get_ident()
        for done in range(3):
            progress.step(done, 3, f"file {done}")
        return 42

    def success(value: int) -> None:
        seen["value"], seen["called on"] = value, threading.get_ident()

    op = BackgroundOp(
        work, success=success, failure=lambda exc: seen.update(failed=exc), progress=lambda *a: steps.append(a)
    )
    op.start()
    op.wait()
    assert op.finished and not op.running
    assert seen["value"] == 42
    assert seen["worker"] != gui and seen["called on"] == gui
    assert steps == [(0, 3, "file 0"), (1, 3, "file 1"), (2, 3, "file 2")]
    assert "failed" not in seen


def test_none_is_a_result_like_any_other(qtbot: QtBot) -> None:
    results: list[object] = []
    op: BackgroundOp[None] = BackgroundOp(lambda _p: None, success=results.append, failure=results.append)
    op.start()
    op.wait()
    assert results == [None]


def test_a_failure_is_handed_over_as_the_exception_itself(qtbot: QtBot) -> None:
    failures: list[Exception] = []
    successes: list[object] = []

    def work(_progress: Progress) -> int:
        raise OSError(2, "No such file", "missing.cat")

    op = BackgroundOp(work, success=successes.append, failure=failures.append)
    op.start()
    op.wait()
    assert successes == []
    assert len(failures) == 1 and isinstance(failures[0], OSError) and failures[0].filename == "missing.cat"


def test_cancel_stops_the_work_at_its_next_step_and_calls_cancelled(qtbot: QtBot) -> None:
    reached: list[int] = []
    told: list[str] = []
    started = threading.Event()

    def work(progress: Progress) -> str:
        for done in range(1000):
            progress.step(done, 1000)
            reached.append(done)
            started.set()
            time.sleep(0.002)
        return "finished"

    op = BackgroundOp(
        work,
        success=lambda _r: told.append("success"),
        failure=lambda _e: told.append("failure"),
        cancelled=lambda: told.append("cancelled"),
    )
    op.start()
    assert started.wait(30)
    op.cancel()
    op.wait()
    assert told == ["cancelled"]
    assert len(reached) < 1000  # stopped early, not run to its end


def test_a_cancel_after_the_last_step_still_counts(qtbot: QtBot) -> None:
    """Work that ignores the flag finishes, but a cancelled result is never handed over."""
    told: list[str] = []
    flag = threading.Event()

    def work(_progress: Progress) -> str:
        flag.wait(30)
        return "late"

    op = BackgroundOp(
        work, success=told.append, failure=lambda _e: told.append("failure"), cancelled=lambda: told.append("cancelled")
    )
    op.start()
    op.cancel()
    flag.set()
    op.wait()
    assert told == ["cancelled"]


def test_progress_check_raises_once_cancelled() -> None:
    flag = threading.Event()
    progress = Progress(flag, lambda *_a: None)
    progress.check()  # not cancelled: nothing happens
    flag.set()
    assert progress.cancelled
    with pytest.raises(OperationCancelled):
        progress.step(1, 2)


_OWNER_GOES_AWAY = """
import gc, threading, time
from PySide6.QtCore import QCoreApplication, QObject, QThread
app = QCoreApplication([])
from ost.gui.background import BackgroundOp
release = threading.Event()
owner = QObject()
op = BackgroundOp(lambda _p: release.wait(10), success=lambda r: None, failure=lambda e: None, parent=owner)
op.start()
del op
owner.deleteLater()  # a window closed while its catalogue still loads
QCoreApplication.sendPostedEvents(None, 0)
del owner
gc.collect()  # the collector may run at any time, in any later test
release.set()
deadline = time.monotonic() + 10
while app.findChildren(QThread) and time.monotonic() < deadline:  # the thread deletes itself once finished
    QCoreApplication.sendPostedEvents(None, 0)
    QCoreApplication.processEvents()
    time.sleep(0.01)
gc.collect()
print("alive" if not app.findChildren(QThread) else "still running")
"""


def test_an_operation_whose_owner_goes_away_while_it_runs_never_aborts_the_process() -> None:
    """The cause of a flaky "worker crashed" in the suite (seen on the print preview test).

    A thread destroyed while it runs makes Qt abort the process; the operation's
    thread used to be destroyed with the operation, or whenever Python's collector
    freed it. Run in its own process: an abort would take pytest down with it.
    """
    import os
    import subprocess
    import sys

    from helpers import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT / "app"), "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-c", _OWNER_GOES_AWAY], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "alive" in run.stdout, run.stderr
    assert "Destroyed while thread" not in run.stderr
