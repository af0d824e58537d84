"""``ost check`` reads its plain words without building the command-line parser (issue 22: a check's start).

Whatever it reads must be what the parser reads; anything else is left to the parser, which reads it or
refuses it as before.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from helpers import EXAMPLES, sample_database
from ost.cli import check_cmd
from ost.cli.main import _parser, _plain_command_args, main

SAME = [
    ["check", "a.ros"],
    ["--db", "x.sqlite", "--lang", "fr", "check", "a.ros", "b.rosz"],
    ["--db=x", "--lang=en", "check", "--db", "y", "--lang", "fr", "a.ost"],
    ["check", "--format", "json", "--report", "r.html", "--as-priced", "--legends", "a.ros", "b.txt"],
    ["check", "a.ros", "b.ros", "--format=json", "--catalogue", "c.sqlite"],
    ["check", "--catalog=c.sqlite", "dossier", "--legends"],
    ["check", "OST1-abc_def", "--lang", "en"],
    ["--lang", "en", "check", "check"],
    ["check", "x=y.ros"],
    ["check", "--legends", "--legends", "a.ros"],
]
LEFT_TO_THE_PARSER = [
    ["check"],
    ["check", "-h"],
    ["check", "--help"],
    ["--version", "check", "a"],
    ["check", "--", "a.ros"],
    ["check", "--form", "json", "a.ros"],  # an abbreviation: the parser's to read
    ["check", "--format", "xml", "a.ros"],
    ["check", "--lang", "de", "a.ros"],
    ["--lang", "de", "check", "a.ros"],
    ["check", "--report", "a.ros"],  # no value left but the file: the parser says what is missing
    ["check", "--db", "--legends", "a.ros"],
    ["check", "--db=", "a.ros"],
    ["check", "--legends=yes", "a.ros"],
    ["check", "-x", "a.ros"],
    ["check", "-", "a.ros"],
    ["--unknown", "check", "a.ros"],
    ["check", "a.ros", "--legends", "b.ros"],  # files split by an option: refused by the parser
]


@pytest.mark.parametrize("words", SAME, ids=" ".join)
def test_plain_check_words_read_as_the_parser_reads_them(words: list[str]) -> None:
    fast = _plain_command_args(words)
    assert fast is not None
    slow = vars(_parser(words).parse_args(words))
    assert vars(fast) == slow
    assert fast.handler is check_cmd.run


@pytest.mark.parametrize("words", LEFT_TO_THE_PARSER, ids=" ".join)
def test_anything_else_is_left_to_the_parser(words: list[str]) -> None:
    assert _plain_command_args(words) is None


def test_files_split_by_an_option_are_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["check", "a.ros", "--legends", "b.ros"]
    with pytest.raises(SystemExit) as ended:
        _parser(words).parse_args(words)
    assert ended.value.code == 2 and "unrecognized arguments" in capsys.readouterr().err


def test_other_commands_still_use_the_parser() -> None:
    assert _plain_command_args(["catalogue", "list"]) is None
    assert _plain_command_args(["convert", "a.ros", "-o", "b.ost"]) is None
    assert _plain_command_args([]) is None


def test_every_option_of_check_is_known_to_the_plain_reader() -> None:
    """An option added to ``check`` and not to :func:`check_cmd.plain_args` would only send its words to the parser;
    this says so, so that both are kept alike."""
    words = ["check", "a.ros"]
    commands = next(action for action in _parser(words)._actions if action.dest == "command")
    sub = commands.choices["check"]  # type: ignore[index]
    options = {flag for action in sub._actions for flag in action.option_strings} - {"-h", "--help"}
    assert options == {*check_cmd._FLAGS, *check_cmd._VALUED, "--db", "--lang"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_check_read_plain_says_what_the_parser_read_one_says(tmp_path: Path, lang: str) -> None:
    """The whole command, its words read plain, then by the parser (``--form``: an abbreviation): the same output."""
    db = sample_database(tmp_path / "c.sqlite")
    listed = str(EXAMPLES / "legal" / "space-marines-2000.ost")
    outputs = []
    for words in (["check", listed], ["check", "--form", "text", listed]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["--db", str(db), "--lang", lang, *words])
        outputs.append((code, out.getvalue()))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 0 and ("RÉGLEMENTAIRE" if lang == "fr" else "LEGAL") in outputs[0][1]
