"""Start the Qt application: translations, the main window, then the catalogue.

The window shows first (its frame: menus, toolbar, status bar, saying the
catalogue is loading; only Qt and light modules are imported for it); right
after, the catalogue pane fills in, searchable, when the database keeps its
rows (:mod:`ost.gui.browse_rows`, read with the standard library: a datasheet
can be looked for and picked before any datasheet is built); the other
panes (list, unit form, verdict, with the core models; the
catalogue pane too when no rows are kept) are built right after, while the catalogue database is
opened and read on a worker thread (SQLAlchemy and the store load there, not
before the first paint); the panes fill in when it arrives. Actions that need the catalogue (opening a
list given on the command line, adding units, recovering autosaves) wait for
it (:meth:`MainWindow.when_catalogue_ready`). Qt objects stay on the GUI
thread: the worker only hands over the finished :class:`Catalogue`.

The catalogue is read as ``ost check`` reads it: every datasheet's facts from
one kept text, its whole JSON only when it is used (a unit form, a card, a
check). It is read from the snapshot the catalogue was read in, whatever is
written to the database later (an import in another Ost): a moment after
the catalogue is handed over, a second worker fetches the JSON of every
datasheet still unread in that snapshot and ends it
(:class:`ost.store.database.Snapshot`; :meth:`CatalogueLoader.settle` does
it at once, before the window writes the database).

Only what the first window needs is imported here; the PDF layout, the
BattleScribe importer and the list readers load when first used; msgspec and
the core's models not before the catalogue pane is painted. The cyclic
garbage collector is paused from PySide6's import until the panes are built,
and while the catalogue loads (tens of thousands of long-lived objects it
would otherwise scan again and again), then those objects are moved out of
its sight with :func:`gc.freeze`.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLibraryInfo, QLocale, QObject, Qt, QTimer, QTranslator, Signal
from PySide6.QtWidgets import QApplication

from ost.core.collector import collector_paused
from ost.core.resources import resource
from ost.gui.settings import Settings

if TYPE_CHECKING:
    from ost.core.catalogue import Catalogue
    from ost.core.i18n import Bilingual
    from ost.gui.background import BackgroundOp
    from ost.gui.browse_rows import PaneRows
    from ost.gui.main_window import MainWindow
    from ost.store.database import Snapshot

#: What :func:`load_catalogue` gives: the catalogue, its database, and what opening did (French, English).
Loaded = tuple["Catalogue", Path, "Bilingual | None"]
#: What the window's loader gives: :data:`Loaded` and the catalogue pane's rows of that catalogue.
LoadedWithRows = tuple["Catalogue", Path, "Bilingual | None", "PaneRows"]


def install_translators(app: QApplication, lang: str) -> list[QTranslator]:
    """Load Ost's French translation (and Qt's own) unless the language is English."""
    translators: list[QTranslator] = []
    if lang != "fr":
        return translators
    ours = QTranslator(app)
    if ours.load(str(resource("translations", "ost_fr.qm"))):
        app.installTranslator(ours)
        translators.append(ours)
    qt = QTranslator(app)
    if qt.load("qtbase_fr", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        translators.append(qt)
    # Qt's labels the catalogue above lacks (the file dialog's "&Look in:" and "Files of &type:" in Qt 6.12).
    # A file, not a QTranslator subclass: a Python translate() is called with None for most lookups,
    # and PySide6 6.12 on Python 3.11 loses a reference to None at each call (the program soon crashes).
    extra = QTranslator(app)
    if extra.load(str(resource("translations", "qtbase_extra_fr.qm"))):
        app.installTranslator(extra)
        translators.append(extra)
    return translators


def speak_in_dialogs(app: QApplication, lang: str) -> None:
    """Make Qt's standard dialogs (files, questions) speak ``lang``.

    Qt's own dialogs are translated by ``qtbase_fr`` (:func:`install_translators`);
    the desktop's native file dialogs speak the system's language instead. So
    when Ost speaks another language than the system, Qt's own dialogs are
    used; the default locale follows too (numbers, dates in those dialogs).
    """
    wanted = QLocale.Language.French if lang == "fr" else QLocale.Language.English
    QLocale.setDefault(QLocale(wanted))
    system_speaks = QLocale.system().language() == wanted
    app.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, not system_speaks)


def pick_lang(lang: str | None) -> str:
    if lang in ("fr", "en"):
        return lang
    return "en" if QLocale.system().language() == QLocale.Language.English else "fr"


def run_gui(
    db: Path | None = None,
    lang: str | None = None,
    files: list[Path] | None = None,
    *,
    screenshot: Path | None = None,
    quit_when_shown: bool = False,
    quit_when_ready: bool = False,
    quit_when_loaded: bool = False,
) -> int:
    """Run the window until it closes; with ``screenshot``, save the screen and quit.

    ``quit_when_shown``, ``quit_when_ready`` and ``quit_when_loaded`` are for
    the start-up benchmark: stop once the first frame is painted; once the
    catalogue pane is filled, painted and searchable (right after the first
    paint when the database keeps its rows, else once the catalogue is
    loaded); once the catalogue is loaded (a unit can be added, the autosaves
    a crash left looked for, as at every start) and the panes painted with it.
    """
    # The collector is paused until the panes are built: the start makes tens of thousands of objects that
    # live as long as the program (Qt's classes, the window, the pane's rows) and no garbage worth a pass;
    # the passes their allocations set off took 6-10 ms of every start. What is made is then frozen.
    resume = gc.isenabled()
    gc.disable()
    try:
        return _run_gui(
            db,
            lang,
            files,
            screenshot=screenshot,
            quit_when_shown=quit_when_shown,
            quit_when_ready=quit_when_ready,
            quit_when_loaded=quit_when_loaded,
            resume=resume,
        )
    finally:
        if resume:
            gc.enable()


def _run_gui(
    db: Path | None,
    lang: str | None,
    files: list[Path] | None,
    *,
    screenshot: Path | None,
    quit_when_shown: bool,
    quit_when_ready: bool,
    quit_when_loaded: bool,
    resume: bool,
) -> int:
    """:func:`run_gui`, the collector paused: it runs again (if ``resume``) once the panes are built."""
    from ost.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Ost")
    app.setOrganizationName("Ost")
    settings = Settings.load()
    chosen = pick_lang(lang or settings.lang)
    install_translators(app, chosen)
    speak_in_dialogs(app, chosen)
    window = MainWindow(None, lang=chosen, db_path=db, settings=settings, panes_later=True)
    window.show()
    app.processEvents()  # the first paint (the frame, Qt only), before the database is touched
    gc.freeze()  # Qt's and the frame's modules live as long as the program: out of every later collection's sight
    if quit_when_shown:  # start-up benchmark: stop once the first frame is painted
        _leave(window)
        return 0
    from ost.gui.browse_rows import read_kept_rows  # (with sqlite3: after the first paint)

    rows = read_kept_rows(db)  # the catalogue pane's rows as kept (read-only, never waits for the store)
    if rows is not None:
        window.show_pane_rows(rows)
        app.processEvents()  # the catalogue pane painted: searchable, before any datasheet model is imported
        if quit_when_ready:  # start-up benchmark: the pane is ready
            _leave(window)
            return 0
    status = {"code": 0}
    loader = CatalogueLoader(db, window, shown=rows)
    window.settle_catalogue = loader.settle
    loader.loaded.connect(window.catalogue_loaded)
    loader.failed.connect(window.catalogue_failed)
    loader.failed.connect(lambda _message: status.update(code=2))
    if quit_when_ready or quit_when_loaded:
        # Left as the first-paint exit leaves (_leave), once the panes are painted with the catalogue (their
        # paint, posted before, is sent in the same pass): exit(), not quit(), which would close the window,
        # and closing writes the user's settings (its geometry, the file synced: 5-15 ms no start waits for).
        window.catalogue_arrived.connect(lambda: app.exit(0), Qt.ConnectionType.QueuedConnection)
        loader.failed.connect(lambda _message: app.exit(0), Qt.ConnectionType.QueuedConnection)
    # The panes first, then the worker: both would import the core models, and two threads
    # importing the same packages at once can meet half-initialised modules (a crash, 1 start in 6).
    with collector_paused():  # the panes' imports (the models) live as long as the program:
        window.build_panes()
        gc.freeze()  # out of the collector's sight, before it runs again (else its next pass walks them all)
    if resume:
        gc.enable()
    loader.start()  # reads the database off the GUI thread; hands over through the event loop
    if screenshot is not None:
        # Asked first: a list opened next may show a dialog (its reading report) that waits for the user.
        window.when_catalogue_ready(lambda: QTimer.singleShot(800, lambda: _save_screenshot(app, window, screenshot)))
    for path in files or []:
        window.documents.open_path(path)  # waits for the catalogue
    if screenshot is None:  # (the benchmark's exits too: a start looks for leftovers before the catalogue is shown)
        window.when_catalogue_ready(window.documents.recover_autosaves)
    code = app.exec()
    if quit_when_ready or quit_when_loaded:
        _leave(window)
    return code or status["code"]


def _leave(window: MainWindow) -> None:
    """Close the window without questions, autosaves or the settings written (the benchmark's exits)."""
    window.undo_stack.setClean()
    if window.panes_built:
        window.autosaver.release()
    window.deleteLater()


class CatalogueLoader(QObject):
    """Opens and reads the catalogue off the GUI thread (a :class:`BackgroundOp`); tells the window with a signal.

    ``loaded`` carries (catalogue, database path, notice or ``()``, the
    catalogue pane's rows); ``failed`` the reason in the user's words. Only
    plain Python objects cross threads. ``shown``: the rows the pane shows
    already (read before the catalogue): handed back as they are when the
    database still keeps the same, so the pane is not built again.
    """

    loaded = Signal(object, object, object, object)
    failed = Signal(str)

    def __init__(self, db: Path | None, parent: QObject | None = None, *, shown: PaneRows | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.shown = shown
        self.operation: BackgroundOp[tuple[LoadedWithRows, Snapshot]] | None = None
        #: Pins the snapshot once the catalogue is handed over (see :meth:`_loaded`).
        self.pinning: BackgroundOp[None] | None = None
        #: The snapshot of the catalogue handed over, until it is pinned.
        self._snapshot: Snapshot | None = None

    def start(self) -> None:
        import_worker_modules(rows_kept=self.shown is not None)
        from ost.gui.background import BackgroundOp  # after the first paint

        self.operation = BackgroundOp(
            lambda _progress: read_window_catalogue(self.db, self.shown),
            success=self._loaded,
            failure=self._failed,
            name="ost-catalogue",
            parent=self,
        )
        self.operation.start()

    def wait(self) -> None:
        """Answer events until the catalogue has been handed over (or the failure told)."""
        if self.operation is not None:
            self.operation.wait()

    #: How long after the hand-over the snapshot is pinned (ms): the window's first moments with its
    #: catalogue (painting the panes, checking the list) stay free of the fetch; meanwhile a datasheet is
    #: read from the open snapshot, and a writer waits for it (SQLite's busy timeout, seconds).
    PIN_AFTER_MS = 250

    def _loaded(self, result: tuple[LoadedWithRows, Snapshot]) -> None:
        """Hand the catalogue over, then pin its snapshot on a worker thread, a moment later.

        Pinning (the unread datasheets' JSON fetched in the snapshot, about
        40 ms of CPU on the full release, the interpreter's lock mostly held)
        would otherwise compete with the window for its first paint with the
        catalogue. A program quitting meanwhile stops it.
        """
        (catalogue, path, notice, rows), snapshot = result
        self._snapshot = snapshot
        try:
            # No None through a queued signal (see CatalogueBrowser._sheet_id): "no notice" is ().
            self.loaded.emit(catalogue, path, notice or (), rows)
        finally:
            QTimer.singleShot(self.PIN_AFTER_MS, self, lambda: self._pin(snapshot))

    def settle(self) -> None:
        """Pin the snapshot now if it is not yet (before the window writes the database: a writer would wait for it)."""
        if self._snapshot is not None:
            self._snapshot.pin()  # (waits for a pin under way on the worker, then has nothing to do)
            self._snapshot = None  # pinned: the catalogue read from it holds it as long as the window keeps it

    def _pinned(self, snapshot: Snapshot) -> None:
        """Forget a pinned snapshot: once the window replaces its catalogue (an import), the texts can go."""
        if self._snapshot is snapshot:
            self._snapshot = None

        def drop() -> None:  # after this signal's handlers: the operation is done, its closures can go
            self.pinning = None

        QTimer.singleShot(0, self, drop)

    def _pin(self, snapshot: Snapshot) -> None:
        from ost.gui.background import BackgroundOp

        if snapshot.pinned:
            return
        self.pinning = BackgroundOp(
            lambda progress: snapshot.pin(lambda: progress.cancelled),
            success=lambda _none: self._pinned(snapshot),
            failure=lambda _exc: None,  # (the datasheets are then read from their rows: see Snapshot.pin)
            cancelled=snapshot.close,
            name="ost-catalogue-pin",
            parent=self,
        )
        self.pinning.start()

    def _failed(self, exc: Exception) -> None:
        from ost.formats.yamltext import SourceError
        from ost.store import StoreError

        known = isinstance(exc, (StoreError, SourceError))  # anything unexpected is said with its kind
        self.failed.emit(str(exc) if known else f"{type(exc).__name__}: {exc}")


def import_worker_modules(*, rows_kept: bool = False) -> None:
    """Import what the catalogue's worker runs, on the GUI thread, before the worker starts.

    The worker then imports nothing when the database is current (a test
    checks it): two threads importing the same modules at once crashed one
    start in six (half-initialised modules). ``rows_kept``: the pane's rows
    were read as kept, so the worker will not work them out (nor need the
    core's browsing module).
    """
    if not rows_kept:
        import ost.core.browse
    import ost.core.catalogue
    import ost.gui.browse_rows
    import ost.services
    import ost.store
    import ost.store.browsing
    import ost.store.database  # noqa: F401


def load_catalogue(db: Path | None) -> Loaded:
    """The catalogue, its database and what opening it did (a :class:`~ost.core.i18n.Bilingual` text).

    Opening rebuilds the shipped part when its sources changed; the window
    says so in its status bar. Raises :class:`ost.store.StoreError` or
    :class:`ost.formats.yamltext.SourceError` when the catalogue cannot open.
    """
    from ost.services import open_catalogue

    with collector_paused():
        opened = open_catalogue(db)
        with opened.store as store:
            catalogue = store.load(light=True)
            path = store.path
        gc.freeze()  # the catalogue lives as long as the program: out of later collections, before they run
    notice = opened.notice
    return catalogue, path, notice.text if notice is not None else None


def load_window_catalogue(db: Path | None, shown: PaneRows | None = None) -> LoadedWithRows:
    """:func:`read_window_catalogue`, its snapshot pinned at once (every datasheet then reads its JSON kept)."""
    loaded, snapshot = read_window_catalogue(db, shown)
    snapshot.pin()
    return loaded


def read_window_catalogue(db: Path | None, shown: PaneRows | None = None) -> tuple[LoadedWithRows, Snapshot]:
    """The catalogue as the window reads it, with the catalogue pane's rows, and the snapshot they were read in.

    Read as ``ost check`` reads it (:meth:`ost.store.CatalogueStore.snapshot`):
    every datasheet's facts from the kept text, its whole JSON only when it
    is used (a unit form, a card, a check), from the same snapshot whatever
    is written to the database later: call :meth:`Snapshot.pin` once the
    catalogue is handed over. The pane's rows are read as kept in that
    snapshot, else worked out and kept for the next start. ``shown``: rows
    already read; given back when the kept text is the same.
    """
    from ost.gui.browse_rows import PANE_KEY, is_current, pane_payload, parse_rows
    from ost.services import open_catalogue

    with collector_paused():
        opened = open_catalogue(db)
        with opened.store as store:
            snapshot = store.snapshot(PANE_KEY, pane_payload, is_current)
            path = store.path
        text = snapshot.kept
        try:
            rows = shown if shown is not None and shown.text == text else parse_rows(text or "")
            assert rows is not None  # kept only when current, else just made
        except BaseException:
            snapshot.close()
            raise
        gc.freeze()  # the catalogue lives as long as the program: out of later collections, before they run
    notice = opened.notice
    return (snapshot.catalogue, path, notice.text if notice is not None else None, rows), snapshot


def _save_screenshot(app: QApplication, window: MainWindow, path: Path) -> None:
    """Grab what is on the screen (under Xvfb: the X display), else the window itself."""
    screen = app.primaryScreen()
    image = screen.grabWindow(0) if app.platformName() == "xcb" and screen is not None else window.grab()
    image.save(str(path))
    # A dialog may be open (a list read from another program shows its reading report): close it, and
    # leave without the closing questions, which would open a new dialog after the quit and never return.
    for _ in range(10):
        modal = app.activeModalWidget()
        if modal is None:
            break
        modal.close()
    _leave(window)
    app.quit()
