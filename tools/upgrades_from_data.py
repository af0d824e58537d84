"""The once-per-unit picks of the shipped factions in the 9th-edition data: relics, warlord traits, psychic powers.

The shipped catalogue states, per faction (``upgrades:`` in ``catalog/factions/*.yaml``),
the codex relics, warlord traits and psychic disciplines of its faction. Their
names (English), points and who may take them are the data's; the French names
and the one-line summaries are ours; a relic weapon's profiles are the data's
numbers (its abilities in our words). This module reads the data's groups
(:data:`GROUPS`: the faction's file and the group's name in it) so that
``tests/catalog/test_catalogue_fidelity.py`` compares the shipped entries with
them, and prints them for review::

    PYTHONPATH=app python tools/upgrades_from_data.py [--data DIR] [--text]

``--text`` adds the data's rules text, to write our own summary from (never to copy).
"""

from __future__ import annotations

import argparse
import html
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "bsdata-9e"

#: Shipped faction id -> upgrade kind -> (data file, names of the data's groups holding them).
GROUPS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "space-marines": {
        "trait": ("Imperium - Space Marines.cat", ("Warlord Traits (Codex)",)),
        "relic": ("Imperium - Space Marines.cat", ("Codex Relics",)),
        "psychic": ("Imperium - Space Marines.cat", ("Librarius Discipline",)),
    },
    "orks": {
        "trait": ("Orks.cat", ("Codex Traits",)),
        "relic": ("Orks.cat", ("Shiny Gubbinz",)),
        "psychic": ("Orks.cat", ("Power of the WAAAGH!",)),
    },
    "astra-militarum": {
        "trait": ("Imperium - Astra Militarum - Library.cat", ("Warlord Traits",)),
        "relic": ("Imperium - Astra Militarum - Library.cat", ("Relics",)),
        "psychic": ("Imperium - Astra Militarum - Library.cat", ("Psykana Discipline",)),
    },
    "necrons": {
        "trait": ("Necrons.cat", ("Warlord Trait",)),
        "relic": ("Necrons.cat", ("Artefacts of the Aeons",)),
    },
}

#: Nested groups whose entries are not the codex's own picks: the Necrons' "Cult of the
#: Cryptek" traits open only when the army takes that option (a campaign supplement's).
SKIPPED_GROUPS = frozenset({"Cult of the Cryptek"})


#: A keyword's declaration in a data file: its id and name.
CATEGORY = re.compile(r'<categoryEntry\s+id="([^"]+)"\s+name="([^"]*)"')


@dataclass(frozen=True)
class DataWeapon:
    """A relic weapon's profile in the data: its name and characteristics as the data writes them."""

    name: str
    range: str
    type: str
    s: str
    ap: str
    d: str
    abilities: str = ""


@dataclass(frozen=True)
class DataPick:
    """One entry of a data group: its English name, price in points and rules text.

    ``needs``: the keywords the data hides the entry without, each a set of
    alternatives (``{"Infantry", "Noble"}``: either will do); a faction keyword
    without its ``Faction:`` prefix. Conditions on carried wargear (a relic that
    replaces a chainsword) are not keywords and are left out.
    """

    name: str
    points: int
    text: str
    needs: tuple[frozenset[str], ...] = ()
    #: The entry's BattleScribe id (a roster's selection names it; ``bs_ids`` in the shipped file).
    id: str = ""
    #: A relic weapon's profiles (``profiles`` in the shipped file), in the data's order.
    weapons: tuple[DataWeapon, ...] = ()


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _entries(group: ET.Element, shared: dict[str, ET.Element]) -> list[tuple[ET.Element, ET.Element]]:
    """The selection entries of ``group`` and its nested groups, links followed: (entry, link or entry)."""
    out: list[tuple[ET.Element, ET.Element]] = []
    for child in group:
        tag = _local(child.tag)
        if tag in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for entry in child:
                kind = _local(entry.tag)
                if kind == "selectionEntry":
                    out.append((entry, entry))
                elif kind == "selectionEntryGroup":
                    if entry.get("name") not in SKIPPED_GROUPS:
                        out.extend(_entries(entry, shared))
                elif kind == "entryLink":
                    target = shared.get(entry.get("targetId", ""))
                    if target is None:
                        continue
                    if _local(target.tag) == "selectionEntry":
                        out.append((target, entry))
                    elif target.get("name") not in SKIPPED_GROUPS:
                        out.extend(_entries(target, shared))
    return out


def _category(name: str) -> str:
    return name.removeprefix("Faction:").strip()


def _needs(entry: ET.Element, categories: dict[str, str]) -> tuple[frozenset[str], ...]:
    """The keyword conditions of ``entry``'s own modifiers on its ``hidden`` field (see :class:`DataPick`)."""
    out: list[frozenset[str]] = []
    for modifier in entry.findall("./{*}modifiers/{*}modifier"):
        if modifier.get("field") != "hidden" or modifier.get("type") != "set":
            continue
        conditions = [c for c in modifier.iter() if _local(c.tag) == "condition"]
        kinds = {c.get("childId", ""): c.get("type") for c in conditions if c.get("childId") in categories}
        if modifier.get("value") == "true" and conditions and all(t == "notInstanceOf" for t in kinds.values()):
            if len(kinds) == len(conditions):  # hidden unless one of these keywords
                out.append(frozenset(_category(categories[k]) for k in kinds))
        elif modifier.get("value") == "false":  # shown with one of these keywords
            shown = frozenset(_category(categories[k]) for k, t in kinds.items() if t == "instanceOf")
            if shown:
                out.append(shown)
    return tuple(out)


def _pick(entry: ET.Element, categories: dict[str, str] | None = None, link: ET.Element | None = None) -> DataPick:
    points = 0
    texts: list[str] = []
    weapons: list[DataWeapon] = []
    for node in entry.iter():
        tag = _local(node.tag)
        if tag == "cost" and node.get("typeId") == "points":
            points = max(points, round(float(node.get("value", "0"))))
        elif tag == "characteristic" and node.text and node.get("name") in ("Description", "Abilities", "Effect"):
            texts.append(" ".join(node.text.split()))
        elif tag == "profile" and node.get("typeName") == "Weapon":
            stats = {c.get("name"): (c.text or "").strip() for c in node.iter() if _local(c.tag) == "characteristic"}
            texts.append(f"[{node.get('name')}: " + ", ".join(f"{k} {v}" for k, v in stats.items()) + "]")
            weapons.append(_weapon(str(node.get("name", "")), stats))
    needs = _needs(entry, categories or {}) + (
        _needs(link, categories or {}) if link is not entry and link is not None else ()
    )
    name = entry.get("name", "").strip()
    return DataPick(
        name=name, points=points, text=" / ".join(texts), needs=needs, id=entry.get("id", ""), weapons=tuple(weapons)
    )


def _weapon(name: str, stats: dict[str | None, str]) -> DataWeapon:
    """One weapon profile of the data; a name's "Relic: " prefix (the data names some so) left out."""
    return DataWeapon(
        name=re.sub(r"^\s*Relic\s*:\s*", "", name).strip(),
        range=stats.get("Range", "-"),
        type=stats.get("Type", "-"),
        s=stats.get("S", "-"),
        ap=stats.get("AP", "-"),
        d=stats.get("D", "-"),
        abilities=" ".join(stats.get("Abilities", "").split()),
    )


def read_picks(data: Path = DATA) -> dict[str, dict[str, list[DataPick]]]:
    """Faction id -> kind -> the data's entries of :data:`GROUPS`, in the data's order."""
    out: dict[str, dict[str, list[DataPick]]] = {}
    trees: dict[str, ET.Element] = {}
    # Keywords are declared across the release (a faction's in its main file, not its library).
    categories = {
        ident: html.unescape(name)
        for path in sorted([*data.glob("*.gst"), *data.glob("*.cat")])
        for ident, name in CATEGORY.findall(path.read_text(encoding="utf-8", errors="replace"))
    }
    for faction, kinds in GROUPS.items():
        for kind, (file, names) in kinds.items():
            if file not in trees:
                trees[file] = ET.parse(data / file).getroot()
            root = trees[file]
            kinds = ("selectionEntry", "selectionEntryGroup")
            shared = {e.get("id", ""): e for e in root.iter() if _local(e.tag) in kinds}
            found: list[DataPick] = []
            for element in root.iter():
                if _local(element.tag) == "selectionEntryGroup" and element.get("name") in names:
                    found.extend(_pick(e, categories, link) for e, link in _entries(element, shared))
                    break
            seen: set[str] = set()
            out.setdefault(faction, {})[kind] = [p for p in found if not (p.name in seen or seen.add(p.name))]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--text", action="store_true", help="print the data's rules text too")
    args = parser.parse_args(argv)
    for faction, kinds in read_picks(args.data).items():
        for kind, picks in kinds.items():
            print(f"== {faction} {kind}: {len(picks)}")
            for p in picks:
                needs = " and ".join("/".join(sorted(n)) for n in p.needs)
                print(f"  {p.name} ({p.points} pts, id {p.id})" + (f" [{needs}]" if needs else ""))
                for w in p.weapons:
                    print(f"      weapon {w.name}: {w.range} | {w.type} | S {w.s} | AP {w.ap} | D {w.d}")
                if args.text:
                    print(f"      {p.text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
