"""Autosave: written seconds after the first unsaved edit and on focus loss, absolute paths, damaged files set aside.

Timing is checked on the timer's settings and by firing it, never by waiting.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from helpers import ListBuilder
from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.gui import autosave
from ost.gui.autosave import Autosaver
from ost.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def saver(qtbot: QtBot, tmp_path: Path) -> Iterator[Autosaver]:
    autosaver = Autosaver(tmp_path / "autosave")
    yield autosaver
    autosaver.clear()
    autosaver.release()


@pytest.fixture
def army(mini: Catalogue) -> ArmyList:
    b = ListBuilder(mini, 1000, name="Sauvée")
    b.add("captain")
    return b.army


class FakeClock:
    """Stands in for the QElapsedTimer that measures how long the first unsaved edit has waited."""

    def __init__(self) -> None:
        self.now = 0

    def start(self) -> None:
        self.now = 0

    def invalidate(self) -> None:
        self.now = -1

    def isValid(self) -> bool:
        return self.now >= 0

    def elapsed(self) -> int:
        return self.now


def test_first_edit_is_written_within_seconds(saver: Autosaver, army: ArmyList) -> None:
    saver.mark_dirty(army, None)
    assert saver.timer.isActive() and saver.timer.isSingleShot()
    assert saver.timer.interval() <= autosave.DEBOUNCE_MS <= 5_000
    saver.timer.timeout.emit()  # the tick comes
    assert saver.list_path.exists()
    assert listfile.load(saver.list_path).name == "Sauvée"


def test_edits_are_debounced_but_never_wait_past_the_maximum(
    saver: Autosaver,
    army: ArmyList,
) -> None:
    clock = FakeClock()
    saver._first_edit = clock  # type: ignore[assignment]
    saver.mark_dirty(army, None)
    assert saver.timer.interval() == autosave.DEBOUNCE_MS
    clock.now = 1_000  # another edit a second later: the quiet time starts again
    saver.mark_dirty(army, None)
    assert saver.timer.interval() == autosave.DEBOUNCE_MS
    clock.now = autosave.MAX_DELAY_MS - 300  # still editing near the maximum: written by then
    saver.mark_dirty(army, None)
    assert saver.timer.interval() == 300
    clock.now = autosave.MAX_DELAY_MS + 1_000
    saver.mark_dirty(army, None)
    assert saver.timer.interval() == 0
    assert saver.save_now() and not clock.isValid()  # the next edit starts a new wait
    saver.mark_dirty(army, None)
    assert clock.isValid() and saver.timer.interval() == autosave.DEBOUNCE_MS


def test_losing_focus_writes_at_once(saver: Autosaver, army: ArmyList) -> None:
    saver.mark_dirty(army, None)
    assert not saver.list_path.exists()
    app = QGuiApplication.instance()
    assert isinstance(app, QGuiApplication)
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationInactive)
    assert saver.list_path.exists()


def test_nothing_written_on_focus_loss_without_edits(saver: Autosaver) -> None:
    app = QGuiApplication.instance()
    assert isinstance(app, QGuiApplication)
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationInactive)
    assert not saver.list_path.exists()


def test_the_original_is_recorded_as_an_absolute_path(
    saver: Autosaver,
    army: ArmyList,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    saver.mark_dirty(army, Path("listes/ma-liste.ost"))
    assert saver.save_now()
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    assert meta["original"] == str(tmp_path / "listes" / "ma-liste.ost")
    assert Path(meta["original"]).is_absolute()


def _crashed_session(folder: Path, name: str, army: ArmyList, meta: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    listfile.save(army, folder / f"{name}.ost")
    if meta is not None:
        text = meta if isinstance(meta, str) else json.dumps(meta)
        (folder / f"{name}.json").write_text(text, encoding="utf-8")
    return folder / f"{name}.ost"


@pytest.mark.parametrize(
    "meta",
    [
        [],
        "null",
        '"just text"',
        "{broken",
        {"original": 5, "saved_at": "2026-01-01"},
        {"original": "relative/list.ost", "saved_at": "2026-01-01"},
        {"original": ["/a"], "saved_at": "2026-01-01"},
        {"original": None, "saved_at": 12},
        "\x00\x01",
    ],
)
def test_a_damaged_sidecar_is_set_aside_and_the_list_still_offered(
    qtbot: QtBot,
    tmp_path: Path,
    army: ArmyList,
    meta: object,
) -> None:
    folder = tmp_path / "autosave"
    _crashed_session(folder, "aaaa", army, meta)
    _crashed_session(folder, "bbbb", army, {"original": str(tmp_path / "b.ost"), "saved_at": "2026-01-02"})
    saver = Autosaver(folder)
    found = saver.leftovers()
    assert len(found) == 2  # the damaged sidecar hides nothing
    assert found[0].original is None and found[1].original == tmp_path / "b.ost"
    assert [item.path.name for item in saver.set_aside] == ["aaaa.json"]
    assert (folder / "damaged" / "aaaa.json").exists() and not (folder / "aaaa.json").exists()
    assert "aaaa.json" in saver.set_aside[0].message("fr") and "mise de côté" in saver.set_aside[0].message("fr")
    assert saver.leftovers() and saver.set_aside == saver.set_aside[:1]  # not reported twice


@pytest.mark.parametrize("content", ["not json", "[]", '{"schema_version": 99}', "\xff\xfe"])
def test_a_damaged_autosave_is_set_aside_and_never_hides_the_others(
    qtbot: QtBot,
    tmp_path: Path,
    army: ArmyList,
    content: str,
) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / "0000.ost").write_text(content, encoding="utf-8")
    (folder / "0000.json").write_text("{}", encoding="utf-8")
    _crashed_session(folder, "ffff", army, {"original": None, "saved_at": "x"})
    saver = Autosaver(folder)
    found = saver.leftovers()
    assert [f.army.name for f in found] == ["Sauvée"]
    assert {item.path.name for item in saver.set_aside} == {"0000.ost", "0000.json"}
    assert (folder / "damaged" / "0000.ost").read_text(encoding="utf-8") == content


def test_what_was_set_aside_is_said_in_both_languages(qtbot: QtBot, tmp_path: Path, army: ArmyList) -> None:
    folder = tmp_path / "autosave"
    _crashed_session(folder, "cccc", army, {"original": "relative.ost", "saved_at": "x"})
    saver = Autosaver(folder)
    saver.leftovers()
    [item] = saver.set_aside
    moved = folder / "damaged" / "cccc.json"
    assert item.message("fr") == (
        f"Sauvegarde automatique illisible mise de côté ({moved}) : l'emplacement de la liste n'est pas absolu"
    )
    assert item.message("en") == f"Unreadable autosave set aside ({moved}): the list's place is not an absolute path"


def test_the_window_reports_what_was_set_aside_then_offers_the_rest(
    qtbot: QtBot,
    mini: Catalogue,
    tmp_path: Path,
    army: ArmyList,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "autosave"
    _crashed_session(folder, "aaaa", army, [])
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *_a, **_k: warnings.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    window = MainWindow(mini, lang="en", autosave_dir=folder)
    window.documents.recover_autosaves()
    assert len(warnings) == 1 and "set aside" in warnings[0] and "aaaa.json" in warnings[0]
    assert [u.datasheet for _, u in window.army.units()] == ["captain"]
    window.undo_stack.setClean()
    window.close()
