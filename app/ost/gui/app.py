"""Start the Qt application: translations, the catalogue, the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ost.core.resources import resource
from ost.formats.yamltext import SourceError
from ost.gui.settings import Settings
from ost.services import open_store
from ost.store import StoreError


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
) -> int:
    """Run the window until it closes; with ``screenshot``, save the screen and quit."""
    from ost.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Ost")
    app.setOrganizationName("Ost")
    chosen = pick_lang(lang or Settings.load().lang)
    install_translators(app, chosen)
    try:
        store = open_store(db)
        catalogue = store.load()
    except (StoreError, SourceError) as exc:
        QMessageBox.critical(None, "Ost", str(exc))
        return 2
    settings = Settings.load()
    window = MainWindow(catalogue, lang=chosen, db_path=store.path, settings=settings)
    window.show()
    for path in files or []:
        window.open_path(path)
    if screenshot is None:
        QTimer.singleShot(0, window.recover_autosaves)
    if screenshot is not None:
        QTimer.singleShot(800, lambda: _save_screenshot(app, window, screenshot))
    return app.exec()


def _save_screenshot(app: QApplication, window: QWidget, path: Path) -> None:
    """Grab what is on the screen (under Xvfb: the X display), else the window itself."""
    screen = app.primaryScreen()
    image = screen.grabWindow(0) if app.platformName() == "xcb" and screen is not None else window.grab()
    image.save(str(path))
    window.close()
    app.quit()
