"""Killing Ost while it saves never costs a file: 100 kills at random moments of a process saving a list.

A child process saves a list over and over, alternating two versions, and
writes its autosave (list and sidecar) after each save, as the window does.
It is killed (SIGKILL: no clean-up runs) at a random moment. Then:

* the list file is always whole: the old version or the new one;
* the autosave is always readable (list and sidecar), whenever it exists;
* after the next save of each file, no temporary file is left.

Children come from a fork server that has Ost already imported, so each
start costs milliseconds and the whole test stays within seconds.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest

import ost
from helpers import TESTS, ListBuilder, mini_catalogue
from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.fileio import atomic_write, process_gone

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL") or os.name != "posix", reason="needs SIGKILL and fork"),
]

KILLS = 100


def _versions() -> tuple[ArmyList, ArmyList]:
    """Two versions of a list of some size (tens of kilobytes: a save takes a moment to write and flush)."""
    catalogue = mini_catalogue()
    lists = []
    for name, count in (("ancienne", 40), ("nouvelle", 45)):
        b = ListBuilder(catalogue, 100_000, name=name)
        for index in range(count):
            b.add("intercessors" if index % 2 else "tactical")
        lists.append(b.army)
    return lists[0], lists[1]


def saver(folder: str, old: ArmyList, new: ArmyList, started: Any) -> None:
    """The child: save the list, then its autosave, forever (until killed)."""
    from ost.gui.autosave import Autosaver

    target = Path(folder) / "liste.ost"
    autosaver = Autosaver(Path(folder) / "autosave")
    autosaver.session = "child"
    turn = 0
    while True:
        army = new if turn % 2 else old
        listfile.save(army, target)
        autosaver._pending = (army, target)  # what mark_dirty leaves for the timer; written at once here
        autosaver.save_now()
        if turn == 0:
            # Said after the first round, not before it: on a loaded machine a child's first round (lazy
            # imports, cold caches) can outlast every random delay, and no kill would land mid-write.
            started.set()
        turn += 1


def _wait_until_gone(pid: int) -> None:
    """Until the killed process has ended: its files are closed a moment before the kernel marks it ended."""
    for _ in range(10_000):
        if process_gone(pid):
            return
        time.sleep(0.001)
    raise AssertionError(f"process {pid} did not end")


def _temporaries(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.name.endswith(".tmp")]


def test_saves_killed_at_random_moments_never_lose_the_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The fork server is a new interpreter: it must import this Ost and these helpers, not an installed copy.
    here = [str(Path(ost.__file__).resolve().parents[1]), str(TESTS)]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([*here, os.environ.get("PYTHONPATH", "")]))
    old, new = _versions()
    listfile.save(old, tmp_path / "liste.ost")
    expected = {listfile.dumps(old), listfile.dumps(new)}
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["ost.core.listfile", "ost.gui.autosave", "helpers"])
    rng = random.Random(13)
    caught_mid_write = 0
    for _ in range(KILLS):
        started = context.Event()
        child = context.Process(target=saver, args=(str(tmp_path), old, new, started))
        child.start()
        assert started.wait(60), "the saving process did not start"
        time.sleep(rng.uniform(0, 0.03))  # a random moment (the check does not depend on how long it takes)
        os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
        _wait_until_gone(child.pid or 0)
        # The list is the old one or the new one, whole.
        target = tmp_path / "liste.ost"
        assert target.read_text(encoding="utf-8") in expected  # byte for byte one of the two saved versions
        # The autosave, when there is one, reads.
        autosave = tmp_path / "autosave" / "child.ost"
        meta = tmp_path / "autosave" / "child.json"
        if autosave.exists():
            assert listfile.load(autosave).name in ("ancienne", "nouvelle")
        if meta.exists():
            assert isinstance(json.loads(meta.read_text(encoding="utf-8")), dict)
        caught_mid_write += bool(_temporaries(tmp_path))
        # The next save of each file clears what the killed one left behind.
        listfile.save(old, target)
        atomic_write(autosave, listfile.dumps(old).encode("utf-8"))  # (a kill before the first autosave left one too)
        atomic_write(meta, json.dumps({"original": str(target), "saved_at": ""}).encode("utf-8"))
        assert _temporaries(tmp_path) == []
    assert caught_mid_write > 0  # some kills did land in the middle of a write
