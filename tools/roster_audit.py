"""Audit: how exactly Ost reads real BattleScribe rosters (issue 17).

Imports the full 9th-edition release into a catalogue database kept in /tmp
(imported once, reused while the data files are unchanged), reads every
roster of a folder and prints, for each unit: the roster's own model count,
Ost's, the warlord, the datasheet matched with its catalogue against the
force's, and whether every weapon the roster gives the unit is in Ost's text
export. A summary ends the output, with the options kept "not in the
catalogue" (none should be an item the datasheet has) and the model groups
shown by the roster's variant names.

The roster's own model count is computed here from the XML, apart from Ost's
reader, so the two can be compared:

- a model is a selection typed ``model`` or carrying a "Unit" profile, not
  inside another model (what is inside a model is its wargear);
- an entry that only wraps models (no profile of its own) is not one;
- a unit entry with a "Unit" profile that holds models counts itself only
  when each model it holds has its own profile, none of them its own
  (a Dark Apostle with his Disciples); otherwise its profile is its models'
  (Chaos Cultists, Storm Guardians).

Usage::

    PYTHONPATH=app python tools/roster_audit.py [--data DIR] [--rosters DIR] [--db FILE] [--quiet]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ost.core.catalogue import BSDATA_SOURCE_PREFIX, Catalogue
from ost.core.validator import validate
from ost.formats.lists.listreader import read_list_file
from ost.formats.lists.roster import is_zip, read_single_member
from ost.formats.lists.text import export_text
from ost.services import import_bsdata, open_store

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
ROLE_IDS = {
    "848a6ff2-0def-4c72-8433-ff7da70e6bc7",
    "5d76b6f5-20ae-4d70-8f59-ade72a2add3a",
    "638d74c6-bd97-4de5-b65a-6aaa24e9f4b2",
    "c274d0b0-5866-44bc-9810-91c136ae7438",
    "abf5fd55-9ac7-4263-8bc1-a9fb0a8fa6a6",
    "c888f08a-6cea-4a01-8126-d374a9231554",
    "d713cda3-5d0f-40d8-b621-69233263ec2a",
    "e888-1504-aa61-95ff",
    "1b66-3f5f-6705-079a",
}


def tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""


def items(element: ET.Element, container: str, item: str) -> Iterator[ET.Element]:
    for child in element:
        if tag(child) == container:
            yield from (g for g in child if tag(g) == item)


def unit_profiles(selection: ET.Element) -> list[str]:
    return [
        p.get("name") or ""
        for p in items(selection, "profiles", "profile")
        if (p.get("typeName") or "").strip().casefold().startswith("unit")
    ]


def weapons(selection: ET.Element) -> list[str]:
    return [
        " ".join((p.get("name") or "").split())
        for p in items(selection, "profiles", "profile")
        if (p.get("typeName") or "").strip().casefold() == "weapon"
    ]


def number(selection: ET.Element) -> int:
    try:
        return max(0, round(float(selection.get("number") or "1")))
    except ValueError:
        return 1


def children(selection: ET.Element) -> list[ET.Element]:
    return list(items(selection, "selections", "selection"))


def is_model(selection: ET.Element) -> bool:
    return (selection.get("type") or "").lower() == "model" or bool(unit_profiles(selection))


def held_models(selection: ET.Element) -> list[ET.Element]:
    """Models under ``selection`` not inside another model."""
    found: list[ET.Element] = []
    for child in children(selection):
        if is_model(child):
            found.append(child)
        else:
            found.extend(held_models(child))
    return found


def roster_models(selection: ET.Element) -> int:
    """The roster's own model count of one unit selection (see the module's docstring)."""
    held = held_models(selection)
    own = unit_profiles(selection)
    if (selection.get("type") or "").lower() == "model" and not held:
        return number(selection)
    if not held:
        return number(selection) if own else 0
    if (selection.get("type") or "").lower() == "model":
        return number(selection)  # a model holding models: those are its wargear (a Commander's drones)
    counts_itself = bool(own) and all(unit_profiles(m) and not set(unit_profiles(m)) & set(own) for m in held)
    return sum(number(m) for m in held) + (1 if counts_itself else 0)


def roster_weapons(selection: ET.Element) -> set[str]:
    """The names of the selections under ``selection`` that carry a weapon profile (as BattleScribe prints them)."""
    found: set[str] = set()
    if is_model(selection):
        found |= set(weapons(selection))  # a model entered with its own weapon profiles
    for child in children(selection):
        if weapons(child) and is_model(child):
            found |= set(weapons(child))
        elif weapons(child):
            found.add(" ".join((child.get("name") or "").split()))
        found |= roster_weapons(child)
    return found


def names_warlord(selection: ET.Element) -> bool:
    for element in selection.iter():
        if tag(element) == "selection" and (element.get("name") or "").strip().casefold() == "warlord":
            return True
    return False


def categories(selection: ET.Element) -> list[ET.Element]:
    return list(items(selection, "categories", "category"))


def is_unit(selection: ET.Element) -> bool:
    if any((c.get("name") or "") == "Configuration" for c in categories(selection)):
        return False
    if (selection.get("type") or "").lower() in ("unit", "model"):
        return True
    return any(c.get("entryId") in ROLE_IDS for c in categories(selection))


@dataclass
class RosterUnit:
    name: str
    models: int
    warlord: bool
    weapons: set[str]
    catalogue_id: str
    catalogue: str


@dataclass
class Tally:
    units: int = 0
    right: int = 0
    warlords_named: int = 0
    warlords_kept: int = 0
    foreign: int = 0
    matched: int = 0
    weapons: int = 0
    weapons_shown: int = 0
    over_under: int = 0
    warlord_none: int = 0
    #: Options kept "not in the catalogue" at the list's price, and of those the ones the datasheet has.
    extras: int = 0
    extras_known: int = 0
    #: Model groups shown by the roster's own name (a variant: "Purgator (Psycannon)").
    variants: int = 0
    wrong: list[str] = field(default_factory=list)


def read_roster_units(path: Path) -> list[list[RosterUnit]]:
    data = path.read_bytes()
    if is_zip(data):
        data = read_single_member(data, str(path))[1]
    root = ET.fromstring(data)
    forces: list[list[RosterUnit]] = []

    def walk(element: ET.Element) -> None:
        for force in items(element, "forces", "force"):
            units = []
            for selection in items(force, "selections", "selection"):
                if not is_unit(selection):
                    continue
                copies = number(selection) if (selection.get("type") or "").lower() != "model" else 1
                models = roster_models(selection)
                for _ in range(max(1, copies)):
                    units.append(
                        RosterUnit(
                            name=" ".join((selection.get("name") or "").split()),
                            models=models // max(1, copies) if copies > 1 else models,
                            warlord=names_warlord(selection),
                            weapons=roster_weapons(selection),
                            catalogue_id=force.get("catalogueId") or "",
                            catalogue=force.get("catalogueName") or "",
                        )
                    )
            forces.append(units)
            walk(force)

    walk(root)
    return forces


def stamp(folder: Path) -> str:
    """The data files and the importer's own code: the database is imported again when either changed."""
    import ost.formats.bsdata as importer

    digest = hashlib.sha256()
    code = sorted(Path(importer.__file__).parent.glob("*.py"))
    for path in [*sorted(folder.iterdir()), *code]:
        stat = path.stat()
        digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:12]


def catalogue_for(data: Path, db: Path) -> Catalogue:
    marker = db.with_suffix(".stamp")
    wanted = stamp(data)
    if not (db.exists() and marker.exists() and marker.read_text() == wanted):
        db.unlink(missing_ok=True)
        store = open_store(db, build_if_empty=True, refresh=False)
        import_bsdata(store, [data])
        store.close()
        marker.write_text(wanted)
    store = open_store(db, build_if_empty=False, refresh=False)
    try:
        return store.load()
    finally:
        store.close()


def audit(rosters: Path, catalogue: Catalogue, quiet: bool) -> Tally:
    tally = Tally()
    for path in sorted(p for p in rosters.iterdir() if p.suffix in (".ros", ".rosz")):
        forces = read_roster_units(path)
        read = read_list_file(path, catalogue)
        army = read.army
        report = validate(catalogue, army)
        codes = [f.code.value for f in report.findings]
        tally.over_under += sum(c in ("UNIT-OVER", "UNIT-UNDER") for c in codes)
        tally.warlord_none += codes.count("WARLORD-NONE")
        by_id = {u.id: u for _, u in army.units()}
        for extra in read.reading.extras:
            tally.extras += 1
            owner = catalogue.get(by_id[extra.unit_id].datasheet) if extra.unit_id in by_id else None
            names = {n.casefold() for i in owner.wargear for n in (i.name, i.name_en) if n} if owner else set()
            if extra.text.casefold() in names:
                tally.extras_known += 1
                tally.wrong.append(f"{path.name}: {extra.text} kept at the list's price, yet the catalogue has it")
        tally.variants += sum(1 for _, u in army.units() for g in u.loadout if g.name)
        if not quiet:
            print(f"\n== {path.name}: {sum(len(f) for f in forces)} units, findings {sorted(set(codes))}")
        for detachment, theirs in zip(army.detachments, forces, strict=False):
            for unit, mine in zip(detachment.units, theirs, strict=False):
                sheet = catalogue.get(unit.datasheet)
                source = sheet.source if sheet is not None else ""
                force_source = BSDATA_SOURCE_PREFIX + mine.catalogue_id
                foreign = sheet is not None and source != force_source and source.startswith(BSDATA_SOURCE_PREFIX)
                text = export_text(_only(army, unit.id), catalogue, "en")
                shown = {w for w in mine.weapons if w.casefold() in text.casefold()}
                tally.units += 1
                tally.right += unit.models == mine.models
                tally.warlords_named += mine.warlord
                tally.warlords_kept += mine.warlord and unit.warlord
                tally.matched += sheet is not None
                tally.foreign += foreign
                tally.weapons += len(mine.weapons)
                tally.weapons_shown += len(shown)
                if unit.models != mine.models:
                    tally.wrong.append(f"{path.name}: {mine.name} roster {mine.models} Ost {unit.models}")
                if quiet:
                    continue
                faction = catalogue.factions.get(sheet.faction) if sheet is not None else None
                flags = []
                if unit.models != mine.models:
                    flags.append("COUNT")
                if mine.warlord:
                    flags.append("warlord kept" if unit.warlord else "WARLORD LOST")
                if foreign:
                    flags.append("OTHER FACTION'S COPY")
                if len(shown) < len(mine.weapons):
                    flags.append(f"weapons missing: {sorted(mine.weapons - shown)}")
                print(
                    f"  {mine.name[:40]:40} models {mine.models:>3} / Ost {unit.models:>3}  "
                    f"-> {sheet.name if sheet else '?'} [{faction.name if faction else source}]"
                    f"  {'; '.join(flags)}"
                )
    return tally


def _only(army, unit_id):  # type: ignore[no-untyped-def]
    """A copy of ``army`` with one unit, for its text export."""
    copy = army.model_copy(deep=True)
    for detachment in copy.detachments:
        detachment.units = [u for u in detachment.units if u.id == unit_id]
    copy.detachments = [d for d in copy.detachments if d.units]
    return copy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=SHARED / "bsdata-9e-full")
    parser.add_argument("--rosters", type=Path, default=SHARED / "rosters-9e")
    parser.add_argument("--db", type=Path, default=Path("/tmp/ost-roster-audit.sqlite"))
    parser.add_argument("--quiet", "-q", action="store_true", help="summary only")
    args = parser.parse_args()
    catalogue = catalogue_for(args.data, args.db)
    tally = audit(args.rosters, catalogue, args.quiet)
    pct = 100 * tally.right / tally.units if tally.units else 0.0
    print("\n== summary")
    print(f"units: {tally.units}, matched to a datasheet: {tally.matched}")
    print(f"right model count: {tally.right}/{tally.units} ({pct:.1f}%)")
    print(f"warlords kept: {tally.warlords_kept}/{tally.warlords_named}")
    print(f"units on another faction's copy: {tally.foreign}")
    print(f"weapons in the text export: {tally.weapons_shown}/{tally.weapons}")
    print(f"UNIT-OVER/UNIT-UNDER findings: {tally.over_under}; WARLORD-NONE: {tally.warlord_none}")
    print(f"options kept at the list's price: {tally.extras}, of which the catalogue has: {tally.extras_known}")
    print(f"model groups shown by the roster's variant name: {tally.variants}")
    for line in tally.wrong:
        print("  wrong:", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
