"""The settings file is where platformdirs says, without importing it before the first paint (issue 22)."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from ost.gui.settings import default_autosave_dir, default_settings_path


@pytest.mark.skipif(sys.platform != "linux", reason="the rule applied without platformdirs is Linux's")
@pytest.mark.parametrize(
    ("xdg", "home"),
    [
        (None, "/home/ana"),
        ("/tmp/conf", "/home/ana"),
        ("", "/home/ana/"),
        ("relative/conf", "/home/ana"),  # not absolute: ignored, as the XDG rules say
        ("  ", "/home/ana"),
        (None, "relative-home"),  # platformdirs' own answer
    ],
)
def test_the_settings_file_is_where_platformdirs_puts_it(
    monkeypatch: pytest.MonkeyPatch, xdg: str | None, home: str
) -> None:
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    monkeypatch.setenv("HOME", home)
    try:
        expected = Path(platformdirs.user_config_dir("ost", appauthor=False)) / "settings.json"
    except RuntimeError:  # platformdirs finds no home: neither does Ost
        with pytest.raises(RuntimeError):
            default_settings_path()
        return
    assert default_settings_path() == expected


@pytest.mark.skipif(sys.platform != "linux", reason="the rule applied without platformdirs is Linux's")
@pytest.mark.parametrize(
    ("xdg", "home"),
    [
        (None, "/home/ana"),
        ("/tmp/data", "/home/ana"),
        ("", "/home/ana/"),
        ("relative/data", "/home/ana"),
        ("  ", "/home/ana"),
        (None, "relative-home"),
    ],
)
def test_the_autosaves_are_where_platformdirs_puts_the_data(
    monkeypatch: pytest.MonkeyPatch, xdg: str | None, home: str
) -> None:
    """The autosaves' folder too, found at the window's start without importing platformdirs."""
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    monkeypatch.setenv("HOME", home)
    try:
        expected = Path(platformdirs.user_data_dir("ost", appauthor=False)) / "autosave"
    except RuntimeError:
        with pytest.raises(RuntimeError):
            default_autosave_dir()
        return
    assert default_autosave_dir() == expected
