"""Autosave: unsaved work is written aside within seconds and offered back after a crash.

Each window writes ``<session>.ost`` (the list) and ``<session>.json`` (the
sidecar: where the list came from, as an absolute path, and when it was
saved) in the autosave folder; both go away when the list is saved or the
window closes normally. A window holds ``<session>.lock`` while it runs, so
another running window never mistakes its work for a leftover. Files of a
session whose lock is free belong to a session that ended badly, and the user
is offered to recover them.

When: :data:`DEBOUNCE_MS` after the last edit, but never later than
:data:`MAX_DELAY_MS` after the first unsaved one (a steady stream of edits
still gets written), and at once when the application loses focus (the user
switches to another program, which is when crashes and power cuts are least
watched).

Damaged files are never fatal: an autosave that does not read as a list, or a
sidecar that is not the expected JSON object, is moved to ``damaged/`` and
reported (:attr:`Autosaver.set_aside`); the other autosaves are still offered.
"""

from __future__ import annotations

import contextlib
import json
import os
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QElapsedTimer, QLockFile, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication

from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.fileio import InputFileError, atomic_write, read_regular
from ost.core.i18n import Bilingual

#: Quiet time after an edit before the autosave is written.
DEBOUNCE_MS = 2_000
#: Longest an unsaved edit waits, however often the user keeps editing.
MAX_DELAY_MS = 5_000
#: Largest sidecar read (it holds two short strings).
MAX_SIDECAR_BYTES = 64 * 1024
DAMAGED = "damaged"


class Recovered(NamedTuple):
    army: ArmyList
    original: Path | None
    saved_at: str
    files: tuple[Path, ...]


class SetAside(NamedTuple):
    """A damaged autosave file, moved to ``moved_to`` so it never hides the others."""

    path: Path
    moved_to: Path | None
    reason: Bilingual

    def message(self, lang: str) -> str:
        where = str(self.moved_to) if self.moved_to else str(self.path)
        said = Bilingual(
            fr="Sauvegarde automatique illisible mise de côté ({where}) : {reason}",
            en="Unreadable autosave set aside ({where}): {reason}",
        )
        return said(lang).format(where=where, reason=self.reason(lang))


class Autosaver(QObject):
    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.session = uuid.uuid4().hex[:12]
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.save_now)
        self._first_edit = QElapsedTimer()
        self._pending: tuple[ArmyList, Path | None] | None = None
        self._lock: QLockFile | None = None
        #: Damaged files found by :meth:`leftovers`, moved aside; the window tells the user.
        self.set_aside: list[SetAside] = []
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._state_changed)

    def _state_changed(self, state: Qt.ApplicationState) -> None:
        if state != Qt.ApplicationState.ApplicationActive and self._pending is not None:
            self.save_now()  # focus lost: write now, not a few seconds later

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
        """Remember there is unsaved work; it is written once editing pauses (see the module's docstring)."""
        if self._pending is None or not self._first_edit.isValid():
            self._first_edit.start()
        self._pending = (army, original)
        waited = self._first_edit.elapsed()
        self.timer.start(max(0, min(DEBOUNCE_MS, MAX_DELAY_MS - waited)))

    def save_now(self) -> bool:
        if self._pending is None:
            return False
        army, original = self._pending
        try:
            self._hold_lock()
            atomic_write(self.list_path, listfile.dumps(army).encode("utf-8"))
            meta = {
                "original": str(Path(os.path.abspath(original))) if original else None,
                "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            }
            atomic_write(self.meta_path, json.dumps(meta).encode("utf-8"))
        except OSError:
            self.timer.start(DEBOUNCE_MS)  # try again a little later
            return False
        self._pending = None
        self._first_edit.invalidate()
        return True

    def clear(self) -> None:
        """The work is saved (or knowingly dropped): forget the autosave."""
        self._pending = None
        self._first_edit.invalidate()
        self.timer.stop()
        for path in (self.list_path, self.meta_path):
            path.unlink(missing_ok=True)

    def release(self) -> None:
        """The window closes: give up the session's lock."""
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def leftovers(self) -> list[Recovered]:
        """Autosaves of sessions that did not end normally (not this one).

        Damaged files are moved to ``damaged/`` and listed in :attr:`set_aside`;
        they never stop the others from being offered.
        """
        found: list[Recovered] = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.ost")):
            if path.stem == self.session or _alive(self.folder, path.stem):
                continue
            meta_path = path.with_suffix(".json")
            try:
                army = listfile.load(path)
            except listfile.ListFileError as exc:
                self._set_aside(path, Bilingual(fr=exc.detail_fr or exc.detail, en=exc.detail))
                if meta_path.exists():
                    self._set_aside(
                        meta_path, Bilingual(fr="accompagne cette sauvegarde", en="goes with that autosave")
                    )
                continue
            original, saved_at = self._sidecar(meta_path)
            found.append(Recovered(army, original, saved_at, (path, meta_path)))
        return found

    def _sidecar(self, path: Path) -> tuple[Path | None, str]:
        """Where the autosaved list came from and when it was saved; a damaged sidecar is set aside."""
        if not path.exists():
            return None, ""
        try:
            meta = json.loads(read_regular(path, MAX_SIDECAR_BYTES).decode("utf-8"))
        except (InputFileError, ValueError, RecursionError) as exc:
            detail = str(exc)[:80]
            self._set_aside(path, Bilingual(fr=f"JSON illisible ({detail})", en=f"not readable JSON ({detail})"))
            return None, ""
        original = meta.get("original") if isinstance(meta, dict) else None
        saved_at = meta.get("saved_at", "") if isinstance(meta, dict) else None
        if not isinstance(meta, dict):
            kind = type(meta).__name__
            problem = Bilingual(fr=f"un objet JSON était attendu, pas {kind}", en=f"expected a JSON object, got {kind}")
        elif original is not None and not (isinstance(original, str) and original and Path(original).is_absolute()):
            problem = Bilingual(
                fr="l'emplacement de la liste n'est pas absolu", en="the list's place is not an absolute path"
            )
        elif not isinstance(saved_at, str):
            problem = Bilingual(fr="l'heure de sauvegarde n'est pas du texte", en="the time of saving is not text")
        else:
            return (Path(original) if original else None), saved_at
        self._set_aside(path, problem)
        return None, ""

    def _set_aside(self, path: Path, reason: Bilingual) -> None:
        target = self.folder / DAMAGED / path.name
        moved: Path | None = target
        try:
            target.parent.mkdir(exist_ok=True)
            os.replace(path, target)
        except OSError:
            moved = None
            with contextlib.suppress(OSError):  # cannot move it: at least do not offer it again
                path.unlink()
        self.set_aside.append(SetAside(path, moved, reason))

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
