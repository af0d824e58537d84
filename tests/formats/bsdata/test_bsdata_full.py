"""The importer on the full 9th-edition release (../shared/bsdata-9e-full, or $OST_BSDATA_FULL), when present.

One import for the module: ability texts and saves (issue 17), wargear choices (issue 18), damage tables.
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_FULL, added_unit_limits, fresh_model_limits, fresh_unit_breaks
from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Carried, Detachment, ModelGroup, Unit, snapshot_of
from ost.core.catalogue import BandTable, Catalogue, Datasheet, WargearLimit
from ost.core.findings import Code
from ost.core.presenter import present
from ost.core.validator import validate
from ost.core.wargear import problem_finding, wargear_problems
from ost.formats.bsdata import BsImport, read_bsdata

FULL = BSDATA_FULL

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.slow,  # one import of the full release for the module
    pytest.mark.skipif(not FULL.is_dir(), reason=f"the full BattleScribe release is not present ({FULL})"),
]


@pytest.fixture(scope="module")
def full_release() -> BsImport:
    return read_bsdata([FULL])


def _catalogue(*sheets: Datasheet) -> Catalogue:
    return Catalogue(list(sheets), BandTable(bands=[]))


def test_the_full_release_diseased_terminators_have_their_armour(full_release: BsImport) -> None:
    abilities = [a for s in full_release.datasheets for a in s.abilities]
    assert sum(1 for a in abilities if a.text_en) >= 0.99 * len(abilities)
    blightlords = [s for s in full_release.datasheets if s.name == "Blightlord Terminators"]
    assert blightlords
    for sheet in blightlords:
        armour = next(a for a in sheet.abilities if a.name == "Diseased Terminator Armour")
        assert armour.text_en is not None and "4+ invulnerable save" in armour.text_en
        assert {p.extra["Inv"] for p in sheet.profiles} == {"4+"}
        card = present(sheet, _catalogue(sheet), "fr")
        assert {row.values[-1] for row in card.profiles} == {"4+"}
    with_inv = sum(1 for s in full_release.datasheets if any(p.extra.get("Inv", "-") != "-" for p in s.profiles))
    assert with_inv >= 1300


def test_datasheet_names_carry_no_stray_spaces(full_release: BsImport) -> None:
    """The data writes "Gladiator Valiant " (22 links): lists and messages show the name without the space."""
    names = {sheet.name for sheet in full_release.datasheets}
    assert "Gladiator Valiant" in names and "Storm Speeder Hammerstrike" in names
    assert [name for name in names if name != " ".join(name.split())] == []


def _one(result: BsImport, catalogue_word: str, name: str) -> Datasheet:
    found = [s for s in result.datasheets if s.name == name and catalogue_word in s.id]
    assert found, name
    return found[0]


def _names(sheet: Datasheet, ids: list[str]) -> list[str]:
    by_id = {item.id: item.name for item in sheet.wargear}
    return [by_id[i] for i in ids]


def test_termagants_choose_their_weapons(full_release: BsImport) -> None:
    gants = _one(full_release, "tyranids", "Termagants")
    assert _names(gants, list(gants.kinds[0].loadout)) == ["Fleshborer"]
    weapons = next(g for g in gants.choices if g.name == "Weapons")
    assert weapons.kinds == [gants.kinds[0].id] and _names(gants, weapons.replaces) == ["Fleshborer"]
    assert set(_names(gants, weapons.items)) == {"Termagant Devourer", "Termagant Spinefists"}


def test_tyranid_warriors_take_one_strangler_and_one_cannon_per_three_models(full_release: BsImport) -> None:
    warriors = _one(full_release, "tyranids", "Tyranid Warriors")
    ranged = next(g for g in warriors.choices if g.name == "Ranged Weapon")
    limits = {name: ranged.item_limits[i] for i, name in zip(ranged.items, _names(warriors, ranged.items), strict=True)}
    for heavy in ("Barbed Strangler", "Venom Cannon"):
        assert limits[heavy] == WargearLimit(max=1, per="unit", every=3)
        assert limits[heavy].bounds(6) == (0, 2) and limits[heavy].bounds(5) == (0, 1)
    assert _names(warriors, ranged.replaces) == ["Devourer"]


def test_chaos_terminators_offer_no_other_legion_s_relics(full_release: BsImport) -> None:
    squad = _one(full_release, "chaos-space-marines", "Chaos Terminator Squad")
    kinds = {i.kind for i in squad.wargear}
    assert "relic" not in kinds
    assert {w.name for w in squad.weapons} >= {"Combi-bolter", "Accursed weapon", "Power fist", "Chainfist"}
    assert len(squad.weapons) <= 12  # it printed four cards of relics before
    eliminators = [s for s in full_release.datasheets if s.name == "Eliminator Squad"]
    assert eliminators
    for sheet in eliminators:
        assert not {"Teeth of Mars", "Drakeblade"} & {w.name for w in sheet.weapons}, sheet.id


def _loadout(sheet: Datasheet, kind: str) -> dict[str, int]:
    names = {item.id: item.name for item in sheet.wargear}
    return {names[i]: n for i, n in sheet.kind_map[kind].loadout.items()}


def test_groups_under_a_model_entry_are_its_choices_whatever_its_name_says(full_release: BsImport) -> None:
    """A model or unit named "Relic …" or "Warlord …" makes none of its weapons a relic or a trait.

    The words were read on the whole path from the unit: the Relic Terminator Sergeant's weapon groups became
    choices of the unit, their defaults carried by no model, and every such unit just added broke a minimum.
    """
    squads = [s for s in full_release.datasheets if s.name == "Relic Terminator Squad"]
    assert len(squads) == 11
    for squad in squads:
        assert _loadout(squad, "relic-terminator-sergeant") == {"Power fist": 1, "Combi-bolter": 1}, squad.id
        assert _loadout(squad, "relic-terminator") == {"Combi-bolter": 1, "Power fist": 1}, squad.id
        for name in ("Weapon Option 1", "Weapon Option 2"):
            (group,) = [g for g in squad.choices if g.name == name]
            assert group.kinds == ["relic-terminator-sergeant"] and group.limit == WargearLimit(max=1, per="model")
        assert "relic" not in {i.kind for i in squad.wargear}
        assert added_unit_limits(squad, squad.min_models) == []
    contemptors = [s for s in full_release.datasheets if s.name == "Relic Contemptor Dreadnought"]
    assert len(contemptors) == 11
    for contemptor in contemptors:
        (kind,) = contemptor.kinds
        assert _loadout(contemptor, kind.id) == {"Heavy plasma cannon": 2}
        (weapons,) = [g for g in contemptor.choices if g.name == "Weapons"]
        assert weapons.kinds == [kind.id] and _names(contemptor, weapons.replaces) == ["Heavy plasma cannon"]
        assert added_unit_limits(contemptor, 1) == []
    titan = _one(full_release, "titan-legions", "Warlord Titan")
    assert _loadout(titan, "warlord-titan") == {
        "Warlord Feet": 1,
        "Ardex-Defensor Maulers": 2,
        "Ardex-Defensor Lascannon": 2,
        "Apocalypse Launcher": 2,
        "Arioch Power Claw": 2,
    }
    (arms,) = [g for g in titan.choices if g.name == "Arm-Mounted Weapons"]
    assert arms.kinds == ["warlord-titan"] and _names(titan, arms.replaces) == ["Arioch Power Claw"]
    assert {i.kind for i in titan.wargear} == {"weapon"}
    assert added_unit_limits(titan, 1) == []
    chaos_titan = _one(full_release, "chaos-titan-legions", "Chaos Warlord Battle Titan")
    assert _loadout(chaos_titan, "chaos-warlord-battle-titan")["Warlord feet"] == 1
    assert added_unit_limits(chaos_titan, 1) == []


def test_gear_a_model_must_carry_is_no_relic_for_its_name(full_release: BsImport) -> None:
    """A weapon, or an item only the word "relic" names, that a model must take is its gear, carried.

    A compulsory "Warlord" (no weapon, a trait's word) stays the unit's choice.
    """
    for word, name, kind, item in (
        ("necrons", "Royal Warden", "royal-warden", "Relic Gauss Blaster"),
        ("ultramarines", "Judiciar", "judiciar", "Executioner Relic Blade"),
        ("ultramarines", "Asterion Moloc", "asterion-moloc", "Relic Shield"),
        ("ultramarines", "Marneus Calgar [Legends]", "marneus-calgar-legends", "Relic Blade"),
        ("blackstone", "Janus Draik", "janus-draik", "Heirloom pistol"),
    ):
        sheet = _one(full_release, word, name)
        assert _loadout(sheet, kind).get(item) == 1, name
        assert item not in [g.name for g in sheet.choices], name
        assert added_unit_limits(sheet, 1) == [], name
    abaddon = _one(full_release, "chaos-space-marines", "Abaddon the Despoiler")
    (warlord,) = [g for g in abaddon.choices if g.name == "Warlord"]
    assert warlord.kinds == [] and [i.kind for i in abaddon.wargear if i.id in warlord.items] == ["trait"]
    assert "Warlord" not in _loadout(abaddon, abaddon.kinds[0].id)


def test_a_group_s_minimum_counts_what_its_entries_carry_by_their_own(full_release: BsImport) -> None:
    """An entry's own minimum fills part of its group's: the first free entries fill only the rest, once each.

    Before, they were added on top (a Hive Tyrant carried three weapons of a group of two, a Kroot
    Kill-broker a Kroot rifle beside his pulse rifle in a group of one).
    """
    tyrant = _one(full_release, "tyranids", "Hive Tyrant")
    assert _loadout(tyrant, tyrant.kinds[0].id) == {
        "2x Monstrous Scything Talon": 1,
        "Lash Whip and Monstrous Bonesword": 1,
    }
    assert added_unit_limits(tyrant, 1) == []
    kroot = _one(full_release, "t-au-empire", "Kroot Farstalkers")
    broker = _loadout(kroot, "kroot-kill-broker")
    assert broker["Pulse Rifle"] == 1 and "Kroot Rifle" not in broker
    (arms,) = [g for g in kroot.choices if g.name == "Kill-broker arms"]
    assert _names(kroot, arms.replaces) == ["Pulse Rifle"] and "Kroot Rifle" in _names(kroot, arms.items)
    # An entry may fill the rest itself when its maximum leaves room: two pairs of missiles and a cannon.
    knight = _one(full_release, "chaos-knights", "Knight Tyrant")
    carried = _loadout(knight, knight.kinds[0].id)
    assert (carried["Two Gheiststrike missiles"], carried["Twin desecrator cannon"]) == (2, 1)
    assert added_unit_limits(knight, 1) == []


def test_every_datasheet_whose_models_carry_weapons_prints_their_profiles(full_release: BsImport) -> None:
    """A unit or model named "Relic …" or "Warlord …" kept every weapon profile under it off its card (39 copies).

    What is under a relic or a trait is still not the datasheet's: Chaos Terminators print no relic weapon.
    """
    bare = []
    for sheet in full_release.datasheets:
        carried = {i for kind in sheet.kinds for i in kind.loadout}
        if any(item.weapons for item in sheet.wargear if item.id in carried) and not sheet.weapons:
            bare.append(sheet.id)
    assert bare == []
    titan = _one(full_release, "chaos-titan-legions", "Chaos Warlord Battle Titan")  # an upgrade with a Unit profile
    assert {"Warlord feet", "Arioch power claw (melee)", "Apocalypse launcher"} <= {w.name for w in titan.weapons}
    sicaran = _one(full_release, "space-wolves", "Relic Sicaran Arcus Strike Tank")
    assert {"Arcus multi-launcher", "Heavy bolter", "Lascannon"} <= {w.name for w in sicaran.weapons}


def test_no_datasheet_leaves_its_models_bare_while_the_unit_must_choose(full_release: BsImport) -> None:
    """Every kind's loadout empty and a choice of the unit with a minimum: 26 copies (6 datasheets) before.

    The one left is a psyker unit's Smite, a power the whole unit knows (a choice of the unit by design).
    """
    bare = {
        s.name
        for s in full_release.datasheets
        if not s.hidden
        and s.kinds
        and all(not k.loadout for k in s.kinds)
        and any(not g.kinds and g.limit.min for g in s.choices)
    }
    assert bare <= {"Rogue Psyker Coven"}


def test_every_datasheet_names_its_own_items_and_lists_each_weapon_once(full_release: BsImport) -> None:
    with_choices = 0
    for sheet in full_release.datasheets:
        items = {i.id for i in sheet.wargear}
        for kind in sheet.kinds:
            assert set(kind.loadout) <= items, sheet.id
        for group in sheet.choices:
            assert set(group.items) <= items and set(group.replaces) <= items, sheet.id
        names = [" ".join(w.name.split()).casefold() for w in sheet.weapons]
        assert len(names) == len(set(names)), sheet.id
        with_choices += bool(sheet.choices)
    assert with_choices >= 3000


def test_most_starred_profiles_take_their_top_bracket(full_release: BsImport) -> None:
    starred = [s for s in full_release.datasheets if any("*" in (p.m + p.bs + p.a) for p in s.profiles)]
    assert len(starred) <= 75  # 121 before the damage tables were read
    every_star = [
        s.name
        for s in full_release.datasheets
        if any("*" in (p.m + p.ws + p.bs + p.s + p.t + p.a + p.ld + p.sv) for p in s.profiles)
    ]
    assert every_star == []  # 72 before headerless Wound Tracks, own table types, nested models were read
    stormtalon = next(s for s in full_release.datasheets if s.id.endswith("ultramarines-0775-5d48-0c00-f53f"))
    stormtalon_profile = stormtalon.profiles[0]  # a Wound Track without a header row
    assert (stormtalon_profile.m, stormtalon_profile.bs, stormtalon_profile.a) == ('20-50"', "3+", "3")
    coronus = next(s for s in full_release.datasheets if s.name == "Coronus Grav-Carrier")
    assert [(p.name, p.m, p.bs, p.a) for p in coronus.profiles] == [("Coronus Grav-Carrier", '14"', "2+", "3")]
    katherine = next(s for s in full_release.datasheets if s.name == "Triumph of Saint Katherine")
    assert katherine.profiles[0].a == "10"  # its table is a profile type of the catalogue's own
    hydra = next(s for s in full_release.datasheets if s.name == "Hydra Battery [Legends]")
    assert [(p.name, p.m, p.bs, p.a) for p in hydra.profiles][-1] == ("Hydra", '10"', "4+", "3")


def test_the_full_release_transports_are_understood_or_listed(full_release: BsImport) -> None:
    found = sum(c.transports for c in full_release.coverage)
    understood = sum(c.transports_parsed for c in full_release.coverage)
    assert understood >= 0.9 * found  # issue 22: 409 of 486 before
    listed = [name for c in full_release.coverage for name in c.transports_unparsed]
    assert len(listed) == found - understood
    assert "Castellum Stronghold" in listed
    # A Transport profile about Battlefield Role slots beside the capacity is not read as the capacity.
    rhino = _one(full_release, "custodes", "Anathema Psykana Rhino")
    assert rhino.transport is not None and rhino.transport.verified
    assert rhino.transport.capacity == 10 and rhino.transport.allowed == [["ANATHEMA PSYKANA", "INFANTRY"]]


def test_each_datasheet_copy_lists_only_the_abilities_its_conditions_leave(full_release: BsImport) -> None:
    """Info links and profiles hidden by a modifier are evaluated for each catalogue's copy (issue 17's leftover).

    The Space Marine library's Captain links the Death Company rules, hidden unless he is a Death Company
    Captain: an Ultramarines Captain has none of them. The game system's Land Raider Variant has both
    machine spirits, each hidden outside its army: each copy keeps its own. An ability whose condition needs
    the roster (a count over the force) is kept, as before.
    """
    death_company = {"Death Visions", "Black Rage", "Rites of Rage (Aura)", "Tactical Aggression (Aura)"}
    captain = _one(full_release, "ultramarines", "Captain")
    names = {a.name for a in captain.abilities}
    assert "Iron Halo" in names and "Rites of Battle" in names
    assert not names & death_company
    spirits = {"Power of the Machine Spirit", "Daemonic Machine Spirit"}
    for word, own in (
        ("chaos-space-marines", "Daemonic Machine Spirit"),
        ("black-templars", "Power of the Machine Spirit"),
    ):
        land_raider = _one(full_release, word, "Land Raider Variant (Open Play)")
        assert {a.name for a in land_raider.abilities} & spirits == {own}
    # Over the release's datasheet copies 15,347 abilities remain of 15,893: 546 conditioned away on 163 copies
    # (Death Company rules on 121 Space Marine characters, the other army's machine spirit, abilities an unchosen
    # option grants); none gained.
    total = sum(len(s.abilities) for s in full_release.datasheets)
    assert 15_000 <= total < 15_893


@pytest.mark.python_reader
def test_the_full_release_reads_the_same_with_drafts_shared(
    full_release: BsImport, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drafts shared between chapters and producers (ost.formats.bsdata.reach) change nothing, word for word."""
    from ost.formats.bsdata.datasheets import _Drafter

    monkeypatch.setattr(_Drafter, "share_drafts", False)
    alone = read_bsdata([FULL])
    assert sorted(s.model_dump_json() for s in full_release.datasheets) == sorted(
        s.model_dump_json() for s in alone.datasheets
    )
    assert [(w.path, w.text) for w in full_release.warnings] == [(w.path, w.text) for w in alone.warnings]
    assert full_release.coverage == alone.coverage


def test_the_full_release_reads_the_same_on_two_cores(full_release: BsImport, monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked child reads the Space Marine chapters (ost.formats.bsdata.reader._shares): same import, same order.

    Forked before any file is parsed, each process parsing its own (reader._read_split), to the end.
    """
    from ost.formats.bsdata import reader
    from ost.formats.bsdata.forked import can_fork

    assert can_fork()
    split: list[object] = []
    original = reader._read_split
    monkeypatch.setattr(reader, "_read_split", lambda *args: split.append(original(*args)) or split[-1])
    monkeypatch.setattr(reader, "cores", lambda: 2)
    both = read_bsdata([FULL], workers=2)
    assert len(split) == 1 and split[0] is not None
    assert [s.model_dump_json() for s in both.datasheets] == [s.model_dump_json() for s in full_release.datasheets]
    assert [(w.path, w.text) for w in both.warnings] == [(w.path, w.text) for w in full_release.warnings]
    assert (both.coverage, both.factions, both.sources) == (
        full_release.coverage,
        full_release.factions,
        full_release.sources,
    )


# --- counts of a chapter's category in the force -------------------------------------------------------------------

_CHAPTERS = (
    "black-templars",
    "blood-angels",
    "dark-angels",
    "deathwatch",
    "imperial-fists",
    "iron-hands",
    "raven-guard",
    "salamanders",
    "space-wolves",
    "ultramarines",
    "white-scars",
)


def _chapter(sheet: Datasheet) -> str:
    return next((c for c in _CHAPTERS if sheet.faction.endswith(c)), "")


def test_only_the_blood_angels_are_offered_the_death_company_captain_and_lieutenant(full_release: BsImport) -> None:
    """The library hides the upgrade while the force holds no "PC: BA", which only the Blood Angels' selector gives."""
    offered: dict[str, int] = {}
    for sheet in full_release.datasheets:
        places = [o.name for o in sheet.options if o.name.startswith("Death Company ")]
        places += [i.name for i in sheet.wargear if i.name.startswith("Death Company ")]
        places += [a.name for a in sheet.granted_abilities if a.name == "Black Rage"]
        if places:
            offered[_chapter(sheet)] = offered.get(_chapter(sheet), 0) + 1
    assert offered == {"blood-angels": 12}  # 121 copies over the eleven chapters before
    for word in ("ultramarines", "deathwatch"):
        captain = _one(full_release, word, "Captain")
        assert {a.name for a in captain.granted_abilities} == set()
        assert next(a for a in captain.abilities if a.name == "Rites of Battle").removed_by == []
        for lang in ("fr", "en"):
            shown = [row.name for row in present(captain, _catalogue(captain), lang).abilities]
            assert "Rites of Battle" in shown and not any("Black Rage" in name for name in shown)
    for name, upgrade in (("Captain", "Death Company Captain"), ("Lieutenant", "Death Company Lieutenant")):
        sheet = _one(full_release, "blood-angels", name)
        option = next(o for o in sheet.options if o.name == upgrade)
        assert {a.name: a.granted_by for a in sheet.granted_abilities}["Black Rage"] == [option.id]
        for lang, word in (("fr", "avec"), ("en", "with")):
            shown = [row.name for row in present(sheet, _catalogue(sheet), lang).abilities]
            assert f"Black Rage ({word} {upgrade})" in shown


def test_another_chapters_gear_the_force_hides_is_no_choice(full_release: BsImport) -> None:
    """Each chapter's "PC: ..." decides what the library offers it alone (and what only the Deathwatch's hid)."""
    # A Repulsor's multi-melta: the Black Templars' only.
    with_melta = {
        _chapter(s)
        for s in full_release.datasheets
        if s.name == "Repulsor" and "Multi-melta" in {w.name for w in s.weapons}
    }
    assert with_melta == {"black-templars"}
    # Heavy thunder hammers of Vanguard Veterans: the Deathwatch's only.
    hammers = {
        _chapter(s)
        for s in full_release.datasheets
        if s.name == "Vanguard Veteran Squad" and any("Heavy thunder hammer" in o.name for o in s.options)
    }
    assert hammers == {"deathwatch"}
    # The Chapter Master upgrade, hidden while the force holds "PC: DW": a choice of every other chapter's
    # Captain, still an option only (the roster decides) of the Deathwatch's.
    for word in _CHAPTERS:
        captain = _one(full_release, word, "Captain")
        items = {" ".join(i.name.split()) for i in captain.wargear}
        assert ("Chapter Command: Chapter Master" in items) is (word != "deathwatch"), word
        assert any(o.name.startswith("Chapter Command:") for o in captain.options), word


# --- a unit added fresh ------------------------------------------------------------------------------------------


def test_no_datasheet_of_the_full_release_added_fresh_lacks_what_the_data_gives_it(full_release: BsImport) -> None:
    broken = [line for sheet in full_release.datasheets if not sheet.hidden for line in fresh_unit_breaks(sheet)]
    assert broken == []


def test_a_mark_of_chaos_is_chaos_undivided_unless_the_player_chooses(full_release: BsImport) -> None:
    csm = [s for s in full_release.datasheets if s.faction == "bs-chaos-chaos-space-marines" and not s.hidden]
    marks = [(s, g) for s in csm for g in s.choices if g.name == "Mark of Chaos" and not g.kinds and g.limit.min]
    assert len(marks) >= 27
    assert {s.wargear_map[g.default].name for s, g in marks if g.default} == {"Chaos Undivided"}
    lord = _one(full_release, "chaos-space-marines", "Chaos Lord")
    assert [c.name for c in ops.make_unit(ArmyList(), lord).upgrades] == ["Chaos Undivided"]
    # A Daemon Prince may not stay Undivided (the data sets it to 0): the player is asked to choose, in both languages.
    prince = _one(full_release, "chaos-space-marines", "Heretic Astartes Daemon Prince")
    army = ArmyList(detachments=[Detachment(id="d1")])
    ops.add_unit(army, prince, "d1")
    (finding,) = [f for f in validate(_catalogue(prince), army).findings if f.code is Code.WARGEAR_LIMIT]
    assert finding.fix is not None
    assert finding.fix.en == "Choose 1 more “Mark of Chaos”."
    assert finding.fix.fr == "Choisissez encore 1 × « Mark of Chaos »."


def test_a_warlord_titans_guns_are_no_warlord_traits(full_release: BsImport) -> None:
    titan = _one(full_release, "titan-legions", "Warlord Titan")
    kinds = {item.name: item.kind for item in titan.wargear}
    assert kinds["Arioch Power Claw"] == kinds["Ardex-Defensor Lascannon"] == "weapon"
    army = ArmyList(detachments=[Detachment(id="d1")])
    ops.add_unit(army, titan, "d1")
    ops.add_unit(army, titan, "d1")
    codes = {f.code for f in validate(_catalogue(titan), army).findings}
    assert not {Code.WARGEAR_WARLORD, Code.WARGEAR_UNIQUE, Code.WARGEAR_LIMIT} & codes


# --- a unit just added breaks none of its own model limits ---------------------------------------------------------


def test_every_datasheet_added_fresh_breaks_none_of_its_model_limits(full_release: BsImport) -> None:
    assert fresh_model_limits(full_release.datasheets) == []


def _fresh(sheet: Datasheet, groups: list[ModelGroup] | None = None) -> Unit:
    models = sum(g.count for g in groups) if groups else sheet.min_models
    return Unit(id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=models, loadout=groups or [])


def _with(sheet: Datasheet, **carried: int) -> Unit:
    """One model of the datasheet's first kind carrying ``carried`` (item names, spaces as underscores)."""
    ids = {item.name: item.id for item in sheet.wargear}
    gear = [Carried(item=ids[name.replace("_", " ")], name=name, count=n) for name, n in carried.items()]
    return _fresh(sheet, [ModelGroup(kind=sheet.kinds[0].id, count=1, wargear=gear)])


def test_a_hive_tyrant_carries_two_weapons_and_a_third_is_over(full_release: BsImport) -> None:
    tyrant = _one(full_release, "tyranids", "Hive Tyrant")
    loadout = tyrant.kinds[0].loadout
    assert {n: loadout[i] for i, n in zip(loadout, _names(tyrant, list(loadout)), strict=True)} == {
        "2x Monstrous Scything Talon": 1,
        "Lash Whip and Monstrous Bonesword": 1,
    }
    assert wargear_problems(_fresh(tyrant), tyrant) == []
    third = _with(tyrant, **{"2x_Monstrous_Scything_Talon": 1, "Lash_Whip_and_Monstrous_Bonesword": 2})
    broken = wargear_problems(third, tyrant)
    assert {(p.problem, p.count, p.bound) for p in broken if p.item is None} == {("over", 3, 2)}
    message = problem_finding(next(p for p in broken if p.item is None), third, tyrant).message
    assert "“Weapons”: Hive Tyrant carries 3; at most 2 per model." in message.en
    assert "« Weapons » : Hive Tyrant en porte 3 ; au plus 2 par figurine." in message.fr


def test_a_repressor_s_fixed_storm_bolter_is_no_pick_of_its_secondary_mount(full_release: BsImport) -> None:
    repressor = _one(full_release, "sororitas", "Sororitas Repressor")
    assert wargear_problems(_fresh(repressor), repressor) == []
    base = {"Dozer_ram": 1, "Repressor_Heavy_Flamer": 1}
    assert wargear_problems(_with(repressor, **base, Storm_bolter=2), repressor) == []  # the mount's storm bolter
    over = _with(repressor, **base, Storm_bolter=3)
    (problem,) = [p for p in wargear_problems(over, repressor) if p.item is None]
    assert (problem.problem, problem.count, problem.bound) == ("over", 2, 1)
    assert "“Secondary Mount”: Sororitas Repressor carries 2; at most 1 per model." in (
        problem_finding(problem, over, repressor).message.en
    )


def test_a_choice_that_must_be_filled_and_has_no_free_entry_takes_the_cheapest(full_release: BsImport) -> None:
    # The datasheet's price counts the cheapest entry (the World Eaters' Forgefiend: 2x ectoplasma cannons).
    fiend = _one(full_release, "world-eaters", "Forgefiend")
    assert set(_names(fiend, list(fiend.kinds[0].loadout))) == {"2x Ectoplasma cannons", "Daemon jaws"}
    exarch = _one(full_release, "craftworlds", "Crimson Hunter Exarch")
    assert "Strafing Assault" in _names(exarch, list(exarch.kinds[0].loadout))
    for sheet in (fiend, exarch):
        assert wargear_problems(_fresh(sheet), sheet) == []


def test_the_plain_chaos_biker_is_the_entry_without_a_cap_in_the_unit(full_release: BsImport) -> None:
    bikers = _one(full_release, "chaos-space-marines", "Chaos Bikers")
    biker = bikers.kind_map["chaos-biker"]
    assert set(_names(bikers, list(biker.loadout))) == {"Bolt pistol", "Combi-bolter", "Frag & Krak grenades"}
    special = next(g for g in bikers.choices if g.name == "Chaos Biker w/ special weapon")
    assert set(_names(bikers, special.marks)) == {"Flamer", "Plasma gun", "Meltagun"}
    assert not any(g.name == "Special Weapons" and g.limit.min for g in bikers.choices)


@pytest.mark.parametrize(
    ("faction", "name", "variant", "most", "every"),
    [
        ("death-guard", "Plague Marines", "Plague Marine w/ special weapon", 1, 5),
        ("genestealer-cults", "Acolyte Hybrids", "Acolyte Hybrid (Heavy Weapon)", 2, 5),
        ("orks", "Tankbustas", "Tankbusta w/ Hammer", 1, 5),
        ("necrons", "Skorpekh Destroyers", "Skorpekh Destroyer (Reap-Blade)", 1, 3),
        ("space-wolves", "Grey Hunters", "Grey Hunter with Special Weapon", 1, 5),
    ],
)
def test_variants_opened_per_models_are_read_per_models(
    full_release: BsImport, faction: str, name: str, variant: str, most: int, every: int
) -> None:
    """A model variant whose maximum the data raises with the unit's models (0, +1 per 5) is "1 per 5", checked."""
    sheet = _one(full_release, faction, name)
    (group,) = [g for g in sheet.choices if g.name == variant]
    assert group.limit == WargearLimit(max=most, per="unit", every=every)


def test_a_wych_squad_takes_one_combat_drug_and_may_change_it(full_release: BsImport) -> None:
    """The drug group (min 1, max 1, no default, under a unit of several kinds) is the unit's pick (Painbringer)."""
    from ost.core.wargear import upgrades_swapping_in

    wyches = _one(full_release, "drukhari", "Wyches")
    (drugs,) = [g for g in wyches.choices if g.name == "Combat Drug Selection"]
    assert drugs.kinds == [] and drugs.default is not None
    assert wyches.wargear_map[drugs.default].name == "4 - Painbringer (Combat Drug)"
    assert all(drugs.default not in kind.loadout for kind in wyches.kinds)
    unit = ops.make_unit(ArmyList(), wyches)
    hypex = next(i for i in drugs.items if wyches.wargear_map[i].name.startswith("3 - Hypex"))
    swapped = upgrades_swapping_in(unit, wyches, hypex)
    assert swapped is not None and hypex in [c.item for c in swapped] and drugs.default not in [c.item for c in swapped]


def test_a_canoness_condemnor_in_place_of_her_pistol_is_that_choice_s_and_nothing_gives_the_pistol_back(
    full_release: BsImport,
) -> None:
    """Her "Plasma Pistol" choice replaces the pistol; her "Legends Options" offer the same boltgun and replace nothing.

    The boltgun went before to the Legends Options (first by name): the choice made showed nothing, and its
    "nothing" gave the pistol back beside the boltgun.
    """
    from ost.core.wargear import apply_choice, choice_taken, effective_loadout

    canoness = _one(full_release, "sororitas", "Canoness")
    ids = {item.name: item.id for item in canoness.wargear}
    (swap,) = [g for g in canoness.choices if g.name == "Plasma Pistol"]
    legends = [g for g in canoness.choices if g.name == "Legends Options"]
    assert legends and all(not g.replaces and ids["Condemnor Boltgun"] in g.items for g in legends)
    (defaults,) = effective_loadout(_fresh(canoness), canoness)
    taken = apply_choice([defaults], canoness, 0, 1, swap.id, ids["Condemnor Boltgun"])
    assert ids["Plasma pistol"] not in {c.item for c in taken[0].wargear}
    assert choice_taken(canoness, swap, taken[0].kind, taken[0].wargear) == {ids["Condemnor Boltgun"]: 1}
    assert all(choice_taken(canoness, g, taken[0].kind, taken[0].wargear) == {} for g in legends)
    assert wargear_problems(_fresh(canoness, taken), canoness) == []
    back = apply_choice(taken, canoness, 0, 1, swap.id, None)
    assert _names(canoness, [c.item or "" for c in back[0].wargear]) == _names(
        canoness, [c.item or "" for c in defaults.wargear]
    )


def _written_as_version_4(army: ArmyList) -> bytes:
    """``army`` as Ost wrote it before version 5: no starting picks, no warlord mark it did not choose."""
    import json

    from ost.core import listfile

    document = json.loads(listfile.dumps(army))
    document["schema_version"] = 4
    return json.dumps(document).encode()


def test_an_old_list_of_the_full_release_opens_with_its_units_starting_picks(full_release: BsImport) -> None:
    """A Chaos Lord without a mark, Abaddon unmarked, Wyches without a drug, a Farseer without Smite (version 4).

    Each gets what its data makes it take, said per unit in both languages;
    Abaddon must lead, so beside the Chaos Lord marked then two warlords are found.
    """
    from ost.formats.lists.listreader import read_list

    lord = _one(full_release, "chaos-space-marines", "Chaos Lord")
    abaddon = _one(full_release, "chaos-space-marines", "Abaddon the Despoiler")
    wyches = _one(full_release, "drukhari", "Wyches")
    farseer = _one(full_release, "craftworlds", "Farseer")
    catalogue = _catalogue(lord, abaddon, wyches, farseer)
    army = ArmyList(detachments=[Detachment(id="d1", name="Patrol")])
    for sheet in (lord, abaddon, wyches, farseer):
        unit = ops.add_unit(army, sheet, "d1")
        unit.upgrades, unit.warlord = [], sheet is lord  # as the old code wrote them
    result = read_list(_written_as_version_4(army), "old.ost", catalogue)
    units = {u.datasheet: u for _, u in result.army.units()}
    assert units[lord.id].upgrades and units[lord.id].warlord  # a mark added; the warlord chosen then kept
    assert units[abaddon.id].warlord and units[abaddon.id].upgrades == []  # the data's Warlord is the mark
    assert units[wyches.id].upgrades and units[farseer.id].upgrades
    assert [wargear_problems(u, catalogue.get(u.datasheet)) for u in units.values()] == [[], [], [], []]  # type: ignore[arg-type]
    en, fr = result.reading.lines("en"), result.reading.lines("fr")
    for sheet in (lord, abaddon, wyches, farseer):
        assert any(f"{sheet.name}: list written before" in line for line in en), sheet.name
        assert any(f"{sheet.name} : liste écrite avant" in line for line in fr), sheet.name
    assert any("added: Warlord" in line for line in en)
    assert any("Smite" in line for line in en)
    assert Code.WARLORD_MANY in {f.code for f in validate(catalogue, result.army).findings}
    # A share code that Ost made of the list then gets the same picks, said the same (was: none, and no word).
    import json

    from helpers import old_share_code

    by_code = read_list(old_share_code(json.loads(_written_as_version_4(army))), "code.txt", catalogue)
    assert [(u.upgrades, u.warlord) for _, u in by_code.army.units()] == [
        (u.upgrades, u.warlord) for _, u in result.army.units()
    ]
    assert by_code.reading.lines("fr")[1:] == fr[1:] and by_code.reading.lines("en")[1:] == en[1:]


@pytest.mark.parametrize("version", [4, 5])
def test_a_list_holding_abaddon_s_warlord_selection_as_an_upgrade_makes_him_the_warlord(
    full_release: BsImport, version: int
) -> None:
    """Ost wrote the data's "Warlord" selection as an upgrade for a while: read, it is the warlord mark.

    Then checks, sheet and cards agree that Abaddon leads (was: "no warlord
    chosen" while the text list wrote "Warlord" beside him); a Chaos Lord
    marked too makes two warlords; a share code reads the same.
    """
    import json

    from ost.core import listfile, sharecode
    from ost.core.wargear import set_upgrade_count, warlord_items
    from ost.formats.lists.listreader import read_list

    abaddon = _one(full_release, "chaos-space-marines", "Abaddon the Despoiler")
    lord = _one(full_release, "chaos-space-marines", "Chaos Lord")
    catalogue = _catalogue(abaddon, lord)
    army = ArmyList(detachments=[Detachment(id="d1", name="Patrol")])
    unit = ops.add_unit(army, abaddon, "d1")
    (mark,) = warlord_items(abaddon)
    unit.warlord, unit.upgrades = False, set_upgrade_count(unit.upgrades, abaddon, mark, 1)
    other = ops.add_unit(army, lord, "d1")
    document = json.loads(listfile.dumps(army))
    document["schema_version"] = version
    read = read_list(json.dumps(document).encode(), "mid.ost", catalogue).army
    held = read.unit(unit.id)
    assert held is not None and held.warlord and held.upgrades == []
    codes = {f.code for f in validate(catalogue, read).findings}
    assert Code.WARLORD_NONE not in codes and Code.WARLORD_MANY not in codes and Code.WARGEAR_LIMIT not in codes
    shared = read_list(sharecode.encode(army, catalogue).encode(), "code", catalogue).army
    assert next((u.id, u.warlord, u.upgrades) for _, u in shared.units()) == (unit.id, True, [])
    # Illegal side: the Chaos Lord was marked as well.
    document["detachments"][0]["units"][1]["warlord"] = True
    both = read_list(json.dumps(document).encode(), "mid.ost", catalogue).army
    (many,) = [f for f in validate(catalogue, both).findings if f.code is Code.WARLORD_MANY]
    assert set(many.units) == {unit.id, other.id}
    assert "Abaddon the Despoiler" in many.message("en") and "Abaddon the Despoiler" in many.message("fr")


def test_a_text_list_s_abaddon_leads_whether_or_not_it_writes_warlord(full_release: BsImport) -> None:
    """The data makes Abaddon take its "Warlord" selection: a text list's Abaddon is the warlord mark, no upgrade.

    Was: the selection kept among his upgrades beside the mark (a round trip
    through a text list) or alone (no warlord found while he held it).
    """
    from ost.formats.lists.listreader import read_list

    abaddon = _one(full_release, "chaos-space-marines", "Abaddon the Despoiler")
    lord = _one(full_release, "chaos-space-marines", "Chaos Lord")
    catalogue = _catalogue(abaddon, lord)
    for line in ("Abaddon the Despoiler [350 pts]: Warlord", "Abaddon the Despoiler [350 pts]"):
        text = f"++ Patrol ++\n\n+ HQ +\n\n{line}\nChaos Lord [100 pts]: Chaos Undivided\n"
        army = read_list(text.encode(), "list.txt", catalogue).army
        read = {u.datasheet: u for _, u in army.units()}
        assert read[abaddon.id].warlord and read[abaddon.id].upgrades == [], line
        assert not read[lord.id].warlord
        codes = {f.code for f in validate(catalogue, army).findings}
        assert Code.WARLORD_NONE not in codes and Code.WARLORD_MANY not in codes and Code.WARGEAR_LIMIT not in codes
    # Illegal side: the Chaos Lord written as the warlord too.
    text = "+ HQ +\n\nAbaddon the Despoiler [350 pts]\nChaos Lord [100 pts]: Chaos Undivided, Warlord\n"
    army = read_list(text.encode(), "list.txt", catalogue).army
    (many,) = [f for f in validate(catalogue, army).findings if f.code is Code.WARLORD_MANY]
    assert "Abaddon the Despoiler" in many.message("en") and "Chaos Lord" in many.message("fr")
