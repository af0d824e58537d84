"""The window's menus and toolbar: every action, its shortcut and icon, wired to a handler it is given.

The actions know nothing of the window: :func:`install_actions` takes the
menu bar, the toolbar, the undo stack and a :class:`Handlers` of plain
callables, and returns the few actions the window keeps (:class:`Actions`).
An action that needs the catalogue, taken while it loads, is handed to
``Handlers.when_ready`` and runs once the catalogue is there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QCoreApplication, QObject, QSize
from PySide6.QtGui import QAction, QIcon, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar

from ost.core.resources import resource

if TYPE_CHECKING:
    from ost.gui.printing import What

Handler = Callable[[], object]


def icon(name: str) -> QIcon:
    """One of Ost's toolbar icons (resources/icons, public domain)."""
    return QIcon(str(resource("icons", f"{name}.svg")))


#: Qt's translate: the strings keep the context they had in the window ("MainWindow").
translate = QCoreApplication.translate


class Handlers(NamedTuple):
    """What each action does. ``preview`` and ``export`` take "sheet", "cards" or "report".

    (Named tuples, not frozen dataclasses: making this one as a dataclass cost the window's start 2 ms.)
    """

    new_list: Handler
    open_dialog: Handler
    fill_recent: Callable[[QMenu], object]
    check_pasted_list: Handler
    save: Handler
    save_as: Handler
    preview: Callable[[What], object]
    export: Callable[[What], object]
    settings: Handler
    quit: Handler
    duplicate: Handler
    copy_as_text: Handler
    remove: Handler
    find: Handler
    add_detachment: Handler
    reading_report: Handler
    prices_switched: Callable[[bool], object]
    import_folder: Handler
    import_files: Handler
    rebuild_catalogue: Handler
    about: Handler
    #: Run a handler now if the catalogue is there, else once it is.
    when_ready: Callable[[Handler], object]


class Actions(NamedTuple):
    """The actions the window reads or switches after building them."""

    paste: QAction
    reading: QAction
    as_priced: QAction
    recent_menu: QMenu


def install_actions(
    owner: QObject, menus: QMenuBar, toolbar: QToolBar, undo_stack: QUndoStack, on: Handlers
) -> Actions:
    """Fill ``menus`` and ``toolbar`` (actions owned by ``owner``) and wire them to ``on``."""

    def action(
        text: str,
        slot: Handler,
        shortcut: QKeySequence.StandardKey | str | None = None,
        icon_name: str | None = None,
        *,
        needs_catalogue: bool = False,
    ) -> QAction:
        made = QAction(text, owner)
        if needs_catalogue:
            made.triggered.connect(lambda _checked=False: on.when_ready(slot))
        else:
            made.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            made.setShortcut(QKeySequence(shortcut))
        if icon_name is not None:
            made.setIcon(icon(icon_name))
        return made

    keys = QKeySequence.StandardKey
    file_menu = menus.addMenu(translate("MainWindow", "&File"))
    new = action(translate("MainWindow", "&New list"), on.new_list, keys.New, "new")
    open_ = action(translate("MainWindow", "&Open…"), on.open_dialog, keys.Open, "open")
    file_menu.addAction(new)
    file_menu.addAction(open_)
    recent_menu = file_menu.addMenu(translate("MainWindow", "Open &recent"))
    recent_menu.aboutToShow.connect(lambda: on.fill_recent(recent_menu))
    paste = action(
        translate("MainWindow", "Check a &pasted list"),
        on.check_pasted_list,
        "Ctrl+Shift+V",
        "paste-check",
        needs_catalogue=True,
    )
    file_menu.addAction(paste)
    file_menu.addSeparator()
    save = action(translate("MainWindow", "&Save"), on.save, keys.Save, "save")
    file_menu.addAction(save)
    file_menu.addAction(action(translate("MainWindow", "Save &as…"), on.save_as, keys.SaveAs))
    file_menu.addSeparator()
    preview_menu = file_menu.addMenu(translate("MainWindow", "Print pre&view"))
    preview_sheet = action(
        translate("MainWindow", "Army &sheet"),
        lambda: on.preview("sheet"),
        "Ctrl+Shift+P",
        "preview",
        needs_catalogue=True,
    )
    preview_menu.addAction(preview_sheet)
    preview_menu.addAction(
        action(translate("MainWindow", "Reference &cards"), lambda: on.preview("cards"), needs_catalogue=True)
    )
    preview_menu.addAction(
        action(translate("MainWindow", "Check &report"), lambda: on.preview("report"), needs_catalogue=True)
    )
    export_menu = file_menu.addMenu(translate("MainWindow", "&Export"))
    export_sheet = action(
        translate("MainWindow", "Army &sheet (PDF)…"),
        lambda: on.export("sheet"),
        "Ctrl+P",
        "export-pdf",
        needs_catalogue=True,
    )
    export_menu.addAction(export_sheet)
    export_menu.addAction(
        action(translate("MainWindow", "Reference &cards (PDF)…"), lambda: on.export("cards"), needs_catalogue=True)
    )
    export_menu.addAction(
        action(translate("MainWindow", "Check &report (PDF)…"), lambda: on.export("report"), needs_catalogue=True)
    )
    file_menu.addSeparator()
    settings = action(
        translate("MainWindow", "Se&ttings…"), on.settings, keys.Preferences, "settings", needs_catalogue=True
    )
    if settings.shortcut().isEmpty():
        settings.setShortcut(QKeySequence("Ctrl+,"))
    file_menu.addAction(settings)
    file_menu.addSeparator()
    file_menu.addAction(action(translate("MainWindow", "&Quit"), on.quit, keys.Quit))

    edit_menu = menus.addMenu(translate("MainWindow", "&Edit"))
    undo = undo_stack.createUndoAction(owner, translate("MainWindow", "&Undo"))
    undo.setShortcut(QKeySequence(keys.Undo))
    undo.setIcon(icon("undo"))
    redo = undo_stack.createRedoAction(owner, translate("MainWindow", "&Redo"))
    # Ctrl+Shift+Z everywhere, and the platform's own redo key (Ctrl+Y on Windows) too.
    redo.setShortcuts(list(dict.fromkeys([QKeySequence("Ctrl+Shift+Z"), *QKeySequence.keyBindings(keys.Redo)])))
    redo.setIcon(icon("redo"))
    edit_menu.addAction(undo)
    edit_menu.addAction(redo)
    edit_menu.addSeparator()
    duplicate = action(translate("MainWindow", "&Duplicate the unit"), on.duplicate, "Ctrl+D", "duplicate")
    copy_text = action(
        translate("MainWindow", "&Copy the list as text"),
        on.copy_as_text,
        "Ctrl+Shift+C",
        "copy-text",
        needs_catalogue=True,
    )
    remove = action(translate("MainWindow", "&Remove the selection"), on.remove, keys.Delete, "remove")
    edit_menu.addAction(duplicate)
    edit_menu.addAction(copy_text)
    edit_menu.addAction(remove)
    edit_menu.addSeparator()
    edit_menu.addAction(action(translate("MainWindow", "&Find a datasheet"), on.find, keys.Find))
    edit_menu.addAction(action(translate("MainWindow", "New &detachment"), on.add_detachment))

    view_menu = menus.addMenu(translate("MainWindow", "&View"))
    reading = action(translate("MainWindow", "&Reading report"), on.reading_report)
    reading.setEnabled(False)
    view_menu.addAction(reading)
    as_priced = QAction(translate("MainWindow", "List &prices"), owner)
    as_priced.setCheckable(True)
    as_priced.setToolTip(
        translate(
            "MainWindow",
            "Check with the prices the list states (a tournament's fixed points) instead of the catalogue's",
        )
    )
    as_priced.toggled.connect(on.prices_switched)
    view_menu.addAction(as_priced)

    catalogue_menu = menus.addMenu(translate("MainWindow", "&Catalogue"))
    catalogue_menu.addAction(
        action(translate("MainWindow", "&Import BattleScribe data (folder)…"), on.import_folder, needs_catalogue=True)
    )
    catalogue_menu.addAction(
        action(translate("MainWindow", "Import BattleScribe &files…"), on.import_files, needs_catalogue=True)
    )
    catalogue_menu.addSeparator()
    catalogue_menu.addAction(
        action(translate("MainWindow", "&Rebuild the shipped catalogue"), on.rebuild_catalogue, needs_catalogue=True)
    )

    help_menu = menus.addMenu(translate("MainWindow", "&Help"))
    help_menu.addAction(action(translate("MainWindow", "&About Ost"), on.about))

    toolbar.setObjectName("main-toolbar")
    toolbar.setMovable(False)
    toolbar.setIconSize(QSize(22, 22))
    for item in (new, open_, save, None, undo, redo, None, duplicate, remove, copy_text, None):
        if item is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(item)
    for item in (paste, preview_sheet, export_sheet, None, settings):
        if item is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(item)
    return Actions(paste=paste, reading=reading, as_priced=as_priced, recent_menu=recent_menu)
