"""Pairing units that a foreign list leaves unpaired (rosters and pasted texts).

BattleScribe rosters and pasted lists do not say which unit rides which
transport, nor whom a linked character joins; the readers ask
:func:`assume_pairings` to pick the nearest pairing the rules allow.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator

import msgspec

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.core.validator.characters import MAX_LINKED_CHARACTERS, link_problem
from ost.core.validator.context import Context, Entry
from ost.core.validator.transports import embark_problems


class Assumption(msgspec.Struct, frozen=True):
    """A pairing Ost made up because the source list could not say it."""

    kind: str  # "transport" or "linked_to"
    unit_id: str
    target_id: str
    message: Bilingual


def assume_pairings(catalogue: Catalogue, army: ArmyList) -> list[Assumption]:
    """Give unassigned Transport Assigné units a rider and unlinked linked characters a unit.

    Checked as they are, every roster or pasted list with a transport or a
    linked character would be wrong. For each one, this picks the nearest unit
    of the same detachment (before it in the list first, then after) that the
    rules allow, sets the field on ``army`` and returns what it assumed, so the
    reading report can say so. Units it cannot pair stay unpaired and the
    validator reports them.
    """
    ctx = Context(catalogue, army)
    assumed = _assume_transports(ctx)
    assumed += _assume_links(ctx)
    return assumed


def _assume_transports(ctx: Context) -> list[Assumption]:
    assumed: list[Assumption] = []
    carried = {e.unit.transport for e in ctx.entries if e.unit.transport}

    def may_ride(entry: Entry) -> bool:
        sheet = entry.sheet
        return (
            entry.unit.transport is None
            and sheet is not None
            and not sheet.is_transport
            and not sheet.linked_character  # linked characters ride with their unit
            and entry.unit.linked_to is None
        )

    riders = _Nearest(ctx, may_ride)
    # Embarking depends only on the two units' datasheets, sizes and placeholder values.
    shapes = {
        id(e): (
            e.unit.datasheet,
            e.unit.models,
            tuple(sorted(e.unit.composition.items())),
            tuple(sorted(e.unit.placeholders.items())),
        )
        for e in ctx.entries
    }
    verdicts: dict[tuple[object, ...], bool] = {}
    for entry in ctx.entries:
        if entry.role is not Role.DEDICATED_TRANSPORT or entry.unit.id in carried or entry.sheet is None:
            continue
        capacity = entry.sheet.transport
        if capacity is None or capacity.capacity is None or not capacity.verified:
            continue
        for rider in riders(entry):
            if not may_ride(rider):
                continue  # paired with another transport meanwhile
            assert rider.sheet is not None
            key = (shapes[id(rider)], shapes[id(entry)])
            fits = verdicts.get(key)
            if fits is None:
                fits = verdicts[key] = not embark_problems(rider, rider.sheet, entry, capacity)
            if not fits:
                continue
            rider.unit.transport = entry.unit.id
            carried.add(entry.unit.id)
            assumed.append(
                Assumption(
                    "transport",
                    rider.unit.id,
                    entry.unit.id,
                    Bilingual(
                        fr=f"Transport supposé : {rider.name} embarque dans {entry.name} (la liste ne le précise pas).",
                        en=f"Assumed transport: {rider.name_en} rides in {entry.name_en} (the list does not say).",
                    ),
                )
            )
            break
    return assumed


def _assume_links(ctx: Context) -> list[Assumption]:
    assumed: list[Assumption] = []
    linked_count: dict[str, int] = {}
    for entry in ctx.entries:
        if entry.unit.linked_to:
            linked_count[entry.unit.linked_to] = linked_count.get(entry.unit.linked_to, 0) + 1

    def may_be_joined(entry: Entry) -> bool:
        sheet = entry.sheet
        if entry.role is Role.DEDICATED_TRANSPORT:
            return False
        return sheet is None or not (sheet.is_character or sheet.is_transport)

    targets = _Nearest(ctx, may_be_joined)
    for entry in ctx.entries:
        if entry.sheet is None or not entry.sheet.linked_character or entry.unit.linked_to is not None:
            continue
        for target in targets(entry):
            if linked_count.get(target.unit.id, 0) >= MAX_LINKED_CHARACTERS:
                continue
            if link_problem(entry, target) is not None:
                continue
            entry.unit.linked_to = target.unit.id
            linked_count[target.unit.id] = linked_count.get(target.unit.id, 0) + 1
            assumed.append(
                Assumption(
                    "linked_to",
                    entry.unit.id,
                    target.unit.id,
                    Bilingual(
                        fr=f"Personnage lié supposé : {entry.name} rejoint {target.name} (la liste ne le précise pas).",
                        en=f"Assumed linked character: {entry.name_en} joins {target.name_en} (the list does not say).",
                    ),
                )
            )
            break
    return assumed


class _Nearest:
    """Candidates of an entry's detachment, the closest before it first, then after.

    Candidates (the units ``keep`` accepts) are gathered once per detachment and
    walked lazily from the entry outwards, so pairing a long list stays fast.
    """

    def __init__(self, ctx: Context, keep: Callable[[Entry], bool]) -> None:
        self.position = {id(e): i for i, e in enumerate(ctx.entries)}
        self.pools: dict[int, list[Entry]] = {
            id(group[0].detachment): [e for e in group if keep(e)] for group in ctx.member_groups()
        }

    def __call__(self, entry: Entry) -> Iterator[Entry]:
        pool = self.pools.get(id(entry.detachment), [])
        positions = [self.position[id(e)] for e in pool]
        split = bisect.bisect_left(positions, self.position[id(entry)])
        for index in range(split - 1, -1, -1):
            yield pool[index]
        for index in range(split, len(pool)):
            if pool[index] is not entry:
                yield pool[index]
