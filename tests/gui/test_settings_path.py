"""The settings file and the autosaves' folder are where platformdirs says, without importing it at the start.

(Issue 22.) On Linux the XDG rule is applied by Ost itself; anywhere else platformdirs is asked.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import platformdirs
import pytest

from ost.gui.settings import default_autosave_dir, default_settings_path

#: What Ost works out -> the XDG variable it reads, platformdirs' answer and what Ost puts in that folder.
PLACES: dict[str, tuple[Callable[[], Path], str, Callable[..., str], str]] = {
    "settings": (default_settings_path, "XDG_CONFIG_HOME", platformdirs.user_config_dir, "settings.json"),
    "autosaves": (default_autosave_dir, "XDG_DATA_HOME", platformdirs.user_data_dir, "autosave"),
}


@pytest.mark.skipif(sys.platform != "linux", reason="the rule applied without platformdirs is Linux's")
@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize(
    ("xdg", "home"),
    [
        (None, "/home/ana"),
        ("/tmp/xdg", "/home/ana"),
        ("", "/home/ana/"),
        ("relative/xdg", "/home/ana"),  # not absolute: ignored, as the XDG rules say
        ("  ", "/home/ana"),
        (None, "relative-home"),  # platformdirs' own answer
    ],
)
def test_ost_puts_its_files_where_platformdirs_puts_them(
    monkeypatch: pytest.MonkeyPatch, place: str, xdg: str | None, home: str
) -> None:
    ost_answer, variable, platformdirs_answer, name = PLACES[place]
    if xdg is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, xdg)
    monkeypatch.setenv("HOME", home)
    try:
        expected = Path(platformdirs_answer("ost", appauthor=False)) / name
    except RuntimeError:  # platformdirs finds no home: neither does Ost
        with pytest.raises(RuntimeError):
            ost_answer()
        return
    assert ost_answer() == expected


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize(
    ("platform", "asked"), [("linux", False), ("darwin", True), ("win32", True), ("freebsd14", True)]
)
def test_platformdirs_is_asked_anywhere_but_on_linux(
    monkeypatch: pytest.MonkeyPatch, place: str, platform: str, asked: bool
) -> None:
    """Only Linux's rule is written out in Ost (macOS and Windows have their own folders): elsewhere, platformdirs."""
    ost_answer, variable, platformdirs_answer, name = PLACES[place]
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv(variable, "/tmp/xdg")
    monkeypatch.setenv("HOME", "/home/ana")
    monkeypatch.setattr(platformdirs, platformdirs_answer.__name__, lambda *_a, **_k: "/from/platformdirs/ost")
    expected = Path("/from/platformdirs/ost" if asked else "/tmp/xdg/ost") / name
    assert ost_answer() == expected
