"""The ``.ost`` list file: JSON, versioned, migrated, saved atomically.

Reading never alters the file. A file that cannot be read raises
:class:`ListFileError` whose message names the file, the place inside the
JSON and what was expected.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from ost.core.armylist import SCHEMA_VERSION, ArmyList
from ost.core.fileio import InputFileError, InputProblem, atomic_write, read_regular
from ost.core.i18n import Bilingual
from ost.core.limits import over_bound, shown_number
from ost.core.model import ValidationError

SUFFIX = ".ost"
MAX_LIST_BYTES = 16 * 1024 * 1024


def _v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    """Version 2 adds ``snapshot.identity``, an optional field.

    A version-1 unit keeps none: the validator uses the datasheet from the
    catalogue, or the snapshot's name when the catalogue lacks it.
    """
    return document


def _v2_to_v3(document: dict[str, Any]) -> dict[str, Any]:
    """Version 3 adds model kinds and stated prices, all optional.

    A version-2 unit has only its total ``models``: it takes its datasheet's
    default split over the kinds (10 Boyz: 1 Boss Nob and 9 Boyz), which is
    what ``composition: {}`` means. It states no price of its own.
    """
    return document


def _v3_to_v4(document: dict[str, Any]) -> dict[str, Any]:
    """Version 4 adds what each model carries (``loadout``) and what the unit takes once (``upgrades``).

    A version-3 unit has neither: ``loadout: []`` means every model carries
    its kind's default loadout, which is what the list meant. Its priced
    option counters (``options``) are kept and priced as before. The reader
    says so (:data:`MIGRATION_NOTES`).
    """
    return document


def _v4_to_v5(document: dict[str, Any]) -> dict[str, Any]:
    """Version 5: a unit holds what it starts with (Smite, a default Mark of Chaos, a squad's combat drug).

    Nothing changes in the document. A version-4 unit may lack such a pick (Ost did not give it then);
    a reader with the catalogue gives the unit the picks its choices left short
    (:func:`ost.core.wargear.missing_starting_picks`) and says so; a version-5 unit lacking one left it
    out on purpose, and is checked as it is.
    """
    return document


def _v5_to_v6(document: dict[str, Any]) -> dict[str, Any]:
    """Version 6: a model's pick may say which choice it was taken through (``taken_in``).

    Nothing changes in the document. A version-5 pick says no choice; where two choices of a datasheet
    offer the same item, its picks are shared out among them as before. The version is raised so that
    an older Ost opening a list that records ``taken_in`` says the list is newer than it, not that a
    field is unknown.
    """
    return document


#: Migrations: ``MIGRATIONS[n]`` turns a version-``n`` document into version ``n + 1``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
}

#: What a reader should be told when a list goes through the migration to version ``n`` (key ``n``).
MIGRATION_NOTES: dict[int, Bilingual] = {
    4: Bilingual(
        fr="Liste écrite avant le choix de l'équipement par figurine : ses unités portent "
        "l'équipement par défaut de leurs fiches (options prises gardées).",
        en="List written before wargear was chosen per model: its units carry their datasheets' "
        "default wargear (options taken are kept).",
    ),
}


def migration_notes(version: int) -> list[Bilingual]:
    """What changed for a list of schema ``version`` opened now, oldest first (empty when current)."""
    return [note for target, note in sorted(MIGRATION_NOTES.items()) if version < target <= SCHEMA_VERSION]


class ListFileError(Exception):
    """A list file that cannot be read; ``str()`` is a message for the user (in English).

    ``detail_fr`` is the detail in French when the error has it (the number
    bounds do); :meth:`reason` picks the language.
    """

    def __init__(
        self, path: Path | str | None, message: str, where: str | None = None, *, detail_fr: str | None = None
    ) -> None:
        self.path = str(path) if path is not None else None
        self.where = where
        self.detail = message
        self.detail_fr = detail_fr
        prefix = f"{self.path}: " if self.path else ""
        location = f"{where}: " if where else ""
        super().__init__(f"{prefix}{location}{message}")

    def reason(self, lang: str) -> str:
        """The message without the file's name, in ``lang`` when the error has both languages."""
        location = f"{self.where}: " if self.where else ""
        detail = self.detail_fr if lang == "fr" and self.detail_fr else self.detail
        return f"{location}{detail}"


def _json_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, str) and len(part) > 40:  # harden: a key from the file may be huge; keep messages short
            part = part[:37] + "..."
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return (out if len(out) <= 200 else "..." + out[-197:]) or "(document)"


def _describe(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    if kind == "missing":
        return "this field is required"
    if kind == "extra_forbidden":
        return "unknown field"
    given = error.get("input")
    bound = (error.get("ctx") or {}).get("le")
    if kind == "less_than_equal" and isinstance(given, int) and isinstance(bound, int):
        # harden: a number past Ost's bounds (ost.core.limits), named by its size, never printed in full
        return f"{shown_number(given)} is more than {bound}, the most Ost accepts here"
    shown = json.dumps(given, ensure_ascii=False) if not isinstance(given, dict | list) else type(given).__name__
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{error.get('msg', 'invalid value')} (got {shown})"


def migrate(document: dict[str, Any], path: Path | str | None = None) -> dict[str, Any]:
    """Bring a decoded document up to :data:`SCHEMA_VERSION`."""
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ListFileError(path, "expected an integer schema version", "schema_version")
    if version > SCHEMA_VERSION:
        raise ListFileError(
            path,
            f"schema version {version} is newer than this Ost understands ({SCHEMA_VERSION}); update Ost to open it",
            "schema_version",
        )
    if version < 1:
        raise ListFileError(path, f"unknown schema version {version}", "schema_version")
    while version < SCHEMA_VERSION:
        document = MIGRATIONS[version](document)
        version += 1
        document["schema_version"] = version
    return document


def parse(data: bytes | str, path: Path | str | None = None, *, repaired: list[Bilingual] | None = None) -> ArmyList:
    r"""Decode and check a list document; raises :class:`ListFileError`.

    Text that is not text (a lone surrogate: ``"\ud800"`` in the JSON, which
    no UTF-8 file can hold) is replaced by U+FFFD as it is read, so no later
    step (printing, a PDF, saving) meets it; when ``repaired`` is given, a
    sentence saying so is appended to it.
    """
    return parse_noted(data, path, repaired=repaired)[0]


def parse_noted(
    data: bytes | str,
    path: Path | str | None = None,
    *,
    repaired: list[Bilingual] | None = None,
    read_version: list[int] | None = None,
) -> tuple[ArmyList, list[Bilingual]]:
    """:func:`parse`, and what the reader should be told of an older list's migration.

    A list of an older schema version opens with what the versions since
    then mean for it (:func:`migration_notes`): the window and ``ost check``
    show these notes in the list's reading report. ``read_version`` (when
    given) receives the version the file was written in.
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ListFileError(path, f"not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
    army = _parse_current(text)
    if army is not None:
        check_references(army, path)
        if read_version is not None:
            read_version.append(SCHEMA_VERSION)
        return army, []
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ListFileError(path, f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise ListFileError(path, "not a list file: nesting is too deep") from None
    except ValueError:  # harden: Python refuses integers of more than 4,300 digits
        raise ListFileError(path, "not a list file: a number is far too long") from None
    if not isinstance(document, dict):
        raise ListFileError(path, f"expected a JSON object, got {type(document).__name__}")
    document, replaced = scrub_document(document)
    if replaced and repaired is not None:
        repaired.append(surrogates_note(replaced))
    version = document.get("schema_version")
    document = migrate(document, path)
    if read_version is not None and isinstance(version, int):
        read_version.append(version)
    notes = migration_notes(version) if isinstance(version, int) else []
    try:
        army = ArmyList.model_validate(document)
    except ValidationError as exc:
        raise validation_error(exc, path) from None
    check_references(army, path)
    has_units = any(True for _ in army.units())
    return army, notes if has_units else []


def validation_error(
    exc: ValidationError, path: Path | str | None, error: type[ListFileError] = ListFileError
) -> ListFileError:
    """The first problem decoding found, as a :class:`ListFileError` naming the field (and its bound)."""
    first: dict[str, Any] = dict(exc.errors()[0])
    others = exc.error_count() - 1
    more = f" (and {others} more problem{'s' if others > 1 else ''})" if others else ""
    more_fr = f" (et {others} autre{'s' if others > 1 else ''} problème{'s' if others > 1 else ''})" if others else ""
    where = _json_path(tuple(first["loc"]))
    given, bound = first.get("input"), (first.get("ctx") or {}).get("le")
    if first.get("type") == "less_than_equal" and isinstance(given, int) and isinstance(bound, int):
        fr = f"{shown_number(given)} dépasse {bound}, le plus qu'Ost accepte ici"
        return error(path, _describe(first) + more, where, detail_fr=fr + more_fr)
    return error(path, _describe(first) + more, where)


#: What a lone surrogate becomes.
REPLACEMENT = "\ufffd"


@cache
def _surrogate() -> re.Pattern[str]:
    r"""A lone surrogate: half of a UTF-16 pair. JSON can write one ("\ud800"); no UTF-8 text can hold it.

    Compiled when first asked (0.2 ms): a command that reads no Ost list or code never compiles it.
    """
    return re.compile("[\ud800-\udfff]")


def scrub_text(text: str) -> tuple[str, int]:
    """``text`` with each lone surrogate replaced by U+FFFD, and how many there were."""
    return _surrogate().subn(REPLACEMENT, text)


def scrub_document(document: Any) -> tuple[Any, int]:
    """A decoded JSON document with lone surrogates replaced in every string and key (no recursion)."""
    replaced = 0

    def clean(value: Any) -> Any:
        nonlocal replaced
        if isinstance(value, str):
            value, count = scrub_text(value)
            replaced += count
        return value

    root = [document]
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            for index, item in enumerate(node):
                if isinstance(item, dict | list):
                    stack.append(item)
                else:
                    node[index] = clean(item)
        elif isinstance(node, dict):
            for key in list(node):
                value = node[key]
                new_key = clean(key)
                if new_key != key:
                    del node[key]
                    node[new_key] = value
                if isinstance(value, dict | list):
                    stack.append(value)
                else:
                    node[new_key] = clean(value)
    return root[0], replaced


def surrogates_note(count: int) -> Bilingual:
    """The reading report's sentence for ``count`` lone surrogates replaced."""
    return Bilingual(
        fr=f"{count} caractère(s) qui ne sont pas du texte (demi-paires UTF-16) remplacé(s) par « \ufffd » ; "
        "la liste sera enregistrée ainsi",
        en=f"{count} character(s) that are not text (lone UTF-16 surrogates) replaced by “\ufffd”; "
        "the list will be saved that way",
    )


def _parse_current(text: str) -> ArmyList | None:
    """The fast path: a well-formed list of the current version, decoded by msgspec in one go.

    Anything else (an older version to migrate, a mistake to explain) returns
    None and takes the careful path, which gives the precise message.
    """
    try:
        # Strict: a version written as text ("6") takes the careful path, which says what is wrong.
        if msgspec.json.decode(text, type=_Version).schema_version != SCHEMA_VERSION:
            return None
        return msgspec.json.decode(text, type=ArmyList)
    except (msgspec.DecodeError, ValueError, TypeError, RecursionError):
        return None


class _Version(msgspec.Struct):
    """What the fast path reads first: the version the file states (required: a file without one is migrated)."""

    schema_version: int


def _shown(value: str) -> str:
    """An id from the file, quoted and cut short for a message (harden: ids may be huge)."""
    return repr(value if len(value) <= 60 else value[:57] + "...")


def check_references(army: ArmyList, path: Path | str | None = None) -> None:
    """Unit and detachment ids are unique, and every reference names a unit of the list."""
    ids: set[str] = set()
    detachment_ids: set[str] = set()
    for d_index, detachment in enumerate(army.detachments):
        if detachment.id in detachment_ids:
            raise ListFileError(path, f"duplicate detachment id {_shown(detachment.id)}", f"detachments[{d_index}].id")
        detachment_ids.add(detachment.id)
        for u_index, unit in enumerate(detachment.units):
            if unit.id in ids:
                raise ListFileError(
                    path, f"duplicate unit id {_shown(unit.id)}", f"detachments[{d_index}].units[{u_index}].id"
                )
            ids.add(unit.id)
    for d_index, detachment in enumerate(army.detachments):
        for u_index, unit in enumerate(detachment.units):
            for field in ("transport", "linked_to"):
                target = getattr(unit, field)
                if target is not None and target not in ids:
                    raise ListFileError(
                        path,
                        f"refers to unit {_shown(target)}, which is not in the list",
                        f"detachments[{d_index}].units[{u_index}].{field}",
                    )


def check_bounds(army: ArmyList, path: Path | str | None = None, error: type[ListFileError] = ListFileError) -> None:
    """Every count and price of ``army`` is within :mod:`ost.core.limits`; else :class:`ListFileError`.

    For lists built by a reader (a roster, a text) field by field, which
    decoding does not check again: the message names the unit, the field and
    the bound ("Boyz: models: 5000 models: more than the 1000 Ost accepts").
    """

    def check(value: int | None, kind: str, where: str) -> None:
        if value is None:
            return
        problem = over_bound(value, kind)
        if problem is not None:
            raise error(path, problem.en, where, detail_fr=problem.fr)

    check(army.points_limit, "points", "points_limit")
    check(army.stated_total, "points", "stated_total")
    for _, unit in army.units():
        name = unit.display_name if len(unit.display_name) <= 60 else unit.display_name[:57] + "..."
        check(unit.models, "models", f"{name}: models")
        check(unit.stated_points, "points", f"{name}: stated_points")
        for count in unit.composition.values():
            check(count, "models", f"{name}: composition")
        for count in unit.options.values():
            check(count, "count", f"{name}: options")
        for extra in unit.extra_options:
            check(extra.count, "count", f"{name}: extra_options")
            check(extra.points, "points", f"{name}: extra_options")
        for group in unit.loadout:
            check(group.count, "models", f"{name}: loadout")
            for carried in group.wargear:
                check(carried.count, "count", f"{name}: loadout")
                check(carried.points, "points", f"{name}: loadout")
        for carried in unit.upgrades:
            check(carried.count, "count", f"{name}: upgrades")
            check(carried.points, "points", f"{name}: upgrades")


def read_bytes(path: Path | str, limit: int, error: type[ListFileError] = ListFileError) -> bytes:
    """The bytes of a list file (of any format), at most ``limit``; problems raise ``error``.

    Read through the guarded reader (:func:`ost.core.fileio.read_regular`):
    FIFOs, devices, sockets and symlink loops are refused with a message.
    """
    path = Path(path)
    try:
        return read_regular(path, limit)
    except InputFileError as exc:
        detail = "is a folder, not a list file" if exc.kind is InputProblem.FOLDER else exc.message_en
        raise error(path, detail) from None


def load(path: Path | str) -> ArmyList:
    return parse(read_bytes(path, MAX_LIST_BYTES), path)


def dumps(army: ArmyList) -> str:
    """The list as its ``.ost`` JSON text: always encodable as UTF-8 (lone surrogates become U+FFFD)."""
    document = army.model_dump(mode="json", exclude_defaults=False)
    document["schema_version"] = SCHEMA_VERSION
    return scrub_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n")[0]


def save(army: ArmyList, path: Path | str) -> None:
    """Write ``army`` atomically: a crash leaves the previous file whole."""
    atomic_write(Path(path), dumps(army).encode("utf-8"))


def json_schema() -> dict[str, Any]:
    schema = msgspec.json.schema(ArmyList)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://ost.invalid/schema/ost-list-v{SCHEMA_VERSION}.json"
    schema["title"] = "Ost army list"
    return schema
