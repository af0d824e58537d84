"""PySide6's import hook asks ost.gui's quick test whether a module uses PySide6, and gets its own answer (issue 22)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import ost.gui
import ost.gui.app  # (the window's modules: Qt's, Ost's, the standard library's)
import ost.gui.main_window
from ost.gui import _uses_pyside


def _check() -> object:
    feature = sys.modules["shibokensupport.feature"]
    return feature._mod_uses_pyside  # type: ignore[attr-defined]


def test_the_quick_check_is_installed() -> None:
    quick = _check()
    assert getattr(quick, "__wrapped__", None) is not None  # ours, wrapping PySide6's
    assert getattr(quick, "__name__", "") == "_mod_uses_pyside"


def test_the_quick_check_answers_as_pyside_does() -> None:
    quick = _check()
    original = quick.__wrapped__  # type: ignore[attr-defined]
    modules = [module for module in list(sys.modules.values()) if isinstance(module, ModuleType)]
    assert len(modules) > 200
    answers = {module.__name__: quick(module) for module in modules}  # type: ignore[operator]
    assert answers == {module.__name__: original(module) for module in modules}
    assert answers["ost.gui.main_window"] is True and answers["ost.core.catalogue"] is False
    assert answers["sys"] is False  # built in: no source


def test_a_module_whose_file_cannot_be_read_is_asked_the_original_way() -> None:
    quick = _check()
    gone = ModuleType("gone")
    gone.__file__ = "/nonexistent/gone.py"
    assert quick(gone) is False  # type: ignore[operator]
    assert ost.gui.__file__ is not None and quick(ost.gui) is True  # type: ignore[operator]  (its source names PySide6)


def test_the_original_is_asked_only_where_no_source_file_opens(tmp_path: Path) -> None:
    """A readable ``.py`` file is read here; anything else (no file, one gone, a ``.pyc``) goes to PySide6."""
    asked: list[str] = []

    def original(module: ModuleType) -> bool:
        asked.append(module.__name__)
        return True

    quick = _uses_pyside(original)
    plain = tmp_path / "plain.py"
    plain.write_text("import os\n", encoding="utf-8")
    user = tmp_path / "user.py"
    user.write_text("from PySide6 import QtCore\n", encoding="utf-8")
    modules = {name: ModuleType(name) for name in ("plain", "user", "gone", "compiled", "builtin")}
    modules["plain"].__file__ = str(plain)
    modules["user"].__file__ = str(user)
    modules["gone"].__file__ = str(tmp_path / "gone.py")
    modules["compiled"].__file__ = str(tmp_path / "compiled.pyc")
    answers = {name: quick(module) for name, module in modules.items()}
    assert answers == {"plain": False, "user": True, "gone": True, "compiled": True, "builtin": True}
    assert asked == ["gone", "compiled", "builtin"]
