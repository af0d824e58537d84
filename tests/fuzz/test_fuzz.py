"""The fuzz campaign at CI size: every reader, a few hundred inputs each, no crash and bounded work.

``OST_FUZZ_N`` sets the inputs per reader (150 by default; the campaign by
hand uses 10,000: ``nice python tests/fuzz/campaign.py``), ``OST_FUZZ_SEED``
the seed. A hang is caught without a clock: each input's work is counted (the
Python and built-in function calls the reader makes, by a profile hook) and
must stay within a linear bound of the input's size, so a reader that loops
or goes quadratic fails here deterministically, on any machine, under any
load. (Backtracking inside one regular-expression call is not a call the hook
sees: the text reader's patterns have their own test.)
"""

from __future__ import annotations

import os

import pytest
from campaign import Reader, catalogue, counted, inputs, readers, run_one

pytestmark = pytest.mark.fuzz

COUNT = int(os.environ.get("OST_FUZZ_N", "150"))
SEED = int(os.environ.get("OST_FUZZ_SEED", "0"))
#: Work allowed per input: a fixed part (building indexes, the first catalogue look-ups) plus so much per byte.
WORK_BASE = 200_000
WORK_PER_BYTE = {"text": 400, "sharecode": 400}
DEFAULT_WORK_PER_BYTE = 50


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    catalogue()  # built once, outside the counted work


@pytest.mark.parametrize("reader", readers(), ids=lambda r: r.name)
def test_reader_survives_the_campaign(reader: Reader) -> None:
    per_byte = WORK_PER_BYTE.get(reader.name, DEFAULT_WORK_PER_BYTE)
    problems: list[str] = []
    outcomes: dict[str, int] = {}
    run_one(reader, reader.seeds()[0])  # indexes built on first use are not the input's work
    for label, data in inputs(reader, COUNT, SEED):
        outcome, calls = counted(lambda data=data: run_one(reader, data))  # type: ignore[misc]
        outcomes[outcome.kind] = outcomes.get(outcome.kind, 0) + 1
        if outcome.kind == "crash":
            problems.append(f"{label}: crash\n{outcome.detail}")
        bound = WORK_BASE + per_byte * len(data)
        if calls > bound:
            problems.append(f"{label}: {calls} calls for {len(data)} bytes (bound {bound})")
    assert not problems, "\n".join(problems[:5])
    assert outcomes.get("ok", 0) > 0 and outcomes.get("refused", 0) > 0  # the mutations reach both sides


def test_inputs_are_replayable() -> None:
    reader = readers()[0]
    assert list(inputs(reader, 30, 7)) == list(inputs(reader, 30, 7))
    assert list(inputs(reader, 30, 7)) != list(inputs(reader, 30, 8))


def test_a_crash_is_told_from_a_refusal() -> None:
    from ost.core.listfile import ListFileError

    def broken(_data: bytes) -> object:
        raise IndexError("string index out of range")

    def refusing(_data: bytes) -> object:
        raise ListFileError("x.ost", "not JSON")

    assert run_one(Reader("b", "json", list, broken, (ListFileError,)), b"").kind == "crash"
    assert run_one(Reader("r", "json", list, refusing, (ListFileError,)), b"").kind == "refused"


def test_work_counting_sees_a_quadratic_reader() -> None:
    def quadratic(data: bytes) -> None:
        for a in data:
            for b in data:
                abs(a - b)

    _, small = counted(lambda: quadratic(b"x" * 100))
    _, large = counted(lambda: quadratic(b"x" * 1000))
    assert large > 50 * small and large > WORK_BASE + DEFAULT_WORK_PER_BYTE * 1000
