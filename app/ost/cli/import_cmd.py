"""``ost import bsdata PATH...``: BattleScribe data into the catalogue, with a coverage report."""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, open_catalogue, safe_text, say
from ost.core.collector import collector_paused
from ost.core.i18n import Bilingual
from ost.core.text import elide
from ost.formats.safexml import XmlInputError
from ost.services import read_and_save_bsdata, read_bsdata, reused_import, save_import
from ost.store import default_db_path

if TYPE_CHECKING:
    from ost.formats.bsdata import BsImport, BsImportWarning, Coverage
    from ost.store import CatalogueStore


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("import", help="import data from other programs into the catalogue")
    parser.set_defaults(handler=run)
    kinds = parser.add_subparsers(dest="kind", metavar="KIND", required=True)
    bsdata = kinds.add_parser(
        "bsdata",
        help="BattleScribe data files: a folder, .gst/.cat files or .gstz/.catz archives",
        description=(
            "Import BattleScribe game-system and catalogue files (the BSData repositories) into the catalogue. "
            "Give the game system (.gst) with the catalogues. Re-importing a catalogue replaces its earlier "
            "import; the shipped catalogue, other imports and your overrides are kept."
        ),
    )
    bsdata.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="folder, .gst, .cat, .gstz or .catz")
    bsdata.add_argument("--quiet", "-q", action="store_true", help="no progress bar, no warnings")
    bsdata.add_argument(
        "--all-warnings",
        action="store_true",
        help=f"list every warning (by default the first {SHOWN_WARNINGS}, then a count per file)",
    )


class ProgressBar:
    """A one-line progress bar on a terminal; silent when ``stream`` is not a terminal."""

    WIDTH = 30

    def __init__(self, stream: TextIO, *, enabled: bool | None = None) -> None:
        self.stream: TextIO = getattr(stream, "raw", stream)  # its own \r, past the escaping; labels escaped below
        self.enabled = stream.isatty() if enabled is None else enabled
        self._last = -1.0
        self._shown = False

    def __call__(self, done: int, total: int, what: str) -> None:
        if not self.enabled or total <= 0:
            return
        fraction = min(1.0, max(0.0, done / total))
        now = time.monotonic()
        if done < total and now - self._last < 0.05:
            return  # redraw at most 20 times a second
        self._last = now
        filled = int(self.WIDTH * fraction)
        label = what if len(what) <= 40 else what[:39] + "…"
        bar = "█" * filled + "·" * (self.WIDTH - filled)
        self.stream.write(f"\r{bar} {fraction:4.0%} {safe_text(label):<40}")
        self.stream.flush()
        self._shown = True

    def finish(self) -> None:
        if self._shown:
            self.stream.write("\r" + " " * (self.WIDTH + 47) + "\r")
            self.stream.flush()
            self._shown = False


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    # The collector stays paused through read, build and write (ost.core.collector): switched back on
    # between them, it would scan the whole import's objects again while the write allocates.
    if getattr(args, "one_shot", False):
        # Run as the program, the process ends with the command (ost.cli.main, no teardown): switched back
        # on, the collector would scan (and free) the import's objects first, a second and more for nothing.
        gc.disable()
        return _import(args, lang, out)
    with collector_paused():
        return _import(args, lang, out)


def _import(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    bar = ProgressBar(sys.stderr, enabled=False if args.quiet else None)
    result: BsImport | None = None
    if (Path(args.db) if args.db is not None else default_db_path()).exists():
        with open_catalogue(args.db, lang) as store:
            # The same files, unchanged since the catalogue's last import of them: its result, nothing read again.
            result = reused_import(store, args.paths)
            if result is None:
                result = _read(args, bar, lang, store)  # (written as it is read)
                if result is None:
                    return EXIT_UNREADABLE
            path = store.path
    else:
        # No catalogue yet: the files are read before it is made (a refused file leaves none behind).
        result = _read(args, bar, lang)
        if result is None:
            return EXIT_UNREADABLE
        with open_catalogue(args.db, lang) as store:
            save_import(store, result)
            path = store.path
    if not args.quiet:
        print_warnings(result.warnings, lang, everything=args.all_warnings)
    print(coverage_text(result, lang), file=out)
    print(
        say(
            lang,
            f"{result.sheet_count()} fiches de {len(result.factions)} factions importées → {path}",
            f"{result.sheet_count()} datasheets of {len(result.factions)} factions imported → {path}",
        ),
        file=out,
    )
    if result.reused:
        print(_UNCHANGED(lang), file=out)
    result.close()  # (run as the program: the forked child, not waited for while reading, long ended now)
    if getattr(args, "one_shot", False):
        result.hold()  # (the process ends next, its collector off: nothing of the import freed on the way)
    return EXIT_OK


_UNCHANGED = Bilingual(
    fr="(fichiers inchangés depuis leur dernier import : fiches déjà dans le catalogue, rien n'a été relu)",
    en="(files unchanged since their last import: datasheets already in the catalogue, nothing read again)",
)


def _read(
    args: argparse.Namespace, bar: ProgressBar, lang: str, store: CatalogueStore | None = None
) -> BsImport | None:
    """The files read, and written into ``store`` as they are read when given (else nothing written yet).

    None when a file is refused (said on stderr; nothing written).
    """
    # Run as the program, the process ends with the command (ost.cli.main), its collector paused: the parsed
    # files are left unfreed. The catalogues are read on two cores (a forked child reads some of them).
    # Only stored: each datasheet is made into its row by the process that read it (for_store), and written
    # into an existing catalogue while the rest is read (read_and_save_bsdata).
    free = not getattr(args, "one_shot", False)
    try:
        if store is not None:
            return read_and_save_bsdata(store, args.paths, bar, free=free, workers=2)
        return read_bsdata(args.paths, bar, free=free, workers=2, for_store=True)
    except XmlInputError as exc:
        bar.finish()
        print(f"ost: {exc.message(lang)}", file=sys.stderr)
        return None
    finally:
        bar.finish()


#: Warnings of an import listed one by one before the rest is summarised per file.
SHOWN_WARNINGS = 30


def print_warnings(warnings: Sequence[BsImportWarning], lang: str, *, everything: bool = False) -> None:
    """The import's warnings on stderr: the first :data:`SHOWN_WARNINGS`, then how many more per file.

    A BattleScribe release can give thousands of warnings; a summary keeps the
    coverage report and the result on screen (``--all-warnings`` lists them all).
    """
    shown = warnings if everything else warnings[:SHOWN_WARNINGS]
    for warning in shown:
        print(say(lang, "attention : ", "warning: ") + warning.message(lang), file=sys.stderr)
    rest = warnings[len(shown) :]
    if not rest:
        return
    from ost.formats.bsdata.report import files_by_warnings

    biggest = files_by_warnings(rest)
    files = ", ".join(f"{elide(Path(path).name, 60)} {count}" for path, count in biggest[:8])
    if len(biggest) > 8:
        files += say(lang, f", et {len(biggest) - 8} autre(s) fichier(s)", f", and {len(biggest) - 8} more file(s)")
    print(
        say(
            lang,
            f"… et {len(rest)} autre(s) avertissement(s) ({files}) ; --all-warnings les liste tous",
            f"… and {len(rest)} more warning(s) ({files}); --all-warnings lists them all",
        ),
        file=sys.stderr,
    )


#: Coverage counts summed into the total row.
_SUMMED = (
    "datasheets",
    "role",
    "points",
    "size",
    "keywords",
    "profiles",
    "kinds",
    "several_kinds",
    "kinds_with_wounds",
    "modifiers_evaluated",
    "modifiers_kept",
    "transports",
    "transports_parsed",
    "legends",
    "warnings",
)


def coverage_text(result: BsImport, lang: str) -> str:
    """The coverage report: per faction, how many datasheets have each fact, model kinds, modifiers, transports."""
    from ost.formats.bsdata import Coverage

    head = (
        say(lang, "catalogue", "catalogue"),
        say(lang, "rév.", "rev."),
        say(lang, "fiches", "sheets"),
        say(lang, "rôle", "role"),
        "points",
        say(lang, "taille", "size"),
        say(lang, "mots-clefs", "keywords"),
        say(lang, "profils", "profiles"),
        say(lang, "types", "kinds"),
        say(lang, "multi", "multi"),
        say(lang, "PV lus", "wounds"),
        say(lang, "modif. évaluées/gardées", "modifiers evaluated/kept"),
        say(lang, "transport lu", "transport parsed"),
        "legends",
    )
    rows = [_row(c) for c in result.coverage]
    total = Coverage(faction="", name=say(lang, "Total", "Total"), revision="")
    if result.coverage:
        for c in result.coverage:
            for name in _SUMMED:
                setattr(total, name, getattr(total, name) + getattr(c, name))
        rows.append(_row(total))
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = []
    for index, row in enumerate([head, *rows]):
        cells = [row[0].ljust(widths[0]), *(cell.rjust(widths[i + 1]) for i, cell in enumerate(row[1:]))]
        lines.append("  ".join(cells).rstrip())
        if index == 0 or (result.coverage and index == len(rows) - 1):
            lines.append("  ".join("-" * w for w in widths))
    lines.append(
        say(
            lang,
            "rôle : rôle tactique du tableau (les autres sont « hors organisation ») ; taille : min–max lus ; "
            "types : types de figurines (sergent, soldats…) ; multi : fiches de plusieurs types ; "
            "PV lus : types dont le profil donne les PV ; modif. : prix sous condition évalués pour la fiche / "
            "gardés au prix sans la condition (voir les avertissements) ; "
            "transport lu : capacités comprises / capacités trouvées.",
            "role: a battlefield role of the table (others are unslotted); size: min–max read; "
            "kinds: kinds of model (sergeant, troopers…); multi: datasheets with several kinds; "
            "wounds: kinds whose profile gives their wounds; modifiers: conditional prices evaluated for the "
            "datasheet / kept at the price without the condition (see the warnings); "
            "transport parsed: capacities understood / capacities found.",
        )
    )
    by_wounds = result.kinds_by_wounds()
    if by_wounds:
        shown = ", ".join(f"{w} PV × {n}" if lang == "fr" else f"{w} W × {n}" for w, n in sorted(by_wounds.items()))
        lines.append(say(lang, f"PV par type de figurine : {shown}.", f"Wounds per model kind: {shown}."))
    if result.coverage and total.transports:
        share = 100 * total.transports_parsed / total.transports
        lines.append(
            say(
                lang,
                f"Transports compris : {share:.0f} % ; {len(result.warnings)} avertissement(s).",
                f"Transports understood: {share:.0f}%; {len(result.warnings)} warning(s).",
            )
        )
        unread = _unread_transports(result.coverage)
        if unread:
            lines.append(
                say(
                    lang,
                    f"Transports non compris ({total.transports - total.transports_parsed}) : {unread}.",
                    f"Transports not understood ({total.transports - total.transports_parsed}): {unread}.",
                )
            )
    return "\n".join(lines)


def _unread_transports(coverage: Sequence[Coverage]) -> str:
    """The datasheets whose capacity text was not understood, by name, most frequent first ("Rhino ×11")."""
    counts: dict[str, int] = {}
    for report in coverage:
        for name in report.transports_unparsed:
            counts[name] = counts.get(name, 0) + 1
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in ordered)


def _row(c: Coverage) -> tuple[str, ...]:
    return (
        c.name,
        c.revision,
        str(c.datasheets),
        str(c.role),
        str(c.points),
        str(c.size),
        str(c.keywords),
        str(c.profiles),
        str(c.kinds),
        str(c.several_kinds),
        str(c.kinds_with_wounds),
        f"{c.modifiers_evaluated}/{c.modifiers_kept}",
        f"{c.transports_parsed}/{c.transports}",
        str(c.legends),
    )
