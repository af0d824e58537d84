"""Render the window offscreen with an example list into docs/: ``.venv/bin/python tools/screenshots.py``.

Writes ``docs/screenshots/window-{fr,en}-{1024x700,1920x1080}.png``, the
README's picture ``docs/gui-screenshot.png`` (French, 1400x860), and
``docs/screenshots/window-fr-loading.png`` (the first paint, before the
catalogue is read). The list is
``examples/legal/space-marines-2000.ost`` read against the shipped catalogue
(built into a temporary database, so the user's own is never touched); a unit
is selected so the unit form shows, and the catalogue pane is opened on the
list's faction with one of its datasheets selected.

With ``--forms``, writes instead ``docs/screenshots/form-{unit}-{size}.png``:
the unit form of a Carnifex, a Captain and a Devastator Squad at 1024x700 and
1920x1080 (the Carnifex comes from the full BattleScribe release in
``../shared/bsdata-9e-full``, imported into the temporary database; pass
``--db`` to keep that database between runs).

Look at every picture after running it (names cut, empty columns, overlaps).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from PySide6.QtWidgets import QApplication  # noqa: E402

from ost.core.catalogue import Catalogue  # noqa: E402
from ost.gui import commands  # noqa: E402
from ost.gui.app import install_translators, load_catalogue  # noqa: E402
from ost.gui.main_window import MainWindow  # noqa: E402
from ost.gui.settings import Settings  # noqa: E402

EXAMPLE = ROOT / "examples" / "legal" / "space-marines-2000.ost"
SIZES = ((1024, 700), (1920, 1080))
#: The unit shown in the form (its position in the list) and the datasheet picked in the catalogue pane.
SELECTED_UNIT = 1
SELECTED_SHEET = "sm-capitaine"
#: Wargear taken on the example's units (position in the list, option id, count), through the undo commands.
WARGEAR = ((0, "thunder-hammer", 1), (0, "jump-pack", 1), (3, "thunder-hammer", 1))


@contextmanager
def shown_window(
    app: QApplication, catalogue: Catalogue | None, lang: str, size: tuple[int, int], tmp: Path
) -> Iterator[MainWindow]:
    """A window in ``lang`` at ``size`` (``catalogue`` None: still loading), closed afterwards."""
    translators = install_translators(app, lang)
    window = MainWindow(catalogue, lang=lang, settings=Settings(path=tmp / "settings.json"), autosave_dir=tmp / "a")
    try:
        window.resize(*size)
        window.show()
        window.share_width()
        app.processEvents()
        yield window
    finally:
        window.undo_stack.setClean()
        window.autosaver.release()
        window.close()
        window.deleteLater()
        app.processEvents()
        for translator in translators:
            app.removeTranslator(translator)


def save(app: QApplication, window: MainWindow, target: Path) -> None:
    for _ in range(6):  # wrapped labels settle their height in a few rounds of layout
        app.processEvents()
    target.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(target))
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    print(f"{shown}: {window.width()}x{window.height()}")


def render(app: QApplication, catalogue: Catalogue, lang: str, size: tuple[int, int], target: Path, tmp: Path) -> None:
    """The example list open, wargear chosen, a unit in the form, a datasheet picked in the catalogue."""
    with shown_window(app, catalogue, lang, size, tmp) as window:
        assert window.documents.open_path(EXAMPLE), EXAMPLE
        window.browser.tree.collapseAll()  # only the list's faction open, as a player would have it
        window.browser.select_sheet(SELECTED_SHEET)
        units = [unit for _, unit in window.army.units()]
        for position, option, count in WARGEAR:  # choices the example file leaves out: the wargear column shows
            window.push(commands.SetOption(window.model, units[position].id, option, count))
        window.undo_stack.setClean()
        units = [unit for _, unit in window.army.units()]
        window.select_units([units[SELECTED_UNIT].id])
        window.tabs.setCurrentIndex(0)  # the unit form
        save(app, window, target)


#: The units whose form is pictured with ``--forms``: file name, datasheet ids to try (first found wins).
FORM_UNITS = (
    ("carnifex", ("carnifexes", "carnifex")),
    ("captain", ("sm-capitaine",)),
    ("devastator", ("sm-escouade-devastator",)),
)
FULL_RELEASE = ROOT.parent / "shared" / "bsdata-9e-full"


def _find_sheet(catalogue: Catalogue, wanted: tuple[str, ...]) -> str | None:
    for sheet_id in wanted:
        if catalogue.get(sheet_id) is not None:
            return sheet_id
    for sheet in catalogue:  # an imported datasheet: by name
        if sheet.name.lower() in wanted and not sheet.hidden:
            return sheet.id
    return None


def render_forms(app: QApplication, db: Path, out: Path, tmp: Path) -> None:
    """The unit form of each of :data:`FORM_UNITS`, at each of :data:`SIZES`, in French."""
    from ost import services

    with services.open_store(db) as store:
        if FULL_RELEASE.is_dir() and not any(s.kind == "bsdata" for s in store.sources()):
            files = [FULL_RELEASE / "Warhammer 40,000.gst", FULL_RELEASE / "Tyranids.cat"]
            services.import_bsdata(store, files)
        catalogue = store.load()
    for size in SIZES:
        with shown_window(app, catalogue, "fr", size, tmp) as window:
            for name, wanted in FORM_UNITS:
                sheet_id = _find_sheet(catalogue, wanted)
                if sheet_id is None:
                    print(f"{name}: not in the catalogue, skipped")
                    continue
                window.add_unit(sheet_id)
                window.tabs.setCurrentIndex(0)
                save(app, window, out / "screenshots" / f"form-{name}-{size[0]}x{size[1]}.png")
            window.undo_stack.setClean()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="where to write (default: docs/)")
    parser.add_argument("--forms", action="store_true", help="the unit forms of a Carnifex, a Captain, a Devastator")
    parser.add_argument("--db", type=Path, help="catalogue database to use (kept; default: a temporary one)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    if args.forms:
        with tempfile.TemporaryDirectory() as folder:
            render_forms(app, args.db or Path(folder) / "catalogue.sqlite", args.out, Path(folder))
        return
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        catalogue = load_catalogue(tmp / "catalogue.sqlite")[0]
        for lang in ("fr", "en"):
            for width, height in SIZES:
                render(
                    app,
                    catalogue,
                    lang,
                    (width, height),
                    args.out / "screenshots" / f"window-{lang}-{width}x{height}.png",
                    tmp,
                )
        render(app, catalogue, "fr", (1400, 860), args.out / "gui-screenshot.png", tmp)
        with shown_window(app, None, "fr", SIZES[0], tmp) as window:  # the first paint, before the catalogue
            save(app, window, args.out / "screenshots" / "window-fr-loading.png")


if __name__ == "__main__":
    main()
