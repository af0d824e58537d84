"""Write the example lists of ``examples/`` from the shipped catalogue.

``examples/legal/`` holds a legal list in every points band;
``examples/illegal/<CODE>.ost`` holds, for every finding code, a list that
breaks exactly that rule (its notes say how). Run it again after changing the
catalogue: ``.venv/bin/python examples/build_examples.py``. The test
``tests/core/test_examples.py`` checks every file against the validator.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "app"))

from ost.core import armylist as ops  # noqa: E402
from ost.core import listfile  # noqa: E402
from ost.core.armylist import ArmyList, Unit, UnitSnapshot, unit_points  # noqa: E402
from ost.core.catalogue import Catalogue  # noqa: E402
from ost.core.findings import Code  # noqa: E402
from ost.core.resources import shipped_catalogue_dir  # noqa: E402
from ost.core.roles import Role  # noqa: E402
from ost.core.validator import validate  # noqa: E402
from ost.core.wargear import wargear_findings  # noqa: E402
from ost.formats.catalog_source import read_catalogue  # noqa: E402

CHAPTER = {"<CHAPITRE>": "ULTRAMARINES"}
CLAN = {"<CLAN>": "GOFFS"}
REGIMENT = {"<RÉGIMENT>": "CADIA"}
DYNASTY = {"<DYNASTIE>": "SZAREKHAN"}


class Builder:
    """Adds units with the core operations, as the GUI will."""

    def __init__(self, catalogue: Catalogue, name: str, limit: int | None, placeholders: dict[str, str]) -> None:
        self.catalogue = catalogue
        self.army = ArmyList(name=name, points_limit=limit, catalogue="Ost")
        self.placeholders = placeholders
        self.detachment = ops.add_detachment(self.army, "Détachement principal").id

    def det(self, name: str) -> str:
        self.detachment = ops.add_detachment(self.army, name).id
        return self.detachment

    def add(self, sheet_id: str, models: int | None = None, **fields: object) -> str:
        sheet = self.catalogue.get(sheet_id)
        if sheet is None:
            raise SystemExit(f"unknown datasheet {sheet_id}")
        unit = ops.add_unit(self.army, sheet, self.detachment, models=models)
        unit.placeholders = dict(self.placeholders)
        for key, value in fields.items():
            setattr(unit, key, value)
        return unit.id

    def unit(self, unit_id: str) -> Unit:
        found = self.army.unit(unit_id)
        assert found is not None
        return found


def orks_1000(c: Catalogue) -> Builder:
    b = Builder(c, "Waaagh! des Goffs — 1000 points", 1000, CLAN)
    b.army.notes = "Liste légale de la tranche 1–1000 : un détachement."
    b.add("ork-big-boss", warlord=True)
    boyz = b.add("ork-boyz", models=20)
    b.add("ork-mek", linked_to=boyz)
    mob = b.add("ork-boyz")
    trukk = b.add("ork-trukk")
    b.unit(mob).transport = trukk
    b.add("ork-gretchin")
    b.add("ork-nobz")
    b.add("ork-deff-dread")
    b.add("ork-motards")
    b.add("ork-battlewagon")
    return b


def space_marines_2000(c: Catalogue) -> Builder:
    b = Builder(c, "Ultramarines, 2e compagnie — 2000 points", 2000, CHAPTER)
    b.army.notes = "Liste légale de la tranche 1001–2000 : deux détachements, transports et personnages liés."
    b.add("sm-capitaine", warlord=True)
    tactical = b.add("sm-escouade-tactique", models=10)
    rhino = b.add("sm-rhino")
    b.unit(tactical).transport = rhino
    b.add("sm-lieutenant", linked_to=tactical)
    b.add("sm-intercessors", models=10)
    terminators = b.add("sm-escouade-terminator")
    b.unit(terminators).transport = b.add("sm-land-raider")
    b.add("sm-dreadnought")
    b.add("sm-predator")
    b.det("Fer de lance")
    b.add("sm-bibliothecaire")
    bikers = b.add("sm-escouade-motards")
    b.add("sm-capitaine-motard", linked_to=bikers)
    b.add("sm-intercessors")
    squad = b.add("sm-escouade-tactique", models=6)
    b.unit(squad).transport = b.add("sm-razorback")
    return b


def astra_militarum_3000(c: Catalogue) -> Builder:
    b = Builder(c, "Cadia tient — 3000 points", 3000, REGIMENT)
    b.army.notes = "Liste légale de la tranche 2001–3000 : trois détachements."
    b.add("am-commandant-compagnie", warlord=True)
    squad = b.add("am-escouade-infanterie")
    b.add("am-commissaire", linked_to=squad)
    b.add("am-escouade-infanterie")
    ogryns = b.add("am-ogryns")
    chimere = b.add("am-chimere")
    b.unit(ogryns).transport = chimere
    b.add("am-leman-russ")
    b.add("am-leman-russ")
    b.det("Blindés")
    b.add("am-commandant-char")
    b.add("am-escouade-infanterie")
    b.add("am-scions", models=10)
    b.add("am-conscrits")
    b.add("am-basilisk")
    b.add("am-hydra")
    b.add("am-sentinelle", models=3)
    b.add("am-valkyrie")
    b.det("Réserve")
    b.add("am-psyker-primaris")
    b.add("am-conscrits", models=30)
    b.add("am-escouade-infanterie")
    b.add("am-rough-riders", models=10)
    b.add("am-bastion-imperial")
    b.add("am-baneblade")
    b.add("am-vendetta")
    return b


def necrons_4000(c: Catalogue) -> Builder:
    b = Builder(c, "Dynastie Szarekhane — 4000 points", 4000, DYNASTY)
    b.army.notes = "Liste légale de la tranche 3001–4000 : quatre détachements."
    b.add("nec-seigneur", warlord=True)
    warriors = b.add("nec-guerriers", models=20)
    b.add("nec-technomancien", linked_to=warriors)
    b.add("nec-guerriers", models=20)
    b.add("nec-immortels", models=10)
    b.add("nec-lychgardes", models=10)
    b.det("Phalange")
    b.add("nec-seigneur-skorpekh")
    b.add("nec-immortels", models=10)
    b.add("nec-ecorcheurs", models=10)
    b.add("nec-destroyers-skorpekh", models=6)
    b.add("nec-arche-jugement")
    b.det("Arche")
    b.add("nec-plasmancien")
    cortege = b.add("nec-guerriers")
    ark = b.add("nec-arche-fantome")
    b.unit(cortege).transport = ark
    b.add("nec-gardien-royal", linked_to=cortege)
    b.add("nec-immortels")
    b.add("nec-tomb-blades", models=6)
    b.add("nec-spectres-canoptek")
    b.det("Monolithe")
    b.add("nec-barge-commandement")
    b.add("nec-guerriers")
    b.add("nec-immortels")
    b.add("nec-ecorcheurs")
    b.add("nec-monolithe")
    b.add("nec-faucheur-nocturne")
    b.add("nec-deathmarks", models=10)
    b.add("nec-destroyers-lokhust-lourds", models=2)
    return b


LEGAL: dict[str, Callable[[Catalogue], Builder]] = {
    "orks-1000": orks_1000,
    "space-marines-2000": space_marines_2000,
    "astra-militarum-3000": astra_militarum_3000,
    "necrons-4000": necrons_4000,
}


def base(c: Catalogue, note: str) -> Builder:
    """A small legal Space Marines list at 1000 points, broken by each example below."""
    b = Builder(c, f"Exemple non réglementaire — {note}", 1000, CHAPTER)
    b.army.notes = note
    b.add("sm-capitaine", warlord=True)
    b.add("sm-intercessors")
    b.add("sm-escouade-tactique")
    return b


def _ghost(b: Builder) -> None:
    b.army.detachments[0].units.append(
        Unit(
            id="u99",
            datasheet="sm-escouade-fantome",
            snapshot=UnitSnapshot(
                name="Escouade Fantôme", role=Role.ELITES, points=120, faction_keywords=["IMPERIUM", "ADEPTUS ASTARTES"]
            ),
            models=5,
        )
    )


def illegal(c: Catalogue) -> dict[Code, Builder]:
    out: dict[Code, Builder] = {}

    def case(code: Code, note: str) -> Builder:
        b = base(c, note)
        out[code] = b
        return b

    b = case(Code.BAND_NONE, "Limite de 5000 points : hors du tableau des tranches.")
    b.army.points_limit = 5000
    b = case(Code.POINTS_OVER, "400 points pour une limite de 250.")
    b.army.points_limit = 250
    b = case(Code.ROLE_MIN, "Une seule unité de Troupes à 1000 points (minimum 2).")
    ops.remove_unit(b.army, "u3")
    b = case(Code.ROLE_MAX, "Trois QG à 1000 points (maximum 2).")
    b.add("sm-bibliothecaire")
    b.add("sm-techmarine")
    b = case(
        Code.SHEET_MAX,
        "Trois Intercessors en Troupes, maximum 2 par fiche, alors que d'autres fiches Troupes restent inutilisées.",
    )
    b.army.points_limit = 1000
    b.add("sm-intercessors")
    b.add("sm-intercessors")
    ops.remove_unit(b.army, "u3")
    b.add("sm-escouade-tactique")
    b = case(Code.DET_MAX, "Deux détachements à 1000 points (maximum 1).")
    b.det("Second")
    b.add("sm-infiltrators")
    b = case(Code.DET_EMPTY, "Un détachement vide (avertissement seulement).")
    b.det("Vide")
    b = case(Code.DET_FACTION, "Des Boyz orks dans un détachement Space Marines.")
    b.add("ork-boyz", placeholders=dict(CLAN))
    b = case(Code.UNIT_UNDER, "Intercessors à 3 figurines (minimum 5).")
    b.unit("u2").models = 3
    b = case(Code.UNIT_OVER, "Intercessors à 12 figurines (maximum 10).")
    b.unit("u2").models = 12
    b = case(Code.UNIT_UNKNOWN, "Une fiche absente du catalogue.")
    _ghost(b)
    b = case(Code.TRANSPORT_ORPHAN, "Un Rhino assigné à personne.")
    b.add("sm-rhino")
    b = case(Code.TRANSPORT_SHARED, "Un Rhino assigné à deux unités.")
    rhino = b.add("sm-rhino")
    b.add("sm-escouade-tactique")
    b.unit("u3").transport = rhino
    b.unit("u5").transport = rhino
    b = case(Code.TRANSPORT_INVALID, "Une escouade a pour transport une autre escouade.")
    b.unit("u3").transport = "u2"
    b = case(Code.TRANSPORT_EMBARK, "Des Intercessors (PRIMARIS) dans un Rhino.")
    rhino = b.add("sm-rhino")
    b.unit("u2").transport = rhino
    b = case(
        Code.TRANSPORT_UNVERIFIED,
        "Un transport venu d'un autre catalogue, capacité inconnue : avertissement (et UNIT-UNKNOWN, "
        "car le catalogue livré ne contient aucun transport de capacité inconnue).",
    )
    sheet = c.get("sm-rhino")
    assert sheet is not None
    b.army.detachments[0].units.append(
        Unit(
            id="u98",
            datasheet="sm-rhino-inconnu",
            snapshot=UnitSnapshot(
                name="Rhino d'un autre catalogue",
                role=Role.DEDICATED_TRANSPORT,
                points=75,
                faction_keywords=["IMPERIUM", "ADEPTUS ASTARTES"],
            ),
            models=1,
        )
    )
    b.unit("u3").transport = "u98"
    b = case(Code.TRANSPORT_DETACHMENT, "Le Rhino est dans un autre détachement que son escouade.")
    b.army.points_limit = 1500
    b.add("sm-bibliothecaire")
    b.add("sm-infiltrators")
    b.det("Second")
    b.add("sm-techmarine")
    b.add("sm-intercessors")
    squad = b.add("sm-escouade-tactique")
    rhino = b.add("sm-rhino")
    b.unit("u3").transport = rhino  # a Rhino of the second detachment for a squad of the first
    b.unit(squad).transport = b.add("sm-rhino")
    b = case(Code.CHAR_UNLINKED, "Un Lieutenant (Personnage Lié) lié à aucune unité.")
    b.add("sm-lieutenant")
    b = case(Code.CHAR_TARGET, "Un Lieutenant lié au Capitaine, un personnage.")
    b.add("sm-lieutenant", linked_to="u1")
    b = case(Code.CHAR_MAX, "Trois personnages liés sur une même escouade.")
    b.army.points_limit = 3000
    for troops in ("sm-intercessors", "sm-infiltrators", "sm-intercessors-assaut", "sm-intercessors"):
        b.add(troops)
    b.add("sm-lieutenant", linked_to="u3")
    b.add("sm-lieutenant", linked_to="u3")
    b.add("sm-apothicaire", linked_to="u3")
    b = case(Code.CHAR_CLASS, "Un Lieutenant (infanterie, classe 1) lié à un Dreadnought.")
    dread = b.add("sm-dreadnought")
    b.add("sm-lieutenant", linked_to=dread)
    b = case(Code.WARLORD_INELIGIBLE, "Le seigneur de guerre vient d'une escouade de 5 figurines.")
    b.unit("u1").warlord = False
    b.unit("u2").warlord = True
    b = case(Code.WARLORD_MANY, "Deux seigneurs de guerre.")
    b.add("sm-bibliothecaire", warlord=True)
    b = case(Code.WARLORD_NONE, "Aucun seigneur de guerre désigné (conseil seulement).")
    b.unit("u1").warlord = False
    b = case(Code.RESERVES_MAX, "Les deux escouades en réserve : plus de la moitié des points.")
    b.unit("u2").reserve = True
    b.unit("u3").reserve = True
    b = case(Code.RESERVES_SPLIT, "Un Lieutenant en réserve, l'escouade qu'il rejoint sur la table.")
    b.add("sm-lieutenant", linked_to="u3", reserve=True)
    b = case(
        Code.POINTS_REPRICED,
        "Une liste écrite avec d'anciens points : son total annoncé diffère de celui d'Ost (avertissement).",
    )
    for _, unit in b.army.units():
        unit.stated_points = unit_points(unit, c)
    b.unit("u2").stated_points = unit_points(b.unit("u2"), c) + 15  # priced with an older points file
    b.army.stated_total = sum(u.stated_points or 0 for _, u in b.army.units())
    b = case(Code.CHAR_NOT_LINKABLE, "Le Capitaine, sans Personnage Lié, est lié à une escouade.")
    b.unit("u1").linked_to = "u3"
    b = case(Code.PLACEHOLDER_UNSET, "Une escouade sans chapitre (avertissement).")
    b.unit("u2").placeholders = {}
    b = case(Code.UNIT_OPTION, "Une option inconnue de la fiche.")
    b.unit("u3").options = {"canon-laser-geant": 1}
    b = case(
        Code.WARGEAR_LIMIT,
        "Deux armes lourdes dans une Escouade Tactique de 5 figurines (une seule arme spéciale ou lourde).",
    )
    sheet = c.get("sm-escouade-tactique")
    assert sheet is not None
    ops.choose_wargear(b.army, "u3", c, group=1, models=2, choice="arme-lourde", item="lance-missiles")
    b = case(
        Code.WARGEAR_WARLORD,
        "Un Bibliothécaire qui n'est pas le seigneur de guerre prend le trait « Tempête de feu » "
        "(réservé au seigneur de guerre).",
    )
    librarian = b.add("sm-bibliothecaire")
    ops.set_upgrade(b.army, librarian, c, "tempete-de-feu", 1)
    b = case(
        Code.WARGEAR_UNIQUE,
        "Le Capitaine et le Bibliothécaire prennent tous deux la relique « L'Armure Indomitus » "
        "(une relique par armée).",
    )
    librarian = b.add("sm-bibliothecaire")
    ops.set_upgrade(b.army, "u1", c, "l-armure-indomitus", 1)
    ops.set_upgrade(b.army, librarian, c, "l-armure-indomitus", 1)
    return out


#: Codes an example cannot show alone with the shipped catalogue.
ALSO_EXPECTED: dict[Code, set[Code]] = {Code.TRANSPORT_UNVERIFIED: {Code.UNIT_UNKNOWN}}


def main() -> None:
    catalogue = read_catalogue(shipped_catalogue_dir())
    (HERE / "legal").mkdir(exist_ok=True)
    (HERE / "illegal").mkdir(exist_ok=True)
    for name, make in LEGAL.items():
        army = make(catalogue).army
        report = validate(catalogue, army)
        if not report.legal or report.findings:
            raise SystemExit(f"{name} is not clean: {[f.message_fr for f in report.findings]}")
        listfile.save(army, HERE / "legal" / f"{name}.ost")
        print(f"legal/{name}.ost  {report.total_points} pts  band {report.band}  {army.unit_count()} units")
    for code, b in illegal(catalogue).items():
        report = validate(catalogue, b.army)
        # Until the validator calls the wargear check itself, ask it here (no code twice either way).
        codes = {f.code for f in report.findings} | {f.code for f in wargear_findings(b.army, catalogue)}
        if codes != {code} | ALSO_EXPECTED.get(code, set()):
            raise SystemExit(f"{code.value}: expected only this code, got {sorted(c.value for c in codes)}")
        listfile.save(b.army, HERE / "illegal" / f"{code.value}.ost")
        print(f"illegal/{code.value}.ost")


if __name__ == "__main__":
    main()
