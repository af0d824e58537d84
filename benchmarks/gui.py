"""How fast does the window answer? Run by hand: ``.venv/bin/python benchmarks/gui.py [BSDATA_FOLDER]``.

Every figure is printed next to its floor measured in the same run (rounds
interleaved, medians), with the ratio, the goal and whether it is met. The
catalogue is the full BattleScribe release in ``../shared/bsdata-9e-full``
when present (else the 13-file sample), imported once into a new database
(``OST_BENCH_DB`` names an already imported one to skip that):

1. A keystroke in the catalogue search, typed a letter at a time (words of one
   and two parts, then cleared), in a window holding the catalogue loaded as
   the window loads it: from the text set to the tree repainted, 50th and
   95th percentiles, against "scan + one tree repaint" (the folded texts of
   every datasheet scanned for the words in Python, then the tree's viewport
   repainted) for the same keys. Goal: 95th percentile ≤ 3× the floor's.
2. An edit on a 60-unit list (a unit's size, through its undo command) until
   the findings and the rows are repainted, with a 4,000-datasheet catalogue:
   median and 95th percentile, against one validation of the same list.
   Goal: median at most 16 ms (one frame).
3. Whole processes, against a process showing a bare PySide6 window: the
   window shown (``ost gui --quit-when-shown``: Python started, the frame
   built and painted, its menus and toolbar, exit); the window ready
   (``--quit-when-ready``: the catalogue pane filled from the rows the
   database keeps, painted, its search working: on the first paint, before
   any datasheet model is imported); and, so that nothing hides, the
   catalogue loaded (``--quit-when-loaded``: the other panes built, the
   catalogue read on the worker thread, the panes painted with it: a unit
   can be added). Each exit leaves as soon as its moment is painted, without
   closing the window (closing writes the user's settings, which no start
   waits for). With the shipped catalogue and with the full release,
   each database started once before (as a user's has been: the pane's rows
   are kept by the first start after each write). Goals: shown ≤ 1.5×;
   ready ≤ 1.5× with the shipped catalogue, ≤ 2.5× with the full release;
   the loaded figures are held to the same goals.
4. ``ost --version`` against ``python -c pass``. Goal: ≤ 3×.
5. Where a start to the catalogue loaded spends its time, shipped catalogue
   and full release: the moments of ``ost gui --quit-when-loaded`` stamped
   from the spawn (``_gui_stages.py``: the frame built and painted, the pane
   ready, the other panes built, the worker's read, the hand-over, the last
   paint), medians of the same rounds, each with the step before it. For
   information: no goal.
6. Many starts (``OST_BENCH_STARTS``, 30 unless told) of the window to its
   catalogue loaded, on the full release: none may crash (the panes and the
   worker's modules are imported on the GUI thread, never by two threads at
   once).

Runs on the offscreen Qt platform unless a display is set.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from PySide6.QtCore import QModelIndex  # noqa: E402
from PySide6.QtGui import QStandardItemModel  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import validate as list_bench  # noqa: E402  (the 60-unit list and the large catalogue)
from _measure import ROUNDS, bsdata_folder, compiled, env, interleaved, median, ost, verdict, wall  # noqa: E402
from ost.core.text import fold  # noqa: E402
from ost.core.validator import validate  # noqa: E402
from ost.gui import commands  # noqa: E402
from ost.gui.app import load_catalogue  # noqa: E402
from ost.gui.catalogue_browser import FOLDED_ROLE  # noqa: E402
from ost.gui.main_window import MainWindow  # noqa: E402
from ost.gui.settings import Settings  # noqa: E402

BIG = 4000
BARE_WINDOW = (
    "import sys\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(sys.argv)\n"
    "w = QMainWindow(); w.resize(1400, 820); w.show(); app.processEvents()\n"
)
#: What is typed in the search, a letter at a time, each then cleared.
TYPED = ("intercessor", "rhino", "capitaine", "necron", "space marine", "grey knight")
SEARCH_GOAL = 3.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def folded_texts(items: QStandardItemModel, parent: QModelIndex | None = None) -> list[str]:
    """Every datasheet row's search text (what the filter matches), depth first."""
    parent = parent if parent is not None else QModelIndex()
    texts: list[str] = []
    for row in range(items.rowCount(parent)):
        index = items.index(row, 0, parent)
        text = index.data(FOLDED_ROLE)
        if isinstance(text, str) and text:
            texts.append(text)
        texts.extend(folded_texts(items, index))
    return texts


def search_lag(db: Path, tmp: Path) -> bool:
    """Keystrokes in the search of a window holding the catalogue of ``db``, against scan + one repaint."""
    app = QApplication.instance() or QApplication(sys.argv)
    catalogue, _, _ = load_catalogue(db)  # as the window loads it (collector paused, then frozen)
    window = MainWindow(catalogue, lang="fr", settings=Settings(path=tmp / "s.json"), autosave_dir=tmp / "autosave")
    window.resize(1400, 820)
    window.show()
    app.processEvents()
    browser = window.browser
    texts = folded_texts(browser.items)
    keys = [word[:end] for word in TYPED for end in range(1, len(word) + 1)] + [""]

    def keystroke(text: str) -> float:
        start = time.perf_counter()
        window.search.setText(text)
        browser.apply_filter()  # what the debounce timer runs after the pause
        app.processEvents()
        return time.perf_counter() - start

    def floor(text: str) -> float:
        start = time.perf_counter()
        words = fold(text).split()
        found = [t for t in texts if all(word in t for word in words)]
        browser.tree.viewport().repaint()
        assert len(found) <= len(texts)
        return time.perf_counter() - start

    ours: list[float] = []
    floors: list[float] = []
    for _ in range(3):
        for text in keys:
            ours.append(keystroke(text))
            floors.append(floor(text))
    print(f"search: {len(catalogue)} datasheets, {len(ours)} keystrokes")
    for fraction, label in ((0.5, "50th"), (0.95, "95th")):
        mine, base = percentile(ours, fraction), percentile(floors, fraction)
        print(
            f"search keystroke, {label} percentile: {mine * 1000:.2f} ms | scan + one tree repaint: "
            f"{base * 1000:.2f} ms | {mine / base:.1f}×" + (f" | goal ≤ {SEARCH_GOAL:g}×" if label == "95th" else "")
        )
    met = percentile(ours, 0.95) / percentile(floors, 0.95) <= SEARCH_GOAL
    print(f"search keystroke, worst: {max(ours) * 1000:.1f} ms | {'PASS' if met else 'MISS'}")
    window.undo_stack.setClean()
    window.autosaver.release()
    window.close()
    return met


def edits(tmp: Path) -> bool:
    app = QApplication.instance() or QApplication(sys.argv)
    list_bench.TARGET_DATASHEETS = BIG
    catalogue = list_bench.big_catalogue()
    army = list_bench.big_list(catalogue)
    window = MainWindow(catalogue, lang="fr", settings=Settings(path=tmp / "e.json"), autosave_dir=tmp / "autosave2")
    window.resize(1400, 820)
    window.show()
    window.documents.show(army)
    app.processEvents()
    units = [u for _, u in army.units()]
    validate(catalogue, army)
    per_validation = statistics.median(
        _seconds(lambda: validate(catalogue, army, window.validator_options())) for _ in range(50)
    )
    times: list[float] = []
    repainted: list[int] = []
    for n in range(60):
        unit = units[n % len(units)]
        size = unit.models + (1 if n % 2 == 0 else -1)
        start = time.perf_counter()
        window.push(commands.SetUnitField(window.model, unit.id, "models", max(1, size)))
        window.undo_stack.setClean()  # keep each edit separate (no merging into the last)
        app.processEvents()
        times.append(time.perf_counter() - start)
        repainted.append(window.model.last_refresh_rows)
    print(f"edits: {len(catalogue)} datasheets; list: {army.unit_count()} units")
    met = median(times) <= 0.016
    print(
        f"edit to repaint: median {median(times) * 1000:.2f} ms, "
        f"95th percentile {percentile(times, 0.95) * 1000:.2f} ms | one validation: {per_validation * 1000:.2f} ms"
        f" | goal median ≤ 16 ms | {'PASS' if met else 'MISS'}"
    )
    print(f"rows repainted per edit (median): {statistics.median(repainted):.0f}")
    window.undo_stack.setClean()
    window.autosaver.release()
    window.close()
    return met


def ost_command(*words: str | Path) -> list[str]:
    """``ost WORDS`` as the user types it: the installed ``ost`` script (``python -m ost`` adds runpy, 2-3 ms)."""
    script = Path(sys.executable).parent / "ost"
    return [str(script), *map(str, words)] if script.is_file() else ost(*words)


def start_up(tmp: Path, full_db: Path) -> list[bool]:
    environment = env(HOME=str(tmp), XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "d"))
    shipped_db = tmp / "shipped.sqlite"
    wall(ost("--db", shipped_db, "catalogue", "list"), environment)  # builds the shipped database
    for db in (shipped_db, full_db):  # one start each, as the user's database has had (it keeps the pane's rows)
        wall(ost("--db", db, "gui", "--quit-when-loaded"), environment)

    def run(*words: str | Path) -> Callable[[], float]:
        return lambda: wall(ost_command(*words), environment)

    times = interleaved(
        {
            "bare": lambda: wall([sys.executable, "-c", BARE_WINDOW], environment),
            "shown": run("--db", shipped_db, "gui", "--quit-when-shown"),
            "ready": run("--db", shipped_db, "gui", "--quit-when-ready"),
            "ready full": run("--db", full_db, "gui", "--quit-when-ready"),
            "loaded": run("--db", shipped_db, "gui", "--quit-when-loaded"),
            "loaded full": run("--db", full_db, "gui", "--quit-when-loaded"),
            "pass": lambda: wall([sys.executable, "-c", "pass"], environment),
            "version": run("--version"),
        }
    )
    bare = "bare window"
    return [
        verdict("window shown (process)", times["shown"], times["bare"], 1.5, bare),
        verdict("window ready (pane filled, searchable), shipped catalogue", times["ready"], times["bare"], 1.5, bare),
        verdict("window ready (pane filled, searchable), full release", times["ready full"], times["bare"], 2.5, bare),
        verdict("catalogue loaded (a unit can be added), shipped", times["loaded"], times["bare"], 1.5, bare),
        verdict("catalogue loaded (a unit can be added), full release", times["loaded full"], times["bare"], 2.5, bare),
        verdict("ost --version", times["version"], times["pass"], 3.0, "python -c pass"),
    ]


def stages(tmp: Path, full_db: Path) -> None:
    """Print when each moment of a start to the catalogue loaded comes (ms from the spawn), medians, with each step."""
    environment = env(HOME=str(tmp), XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "d"))
    script = str(ROOT / "benchmarks" / "_gui_stages.py")
    found: dict[str, dict[str, list[float]]] = {}
    for _ in range(ROUNDS):
        for label, db in (("shipped", tmp / "shipped.sqlite"), ("full release", full_db)):
            spawned = time.perf_counter()
            done = subprocess.run(
                [sys.executable, script, repr(spawned), str(db)], env=environment, capture_output=True, text=True
            )
            ended = (time.perf_counter() - spawned) * 1000
            if done.returncode != 0 or not done.stdout.strip():
                print(f"stages, {label}: the start failed: {done.stderr[-500:]}")
                return
            moments = {**json.loads(done.stdout.splitlines()[-1]), "process ended": ended}
            for name, at in moments.items():
                found.setdefault(label, {}).setdefault(name, []).append(at)
    for label, moments in found.items():
        print(f"where a start to the catalogue loaded goes, {label} (ms from the spawn, medians of {ROUNDS}; step):")
        before = 0.0
        for at, name in sorted((median(values), name) for name, values in moments.items()):
            print(f"  {at:6.1f}  (+{at - before:5.1f})  {name}")
            before = at


def many_starts(tmp: Path, full_db: Path) -> bool:
    """Start the window to its catalogue loaded again and again: every start must end cleanly."""
    environment = env(HOME=str(tmp), XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "d"))
    starts = int(os.environ.get("OST_BENCH_STARTS", "30"))
    crashed = 0
    for _ in range(starts):
        done = subprocess.run(
            [str(w) for w in ost("--db", full_db, "gui", "--quit-when-loaded")],
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        crashed += done.returncode != 0 or "Traceback" in done.stderr or "none_dealloc" in done.stderr
    met = crashed == 0
    print(
        f"starts to the catalogue loaded, full release: {starts - crashed}/{starts} clean | {'PASS' if met else 'MISS'}"
    )
    return met


def _seconds(function: object) -> float:
    assert callable(function)
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> int:
    compiled()
    folder = bsdata_folder(sys.argv[1:])
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        given = os.environ.get("OST_BENCH_DB")
        db = Path(given) if given else tmp / "full.sqlite"
        if not given:
            imported = ost("--db", db, "import", "bsdata", "-q", folder)
            subprocess.run(imported, env=env(), check=True, capture_output=True)
        print(f"catalogue: {folder if not given else db}")
        met = [search_lag(db, tmp), edits(tmp), *start_up(tmp, db)]
        stages(tmp, db)
        met.append(many_starts(tmp, db))
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
