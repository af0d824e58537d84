"""The main window: a frame around the catalogue, the list being built, the selected unit and the verdict.

Every edit goes through an undo command; after each one the list is validated
again (well under a millisecond) and every pane refreshes from the result.
The window lays the panes out and edits the list; the list's file
(:mod:`ost.gui.documents`), catalogue imports (:mod:`ost.gui.importing`),
printing (:mod:`ost.gui.printing`) and the menus (:mod:`ost.gui.actions`)
live in their own classes, handed callbacks rather than the window.

The window is built in two steps so that its first paint needs only Qt: the
frame (menus, toolbar, status bar, "Loading the catalogue…") is built by the
constructor from this module, which imports Qt and light helpers only; the
panes (:meth:`MainWindow.build_panes`) import the core models, the
list model, the editor and the catalogue pane. ``ost gui`` paints the frame
first and builds the panes right after; given ``panes_later=False`` (the
default, as tests and tools do) the constructor builds both. A menu action
taken before the panes exist waits for them.

Given the catalogue pane's rows as kept in the database
(:class:`~ost.gui.browse_rows.PaneRows`, read with the standard library),
the frame holds the catalogue pane too (:meth:`MainWindow.show_pane_rows`),
filled and searchable, with the other panes saying they are loading; a
datasheet picked or asked for meanwhile is shown or added once the panes and
the catalogue are there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QItemSelectionModel, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QShowEvent, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ost.gui.actions import Handlers, icon, install_actions
from ost.gui.settings import Settings, default_autosave_dir

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QSpinBox, QTabWidget, QTextBrowser

    from ost.core.armylist import ArmyList
    from ost.core.catalogue import Catalogue
    from ost.core.i18n import Bilingual
    from ost.core.validator import Report, ValidatorOptions
    from ost.gui.autosave import Autosaver
    from ost.gui.browse_rows import PaneRows
    from ost.gui.catalogue_browser import CatalogueBrowser
    from ost.gui.documents import Documents
    from ost.gui.importing import Importer
    from ost.gui.list_model import ArmyListModel
    from ost.gui.list_view import ListView
    from ost.gui.printing import Printer
    from ost.gui.report_view import ReportView
    from ost.gui.settings_dialog import SettingsDialog
    from ost.gui.unit_editor import UnitEditor


def new_army(name: str = "", limit: int | None = 2000) -> ArmyList:
    from ost.core.armylist import ArmyList, Detachment

    return ArmyList(name=name, points_limit=limit, detachments=[Detachment(id="d1")])


#: The narrowest each pane gets: the catalogue (``catalogue_browser.MIN_PANE_WIDTH``, not imported before the
#: first paint), the list, and the unit form with the verdict.
PANE_MIN_WIDTHS = (240, 360, 300)


class MainWindow(QMainWindow):
    #: The catalogue has arrived and the panes show it (after :meth:`catalogue_loaded`).
    catalogue_arrived = Signal()
    #: The list was checked again; carries the new :class:`Report`.
    checked = Signal(object)
    #: Until the window is first shown with its panes (then the splitter's widths are shared once).
    _first_show: bool = True
    #: Called before the window writes the catalogue database: ``ost gui`` sets it to let the catalogue's
    #: snapshot go (:meth:`ost.gui.app.CatalogueLoader.settle`); nothing to do for a catalogue given whole.
    settle_catalogue: Callable[[], object] = staticmethod(lambda: None)

    # Built by :meth:`build_panes` (declared here for the type checker).
    catalogue: Catalogue
    model: ArmyListModel
    autosaver: Autosaver
    browser: CatalogueBrowser
    search: QLineEdit
    list_name: QLineEdit
    limit_box: QSpinBox
    tree: ListView
    editor: UnitEditor
    details: QTextBrowser
    report_view: ReportView
    documents: Documents
    tabs: QTabWidget
    splitter: QSplitter
    right_splitter: QSplitter

    def __init__(
        self,
        catalogue: Catalogue | None,
        *,
        lang: str = "fr",
        db_path: Path | None = None,
        settings: Settings | None = None,
        autosave_dir: Path | None = None,
        panes_later: bool = False,
        rows: PaneRows | None = None,
    ) -> None:
        """The frame; then the panes too unless ``panes_later`` (then the caller runs :meth:`build_panes`).

        ``rows``: the catalogue pane's rows, shown in the frame before the catalogue is loaded.
        """
        super().__init__()
        #: False until the catalogue is there (see :meth:`catalogue_loaded`); actions that need it wait.
        self.catalogue_ready = catalogue is not None
        self._waiting: list[Callable[[], object]] = []
        #: False until :meth:`build_panes` ran; menu actions taken before wait in ``_until_built``.
        self.panes_built = False
        self._until_built: list[Callable[[], object]] = []
        self._given_catalogue = catalogue
        self._importer: Importer | None = None  # (built when first used: see :attr:`importer`)
        self._printer: Printer | None = None
        self._autosave_dir = autosave_dir
        self.lang = lang
        self.settings = settings
        self.db_path = db_path
        self.report: Report | None = None
        self.undo_stack = QUndoStack(self)
        self.resize(1400, 820)
        self.setWindowTitle(f"{self.tr('New list')}[*] — Ost")

        self._build_actions()
        self.catalogue_label = QLabel()
        self.statusBar().addWidget(self.catalogue_label)
        if rows is not None and catalogue is None:
            self._early_browser(rows)
        else:
            loading = QLabel(self.tr("Loading the catalogue…"))
            loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
            # As wide as the panes will need: a window narrower (a small screen, the offscreen platform's
            # 800 px) would otherwise grow when they come, and be laid out and painted whole again.
            loading.setMinimumWidth(sum(PANE_MIN_WIDTHS) + 2 * QSplitter().handleWidth())
            self.setCentralWidget(loading)  # until the panes take its place
        if not self.catalogue_ready:
            self.catalogue_label.setText(self.tr("Loading the catalogue…"))
        if settings is not None and settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(settings.geometry.encode("ascii")))
        self.fit_to_screen()
        if not panes_later:
            self.build_panes()

    def show_pane_rows(self, rows: PaneRows) -> None:
        """Show the catalogue pane from ``rows`` (read before the catalogue) in the frame, until the panes are built.

        ``ost gui`` paints the frame first, then reads the rows and calls this.
        """
        if self.panes_built or hasattr(self, "browser"):
            return
        self._early_browser(rows)
        if self.isVisible():  # shown already: share the width now
            self._first_show = False
            self.share_width()

    def _early_browser(self, rows: PaneRows) -> None:
        """The catalogue pane from ``rows``, beside two "loading" panes the others take the place of."""
        from ost.gui.catalogue_browser import CatalogueBrowser

        self.browser = CatalogueBrowser(None, self.lang, rows=rows)
        self._connect_browser()
        splitter = QSplitter()
        splitter.addWidget(self.browser)
        #: The two notices the panes take the place of (kept: asking the splitter for them costs 8 ms, once).
        self._notices: list[QLabel] = []
        for width in PANE_MIN_WIDTHS[1:]:
            waiting = QLabel(self.tr("Loading the catalogue…"))
            waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
            waiting.setMinimumWidth(width)  # the pane's own (see PANE_MIN_WIDTHS)
            splitter.addWidget(waiting)
            self._notices.append(waiting)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 0)
        self.splitter = splitter
        self.setCentralWidget(splitter)  # its widths are shared when first shown (:meth:`showEvent`)

    def _connect_browser(self) -> None:
        """What the catalogue pane asks runs once the panes are there (the catalogue too, for adding)."""
        self.browser.add_requested.connect(self._with_panes(lambda: self.add_unit))
        self.browser.sheet_selected.connect(self._with_panes(lambda: self._show_sheet))
        self.search = self.browser.search  # the search box, for the Find shortcut and tests

    def build_panes(self) -> None:
        """Import and build the catalogue pane, the list, the unit form and the verdict (once).

        Then the menu actions taken meanwhile run, in the order taken.
        """
        if self.panes_built:
            return
        from PySide6.QtWidgets import QSpinBox, QTextBrowser  # (not needed by the first paint)

        from ost.core.limits import MAX_POINTS
        from ost.core.validator import validate
        from ost.gui import commands
        from ost.gui.autosave import Autosaver
        from ost.gui.catalogue_browser import CatalogueBrowser, empty_catalogue
        from ost.gui.documents import DocumentHooks, Documents
        from ost.gui.list_model import ArmyListModel
        from ost.gui.list_view import ListView
        from ost.gui.report_view import ReportView
        from ost.gui.unit_editor import UnitEditor

        lang, settings = self.lang, self.settings
        catalogue = self._given_catalogue if self._given_catalogue is not None else empty_catalogue()
        self._given_catalogue = None
        self.catalogue = catalogue
        self.undo_stack.cleanChanged.connect(self._update_title)
        self.model = ArmyListModel(catalogue, new_army(self.tr("New list")), lang, self)
        self.model.edited.connect(self._revalidate)
        self.autosaver = Autosaver(self._autosave_dir or default_autosave_dir(), self)

        if not hasattr(self, "browser"):  # else built in the frame, from the rows kept in the database
            self.browser = CatalogueBrowser(catalogue if self.catalogue_ready else None, lang)
            self._connect_browser()

        self.list_name = QLineEdit()
        self.list_name.setPlaceholderText(self.tr("Name of the list"))
        self.list_name.editingFinished.connect(self._name_edited)
        self.limit_box = QSpinBox()
        self.limit_box.setRange(0, MAX_POINTS)  # the bound a list file accepts
        self.limit_box.setSingleStep(250)
        self.limit_box.setSpecialValueText(self.tr("no limit"))
        self.limit_box.setSuffix(self.tr(" pts"))
        # Typing 1750 is one edit (sent on Enter or when the box loses focus), not four.
        self.limit_box.setKeyboardTracking(False)
        self.limit_box.valueChanged.connect(self._limit_edited)

        self.tree = ListView()
        self.tree.setModel(self.model)
        self.tree.size_columns(lang)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.doubleClicked.connect(self._double_clicked)
        self.tree.selectionModel().currentChanged.connect(self._current_unit_changed)
        self.model.rowsInserted.connect(self._rows_inserted)
        self.model.move_requested.connect(self.move_units)
        self.model.add_requested.connect(self.add_units)

        self.editor = UnitEditor(catalogue, lang)
        self.editor.field_requested.connect(
            lambda unit_id, field, value: self.push(commands.SetUnitField(self.model, unit_id, field, value))
        )
        self.editor.option_requested.connect(
            lambda unit_id, option, count: self.push(commands.SetOption(self.model, unit_id, option, count))
        )
        self.editor.kind_requested.connect(
            lambda unit_id, kind, count: self.push(commands.SetKindCount(self.model, unit_id, kind, count))
        )
        self.editor.choice_requested.connect(
            lambda unit_id, group, models, choice, item: self.push(
                commands.ChooseWargear(self.model, unit_id, group, models, choice, item or None)
            )
        )
        self.editor.upgrade_requested.connect(
            lambda unit_id, item, count: self.push(commands.SetUpgrade(self.model, unit_id, item, count))
        )
        self.editor.swap_requested.connect(
            lambda unit_id, item: self.push(commands.SwapUpgrade(self.model, unit_id, item))
        )
        self.editor.reset_wargear_requested.connect(
            lambda unit_id: self.push(commands.ResetWargear(self.model, unit_id))
        )
        self.editor.placeholder_requested.connect(
            lambda unit_id, key, value: self.push(commands.SetPlaceholder(self.model, unit_id, key, value))
        )
        self.details = QTextBrowser()
        self.report_view = ReportView(lang, self.model.words)  # one keyword table for the pane and the tooltips
        self.report_view.units_activated.connect(self.select_units)

        self.documents = Documents(
            DocumentHooks(
                army=lambda: self.army,
                catalogue=lambda: self.catalogue,
                show_army=self._show_army,
                commit_edits=self.commit_pending_edits,
                set_notes=lambda notes: self.push(commands.SetListField(self.model, "notes", notes)),
                check=lambda army: validate(self.catalogue, army, self.validator_options()),
                when_ready=self.when_catalogue_ready,
                exec_dialog=lambda dialog: self.exec_dialog(dialog),
                status=self._status,
            ),
            undo_stack=self.undo_stack,
            autosaver=self.autosaver,
            settings=settings,
            lang=lang,
            dialog_parent=self,
        )
        self.documents.path_changed.connect(self._update_title)
        self.undo_stack.indexChanged.connect(self._stack_moved)

        self._build_layout()
        picked = self.browser.current_sheet_id()
        if picked:  # picked in the frame's catalogue pane, before the panes were there
            self._show_sheet(picked)
        self.documents.reading_changed.connect(self.menu_actions.reading.setEnabled)
        self.panes_built = True
        self._show_catalogue_size()
        self.details.setHtml(self._welcome())
        self.documents.show(self.model.army)
        if self.isVisible():  # built after the first paint: share the width now
            self._first_show = False
            self.share_width()
        waiting, self._until_built = self._until_built, []
        for action in waiting:
            action()

    @property
    def importer(self) -> Importer:
        """The catalogue menu's work (import, rebuild, sources): built when first asked for, with its module."""
        if self._importer is None:
            from ost.gui.importing import Importer, ImportHooks

            self._importer = Importer(
                ImportHooks(
                    db_path=lambda: self.db_path,
                    catalogue=lambda: self.catalogue,
                    set_catalogue=self.set_catalogue,
                    exec_dialog=lambda dialog: self.exec_dialog(dialog),
                    status=self._status,
                    before_write=lambda: self.settle_catalogue(),
                ),
                settings=self.settings,
                lang=self.lang,
                dialog_parent=self,
            )
        return self._importer

    @property
    def printer(self) -> Printer:
        """Print preview and PDF export: built when first asked for, with its module."""
        if self._printer is None:
            from ost.gui.printing import Printer, PrintHooks

            self._printer = Printer(
                PrintHooks(
                    army=lambda: self.army,
                    catalogue=lambda: self.catalogue,
                    report=self.current_report,
                    path=lambda: self.documents.path,
                    exec_dialog=lambda dialog: self.exec_dialog(dialog),
                    status=self._status,
                ),
                settings=self.settings,
                lang=self.lang,
                dialog_parent=self,
            )
        return self._printer

    def _with_panes(self, get: Callable[[], Callable[..., object]]) -> Callable[..., None]:
        """A menu handler that runs ``get()(...)`` now if the panes are built, else once they are."""

        def run(*args: Any) -> None:
            if self.panes_built:
                get()(*args)
            else:
                self._until_built.append(lambda: get()(*args))

        return run

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._first_show and (self.panes_built or hasattr(self, "browser")):
            self._first_show = False  # share the width once; afterwards the user's own split is kept
            self.share_width()

    def share_width(self) -> None:
        """Catalogue a sixth (at least 240 px), details and verdict a quarter (at least 300 px), the list the rest."""
        width = self.splitter.width() or self.width()
        left = max(240, width // 6)
        right = max(300, width // 4)
        self.splitter.setSizes([left, max(360, width - left - right), right])
        if not self.panes_built:  # the frame's catalogue pane beside two notices
            return
        height = self.right_splitter.height() or self.height()
        # the unit form (with its wargear, per model group) 60 %, the verdict and role table the rest (240 px at least)
        form = max(300, min(height * 3 // 5, height - 240))
        self.right_splitter.setSizes([form, max(200, height - form)])

    def fit_to_screen(self) -> None:
        """Keep the window inside the screen's free area (a saved size may come from a larger screen)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        free = screen.availableGeometry()
        if self.isMaximized() or self.isFullScreen():
            return
        frame = self.frameGeometry()
        extra_w = frame.width() - self.width()
        extra_h = frame.height() - self.height()
        width = min(self.width(), free.width() - extra_w)
        height = min(self.height(), free.height() - extra_h)
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        frame = self.frameGeometry()
        x = min(max(frame.x(), free.left()), free.right() - frame.width() + 1)
        y = min(max(frame.y(), free.top()), free.bottom() - frame.height() + 1)
        if (x, y) != (frame.x(), frame.y()):
            self.move(x, y)

    # -- layout and actions ------------------------------------------------------

    def _build_layout(self) -> None:
        from PySide6.QtWidgets import QFrame, QPushButton, QScrollArea, QTabWidget  # (not needed by the first paint)

        header = QHBoxLayout()
        header.addWidget(QLabel(self.tr("List")))
        self.list_name.setMinimumWidth(120)
        header.addWidget(self.list_name, 1)
        header.addWidget(QLabel(self.tr("Limit")))
        header.addWidget(self.limit_box)
        buttons = QHBoxLayout()
        add_det = QPushButton(self.tr("New detachment"))
        add_det.clicked.connect(self.add_detachment)
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(self.remove_selected)
        buttons.addWidget(add_det)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        center = QWidget()
        center_layout = QVBoxLayout(center)
        center_layout.setContentsMargins(0, 0, 0, 0)
        center_layout.addLayout(header)
        center_layout.addWidget(self.tree, 1)
        center_layout.addLayout(buttons)

        self.tabs = QTabWidget()
        editor_area = QScrollArea()  # a long form scrolls rather than making the window taller
        editor_area.setWidget(self.editor)
        editor_area.setWidgetResizable(True)
        editor_area.setFrameShape(QFrame.Shape.NoFrame)
        editor_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tabs.addTab(editor_area, self.tr("Unit"))
        self.tabs.addTab(self.details, self.tr("Datasheet"))
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.tabs)
        right.addWidget(self.report_view)
        right.setSizes([430, 330])
        self.right_splitter = right

        early = getattr(self, "splitter", None)
        if early is not None:  # the frame's: the panes take the place of its "loading" notices
            sizes = early.sizes()
            for at, pane, notice in ((1, center, self._notices[0]), (2, right, self._notices[1])):
                early.insertWidget(at, pane)  # (PySide6's replaceWidget leaves the new pane owned by Python)
                notice.hide()
                notice.setParent(None)
                notice.deleteLater()
            self._notices = []
            center.setMinimumWidth(PANE_MIN_WIDTHS[1])
            right.setMinimumWidth(PANE_MIN_WIDTHS[2])
            early.setCollapsible(0, False)
            early.setCollapsible(1, False)
            early.setSizes(sizes)
            return
        splitter = QSplitter()
        splitter.addWidget(self.browser)
        splitter.addWidget(center)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 0)
        splitter.setCollapsible(0, False)
        splitter.setCollapsible(1, False)
        center.setMinimumWidth(PANE_MIN_WIDTHS[1])
        right.setMinimumWidth(PANE_MIN_WIDTHS[2])
        splitter.setSizes([290, 700, 410])
        self.splitter = splitter
        self._first_show = True
        self.setCentralWidget(splitter)

    def _status(self, message: str, timeout: int = 0) -> None:
        self.statusBar().showMessage(message, timeout)

    def _build_actions(self) -> None:
        """The menus and the toolbar, part of the frame: what they do waits for the panes (:meth:`_with_panes`)."""
        later = self._with_panes
        handlers = Handlers(
            new_list=later(lambda: self.new_list),
            open_dialog=later(lambda: self.documents.open_dialog),
            fill_recent=later(lambda: self.documents.fill_recent),
            check_pasted_list=later(lambda: self.documents.check_pasted_list),
            save=later(lambda: self.documents.save),
            save_as=later(lambda: self.documents.save_as),
            preview=later(lambda: self.printer.preview),
            export=later(lambda: self.printer.export_dialog),
            settings=later(lambda: self.settings_dialog),
            quit=self.close,
            duplicate=later(lambda: self.duplicate_selected),
            copy_as_text=later(lambda: self.copy_as_text),
            remove=later(lambda: self.remove_selected),
            find=later(lambda: self.search.setFocus),
            add_detachment=later(lambda: self.add_detachment),
            reading_report=later(lambda: self.documents.show_reading_report),
            prices_switched=later(lambda: lambda _on: self._revalidate()),
            import_folder=later(lambda: self.importer.import_dialog),
            import_files=later(lambda: lambda: self.importer.import_dialog(files=True)),
            rebuild_catalogue=later(lambda: self.importer.rebuild_catalogue),
            about=self._about,
            when_ready=self.when_catalogue_ready,
        )
        toolbar = self.addToolBar(self.tr("Main toolbar"))
        self.menu_actions = install_actions(self, self.menuBar(), toolbar, self.undo_stack, handlers)

    def _welcome(self) -> str:
        title = self.tr("Welcome to Ost")
        text = self.tr(
            "Browse the unit catalogue on the left, or type a name, a keyword or a faction in the search box. "
            "Select a datasheet to see its profile, weapons, abilities and keywords."
        )
        return f"<h2>{title}</h2><p>{text}</p>"

    def new_list(self) -> None:
        """File ▸ New: a blank list of 2,000 points (after asking about unsaved changes)."""
        self.documents.new_list(new_army(self.tr("New list")))

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # (not needed by the first paint)

        from ost import __version__

        QMessageBox.about(
            self, self.tr("About Ost"), self.tr("Ost %1 — army lists for MAC HAMMER 40K.").replace("%1", __version__)
        )

    # -- the list ----------------------------------------------------------------

    @property
    def army(self) -> ArmyList:
        return self.model.army

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    @property
    def path(self) -> Path | None:
        """The list's own ``.ost`` file (None: never saved, or read from another format)."""
        return self.documents.path

    def _show_army(self, army: ArmyList) -> None:
        """Show ``army`` as a fresh document (the undo history goes); :class:`Documents` calls it."""
        self.undo_stack.clear()
        self.model.set_army(army)
        self.list_name.setText(army.name)
        self.list_name.setCursorPosition(0)  # a long name shows its start, not its end
        self.limit_box.blockSignals(True)
        self.limit_box.setValue(army.points_limit or 0)
        self.limit_box.blockSignals(False)
        self.tree.expandAll()
        self.editor.show_unit(army, None)
        self._update_title()

    def _rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        """A new detachment opens at once; nothing else is re-expanded."""
        if not parent.isValid():
            for row in range(first, last + 1):
                self.tree.setExpanded(self.model.index(row, 0), True)

    def _revalidate(self) -> None:
        from ost.core.validator import validate

        self._sync_header()
        if not self.catalogue_ready:  # checked once the catalogue is there
            self.report_view.show_waiting(self.tr("Loading the catalogue…"))
            self._update_title()
            return
        options = self.validator_options()
        self.report = validate(self.catalogue, self.army, options)
        # The rows, the form and the band table price units as the verdict does (View ▸ List prices).
        self.model.as_priced = self.editor.as_priced = options.as_priced
        self.model.set_report(self.report)
        self.report_view.show_report(self.report, self.army, self.catalogue, as_priced=options.as_priced)
        self.editor.sync()
        self._update_title()
        self.checked.emit(self.report)

    def validator_options(self) -> ValidatorOptions:
        from ost.core.validator import ValidatorOptions

        return ValidatorOptions(
            legends_available=bool(self.settings and self.settings.legends),
            as_priced=self.menu_actions.as_priced.isChecked() if hasattr(self, "actions") else False,
        )

    def current_report(self) -> Report:
        """The verdict shown (worked out now if the list was not checked yet): what every PDF prints."""
        from ost.core.validator import validate

        return self.report or validate(self.catalogue, self.army, self.validator_options())

    def _sync_header(self) -> None:
        """Show the list's name and limit (after an undo, say) without pushing new commands."""
        if not self.list_name.hasFocus() and self.list_name.text() != self.army.name:
            self.list_name.setText(self.army.name)
            self.list_name.setCursorPosition(0)
        limit = self.army.points_limit or 0
        if self.limit_box.value() != limit:
            self.limit_box.blockSignals(True)
            self.limit_box.setValue(limit)
            self.limit_box.blockSignals(False)

    def commit_pending_edits(self) -> None:
        """Turn what is being typed (list name, unit name, placeholder values) into commands.

        Those boxes commit when they lose focus; saving or closing with the
        keyboard happens while they still have it.
        """
        self._name_edited()
        self.limit_box.interpretText()  # a limit typed but not yet confirmed with Enter
        self.editor.commit()

    def _stack_moved(self, _index: int) -> None:
        # Through the window: its connections end as it is destroyed, before the stack's last signal.
        self.documents.edited()

    def _update_title(self) -> None:
        name = self.army.name or self.tr("Untitled list")
        self.setWindowTitle(f"{name}[*] — Ost")
        self.setWindowModified(not self.undo_stack.isClean())

    def current_detachment_id(self) -> str:
        from ost.gui import commands

        index = self.tree.currentIndex()
        detachment = self.model.detachment_at(index)
        if detachment is not None:
            return detachment.id
        if not self.army.detachments:
            self.push(commands.AddDetachment(self.model))
        return self.army.detachments[-1].id

    def add_unit(self, sheet_id: str) -> None:
        from ost.gui import commands

        if not self.catalogue_ready:
            self.when_catalogue_ready(lambda: self.add_unit(sheet_id))
            return
        sheet = self.catalogue.get(sheet_id)
        if sheet is None:
            return
        command = commands.AddUnit(self.model, sheet, self.current_detachment_id())
        self.push(command)
        self.select_units([command.unit.id])

    def add_units(self, sheet_ids: list[str], detachment_id: str = "") -> None:
        """Add datasheets (dragged from the catalogue) to a detachment ("": the current one), one undo step."""
        from ost.gui import commands

        if not self.catalogue_ready:
            self.when_catalogue_ready(lambda: self.add_units(sheet_ids, detachment_id))
            return
        sheets = [sheet for sheet in map(self.catalogue.get, sheet_ids) if sheet is not None]
        if not sheets:
            return
        if self.army.detachment(detachment_id) is None:
            detachment_id = self.current_detachment_id()
        added: list[str] = []
        self.undo_stack.beginMacro(self.tr("Add %n unit(s)", "", len(sheets)))
        for sheet in sheets:
            command = commands.AddUnit(self.model, sheet, detachment_id)
            self.push(command)
            added.append(command.unit.id)
        self.undo_stack.endMacro()
        self.select_units(added)

    def add_detachment(self) -> None:
        from ost.gui import commands

        command = commands.AddDetachment(self.model)
        self.push(command)
        self.tree.setCurrentIndex(self.model.index_of_detachment(command.detachment.id))

    def selected_unit_ids(self) -> list[str]:
        from ost.gui.list_model import COL_NAME

        ids = []
        for index in self.tree.selectionModel().selectedRows(COL_NAME):
            unit = self.model.unit_at(index)
            if unit is not None:
                ids.append(unit.id)
        return ids

    def remove_selected(self) -> None:
        from ost.gui import commands

        unit_ids = self.selected_unit_ids()
        if unit_ids:
            self.undo_stack.beginMacro(self.tr("Remove %n unit(s)", "", len(unit_ids)))
            for unit_id in unit_ids:
                self.push(commands.RemoveUnit(self.model, unit_id))
            self.undo_stack.endMacro()
            return
        current = self.tree.currentIndex()
        if self.model.unit_at(current) is not None:
            return  # a unit row that is current but not selected: nothing to remove
        detachment = self.model.detachment_at(current)
        if detachment is not None:
            self.push(commands.RemoveDetachment(self.model, detachment.id))

    def select_units(self, unit_ids: list[str]) -> None:
        selection = self.tree.selectionModel()
        selection.clearSelection()
        first: QModelIndex | None = None
        for unit_id in unit_ids:
            index = self.model.index_of_unit(unit_id)
            if not index.isValid():
                continue
            selection.select(index, QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)
            first = first or index
        if first is not None:
            selection.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.tree.scrollTo(first)
            self._current_unit_changed(first)

    def _current_unit_changed(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        unit = self.model.unit_at(current)
        self.editor.show_unit(self.army, unit.id if unit else None)
        if unit is not None:
            self.tabs.setCurrentIndex(0)
            self._show_sheet(unit.datasheet, switch=False)

    def _show_sheet(self, sheet_id: str, switch: bool = True) -> None:
        if not self.catalogue_ready:  # picked in the pane before the datasheets are read: shown once they are
            self.details.setHtml(f"<p>{self.tr('Loading the catalogue…')}</p>")
            if switch:
                self.tabs.setCurrentWidget(self.details)
            return
        sheet = self.catalogue.get(sheet_id)
        from ost.gui.datasheet_view import datasheet_html  # with the rules' presenter: on the first datasheet shown

        self.details.setHtml(datasheet_html(sheet, self.catalogue, self.lang) if sheet else self._welcome())
        if switch:
            self.tabs.setCurrentWidget(self.details)

    def _name_edited(self) -> None:
        from ost.gui import commands

        name = self.list_name.text().strip()
        if name != self.army.name:
            self.push(commands.SetListField(self.model, "name", name))

    def move_units(self, unit_ids: list[str], detachment_id: str, row: int) -> None:
        """Move units (dropped in the tree) to ``row`` of a detachment (-1: its end), one undo step."""
        from ost.gui import commands

        if not unit_ids or self.army.detachment(detachment_id) is None:
            return
        self.undo_stack.beginMacro(self.tr("Move %n unit(s)", "", len(unit_ids)))
        for unit_id in unit_ids:
            detachment = self.army.detachment(detachment_id)
            assert detachment is not None
            if row < 0:
                self.push(commands.MoveUnit(self.model, unit_id, detachment_id))
                continue
            current = next((i for i, u in enumerate(detachment.units) if u.id == unit_id), None)
            dest = row - 1 if current is not None and current < row else row
            dest = min(dest, len(detachment.units) - (1 if current is not None else 0))
            self.push(commands.MoveUnit(self.model, unit_id, detachment_id, dest))
            row = dest + 1
        self.undo_stack.endMacro()
        self.select_units(unit_ids)

    def duplicate_selected(self) -> None:
        """Copy each selected unit right after itself (one undo step); the copies become the selection."""
        from ost.gui import commands

        unit_ids = self.selected_unit_ids()
        if not unit_ids:
            unit = self.model.unit_at(self.tree.currentIndex())
            unit_ids = [unit.id] if unit is not None else []
        if not unit_ids:
            self.statusBar().showMessage(self.tr("Select a unit to duplicate."), 5000)
            return
        copies: list[str] = []
        self.undo_stack.beginMacro(self.tr("Duplicate %n unit(s)", "", len(unit_ids)))
        for unit_id in unit_ids:
            command = commands.DuplicateUnit(self.model, unit_id)
            self.push(command)
            copies.append(command.unit.id)
        self.undo_stack.endMacro()
        self.select_units(copies)

    def list_text(self) -> str:
        """The list as text, in the layout Ost (and other builders) read back, priced as the rows are."""
        from ost import services  # with the text formats: loaded when first used

        return services.list_text(self.army, self.catalogue, self.lang, as_priced=self.validator_options().as_priced)

    def copy_as_text(self) -> None:
        QGuiApplication.clipboard().setText(self.list_text())
        self.statusBar().showMessage(self.tr("The list is on the clipboard as text."), 5000)

    def settings_dialog(self) -> SettingsDialog | None:
        from PySide6.QtWidgets import QDialog  # (not needed by the first paint)

        from ost.gui.settings_dialog import SettingsDialog

        if self.settings is None:
            return None
        dialog = SettingsDialog(self.settings, self.catalogue, self)
        if self.exec_dialog(dialog) == QDialog.DialogCode.Accepted:
            dialog.apply()
            self.apply_settings(dialog.disabled_sources())
        return dialog

    def apply_settings(self, disabled_sources: list[str] | None = None) -> None:
        """Use changed settings at once (all but the language, which applies at the next start).

        Sources switched on or off are written to the catalogue database and
        the catalogue is read again, so the browser and the checks follow.
        """
        if disabled_sources is not None and self.importer.switch_sources(disabled_sources):
            return  # the catalogue read back was set, and the list checked against it
        self._revalidate()

    def _limit_edited(self, value: int) -> None:
        from ost.gui import commands

        limit = value or None
        if limit != self.army.points_limit:
            self.push(commands.SetListField(self.model, "points_limit", limit))

    def _double_clicked(self, index: QModelIndex) -> None:
        from PySide6.QtWidgets import QInputDialog  # (not needed by the first paint)

        from ost.gui import commands
        from ost.gui.list_model import COL_NAME

        detachment = self.model.detachment_at(index)
        if detachment is not None and self.model.unit_at(index) is None and index.column() == COL_NAME:
            name, ok = QInputDialog.getText(self, self.tr("Rename detachment"), self.tr("Name"), text=detachment.name)
            if ok and name != detachment.name:
                self.push(commands.RenameDetachment(self.model, detachment.id, name))

    def _context_menu(self, position: QPoint) -> None:
        from ost.gui import commands

        index = self.tree.indexAt(position)
        unit = self.model.unit_at(index)
        menu = QMenu(self)
        if unit is not None:
            move = menu.addMenu(self.tr("Move to"))
            for number, detachment in enumerate(self.army.detachments, start=1):
                label = detachment.name or self.tr("Detachment %1").replace("%1", str(number))
                action = move.addAction(label)
                action.setEnabled(unit not in detachment.units)
                action.triggered.connect(
                    lambda _c=False, d=detachment.id, u=unit.id: self.push(commands.MoveUnit(self.model, u, d))
                )
            menu.addAction(icon("duplicate"), self.tr("Duplicate"), self.duplicate_selected)
            menu.addAction(icon("remove"), self.tr("Remove"), self.remove_selected)
        else:
            menu.addAction(self.tr("New detachment"), self.add_detachment)
            if self.model.detachment_at(index) is not None:
                menu.addAction(self.tr("Remove"), self.remove_selected)
        menu.exec(self.tree.viewport().mapToGlobal(position))

    def when_catalogue_ready(self, action: Callable[[], object]) -> None:
        """Run ``action`` now if the catalogue is loaded, else as soon as it is (in the order asked)."""
        if self.catalogue_ready:
            action()
        else:
            self._waiting.append(action)

    def catalogue_loaded(
        self,
        catalogue: Catalogue,
        db_path: Path | None = None,
        notice: Bilingual | tuple[()] | None = None,
        rows: PaneRows | tuple[()] | None = None,
    ) -> None:
        """The catalogue is read: the panes fill in, the list is checked, the actions that waited run.

        ``notice`` is what opening the database did, shown in the status bar;
        ``rows`` the catalogue pane's rows of ``catalogue`` (else worked out here).
        """
        from ost.core.i18n import Bilingual  # (msgspec: not before the first paints)
        from ost.gui.browse_rows import PaneRows

        self.build_panes()
        self.catalogue_ready = True
        if db_path is not None:
            self.db_path = db_path
        self.set_catalogue(catalogue, rows if isinstance(rows, PaneRows) else None)
        picked = self.browser.current_sheet_id()
        if picked and self.tabs.currentWidget() is self.details:  # its datasheet, now that it can be read
            self._show_sheet(picked, switch=False)
        if isinstance(notice, Bilingual):
            self.statusBar().showMessage(notice(self.lang), 15000)
        waiting, self._waiting = self._waiting, []
        for action in waiting:
            action()
        self.catalogue_arrived.emit()

    def catalogue_failed(self, message: str) -> None:
        """The catalogue cannot be opened: say why; the window stays, without a catalogue."""
        from PySide6.QtWidgets import QMessageBox  # (not needed by the first paint)

        self.build_panes()
        self._waiting = []
        self.catalogue_label.setText(self.tr("No catalogue"))
        self.report_view.show_waiting(self.tr("No catalogue"))
        QMessageBox.critical(self, "Ost", message)

    def _show_catalogue_size(self) -> None:
        if not self.catalogue_ready:
            self.catalogue_label.setText(self.tr("Loading the catalogue…"))
            return
        where = f" — {self.db_path}" if self.db_path else ""
        self.catalogue_label.setText(self.tr("%n datasheet(s) in the catalogue", "", len(self.catalogue)) + where)

    def set_catalogue(self, catalogue: Catalogue, rows: PaneRows | None = None) -> None:
        """Use another catalogue (after an import): every pane refreshes, the list stays.

        ``rows``: the catalogue pane's rows of ``catalogue`` when known (else worked out from it).
        """
        self.catalogue = catalogue
        self.browser.set_catalogue(catalogue, rows)
        self.model.catalogue = catalogue
        self.editor.catalogue = catalogue
        self.editor.show_unit(self.army, self.editor.unit_id)
        self._show_catalogue_size()
        self._revalidate()

    def exec_dialog(self, dialog: QDialog) -> int:
        """Run a modal dialog (a seam the tests replace, since nobody clicks offscreen)."""
        return int(dialog.exec())

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.panes_built and not self.documents.close():
            event.ignore()
            return
        if self.settings is not None:
            self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
            self.settings.save()
        event.accept()
