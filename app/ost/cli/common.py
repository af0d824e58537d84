"""What every sub-command shares: exit codes, the language, opening the catalogue."""

from __future__ import annotations

import locale
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the store and the services load with the sub-command that needs them, not for --version
    from ost.store import CatalogueStore

EXIT_OK, EXIT_NOT_LEGAL, EXIT_UNREADABLE = 0, 1, 2


def default_lang() -> str:
    """``$OST_LANG``, else the system language when it is English, else French."""
    env = os.environ.get("OST_LANG", "").lower()
    if env in ("fr", "en"):
        return env
    try:
        code = locale.getlocale()[0] or os.environ.get("LANG", "")
    except ValueError:
        code = os.environ.get("LANG", "")
    return "en" if code.lower().startswith("en") else "fr"


def say(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def open_catalogue(db: Path | str | None, lang: str) -> CatalogueStore:
    """Open the catalogue database; a rebuild or a bad source goes to stderr (a first build goes unsaid)."""
    from ost.services import open_catalogue as _open_catalogue

    opened = _open_catalogue(db)
    if opened.notice is not None and opened.notice.kind != "built":
        print(f"ost: {opened.notice.message(lang)}", file=sys.stderr)
    return opened.store
