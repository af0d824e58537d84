"""No pattern of a list reader backtracks: the work grows linearly with the input.

Every compiled pattern of the reader modules runs on adversarial strings
(long runs of spaces, digits, brackets, letters, mixed) that grow by steps up
to 100,000 characters. No wall-clock limit: the test measures how the CPU
time of its own thread *scales* from one size to the next (the best of
several runs; CPU time, so a busy machine's other processes do not count) and
fails when it grows faster than linearly. A pattern that backtracks shows it
at once: quadratic work multiplies the time by 16 when the input is 4 times
longer, cubic work by 64, where linear work multiplies it by 4. The sizes
grow from small, so a bad pattern is caught in well under a second instead
of hanging the suite.

Patterns written inside functions are not seen here: the reader modules keep
theirs at module level for that reason.
"""

from __future__ import annotations

import gc
import importlib
import re
import time
from collections.abc import Callable, Iterator

import pytest

from ost.formats.lists.text import MAX_LINE_CHARS, read_text
from readers_support import reader_catalogue

MODULES = (
    "ost.formats.lists.text.grammar",
    "ost.formats.lists.text.decoding",
    "ost.formats.lists.text.models",
    "ost.formats.lists.text.reader",
    "ost.formats.transport_text",
    "ost.formats.lists.reading",
    "ost.formats.lists.roster.reader",
    "ost.core.text",
)

#: Sizes of the adversarial strings (characters), each 4 times the last: backtracking shows by 6,400.
SIZES = (100, 400, 1_600, 6_400)
#: Then the long runs, 256 times longer in one step: linear work takes 256 times as long,
#: quadratic work 65,536 times. Memory caches make a long run cost up to 2 or 3 times more per
#: character than a short one, more on a busy machine, hence the wider bound of this step.
LONG_SIZES = (400, 102_400)
LONG_EXCESS = 16.0
#: Below this the timer's noise dominates: a step that fast proves nothing either way.
NOISE_FLOOR = 2e-4
#: Linear work scales with the size ratio; this much more than it is backtracking.
#: (4x longer input: linear 4, quadratic 16, cubic 64; the bound leaves room for noise.)
EXCESS = 3.0
#: How many times a step over the bound is measured again before the pattern is blamed.
CONFIRM_ROUNDS = 8

#: What the adversarial strings repeat: runs of one class, and mixes that sit on the
#: border of two classes (digits and spaces, brackets and letters, a count and its "x").
FRAGMENTS = (
    " ",
    "\u00a0",
    "1",
    "a",
    "A",
    "[",
    "(",
    ")",
    "<",
    "+",
    ".",
    "-",
    ":",
    "x",
    "•",
    "1 ",
    " 1",
    "1,",
    "1 0",
    "1x ",
    "x1 ",
    "a ",
    "a,",
    "( ",
    "[1 ",
    "+ ",
    ". ",
    "<A ",
    "1 pts ",
    "PL, ",
    "« a »",
)
#: The runs taken to 100,000 characters: one of each class, and the mixes that cost most.
LONG_FRAGMENTS = (" ", "1", "a", "[", "(", "<", "+", ".", "1 ", "a ", "[1 ", "1 pts ")
#: Starts and ends that make an anchored pattern reach the run and then fail at its end.
FRAMES = (("", "!"), ("a ", "!"), ("+ ", "!"), ("1", "!"), ("(", "!"), ("a", "1x"))


def reader_patterns() -> Iterator[tuple[str, re.Pattern[str]]]:
    seen: set[int] = set()  # a pattern one module imports from another is checked once, where it is made
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for attribute, value in sorted(vars(module).items()):
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str) and id(value) not in seen:
                seen.add(id(value))
                yield f"{module_name}.{attribute}", value
            elif isinstance(value, (tuple, list)):
                for index, item in enumerate(value):
                    if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                        yield f"{module_name}.{attribute}[{index}]", item


PATTERNS = list(reader_patterns())


def best_time(run: Callable[[], object], repeats: int, enough: float = 0.0) -> float:
    """The best of ``repeats`` runs of ``run``, the collector off (as ``timeit`` does).

    Stops as soon as one run takes ``enough`` or less.
    """
    best = float("inf")
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            start = time.thread_time()
            run()
            best = min(best, time.thread_time() - start)
            if best <= enough:
                break
    finally:
        if collecting:
            gc.enable()
    return best


def scaling_failure(
    pattern: re.Pattern[str] | Callable[[str], object],
    make: Callable[[int], str],
    sizes: tuple[int, ...] = SIZES,
    operations: tuple[str, ...] = ("search", "fullmatch"),
    excess: float = EXCESS,
) -> str | None:
    """Why ``pattern`` (or a function of a text) grows superlinearly on the strings ``make`` builds.

    None when it scales linearly. Each size is measured against the one
    before; a step over the bound is measured again, the two sizes in turn
    several times and the best of each compared, so that a busy moment of
    the machine does not fail the test; backtracking fails every round.
    """
    for operation_name in operations:
        operation = getattr(pattern, operation_name) if isinstance(pattern, re.Pattern) else pattern
        last_run: Callable[[], object] | None = None
        last_size, last_spent = 0, 0.0
        for size in sizes:
            text = make(size)

            def run(text: str = text, operation: Callable[[str], object] = operation) -> object:
                return operation(text)

            if last_run is None:
                last_run, last_size, last_spent = run, size, best_time(run, 3)
                continue
            ratio = size / last_size
            bound = max(excess * ratio * last_spent, NOISE_FLOOR)
            spent = best_time(run, 2, enough=bound)
            if spent > bound:
                # Both sizes again, in turn, so that both are measured under the same load.
                small, large = float("inf"), float("inf")
                for _ in range(CONFIRM_ROUNDS):
                    small = min(small, best_time(last_run, 1))
                    large = min(large, best_time(run, 1))
                    if large <= max(excess * ratio * small, NOISE_FLOOR):
                        break
                else:
                    return (
                        f"{operation_name}: {last_size} -> {size} characters took {small * 1e3:.2f} -> "
                        f"{large * 1e3:.2f} ms (x{large / max(small, 1e-9):.0f} for x{ratio:.0f})"
                    )
                spent = large
            last_run, last_size, last_spent = run, size, spent
    return None


def test_the_reader_modules_have_patterns() -> None:
    names = {name for name, _ in PATTERNS}
    assert {
        "ost.formats.lists.text.grammar._POINTS",
        "ost.formats.lists.text.grammar._COUNT_AFTER",
        "ost.formats.lists.reading._DECORATION",
    } <= names
    assert len(PATTERNS) > 30


def first_failure(pattern: re.Pattern[str]) -> str | None:
    """The first adversarial string on which ``pattern`` scales worse than linearly, and how."""
    for fragment in FRAGMENTS:
        for start, end in FRAMES:

            def make(size: int, fragment: str = fragment, start: str = start, end: str = end) -> str:
                return start + fragment * max(1, size // len(fragment)) + end

            why = scaling_failure(pattern, make)
            if why is not None:
                return f"{start!r} + {fragment!r} * n + {end!r}: {why}"
    for fragment in LONG_FRAGMENTS:

        def make_long(size: int, fragment: str = fragment) -> str:
            return fragment * (size // len(fragment)) + "!"

        why = scaling_failure(pattern, make_long, LONG_SIZES, ("search",), LONG_EXCESS)
        if why is not None:
            return f"{fragment!r} * n + '!': {why}"
    return None


@pytest.mark.parametrize(("name", "pattern"), PATTERNS, ids=[name for name, _ in PATTERNS])
def test_pattern_work_grows_linearly(name: str, pattern: re.Pattern[str]) -> None:
    why = first_failure(pattern)
    assert why is None, f"{name} ({pattern.pattern!r}) backtracks on {why}"


def test_the_scaling_check_catches_backtracking() -> None:
    """The measure itself: a known quadratic pattern and a known cubic one fail, a linear one passes."""
    quadratic = re.compile(r"\s*x")
    cubic = re.compile(r"^\s*\s*\s*x$")
    linear = re.compile(r"x\s*$")

    def spaces(size: int) -> str:
        return " " * size + "!"

    assert scaling_failure(quadratic, spaces) is not None
    assert scaling_failure(cubic, spaces) is not None
    assert scaling_failure(linear, spaces) is None


@pytest.mark.parametrize(
    "line",
    [
        "Tactical Squad{run}10 pts",
        "Tactical{run}Squad",
        "Tactical Squad{run}10{run}p",
        "Tactical Squad{run}x10",
        "10x{run}Tactical Squad [5 PL,{run}90pts]:{run}Flamer",
        "+{run}HQ{run}+",
        "+++{run}Roster{run}(Game){run}+++",
        "« Titus{run}»{run}Captain (80{run}points)",
        ". 5x{run}Boy:{run}Choppa,{run}Slugga",
        "Selections:{run}Boss Nob,{run}9x Boy",
    ],
)
def test_reading_long_lines_grows_linearly(line: str) -> None:
    """The whole reader, on lines with long inner runs of spaces (up to the longest line it parses)."""
    catalogue = reader_catalogue()

    def make(size: int) -> str:
        text = "Captain [80 pts]\n" + line.format(run=" " * (size // max(1, line.count("{run}")))) + "\n"
        return text

    def read(text: str) -> object:
        return read_text(text, catalogue, "t.txt")

    sizes = tuple(n for n in (60, 240, MAX_LINE_CHARS - 40) if n < MAX_LINE_CHARS)
    assert scaling_failure(read, make, sizes, ("read",)) is None
