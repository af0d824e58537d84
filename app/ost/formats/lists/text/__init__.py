"""Army lists pasted as text, and Ost lists written out as text.

Four layouts are read, and may be mixed:

- BattleScribe's text export: ``++ Detachment (Faction) [costs] ++``,
  ``+ Role +``, ``Unit [N PL, N pts]: gear, gear`` and nested
  ``. 3x Model: gear`` or ``• 9x Boy`` lines; its full form adds
  ``Selections:``, ``Categories:``, ``Rules:``… lines under each unit and
  model line, and writes configuration choices as ``Clan Kultur`` followed
  by ``Selections: Goffs``;
- the official app: a title line with points, ALL-CAPS role sections
  ("HQ", "TROOPS"), ``Unit (N points)`` followed by ``• 1x Model`` and
  ``◦ gear`` bullet lines;
- New Recruit / WTC compact forms: ``+ KEY: value`` headers, ``Char1:``
  labels, ``1x Unit (N pts): gear``;
- plain lines: ``3x Unit (N pts)``, ``Unit - N pts``, or a bare unit name.

Every line is accounted for in the :class:`~ost.formats.lists.reading.ReadingReport`:
a unit (matched to the catalogue with a confidence, or kept as an unknown
unit when the line clearly is one), a recognised header, setting or detail, or
a line not understood, reported with its number. Every guess is a warning
with its line. Nothing is dropped silently.

A count before or after a name (``3x Rhino``, ``Tactical Squad 10x``,
``Squad x10``) is the number of models; for a datasheet of one model it is
the number of units. Model lines give the unit's size and, under a datasheet
with several model kinds, its composition. Prices written are kept as the
list states them (``Unit.stated_points``, ``ArmyList.stated_total``), and
priced wargear the catalogue lacks as ``Unit.extra_options``. Sub-faction
lines ("Chapter: Ultramarines") fill the placeholders they name, by the one
table of :mod:`ost.core.subfactions`.

The package, one job a module:

- :mod:`.grammar` — limits, line patterns and word lists; one line split into its parts;
- :mod:`.decoding` — bytes to text, and BattleScribe's HTML export made text;
- :mod:`.reader` — the lines in order, and what each means for the list;
- :mod:`.models` — the lines under a unit line, and the units they make;
- :mod:`.export` — an Ost list written as text that reads back the same;
- :mod:`.format` — the text as a list format of the registry.

The names below load their module when first used: registering the format
(every start) imports none of the reader.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ost.formats.lists.lazy import lazy_names

if TYPE_CHECKING:
    from ost.formats.lists.text.decoding import decode_text, html_to_text
    from ost.formats.lists.text.export import export_text
    from ost.formats.lists.text.grammar import (
        MAX_COUNT,
        MAX_LINE_CHARS,
        MAX_LINES,
        MAX_TEXT_BYTES,
        MAX_UNITS,
        parse_header,
        points_in,
        split_items,
    )
    from ost.formats.lists.text.reader import read_text

#: Each name this package offers -> its module. Imported when first asked for (PEP 562): the registry
#: imports :mod:`.format` at every start, and a roster check never loads the grammar, reader or models.
_HOME = {
    "decode_text": "decoding",
    "html_to_text": "decoding",
    "export_text": "export",
    **dict.fromkeys(
        (
            "MAX_COUNT",
            "MAX_LINE_CHARS",
            "MAX_LINES",
            "MAX_TEXT_BYTES",
            "MAX_UNITS",
            "parse_header",
            "points_in",
            "split_items",
        ),
        "grammar",
    ),
    "read_text": "reader",
}


def _modules() -> dict[str, ModuleType]:
    from ost.formats.lists.text import decoding, export, grammar, reader

    return {"decoding": decoding, "export": export, "grammar": grammar, "reader": reader}


__getattr__, __dir__ = lazy_names(__name__, _HOME, _modules)


__all__ = [
    "MAX_COUNT",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "MAX_TEXT_BYTES",
    "MAX_UNITS",
    "decode_text",
    "export_text",
    "html_to_text",
    "parse_header",
    "points_in",
    "read_text",
    "split_items",
]
