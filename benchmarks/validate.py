"""How fast is the validator? Run by hand: ``.venv/bin/python benchmarks/validate.py [--wargear]``.

1. Median time of one validation of a 4000-point list of ~60 units against a
   catalogue of at least 2,000 datasheets, next to the time to decode the same
   list from JSON (a baseline every caller pays anyway). Goal: under 1 ms.
2. ``ost check`` over 1,000 list files in one call (a separate process, as a
   tournament organiser runs it), next to ``ost --version`` (start-up alone) and
   a bare ``json.load`` of the same files. Goal: under 5 s.
3. Validation with wargear limits (issue 18): the same ~60 units, each model
   carrying what the list says (its kind's defaults, and one choice made on
   every unit that has one: every limit of every unit is checked, none
   remembered from another unit), next to decoding that list from JSON. Whole
   ``validate`` in process, rounds interleaved, medians of at least 5 rounds of
   100 runs each. Goal: within 2× the decode.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from ost.core import listfile  # noqa: E402
from ost.core.armylist import ArmyList, Detachment, Unit, snapshot_of  # noqa: E402
from ost.core.catalogue import Catalogue, Datasheet  # noqa: E402
from ost.core.resources import shipped_catalogue_dir  # noqa: E402
from ost.core.roles import Role  # noqa: E402
from ost.core.validator import validate  # noqa: E402
from ost.core.wargear import WargearError, apply_choice, effective_loadout  # noqa: E402
from ost.formats.catalog_source import read_catalogue  # noqa: E402
from ost.store import CatalogueStore  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from _measure import interleaved, verdict  # noqa: E402

TARGET_DATASHEETS = 2000


def big_catalogue() -> Catalogue:
    """The shipped catalogue, copied into as many invented factions as needed for 2,000 datasheets."""
    shipped = read_catalogue(shipped_catalogue_dir())
    base = list(shipped)
    copies = -(-TARGET_DATASHEETS // len(base))
    sheets: list[Datasheet] = []
    for n in range(copies):
        for sheet in base:
            if n == 0:
                sheets.append(sheet)
                continue
            faction_keywords = [f"{k} {n}" if not k.startswith("<") else k for k in sheet.faction_keywords]
            sheets.append(
                sheet.model_copy(
                    update={
                        "id": f"{sheet.id}-{n}",
                        "faction": f"{sheet.faction}-{n}",
                        "faction_keywords": faction_keywords,
                    }
                )
            )
    return Catalogue(sheets, shipped.bands, shipped.glossary.values(), shipped.factions.values())


def big_list(catalogue: Catalogue, faction: str = "space-marines") -> ArmyList:
    """About 60 units of one faction, spread over 4 detachments, 3001–4000 band, with transports and characters."""
    by_role: dict[Role, list[Datasheet]] = {}
    for sheet in catalogue:
        if sheet.faction == faction:
            by_role.setdefault(sheet.role, []).append(sheet)
    wanted = {
        Role.HQ: 8,
        Role.TROOPS: 14,
        Role.ELITES: 8,
        Role.FAST_ATTACK: 8,
        Role.HEAVY_SUPPORT: 8,
        Role.FLYER: 3,
        Role.LORD_OF_WAR: 2,
        Role.DEDICATED_TRANSPORT: 9,
    }
    army = ArmyList(name="Benchmark 4000", points_limit=4000, detachments=[Detachment(id=f"d{i}") for i in range(1, 5)])
    count = 0
    for role, n in wanted.items():
        sheets = by_role.get(role, [])
        for i in range(n):
            if not sheets:
                break
            sheet = sheets[i % len(sheets)]
            count += 1
            unit = Unit(
                id=f"u{count}",
                datasheet=sheet.id,
                snapshot=snapshot_of(sheet),
                models=sheet.min_models,
                placeholders={"<CHAPITRE>": "ULTRAMARINES"},
            )
            army.detachments[count % 4].units.append(unit)
    units = [u for _, u in army.units()]
    transports = [u for u in units if catalogue.get(u.datasheet).role is Role.DEDICATED_TRANSPORT]  # type: ignore[union-attr]
    riders = [u for u in units if catalogue.get(u.datasheet).role is Role.TROOPS]  # type: ignore[union-attr]
    for rider, transport in zip(riders, transports, strict=False):
        rider.transport = transport.id
    return army


def with_wargear(catalogue: Catalogue, army: ArmyList) -> int:
    """Give every unit its loadout in the list, one choice made where a choice is open; returns how many chose."""
    chose = 0
    for _, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        if sheet is None:
            continue
        loadout = effective_loadout(unit, sheet)
        for group in sheet.choices:
            index = next((i for i, g in enumerate(loadout) if g.kind in group.kinds), None)
            if index is None or not group.items:
                continue
            try:
                loadout = apply_choice(loadout, sheet, index, 1, group.id, group.items[0])
            except WargearError:
                continue
            chose += 1
            break
        unit.loadout = loadout
    return chose


def wargear_rows(catalogue: Catalogue, army: ArmyList) -> bool:
    """Section 3: validation of a list whose units carry wargear, against decoding it; PASS within 2×."""
    army = listfile.parse(listfile.dumps(army))
    chose = with_wargear(catalogue, army)
    text = listfile.dumps(army)
    report = validate(catalogue, army)
    limits = sum(f.code.value == "WARGEAR-LIMIT" for f in report.findings)
    runs = 100

    def timed(action: object) -> float:
        assert callable(action)
        start = time.perf_counter()
        for _ in range(runs):
            action()
        return time.perf_counter() - start

    def cold() -> None:
        # As a list checked for the first time: no answer remembered from an earlier validation.
        catalogue._memos.clear()
        validate(catalogue, army)

    times = interleaved(
        {
            "validate": lambda: timed(lambda: validate(catalogue, army)),
            "cold": lambda: timed(cold),
            "decode": lambda: timed(lambda: listfile.parse(text)),
        }
    )
    print(
        f"list with wargear: {army.unit_count()} units, {chose} with a choice made, "
        f"{sum(len(u.loadout) for _, u in army.units())} model groups, {limits} WARGEAR-LIMIT findings"
    )
    verdict(
        f"first validation (every memo emptied) ×{runs}",
        times["cold"],
        times["decode"],
        2.0,
        f"decode the .ost JSON ×{runs}",
    )
    return verdict(
        f"validate with wargear limits (again, as after an edit) ×{runs}",
        times["validate"],
        times["decode"],
        2.0,
        f"decode the .ost JSON ×{runs}",
    )


def median_seconds(function: object, repeat: int) -> float:
    assert callable(function)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    catalogue = big_catalogue()
    army = big_list(catalogue)
    text = listfile.dumps(army)
    validate(catalogue, army)  # warm the catalogue's indexes, as a long-running program would
    report = validate(catalogue, army)
    per_validation = median_seconds(lambda: validate(catalogue, army), 300)
    per_decode = median_seconds(lambda: listfile.parse(text), 300)
    print(
        f"catalogue: {len(catalogue)} datasheets; list: {army.unit_count()} units, "
        f"{report.total_points} points, {len(report.findings)} findings"
    )
    print(f"validate (median of 300):      {per_validation * 1000:.3f} ms   (goal < 1 ms)")
    print(f"baseline: decode the .ost JSON  {per_decode * 1000:.3f} ms   ratio {per_validation / per_decode:.2f}x")
    wargear_rows(catalogue, army)
    if "--wargear" in sys.argv[1:]:
        return  # section 3 alone (with section 1): no 1,000 files

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "lists"
        folder.mkdir()
        for i in range(1000):
            army.name = f"Liste {i}"
            (folder / f"liste-{i:04d}.ost").write_text(listfile.dumps(army), encoding="utf-8")
        db = Path(tmp) / "catalogue.sqlite"
        with CatalogueStore(db) as store:
            store.replace_all(catalogue)
        ost = [sys.executable, "-m", "ost"]

        def timed(command: list[str]) -> float:
            start = time.perf_counter()
            subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return time.perf_counter() - start

        check = min(timed([*ost, "--db", str(db), "check", str(folder)]) for _ in range(3))
        startup = min(timed([*ost, "--version"]) for _ in range(3))
        start = time.perf_counter()
        for path in sorted(folder.iterdir()):
            json.loads(path.read_bytes())
        raw = time.perf_counter() - start
    print(f"ost check, 1,000 files (best of 3): {check:.2f} s   (goal < 5 s)")
    print(f"baseline: ost --version (start-up)  {startup:.2f} s")
    print(f"baseline: json.loads of the files   {raw:.2f} s")


if __name__ == "__main__":
    main()
