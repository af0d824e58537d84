"""Changing the catalogue from the window: BattleScribe imports, rebuilding the shipped part, source switches.

The import reads, writes and reloads on a worker thread (:class:`BackgroundOp`)
with a progress dialog that can cancel; a cancelled import stops at its next
step, before anything is written, so the catalogue stays exactly as it was.
Everything goes through :mod:`ost.services`, loaded when first used (it
brings the database layer, which the window's first paint does without).
:class:`Importer` hands the new catalogue to a callback; it never reaches
into the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QProgressDialog, QWidget

from ost.core.catalogue import Catalogue
from ost.core.text import elide
from ost.gui.background import BackgroundOp, Progress
from ost.gui.settings import Settings

if TYPE_CHECKING:
    from ost.formats.bsdata import BsImport
    from ost.formats.bsdata.report import BsImportWarning

#: Warnings of an import listed one by one; the rest wait behind a count per file and a button (as in the CLI).
SHOWN_WARNINGS = 30


@dataclass(frozen=True)
class ImportHooks:
    """What :class:`Importer` may ask of the window."""

    # The catalogue database (None: the default one).
    db_path: Callable[[], Path | None]
    # The catalogue in use.
    catalogue: Callable[[], Catalogue]
    # Use this catalogue from now on: every pane refreshes, the list stays.
    set_catalogue: Callable[[Catalogue], object]
    # Run a modal dialog and return its result (the seam the tests answer).
    exec_dialog: Callable[[QDialog], int]
    # A message in the status bar for some milliseconds.
    status: Callable[[str, int], object]
    # Called before the database is written: the catalogue in use lets go of the snapshot it was read in.
    before_write: Callable[[], object] = lambda: None


def import_and_reload(db: Path | None, paths: list[Path], progress: Progress) -> tuple[BsImport, Catalogue]:
    """Read ``paths``, write them to the catalogue database and read it back (the worker thread's part)."""
    from ost import services

    result = services.read_bsdata(paths, progress)  # everything is read before the database is opened
    progress.check()
    with services.open_store(db) as store:
        services.save_import(store, result)
        return result, store.load(light=True)


class Importer(QObject):
    """The catalogue menu's work: import BattleScribe data, rebuild the shipped catalogue, switch sources."""

    def __init__(self, hooks: ImportHooks, *, settings: Settings | None, lang: str, dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.hooks = hooks
        self.settings = settings
        self.lang = lang
        self.parent_widget = dialog_parent
        # The import running now, if any (its progress dialog cancels it).
        self.operation: BackgroundOp[tuple[BsImport, Catalogue]] | None = None

    def import_dialog(self, files: bool = False) -> None:
        folder = (self.settings.last_folder if self.settings else None) or str(Path.home())
        if files:
            names, _filter = QFileDialog.getOpenFileNames(
                self.parent_widget,
                self.tr("BattleScribe files"),
                folder,
                self.tr("BattleScribe data (*.gst *.cat *.gstz *.catz);;All files (*)"),
            )
            paths = [Path(n) for n in names]
        else:
            name = QFileDialog.getExistingDirectory(self.parent_widget, self.tr("Folder of BattleScribe data"), folder)
            paths = [Path(name)] if name else []
        if paths:
            self.import_bsdata(paths)

    def import_bsdata(self, paths: list[Path]) -> bool:
        """Import BattleScribe files on a worker thread, with a progress dialog that can cancel.

        Returns True when the import finished and the window uses the new
        catalogue; False when it failed (the user is told why) or was
        cancelled (the catalogue is unchanged). The window keeps answering
        meanwhile; the warnings of the import are listed at the end.
        """
        progress = QProgressDialog(self.tr("Reading BattleScribe data…"), self.tr("Cancel"), 0, 0, self.parent_widget)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        outcome: list[bool] = []

        def report(done: int, total: int, name: str) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            if name:
                progress.setLabelText(self.tr("Reading %1").replace("%1", name))

        def failed(exc: Exception) -> None:
            outcome.append(False)
            QMessageBox.warning(self.parent_widget, self.tr("Import failed"), str(exc))

        def cancelled() -> None:
            outcome.append(False)
            self.hooks.status(self.tr("Import cancelled: the catalogue is unchanged."), 8000)

        def finished(done: tuple[BsImport, Catalogue]) -> None:
            outcome.append(True)
            self._imported(*done)

        db = self.hooks.db_path()
        self.hooks.before_write()
        operation = BackgroundOp(
            lambda step: import_and_reload(db, paths, step),
            success=finished,
            failure=failed,
            cancelled=cancelled,
            progress=report,
            name="ost-import",
            parent=self,
        )
        self.operation = operation
        progress.canceled.connect(operation.cancel)
        operation.start()
        operation.wait()
        progress.close()
        progress.deleteLater()
        operation.deleteLater()
        self.operation = None
        return bool(outcome and outcome[0])

    def _imported(self, result: BsImport, catalogue: Catalogue) -> None:
        from ost.gui.dialogs import TextListDialog

        self.hooks.set_catalogue(catalogue)
        summary = (
            self.tr("%1 datasheet(s) imported from %2 catalogue(s); %3 warning(s). The catalogue has %4 datasheets.")
            .replace("%1", str(len(result.datasheets)))
            .replace("%2", str(len(result.factions)))
            .replace("%3", str(len(result.warnings)))
            .replace("%4", str(len(catalogue)))
        )
        warnings = [w.message(self.lang) for w in result.warnings]
        shown, rest = warnings[:SHOWN_WARNINGS], warnings[SHOWN_WARNINGS:]
        note = self.more_warnings_note(result.warnings[SHOWN_WARNINGS:]) if rest else ""
        title = self.tr("Import finished")
        dialog = TextListDialog(title, summary, shown, self.parent_widget, more=rest, more_note=note)
        self.hooks.exec_dialog(dialog)

    def more_warnings_note(self, rest: Sequence[BsImportWarning]) -> str:
        """The line standing for the warnings left out: how many, per file (the eight with the most)."""
        from ost.formats.bsdata.report import files_by_warnings

        biggest = files_by_warnings(rest)
        files = ", ".join(f"{elide(Path(path).name, 60)} {count}" for path, count in biggest[:8])
        if len(biggest) > 8:
            files += self.tr(", and %n more file(s)", "", len(biggest) - 8)
        return self.tr("… and %n more warning(s): %1", "", len(rest)).replace("%1", files)

    def rebuild_catalogue(self) -> bool:
        """Rebuild the shipped catalogue from its sources, keeping imported data and overrides."""
        from ost import services
        from ost.formats.yamltext import SourceError
        from ost.store import StoreError

        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.hooks.before_write()
            with services.open_store(self.hooks.db_path()) as store:
                services.rebuild_catalogue(store)
                catalogue = store.load(light=True)
        except (StoreError, SourceError, OSError) as exc:
            QMessageBox.warning(self.parent_widget, self.tr("Cannot rebuild the catalogue"), str(exc))
            return False
        finally:
            QGuiApplication.restoreOverrideCursor()
        self.hooks.set_catalogue(catalogue)
        self.hooks.status(self.tr("Catalogue rebuilt: %n datasheet(s).", "", len(catalogue)), 8000)
        return True

    def switch_sources(self, disabled_sources: list[str]) -> bool:
        """Write the sources' on/off switches to the database and use the catalogue read back.

        Returns False when nothing changed or the database could not be written (the user is told).
        """
        switches = {
            source_id: source_id not in disabled_sources
            for source_id, source in self.hooks.catalogue().sources.items()
            if source.enabled != (source_id not in disabled_sources)
        }
        if not switches:
            return False
        from ost import services
        from ost.store import StoreError

        try:
            self.hooks.before_write()
            with services.open_store(self.hooks.db_path()) as store:
                for source_id, on in switches.items():
                    services.set_source_enabled(store, source_id, on)
                catalogue = store.load(light=True)
        except StoreError as exc:
            QMessageBox.warning(self.parent_widget, self.tr("Cannot switch the sources"), str(exc))
            return False
        self.hooks.set_catalogue(catalogue)
        return True
