"""What every sub-command shares: exit codes, the language, terminal-safe output."""

from __future__ import annotations

import io
import locale
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ost.core.i18n import as_lang

if TYPE_CHECKING:  # the store and the services load with the sub-command that needs them, not for --version
    from ost.store import CatalogueStore

EXIT_OK, EXIT_NOT_LEGAL, EXIT_UNREADABLE = 0, 1, 2


def default_lang() -> str:
    """``$OST_LANG``, else the system's language when it names French or English, else French.

    The POSIX variables are read as they are: Python reports the C locale
    (``LANG=C.UTF-8``, a bare container) as ``en_US``, which is no choice of
    the user's. Without them (Windows), the locale Python reports decides.
    """
    env = os.environ.get("OST_LANG", "").lower()
    if env in ("fr", "en"):
        return env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return as_lang(value)
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return as_lang(code)


def say(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


#: What a terminal would obey rather than show: C0 controls (ESC starts escape sequences, OSC retitles the
#: window, NUL, BEL...), DEL, C1 controls (U+0080–U+009F; U+009B is a one-character CSI) and the Unicode
#: bidirectional overrides and isolates, which reorder what is shown ("Trojan Source").
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def safe_text(text: str) -> str:
    r"""``text`` with every control character shown as ``\uXXXX`` instead of obeyed (tabs and newlines kept).

    The escape is also a valid JSON string escape, so JSON output stays valid
    and decodes back to the original text.
    """
    return _UNSAFE.sub(_escape, text)


class TerminalSafe(io.TextIOBase):
    """A text stream that escapes control characters on the way to a terminal (see :func:`safe_text`).

    Every ``ost`` sub-command writes through it, so no name or text read from
    a file (a list, a roster, BattleScribe data) can send escape sequences to
    the user's terminal. ``raw`` is the stream underneath, for the progress
    bar's carriage returns (it escapes the names it shows itself).
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.raw = stream

    def write(self, text: str) -> int:
        self.raw.write(safe_text(text))
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "encoding", "utf-8")


def open_catalogue(db: Path | str | None, lang: str) -> CatalogueStore:
    """Open the catalogue database; a rebuild or a bad source goes to stderr (a first build goes unsaid)."""
    from ost.services import open_catalogue as _open_catalogue

    opened = _open_catalogue(db)
    if opened.notice is not None and opened.notice.kind != "built":
        print(f"ost: {opened.notice.message(lang)}", file=sys.stderr)
    return opened.store
