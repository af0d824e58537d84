"""``ost gui`` reads its few options without building the command-line parser (issue 22: the window's start).

Whatever it reads must be what the parser reads; anything else is left to the parser.
"""

from __future__ import annotations

import pytest

from ost.cli.main import _parser, _window_args

SAME = [
    ["gui"],
    ["--db", "x.sqlite", "gui", "--quit-when-ready"],
    ["--lang", "en", "gui", "a.ost", "b.ros", "--db", "y"],
    ["gui", "--lang=fr", "f.ost"],
    ["--db=z", "gui", "--screenshot", "s.png", "l.ost"],
    ["gui", "--quit-when-loaded", "--quit-when-shown"],
    ["--lang", "fr"],
    ["gui", "gui"],
]
LEFT_TO_THE_PARSER = [
    ["--lang", "de", "gui"],
    ["check", "x"],
    ["--version"],
    ["-h"],
    ["gui", "-h"],
    ["gui", "--screenshot"],
    ["--screenshot", "x", "gui"],
    ["gui", "--", "x"],
    ["catalogue", "list"],
    ["gui", "--quit"],
    ["--quit-when-ready"],
]
#: Files, an option, then another file: argparse reads the files as one run of words and refuses the last.
FILES_SPLIT = [
    ["gui", "a.ros", "--db", "x", "b.ros"],
    ["gui", "a.ost", "--quit-when-ready", "b.ost"],
    ["gui", "a.ost", "--lang=en", "b.ost"],
]


@pytest.mark.parametrize("words", SAME, ids=" ".join)
def test_a_plain_start_of_the_window_reads_as_the_parser_reads_it(words: list[str]) -> None:
    fast = _window_args(words)
    assert fast is not None
    slow = vars(_parser(words).parse_args(words))
    assert {key: value for key, value in vars(fast).items() if key in slow or value} == slow


@pytest.mark.parametrize("words", LEFT_TO_THE_PARSER, ids=" ".join)
def test_anything_else_is_left_to_the_parser(words: list[str]) -> None:
    assert _window_args(words) is None


def test_no_words_open_the_window() -> None:
    args = _window_args([])
    assert args is not None and args.command is None and args.files == [] and not args.quit_when_ready


@pytest.mark.parametrize("words", FILES_SPLIT, ids=" ".join)
def test_files_split_by_an_option_are_refused_as_the_parser_refuses_them(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _window_args(words) is None
    with pytest.raises(SystemExit) as ended:
        _parser(words).parse_args(words)
    assert ended.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err
