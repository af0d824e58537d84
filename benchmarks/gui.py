"""How fast does the window answer? Run by hand: ``.venv/bin/python benchmarks/gui.py``.

Every figure is printed next to a baseline measured in the same run, and the ratio:

1. Window shown, whole process (``ost gui --quit-when-shown``: start Python,
   build and paint the window with its menus and the catalogue pane saying it
   is loading, exit), against a process that shows a bare PySide6 window.
   Goals: at most 1.5x with the shipped catalogue, 2.5x with 4,000 datasheets.
   Then catalogue ready (``--quit-when-ready``: the same, then open the
   database and read the catalogue on the worker thread, fill and paint the
   panes, exit), against the same bare window. The window no longer waits
   for the catalogue, so the first figure is what the user waits to see the
   program; the second is when the catalogue can be used.
2. An edit on a 60-unit list (a unit's size, through its undo command) until
   the findings and the rows are repainted, with a 4,000-datasheet catalogue:
   median and 95th percentile, against one validation of the same list.
   Goal: median at most 16 ms (one frame).
3. A keystroke in the catalogue search on 4,000 datasheets (filter and
   repaint), against the core's own search over the same catalogue.
   Goal: at most 16 ms.
4. ``ost --version`` against ``python -c pass``. Goal: at most 3x.

Runs on the offscreen Qt platform unless a display is set.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import validate as list_bench  # noqa: E402  (the 60-unit list and the large catalogue)
from ost.core.validator import validate  # noqa: E402
from ost.gui import commands  # noqa: E402
from ost.gui.main_window import MainWindow  # noqa: E402
from ost.gui.settings import Settings  # noqa: E402
from ost.store import CatalogueStore  # noqa: E402

BIG = 4000
BARE_WINDOW = (
    "import sys\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(sys.argv)\n"
    "w = QMainWindow(); w.resize(1400, 820); w.show(); app.processEvents()\n"
)


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def best(command: list[str], env: dict[str, str], repeat: int = 5) -> float:
    timed(command, env)  # warm the disk cache
    return statistics.median(timed(command, env) for _ in range(repeat))


def ratio_line(label: str, value: float, base_label: str, base: float, unit: str = "s", goal: str = "") -> None:
    scale = 1000 if unit == "ms" else 1
    print(
        f"{label:<44} {value * scale:8.2f} {unit}   {base_label} {base * scale:7.2f} {unit}"
        f"   ratio {value / base:5.2f}x  {goal}"
    )


def start_up(tmp: Path, big_catalogue_db: Path) -> None:
    env = {**os.environ, "HOME": str(tmp), "XDG_CONFIG_HOME": str(tmp / "config"), "XDG_DATA_HOME": str(tmp / "d")}
    env["PYTHONPATH"] = str(ROOT / "app")
    shipped_db = tmp / "shipped.sqlite"
    ost = [sys.executable, "-m", "ost"]
    bare = best([sys.executable, "-c", BARE_WINDOW], env)
    for label, db, goal in (("shipped catalogue", shipped_db, 1.5), (f"{BIG} datasheets", big_catalogue_db, 2.5)):
        # The first run builds the shipped database (best() warms up with one run first).
        shown = best([*ost, "--db", str(db), "gui", "--quit-when-shown"], env)
        ready = best([*ost, "--db", str(db), "gui", "--quit-when-ready"], env)
        ratio_line(f"window shown, {label} (process)", shown, "bare window", bare, goal=f"(goal <= {goal}x)")
        ratio_line(f"catalogue ready, {label} (process)", ready, "bare window", bare)
    nothing = best([sys.executable, "-c", "pass"], env)
    version = best([*ost, "--version"], env)
    ratio_line("ost --version", version, "python -c pass", nothing, goal="(goal <= 3x)")


def in_window(tmp: Path) -> Path:
    app = QApplication.instance() or QApplication(sys.argv)
    list_bench.TARGET_DATASHEETS = BIG
    catalogue = list_bench.big_catalogue()
    db = tmp / "big.sqlite"
    with CatalogueStore(db) as store:
        store.replace_all(catalogue)
    army = list_bench.big_list(catalogue)
    window = MainWindow(catalogue, lang="fr", settings=Settings(path=tmp / "s.json"), autosave_dir=tmp / "autosave")
    window.resize(1400, 820)
    window.show()
    window.documents.show(army)
    app.processEvents()
    units = [u for _, u in army.units()]
    validate(catalogue, army)
    per_validation = statistics.median(
        _seconds(lambda: validate(catalogue, army, window.validator_options())) for _ in range(50)
    )
    edits: list[float] = []
    repainted: list[int] = []
    for n in range(60):
        unit = units[n % len(units)]
        size = unit.models + (1 if n % 2 == 0 else -1)
        start = time.perf_counter()
        window.push(commands.SetUnitField(window.model, unit.id, "models", max(1, size)))
        window.undo_stack.setClean()  # keep each edit separate (no merging into the last)
        app.processEvents()
        edits.append(time.perf_counter() - start)
        repainted.append(window.model.last_refresh_rows)
    edits.sort()
    median = statistics.median(edits)
    p95 = edits[int(len(edits) * 0.95) - 1]
    print(f"catalogue: {len(catalogue)} datasheets; list: {army.unit_count()} units")
    ratio_line("edit to repaint, median", median, "one validation", per_validation, "ms", "(goal <= 16 ms)")
    ratio_line("edit to repaint, 95th percentile", p95, "one validation", per_validation, "ms")
    print(f"{'rows repainted per edit (median)':<44} {statistics.median(repainted):8.0f}")

    keystrokes: list[float] = []
    core: list[float] = []
    for word in ("intercessor", "rhino", "capitaine", "necron"):
        for end in range(1, len(word) + 1):
            text = word[:end]
            start = time.perf_counter()
            window.search.setText(text)
            window.browser.apply_filter()  # what the debounce timer runs after the pause
            app.processEvents()
            keystrokes.append(time.perf_counter() - start)
            core.append(_seconds(lambda t=text: catalogue.search(t)))
        window.search.setText("")
        window.browser.apply_filter()
        app.processEvents()
    ratio_line(
        f"search keystroke, {BIG} datasheets, median",
        statistics.median(keystrokes),
        "core search",
        statistics.median(core),
        "ms",
        "(goal <= 16 ms)",
    )
    ratio_line(
        "search keystroke, worst",
        max(keystrokes),
        "core search",
        max(core),
        "ms",
    )
    window.undo_stack.setClean()
    window.close()
    return db


def _seconds(function: object) -> float:
    assert callable(function)
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        db = in_window(tmp)
        start_up(tmp, db)


if __name__ == "__main__":
    main()
