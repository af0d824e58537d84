"""The main window: the catalogue, the list being built, the selected unit and the verdict.

Every edit goes through an undo command; after each one the list is validated
again (well under a millisecond) and every pane refreshes from the result.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEventLoop, QItemSelectionModel, QModelIndex, QPoint, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ost.core import listfile
from ost.core.armylist import ArmyList, Detachment
from ost.core.catalogue import Catalogue
from ost.core.resources import resource
from ost.core.roles import Role
from ost.core.validator import Report, ValidatorOptions, validate
from ost.gui import commands, printing
from ost.gui.autosave import Autosaver
from ost.gui.catalogue_browser import CatalogueBrowser, empty_catalogue
from ost.gui.list_model import COL_GEAR, COL_MARKS, COL_MODELS, COL_NAME, COL_POINTS, COL_ROLE, COL_WITH, ArmyListModel
from ost.gui.report_view import ReportView
from ost.gui.settings import Settings, default_autosave_dir
from ost.gui.unit_editor import UnitEditor

if TYPE_CHECKING:
    from ost.formats.reading import ReadingReport
    from ost.gui.dialogs import PastedListDialog, TextListDialog
    from ost.gui.import_worker import ImportWorker
    from ost.gui.settings_dialog import SettingsDialog

MAX_LIMIT = 100_000


def _icon(name: str) -> QIcon:
    """One of Ost's toolbar icons (resources/icons, public domain)."""
    return QIcon(str(resource("icons", f"{name}.svg")))


def new_army(name: str = "", limit: int | None = 2000) -> ArmyList:
    return ArmyList(name=name, points_limit=limit, detachments=[Detachment(id="d1")])


class ListView(QTreeView):
    """The list's tree: the unit name takes the room left, but never less than a readable width.

    (A stretched column shrinks to nothing in a narrow window.) When the view
    is too narrow for every column, the "with" and then the wargear columns
    step aside (both are in the unit form and the row's tooltip), then the
    view scrolls sideways; the names stay whole. In a wide view the name
    takes what it needs and the wargear and "with" columns share the rest.
    """

    MIN_NAME_WIDTH = 210
    #: The columns' widths before the view shares out its width (set from the font by the window).
    base_widths: dict[int, int]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_name_column()

    def fit_name_column(self) -> None:
        header = self.header()
        base = getattr(self, "base_widths", None) or {c: header.sectionSize(c) for c in range(1, header.count())}
        width = self.viewport().width()
        shown = [c for c in range(1, header.count()) if c in base]
        for column in (COL_WITH, COL_GEAR):  # the first to step aside in a narrow view
            if width - sum(base[c] for c in shown) >= self.MIN_NAME_WIDTH:
                break
            shown.remove(column)
        for column in range(1, header.count()):
            if self.isColumnHidden(column) != (column not in shown):
                self.setColumnHidden(column, column not in shown)
        spare = width - sum(base[c] for c in shown)
        # Width beyond a readable name: the wargear (the longest texts) three shares, "with" two, the name one.
        shares = {c: n for c, n in ((COL_GEAR, 3), (COL_WITH, 2)) if c in shown}
        share = 0
        if spare > self.MIN_NAME_WIDTH and shares:
            share = (spare - self.MIN_NAME_WIDTH) // (sum(shares.values()) + 1)
        for column in shown:
            header.resizeSection(column, base[column] + share * shares.get(column, 0))
        header.resizeSection(COL_NAME, max(self.MIN_NAME_WIDTH, spare - share * sum(shares.values())))


class MainWindow(QMainWindow):
    #: The catalogue has arrived and the panes show it (after :meth:`catalogue_loaded`).
    catalogue_arrived = Signal()
    #: Until the window is first shown (then the splitter's widths are shared once).
    _first_show: bool = True

    def __init__(
        self,
        catalogue: Catalogue | None,
        *,
        lang: str = "fr",
        db_path: Path | None = None,
        settings: Settings | None = None,
        autosave_dir: Path | None = None,
    ) -> None:
        super().__init__()
        #: False until the catalogue is there (see :meth:`catalogue_loaded`); actions that need it wait.
        self.catalogue_ready = catalogue is not None
        self._waiting: list[Callable[[], object]] = []
        if catalogue is None:
            catalogue = empty_catalogue()
        self.catalogue = catalogue
        self.lang = lang
        self.settings = settings
        self.path: Path | None = None
        self.report: Report | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._update_title)
        self.undo_stack.indexChanged.connect(self._stack_moved)
        self.model = ArmyListModel(catalogue, new_army(self.tr("New list")), lang, self)
        self.model.edited.connect(self._revalidate)
        self.autosaver = Autosaver(autosave_dir or default_autosave_dir(), self)
        self.resize(1400, 820)

        self.browser = CatalogueBrowser(catalogue if self.catalogue_ready else None, lang)
        self.browser.add_requested.connect(self.add_unit)
        self.browser.sheet_selected.connect(self._show_sheet)
        self.search = self.browser.search  # the search box, for the Find shortcut and tests

        self.list_name = QLineEdit()
        self.list_name.setPlaceholderText(self.tr("Name of the list"))
        self.list_name.editingFinished.connect(self._name_edited)
        self.limit_box = QSpinBox()
        self.limit_box.setRange(0, MAX_LIMIT)
        self.limit_box.setSingleStep(250)
        self.limit_box.setSpecialValueText(self.tr("no limit"))
        self.limit_box.setSuffix(self.tr(" pts"))
        # Typing 1750 is one edit (sent on Enter or when the box loses focus), not four.
        self.limit_box.setKeyboardTracking(False)
        self.limit_box.valueChanged.connect(self._limit_edited)

        self.tree = ListView()
        self.tree.setModel(self.model)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setUniformRowHeights(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.tree.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.tree.setDropIndicatorShown(True)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.doubleClicked.connect(self._double_clicked)
        self.tree.selectionModel().currentChanged.connect(self._current_unit_changed)
        self.model.rowsInserted.connect(self._rows_inserted)
        self.model.move_requested.connect(self.move_units)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(24)
        # Fixed widths from the font, not ResizeToContents (which measures every row on every change).
        metrics = self.tree.fontMetrics()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        longest_role = max((role.label(lang) for role in Role), key=metrics.horizontalAdvance)
        self.tree.base_widths = {}
        for column, sample in (
            (COL_MODELS, "10 unités"),
            (COL_POINTS, "00000"),
            (COL_ROLE, longest_role),
            # The two text columns start small and share a wide view's spare width (ListView.fit_name_column).
            (COL_GEAR, "Marteau tonnerre"),
            (COL_WITH, "→ Rhino de Titus"),
            (COL_MARKS, "★⌛"),
        ):
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal) or "")
            width = max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(title)) + 18
            header.resizeSection(column, width)
            self.tree.base_widths[column] = width
        self.reading: ReadingReport | None = None
        self.validations = 0  # how many times the list was checked (tests count them)

        self.editor = UnitEditor(catalogue, lang)
        self.editor.field_requested.connect(
            lambda unit_id, field, value: self.push(commands.SetUnitField(self.model, unit_id, field, value))
        )
        self.editor.option_requested.connect(
            lambda unit_id, option, count: self.push(commands.SetOption(self.model, unit_id, option, count))
        )
        self.editor.placeholder_requested.connect(
            lambda unit_id, key, value: self.push(commands.SetPlaceholder(self.model, unit_id, key, value))
        )
        self.details = QTextBrowser()
        self.report_view = ReportView(lang)
        self.report_view.units_activated.connect(self.select_units)

        self._build_layout()
        self._build_actions()
        self.db_path = db_path
        self.catalogue_label = QLabel()
        self.statusBar().addWidget(self.catalogue_label)
        self._show_catalogue_size()
        self.details.setHtml(self._welcome())
        self._load_army(self.model.army, None)
        if settings is not None and settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(settings.geometry.encode("ascii")))
        self.fit_to_screen()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._first_show:  # share the width once; afterwards the user's own split is kept
            self._first_show = False
            self.share_width()

    def share_width(self) -> None:
        """Catalogue a sixth (at least 240 px), details and verdict a quarter (at least 300 px), the list the rest."""
        width = self.splitter.width() or self.width()
        left = max(240, width // 6)
        right = max(300, width // 4)
        self.splitter.setSizes([left, max(360, width - left - right), right])
        height = self.right_splitter.height() or self.height()
        form = max(300, height * 9 // 20)  # the unit form 45 %, the verdict and role table the rest
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

        splitter = QSplitter()
        splitter.addWidget(self.browser)
        splitter.addWidget(center)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 0)
        splitter.setCollapsible(0, False)
        splitter.setCollapsible(1, False)
        right.setMinimumWidth(300)
        center.setMinimumWidth(360)
        splitter.setSizes([290, 700, 410])
        self.splitter = splitter
        self._first_show = True
        self.setCentralWidget(splitter)

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence.StandardKey | str | None = None,
        icon: str | None = None,
        *,
        needs_catalogue: bool = False,
    ) -> QAction:
        """A menu action; one that ``needs_catalogue``, taken while it loads, runs once it is there."""
        action = QAction(text, self)
        if needs_catalogue:
            action.triggered.connect(lambda _checked=False: self.when_catalogue_ready(slot))
        else:
            action.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            action.setIcon(_icon(icon))
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        new = self._action(self.tr("&New list"), self.new_list, keys.New, "new")
        open_ = self._action(self.tr("&Open…"), self.open_dialog, keys.Open, "open")
        file_menu.addAction(new)
        file_menu.addAction(open_)
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.paste_action = self._action(
            self.tr("Check a &pasted list"), self.check_pasted_list, "Ctrl+Shift+V", "paste-check", needs_catalogue=True
        )
        file_menu.addAction(self.paste_action)
        file_menu.addSeparator()
        save = self._action(self.tr("&Save"), self.save, keys.Save, "save")
        file_menu.addAction(save)
        file_menu.addAction(self._action(self.tr("Save &as…"), self.save_as, keys.SaveAs))
        file_menu.addSeparator()
        preview_menu = file_menu.addMenu(self.tr("Print pre&view"))
        preview_sheet = self._action(
            self.tr("Army &sheet"), lambda: self.preview("sheet"), "Ctrl+Shift+P", "preview", needs_catalogue=True
        )
        preview_menu.addAction(preview_sheet)
        preview_menu.addAction(
            self._action(self.tr("Reference &cards"), lambda: self.preview("cards"), needs_catalogue=True)
        )
        preview_menu.addAction(
            self._action(self.tr("Check &report"), lambda: self.preview("report"), needs_catalogue=True)
        )
        export_menu = file_menu.addMenu(self.tr("&Export"))
        export_sheet = self._action(
            self.tr("Army &sheet (PDF)…"),
            lambda: self.export_dialog("sheet"),
            "Ctrl+P",
            "export-pdf",
            needs_catalogue=True,
        )
        export_menu.addAction(export_sheet)
        export_menu.addAction(
            self._action(self.tr("Reference &cards (PDF)…"), lambda: self.export_dialog("cards"), needs_catalogue=True)
        )
        export_menu.addAction(
            self._action(self.tr("Check &report (PDF)…"), lambda: self.export_dialog("report"), needs_catalogue=True)
        )
        file_menu.addSeparator()
        settings = self._action(
            self.tr("Se&ttings…"), self.settings_dialog, keys.Preferences, "settings", needs_catalogue=True
        )
        if settings.shortcut().isEmpty():
            settings.setShortcut(QKeySequence("Ctrl+,"))
        file_menu.addAction(settings)
        file_menu.addSeparator()
        file_menu.addAction(self._action(self.tr("&Quit"), self.close, keys.Quit))

        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        undo = self.undo_stack.createUndoAction(self, self.tr("&Undo"))
        undo.setShortcut(QKeySequence(keys.Undo))
        undo.setIcon(_icon("undo"))
        redo = self.undo_stack.createRedoAction(self, self.tr("&Redo"))
        # Ctrl+Shift+Z everywhere, and the platform's own redo key (Ctrl+Y on Windows) too.
        redo.setShortcuts(list(dict.fromkeys([QKeySequence("Ctrl+Shift+Z"), *QKeySequence.keyBindings(keys.Redo)])))
        redo.setIcon(_icon("redo"))
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        edit_menu.addSeparator()
        duplicate = self._action(self.tr("&Duplicate the unit"), self.duplicate_selected, "Ctrl+D", "duplicate")
        copy_text = self._action(
            self.tr("&Copy the list as text"), self.copy_as_text, "Ctrl+Shift+C", "copy-text", needs_catalogue=True
        )
        remove = self._action(self.tr("&Remove the selection"), self.remove_selected, keys.Delete, "remove")
        edit_menu.addAction(duplicate)
        edit_menu.addAction(copy_text)
        edit_menu.addAction(remove)
        edit_menu.addSeparator()
        edit_menu.addAction(self._action(self.tr("&Find a datasheet"), self.search.setFocus, keys.Find))
        edit_menu.addAction(self._action(self.tr("New &detachment"), self.add_detachment))

        view_menu = self.menuBar().addMenu(self.tr("&View"))
        self.reading_action = self._action(self.tr("&Reading report"), self.show_reading_report)
        self.reading_action.setEnabled(False)
        view_menu.addAction(self.reading_action)
        self.as_priced_action = QAction(self.tr("List &prices"), self)
        self.as_priced_action.setCheckable(True)
        self.as_priced_action.setToolTip(
            self.tr("Check with the prices the list states (a tournament's fixed points) instead of the catalogue's")
        )
        self.as_priced_action.toggled.connect(lambda _on: self._revalidate())
        view_menu.addAction(self.as_priced_action)

        catalogue_menu = self.menuBar().addMenu(self.tr("&Catalogue"))
        catalogue_menu.addAction(
            self._action(
                self.tr("&Import BattleScribe data (folder)…"), self.import_bsdata_dialog, needs_catalogue=True
            )
        )
        catalogue_menu.addAction(
            self._action(
                self.tr("Import BattleScribe &files…"),
                lambda: self.import_bsdata_dialog(files=True),
                needs_catalogue=True,
            )
        )
        catalogue_menu.addSeparator()
        catalogue_menu.addAction(
            self._action(self.tr("&Rebuild the shipped catalogue"), self.rebuild_catalogue, needs_catalogue=True)
        )

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self._action(self.tr("&About Ost"), self._about))

        toolbar = self.addToolBar(self.tr("Main toolbar"))
        toolbar.setObjectName("main-toolbar")
        toolbar.setMovable(False)
        toolbar.setIconSize(QSize(22, 22))
        for action in (new, open_, save, None, undo, redo, None, duplicate, remove, copy_text, None):
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)
        for action in (self.paste_action, preview_sheet, export_sheet, None, settings):
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)

    def _welcome(self) -> str:
        title = self.tr("Welcome to Ost")
        text = self.tr(
            "Browse the unit catalogue on the left, or type a name, a keyword or a faction in the search box. "
            "Select a datasheet to see its profile, weapons, abilities and keywords."
        )
        return f"<h2>{title}</h2><p>{text}</p>"

    def _about(self) -> None:
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

    def _load_army(self, army: ArmyList, path: Path | None) -> None:
        self.path = path
        self.undo_stack.clear()
        self.model.set_army(army)
        self.list_name.setText(army.name)
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
        self._sync_header()
        if not self.catalogue_ready:  # checked once the catalogue is there
            self.report_view.show_waiting(self.tr("Loading the catalogue…"))
            self._update_title()
            return
        self.validations += 1
        self.report = validate(self.catalogue, self.army, self.validator_options())
        self.model.set_report(self.report)
        self.report_view.show_report(self.report, self.army, self.catalogue)
        self.editor.sync()
        self._update_title()

    def validator_options(self) -> ValidatorOptions:
        return ValidatorOptions(
            legends_available=bool(self.settings and self.settings.legends),
            as_priced=self.as_priced_action.isChecked() if hasattr(self, "as_priced_action") else False,
        )

    def _sync_header(self) -> None:
        """Show the list's name and limit (after an undo, say) without pushing new commands."""
        if not self.list_name.hasFocus() and self.list_name.text() != self.army.name:
            self.list_name.setText(self.army.name)
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
        # The stack moves after a command ran: only now does "clean" tell the truth.
        if self.undo_stack.isClean():
            self.autosaver.clear()
        else:
            self.autosaver.mark_dirty(self.army, self.path)

    def _update_title(self) -> None:
        name = self.army.name or self.tr("Untitled list")
        self.setWindowTitle(f"{name}[*] — Ost")
        self.setWindowModified(not self.undo_stack.isClean())

    def current_detachment_id(self) -> str:
        index = self.tree.currentIndex()
        detachment = self.model.detachment_at(index)
        if detachment is not None:
            return detachment.id
        if not self.army.detachments:
            self.push(commands.AddDetachment(self.model))
        return self.army.detachments[-1].id

    def add_unit(self, sheet_id: str) -> None:
        if not self.catalogue_ready:
            self.when_catalogue_ready(lambda: self.add_unit(sheet_id))
            return
        sheet = self.catalogue.get(sheet_id)
        if sheet is None:
            return
        command = commands.AddUnit(self.model, sheet, self.current_detachment_id())
        self.push(command)
        self.select_units([command.unit.id])

    def add_detachment(self) -> None:
        command = commands.AddDetachment(self.model)
        self.push(command)
        self.tree.setCurrentIndex(self.model.index_of_detachment(command.detachment.id))

    def selected_unit_ids(self) -> list[str]:
        ids = []
        for index in self.tree.selectionModel().selectedRows(COL_NAME):
            unit = self.model.unit_at(index)
            if unit is not None:
                ids.append(unit.id)
        return ids

    def remove_selected(self) -> None:
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
        sheet = self.catalogue.get(sheet_id)
        from ost.gui.datasheet_view import datasheet_html  # with the rules' presenter: on the first datasheet shown

        self.details.setHtml(datasheet_html(sheet, self.catalogue, self.lang) if sheet else self._welcome())
        if switch:
            self.tabs.setCurrentWidget(self.details)

    def _name_edited(self) -> None:
        name = self.list_name.text().strip()
        if name != self.army.name:
            self.push(commands.SetListField(self.model, "name", name))

    def move_units(self, unit_ids: list[str], detachment_id: str, row: int) -> None:
        """Move units (dropped in the tree) to ``row`` of a detachment (-1: its end), one undo step."""
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
        """The list as text, in the layout Ost (and other builders) read back."""
        from ost.formats.textlist import export_text  # the text formats: loaded when first used

        return export_text(self.army, self.catalogue, self.lang)

    def copy_as_text(self) -> None:
        QGuiApplication.clipboard().setText(self.list_text())
        self.statusBar().showMessage(self.tr("The list is on the clipboard as text."), 5000)

    def check_pasted_list(self, text: str | None = None) -> PastedListDialog | None:
        """Read the clipboard's text as a list and show it read-only, with its verdict and reading report."""
        from ost.core.listfile import ListFileError
        from ost.formats.listreader import read_list
        from ost.gui.dialogs import PastedListDialog

        if text is None:
            text = QGuiApplication.clipboard().text()
        if not text.strip():
            QMessageBox.information(self, self.tr("Check a pasted list"), self.tr("The clipboard holds no text."))
            return None
        try:
            result = read_list(text.encode("utf-8"), self.tr("clipboard"), self.catalogue)
        except ListFileError as exc:
            QMessageBox.warning(self, self.tr("Check a pasted list"), str(exc))
            return None
        report = validate(self.catalogue, result.army, self.validator_options())
        dialog = PastedListDialog(self.catalogue, result.army, report, result.reading, self.lang, self)
        if self.exec_dialog(dialog) == QDialog.DialogCode.Accepted and self.maybe_save():
            self.autosaver.clear()
            self._load_army(result.army, None)
            self._set_reading(result.reading)
        return dialog

    def _set_reading(self, reading: ReadingReport | None) -> None:
        self.reading = reading
        self.reading_action.setEnabled(reading is not None)

    def show_reading_report(self) -> TextListDialog | None:
        """How the list in the window was read from another format (Affichage ▸ Rapport de lecture)."""
        from ost.gui.dialogs import TextListDialog, reading_legend

        if self.reading is None:
            return None
        lines = self.reading.lines(self.lang)
        dialog = TextListDialog(self.tr("Reading report"), lines[0], lines[1:], self, reading_legend())
        self.exec_dialog(dialog)
        return dialog

    def settings_dialog(self) -> SettingsDialog | None:
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
        switches = {
            source_id: source_id not in disabled_sources
            for source_id, source in self.catalogue.sources.items()
            if disabled_sources is not None and source.enabled != (source_id not in disabled_sources)
        }
        if switches:
            from ost import services
            from ost.store import StoreError

            try:
                with services.open_store(self.db_path) as store:
                    for source_id, on in switches.items():
                        services.set_source_enabled(store, source_id, on)
                    catalogue = store.load()
            except StoreError as exc:
                QMessageBox.warning(self, self.tr("Cannot switch the sources"), str(exc))
            else:
                self.set_catalogue(catalogue)
                return
        self._revalidate()

    def rebuild_catalogue(self) -> bool:
        """Rebuild the shipped catalogue from its sources, keeping imported data and overrides."""
        from ost import services
        from ost.formats.yamltext import SourceError
        from ost.store import StoreError

        rebuild = getattr(services, "rebuild_catalogue", None) or services.build_catalogue
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            with services.open_store(self.db_path) as store:
                rebuild(store)
                catalogue = store.load()
        except (StoreError, SourceError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot rebuild the catalogue"), str(exc))
            return False
        finally:
            QGuiApplication.restoreOverrideCursor()
        self.set_catalogue(catalogue)
        self.statusBar().showMessage(self.tr("Catalogue rebuilt: %n datasheet(s).", "", len(catalogue)), 8000)
        return True

    def _limit_edited(self, value: int) -> None:
        limit = value or None
        if limit != self.army.points_limit:
            self.push(commands.SetListField(self.model, "points_limit", limit))

    def _double_clicked(self, index: QModelIndex) -> None:
        detachment = self.model.detachment_at(index)
        if detachment is not None and self.model.unit_at(index) is None and index.column() == COL_NAME:
            name, ok = QInputDialog.getText(self, self.tr("Rename detachment"), self.tr("Name"), text=detachment.name)
            if ok and name != detachment.name:
                self.push(commands.RenameDetachment(self.model, detachment.id, name))

    def _context_menu(self, position: QPoint) -> None:
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
            menu.addAction(_icon("duplicate"), self.tr("Duplicate"), self.duplicate_selected)
            menu.addAction(_icon("remove"), self.tr("Remove"), self.remove_selected)
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
        self, catalogue: Catalogue, db_path: Path | None = None, notice: tuple[str, str] | tuple[()] | None = None
    ) -> None:
        """The catalogue is read: the panes fill in, the list is checked, the actions that waited run.

        ``notice`` is what opening the database did (French, English), shown in the status bar.
        """
        self.catalogue_ready = True
        if db_path is not None:
            self.db_path = db_path
        self.set_catalogue(catalogue)
        if notice:
            self.statusBar().showMessage(notice[0] if self.lang == "fr" else notice[1], 15000)
        waiting, self._waiting = self._waiting, []
        for action in waiting:
            action()
        self.catalogue_arrived.emit()

    def catalogue_failed(self, message: str) -> None:
        """The catalogue cannot be opened: say why; the window stays, without a catalogue."""
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

    def set_catalogue(self, catalogue: Catalogue) -> None:
        """Use another catalogue (after an import): every pane refreshes, the list stays."""
        self.catalogue = catalogue
        self.browser.set_catalogue(catalogue)
        self.model.catalogue = catalogue
        self.editor.catalogue = catalogue
        self.editor.show_unit(self.army, self.editor.unit_id)
        self._show_catalogue_size()
        self._revalidate()

    # -- catalogue -----------------------------------------------------------------

    def import_bsdata_dialog(self, files: bool = False) -> None:
        folder = (self.settings.last_folder if self.settings else None) or str(Path.home())
        if files:
            names, _filter = QFileDialog.getOpenFileNames(
                self,
                self.tr("BattleScribe files"),
                folder,
                self.tr("BattleScribe data (*.gst *.cat *.gstz *.catz);;All files (*)"),
            )
            paths = [Path(n) for n in names]
        else:
            name = QFileDialog.getExistingDirectory(self, self.tr("Folder of BattleScribe data"), folder)
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
        progress = QProgressDialog(self.tr("Reading BattleScribe data…"), self.tr("Cancel"), 0, 0, self)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        from ost.gui.dialogs import TextListDialog
        from ost.gui.import_worker import ImportWorker

        worker = ImportWorker(self.db_path, paths, self)
        self.import_worker: ImportWorker | None = worker
        loop = QEventLoop(self)
        outcome: dict[str, object] = {}

        def report(done: int, total: int, name: str) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            if name:
                progress.setLabelText(self.tr("Reading %1").replace("%1", name))

        worker.progressed.connect(report)
        worker.finished_import.connect(lambda result, catalogue: outcome.update(result=result, catalogue=catalogue))
        worker.failed.connect(lambda message: outcome.update(error=message))
        worker.cancelled.connect(lambda: outcome.update(cancelled=True))
        worker.finished.connect(loop.quit)
        progress.canceled.connect(worker.cancel)
        worker.start()
        loop.exec()
        worker.wait()
        progress.close()
        progress.deleteLater()
        worker.deleteLater()
        self.import_worker = None
        if "error" in outcome:
            QMessageBox.warning(self, self.tr("Import failed"), str(outcome["error"]))
            return False
        if "catalogue" not in outcome:
            self.statusBar().showMessage(self.tr("Import cancelled: the catalogue is unchanged."), 8000)
            return False
        catalogue = outcome["catalogue"]
        result = outcome["result"]
        assert isinstance(catalogue, Catalogue)
        self.set_catalogue(catalogue)
        summary = (
            self.tr("%1 datasheet(s) imported from %2 catalogue(s); %3 warning(s). The catalogue has %4 datasheets.")
            .replace("%1", str(len(result.datasheets)))  # type: ignore[attr-defined]
            .replace("%2", str(len(result.factions)))  # type: ignore[attr-defined]
            .replace("%3", str(len(result.warnings)))  # type: ignore[attr-defined]
            .replace("%4", str(len(catalogue)))
        )
        warnings = [w.message(self.lang) for w in result.warnings]  # type: ignore[attr-defined]
        self.last_import_summary = (summary, warnings)
        self.exec_dialog(TextListDialog(self.tr("Import finished"), summary, warnings, self))
        return True

    # -- printing ------------------------------------------------------------------

    def export_dialog(self, what: printing.What) -> None:
        folder = Path((self.settings.last_folder if self.settings else None) or Path.home())
        stem = self.path.stem if self.path else (self.army.name or "liste")
        suggested = str(folder / f"{stem}.{what}.pdf")
        name, _filter = QFileDialog.getSaveFileName(self, self.tr("Export as PDF"), suggested, self.tr("PDF (*.pdf)"))
        if name:
            self.export_pdf(what, Path(name))

    def print_options(self) -> printing.PrintOptions:
        return printing.PrintOptions(
            lang=self.lang,
            paper=self.settings.paper if self.settings else "a4",
            card_size=self.settings.card_size if self.settings else "poker",
            source=self.path.name if self.path else None,
        )

    def render_pdf(self, what: printing.What) -> bytes | None:
        """The PDF of the list (sheet, cards or report), or None after telling the user why not."""
        report = self.report or validate(self.catalogue, self.army, self.validator_options())
        try:
            return printing.render_pdf(what, self.catalogue, self.army, report, self.print_options())
        except printing.PrintError as exc:
            QMessageBox.critical(self, self.tr("Cannot make the PDF"), str(exc))
            return None

    def export_pdf(self, what: printing.What, path: Path) -> bool:
        """Write the army sheet, the cards or the check report of the list to ``path``."""
        data = self.render_pdf(what)
        if data is None:
            return False
        try:
            printing.write_pdf(data, path)
        except printing.PrintError as exc:
            QMessageBox.critical(self, self.tr("Cannot write the PDF"), str(exc))
            return False
        self.statusBar().showMessage(self.tr("PDF written to %1").replace("%1", str(path)), 8000)
        return True

    def preview(self, what: printing.What) -> printing.PreviewDialog | None:
        """Show the pages that would be printed; Save in the preview goes on to the export dialog.

        Returns the dialog (already closed), or None when the pages could not be
        rendered and the PDF was handed to the system's viewer instead.
        """
        data = self.render_pdf(what)
        if data is None:
            return None
        pages = printing.page_images(data)
        if pages is None:
            printing.open_in_viewer(data, f"{self.army.name or 'liste'}.{what}.pdf")
            return None
        titles = {
            "sheet": self.tr("Army sheet"),
            "cards": self.tr("Reference cards"),
            "report": self.tr("Check report"),
        }
        dialog = printing.PreviewDialog(
            self.tr("Preview: %1").replace("%1", titles[what]) + f" — {len(pages)} p.", pages, self
        )
        if self.exec_dialog(dialog) == QDialog.DialogCode.Accepted:
            self.export_dialog(what)
        return dialog

    def exec_dialog(self, dialog: QDialog) -> int:
        """Run a modal dialog (a seam the tests replace, since nobody clicks offscreen)."""
        return int(dialog.exec())

    # -- files -------------------------------------------------------------------

    def new_list(self) -> None:
        if self.maybe_save():
            self.autosaver.clear()
            self._load_army(new_army(self.tr("New list")), None)

    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        folder = (self.settings.last_folder if self.settings else None) or str(Path.home())
        name, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Open a list"), folder, self.tr("Army lists (*.ost *.ros *.rosz *.txt);;All files (*)")
        )
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        """Open an Ost list, a BattleScribe roster or a pasted-text list (told by content).

        A list read from another format opens as a new, unsaved Ost list, and
        what could not be read is shown to the user. Asked while the catalogue
        is loading, the list opens once it is there (and True is returned).
        """
        if not self.catalogue_ready:
            self.when_catalogue_ready(lambda: self.open_path(path))
            return True
        try:
            from ost import services  # the list readers: loaded when a list is first opened

            result = services.read_any(path, self.catalogue)
        except listfile.ListFileError as exc:
            QMessageBox.warning(self, self.tr("Cannot open the list"), str(exc))
            return False
        self.autosaver.clear()
        native = result.reading.format == "ost"
        self._load_army(result.army, path if native else None)
        if self.settings is not None:
            self.settings.add_recent(path)
            self.settings.save()
        self._set_reading(None if native else result.reading)
        if not native and result.reading.problems:
            self.show_reading_report()
        if native:
            self.show_catalogue_changes()
        return True

    def show_catalogue_changes(self) -> TextListDialog | None:
        """A saved list opened against a changed catalogue: what changed for its units since it was saved."""
        from ost.core.changes import catalogue_changes
        from ost.gui.dialogs import TextListDialog

        changes = catalogue_changes(self.army, self.catalogue)
        if not changes:
            return None
        summary = self.tr(
            "The catalogue changed since this list was saved (%n change(s)); the verdict uses today's catalogue.",
            "",
            len(changes),
        )
        self.statusBar().showMessage(summary)
        lines = [change.message(self.lang) for change in changes]
        dialog = TextListDialog(self.tr("Changes since the list was saved"), summary, lines, self)
        self.exec_dialog(dialog)
        return dialog

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent if self.settings else []
        for text in recent:
            action = self.recent_menu.addAction(text)
            action.triggered.connect(lambda _c=False, p=text: self.maybe_save() and self.open_path(Path(p)))
        if not recent:
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)

    def save(self) -> bool:
        self.commit_pending_edits()
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        folder = (self.settings.last_folder if self.settings else None) or str(Path.home())
        suggested = str(Path(folder) / f"{self.army.name or 'liste'}{listfile.SUFFIX}")
        name, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Save the list"), suggested, self.tr("Ost lists (*.ost)")
        )
        if not name:
            return False
        path = Path(name)
        if path.suffix.lower() != listfile.SUFFIX:
            path = path.with_suffix(listfile.SUFFIX)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        self.commit_pending_edits()
        try:
            listfile.save(self.army, path)
        except OSError as exc:
            QMessageBox.critical(self, self.tr("Cannot save the list"), f"{path}: {exc.strerror or exc}")
            return False
        self.path = path
        self.undo_stack.setClean()
        self.autosaver.clear()
        if self.settings is not None:
            self.settings.add_recent(path)
            self.settings.save()
        self._update_title()
        self.statusBar().showMessage(self.tr("Saved to %1").replace("%1", str(path)), 5000)
        return True

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        self.commit_pending_edits()
        if self.undo_stack.isClean():
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            self.tr("Unsaved changes"),
            self.tr("The list “%1” has unsaved changes. Save them?").replace("%1", self.army.name),
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    def recover_autosaves(self) -> None:
        """Offer back lists left by a session that ended badly (called once the window shows).

        Recover reopens the work (and writes it to this session's autosave at
        once); Discard deletes it; anything else (Escape, closing the box)
        keeps it for the next start.
        """
        buttons = QMessageBox.StandardButton
        leftovers = self.autosaver.leftovers()
        if self.autosaver.set_aside:  # harden: damaged autosaves were moved aside; say so, then offer the rest
            shown = "\n".join(item.message(self.lang) for item in self.autosaver.set_aside)
            self.autosaver.set_aside.clear()
            QMessageBox.warning(self, self.tr("Unsaved changes"), shown)
        for recovered in leftovers:
            where = str(recovered.original) if recovered.original else self.tr("a list never saved")
            answer = QMessageBox.question(
                self,
                self.tr("Recover unsaved work?"),
                self.tr("Ost found unsaved changes to “%1” (%2) from %3. Recover them?")
                .replace("%1", recovered.army.name)
                .replace("%2", where)
                .replace("%3", recovered.saved_at or "?"),
                buttons.Yes | buttons.Discard | buttons.Cancel,
                buttons.Yes,
            )
            if answer == buttons.Yes:
                self._load_army(recovered.army, recovered.original)
                self.push(commands.SetListField(self.model, "notes", recovered.army.notes))
                self.undo_stack.resetClean()
                self.autosaver.mark_dirty(self.army, self.path)
                if self.autosaver.save_now():  # safe in this session's autosave before the old one goes
                    Autosaver.discard(recovered)
                break
            if answer == buttons.Discard:
                Autosaver.discard(recovered)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.autosaver.clear()
        self.autosaver.release()
        if self.settings is not None:
            self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
            self.settings.save()
        event.accept()
