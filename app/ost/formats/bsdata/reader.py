"""The import: :func:`read_bsdata` reads the files, makes each playable catalogue's datasheets, reports coverage."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ost.core.catalogue import Datasheet, Faction, ModelKind
from ost.core.collector import collector_paused
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.formats.bsdata.datasheets import _Draft, _Drafter
from ost.formats.bsdata.files import (
    SOURCE_PREFIX,
    _faction_id,
    _File,
    _read_files,
    find_files,
    import_fingerprint,
)
from ost.formats.bsdata.profiles import _words
from ost.formats.bsdata.report import BsDataError, BsImport, BsImportWarning, Coverage, Progress
from ost.formats.safexml import DEFAULT_LIMITS, Limits


def _space_phrases(sheets: Iterable[Datasheet]) -> dict[tuple[str, ...], list[str]]:
    """The keywords the faction's transports give space rules for (every spelling), by their words."""
    phrases: dict[tuple[str, ...], list[str]] = {}
    for sheet in sheets:
        if sheet.transport is not None:
            for rule in sheet.transport.space:
                for keyword in rule.keywords:
                    words = _words(keyword)
                    spellings = phrases.setdefault(words, []) if words else []
                    if words and not keyword.lstrip().startswith("<") and keyword not in spellings:
                        spellings.append(keyword)
    return phrases


def _named_keywords(kind: ModelKind, phrases: dict[tuple[str, ...], list[str]], keywords: list[str]) -> list[str]:
    """Space-rule keywords that a kind's name or profile name spells out, when no category gives them.

    BattleScribe gives the Heavy Weapons Team of an Infantry Squad no category of
    its own, yet the Chimera says "each Heavy Weapons Team takes the space of 2":
    the kind is the model the rule names, so it gets that keyword.
    """
    names = [_words(kind.name), *([_words(kind.profile)] if kind.profile else [])]
    found: list[str] = []
    seen = {word for name in names for word in name}
    for phrase, spellings in phrases.items():
        if phrase[0] not in seen:
            continue
        wanted = [k for k in spellings if k not in keywords and k not in kind.keywords]
        size = len(phrase)
        if wanted and any(name[i : i + size] == phrase for name in names for i in range(len(name) - size + 1)):
            found.extend(wanted)
    return found


def read_bsdata(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
    *,
    free: bool = True,
) -> BsImport:
    """Read BattleScribe files (folders, ``.gst``/``.cat``, ``.gstz``/``.catz``) into factions and datasheets.

    Raises :class:`BsDataError` (or :class:`ost.formats.safexml.XmlInputError`)
    naming the file for anything unreadable, refused or not BattleScribe data;
    nothing is returned partially.

    ``free=False`` leaves the parsed files and the memo tables to the garbage
    collector instead of freeing them before returning (they refer to each
    other): a command that ends the process right after, its collector paused
    (``ost import bsdata``), skips a fifth of a second of freeing them object
    by object. The window keeps the default.
    """
    with collector_paused():
        return _read_bsdata(list(paths), progress, limits, free)


def _read_bsdata(paths: list[str | Path], progress: Progress | None, limits: Limits, free: bool) -> BsImport:
    found = find_files(paths)
    if not found:
        raise BsDataError(
            ", ".join(str(p) for p in paths) or ".",
            Bilingual(
                fr="aucun fichier BattleScribe (.gst, .cat, .gstz, .catz) trouvé",
                en="no BattleScribe file (.gst, .cat, .gstz, .catz) found",
            ),
        )
    warnings: list[BsImportWarning] = []
    # Progress runs over 2 units per file given: reading them, then converting the catalogues.
    total = 2 * len(found)
    # What the files are (a later import of the same files finds its result in the catalogue: see ost.services).
    digests: list[str] = []
    files = _read_files(found, limits, progress, total, warnings, digests)
    systems = [f for f in files if f.is_game_system]
    if not systems:
        raise BsDataError(
            found[0].parent,
            Bilingual(
                fr="aucun système de jeu (.gst) parmi les fichiers ; les catalogues BattleScribe en ont besoin",
                en="no game system (.gst) among the files; BattleScribe catalogues need theirs",
            ),
        )
    catalogues = [f for f in files if not f.is_game_system]
    system_ids = {s.id for s in systems}
    for catalogue in catalogues:
        if catalogue.game_system_id not in system_ids:
            raise BsDataError(
                catalogue.path,
                Bilingual(
                    fr=f"a besoin du système de jeu '{catalogue.game_system_id}', absent des fichiers",
                    en=f"needs the game system '{catalogue.game_system_id}', which is not among the files",
                ),
            )
    drafter = _Drafter(files)
    playable = [c for c in catalogues if not c.library]
    producers: list[_File] = [*playable, *[s for s in systems if s.roots]]
    factions: list[Faction] = []
    datasheets: list[Datasheet] = []
    coverage: list[Coverage] = []
    taken: set[str] = set()
    sources: list[str] = []
    for index, producer in enumerate(producers):
        if progress is not None:
            progress(len(found) + len(found) * index // len(producers), total, producer.name)
        faction_id = _faction_id(producer, taken)
        source = SOURCE_PREFIX + producer.id
        sources.append(source)
        offers = drafter.offered(producer) if not producer.is_game_system else [(producer, r) for r in producer.roots]
        chosen: dict[str, _Draft] = {}
        link_ids: dict[str, list[str]] = {}
        for file, root in offers:
            draft = drafter.draft(file, root, producer)
            if draft is None:
                continue
            ids = link_ids.setdefault(draft.target_id, [])
            ids.extend(i for i in draft.link_ids if i not in ids)
            current = chosen.get(draft.target_id)
            if current is None or (current.role is Role.UNSLOTTED and draft.role is not Role.UNSLOTTED):
                chosen[draft.target_id] = draft
        report = Coverage(faction=faction_id, name=producer.name, revision=producer.revision)
        phrases = _space_phrases(draft.sheet for draft in chosen.values())
        for target_id, draft in chosen.items():
            bs_ids = [target_id, *link_ids[target_id]]
            kinds = []
            for kind in draft.sheet.kinds:
                update: dict[str, list[str]] = {}
                if target_id in kind.bs_ids and any(i not in kind.bs_ids for i in bs_ids):
                    # The unit's own model (a character) is named by every link that offers the datasheet.
                    update["bs_ids"] = [*kind.bs_ids, *(i for i in bs_ids if i not in kind.bs_ids)]
                named = _named_keywords(kind, phrases, draft.sheet.keywords) if phrases else []
                if named:
                    update["keywords"] = [*kind.keywords, *named]
                kinds.append(kind.model_copy(update=update) if update else kind)
            sheet = draft.sheet.model_copy(
                update={
                    "id": f"{faction_id}-{target_id}",
                    "faction": faction_id,
                    "source": source,
                    "source_revision": producer.revision or None,
                    "bs_ids": bs_ids,
                    "kinds": kinds,
                }
            )
            datasheets.append(sheet)
            report.datasheets += 1
            report.role += sheet.role is not Role.UNSLOTTED
            report.points += draft.has_points
            report.size += draft.has_size
            report.keywords += bool(sheet.keywords)
            report.profiles += bool(sheet.profiles)
            report.transports += draft.has_transport
            understood = bool(sheet.transport and sheet.transport.verified)
            report.transports_parsed += understood
            if draft.has_transport and not understood:
                report.transports_unparsed.append(sheet.name)
            report.legends += sheet.legends
            report.hidden += sheet.hidden
            report.kinds += len(sheet.kinds)
            report.several_kinds += len(sheet.kinds) > 1
            report.kinds_with_wounds += draft.kinds_with_wounds
            report.modifiers_evaluated += draft.modifiers_evaluated
            report.modifiers_kept += draft.modifiers_kept
            if draft.kept_names:
                shown = ", ".join(f"'{n}'" for n in draft.kept_names[:5]) + (" …" if len(draft.kept_names) > 5 else "")
                report.warnings += 1
                warnings.append(
                    BsImportWarning(
                        draft.path,
                        Bilingual(
                            fr=f"{producer.name} – {sheet.name} : les points de {shown} dépendent de l'armée "
                            "(une autre unité, le détachement, la liste) ou de la taille de l'unité ; le prix sans ce "
                            "changement est gardé",
                            en=f"{producer.name} – {sheet.name}: the points of {shown} depend on the army "
                            "(another unit, the detachment, the roster) or grow with the unit; the price without that "
                            "change is kept",
                        ),
                    )
                )
        if not chosen:
            continue
        coverage.append(report)
        factions.append(
            Faction(id=faction_id, name=producer.name, name_en=producer.name, source=source, revision=producer.revision)
        )
    if progress is not None:
        progress(total, total, "")
    if free:
        drafter.close()
    return BsImport(
        factions=factions,
        datasheets=datasheets,
        coverage=coverage,
        warnings=drafter.shared.warnings + warnings,
        sources=sources,
        files=[(f.path, f.id, f.name, f.revision) for f in files],
        fingerprint=import_fingerprint(found, digests),
        digests={str(path): digest for path, digest in zip(found, digests, strict=True) if digest},
    )
