"""Names that already say how many they are are not counted twice ("2× Two Carnifex Scything Talons")."""

from __future__ import annotations

import pytest

from ost.core.text import counted, says_count


@pytest.mark.parametrize(
    "name",
    [
        "Two Carnifex Scything Talons",
        "two heavy bolters",
        "Three Gheiststrike missiles",
        "Pair of lightning claws",
        "2 × Lance-flammes lourd jumelé",
        "2x Stranglethorn Cannon",
        "2 Blastmasters",
        "Deux griffes éclair",
        "Paire de griffes éclair",
    ],
)
def test_a_name_that_starts_with_its_number_is_shown_as_it_is(name: str) -> None:
    assert says_count(name)
    assert counted(2, name) == name
    assert counted(1, name) == name


@pytest.mark.parametrize(
    "name",
    [
        "Bolter",
        "Twin lascannon",  # a twin weapon is one weapon: two of them are two
        "Lance-flammes lourd jumelé",
        "2. Embolden/Horrify",  # a numbered power, not a count
        "Twelve-gauge",  # not a word of its own
        "Tw'o",
        "Deuxième arme",
        "3D6 grenade",
    ],
)
def test_other_names_are_counted(name: str) -> None:
    assert not says_count(name)
    assert counted(2, name) == f"2× {name}"
    assert counted(3, name, "x ") == f"3x {name}"
    assert counted(1, name) == name
