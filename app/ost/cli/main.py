"""The ``ost`` command: the GUI with no argument, sub-commands for the command line.

Each sub-command lives in its own module with a ``register`` function that adds
its parser (and sets ``handler``) and a ``run(args, lang, out)`` that returns
the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ost import __version__
from ost.cli import catalogue_cmd, check_cmd, convert_cmd, export_cmd, import_cmd, share_cmd
from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, default_lang
from ost.formats.yamltext import SourceError
from ost.store import StoreError, default_db_path

COMMANDS = (catalogue_cmd, check_cmd, convert_cmd, share_cmd, import_cmd, export_cmd)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ost",
        description="Ost: army lists for MAC HAMMER 40K. With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"ost {__version__}")
    parser.add_argument("--db", type=Path, help=f"catalogue database (default: $OST_DB or {default_db_path()})")
    parser.add_argument("--lang", choices=("fr", "en"), help="language of messages (default: system)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = commands.add_parser("gui", help="open the window (the default)")
    gui.add_argument("files", nargs="*", type=Path, help="list files to open")
    gui.add_argument("--screenshot", type=Path, help=argparse.SUPPRESS)
    for module in COMMANDS:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    lang = args.lang or default_lang()
    if args.command in (None, "gui"):
        from ost.gui.app import run_gui

        return run_gui(
            db=args.db,
            lang=args.lang,
            files=getattr(args, "files", []),
            screenshot=getattr(args, "screenshot", None),
        )
    try:
        code: int = args.handler(args, lang, sys.stdout)
        return code
    except (StoreError, SourceError) as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except BrokenPipeError:  # e.g. `ost catalogue list | head`
        return EXIT_OK
