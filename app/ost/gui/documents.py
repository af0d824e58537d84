"""The list's file: new, open (any format Ost reads), save, recent files, autosave and recovery.

:class:`Documents` knows the file the list came from and how it was read; it
shows a list in the window, asks for the current one and edits it only
through the callbacks it is given (:class:`DocumentHooks`), never through
the window itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication, QUndoStack

from ost.core import listfile
from ost.core.armylist import ArmyList, group_by_role
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.core.validator import Report
from ost.gui.autosave import Autosaver
from ost.gui.settings import Settings

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMenu, QWidget

    from ost.formats.lists.reading import ReadingReport
    from ost.gui.dialogs import PastedListDialog, TextListDialog


class DocumentHooks(NamedTuple):
    """What :class:`Documents` may ask of the window."""

    # The list being edited.
    army: Callable[[], ArmyList]
    # The catalogue in use.
    catalogue: Callable[[], Catalogue]
    # Show ``army`` as a fresh document (no undo history).
    show_army: Callable[[ArmyList], object]
    # Turn what is still being typed into commands (before saving or asking to save).
    commit_edits: Callable[[], object]
    # Set the list's notes as an undoable edit (marks recovered work as unsaved).
    set_notes: Callable[[str], object]
    # The verdict on another list (a pasted one), with the window's options.
    check: Callable[[ArmyList], Report]
    # Run now when the catalogue is there, else once it is.
    when_ready: Callable[[Callable[[], object]], object]
    # Run a modal dialog and return its result (the seam the tests answer).
    exec_dialog: Callable[[QDialog], int]
    # A message in the status bar for some milliseconds (0: until replaced).
    status: Callable[[str, int], object]


class Documents(QObject):
    """The file side of the window: the list's path, its reading report, saving and recovering it."""

    # The list shown was read from another format (True) or not (False): the reading report can be shown.
    reading_changed = Signal(bool)
    # The list's file changed (opened, saved as): the title follows.
    path_changed = Signal()

    def __init__(
        self,
        hooks: DocumentHooks,
        *,
        undo_stack: QUndoStack,
        autosaver: Autosaver,
        settings: Settings | None,
        lang: str,
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self.hooks = hooks
        self.undo_stack = undo_stack
        self.autosaver = autosaver
        self.settings = settings
        self.lang = lang
        self.parent_widget = dialog_parent
        # The list's own ``.ost`` file (None: never saved, or read from another format).
        self.path: Path | None = None
        # How the list shown was read from another format (None for an Ost list).
        self.reading: ReadingReport | None = None

    def _folder(self) -> str:
        return (self.settings.last_folder if self.settings else None) or str(Path.home())

    def show(self, army: ArmyList, path: Path | None = None, reading: ReadingReport | None = None) -> None:
        """Show ``army`` as the document, from ``path`` (None: unsaved), read as ``reading`` says."""
        self.path = path
        self.hooks.show_army(army)
        self.set_reading(reading)
        self.path_changed.emit()

    def set_reading(self, reading: ReadingReport | None) -> None:
        self.reading = reading
        self.reading_changed.emit(reading is not None)

    # -- new and open ---------------------------------------------------------------

    def new_list(self, army: ArmyList) -> None:
        if self.maybe_save():
            self.autosaver.clear()
            self.show(army)

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # (dialogs: imported when first used)

        if not self.maybe_save():
            return
        from ost import services  # the services (and the list readers): loaded when a list is first opened

        name, _filter = QFileDialog.getOpenFileName(
            self.parent_widget,
            self.tr("Open a list"),
            self._folder(),
            ";;".join(services.list_file_filters(self.lang)),  # the formats' own table, in the window's language
        )
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        """Open an Ost list, a BattleScribe roster or a pasted-text list (told by content).

        A list read from another format opens as a new, unsaved Ost list, and
        what could not be read is shown to the user. Asked while the catalogue
        is loading, the list opens once it is there (and True is returned).
        """
        opened: list[bool] = []
        self.hooks.when_ready(lambda: opened.append(self._open_now(path)))
        return opened[0] if opened else True

    def _open_now(self, path: Path) -> bool:
        from PySide6.QtWidgets import QMessageBox  # (dialogs: imported when first used)

        from ost import services  # the services (and the list readers): loaded when a list is first opened

        try:
            result = services.read_any(path, self.hooks.catalogue())
        except listfile.ListFileError as exc:
            QMessageBox.warning(self.parent_widget, self.tr("Cannot open the list"), str(exc))
            return False
        self.autosaver.clear()
        native = result.reading.format == "ost"
        if not native:  # the window keeps a list grouped by role (QG, Troupes…); an Ost list keeps its own order
            group_by_role(result.army, self.hooks.catalogue())
        self.show(result.army, path if native else None, None if native else result.reading)
        if self.settings is not None:
            self.settings.add_recent(path)
            self.settings.save()
        if not native and result.reading.problems:
            self.show_reading_report()
        if native:
            self.show_catalogue_changes([note.message for note in result.reading.notes])
        return True

    def show_catalogue_changes(self, mended: Sequence[Bilingual] = ()) -> TextListDialog | None:
        """A saved list opened against a changed catalogue: what changed for its units since it was saved.

        ``mended``: what reading the list changed in it to fit today's catalogue (models of a Devastator
        Squad put onto the kind that now carries their heavy weapon), said after the datasheets' changes.
        """
        from ost.core.changes import catalogue_changes
        from ost.gui.dialogs import TextListDialog

        changes = catalogue_changes(self.hooks.army(), self.hooks.catalogue())
        if not changes and not mended:
            return None
        summary = self.tr(
            "The catalogue changed since this list was saved (%n change(s)); the verdict uses today's catalogue.",
            "",
            len(changes) + len(mended),
        )
        self.hooks.status(summary, 0)
        lines = [change.message(self.lang) for change in changes] + [note(self.lang) for note in mended]
        dialog = TextListDialog(self.tr("Changes since the list was saved"), summary, lines, self.parent_widget)
        self.hooks.exec_dialog(dialog)
        return dialog

    def fill_recent(self, menu: QMenu) -> None:
        menu.clear()
        recent = self.settings.recent if self.settings else []
        for text in recent:
            action = menu.addAction(text)
            action.triggered.connect(lambda _c=False, p=text: self.maybe_save() and self.open_path(Path(p)))
        if not recent:
            menu.addAction(self.tr("(none)")).setEnabled(False)

    def show_reading_report(self) -> TextListDialog | None:
        """How the list in the window was read from another format (Affichage ▸ Rapport de lecture)."""
        from ost.gui.dialogs import TextListDialog, reading_legend

        if self.reading is None:
            return None
        lines = self.reading.lines(self.lang)
        dialog = TextListDialog(self.tr("Reading report"), lines[0], lines[1:], self.parent_widget, reading_legend())
        self.hooks.exec_dialog(dialog)
        return dialog

    def check_pasted_list(self, text: str | None = None) -> PastedListDialog | None:
        """Read the clipboard's text as a list and show it read-only, with its verdict and reading report."""
        from PySide6.QtWidgets import QDialog, QMessageBox  # (dialogs: imported when first used)

        from ost import services
        from ost.gui.dialogs import PastedListDialog

        if text is None:
            text = QGuiApplication.clipboard().text()
        if not text.strip():
            QMessageBox.information(
                self.parent_widget, self.tr("Check a pasted list"), self.tr("The clipboard holds no text.")
            )
            return None
        catalogue = self.hooks.catalogue()
        try:
            result = services.read_pasted(text.encode("utf-8"), self.tr("clipboard"), catalogue)
        except listfile.ListFileError as exc:
            QMessageBox.warning(self.parent_widget, self.tr("Check a pasted list"), str(exc))
            return None
        report = self.hooks.check(result.army)
        dialog = PastedListDialog(catalogue, result.army, report, result.reading, self.lang, self.parent_widget)
        if self.hooks.exec_dialog(dialog) == QDialog.DialogCode.Accepted and self.maybe_save():
            self.autosaver.clear()
            self.show(result.army, None, result.reading)
        return dialog

    # -- save -------------------------------------------------------------------------

    def save(self) -> bool:
        self.hooks.commit_edits()
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        from PySide6.QtWidgets import QFileDialog  # (dialogs: imported when first used)

        suggested = str(Path(self._folder()) / f"{self.hooks.army().name or 'liste'}{listfile.SUFFIX}")
        name, _filter = QFileDialog.getSaveFileName(
            self.parent_widget, self.tr("Save the list"), suggested, self.tr("Ost lists (*.ost)")
        )
        if not name:
            return False
        path = Path(name)
        if path.suffix.lower() != listfile.SUFFIX:
            path = path.with_suffix(listfile.SUFFIX)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        from PySide6.QtWidgets import QMessageBox  # (dialogs: imported when first used)

        self.hooks.commit_edits()
        try:
            listfile.save(self.hooks.army(), path)
        except OSError as exc:
            QMessageBox.critical(self.parent_widget, self.tr("Cannot save the list"), f"{path}: {exc.strerror or exc}")
            return False
        self.path = path
        self.undo_stack.setClean()
        self.autosaver.clear()
        if self.settings is not None:
            self.settings.add_recent(path)
            self.settings.save()
        self.path_changed.emit()
        self.hooks.status(self.tr("Saved to %1").replace("%1", str(path)), 5000)
        return True

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        self.hooks.commit_edits()
        if self.undo_stack.isClean():
            return True
        from PySide6.QtWidgets import QMessageBox  # (dialogs: imported when first used)

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.parent_widget,
            self.tr("Unsaved changes"),
            self.tr("The list “%1” has unsaved changes. Save them?").replace("%1", self.hooks.army().name),
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    # -- autosave -------------------------------------------------------------------------

    def edited(self) -> None:
        """The undo stack moved: autosave unsaved work, forget the autosave of saved work."""
        # The stack moves after a command ran: only now does "clean" tell the truth.
        if self.undo_stack.isClean():
            self.autosaver.clear()
        else:
            self.autosaver.mark_dirty(self.hooks.army(), self.path)

    def recover_autosaves(self) -> None:
        """Offer back lists left by a session that ended badly (called once the window shows).

        Recover reopens the work (and writes it to this session's autosave at
        once); Discard deletes it; anything else (Escape, closing the box)
        keeps it for the next start.
        """
        leftovers = self.autosaver.leftovers()
        if not leftovers and not self.autosaver.set_aside:
            return  # (the usual start: nothing to ask, no dialog class to load)
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        if self.autosaver.set_aside:  # harden: damaged autosaves were moved aside; say so, then offer the rest
            shown = "\n".join(item.message(self.lang) for item in self.autosaver.set_aside)
            self.autosaver.set_aside.clear()
            QMessageBox.warning(self.parent_widget, self.tr("Unsaved changes"), shown)
        for recovered in leftovers:
            where = str(recovered.original) if recovered.original else self.tr("a list never saved")
            answer = QMessageBox.question(
                self.parent_widget,
                self.tr("Recover unsaved work?"),
                self.tr("Ost found unsaved changes to “%1” (%2) from %3. Recover them?")
                .replace("%1", recovered.army.name)
                .replace("%2", where)
                .replace("%3", recovered.saved_at or "?"),
                buttons.Yes | buttons.Discard | buttons.Cancel,
                buttons.Yes,
            )
            if answer == buttons.Yes:
                self.show(recovered.army, recovered.original)
                self.hooks.set_notes(recovered.army.notes)
                self.undo_stack.resetClean()
                self.autosaver.mark_dirty(self.hooks.army(), self.path)
                if self.autosaver.save_now():  # safe in this session's autosave before the old one goes
                    Autosaver.discard(recovered)
                break
            if answer == buttons.Discard:
                Autosaver.discard(recovered)

    def close(self) -> bool:
        """The window closes: False when the user keeps it open; else the autosave goes."""
        if not self.maybe_save():
            return False
        self.autosaver.clear()
        self.autosaver.release()
        return True
