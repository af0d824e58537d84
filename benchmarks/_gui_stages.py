"""One ``ost gui --quit-when-loaded`` start, stamped: when each of its moments came. Run by ``gui.py``.

``python benchmarks/_gui_stages.py SPAWNED DB``: ``SPAWNED`` is the parent's
``time.perf_counter()`` just before it started this process (the same
monotonic clock on Linux), so every moment is counted from the spawn, the
interpreter's start included. The start runs as ``ost gui`` runs it
(:func:`ost.cli.main.main`, given the command line); the window's steps are wrapped, not changed, and
the moments are printed as one JSON object of milliseconds: the frame
built, its first paint, the catalogue pane painted (ready), the other panes
built, the worker's modules imported, the worker's read (its start and end,
on its own thread), the catalogue handed over and the last paint (loaded).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

SPAWNED = float(sys.argv[1])
MOMENTS: dict[str, float] = {}


def stamp(name: str) -> None:
    MOMENTS.setdefault(name, (time.perf_counter() - SPAWNED) * 1000)  # (the first time only)


def stamped(owner: Any, attribute: str, before: str | None, after: str | None) -> None:
    """Wrap ``owner.attribute`` to stamp ``before`` when it is called and ``after`` when it returns."""
    function: Callable[..., Any] = getattr(owner, attribute)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if before:
            stamp(before)
        result = function(*args, **kwargs)
        if after:
            stamp(after)
        return result

    static = isinstance(owner.__dict__.get(attribute), staticmethod)
    setattr(owner, attribute, staticmethod(wrapper) if static else wrapper)


def main() -> int:
    import gc

    gc.disable()  # the imports below are ``ost gui``'s own, made with the collector paused as it pauses it
    from PySide6.QtWidgets import QApplication

    import ost.gui.app as app
    from ost.cli.main import main as ost_main
    from ost.gui.main_window import MainWindow

    gc.freeze()
    gc.enable()

    stamp("imports (Python, PySide6, the frame's modules)")
    stamped(MainWindow, "__init__", None, "frame built")
    painted = QApplication.processEvents

    def process_events(*args: Any) -> None:
        painted(*args)
        stamp("first paint" if "first paint" not in MOMENTS else "catalogue pane painted (ready)")

    QApplication.processEvents = staticmethod(process_events)  # type: ignore[method-assign]
    stamped(MainWindow, "show_pane_rows", "pane rows read", None)
    stamped(MainWindow, "build_panes", None, "other panes built")
    stamped(app, "import_worker_modules", None, "worker's modules imported")
    stamped(app, "read_window_catalogue", "worker started", "worker read the catalogue")
    stamped(MainWindow, "catalogue_loaded", "catalogue handed over", "panes filled")
    sys.argv[1:] = ["--db", sys.argv[2], "gui", "--quit-when-loaded"]
    code = ost_main()  # as the program: its objects frozen out of the collector's sight, as ``ost gui`` does
    stamp("painted with it (loaded)")
    print(json.dumps(MOMENTS))
    return code


if __name__ == "__main__":
    sys.exit(main())
