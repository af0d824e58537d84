"""The GUI's settings file: recent lists, language, printing, Legends, window geometry.

A small JSON file with a ``schema_version`` and a chain of migrations, like
every file Ost writes. It is passed to the windows that need it; nothing
reads it behind their back.
"""

from __future__ import annotations

import contextlib
import json
import os
import posixpath
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ost.core.fileio import atomic_write

SETTINGS_VERSION = 1
MAX_RECENT = 10
#: The values ``paper`` and ``card_size`` may take (those of ost.pdf.common.Paper and CardSize).
PAPERS = ("a4", "letter")
CARD_SIZES = ("poker", "a6")

#: ``MIGRATIONS[n]`` turns a version-``n`` settings document into version ``n + 1``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def default_settings_path() -> Path:
    return _config_dir() / "settings.json"


def _config_dir() -> Path:
    """Ost's folder of the user's configuration: :func:`platformdirs.user_config_dir`'s answer."""
    found = _xdg_dir("XDG_CONFIG_HOME", ".config")
    if found is not None:
        return found
    import platformdirs

    return Path(platformdirs.user_config_dir("ost", appauthor=False))


def default_autosave_dir() -> Path:
    """The autosaves' folder, in Ost's folder of the user's data (:func:`platformdirs.user_data_dir`'s answer)."""
    found = _xdg_dir("XDG_DATA_HOME", ".local/share")
    if found is None:
        import platformdirs

        found = Path(platformdirs.user_data_dir("ost", appauthor=False))
    return found / "autosave"


def _xdg_dir(variable: str, under_home: str) -> Path | None:
    """Ost's folder by the XDG rule platformdirs applies on Linux, None where platformdirs must answer.

    With an absolute ``$variable`` or ``$HOME`` the rule is applied here
    (that variable, else ``under_home`` in the home folder): importing
    platformdirs costs the window's start 3 ms. Anything else asks platformdirs.
    """
    if sys.platform == "linux":
        xdg, home = os.environ.get(variable, ""), os.environ.get("HOME", "")
        if posixpath.isabs(xdg):
            return Path(xdg) / "ost"
        if posixpath.isabs(home):
            return Path(home) / under_home / "ost"
    return None


class Settings:
    """What the window remembers between sessions (see the module).

    A plain class, not a dataclass: importing :mod:`dataclasses` and making
    one costs the window's start about 1.5 ms before its first paint.
    """

    __slots__ = ("card_size", "geometry", "lang", "last_folder", "legends", "paper", "path", "read_only", "recent")

    def __init__(
        self,
        path: Path,
        recent: list[str] | None = None,
        lang: str | None = None,
        last_folder: str | None = None,
        geometry: str | None = None,
        paper: str = "a4",
        card_size: str = "poker",
        legends: bool = False,
        read_only: bool = False,
    ) -> None:
        self.path = path
        self.recent: list[str] = recent if recent is not None else []
        self.lang = lang
        self.last_folder = last_folder
        self.geometry = geometry
        #: Paper of the army sheet and report ("a4", "letter") and size of the reference cards ("poker", "a6").
        self.paper = paper
        self.card_size = card_size
        #: Whether Legends datasheets count as available (ValidatorOptions.legends_available).
        self.legends = legends
        #: True when the file was written by a newer Ost: it is read, never overwritten.
        self.read_only = read_only

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # (mutable: as the dataclass it was)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"Settings({fields})"

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings; a missing or damaged file gives the defaults (and is kept aside)."""
        path = path or default_settings_path()
        settings = cls(path=path)
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return settings
        except (OSError, ValueError):
            _keep_aside(path)
            return settings
        if not isinstance(document, dict):
            _keep_aside(path)
            return settings
        version = document.get("schema_version", 1)
        if isinstance(version, int) and not isinstance(version, bool) and version > SETTINGS_VERSION:
            settings.read_only = True  # written by a newer Ost: use defaults, leave its file alone
            return settings
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            _keep_aside(path)
            return settings
        while version < SETTINGS_VERSION:
            migration = MIGRATIONS.get(version)
            if migration is None:
                _keep_aside(path)
                return cls(path=path)
            document = migration(document)
            version += 1
        recent = document.get("recent", [])
        settings.recent = [r for r in recent if isinstance(r, str)][:MAX_RECENT] if isinstance(recent, list) else []
        settings.lang = document.get("lang") if document.get("lang") in ("fr", "en") else None
        settings.last_folder = document.get("last_folder") if isinstance(document.get("last_folder"), str) else None
        settings.geometry = document.get("geometry") if isinstance(document.get("geometry"), str) else None
        settings.paper = document.get("paper") if document.get("paper") in PAPERS else "a4"
        settings.card_size = document.get("card_size") if document.get("card_size") in CARD_SIZES else "poker"
        settings.legends = document.get("legends") is True
        return settings

    def save(self) -> None:
        if self.read_only:
            return
        document = {
            "schema_version": SETTINGS_VERSION,
            "recent": self.recent[:MAX_RECENT],
            "lang": self.lang,
            "last_folder": self.last_folder,
            "geometry": self.geometry,
            "paper": self.paper,
            "card_size": self.card_size,
            "legends": self.legends,
        }
        with contextlib.suppress(OSError):  # settings are a convenience: never lose work over them
            atomic_write(self.path, (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))

    def add_recent(self, path: Path) -> None:
        text = str(path)
        self.recent = [text, *(r for r in self.recent if r != text)][:MAX_RECENT]
        self.last_folder = str(path.parent)


_FIELDS = ("path", "recent", "lang", "last_folder", "geometry", "paper", "card_size", "legends", "read_only")


def _keep_aside(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.replace(path.with_suffix(".damaged.json"))
