"""The core rule cards' texts: data files in ``resources/cards/`` (one per language).

The texts are the Ost team's own short summaries of MAC HAMMER 40K (seed 000),
kept as data so they can be corrected without touching code. The layout of a
file is described at the top of ``core-rules.fr.yaml``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, TypeVar

import yaml
from msgspec import Meta

from ost.core.fileio import read_limited
from ost.core.model import FrozenModel, ValidationError
from ost.core.resources import resource

MAX_CARD_FILE_BYTES = 1024 * 1024
#: libyaml's loader when PyYAML was built with it: ten times faster than the pure-Python one.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_M = TypeVar("_M", bound=FrozenModel)


class RuleCardError(Exception):
    """A rule-card file that cannot be read; ``str()`` names the file and the problem."""


def _text(value: Any) -> Any:
    """YAML reads ``0`` or ``2.5`` as numbers; the cards print them as written."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return str(value)
    return value


def _table_texts(node: Any) -> Any:
    """``node`` (a YAML document) with the numbers of every table's header and rows as text (see :func:`_text`)."""
    if isinstance(node, list):
        return [_table_texts(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _table_texts(v) for k, v in node.items()}
    table = out.get("table")
    if isinstance(table, dict):
        table = dict(table)
        if isinstance(table.get("header"), list):
            table["header"] = [_text(v) for v in table["header"]]
        if isinstance(table.get("rows"), list):
            table["rows"] = [[_text(v) for v in row] if isinstance(row, list) else row for row in table["rows"]]
        out["table"] = table
    return out


class _Model(FrozenModel, kw_only=True, frozen=True):
    """A rule-card model: decoded and checked from the YAML's plain data, never changed."""


class CardTable(_Model, kw_only=True, frozen=True):
    header: list[str]
    rows: list[list[str]]
    #: Relative column widths; equal when absent.
    widths: list[float] | None = None

    def __post_init__(self) -> None:
        columns = len(self.header)
        for index, row in enumerate(self.rows):
            if len(row) != columns:
                raise ValueError(f"row {index + 1} has {len(row)} cells, the header has {columns}")
        if self.widths is not None and len(self.widths) != columns:
            raise ValueError(f"widths has {len(self.widths)} values for {columns} columns")


class WoundGrid(_Model, kw_only=True, frozen=True):
    """The Strength × Toughness grid, computed by Ost; only its labels are data."""

    rows: str = "F"
    cols: str = "E"


class CardBlock(_Model, kw_only=True, frozen=True):
    """One block of a card: exactly one of a paragraph, a list, a table or the wound grid."""

    text: str | None = None
    items: list[str] | None = None
    table: CardTable | None = None
    grid: WoundGrid | None = None

    def __post_init__(self) -> None:
        kinds = [k for k in ("text", "items", "table", "grid") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("a block needs exactly one of text, items, table, grid")


class RuleCard(_Model, kw_only=True, frozen=True):
    id: Annotated[str, Meta(min_length=1)]
    title: Annotated[str, Meta(min_length=1)]
    blocks: Annotated[list[CardBlock], Meta(min_length=1)]


class RuleCardFile(_Model, kw_only=True, frozen=True):
    lang: str
    cards: list[RuleCard]


class AbilityText(_Model, kw_only=True, frozen=True):
    """A special ability of seed 001 told in MAC HAMMER 40K's terms, for its card.

    ``text`` is the card's body (paragraphs separated by a blank line);
    ``reads`` names the seed's words Ost interprets and how (cm, socles,
    classes, ordres of the other game).
    """

    key: Annotated[str, Meta(min_length=1)]
    text: Annotated[str, Meta(min_length=1)]
    reads: Annotated[str, Meta(min_length=1)]


class AbilityTextFile(_Model, kw_only=True, frozen=True):
    lang: str
    abilities: list[AbilityText]


def ability_text_path(lang: str) -> Path:
    return resource("cards", f"abilities.{lang}.yaml")


def read_ability_texts(path: Path) -> dict[str, AbilityText]:
    """Read and check one ability-text file (glossary key -> text); raises :class:`RuleCardError`."""
    texts = _checked(AbilityTextFile, _read_yaml(path), path)
    keys = [a.key for a in texts.abilities]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise RuleCardError(f"{path}: duplicate ability key {', '.join(duplicates)}")
    return {a.key: a for a in texts.abilities}


def load_ability_texts(lang: str) -> dict[str, AbilityText]:
    """The shipped ability card texts in ``lang``, by glossary key (read again only when the file changes)."""
    path = ability_text_path(lang)
    return dict(_read_ability_texts_cached(path, *_stamp(path)))


def _stamp(path: Path) -> tuple[int, int]:
    """What tells that a file changed: its modification time and size (0, 0 when it is missing)."""
    try:
        info = path.stat()
    except OSError:
        return 0, 0
    return info.st_mtime_ns, info.st_size


@lru_cache(maxsize=8)
def _read_ability_texts_cached(path: Path, _mtime: int, _size: int) -> dict[str, AbilityText]:
    return read_ability_texts(path)


@lru_cache(maxsize=8)
def _read_rule_cards_cached(path: Path, _mtime: int, _size: int) -> RuleCardFile:
    return read_rule_cards(path)


def rule_card_path(lang: str) -> Path:
    return resource("cards", f"core-rules.{lang}.yaml")


def _read_yaml(path: Path) -> Any:
    """The plain data of a YAML file of ours; raises :class:`RuleCardError` naming the file."""
    try:
        data = read_limited(path, MAX_CARD_FILE_BYTES)
    except FileNotFoundError:
        raise RuleCardError(f"{path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise RuleCardError(f"{path}: cannot read: {exc}") from None
    try:
        document = yaml.load(data.decode("utf-8"), Loader=_LOADER)  # a safe loader: plain data only
    except UnicodeDecodeError as exc:
        raise RuleCardError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        raise RuleCardError(f"{path}{where}: not valid YAML") from None
    return document


def _checked(model: type[_M], document: Any, path: Path) -> _M:
    """``document`` read as ``model``; the first problem is raised as :class:`RuleCardError` with its place."""
    try:
        return model.model_validate(_table_texts(document))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(document)"
        raise RuleCardError(f"{path}: {where}: {first['msg']}") from None


def read_rule_cards(path: Path) -> RuleCardFile:
    """Read and check one rule-card file; raises :class:`RuleCardError` naming the file."""
    cards = _checked(RuleCardFile, _read_yaml(path), path)
    ids = [c.id for c in cards.cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise RuleCardError(f"{path}: duplicate card id {', '.join(duplicates)}")
    return cards


def load_rule_cards(lang: str) -> list[RuleCard]:
    """The shipped core rule cards in ``lang`` ("fr" or "en"), read again only when the file changes."""
    path = rule_card_path(lang)
    return list(_read_rule_cards_cached(path, *_stamp(path)).cards)


def wound_roll(strength: int, toughness: int) -> int:
    """The unmodified roll needed to wound (S against T, the usual table)."""
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    if 2 * strength <= toughness:
        return 6
    return 5
