"""What a list is worth at the end of a game: PV values, control factors, destruction total.

Seed 000 (FIN DE PARTIE) scores a game by destruction and domination:

- each PV (wound) of a model is worth the model's points divided by its own
  wounds (SPEC §4). A model's points are its share of the unit's cost (the
  unit's points ÷ its models) plus the wargear that model carries: 10 Boyz
  at 8 points each, a Boss Nob's PV is worth 8 ÷ 2 = 4 and a Boy's 8. A
  unit's PV are summed over its model kinds (9 × 1 + a Boss Nob's 2 = 11 PV;
  ``docs/rules.md``);
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
from ost.core.catalogue import Catalogue, Datasheet, ModelKind
from ost.core.roles import Role
from ost.core.wargear import model_wargear_points

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
    """The models of one kind in a unit that carry the same wargear: how many, their PV and their points.

    ``points_each`` is one model's points: its share of the unit's cost plus
    the wargear it carries (SPEC §4). A kind whose models carry differently
    priced wargear gives one :class:`KindScore` per price.
    """

    kind_id: str
    name: str
    count: int
    wounds_each: int
    points_each: float = 0.0
    #: The kind's English name (empty: ``name`` serves English readers too).
    name_en: str = ""

    def label(self, lang: str) -> str:
        """The kind's name for a reader of ``lang``; English falls back to ``name``."""
        return (self.name_en or self.name) if lang == "en" else self.name

    @property
    def wounds(self) -> int:
        return self.count * self.wounds_each

    @property
    def pv_value(self) -> float | None:
        """Value of one PV of one of these models: its points ÷ its own wounds (None without wounds)."""
        return self.points_each / self.wounds_each if self.wounds_each > 0 else None


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
    def pv_values(self) -> tuple[tuple[KindScore, float], ...]:
        """Each kind with the value of one of its PV, kinds of no wounds left out."""
        return tuple((k, v) for k in self.kinds or () if (v := k.pv_value) is not None)

    @property
    def pv_value(self) -> float | None:
        """Value of one PV when every PV of the unit is worth the same; None when kinds differ (see ``pv_values``)."""
        values = {round(v, 9) for _, v in self.pv_values}
        if len(values) != 1:
            return None
        return self.pv_values[0][1]

    def kind_value(self, kind: KindScore) -> float | None:
        """Destruction value of one whole model of ``kind``: its points."""
        return kind.points_each if self.kinds is not None else None

    @property
    def model_value(self) -> float | None:
        """Points of one model (the unit's cost shared equally)."""
        return self.points / self.models if self.models > 0 else None

    @property
    def control_per_pv(self) -> float | None:
        """Control points one remaining PV makes, when every PV of the unit is worth the same."""
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
        kinds=kind_scores(unit, sheet, points),
        operational=not sheet.never_holds_objectives,
        independent_character=sheet.is_independent_character,
        control_factor=control_factor(sheet.role, sheet.never_holds_objectives),
    )


def kind_scores(unit: Unit, sheet: Datasheet, points: int) -> tuple[KindScore, ...]:
    """The unit's models by kind and by the price of what they carry, each with its points (SPEC §4).

    A model's points are its share of the unit's cost plus the wargear it
    carries (``unit.loadout``; without one, every model has its share only).
    The unit's cost already pays for that wargear, so the share is taken from
    the cost without it: all the models together are worth the unit's points.
    """
    composition = unit_composition(unit, sheet)
    models = sum(composition.values())
    # Per kind: (count, wargear points of each) for the models the loadout describes.
    carried: dict[str, list[tuple[int, int]]] = {}
    for group in unit.loadout:
        each = model_wargear_points(sheet, group.kind, group.wargear)
        if group.count > 0:
            carried.setdefault(group.kind, []).append((group.count, each))
    groups: list[tuple[ModelKind, int, int]] = []  # kind, count, wargear each
    for kind in sheet.kinds:
        left = composition.get(kind.id, 0)
        by_price: dict[int, int] = {}
        for count, each in carried.get(kind.id, ()):
            taken = min(count, left)
            left -= taken
            if taken:
                by_price[each] = by_price.get(each, 0) + taken
        if left:
            by_price[0] = by_price.get(0, 0) + left
        for each, count in sorted(by_price.items()):
            groups.append((kind, count, each))
    wargear = sum(count * each for _, count, each in groups)
    share = max(0, points - wargear) / models if models > 0 else 0.0
    return tuple(
        KindScore(kind.id, kind.name, count, kind.wounds, share + each, name_en=kind.name_en)
        for kind, count, each in groups
    )


def score_army(army: ArmyList, catalogue: Catalogue, *, as_priced: bool = False) -> ArmyScore:
    """Scoring figures of every unit of ``army``, in list order."""
    return ArmyScore(tuple(score_unit(unit, catalogue, as_priced=as_priced) for _, unit in army.units()))


def pv_value_text(score: UnitScore, lang: str) -> str:
    """The value of one PV for people: "8" when all PV are worth the same, else per kind: "8 (Boss Nob 4)".

    The unit's bulk (the first kind of several models, as in the PV sum
    "9 × 1 + Boss Nob 2") goes unnamed; every other value is named by its kind.
    """
    values = score.pv_values
    if score.pv_value is not None or not values:
        return format_value(score.pv_value, lang)
    ordered = sorted(values, key=lambda kv: kv[0].count <= 1)
    bulk, rest = ordered[0], ordered[1:]
    others = ", ".join(f"{kind.label(lang)} {format_value(value, lang)}" for kind, value in rest)
    return f"{format_value(bulk[1], lang)} ({others})"


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
