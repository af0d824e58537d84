"""Atomic writes clean up after saves that died; what is not a leftover of ours is never touched."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ost.core.fileio import atomic_write, process_gone, stale_temporaries


def _dead_pid() -> int:
    """The id of a process that has ended (and been waited for)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_leftover_of_a_dead_save_is_removed_at_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "liste.ost"
    target.write_bytes(b"old")
    leftover = tmp_path / f".liste.ost.{_dead_pid()}-abcd1234.tmp"
    leftover.write_bytes(b"half a li")
    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert not leftover.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["liste.ost"]


def test_old_style_leftover_is_removed_once_old(tmp_path: Path) -> None:
    target = tmp_path / "liste.ost"
    old = tmp_path / ".liste.ost.k2j3h4.tmp"  # the name earlier versions gave, without a process id
    old.write_bytes(b"x")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    fresh = tmp_path / ".liste.ost.q9w8e7.tmp"
    fresh.write_bytes(b"x")
    atomic_write(target, b"new")
    assert not old.exists()
    assert fresh.exists()  # maybe another Ost saving right now: kept until it is old


def test_a_save_in_progress_elsewhere_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "liste.ost"
    live = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        theirs = tmp_path / f".liste.ost.{live.pid}-zzzz.tmp"
        theirs.write_bytes(b"being written")
        atomic_write(target, b"new")
        assert theirs.exists()
    finally:
        live.communicate(b"")


def test_other_files_are_never_touched(tmp_path: Path) -> None:
    target = tmp_path / "liste.ost"
    dead = _dead_pid()
    keep = [
        tmp_path / f".autre.ost.{dead}-abcd.tmp",  # another file's leftover
        tmp_path / f".liste.ost.{dead}-abcd.bak",  # not a .tmp
        tmp_path / f"liste.ost.{dead}-abcd.tmp",  # not hidden: not ours
    ]
    for path in keep:
        path.write_bytes(b"x")
    (tmp_path / f".liste.ost.{dead}-dir.tmp").mkdir()  # a folder is never removed
    atomic_write(target, b"new")
    assert all(path.exists() for path in keep)
    assert (tmp_path / f".liste.ost.{dead}-dir.tmp").is_dir()


def test_stale_temporaries_lists_only_leftovers(tmp_path: Path) -> None:
    target = tmp_path / "a.ost"
    mine = tmp_path / f".a.ost.{os.getpid()}-x.tmp"  # this process: maybe a save in another thread
    mine.write_bytes(b"")
    dead = tmp_path / f".a.ost.{_dead_pid()}-y.tmp"
    dead.write_bytes(b"")
    assert stale_temporaries(target) == [dead]
    assert sorted(stale_temporaries(target, older_than=-1)) == sorted([mine, dead])


def test_a_write_names_its_temporary_after_the_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def spy(src: str | Path, dst: str | Path) -> None:
        seen.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    atomic_write(tmp_path / "b.ost", b"x")
    assert seen and seen[0].startswith(f".b.ost.{os.getpid()}-") and seen[0].endswith(".tmp")


def test_a_killed_process_not_yet_collected_counts_as_gone(tmp_path: Path) -> None:
    """Ost killed while its parent has not collected it yet (a zombie): its temporary file is a leftover."""
    import signal

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert not process_gone(child.pid)
        child.send_signal(signal.SIGKILL)
        for _ in range(10_000):  # until the kernel has marked it ended (not waited for: it stays a zombie)
            if process_gone(child.pid):
                break
            time.sleep(0.001)
        assert process_gone(child.pid)
        leftover = tmp_path / f".a.ost.{child.pid}-x.tmp"
        leftover.write_bytes(b"")
        assert stale_temporaries(tmp_path / "a.ost") == [leftover]
    finally:
        child.kill()
        child.wait()
