"""The settings file is where platformdirs says, without importing it before the first paint (issue 22)."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from ost.gui.settings import default_settings_path


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
