"""One way to run work off the GUI thread: :class:`BackgroundOp`.

Loading the catalogue, importing BattleScribe data and making a PDF all take
long enough to freeze the window. Each runs as a :class:`BackgroundOp`: a
plain function (no Qt in it) run by its own ``QThread``; its result or its
exception comes back through queued signals, so ``success(result)``,
``failure(exc)`` and ``cancelled()`` are always called on the GUI thread.
Cancelling sets a flag; the work checks it whenever it reports progress
(:meth:`Progress.step`), so a cancelled import stops at its next step and
writes nothing.

The thread belongs to the application, not to the operation: an operation
whose owner goes away while it runs (a window closed while its catalogue
still loads) leaves its thread to finish and delete itself. A thread owned by
the operation was destroyed with it, or whenever Python's collector freed it,
while still running: Qt then aborts the whole process ("QThread: Destroyed
while thread is still running"), which the test suite saw as a worker crash
in whichever test the collector happened to run.

Only plain Python objects cross threads. Results travel in a one-element
tuple: PySide6 mishandles a bare ``None`` sent through a queued signal (see
``ost.gui.__init__``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QThread, Signal, Slot

T = TypeVar("T")


class OperationCancelled(Exception):
    """Raised inside the work when the user cancelled it (the work stops where it is)."""


class Progress:
    """What the work function is handed: report progress, and stop when cancelled."""

    def __init__(self, cancelled: threading.Event, report: Callable[[int, int, str], None]) -> None:
        self._cancelled = cancelled
        self._report = report

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def check(self) -> None:
        """Raise :class:`OperationCancelled` when the user cancelled."""
        if self._cancelled.is_set():
            raise OperationCancelled

    def step(self, done: int, total: int, name: str = "") -> None:
        """Say how far the work is (``done`` of ``total``, on ``name``); stops here when cancelled."""
        self.check()
        self._report(done, total, name)

    __call__ = step  # a Progress is also a progress callback (done, total, name)


class _Runner(QThread):
    """The thread that runs the work and reports through signals (never calls back directly).

    It lives in the GUI thread (its signals reach the operation queued) and is a
    child of the application: only Qt deletes it, once it has finished.
    """

    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    progressed = Signal(int, int, str)

    def __init__(self, work: Callable[[Progress], object], flag: threading.Event, parent: QObject | None) -> None:
        super().__init__(parent)
        self.work = work
        self.flag = flag
        self.finished.connect(self.deleteLater)

    @Slot()
    def stop(self) -> None:
        """Cancel and wait for the work (the application is quitting: a running thread would abort it)."""
        self.flag.set()
        self.quit()
        self.wait()

    def run(self) -> None:
        progress = Progress(self.flag, self.progressed.emit)
        try:
            result = self.work(progress)
            progress.check()
        except OperationCancelled:
            self.cancelled.emit()
        except Exception as exc:  # every failure is handed to the caller, never lost in a dead thread
            self.failed.emit(exc)
        else:
            self.succeeded.emit((result,))


class BackgroundOp(QObject, Generic[T]):
    """``work(progress)`` on a worker thread; exactly one of ``success``, ``failure`` or ``cancelled`` after.

    The callbacks run on the GUI thread (this object lives there). ``done`` is
    emitted after the callback, once the thread has stopped. Keep a reference
    to the operation (or give it a parent) until then.
    """

    done = Signal()

    def __init__(
        self,
        work: Callable[[Progress], T],
        *,
        success: Callable[[T], object],
        failure: Callable[[Exception], object],
        cancelled: Callable[[], object] | None = None,
        progress: Callable[[int, int, str], object] | None = None,
        name: str = "ost-background",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._success = success
        self._failure = failure
        self._cancelled = cancelled
        self._progress = progress
        self._flag = threading.Event()
        self._finished = False
        # The application's child, not this operation's (see the module's docstring).
        self._thread = _Runner(work, self._flag, QCoreApplication.instance())
        self._thread.setObjectName(name)
        # Bound methods of this GUI-thread object: the signals come from the worker thread, the slots run here.
        self._thread.succeeded.connect(self._on_success)
        self._thread.failed.connect(self._on_failure)
        self._thread.cancelled.connect(self._on_cancelled)
        self._thread.progressed.connect(self._on_progress)

    @property
    def running(self) -> bool:
        return not self._finished and self._thread.isRunning()

    @property
    def finished(self) -> bool:
        return self._finished

    def start(self) -> None:
        app = QCoreApplication.instance()
        if app is not None:  # a thread still running when the program ends would abort it
            app.aboutToQuit.connect(self._thread.stop)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the work to stop at its next progress step; ``cancelled`` is called when it has."""
        self._flag.set()

    def wait(self) -> None:
        """Answer events until the operation is over and its callback has run (for a modal step)."""
        if self._finished:
            return
        loop = QEventLoop()
        self.done.connect(loop.quit)
        if not self._finished:
            loop.exec()

    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, name: str) -> None:
        if self._progress is not None and not self._flag.is_set():
            self._progress(done, total, name)

    @Slot(object)
    def _on_success(self, boxed: tuple[T]) -> None:
        self._end(lambda: self._success(boxed[0]))

    @Slot(object)
    def _on_failure(self, exc: Exception) -> None:
        self._end(lambda: self._failure(exc))

    @Slot()
    def _on_cancelled(self) -> None:
        callback = self._cancelled
        self._end(callback if callback is not None else (lambda: None))

    def _end(self, callback: Callable[[], object]) -> None:
        self._thread.quit()
        self._thread.wait()
        self._finished = True
        try:
            callback()
        finally:
            self.done.emit()
