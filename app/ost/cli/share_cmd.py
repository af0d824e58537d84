"""``ost share LIST``: print the share code of a list (any format Ost reads).

The code (``OST1-…``, see :mod:`ost.core.sharecode`) is one line of text to
paste in a message; ``ost check``, ``ost convert`` and the window's paste
read it back, and the army sheet prints it as a QR code.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, open_catalogue, say
from ost.core import sharecode
from ost.core.listfile import ListFileError
from ost.services import read_any


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    share = commands.add_parser("share", help="print a list's share code (one line of text to paste)")
    share.set_defaults(handler=run)
    share.add_argument("list", type=Path, metavar="LIST", help="the list: .ost, BattleScribe .ros/.rosz or text")
    share.add_argument("--catalogue", "--catalog", dest="catalogue_db", type=Path, help="catalogue database")


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    with open_catalogue(args.catalogue_db or args.db, lang) as store:
        catalogue = store.load()
    try:
        result = read_any(args.list, catalogue)
    except ListFileError as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    code = sharecode.encode(result.army, catalogue)
    print(code, file=out)
    if result.reading.format != "ost":
        for line in result.reading.lines(lang):
            print(f"  {line}", file=sys.stderr)
    print(
        say(lang, f"{len(code)} caractères", f"{len(code)} characters"),
        file=sys.stderr,
    )
    return EXIT_OK
