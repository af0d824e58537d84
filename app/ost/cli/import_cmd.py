"""``ost import bsdata PATH...``: BattleScribe data into the catalogue, with a coverage report."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, open_catalogue, say
from ost.formats.safexml import XmlInputError
from ost.services import save_import

if TYPE_CHECKING:
    from ost.formats.bsdata import BsImport, Coverage


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


class ProgressBar:
    """A one-line progress bar on a terminal; silent when ``stream`` is not a terminal."""

    WIDTH = 30

    def __init__(self, stream: TextIO, *, enabled: bool | None = None) -> None:
        self.stream = stream
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
        self.stream.write(f"\r{bar} {fraction:4.0%} {label:<40}")
        self.stream.flush()
        self._shown = True

    def finish(self) -> None:
        if self._shown:
            self.stream.write("\r" + " " * (self.WIDTH + 47) + "\r")
            self.stream.flush()
            self._shown = False


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    from ost.formats.bsdata import read_bsdata  # a large module: loaded only for this command

    bar = ProgressBar(sys.stderr, enabled=False if args.quiet else None)
    try:
        result = read_bsdata(args.paths, bar)  # everything is read before the database is opened
    except XmlInputError as exc:
        bar.finish()
        print(f"ost: {exc.message(lang)}", file=sys.stderr)
        return EXIT_UNREADABLE
    bar.finish()
    with open_catalogue(args.db, lang) as store:
        save_import(store, result)
        path = store.path
    if not args.quiet:
        for warning in result.warnings:
            print(say(lang, "attention : ", "warning: ") + warning.message(lang), file=sys.stderr)
    print(coverage_text(result, lang), file=out)
    print(
        say(
            lang,
            f"{len(result.datasheets)} fiches de {len(result.factions)} factions importées → {path}",
            f"{len(result.datasheets)} datasheets of {len(result.factions)} factions imported → {path}",
        ),
        file=out,
    )
    return EXIT_OK


def coverage_text(result: BsImport, lang: str) -> str:
    """The coverage report: per faction, how many datasheets have each fact."""
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
        say(lang, "transport lu", "transport parsed"),
        "legends",
    )
    rows = [_row(c) for c in result.coverage]
    if result.coverage:
        total = Coverage(faction="", name=say(lang, "Total", "Total"), revision="")
        for c in result.coverage:
            for name in (
                "datasheets",
                "role",
                "points",
                "size",
                "keywords",
                "profiles",
                "transports",
                "transports_parsed",
                "legends",
            ):
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
            "transport lu : capacités comprises / capacités trouvées.",
            "role: a battlefield role of the table (others are unslotted); size: min–max read; "
            "transport parsed: capacities understood / capacities found.",
        )
    )
    return "\n".join(lines)


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
        f"{c.transports_parsed}/{c.transports}",
        str(c.legends),
    )
