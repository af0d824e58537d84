"""The window opened and closed many times in one process: no crash at exit, no reference drained.

PySide6 6.12 on Python 3.11 drops a reference to ``None`` on many calls
(see ``ost.gui``), and a long session then dies at exit with
``Fatal Python error: none_dealloc``. The child process below opens the
window on a real list 30 times, edits it, closes it, and measures the
reference counts of ``None``, ``True`` and ``False`` around each cycle; it
must end with status 0 (a fatal error at exit kills the child with SIGABRT),
and the guard must hold all three (``True`` loses 4 references a cycle).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

pytestmark = pytest.mark.gui

CHILD = r"""
import json, sys
from pathlib import Path
import ost.gui  # the guard
from PySide6.QtWidgets import QApplication
from ost.core.resources import shipped_catalogue_dir
from ost.formats.catalog_source import read_catalogue
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings

cycles, folder, example = int(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
app = QApplication([])
catalogue = read_catalogue(shipped_catalogue_dir())
counts = []
for index in range(cycles):
    before = (sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False))
    window = MainWindow(catalogue, lang="fr" if index % 2 else "en",
                        settings=Settings(path=folder / "s.json"), autosave_dir=folder / f"auto{index}")
    window.show()
    window.documents.open_path(example)
    app.processEvents()
    window.undo_stack.setClean()
    window.autosaver.release()
    window.close()
    window.deleteLater()
    app.processEvents()
    after = (sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False))
    counts.append([a - b for a, b in zip(after, before)])
print(json.dumps({"counts": counts, "pinned": [sys.getrefcount(x) > 2**39 for x in (None, True, False)]}))
"""


def test_opening_and_closing_the_window_30_times_ends_cleanly(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT / "app"),
        "OST_DB": str(tmp_path / "db"),
    }
    example = ROOT / "examples" / "legal" / "space-marines-2000.ost"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "30", str(tmp_path), str(example)],
        capture_output=True,
        text=True,
        env=env,
        timeout=280,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Fatal Python error" not in done.stderr
    measured = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(measured["counts"]) == 30
    if sys.version_info < (3, 12):  # the guard pins None, True and False; 3.12 makes them immortal itself
        assert measured["pinned"] == [True, True, True]
    # What each cycle takes off None and True (after the first, which builds caches): bounded, never growing.
    drained = [(-c[0], -c[1]) for c in measured["counts"][2:]]
    assert max(n for n, _ in drained) < 1000 and max(t for _, t in drained) < 100
