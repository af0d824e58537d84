"""Tactical roles (rôles tactiques) and unit types, with their labels."""

from __future__ import annotations

from enum import StrEnum

from ost.core.text import fold


class Role(StrEnum):
    """A battlefield role of the points-band table (seed 000, COMPOSITION D'ARMÉE)."""

    HQ = "hq"
    TROOPS = "troops"
    ELITES = "elites"
    FAST_ATTACK = "fast_attack"
    HEAVY_SUPPORT = "heavy_support"
    FLYER = "flyer"
    FORTIFICATION = "fortification"
    LORD_OF_WAR = "lord_of_war"
    DEDICATED_TRANSPORT = "dedicated_transport"
    #: Units outside the table (BattleScribe "No Force Org Slot", agents…):
    #: they count for points but for no role minimum or maximum.
    UNSLOTTED = "unslotted"

    @property
    def label_fr(self) -> str:
        return _LABELS[self][0]

    @property
    def label_en(self) -> str:
        return _LABELS[self][1]

    def label(self, lang: str) -> str:
        return self.label_fr if lang == "fr" else self.label_en

    @classmethod
    def parse(cls, text: str) -> Role:
        """Read a role from its code, French or English name (accents and case ignored).

        Raises ``ValueError`` naming the accepted values when ``text`` is none of them.
        """
        key = fold(text)
        role = _ALIASES.get(key)
        if role is None:
            accepted = ", ".join(r.label_fr for r in cls)
            raise ValueError(f"unknown role {text!r} (accepted: {accepted})")
        return role


_LABELS: dict[Role, tuple[str, str]] = {
    Role.HQ: ("QG", "HQ"),
    Role.TROOPS: ("Troupes", "Troops"),
    Role.ELITES: ("Élite", "Elites"),
    Role.FAST_ATTACK: ("Attaque Rapide", "Fast Attack"),
    Role.HEAVY_SUPPORT: ("Soutien", "Heavy Support"),
    Role.FLYER: ("Aéronef", "Flyer"),
    Role.FORTIFICATION: ("Fortification", "Fortification"),
    Role.LORD_OF_WAR: ("Seigneur des Batailles", "Lord of War"),
    Role.DEDICATED_TRANSPORT: ("Transport Assigné", "Dedicated Transport"),
    Role.UNSLOTTED: ("Hors organisation", "No slot"),
}

_ALIASES: dict[str, Role] = {}
for _role, (_fr, _en) in _LABELS.items():
    for _name in (_role.value, _fr, _en, _role.value.replace("_", " ")):
        _ALIASES[fold(_name)] = _role
_ALIASES.update(
    {
        fold(name): role
        for name, role in {
            "Elite": Role.ELITES,
            "Heavy": Role.HEAVY_SUPPORT,
            "Flyers": Role.FLYER,
            "Aeronefs": Role.FLYER,
            "Fortifications": Role.FORTIFICATION,
            "Lords of War": Role.LORD_OF_WAR,
            "Seigneurs des Batailles": Role.LORD_OF_WAR,
            "Transport": Role.DEDICATED_TRANSPORT,
            "Transports Assignés": Role.DEDICATED_TRANSPORT,
            "Dedicated Transports": Role.DEDICATED_TRANSPORT,
            "No Force Org Slot": Role.UNSLOTTED,
            "Troupe": Role.TROOPS,
            "Attaques Rapides": Role.FAST_ATTACK,
        }.items()
    }
)


class UnitType(StrEnum):
    """What kind of models a unit is made of; decides transport and linking rules."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    BIKE = "bike"
    BEAST = "beast"
    SWARM = "swarm"
    WALKER = "walker"
    VEHICLE = "vehicle"
    MONSTER = "monster"
    AIRCRAFT = "aircraft"
    ARTILLERY = "artillery"
    FORTIFICATION = "fortification"
    OTHER = "other"

    @property
    def label_fr(self) -> str:
        return _TYPE_LABELS[self][0]

    @property
    def label_en(self) -> str:
        return _TYPE_LABELS[self][1]

    def label(self, lang: str) -> str:
        return self.label_fr if lang == "fr" else self.label_en

    @classmethod
    def parse(cls, text: str) -> UnitType:
        key = fold(text)
        unit_type = _TYPE_ALIASES.get(key)
        if unit_type is None:
            accepted = ", ".join(t.label_fr for t in cls)
            raise ValueError(f"unknown unit type {text!r} (accepted: {accepted})")
        return unit_type


_TYPE_LABELS: dict[UnitType, tuple[str, str]] = {
    UnitType.INFANTRY: ("Infanterie", "Infantry"),
    UnitType.CAVALRY: ("Cavalerie", "Cavalry"),
    UnitType.BIKE: ("Motard", "Biker"),
    UnitType.BEAST: ("Bête", "Beast"),
    UnitType.SWARM: ("Nuée", "Swarm"),
    UnitType.WALKER: ("Marcheur", "Walker"),
    UnitType.VEHICLE: ("Véhicule", "Vehicle"),
    UnitType.MONSTER: ("Monstre", "Monster"),
    UnitType.AIRCRAFT: ("Aéronef", "Aircraft"),
    UnitType.ARTILLERY: ("Artillerie", "Artillery"),
    UnitType.FORTIFICATION: ("Fortification", "Building"),
    UnitType.OTHER: ("Autre", "Other"),
}
_TYPE_ALIASES: dict[str, UnitType] = {}
for _type, (_fr, _en) in _TYPE_LABELS.items():
    for _name in (_type.value, _fr, _en):
        _TYPE_ALIASES[fold(_name)] = _type
_TYPE_ALIASES.update(
    {
        fold("Bike"): UnitType.BIKE,
        fold("Motards"): UnitType.BIKE,
        fold("Flyer"): UnitType.AIRCRAFT,
        fold("Volant"): UnitType.AIRCRAFT,
        fold("Building"): UnitType.FORTIFICATION,
        fold("Bâtiment"): UnitType.FORTIFICATION,
        fold("Mounted"): UnitType.CAVALRY,
        fold("Monstrous"): UnitType.MONSTER,
    }
)
