"""What a list is worth at the end of a game: PV values, control factors, destruction total.

Seed 000 (FIN DE PARTIE) scores a game by destruction and domination:

- each PV (wound) of a model is worth the model's points divided by its
  wounds; Ost gives every PV of a unit the same value, the unit's cost
  (options included) divided by the unit's total PV, summed over its model
  kinds (10 Boyz: 9 × 1 + a Boss Nob's 2 = 11 PV; ``docs/rules.md``);
- a unit near an objective makes control points: its remaining PV value times
  a factor that depends on its role (Troupes ×4, Aéronef ×1, other roles ×2);
- a unit whose datasheet says it never holds objectives is non-operational:
  factor ×0, and its points are left out of the destruction total (the
  points the opponent's destruction score is measured against).

Everything here is a pure function of the list and the catalogue; the sheets
print it and the GUI shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property

from ost.core.armylist import ArmyList, Unit, unit_composition, unit_points
from ost.core.catalogue import Catalogue
from ost.core.roles import Role

#: Control points per remaining PV value, by role (seed 000, DOMINATION).
ROLE_CONTROL_FACTORS: dict[Role, int] = {Role.TROOPS: 4, Role.FLYER: 1}
DEFAULT_CONTROL_FACTOR = 2
NON_OPERATIONAL_CONTROL_FACTOR = 0


def control_factor(role: Role, never_holds_objectives: bool = False) -> int:
    """Control points a unit makes per point of remaining PV value."""
    if never_holds_objectives:
        return NON_OPERATIONAL_CONTROL_FACTOR
    return ROLE_CONTROL_FACTORS.get(role, DEFAULT_CONTROL_FACTOR)


def pv_value(points: int, models: int, wounds_per_model: int) -> float | None:
    """Value of one PV: ``points`` ÷ (``models`` × ``wounds_per_model``); None when there is no PV."""
    total = models * wounds_per_model
    if total <= 0:
        return None
    return points / total


@dataclass(frozen=True)
class KindScore:
    """The models of one kind in a unit: how many, and the PV of each."""

    kind_id: str
    name: str
    count: int
    wounds_each: int

    @property
    def wounds(self) -> int:
        return self.count * self.wounds_each


@dataclass(frozen=True)
class UnitScore:
    """The scoring figures of one unit of a list.

    ``kinds`` is None when the catalogue lacks the unit's datasheet (the list
    file keeps no wounds): its PV figures are then unknown.
    """

    unit_id: str
    name: str
    role: Role
    models: int
    points: int
    kinds: tuple[KindScore, ...] | None
    operational: bool
    independent_character: bool
    control_factor: int

    @property
    def wounds(self) -> int | None:
        """Total PV of the unit at the start of the game, summed over its model kinds."""
        if self.kinds is None:
            return None
        return sum(k.wounds for k in self.kinds)

    @property
    def pv_value(self) -> float | None:
        """Value of one PV of any model of the unit (destruction points per PV lost)."""
        wounds = self.wounds
        if wounds is None or wounds <= 0:
            return None
        return self.points / wounds

    def kind_value(self, kind: KindScore) -> float | None:
        """Destruction value of one whole model of ``kind`` (its PV × the unit's PV value)."""
        value = self.pv_value
        return None if value is None else value * kind.wounds_each

    @property
    def model_value(self) -> float | None:
        """Points of one model (the unit's cost shared equally)."""
        return self.points / self.models if self.models > 0 else None

    @property
    def control_per_pv(self) -> float | None:
        """Control points one remaining PV makes."""
        value = self.pv_value
        return None if value is None else value * self.control_factor

    @property
    def full_control(self) -> int:
        """Control points of the whole unit at full strength (factor × its points)."""
        return self.points * self.control_factor if self.wounds else 0


@dataclass(frozen=True)
class ArmyScore:
    """The scoring figures of a whole list."""

    units: tuple[UnitScore, ...]

    @property
    def total_points(self) -> int:
        return sum(u.points for u in self.units)

    @property
    def total_wounds(self) -> int:
        """Total PV of the units whose wounds are known."""
        return sum(u.wounds or 0 for u in self.units)

    @property
    def total_models(self) -> int:
        return sum(u.models for u in self.units)

    @property
    def destruction_total(self) -> int:
        """Points the opponent's destruction score is measured against (non-operational units left out)."""
        return sum(u.points for u in self.units if u.operational)

    @property
    def non_operational(self) -> tuple[UnitScore, ...]:
        return tuple(u for u in self.units if not u.operational)

    @property
    def unknown_wounds(self) -> tuple[UnitScore, ...]:
        """Units whose PV could not be computed (datasheet missing from the catalogue)."""
        return tuple(u for u in self.units if u.kinds is None)

    @cached_property
    def _by_id(self) -> dict[str, UnitScore]:
        by_id: dict[str, UnitScore] = {}
        for score in self.units:
            by_id.setdefault(score.unit_id, score)
        return by_id

    def unit(self, unit_id: str) -> UnitScore | None:
        """The figures of the unit with id ``unit_id`` (the first one, should ids repeat)."""
        return self._by_id.get(unit_id)


def score_unit(unit: Unit, catalogue: Catalogue, *, as_priced: bool = False) -> UnitScore:
    """Scoring figures of ``unit``; a unit whose datasheet is missing keeps its snapshot's role and points."""
    sheet = catalogue.get(unit.datasheet)
    points = unit_points(unit, catalogue, as_priced=as_priced)
    composition = unit_composition(unit, sheet)
    if sheet is None:
        return UnitScore(
            unit_id=unit.id,
            name=unit.display_name,
            role=unit.snapshot.role,
            models=unit.models,
            points=points,
            kinds=None,
            operational=True,
            independent_character=False,
            control_factor=control_factor(unit.snapshot.role),
        )
    return UnitScore(
        unit_id=unit.id,
        name=unit.display_name,
        role=sheet.role,
        models=unit.models,
        points=points,
        kinds=tuple(
            KindScore(kind.id, kind.name, count, kind.wounds)
            for kind in sheet.kinds
            if (count := composition.get(kind.id, 0))
        ),
        operational=not sheet.never_holds_objectives,
        independent_character=sheet.is_independent_character,
        control_factor=control_factor(sheet.role, sheet.never_holds_objectives),
    )


def score_army(army: ArmyList, catalogue: Catalogue, *, as_priced: bool = False) -> ArmyScore:
    """Scoring figures of every unit of ``army``, in list order."""
    return ArmyScore(tuple(score_unit(unit, catalogue, as_priced=as_priced) for _, unit in army.units()))


def format_value(value: float | None, lang: str, digits: int = 1) -> str:
    """A PV value for people: "13,3" in French, "13.3" in English, "–" when unknown.

    Whole numbers print without decimals ("10", not "10,0").
    """
    if value is None:
        return "–"
    # Half up, as people round (16.25 -> 16.3), not Python's half-to-even.
    rounded = float(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))
    text = f"{rounded:.0f}" if rounded == int(rounded) else f"{rounded:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text
