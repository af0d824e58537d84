"""Start the Qt application: translations, the catalogue, the main window.

Only what the first window needs is imported here; the PDF layout, the
BattleScribe importer and the list readers load when first used. The cyclic
garbage collector is paused while the catalogue loads (tens of thousands of
long-lived objects it would otherwise scan again and again), then those
objects are moved out of its sight with :func:`gc.freeze`.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ost.core.catalogue import Catalogue
from ost.core.resources import resource
from ost.gui.settings import Settings


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
    return translators


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
) -> int:
    """Run the window until it closes; with ``screenshot``, save the screen and quit."""
    from ost.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Ost")
    app.setOrganizationName("Ost")
    settings = Settings.load()
    chosen = pick_lang(lang or settings.lang)
    install_translators(app, chosen)
    loaded = load_catalogue(db)
    if isinstance(loaded, str):
        QMessageBox.critical(None, "Ost", loaded)
        return 2
    catalogue, db_path, notice = loaded
    window = MainWindow(catalogue, lang=chosen, db_path=db_path, settings=settings)
    window.show()
    if notice is not None:
        window.statusBar().showMessage(notice[0] if chosen == "fr" else notice[1], 15000)
    if quit_when_shown:  # start-up benchmark: stop once the first frame is painted
        app.processEvents()
        window.undo_stack.setClean()
        window.autosaver.release()
        window.deleteLater()
        return 0
    for path in files or []:
        window.open_path(path)
    if screenshot is None:
        QTimer.singleShot(0, window.recover_autosaves)
    if screenshot is not None:
        QTimer.singleShot(800, lambda: _save_screenshot(app, window, screenshot))
    return app.exec()


def load_catalogue(db: Path | None) -> tuple[Catalogue, Path, tuple[str, str] | None] | str:
    """The catalogue, its database and what opening it did (French, English), or why it cannot open.

    Opening rebuilds the shipped part when its sources changed; the window
    says so in its status bar.
    """
    from ost.formats.yamltext import SourceError
    from ost.services import open_catalogue
    from ost.store import StoreError

    collecting = gc.isenabled()
    gc.disable()
    try:
        opened = open_catalogue(db)
        with opened.store as store:
            catalogue = store.load()
            path = store.path
    except (StoreError, SourceError) as exc:
        return str(exc)
    finally:
        if collecting:
            gc.enable()
    gc.freeze()  # the catalogue lives as long as the program: keep it out of later collections
    notice = opened.notice
    return catalogue, path, (notice.message_fr, notice.message_en) if notice is not None else None


def _save_screenshot(app: QApplication, window: QWidget, path: Path) -> None:
    """Grab what is on the screen (under Xvfb: the X display), else the window itself."""
    screen = app.primaryScreen()
    image = screen.grabWindow(0) if app.platformName() == "xcb" and screen is not None else window.grab()
    image.save(str(path))
    window.close()
    app.quit()
