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
from ost.core.armylist import ArmyList, Detachment, Unit, snapshot_of  # noqa: E402
from ost.core.catalogue import Catalogue, Datasheet  # noqa: E402
from ost.core.resources import shipped_catalogue_dir  # noqa: E402
from ost.formats.catalog_source import read_catalogue  # noqa: E402
from ost.formats.listreader import read_list  # noqa: E402
from ost.formats.reading import NameMatcher  # noqa: E402
from ost.formats.textlist import export_text  # noqa: E402
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


if __name__ == "__main__":
    main()
