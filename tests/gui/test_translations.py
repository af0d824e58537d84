"""Every visible string of the GUI has a French translation, and the compiled file is current."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from helpers import ROOT
from ost.core.catalogue import Catalogue
from ost.core.resources import resource

BIN = Path(sys.executable).parent
TS = resource("translations", "ost_fr.ts")


def _tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    which = shutil.which(name)
    if which is None:
        pytest.skip(f"{name} not installed")
    return which


def test_every_gui_string_is_translated(tmp_path: Path) -> None:
    copy = tmp_path / "ost_fr.ts"
    shutil.copy(TS, copy)
    sources = sorted(str(p) for p in (ROOT / "app" / "ost" / "gui").glob("*.py"))
    subprocess.run([_tool("pyside6-lupdate"), *sources, "-ts", str(copy)], check=True, capture_output=True)
    untranslated = [
        message.findtext("source")
        for message in ET.parse(copy).iter("message")
        if message.find("translation") is not None and message.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
    ]
    assert untranslated == [], "run ./dev.sh translations and translate these in resources/translations/ost_fr.ts"


@pytest.mark.parametrize("name", ["ost_fr", "qtbase_extra_fr"])
def test_compiled_translation_is_current(tmp_path: Path, name: str) -> None:
    out = tmp_path / f"{name}.qm"
    source = resource("translations", f"{name}.ts")
    subprocess.run([_tool("pyside6-lrelease"), str(source), "-qm", str(out)], check=True, capture_output=True)
    assert out.read_bytes() == resource("translations", f"{name}.qm").read_bytes(), (
        f"run ./dev.sh translations to recompile {name}.qm"
    )


def test_window_speaks_french(qtbot: QtBot, mini: Catalogue) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from ost.gui.app import install_translators
    from ost.gui.main_window import MainWindow

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    translators = install_translators(app, "fr")
    try:
        window = MainWindow(mini, lang="fr")
        qtbot.addWidget(window)
        assert window.windowTitle() == "Nouvelle liste[*] — Ost"
        assert window.search.placeholderText().startswith("Chercher dans le catalogue")
        assert "Bienvenue" in window.details.toHtml()
        assert window.model.headerData(0, Qt.Orientation.Horizontal) == "Unité"
        assert window.limit_box.specialValueText() == "sans limite"
    finally:
        for translator in translators:
            app.removeTranslator(translator)


def test_undo_texts_are_translated(qtbot: QtBot, mini: Catalogue) -> None:
    from PySide6.QtWidgets import QApplication

    from ost.gui.app import install_translators
    from ost.gui.main_window import MainWindow

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    translators = install_translators(app, "fr")
    try:
        window = MainWindow(mini, lang="fr")
        window.add_unit("captain")
        assert window.undo_stack.undoText() == "Ajouter Capitaine"
        window.undo_stack.setClean()
        window.close()
    finally:
        for translator in translators:
            app.removeTranslator(translator)
