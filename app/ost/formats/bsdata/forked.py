"""One piece of work done in a forked child while the process does the rest: what the import's second core does.

The child is a copy of the process at the fork; it does its work, writes the
result pickled into an anonymous file the two share (a pipe made it wait
for the parent to take its answer 64 KiB at a time, a switch between the
processes each time: tens of megabytes took a quarter of a second on a busy
machine), says so with one byte on a pipe, and ends with ``os._exit`` (no
teardown, no flushing of the parent's buffers). The parent reads the answer
as soon as that byte comes, without waiting for the child's exit (tearing
down a process of several hundred megabytes took tens of milliseconds): the
child is collected later (:meth:`Forked.close`). On the way, the child may
post values (:meth:`Forked.posting`: each catalogue's rows as soon as they are
read), appended to the same file, a byte each, which the parent takes as they
come (:meth:`Forked.post`), so that little is left to pickle at the end.
Anything that goes wrong in it (an exception, a signal, a short or
unreadable answer) makes :meth:`Forked.result` None: the caller does that work
itself, so a failure costs time, never data.

Two processes share out numbered pieces of work through :class:`Claims`: each
takes the next piece no process has taken, so they end together whatever each
piece costs.

Forking is only safe in a process with a single thread (a thread holding a
lock at the fork leaves it held in the child forever): :func:`can_fork` says
whether this is such a process, on a platform that has ``os.fork``.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Generic, TypeVar, cast

T = TypeVar("T")

_SIZE = 8  # bytes of the length sent before the pickle


def can_fork() -> bool:
    """Whether this process may fork: ``os.fork`` exists and only the main thread runs (the CLI, not the window)."""
    return (
        hasattr(os, "fork") and threading.current_thread() is threading.main_thread() and threading.active_count() == 1
    )


def _anonymous_file() -> int:
    """A file descriptor of a new file with no name (in memory where the system can: ``memfd_create``)."""
    if hasattr(os, "memfd_create"):
        with contextlib.suppress(OSError):
            return os.memfd_create("ost-answer", getattr(os, "MFD_CLOEXEC", 0))
    with tempfile.TemporaryFile() as file:  # (its name removed at once on POSIX: a copy of its descriptor keeps it)
        return os.dup(file.fileno())


def _write_answer(fd: int, value: object, at: int = 0) -> int:
    """Write ``value`` pickled into the anonymous file ``fd`` from ``at``, its length first; where it ends."""
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    data = memoryview(len(body).to_bytes(_SIZE, "little") + body)
    done = 0
    while done < len(data):
        done += os.pwrite(fd, data[done:], at + done)
    return at + done


def _read_answer(fd: int, at: int = 0) -> tuple[object, int] | None:
    """What :func:`_write_answer` wrote into ``fd`` from ``at`` and where it ends; None: cut short or unreadable."""
    head = os.pread(fd, _SIZE, at)
    if len(head) < _SIZE:
        return None
    size = int.from_bytes(head, "little")
    if size > os.fstat(fd).st_size - at - _SIZE:  # (a length beyond the file: cut short)
        return None
    data = os.pread(fd, size, at + _SIZE) if size else b""
    if len(data) != size:
        return None
    try:
        return pickle.loads(data), at + _SIZE + size  # written by our own fork (see the module)
    except Exception:
        return None


def cores() -> int:
    """How many processors this process may run on (a second process is no help with one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


#: ``post(value)``: what the child's work calls to hand the parent a value on the way (:meth:`Forked.posting`).
Post = Callable[[object], None]

_POSTED = b"+"  # the byte that says a posted value is in the file
_ANSWERED = b"="  # the byte that says the answer is in the file


class Forked(Generic[T]):
    """``work()`` running in a child process; :meth:`result` waits for its answer (or :meth:`cancel` drops it)."""

    def __init__(self, pid: int, reader: int, ready: int) -> None:
        self._pid: int | None = pid  # None once collected (its number may then be another process's)
        self._reader: int | None = reader  # the shared file of the answer; None once closed
        self._ready: int | None = ready  # the pipe's reading end: a byte per value in the file; None once closed
        self._at = 0  # where the next value starts in the file
        self._answer: tuple[object] | None = None  # the answer, once its byte came
        self._over = False  # no more posts: the answer came, or the child failed

    @classmethod
    def start(cls, work: Callable[[], T]) -> Forked[T] | None:
        """Fork a child that runs ``work``; None when the fork itself fails (the caller does the work)."""
        return cls.posting(lambda post: work())

    @classmethod
    def posting(cls, work: Callable[[Post], T]) -> Forked[T] | None:
        """Fork a child that runs ``work(post)``: each ``post(value)`` reaches :meth:`post` in the parent, in order.

        None when the fork itself fails (the caller does the work).
        """
        try:
            shared = _anonymous_file()
        except OSError:
            return None
        try:
            ready, said = os.pipe()
        except OSError:
            os.close(shared)
            return None
        try:
            pid = os.fork()
        except OSError:
            for fd in (shared, ready, said):
                os.close(fd)
            return None
        if pid == 0:  # the child: never returns
            code = 1
            try:
                os.close(ready)
                written = [0]

                def post(value: object) -> None:
                    written[0] = _write_answer(shared, value, written[0])
                    os.write(said, _POSTED)

                answer = work(post)
                _write_answer(shared, answer, written[0])
                os.write(said, _ANSWERED)
                code = 0
            except BaseException:  # any failure: the parent does the work itself
                pass
            finally:
                os._exit(code)
        os.close(said)
        return cls(pid, shared, ready)

    def post(self, wait: bool = True) -> tuple[object] | None:
        """The child's next posted value, in a 1-tuple; None when there is none to take.

        None: the child answered, failed or ended (no value comes any more), or, with ``wait`` false, none is
        there yet. Each value is taken once, in the order posted.
        """
        while not self._over and self._reader is not None and self._ready is not None:
            if not wait:
                waiting = select.poll()
                waiting.register(self._ready, select.POLLIN)
                if not waiting.poll(0):
                    return None
            said = os.read(self._ready, 1)
            read = _read_answer(self._reader, self._at) if said in (_POSTED, _ANSWERED) else None
            if read is None:
                self._over = True  # ended without its answer, or a value cut short: nothing more is taken
                return None
            value, self._at = read
            if said == _ANSWERED:
                self._over = True
                self._answer = (value,)
                return None
            return (value,)
        return None

    def result(self, wait: bool = True) -> T | None:
        """What ``work()`` returned in the child (posts not taken skipped); None when it failed in any way. Asked once.

        The child is collected here once it has ended. ``wait=False``: the answer is taken as soon as the child
        has written it, without waiting for its exit (collected later by :meth:`close`).
        """
        if self._reader is None:
            raise RuntimeError("the child's answer was read already")
        try:
            while self.post() is not None:
                pass
        finally:
            self._close_files()
        if self._pid is not None:
            with contextlib.suppress(ChildProcessError):
                status = self._collect(0 if wait else os.WNOHANG)
                if status is not None and os.waitstatus_to_exitcode(status) != 0:
                    self._answer = None  # (a child that fails after answering: its answer is not trusted)
        return None if self._answer is None else cast("T", self._answer[0])  # our own child's answer

    def close(self, wait: bool = True) -> None:
        """Collect the child (waiting for its exit once it answered, else ending it first) and close what is open.

        ``wait=False``: a child that answered and has not ended yet is not waited for now (its exit took
        10-45 ms): a later :meth:`close` collects it. Harmless once collected.
        """
        if self._answer is None:
            self.cancel()
            return
        self._close_files()
        if self._pid is not None:
            with contextlib.suppress(ChildProcessError):
                self._collect(0 if wait else os.WNOHANG)

    def cancel(self) -> None:
        """End the child and collect it (the caller stopped: an error, an interruption); harmless once ended."""
        if self._pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                self._collect()
        self._close_files()

    def _close_files(self) -> None:
        for fd in (self._reader, self._ready):
            if fd is not None:
                os.close(fd)
        self._reader = self._ready = None

    def _collect(self, options: int = 0) -> int | None:
        """Wait for the child to end (``os.WNOHANG``: only if it has) and forget its number; its status if it did.

        A child collected elsewhere (:class:`ChildProcessError`) is forgotten too: its number may be another
        process's by now, which :meth:`cancel` must never signal.
        """
        assert self._pid is not None
        try:
            pid, status = os.waitpid(self._pid, options)
        except ChildProcessError:
            self._pid = None
            raise
        if not pid:
            return None
        self._pid = None
        return status


class Claims:
    """Indices handed out in order, each to whichever of two processes asks first (made before the fork).

    A pipe holds them, :data:`_CLAIM` bytes each, all written when it is made
    (its writing end closed at once): a read of that many bytes from a pipe is
    never split between readers, so each index goes to one process only, and
    each process gets its indices in increasing order. A process that dies
    leaves the rest to the other.

    :meth:`left` says how many are left (the bytes still in the pipe, as the
    system counts them): a process with work of its own before the next index
    left does it first, without taking that index from the other. The count
    only falls, so a count read a moment ago never puts the next index too far.
    """

    #: Most indices handed out: their bytes fit the smallest pipe buffer (Linux: 64 KiB; POSIX: 4 KiB is atomic),
    #: so writing them never waits for a reader.
    MOST = 1024

    def __init__(self, indices: Sequence[int] | None) -> None:
        """Hand out ``indices`` (increasing, at most :data:`MOST`, each below 2**32).

        None: they are not known yet; the parent gives them after the fork (:meth:`fill`), the child waits for
        them (:meth:`wait`): made so, the child calls :meth:`child` right after the fork.
        """
        if indices is not None and len(indices) > self.MOST:
            raise ValueError(f"cannot hand out {len(indices)} indices")
        self._reader: int | None
        self._writer: int | None
        self._reader, self._writer = os.pipe()
        if indices is not None:
            self.fill(indices)

    def fill(self, indices: Sequence[int]) -> None:
        """Hand out ``indices`` now, in one write (so a reader never sees part of them), and close the writing end."""
        if len(indices) > self.MOST:
            raise ValueError(f"cannot hand out {len(indices)} indices")
        writer, self._writer = self._writer, None
        assert writer is not None
        try:
            os.write(writer, b"".join(index.to_bytes(_CLAIM, "little") for index in indices))
        finally:
            os.close(writer)

    def child(self) -> None:
        """In the child, right after the fork: close its copy of the writing end (the parent fills the pipe)."""
        if self._writer is not None:
            os.close(self._writer)
            self._writer = None

    def wait(self) -> None:
        """Wait until the parent has handed the indices out (or ended without: then none are left)."""
        if self._reader is not None:  # (poll, not select: select refuses descriptors numbered 1024 and above)
            waiting = select.poll()
            waiting.register(self._reader, select.POLLIN)
            waiting.poll()

    def __iter__(self) -> Iterator[int]:
        """The next index no process has taken, until none is left."""
        while (index := self.take()) is not None:
            yield index

    def take(self) -> int | None:
        """The next index no process has taken; None when none is left."""
        if self._reader is None:
            return None
        data = os.read(self._reader, _CLAIM)
        return int.from_bytes(data, "little") if len(data) == _CLAIM else None

    def left(self) -> int | None:
        """How many indices no process has taken yet (or fewer, a moment later); None when the system cannot say."""
        if self._reader is None:
            return 0
        try:
            import fcntl
            import termios

            count = bytearray(4)
            fcntl.ioctl(self._reader, termios.FIONREAD, count)
        except (ImportError, OSError, AttributeError):
            return None
        return int.from_bytes(count, sys.byteorder) // _CLAIM

    def close(self) -> None:
        """Close the pipe; harmless twice."""
        for fd in (self._reader, self._writer):
            if fd is not None:
                os.close(fd)
        self._reader = self._writer = None


_CLAIM = 4  # bytes of one index in the pipe


class Exchange:
    """Each of two processes hands the other one answer mid-way (made before the fork): :meth:`swap`.

    Each side writes its answer, pickled, into an anonymous file of its own (never waiting for a reader, so
    two sides writing at once never block each other), then one byte into a pipe of its own that says it is
    there; it then waits for the other's byte and reads the other's file. A side that ends without
    answering closes its pipe, and the other's wait ends with None.
    """

    def __init__(self) -> None:
        """Raises ``OSError`` when the files or pipes cannot be made (none is left open then)."""
        opened: list[int] = []
        try:
            for _ in range(2):
                opened.append(_anonymous_file())
            for _ in range(2):
                opened.extend(os.pipe())
        except OSError:
            for descriptor in opened:
                os.close(descriptor)
            raise
        self._files = (opened[0], opened[1])  # the parent's answer, the child's
        #: (reader, writer): the parent's "ready", the child's
        self._pipes = ((opened[2], opened[3]), (opened[4], opened[5]))
        self._open = set(opened)
        self._side: int | None = None

    def side(self, child: bool) -> None:
        """Take one side, right after the fork (``child``: in the child): the other's writing end is closed.

        The parent takes its side even when the fork failed: its :meth:`swap` then gives None.
        """
        self._side = int(child)
        self._close(self._pipes[1 - self._side][1], self._pipes[self._side][0])

    def swap(self, mine: object) -> object | None:
        """Hand ``mine`` to the other side; what the other side handed (None when it ended without answering)."""
        assert self._side is not None
        side, other = self._side, 1 - self._side
        _write_answer(self._files[side], mine)
        try:
            os.write(self._pipes[side][1], b"!")
        except BrokenPipeError:  # the other side has ended (its reading end closed): no answer comes
            return None
        if os.read(self._pipes[other][0], 1) != b"!":
            return None
        answer = _read_answer(self._files[other])
        return None if answer is None else answer[0]  # the other side's answer

    def close(self) -> None:
        """Close what is left open on this side; harmless twice."""
        self._close(*self._open)

    def _close(self, *fds: int) -> None:
        for fd in fds:
            if fd in self._open:
                self._open.discard(fd)
                with contextlib.suppress(OSError):
                    os.close(fd)
