"""Tactical roles (rôles tactiques) and unit types, with their labels."""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from ost.core.text import fold


class _Labelled(StrEnum):
    """An enum with a French and an English label, read back from either or from its code."""

    @property
    def label_fr(self) -> str:
        return _LABELS[type(self)][self][0]

    @property
    def label_en(self) -> str:
        return _LABELS[type(self)][self][1]

    def label(self, lang: str) -> str:
        return self.label_fr if lang == "fr" else self.label_en

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a member from its code, French or English name (accents and case ignored).

        Raises ``ValueError`` naming the accepted values when ``text`` is none of them.
        """
        member = _ALIASES[cls].get(fold(text))
        if member is None:
            accepted = ", ".join(m.label_fr for m in cls)
            raise ValueError(f"unknown {_KINDS[cls]} {text!r} (accepted: {accepted})")
        assert isinstance(member, cls)
        return member


_LABELS: dict[type[_Labelled], dict[_Labelled, tuple[str, str]]] = {}
_ALIASES: dict[type[_Labelled], dict[str, _Labelled]] = {}
_KINDS: dict[type[_Labelled], str] = {}


def _vocabulary(
    cls: type[_Labelled], kind: str, labels: dict[_Labelled, tuple[str, str]], extra: dict[str, _Labelled]
) -> None:
    """Record the labels of ``cls`` and every name it may be written with."""
    _KINDS[cls] = kind
    _LABELS[cls] = labels
    aliases: dict[str, _Labelled] = {}
    for member, (fr, en) in labels.items():
        for name in (member.value, member.value.replace("_", " "), fr, en):
            aliases[fold(name)] = member
    aliases.update({fold(name): member for name, member in extra.items()})
    _ALIASES[cls] = aliases


class Role(_Labelled):
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


_vocabulary(
    Role,
    "role",
    {
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
    },
    {
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
    },
)


class UnitType(_Labelled):
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


_vocabulary(
    UnitType,
    "unit type",
    {
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
    },
    {
        "Bike": UnitType.BIKE,
        "Motards": UnitType.BIKE,
        "Flyer": UnitType.AIRCRAFT,
        "Volant": UnitType.AIRCRAFT,
        "Building": UnitType.FORTIFICATION,
        "Bâtiment": UnitType.FORTIFICATION,
        "Mounted": UnitType.CAVALRY,
        "Monstrous": UnitType.MONSTER,
    },
)
