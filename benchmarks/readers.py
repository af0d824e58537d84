"""How fast are the list readers? Run by hand: ``.venv/bin/python benchmarks/readers.py``.

A 60-unit list (4 detachments, models and wargear under every unit) is written
as a BattleScribe roster (.ros, and zipped as .rosz) and as BattleScribe-style
pasted text, then read back against a catalogue of about 2,000 datasheets:

- roster, datasheets found by BattleScribe id (a catalogue imported from BSData);
- roster, found by name only (the fuzzy path: ids unknown to the catalogue);
- pasted text (names only);
- the same two by name, in a batch (files share one name index, as ``ost check FOLDER`` does);
- pasted text whose every unit name is misspelled (every look-up fuzzy), name index already built;

next to decoding the same list from an ``.ost`` file (JSON), a baseline every
caller pays anyway. Goal: each read under 250 ms, so ``ost check`` on a
tournament's folder stays interactive.

Then a 2,000-point roster (about 20 units, found by BattleScribe id, every
price stated) read and checked (validated) after start-up: the catalogue is
loaded, the clock covers reading the bytes into a list, comparing its prices
and validating it. Goal: under 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(ROOT / "tests"))

from ost.core import listfile  # noqa: E402
from ost.core.armylist import ArmyList, Detachment, Unit, snapshot_of, unit_points  # noqa: E402
from ost.core.catalogue import Catalogue, Datasheet  # noqa: E402
from ost.core.resources import shipped_catalogue_dir  # noqa: E402
from ost.core.validator import validate  # noqa: E402
from ost.formats.catalog_source import read_catalogue  # noqa: E402
from ost.formats.lists.listreader import read_list  # noqa: E402
from ost.formats.lists.reading import NameMatcher  # noqa: E402
from ost.formats.lists.text import export_text  # noqa: E402
from readers_support import zipped  # noqa: E402

TARGET_DATASHEETS = 2000
UNITS = 60
RUNS = 15


def big_catalogue(with_bs_ids: bool) -> Catalogue:
    """The shipped catalogue copied into invented factions up to 2,000 datasheets; each gets a BattleScribe id."""
    shipped = read_catalogue(shipped_catalogue_dir())
    base = list(shipped)
    sheets: list[Datasheet] = []
    for n in range(-(-TARGET_DATASHEETS // len(base))):
        for sheet in base:
            sheet_id = sheet.id if n == 0 else f"{sheet.id}-{n}"
            update: dict[str, object] = {"id": sheet_id, "bs_ids": [f"bs-{sheet_id}"] if with_bs_ids else []}
            if n:
                update["faction"] = f"{sheet.faction}-{n}"
                update["name"] = f"{sheet.name} {n}"
                update["aliases"] = [f"{a} {n}" for a in sheet.aliases]
            sheets.append(sheet.model_copy(update=update))
    return Catalogue(sheets, shipped.bands, shipped.glossary.values(), shipped.factions.values())


def big_list(catalogue: Catalogue) -> ArmyList:
    """60 units of the first copy, spread over 4 detachments, each at a middle size with its options."""
    sheets = [s for s in catalogue if s.id.count("-") <= 2 and not s.id.rsplit("-", 1)[-1].isdigit()]
    army = ArmyList(name="Banc d'essai", points_limit=4000, detachments=[Detachment(id=f"d{i}") for i in range(1, 5)])
    for index in range(UNITS):
        sheet = sheets[index % len(sheets)]
        models = (sheet.min_models + sheet.max_models) // 2
        army.detachments[index % 4].units.append(
            Unit(
                id=f"u{index + 1}",
                datasheet=sheet.id,
                snapshot=snapshot_of(sheet),
                models=models,
                options={o.id: 1 for o in sheet.options[:2]},
            )
        )
    return army


def roster_xml(army: ArmyList, catalogue: Catalogue) -> bytes:
    """The list as a BattleScribe roster: a unit selection with model and upgrade selections."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append(f'<roster name={quoteattr(army.name)} xmlns="http://www.battlescribe.net/schema/rosterSchema">')
    out.append('<costLimits><costLimit name="pts" typeId="points" value="4000.0"/></costLimits><forces>')
    for detachment in army.detachments:
        out.append(f'<force name="Detachment {detachment.id}" catalogueName="Bench"><selections>')
        for unit in detachment.units:
            sheet = catalogue.get(unit.datasheet)
            assert sheet is not None
            name = sheet.aliases[0] if sheet.aliases else sheet.name
            out.append(
                f'<selection name={quoteattr(name)} entryId="grp::bs-{sheet.id}" number="1" type="unit"><selections>'
            )
            out.append(
                f'<selection name="Model" type="model" number="{unit.models}">'
                f'<costs><cost name="pts" typeId="points" value="{sheet.points}.0"/></costs>'
                '<selections><selection name="Bolt gun" type="upgrade" number="1"/></selections></selection>'
            )
            for option in sheet.options:
                if option.id in unit.options:
                    out.append(f'<selection name="{escape(option.name)}" type="upgrade" number="1"/>')
            out.append("</selections></selection>")
        out.append("</selections></force>")
    out.append("</forces></roster>")
    return "\n".join(out).encode("utf-8")


def list_of_points(catalogue: Catalogue, points: int) -> ArmyList:
    """Units of the first copy of the catalogue, at their minimum size, until ``points`` is reached."""
    sheets = [s for s in catalogue if s.id.count("-") <= 2 and not s.id.rsplit("-", 1)[-1].isdigit()]
    army = ArmyList(name="2000 points", points_limit=points, detachments=[Detachment(id="d1"), Detachment(id="d2")])
    total = 0
    for index, sheet in enumerate(sheets):
        cost = sheet.cost(sheet.min_models)
        if total + cost > points:
            continue
        total += cost
        army.detachments[index % 2].units.append(
            Unit(id=f"u{index + 1}", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=sheet.min_models)
        )
        if total > points - 40:
            break
    return army


_UNIT_CHARS = ("M", "WS", "BS", "S", "T", "W", "A", "Ld", "Save")
_WEAPON_CHARS = ("Range", "Type", "S", "AP", "D", "Abilities")
_RULE = "When this unit is chosen to fight, it can make one additional attack with each of its melee weapons. " * 3


def full_roster_xml(army: ArmyList, catalogue: Catalogue) -> bytes:
    """The list as BattleScribe really writes it: every model and weapon with its profile, rules and categories."""

    def profile(name: str, type_name: str, type_id: str, chars: tuple[str, ...]) -> str:
        values = "".join(f'<characteristic name="{c}" typeId="c-{c}">4+</characteristic>' for c in chars)
        return (
            f'<profile id="p" name={quoteattr(name)} hidden="false" typeId="{type_id}" typeName="{type_name}">'
            f"<characteristics>{values}</characteristics></profile>"
        )

    rules = "".join(
        f'<rule id="r{n}" name="Rule {n}" hidden="false"><description>{_RULE}</description></rule>' for n in range(4)
    )
    categories = "".join(f'<category id="k{n}" name="Keyword {n}" entryId="k{n}" primary="false"/>' for n in range(6))
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append(
        f'<roster name={quoteattr(army.name)} gameSystemName="Warhammer 40,000 9th Edition" gameSystemRevision="250"'
        ' xmlns="http://www.battlescribe.net/schema/rosterSchema">'
    )
    total = sum(unit_points(u, catalogue) for _, u in army.units())
    out.append(f'<costs><cost name="pts" typeId="points" value="{total}.0"/></costs>')
    out.append('<costLimits><costLimit name="pts" typeId="points" value="2000.0"/></costLimits><forces>')
    for detachment in army.detachments:
        out.append(f'<force name="Detachment {detachment.id}" catalogueName="Bench" catalogueRevision="7"><selections>')
        out.append(
            '<selection name="Battle Size" type="upgrade" number="1"><selections>'
            '<selection name="2. Strike Force" type="upgrade" number="1"/></selections>'
            '<categories><category name="Configuration" entryId="cfg" primary="true"/></categories></selection>'
        )
        for unit in detachment.units:
            sheet = catalogue.get(unit.datasheet)
            assert sheet is not None
            weapons = "".join(
                profile(f"Weapon {n}", "Weapon", "d5f97c0b-9fc9-478d-aa34-a7c414d3ea48", _WEAPON_CHARS)
                for n in range(3)
            )
            model = profile(sheet.name, "Unit", "800f-21d0-4387-c943", _UNIT_CHARS)
            # One model selection per kind of model, named after it, as BattleScribe writes them (a Bone 'ead
            # and two Ogryns); the unit's price on the first.
            kinds = [(k.name, k.min) for k in sheet.kinds if k.min] or [("Model", unit.models)]
            cost = unit_points(unit, catalogue)
            models = []
            for index, (kind, number) in enumerate(kinds):
                models.append(
                    f'<selection name={quoteattr(kind)} type="model" number="{number}">'
                    f'<costs><cost name="pts" typeId="points" value="{cost if index == 0 else 0}.0"/>'
                    '<cost name=" PL" typeId="e356-c769-5920-6e14" value="5.0"/></costs>'
                    f"<profiles>{model}</profiles><selections>"
                    f'<selection name="Weapons" type="upgrade" number="{number}"><profiles>{weapons}</profiles>'
                    "</selection></selections></selection>"
                )
            out.append(
                f'<selection name={quoteattr(sheet.name)} entryId="grp::bs-{sheet.id}" number="1" type="unit">'
                f"<rules>{rules}</rules><profiles>{model}</profiles><selections>{''.join(models)}"
                f"</selections><categories>{categories}</categories></selection>"
            )
        out.append("</selections></force>")
    out.append("</forces></roster>")
    return "\n".join(out).encode("utf-8")


def misspell(text: str) -> str:
    """Drop the second letter of every unit name (lines with points), so no name matches exactly."""
    lines = []
    for line in text.splitlines():
        if (line.endswith("pts]") or "pts]:" in line) and not line.startswith("+"):
            line = line[0] + line[2:]
        lines.append(line)
    return "\n".join(lines)


def median_ms(action: Callable[[], object], setup: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(RUNS):
        if setup is not None:
            setup()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    with_ids = big_catalogue(with_bs_ids=True)
    without_ids = big_catalogue(with_bs_ids=False)
    army = big_list(with_ids)
    ros = roster_xml(army, with_ids)
    rosz = zipped({"bench.ros": ros})
    text = export_text(army, with_ids, "en").encode("utf-8")
    misspelled = misspell(text.decode("utf-8")).encode("utf-8")
    ost = listfile.dumps(army).encode("utf-8")

    # Every reader reads the whole list back.
    for data, catalogue in ((ros, with_ids), (ros, without_ids), (text, without_ids)):
        result = read_list(data, "bench", catalogue)
        assert result.army.unit_count() == UNITS, result.reading.lines("en")
        assert not result.reading.unknown, result.reading.lines("en")

    shared = NameMatcher(without_ids)
    fresh = [shared]

    def fresh_matcher() -> None:
        """A matcher that remembers no look-up, its name index built before the clock starts."""
        fresh[0] = NameMatcher(without_ids)
        fresh[0].build_index()

    baseline = median_ms(lambda: listfile.parse(ost))
    rows = [
        (".ost (JSON), baseline", baseline),
        (".ros, by BattleScribe id", median_ms(lambda: read_list(ros, "b.ros", with_ids))),
        (".rosz, by BattleScribe id", median_ms(lambda: read_list(rosz, "b.rosz", with_ids))),
        (".ros, by name only", median_ms(lambda: read_list(ros, "b.ros", without_ids))),
        ("pasted text, by name", median_ms(lambda: read_list(text, "b.txt", without_ids))),
        # In a batch (ost check FOLDER) the files share one name index.
        (".ros, by name, in a batch", median_ms(lambda: read_list(ros, "b.ros", without_ids, matcher=shared))),
        ("pasted text, in a batch", median_ms(lambda: read_list(text, "b.txt", without_ids, matcher=shared))),
        # The worst case: every unit name misspelled, so every look-up is fuzzy.
        (
            "text, all names misspelled",
            median_ms(lambda: read_list(misspelled, "m.txt", without_ids, matcher=fresh[0]), fresh_matcher),
        ),
    ]
    print(f"{UNITS}-unit list, catalogue of {len(with_ids)} datasheets, median of {RUNS} runs")
    print(f"  sizes: .ros {len(ros) // 1024} KiB, .rosz {len(rosz) // 1024} KiB, text {len(text) // 1024} KiB")
    for label, ms in rows:
        verdict = "" if label.endswith("baseline") else ("  ok (< 250 ms)" if ms < 250 else "  SLOW (goal 250 ms)")
        print(f"  {label:28} {ms:8.2f} ms  ×{ms / baseline:6.1f}{verdict}")
    two_thousand(with_ids)


def two_thousand(catalogue: Catalogue) -> None:
    """A 2,000-point roster read and checked after start-up (catalogue loaded), against its .ost decoded and checked."""
    army = list_of_points(catalogue, 2000)
    ros = full_roster_xml(army, catalogue)
    ost = listfile.dumps(army).encode("utf-8")
    first = read_list(ros, "b.ros", catalogue)
    assert first.army.unit_count() == army.unit_count() and not first.reading.unknown
    assert not first.reading.prices, first.reading.lines("en")
    points = validate(catalogue, first.army).total_points
    shared = NameMatcher(catalogue)

    def check_roster(matcher: NameMatcher | None = None) -> None:
        validate(catalogue, read_list(ros, "b.ros", catalogue, matcher=matcher).army)

    baseline = median_ms(lambda: validate(catalogue, listfile.parse(ost)))
    rows = [
        (".ost decoded and checked, baseline", baseline),
        (".ros read and checked", median_ms(check_roster)),
        (".ros read and checked, in a batch", median_ms(lambda: check_roster(shared))),
    ]
    print(f"{army.unit_count()}-unit roster of {points} points (.ros {len(ros) // 1024} KiB), median of {RUNS} runs")
    for label, ms in rows:
        verdict = "" if label.endswith("baseline") else ("  ok (< 50 ms)" if ms < 50 else "  SLOW (goal 50 ms)")
        print(f"  {label:36} {ms:8.2f} ms  ×{ms / baseline:6.1f}{verdict}")


if __name__ == "__main__":
    main()
