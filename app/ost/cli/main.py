"""The ``ost`` command: the GUI with no argument, sub-commands for the command line.

Each sub-command lives in its own module with a ``register`` function that adds
its parser (and sets ``handler``) and a ``run(args, lang, out)`` that returns
the exit status.

Start-up stays light: only the module of the sub-command being run is
imported (with the store, the formats and the PDF code it needs). ``ost
--version`` and ``ost --help`` import none of them; the top-level help lists
the sub-commands from the table below. A plain start of the window, and a
command whose module reads its own plain words (``plain_args``: ``ost
check``), do without the parser and :mod:`argparse` altogether (see
:func:`_window_args`); anything else is the parser's to read.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import TYPE_CHECKING

from ost import __version__
from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, LANGS, TerminalSafe, default_lang
from ost.core.collector import collector_paused

if TYPE_CHECKING:
    import argparse

#: Sub-command name -> (its module under ost.cli, its aliases, its one-line help).
COMMANDS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "catalogue": ("catalogue_cmd", ("catalog",), "build and browse the unit catalogue"),
    "check": ("check_cmd", (), "check army lists against the rules"),
    "convert": ("convert_cmd", (), "convert army lists between formats"),
    "share": ("share_cmd", (), "print a list's share code (one line of text to paste)"),
    "import": ("import_cmd", (), "import data from other programs into the catalogue"),
    "export": ("export_cmd", (), "printable PDFs: army sheet, reference cards, check report"),
}


def _command_module(name: str) -> ModuleType:
    return importlib.import_module(f"ost.cli.{COMMANDS[name][0]}")


def _first_word(argv: Sequence[str]) -> int | None:
    """Where the first word that is not an option (nor an option's value) is, if any."""
    skip_value = False
    for position, word in enumerate(argv):
        if skip_value:
            skip_value = False
            continue
        if word in ("--db", "--lang"):
            skip_value = True
            continue
        if word.startswith("-"):
            continue
        return position
    return None


def _requested_command(argv: Sequence[str]) -> str | None:
    """The sub-command named on the command line (the first word that names one), if any."""
    names = {alias: name for name, (_, aliases, _) in COMMANDS.items() for alias in (name, *aliases)}
    position = _first_word(argv)
    return names.get(argv[position]) if position is not None else None


#: Endings of the lists ``ost FILE`` opens in the window (as ``ost gui FILE`` does).
_LIST_ENDINGS = (".ost", ".ros", ".rosz", ".txt")


def _files_for_the_window(argv: list[str]) -> list[str]:
    """``ost FILE...``: the window on those lists, as ``ost gui FILE...`` (a file, not a command name)."""
    position = _first_word(argv)
    if position is None:
        return argv
    word = argv[position]
    names = {alias for name, (_, aliases, _) in COMMANDS.items() for alias in (name, *aliases)} | {"gui"}
    if word in names:
        return argv
    path = Path(word)
    if path.suffix.lower() in _LIST_ENDINGS or path.is_file():
        return [*argv[:position], "gui", *argv[position:]]
    return argv


#: The window's own options that take no value (hidden: for the start-up benchmark).
_WINDOW_FLAGS = ("--quit-when-shown", "--quit-when-ready", "--quit-when-loaded")


def _parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    import argparse  # here: a plain check or start of the window reads its words without it (4-5 ms)

    parser = argparse.ArgumentParser(
        prog="ost",
        description="Ost: army lists for MAC HAMMER 40K. With no command (or with list files: ost FILE...), "
        "opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"ost {__version__}")
    if "-h" in argv or "--help" in argv:
        from ost.store import default_db_path  # the database layer: only to print its default path

        db_help = f"catalogue database (default: $OST_DB or {default_db_path()})"
    else:
        db_help = "catalogue database (default: $OST_DB or the user's data folder)"
    parser.add_argument("--db", type=Path, help=db_help)
    parser.add_argument("--lang", choices=LANGS, help="language of messages (default: system)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = commands.add_parser("gui", help="open the window (the default)")
    gui.add_argument("files", nargs="*", type=Path, help="list files to open")
    gui.add_argument("--screenshot", type=Path, help=argparse.SUPPRESS)
    for flag in _WINDOW_FLAGS:
        gui.add_argument(flag, action="store_true", help=argparse.SUPPRESS)
    wanted = _requested_command(argv)
    for name, (_, aliases, text) in COMMANDS.items():
        if name == wanted:
            _command_module(name).register(commands)
            _global_options_after(commands.choices[name])
        else:  # a placeholder that only shows in the help; never run
            commands.add_parser(name, aliases=list(aliases), help=text, add_help=False)
    _global_options_after(gui)
    return parser


def _window_args(words: Sequence[str]) -> SimpleNamespace | None:
    """``words`` read as :func:`_parser` reads a plain start of the window, without building the parser (2 ms).

    Only ``[--db PATH] [--lang fr|en] [gui [FILE...]]``, the options in any
    place after their command as before it, and the hidden options; anything
    else (help, version, another command, a value argparse would refuse)
    gives None: the parser reads it, and says what is wrong.
    """
    args = SimpleNamespace(
        db=None, lang=None, command=None, files=[], screenshot=None,
        quit_when_shown=False, quit_when_ready=False, quit_when_loaded=False,
    )  # fmt: skip
    position = 0
    #: argparse reads the files as one run of words: an option after some ends it (a later file is refused).
    files_ended = False
    while position < len(words):
        word = words[position]
        name = word.partition("=")[0]
        files_ended = files_ended or (word.startswith("-") and bool(args.files))
        if name in ("--db", "--lang", "--screenshot"):
            if name == "--screenshot" and args.command is None:
                return None  # (an option of ``gui`` only)
            name, value, position = read_option_value(words, position)
            if value is None or (name == "--lang" and value not in LANGS):
                return None
            setattr(args, name[2:], Path(value) if name != "--lang" else value)
            continue
        elif word in _WINDOW_FLAGS and args.command == "gui":
            setattr(args, word[2:].replace("-", "_"), True)
        elif word == "gui" and args.command is None:
            args.command = "gui"
        elif word.startswith("-") or args.command is None or files_ended:
            return None
        else:
            args.files.append(Path(word))
        position += 1
    return args


def _plain_command_args(words: Sequence[str]) -> SimpleNamespace | None:
    """``words`` read by the named command's own ``plain_args`` when it has one and they are plain, else None.

    A command whose words are few (``ost check [OPTIONS] FILE...``) reads
    them as the parser would, without building it (the parser and
    :mod:`argparse`: 5–7 ms of a 0.1 s check); words it is not sure of (help,
    an abbreviated option, a value the parser would refuse) are the
    parser's, which reads them or says what is wrong.
    """
    name = _requested_command(words)
    if name is None:
        return None
    plain = getattr(_command_module(name), "plain_args", None)
    if plain is None:
        return None
    position = _first_word(words)
    assert position is not None
    before, after = words[:position], words[position + 1 :]
    args = SimpleNamespace(db=None, lang=None, command=name)
    if not _read_global_options(before, args):
        return None
    read: SimpleNamespace | None = plain(after, args)
    return read


def read_option_value(words: Sequence[str], position: int) -> tuple[str, str | None, int]:
    """The option at ``words[position]``, its value and where the next word is.

    The value is ``--db=X``'s or the next word's (``--db X``); None when none
    follows, or when it starts with ``-`` or is empty: the parser's to read.
    """
    name, equals, value = words[position].partition("=")
    if not equals:
        position += 1
        if position >= len(words) or words[position].startswith("-"):
            return name, None, position
        value = words[position]
    return name, (value or None), position + 1


def _read_global_options(words: Sequence[str], args: SimpleNamespace) -> bool:
    """``--db PATH`` and ``--lang fr|en`` (only) read from ``words`` into ``args``; False for anything else."""
    position = 0
    while position < len(words):
        name, value, position = read_option_value(words, position)
        if name not in ("--db", "--lang") or value is None or (name == "--lang" and value not in LANGS):
            return False
        setattr(args, name[2:], Path(value) if name == "--db" else value)
    return True


def _global_options_after(parser: argparse.ArgumentParser) -> None:
    """Let ``--db`` and ``--lang`` come after the command too (``ost check --lang en FILE``), at every level.

    Given there, they stand for the same options before the command (their default is to set nothing, so
    one given before the command stays); a command with its own ``--lang`` (``export``: the PDF's language)
    keeps it.
    """
    import argparse

    for flags, options in (
        (("--db",), {"type": Path, "help": "catalogue database (as before the command)"}),
        (("--lang",), {"choices": LANGS, "help": "language of messages (as before the command)"}),
    ):
        with contextlib.suppress(argparse.ArgumentError):  # the command has its own option of that name
            parser.add_argument(*flags, default=argparse.SUPPRESS, **options)
    for action in parser._actions:  # the command's own sub-commands (``catalogue list``)
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                _global_options_after(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ost`` with ``argv`` (the command line when None); returns the exit status.

    Run as the program (``argv`` None), a sub-command ends the process as soon
    as its output is flushed: tearing down the interpreter would free the
    whole catalogue object by object (a third of a second and more on the full
    BattleScribe release) for nothing. Every write was committed before.
    """
    code, sub_command = _main(argv)
    if argv is None and sub_command:  # the window ends normally: Qt saves its settings as it is torn down
        _exit_now(code)
    return code


def _exit_now(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


class _NeverRaised(Exception):
    """Stands for an error class whose module was never imported (so none of it was raised)."""


def _source_error() -> type[Exception]:
    """:class:`ost.formats.yamltext.SourceError`, without importing the YAML reader for commands that never read YAML.

    Evaluated as an ``except`` clause is matched: a source error raised means its module is loaded.
    """
    module = sys.modules.get("ost.formats.yamltext")
    return module.SourceError if module is not None else _NeverRaised


def _main(argv: Sequence[str] | None) -> tuple[int, bool]:
    """The exit status, and whether a sub-command (not the window) ran."""
    words = _files_for_the_window(list(sys.argv[1:] if argv is None else argv))
    args: argparse.Namespace | SimpleNamespace | None = _window_args(words)
    if args is None:
        with collector_paused():  # the command's imports: classes, schemas and tables that live on
            args = _plain_command_args(words)
            parser = _parser(words) if args is None else None
            if argv is None:
                gc.freeze()  # out of later collections' sight: the process ends with the command
        if parser is not None:
            args = parser.parse_args(words)
    elif argv is None:
        gc.freeze()  # (as above: without it, every later collection and the exit's scan them again)
    assert args is not None
    #: Run as the program: what the command loads may be frozen out of the collector's sight too.
    args.one_shot = argv is None
    lang = args.lang or default_lang()
    if args.command in (None, "gui"):
        with collector_paused():  # PySide6's and the window's modules live as long as the program (see run_gui):
            from ost.gui.app import run_gui

            gc.freeze()  # out of the collector's sight (else the pass their allocations are due runs right here)

        status = run_gui(
            db=args.db,
            lang=args.lang,
            files=getattr(args, "files", []),
            screenshot=getattr(args, "screenshot", None),
            quit_when_shown=getattr(args, "quit_when_shown", False),
            quit_when_ready=getattr(args, "quit_when_ready", False),
            quit_when_loaded=getattr(args, "quit_when_loaded", False),
        )
        return status, False
    from ost.store import StoreError

    # Names and texts read from files may hold terminal escapes: both streams escape control characters.
    with contextlib.redirect_stderr(TerminalSafe(sys.stderr)):
        try:
            code: int = args.handler(args, lang, TerminalSafe(sys.stdout))
            return code, True
        except (StoreError, _source_error()) as exc:
            print(f"ost: {exc}", file=sys.stderr)
            return EXIT_UNREADABLE, True
        except BrokenPipeError:  # e.g. `ost catalogue list | head`
            return EXIT_OK, True
