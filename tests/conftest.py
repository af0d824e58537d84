"""Shared fixtures: a Qt platform without a screen, test catalogues, temp databases."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["OST_LANG"] = "fr"

from helpers import mini_catalogue
from ost.core.catalogue import Catalogue
from ost.core.resources import shipped_catalogue_dir
from ost.formats.catalog_source import read_catalogue

# No deadline: Hypothesis's default (200 ms an example) is a wall-clock limit that fails under load.
settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


GUI_TESTS = Path(__file__).resolve().parent / "gui"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``gui`` what drives Qt widgets: every test of tests/gui/, and any other test that takes ``qtbot``.

    So ``-m "not gui"`` runs without a display and ``-m gui`` runs all of the window.

    Where the BattleScribe reader runs compiled (``ost.formats.bsdata.native``: a build of this source is in
    ``build/native/``), a test that replaces one of its functions is skipped: the compiled modules call each
    other directly. ``./dev.sh test`` runs those again with ``OST_NATIVE=`` (the Python source) and
    ``OST_PYTHON_READER_ONLY=1``, which keeps only them (beside any ``-m`` given).
    """
    from ost.formats.bsdata import native

    compiled = native.active()
    on_source = pytest.mark.skip(reason="replaces a reader function: run on its Python source (OST_NATIVE=)")
    for item in items:
        if item.path.is_relative_to(GUI_TESTS) or "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)
        if compiled and item.get_closest_marker("python_reader"):
            item.add_marker(on_source)
    if os.environ.get("OST_PYTHON_READER_ONLY"):
        kept = [item for item in items if item.get_closest_marker("python_reader")]
        left = [item for item in items if not item.get_closest_marker("python_reader")]
        if left:
            config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test touches the user's real catalogue database.

    Nor does a first start copy the checkout's seed database (``build/seed/``, ost.store.seed): tests build the
    shipped catalogue from its YAML, as they expect; tests/store/test_seed.py names its own seeds.
    """
    db = tmp_path / "catalogue.sqlite"
    monkeypatch.setenv("OST_DB", str(db))
    monkeypatch.setenv("OST_SEED", "")
    return db


@pytest.fixture(autouse=True)
def _no_unexpected_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal dialog would wait forever for a click: make it fail the test instead.

    Tests that expect a dialog patch the method themselves (their patch wins).
    """
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    def refuse(*args: object, **_kwargs: object) -> None:
        raise AssertionError(f"unexpected dialog: {args[1:3]}")

    for name in ("question", "warning", "critical", "information", "about"):
        monkeypatch.setattr(QMessageBox, name, refuse)
    for name in ("getOpenFileName", "getSaveFileName", "getExistingDirectory"):
        monkeypatch.setattr(QFileDialog, name, refuse)


@pytest.fixture(scope="session")
def mini() -> Catalogue:
    return mini_catalogue()


@pytest.fixture
def mini_db(tmp_path: Path, mini: Catalogue) -> Path:
    """A real SQLite catalogue database holding the test catalogue."""
    from ost.store import CatalogueStore

    path = tmp_path / "mini.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(mini)
    return path


@pytest.fixture(scope="session")
def shipped() -> Catalogue:
    return read_catalogue(shipped_catalogue_dir())
