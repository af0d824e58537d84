"""``ost check FILE...``: validate lists (Ost, BattleScribe rosters, pasted text), as text or JSON.

``--report report.html|report.json`` also writes one row per list for a
tournament organiser.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TextIO

from ost.cli.common import EXIT_NOT_LEGAL, EXIT_OK, EXIT_UNREADABLE, load_catalogue, open_catalogue, say
from ost.core.reporting import JSON_FORMAT_VERSION, report_data, report_text
from ost.core.sharecode import looks_like_code
from ost.core.validator import ValidatorOptions
from ost.services import REPORT_SUFFIXES, CheckResult, batch_row, check_files, write_batch_report

if TYPE_CHECKING:
    import argparse

    from ost.core.armylist import ArmyList
    from ost.core.catalogue import Catalogue
    from ost.core.changes import UnitChange

#: What ``--format`` accepts.
FORMATS = ("text", "json")


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "check",
        help="check army lists against the rules (.ost, BattleScribe .ros/.rosz, pasted text)",
    )
    check.set_defaults(handler=run)
    check.add_argument("files", nargs="+", type=Path, help="list files or folders (.ost, .ros, .rosz, .txt)")
    check.add_argument("--catalogue", "--catalog", dest="catalogue_db", type=Path, help="catalogue database")
    check.add_argument("--format", choices=FORMATS, default="text")
    check.add_argument(
        "--report", type=Path, metavar="FILE", help="also write a one-row-per-list report (.html or .json)"
    )
    check.add_argument(
        "--as-priced",
        action="store_true",
        help="check with the prices each list states (a roster's costs, a text's [N pts]) instead of "
        "the catalogue's, for a tournament that fixed its points file",
    )
    check.add_argument(
        "--legends", action="store_true", help="Legends datasheets count as available for the exhaustion exception"
    )


#: The options of ``check`` :func:`plain_args` reads (its flags, then those that take a value): name -> field.
_FLAGS = {"--as-priced": "as_priced", "--legends": "legends"}
_VALUED = {"--catalogue": "catalogue_db", "--catalog": "catalogue_db", "--format": "format", "--report": "report"}


def plain_args(words: Sequence[str], args: SimpleNamespace) -> SimpleNamespace | None:
    """The words after ``check`` read into ``args`` as the parser reads them (:func:`register`), or None.

    Plain words only: the options by their whole names (``--format json`` or
    ``--format=json``), the global ``--db`` and ``--lang`` again, and the
    files as one run of words. Anything else (help, ``--``, an abbreviated or
    unknown option, a value the parser would refuse, no file, files split by
    an option) gives None: the parser reads those words, and says what is
    wrong. Spares a check the parser and :mod:`argparse` (see
    :func:`ost.cli.main._plain_command_args`).
    """
    from ost.cli.common import LANGS
    from ost.cli.main import read_option_value

    found: dict[str, Any] = {
        "files": [], "catalogue_db": None, "format": "text", "report": None, "as_priced": False, "legends": False,
    }  # fmt: skip
    files_ended = False  # the parser reads the files as one run of words: a file after an option is refused
    position = 0
    while position < len(words):
        word = words[position]
        if not word.startswith("-"):
            if files_ended:
                return None
            found["files"].append(Path(word))
            position += 1
            continue
        files_ended = files_ended or bool(found["files"])
        if word in _FLAGS:
            found[_FLAGS[word]] = True
            position += 1
            continue
        name, value, position = read_option_value(words, position)
        if value is None:
            return None
        if name in _VALUED and (name != "--format" or value in FORMATS):
            found[_VALUED[name]] = value if name == "--format" else Path(value)
        elif name == "--db" or (name == "--lang" and value in LANGS):
            setattr(args, name[2:], Path(value) if name == "--db" else value)
        else:
            return None
    if not found["files"]:
        return None
    for key, value in found.items():
        setattr(args, key, value)
    args.handler = run
    return args


def _reading_lines(result: CheckResult, lang: str) -> list[str]:
    reading = result.reading
    if reading is None:
        return []
    if reading.format == "ost":  # Ost's own list: any text repaired as it was read, what its migration means for it
        return [f"  ⚠ {w.message(lang)}" for w in reading.warnings] + [f"  ℹ {n.message(lang)}" for n in reading.notes]
    return [f"  {line}" for line in reading.lines(lang)]


def _changes(army: ArmyList, catalogue: Catalogue) -> list[UnitChange]:
    """What changed in the catalogue since ``army`` was saved (its module loaded only for a saved list)."""
    from ost.core.changes import catalogue_changes

    return catalogue_changes(army, catalogue)


def _shown(path: Path) -> str:
    """The file's name as printed: a share code given in place of a file is cut to its start."""
    text = str(path)
    if looks_like_code(text) and len(text) > SHOWN_CODE:
        return f"{text[:SHOWN_CODE]}…"
    return text


#: Characters of a share code shown as the title of its result.
SHOWN_CODE = 24


def run(args: argparse.Namespace | SimpleNamespace, lang: str, out: TextIO) -> int:
    report_path: Path | None = args.report
    if report_path is not None and report_path.suffix.lower() not in REPORT_SUFFIXES:
        print(
            say(lang, "ost: le rapport doit finir par .html ou .json", "ost: the report must end in .html or .json"),
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    db = args.catalogue_db or args.db
    with open_catalogue(db, lang) as store:
        # The datasheets the lists use are read whole, the others' facts only (what validation asks of them).
        catalogue = load_catalogue(store, one_shot=getattr(args, "one_shot", False))
    worst = EXIT_OK
    results: list[dict[str, Any]] = []
    checked = 0
    rows = []  # for ``--report`` only
    options = ValidatorOptions(as_priced=args.as_priced, legends_available=args.legends)
    for result in check_files(args.files, catalogue, options=options):
        checked += 1
        if report_path is not None:
            rows.append(batch_row(result))
        if result.error is not None or result.army is None or result.report is None:
            worst = EXIT_UNREADABLE
            if args.format == "json":
                results.append({"file": str(result.path), "error": result.error})
            else:
                # The reader's message starts with the file's name already: say it once.
                if result.failure is not None:
                    reason = result.failure.reason(lang)
                else:
                    reason = (result.error or "").removeprefix(f"{result.path}: ")
                print(f"{_shown(result.path)}: {say(lang, 'illisible', 'unreadable')} — {reason}", file=out)
            continue
        if not result.report.legal and worst == EXIT_OK:
            worst = EXIT_NOT_LEGAL
        # What changed since the list was saved, from its snapshots (a roster or a text has no past).
        saved = result.reading is None or result.reading.format == "ost"
        changes = _changes(result.army, catalogue) if saved else []
        if args.format == "json":
            data = {"file": str(result.path), **report_data(result.army, result.report)}
            if result.reading is not None:
                data["reading"] = result.reading.to_data()
            data["changes"] = [change.to_data() for change in changes]
            results.append(data)
        else:
            print(report_text(result.army, result.report, lang, title=_shown(result.path)), file=out)
            for line in _reading_lines(result, lang):
                print(line, file=out)
            if changes:
                print(say(lang, "  Depuis l'enregistrement de la liste :", "  Since the list was saved:"), file=out)
            # Units of one name read alike: say each message once, with how many units it concerns.
            said: dict[str, int] = {}
            for change in changes:
                said[change.message(lang)] = said.get(change.message(lang), 0) + 1
            for message, times in said.items():
                print(f"    ↻ {message}" + (f" (×{times})" if times > 1 else ""), file=out)
    if args.format == "json":
        import json

        json.dump({"format_version": JSON_FORMAT_VERSION, "results": results}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    if not checked:
        print(say(lang, "ost: aucun fichier de liste trouvé", "ost: no list file found"), file=sys.stderr)
        return EXIT_UNREADABLE
    if report_path is not None:
        try:
            from datetime import datetime

            write_batch_report(report_path, rows, lang, generated=datetime.now().strftime("%Y-%m-%d %H:%M"))
        except OSError as exc:
            print(f"ost: {report_path}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_UNREADABLE
        print(
            say(lang, f"Rapport écrit : {report_path}", f"Report written: {report_path}"),
            file=sys.stderr,
        )
    return worst
