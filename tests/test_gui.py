"""The window, driven with pytest-qt on the offscreen platform."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ost.core.catalogue import Catalogue
from ost.gui.main_window import ID_ROLE, MainWindow

pytestmark = pytest.mark.gui


def test_browser_lists_and_filters(qtbot: QtBot, mini: Catalogue) -> None:
    window = MainWindow(mini, lang="fr")
    qtbot.addWidget(window)
    window.show()
    assert window.model.rowCount() == 2  # two factions
    window.search.setText("veterans")
    faction = window.model.index(0, 0)
    role = window.model.index(0, 0, faction)
    sheet = window.model.index(0, 0, role)
    assert sheet.data(ID_ROLE) == "tactical-vets"
    window.tree.setCurrentIndex(sheet)
    assert "Vétérans Tactiques" in window.details.toHtml()


def test_details_show_transport(qtbot: QtBot, mini: Catalogue) -> None:
    window = MainWindow(mini, lang="fr")
    qtbot.addWidget(window)
    window.search.setText("rhino")
    faction = window.model.index(0, 0)
    sheet = window.model.index(0, 0, window.model.index(0, 0, faction))
    window.tree.setCurrentIndex(sheet)
    html = window.details.toPlainText()
    assert "Rhino" in html and "10" in html


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (Debian package xvfb)")
def test_window_under_xvfb_screenshot(tmp_path: Path) -> None:
    """The real program on a virtual X screen, as the README's first command starts it."""
    shot = tmp_path / "ost.png"
    env_db = tmp_path / "c.sqlite"
    result = subprocess.run(
        [
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            sys.executable,
            "-m",
            "ost",
            "--db",
            str(env_db),
            "gui",
            "--screenshot",
            str(shot),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "OST_LANG": "fr"},
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
