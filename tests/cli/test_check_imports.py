"""What ``ost check`` imports (issue 22): a roster check loads no text reader, a text check still reads its text;
a roster check loads nothing only a rarer path needs (the parser, hashing, the locale, base64...).

Every list format registers itself at each start (``ost.formats.lists.registry``);
registering is light, and each format's reader is imported the first time it
reads. Run in a subprocess, as a user's command is: the modules a test run
already holds would hide any import.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import EXAMPLES, SHARED, sample_database
from ost.formats.lists.listreader import read_list_file
from ost.formats.lists.text import export_text
from ost.store import CatalogueStore

ROSTER = SHARED / "rosters-9e" / "necrons-95-immortals.rosz"

#: Runs ``ost check`` on each file in turn, in one process, and says after each which modules it holds.
PROBE = """\
import sys
from ost.cli.main import _main
db, lang, *files = sys.argv[1:]
for path in files:
    try:
        _main(['--db', db, '--lang', lang, 'check', path])
    except SystemExit:
        pass
    text = sorted(m for m in sys.modules if m.startswith('ost.formats.lists.text'))
    roster = sorted(m for m in sys.modules if m.startswith('ost.formats.lists.roster.'))
    print('AFTER', path, 'TEXT', text, 'ROSTER', roster, file=sys.stderr)
"""

#: What registering the text format imports: the package (its names load lazily) and the format's declaration.
TEXT_REGISTERED = ["ost.formats.lists.text", "ost.formats.lists.text.format"]


def _probe(db: Path, lang: str, *files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PROBE, str(db), lang, *map(str, files)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(EXAMPLES.parent / "app")},
        timeout=120,
    )


def _after(done: subprocess.CompletedProcess[str], path: Path) -> str:
    return next(line for line in done.stderr.splitlines() if line.startswith(f"AFTER {path} "))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_roster_check_imports_no_text_reader_and_a_text_check_still_reads(tmp_path: Path, lang: str) -> None:
    if not ROSTER.is_file():
        pytest.skip("needs the real rosters in ../shared/rosters-9e")
    db = sample_database(tmp_path / "c.sqlite")
    with CatalogueStore(db) as store:
        catalogue = store.load()
    written = tmp_path / "immortals.txt"  # the real roster written as text: what a player pastes
    written.write_text(export_text(read_list_file(ROSTER, catalogue).army, catalogue, lang), encoding="utf-8")

    done = _probe(db, lang, ROSTER, written)

    after_roster = _after(done, ROSTER)
    assert f"TEXT {TEXT_REGISTERED} " in after_roster, done.stderr[-2000:]  # no grammar, reader, models, decoding
    assert "ost.formats.lists.roster.reader" in after_roster  # (the roster was read)
    after_text = _after(done, written)
    assert "ost.formats.lists.text.reader" in after_text  # the text reader loaded when first needed…
    assert "ost.formats.lists.text.grammar" in after_text
    verdict = "RÉGLEMENTAIRE" if lang == "fr" else "LEGAL"
    assert done.stdout.count(verdict) == 2, done.stdout[-3000:]  # …and both lists were checked
    reading = "Lecture (texte)" if lang == "fr" else "Reading (text)"
    assert reading in done.stdout
    assert "Immortals" in done.stdout


def test_a_text_check_imports_no_roster_reader(tmp_path: Path) -> None:
    """The other way round: reading pasted text loads none of the BattleScribe roster reader."""
    db = sample_database(tmp_path / "c.sqlite")
    listed = tmp_path / "list.txt"
    listed.write_text("++ Patrol Detachment (Necrons) ++\n\nImmortals [5 PL, 85pts]: 5x Immortal\n", encoding="utf-8")

    after = _after(_probe(db, "en", listed), listed)

    assert "ROSTER ['ost.formats.lists.roster.files', 'ost.formats.lists.roster.format']" in after, after
    assert "ost.formats.lists.text.reader" in after


def test_the_packages_offer_their_names_lazily() -> None:
    """``from ost.formats.lists.text import read_text`` (and the roster's names) still work, loading the module then."""
    from ost.formats.lists import roster, text

    assert text.read_text.__module__ == "ost.formats.lists.text.reader"
    assert text.MAX_LINES > 0
    assert roster.read_roster.__module__ == "ost.formats.lists.roster.reader"
    assert roster.MAX_XML_BYTES > roster.MAX_ARCHIVE_BYTES > 0
    assert {"read_text", "export_text", "parse_header"} <= set(dir(text))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = text.nothing


#: What a roster check never needs (issue 22: each is imported where a rarer path needs it): the command-line
#: parser (a plain check reads its words itself), hashing and OpenSSL (the shipped sources' stamp is kept as
#: text), the locale (the language is given), base64 (share codes only), the browse table (``catalogue list``)
#: and the changes since a list was saved (``.ost`` lists only).
NOT_FOR_A_ROSTER = [
    "argparse",
    "hashlib",
    "_hashlib",
    "locale",
    "gettext",
    "base64",
    "ost.store.browsing",
    "ost.core.changes",
]

#: Runs ``ost check`` as the program does (its words read from ``sys.argv``), then says what it imported.
PROGRAM_PROBE = """\
import sys
from ost.cli.main import _main
db, lang, path, *names = sys.argv[1:]
sys.argv = ['ost', '--db', db, '--lang', lang, 'check', path]
code, _ = _main(None)
print('CODE', code, 'HELD', [name for name in names if name in sys.modules], file=sys.stderr)
"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_roster_check_imports_nothing_a_rarer_path_needs(tmp_path: Path, lang: str) -> None:
    if not ROSTER.is_file():
        pytest.skip("needs the real rosters in ../shared/rosters-9e")
    db = sample_database(tmp_path / "c.sqlite")
    listed = EXAMPLES / "legal" / "space-marines-2000.ost"
    held = {}
    for path in (ROSTER, listed):
        done = subprocess.run(
            [sys.executable, "-c", PROGRAM_PROBE, str(db), lang, str(path), *NOT_FOR_A_ROSTER],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(EXAMPLES.parent / "app")},
            timeout=120,
        )
        line = next(line for line in done.stderr.splitlines() if line.startswith("CODE "))
        held[path] = line
        assert ("RÉGLEMENTAIRE" if lang == "fr" else "LEGAL") in done.stdout, done.stdout[-2000:]  # (checked)
    assert held[ROSTER].endswith(" HELD []"), held[ROSTER]
    assert held[listed].endswith(" HELD ['ost.core.changes']"), held[listed]  # (a saved list: what changed since)
