"""What every sub-command shares: exit codes, the language, terminal-safe output."""

from __future__ import annotations

import gc
import io
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # the store and the services load with the sub-command that needs them, not for --version
    from ost.core.catalogue import Catalogue
    from ost.store import CatalogueStore

EXIT_OK, EXIT_NOT_LEGAL, EXIT_UNREADABLE = 0, 1, 2


#: The languages Ost speaks (``ost.core.i18n.LANGS``, not imported here: ``ost --version`` stays light).
LANGS = ("fr", "en")


def default_lang() -> str:
    """``$OST_LANG``, else the system's language when it names French or English, else French.

    The POSIX variables are read as they are: Python reports the C locale
    (``LANG=C.UTF-8``, a bare container) as ``en_US``, which is no choice of
    the user's. Without them (Windows), the locale Python reports decides.
    """
    from ost.core.lang import as_lang  # here: ``ost --version`` needs none; not i18n (msgspec)

    env = os.environ.get("OST_LANG", "").lower()
    if env in LANGS:
        return env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return as_lang(value)
    import locale  # here: a language given or said by the environment needs none

    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return as_lang(code)


def say(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


#: What a terminal would obey rather than show: C0 controls (ESC starts escape sequences, OSC retitles the
#: window, NUL, BEL...), DEL, C1 controls (U+0080–U+009F; U+009B is a one-character CSI) and the Unicode
#: bidirectional overrides and isolates, which reorder what is shown ("Trojan Source"); and lone surrogates
#: (U+D800–U+DFFF: a file name that is not UTF-8, a "\ud800" in JSON), which no terminal encoding can write.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


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
        shown = safe_text(text)
        try:
            self.raw.write(shown)
        except UnicodeEncodeError:  # a terminal that cannot show every letter (ASCII, Latin-1): escape the rest
            encoding = getattr(self.raw, "encoding", None) or "ascii"
            self.raw.write(shown.encode(encoding, "backslashreplace").decode(encoding, "replace"))
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


def write_failure(target: Path | str, exc: OSError, lang: str) -> str:
    """Why ``target`` could not be written, for ``ost: …`` on stderr (the sentence and its way on when Ost has one)."""
    from ost.core.fileio import OutputFileError

    if isinstance(exc, OutputFileError):
        return exc.message(lang)
    return f"{target}: {say(lang, 'écriture impossible', 'cannot write')} ({exc.strerror or exc})"


def open_catalogue(db: Path | str | None, lang: str) -> CatalogueStore:
    """Open the catalogue database; a rebuild or a bad source goes to stderr (a first build goes unsaid)."""
    from ost.services import open_catalogue as _open_catalogue

    opened = _open_catalogue(db)
    if opened.notice is not None and opened.notice.kind != "built":
        print(f"ost: {opened.notice.message(lang)}", file=sys.stderr)
    return opened.store


def load_catalogue(store: CatalogueStore, *, one_shot: bool = False) -> Catalogue:
    """The whole catalogue for a command that reads it, light (:meth:`ost.store.CatalogueStore.load`).

    Its datasheets are light: the few a command uses are read whole when first
    used, each from its row then (``deferred``: the rest of the datasheets'
    JSON is never fetched).

    Run as the program (``one_shot``: the process ends with the command,
    without tearing anything down), the cyclic garbage collector is switched
    off for the rest of it, as ``ost import`` does: what the command reads
    (the catalogue, the modules of the list readers, each list) lives until
    then or is freed by reference counting, and the collections its
    allocations trigger would only scan it again (12 of the 21 collections of
    a one-roster check, 1–2 ms). Checked in one process, 552 lists of every
    kind (rosters, texts, ``.ost``) or 300 rosters took the same time and
    peak memory (48 / 42 MB) either way: reading and checking a list leaves
    no garbage cycles worth collecting. Otherwise the collector is paused
    while the catalogue is built, as every load does.
    """
    from ost.core.collector import collector_paused

    if one_shot:
        gc.disable()
        catalogue = store.load(light=True, deferred=True)
        gc.freeze()  # (its objects out of the sight of a collection something may still ask for)
        return catalogue
    with collector_paused():
        return store.load(light=True, deferred=True)
