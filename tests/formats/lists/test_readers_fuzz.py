"""Fuzzing every list reader: random bytes and mutated real inputs give a list or a clear error, quickly.

"Clear error" means :class:`ListFileError` (``ListReadError`` is one) whose
message starts with the file name. Whatever a reader returns must also be a
valid Ost list: it saves, loads back and validates without raising.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ListBuilder
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.core.listfile import ListFileError
from ost.core.validator import validate
from ost.formats.lists.listreader import read_list
from ost.formats.lists.roster import read_roster
from ost.formats.lists.text import read_text
from readers_support import reader_catalogue, sample, zipped

CATALOGUE = reader_catalogue()
#: No deadline: wall-clock limits fail under load. The work each reader does is bounded in tests/fuzz/.
FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _ost_sample() -> bytes:
    b = ListBuilder(CATALOGUE, 1000, name="Échantillon")
    b.add("captain", warlord=True)
    b.add("tactical", models=6, options={"flamer": 1})
    b.add("rhino", transport=None)
    return listfile.dumps(b.army).encode("utf-8")


SAMPLES: dict[str, bytes] = {
    "ultramarines.ros": sample("ultramarines.ros"),
    "orks.rosz": zipped({"orks.ros": sample("orks-waaagh.ros")}),
    "necrons.ros": sample("necrons-unknown.ros"),
    "bs.txt": sample("battlescribe-export.txt"),
    "app.txt": sample("app-export.txt"),
    "wtc.txt": sample("wtc-compact.txt"),
    "plain.txt": sample("plain.txt"),
    "bs-full.txt": sample("battlescribe-full.txt"),
    "bs-bullets.txt": sample("battlescribe-bullets.txt"),
    "nr.txt": sample("newrecruit-compact.txt"),
    "app-boyz.txt": sample("app-boyz.txt"),
    "liste.ost": _ost_sample(),
}
NAMES = ["liste.ost", "roster.ros", "roster.rosz", "pasted.txt", "sans-extension"]


T = TypeVar("T")


def attempt(read: Callable[[], T]) -> tuple[T | None, ListFileError | None]:
    """Run a reader: its result, or the clear error it raised (anything else propagates)."""
    try:
        return read(), None
    except ListFileError as exc:
        return None, exc


def check_reads_or_refuses(data: bytes, name: str, catalogue: Catalogue = CATALOGUE) -> None:
    result, error = attempt(lambda: read_list(data, name, catalogue))
    if error is not None:
        assert str(error).startswith(f"{name}: "), str(error)
        assert len(str(error)) < 400
    else:
        assert result is not None
        army = listfile.parse(listfile.dumps(result.army), name)  # a valid Ost list
        validate(catalogue, army)
        result.reading.lines("fr")
        result.reading.to_data()


@FUZZ
@given(st.binary(max_size=4096), st.sampled_from(NAMES))
def test_random_bytes(data: bytes, name: str) -> None:
    check_reads_or_refuses(data, name)


@FUZZ
@given(
    st.sampled_from(sorted(SAMPLES)),
    st.lists(
        st.tuples(st.sampled_from(["flip", "insert", "delete", "duplicate"]), st.floats(0, 1), st.binary(max_size=8)),
        min_size=1,
        max_size=8,
    ),
)
def test_mutated_real_inputs(name: str, mutations: list[tuple[str, float, bytes]]) -> None:
    data = bytearray(SAMPLES[name])
    for kind, where, extra in mutations:
        at = int(where * max(0, len(data) - 1))
        if kind == "flip" and data:
            data[at] ^= extra[0] if extra else 0xFF
        elif kind == "insert":
            data[at:at] = extra
        elif kind == "delete":
            del data[at : at + max(1, len(extra))]
        elif kind == "duplicate":
            data[at:at] = data[at : at + 64]
    check_reads_or_refuses(bytes(data), name)


@FUZZ
@given(st.sampled_from(sorted(SAMPLES)), st.integers(0, 4000))
def test_truncated_real_inputs(name: str, keep: int) -> None:
    check_reads_or_refuses(SAMPLES[name][:keep], name)


_line = st.one_of(
    st.text(max_size=80),
    st.sampled_from(
        [
            "++ Battalion (Orks) [500pts] ++",
            "+ HQ +",
            "+ Configuration +",
            "TROOPS",
            "Boyz [9 PL, 170pts]: Big Choppa",
            ". 19x Ork Boy: 19x Choppa",
            "• 1x Boss Nob",
            "  ◦ 1x Big choppa",
            "3x Rhino (225 pts)",
            "Char1: 1x Warboss (80 pts): Warlord",
            "+ WARLORD: Char1: Warboss",
            "Limite : 1000 points",
            "- Intercessors",
            "«»[](){}::,,xx 00 pts",
        ]
    ),
)


@FUZZ
@given(st.lists(_line, max_size=40))
def test_random_text_lines(lines: list[str]) -> None:
    text = "\n".join(lines)
    result, error = attempt(lambda: read_text(text, CATALOGUE, "collé.txt"))
    if error is not None:
        assert str(error).startswith("collé.txt: ")
    else:
        assert result is not None
        army, reading = result
        listfile.parse(listfile.dumps(army))
        validate(CATALOGUE, army)
        reading.lines("en")


_attr = st.one_of(st.none(), st.text(max_size=12), st.sampled_from(["-1", "1e999", "NaN", "3", "0", "2.5", "bs-boyz"]))


@st.composite
def selections(draw: st.DrawFn, depth: int = 0) -> str:
    attrs = {
        "name": draw(st.one_of(st.sampled_from(["Boyz", "Warboss", "Rhino", "Inconnu", "Warlord", ""]), _attr)),
        "type": draw(st.one_of(st.sampled_from(["unit", "model", "upgrade"]), _attr)),
        "number": draw(_attr),
        "entryId": draw(st.one_of(_attr, st.just("a::bs-warboss"))),
        "customName": draw(_attr),
    }
    body = ""
    if draw(st.booleans()):
        value = draw(st.sampled_from(["10", "-5", "x", "1e9"]))
        body += f'<costs><cost name="pts" typeId="points" value="{value}"/></costs>'
    if draw(st.booleans()):
        body += (
            f'<categories><category name="{draw(st.sampled_from(["HQ", "Troops", "Faction: Orks", "Configuration"]))}" '
            f'primary="{draw(st.sampled_from(["true", "false"]))}"/></categories>'
        )
    if depth < 2:
        children = draw(st.lists(selections(depth + 1), max_size=3))
        if children:
            body += "<selections>" + "".join(children) + "</selections>"
    rendered = " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items() if v is not None)
    return f"<selection {rendered}>{body}</selection>"


@FUZZ
@given(st.lists(st.lists(selections(), max_size=5), max_size=3), st.booleans())
def test_random_roster_structures(forces: list[list[str]], zip_it: bool) -> None:
    xml = (
        '<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" name="fuzz"><forces>'
        + "".join(f'<force name="F{i}"><selections>{"".join(f)}</selections></force>' for i, f in enumerate(forces))
        + "</forces></roster>"
    ).encode("utf-8")
    data = zipped({"fuzz.ros": xml}) if zip_it else xml
    result, error = attempt(lambda: read_roster(data, CATALOGUE, "fuzz.ros"))
    if error is not None:
        assert str(error).startswith("fuzz.ros: ")
        return
    assert result is not None
    listfile.parse(listfile.dumps(result[0]))
    validate(CATALOGUE, result[0])


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_reads(name: str) -> None:
    result = read_list(SAMPLES[name], name, CATALOGUE)
    assert result.army.unit_count() > 0
