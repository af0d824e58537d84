"""Write the shipped datasheets' and model kinds' English names (``name_en``) from the 9th-edition data (issue 21).

Every shipped datasheet names its BattleScribe counterpart (``counterpart:``);
the data, read through Ost's importer (:mod:`ost.formats.bsdata`), is English:
the counterpart's name is the datasheet's ``name_en`` and each data kind's name
is the ``name_en`` of the shipped kind it pairs with (paired as
``tools/wargear_from_data.py`` pairs them). Where the data has no counterpart or
no kind to pair, :data:`OWN` gives our own English (shipped id -> name, or
``"id/kind-id"`` -> name for a kind).

Usage::

    PYTHONPATH=app python tools/english_names.py [--data DIR] [--apply]

Without ``--apply`` it prints what it would write; with it, it adds (or
rewrites) ``name_en`` right after each datasheet's and kind's ``name`` in
``catalog/factions/*.yaml``, leaving the rest of each line as it is.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ost.core.catalogue import Datasheet
from ost.core.resources import shipped_catalogue_dir
from ost.formats.bsdata import read_bsdata
from ost.formats.catalog_source import read_catalogue

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wargear_from_data import by_entry, paired_kinds

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "bsdata-9e"

#: Our own English where the data has none: datasheet id, or "datasheet-id/kind-id".
OWN: dict[str, str] = {
    "am-conscrits": "Conscripts",
    "ork-snotlings": "Snotlings",
    "sm-dreadnought-chapelain": "Chaplain Dreadnought",
    "sm-predator": "Predator Annihilator",
    "sm-intercessors-assaut/sergent": "Assault Intercessor Sergeant",
    "ork-boyz/boy": "Boy",  # the data's "Ork Boy" says "Ork" twice next to "Boss Nob"
}


def english_names(sheet: Datasheet, theirs: Datasheet | None) -> tuple[str, dict[str, str]]:
    """The datasheet's English name and its kinds' (kind id -> name), from its counterpart ``theirs``."""
    name = OWN.get(sheet.id) or (theirs.name if theirs else "")
    kinds: dict[str, str] = {}
    if theirs is not None:
        for data_kind, ours in paired_kinds(sheet, theirs).items():
            if len(ours) == 1 and ours[0] not in kinds:
                kinds[ours[0]] = next(k.name for k in theirs.kinds if k.id == data_kind)
    for kind in sheet.kinds:
        own = OWN.get(f"{sheet.id}/{kind.id}")
        if own:
            kinds[kind.id] = own
        elif kind.name == sheet.name and name:
            kinds[kind.id] = name  # a one-kind datasheet's model: its name, as in French
    return name, kinds


_SHEET = re.compile(r"^  - id: (\S+)\s*$")
_NAME = re.compile(r"^    name: .*$")
_NAME_EN = re.compile(r"^    name_en: .*$")
_KIND = re.compile(r"^(      - \{(?:id: [^,]+, )?name: (?:\"[^\"]*\"|[^,\"]+)), (?:name_en: (?:\"[^\"]*\"|[^,\"]+), )?")


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rewrite(text: str, names: dict[str, tuple[str, list[str]]]) -> str:
    """``text`` (a faction file) with ``name_en`` after each datasheet's name and each kind's (kinds in file order)."""
    out: list[str] = []
    current: str | None = None
    kind_index = 0
    in_kinds = False
    for line in text.splitlines(keepends=True):
        match = _SHEET.match(line)
        if match:
            current, kind_index, in_kinds = match.group(1), 0, False
        if current in names and _NAME_EN.match(line):
            continue  # rewritten below, after the name
        if current not in names:
            out.append(line)
            continue
        name_en, kinds = names[current]
        if line.startswith("    kinds:"):
            in_kinds = True
        elif in_kinds and not line.startswith("      "):
            in_kinds = False
        if _NAME.match(line) and name_en:
            out.extend([line, f"    name_en: {_quoted(name_en)}\n"])
            continue
        kind = _KIND.match(line) if in_kinds else None
        if kind:
            english = kinds[kind_index] if kind_index < len(kinds) else ""
            kind_index += 1
            line = kind.group(1) + (f", name_en: {_quoted(english)}, " if english else ", ") + line[kind.end() :]
        out.append(line)
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="BattleScribe 9th-edition data folder")
    parser.add_argument("--apply", action="store_true", help="rewrite catalog/factions/*.yaml")
    args = parser.parse_args(argv)
    entries = by_entry(read_bsdata([args.data]))
    catalogue = read_catalogue(shipped_catalogue_dir())
    names: dict[str, tuple[str, list[str]]] = {}
    missing: list[str] = []
    for sheet in catalogue:
        theirs = entries.get(sheet.counterpart or "")
        name, kinds = english_names(sheet, theirs)
        names[sheet.id] = (name, [kinds.get(k.id, "") for k in sheet.kinds])
        print(f"{sheet.id}: {sheet.name} -> {name or '?'}")
        for kind in sheet.kinds:
            print(f"    {kind.id}: {kind.name} -> {kinds.get(kind.id) or '?'}")
            if not kinds.get(kind.id):
                missing.append(f"{sheet.id}/{kind.id}")
        if not name:
            missing.append(sheet.id)
    if missing:
        print("no English for:", ", ".join(missing), file=sys.stderr)
    if args.apply:
        for path in sorted((shipped_catalogue_dir() / "factions").glob("*.yaml")):
            text = path.read_text(encoding="utf-8")
            path.write_text(rewrite(text, names), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
