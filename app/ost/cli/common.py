"""What every sub-command shares: exit codes, the language, opening the catalogue."""

from __future__ import annotations

import locale
import os

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
