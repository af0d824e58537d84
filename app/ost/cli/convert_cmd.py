"""``ost convert IN -o OUT``: turn a roster or a pasted list into an Ost list (or an Ost list into text).

The input may be any list Ost reads (format told by content); the output is
an ``.ost`` list, or text in the BattleScribe-like form for ``.txt``. What
could not be read is printed, so nothing is lost without a word.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, open_catalogue, say
from ost.core.listfile import ListFileError
from ost.services import CONVERT_SUFFIXES, convert_file


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    convert = commands.add_parser(
        "convert", help="convert a list (BattleScribe .ros/.rosz, pasted text, .ost) to an Ost list or to text"
    )
    convert.set_defaults(handler=run)
    convert.add_argument("input", type=Path, help="the list to read")
    convert.add_argument("-o", "--output", type=Path, required=True, help="the file to write (.ost or .txt)")
    convert.add_argument("--catalogue", "--catalog", dest="catalogue_db", type=Path, help="catalogue database")


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    target: Path = args.output
    if target.suffix.lower() not in CONVERT_SUFFIXES:
        print(
            say(lang, "ost: la sortie doit finir par .ost ou .txt", "ost: the output must end in .ost or .txt"),
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    with open_catalogue(args.catalogue_db or args.db, lang) as store:
        catalogue = store.load()
    try:
        result = convert_file(args.input, target, catalogue, lang=lang)
    except ListFileError as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except OSError as exc:
        print(f"ost: {target}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    army = result.army
    units = army.unit_count()
    print(
        say(
            lang,
            f"{args.input} → {target} : {units} unité(s), {len(army.detachments)} détachement(s)",
            f"{args.input} → {target}: {units} unit(s), {len(army.detachments)} detachment(s)",
        ),
        file=out,
    )
    if result.reading.format != "ost":
        for line in result.reading.lines(lang):
            print(f"  {line}", file=out)
    return EXIT_OK
