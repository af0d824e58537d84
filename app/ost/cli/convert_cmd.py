"""``ost convert IN -o OUT``: turn any list Ost reads into an Ost list, text or a share code.

The input may be any list Ost reads (format told by content: a roster, pasted
text, a share code, an ``.ost`` list). The output format is told by the
output's ending (``.ost``, ``.txt``) or by ``--to`` (``ost``, ``text``,
``share``); ``-o -`` writes to the standard output. Formats come from
:mod:`ost.formats.lists.registry`, through :mod:`ost.services`. What could not be
read is printed, so nothing is lost without a word.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, open_catalogue, say, write_failure
from ost.core.fileio import atomic_write
from ost.core.listfile import ListFileError
from ost.services import convert_list, output_endings, output_format, output_formats


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    writable = output_formats()
    convert = commands.add_parser(
        "convert",
        help="convert a list (BattleScribe .ros/.rosz, pasted text, share code, .ost) to an Ost list, text or a code",
    )
    convert.set_defaults(handler=run)
    convert.add_argument("input", type=Path, help="the list to read (a file, or a share code)")
    convert.add_argument(
        "-o", "--output", type=Path, required=True, help="the file to write (.ost or .txt), or - for the screen"
    )
    convert.add_argument("--to", choices=writable, help="the output format (default: told by the output's ending)")
    convert.add_argument("--catalogue", "--catalog", dest="catalogue_db", type=Path, help="catalogue database")


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    target: Path = args.output
    fmt = output_format(str(target), args.to)
    if fmt is None:
        endings = " ou ".join(output_endings())
        print(
            say(
                lang,
                f"ost: la sortie doit finir par {endings} (ou choisissez --to)",
                f"ost: the output must end in {endings.replace(' ou ', ' or ')} (or give --to)",
            ),
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    with open_catalogue(args.catalogue_db or args.db, lang) as store:
        catalogue = store.load()
    try:
        converted = convert_list(args.input, catalogue, fmt, lang)
        if str(target) == "-":
            out.write(converted.data.decode("utf-8"))
        else:
            atomic_write(target, converted.data)
    except ListFileError as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except OSError as exc:
        print(f"ost: {write_failure(target, exc, lang)}", file=sys.stderr)
        return EXIT_UNREADABLE
    result = converted.read
    army = result.army
    units = army.unit_count()
    report = sys.stderr if str(target) == "-" else out
    print(
        say(
            lang,
            f"{args.input} → {target} : {units} unité(s), {len(army.detachments)} détachement(s)",
            f"{args.input} → {target}: {units} unit(s), {len(army.detachments)} detachment(s)",
        ),
        file=report,
    )
    if result.reading.format != "ost":
        for line in result.reading.lines(lang):
            print(f"  {line}", file=report)
    return EXIT_OK
