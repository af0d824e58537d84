"""Autosave: unsaved work is written aside every half minute and offered back after a crash.

Each window writes ``<session>.ost`` (the list) and ``<session>.json`` (where
the list came from) in the autosave folder; both go away when the list is
saved or the window closes normally. A window holds ``<session>.lock`` while it
runs, so another running window never mistakes its work for a leftover. Files
of a session whose lock is free belong to a session that ended badly, and the
user is offered to recover them.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer

from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.fileio import atomic_write

INTERVAL_MS = 30_000


@dataclass(frozen=True)
class Recovered:
    army: ArmyList
    original: Path | None
    saved_at: str
    files: tuple[Path, ...]


class Autosaver(QObject):
    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.session = uuid.uuid4().hex[:12]
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self._pending: tuple[ArmyList, Path | None] | None = None
        self.timer.timeout.connect(self.save_now)
        self._lock: QLockFile | None = None

    def _hold_lock(self) -> None:
        if self._lock is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._lock = QLockFile(str(self.folder / f"{self.session}.lock"))
            self._lock.tryLock(0)

    @property
    def list_path(self) -> Path:
        return self.folder / f"{self.session}.ost"

    @property
    def meta_path(self) -> Path:
        return self.folder / f"{self.session}.json"

    def mark_dirty(self, army: ArmyList, original: Path | None) -> None:
        """Remember there is unsaved work; it is written at the next tick."""
        self._pending = (army, original)
        if not self.timer.isActive():
            self.timer.start()

    def save_now(self) -> bool:
        if self._pending is None:
            return False
        army, original = self._pending
        try:
            self._hold_lock()
            atomic_write(self.list_path, listfile.dumps(army).encode("utf-8"))
            meta = {
                "original": str(original) if original else None,
                "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            }
            atomic_write(self.meta_path, json.dumps(meta).encode("utf-8"))
        except OSError:
            return False  # the next tick tries again
        self._pending = None
        return True

    def clear(self) -> None:
        """The work is saved (or knowingly dropped): forget the autosave."""
        self._pending = None
        self.timer.stop()
        for path in (self.list_path, self.meta_path):
            path.unlink(missing_ok=True)

    def release(self) -> None:
        """The window closes: give up the session's lock."""
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def leftovers(self) -> list[Recovered]:
        """Autosaves of sessions that did not end normally (not this one)."""
        found: list[Recovered] = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.ost")):
            if path.stem == self.session or _alive(self.folder, path.stem):
                continue
            meta_path = path.with_suffix(".json")
            try:
                army = listfile.load(path)
            except listfile.ListFileError:
                continue
            original: Path | None = None
            saved_at = ""
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                original = Path(meta["original"]) if meta.get("original") else None
                saved_at = str(meta.get("saved_at", ""))
            except (OSError, ValueError, TypeError, KeyError):
                pass
            found.append(Recovered(army, original, saved_at, (path, meta_path)))
        return found

    @staticmethod
    def discard(recovered: Recovered) -> None:
        for path in recovered.files:
            path.unlink(missing_ok=True)


def _alive(folder: Path, session: str) -> bool:
    """Whether a running Ost window holds ``session``'s lock (a crashed one's lock is stale)."""
    lock = QLockFile(str(folder / f"{session}.lock"))
    lock.setStaleLockTime(0)  # only a lock whose process is gone is stale
    if lock.tryLock(0):
        lock.unlock()
        return False
    return lock.error() == QLockFile.LockError.LockFailedError
