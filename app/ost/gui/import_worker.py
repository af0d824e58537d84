"""The BattleScribe import, run on a worker thread so the window stays responsive.

The worker reads and converts the files, then writes them to the catalogue
database in one transaction and loads the new catalogue, all on its own
thread (with its own database connection). Cancelling is checked at every
step of the reading: a cancelled import raises before anything is written,
so the catalogue is left exactly as it was.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from ost.core.catalogue import Catalogue


class ImportCancelled(Exception):
    """The user cancelled the import before anything was written."""


class ImportWorker(QThread):
    """Reads, writes and loads an import, and reports through signals.

    Emits ``progressed(done, total, name)`` while reading, then exactly one of
    ``finished_import(result, catalogue)``, ``failed(message)`` or ``cancelled()``.
    """

    progressed = Signal(int, int, str)
    finished_import = Signal(object, object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, db_path: Path | None, paths: list[Path], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db_path = db_path
        self.paths = paths
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def _progress(self, done: int, total: int, name: str) -> None:
        if self._cancel.is_set():
            raise ImportCancelled
        self.progressed.emit(done, total, name)

    def run(self) -> None:  # the worker thread
        from ost import services
        from ost.formats.bsdata import read_bsdata  # large package: loaded when an import starts
        from ost.formats.safexml import XmlInputError
        from ost.store import StoreError

        try:
            result: Any = read_bsdata(self.paths, self._progress)
            if self._cancel.is_set():
                raise ImportCancelled
            with services.open_store(self.db_path) as store:
                services.save_import(store, result)
                catalogue: Catalogue = store.load()
        except ImportCancelled:
            self.cancelled.emit()
            return
        except (XmlInputError, StoreError, OSError) as exc:
            self.failed.emit(str(exc))
            return
        self.finished_import.emit(result, catalogue)
