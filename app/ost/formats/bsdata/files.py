"""Finding and reading the ``.gst``/``.cat`` files: one indexed document each, revisions, faction ids."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from ost.core.catalogue import BSDATA_SOURCE_PREFIX
from ost.core.i18n import Bilingual
from ost.core.text import slug
from ost.formats.bsdata.report import BsDataError, BsImportWarning, Progress
from ost.formats.bsdata.schema import _LOCAL, _SHARED, _TARGET_TAGS, CAT_NS, GST_NS
from ost.formats.safexml import (
    DEFAULT_LIMITS,
    Limits,
    XmlDocument,
    XmlInputError,
    check_xml_bytes,
    documents_of,
    is_zip_data,
    read_file,
    utf16_encoding,
)

SOURCE_PREFIX = BSDATA_SOURCE_PREFIX
#: File name endings picked up in folders.
SUFFIXES = (".gst", ".cat", ".gstz", ".catz")
_MEMBER_SUFFIXES = (".gst", ".cat")


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, and the BattleScribe data files inside folders (sorted, recursively)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES))
        else:
            found.append(path)
    unique: list[Path] = []
    seen: set[Path] = set()
    for path in found:
        try:
            key = path.resolve()
        except (RuntimeError, OSError):  # harden: a symlink loop (RuntimeError before Python 3.13)
            raise BsDataError(
                path,
                Bilingual(
                    fr="boucle de liens symboliques (le lien renvoie à lui-même) ; lecture impossible",
                    en="symbolic link loop (the link points back to itself); cannot read",
                ),
            ) from None
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def file_digest(path: Path, limits: Limits = DEFAULT_LIMITS) -> str:
    """The SHA-256 of a file's bytes (hex), read through the guarded reader; "" when it cannot be read.

    Never opens what is not a regular file (a named pipe, a device): that is refused, and "" returned.
    """
    try:
        return hashlib.sha256(read_file(path, max(limits.max_file_bytes, limits.max_zip_bytes))).hexdigest()
    except XmlInputError:
        return ""


def import_fingerprint(found: Sequence[Path], digests: Sequence[str]) -> str:
    """What an import of ``found`` (with their ``digests``) gives depends on: the files, in order, and the importer.

    Two imports with the same fingerprint give the same factions, datasheets,
    coverage and warnings: the files' paths (warnings name them) and contents
    in the order given (it decides which of two copies of a catalogue is kept
    and which faction id a clash gets), and the code that reads them
    (:func:`_code_stamp`).
    """
    digest = hashlib.sha256(_code_stamp().encode())
    for path, content in zip(found, digests, strict=True):
        digest.update(f"\0{path}\0{content}".encode(errors="surrogatepass"))
    return digest.hexdigest()


@functools.cache
def _code_stamp() -> str:
    """Ost's version and the source of the modules an import runs and writes with, hashed.

    Those are the formats, the core, the store and the services. Any change to
    them, even without a new version number, makes earlier imports stale.
    Without the sources (a frozen build), the version alone.
    """
    from ost import __version__

    package = Path(__file__).resolve().parent.parent.parent
    digest = hashlib.sha256(__version__.encode())
    modules = [package / "services.py"]
    for folder in ("formats", "core", "store"):
        modules.extend(sorted((package / folder).rglob("*.py")))
    for module in modules:
        if module.is_file():
            try:
                digest.update(module.relative_to(package).as_posix().encode() + b"\0" + module.read_bytes())
            except OSError:
                continue
    return digest.hexdigest()


#: What a file made by :meth:`_File.later` parses on first use.
_CONTENTS = frozenset({"root", "shared", "categories", "roots", "links", "cost_types"})


class _File:
    """One BattleScribe document, indexed."""

    _tag = ""  # the root element's tag, of a file made by later()

    def __init__(self, document: XmlDocument) -> None:
        root = document.root
        kind = _LOCAL.get(root.tag)
        if kind not in ("gameSystem", "catalogue"):
            shown = root.tag.split("}", 1)[-1]
            if shown in ("gameSystem", "catalogue"):  # harden: the right element in a foreign namespace
                namespace = root.tag[1:].split("}", 1)[0][:80] if root.tag.startswith("{") else ""
                raise BsDataError(
                    document.name,
                    Bilingual(
                        fr=f"<{shown}> n'est pas dans l'espace de noms BattleScribe "
                        f"({namespace or 'aucun'!r} au lieu de "
                        f"{(GST_NS if shown == 'gameSystem' else CAT_NS)[1:-1]!r})",
                        en=f"<{shown}> is not in the BattleScribe namespace (it uses {namespace or 'no namespace'!r}, "
                        f"expected {(GST_NS if shown == 'gameSystem' else CAT_NS)[1:-1]!r})",
                    ),
                )
            raise BsDataError(
                document.name,
                Bilingual(
                    fr=f"ni un système de jeu ni un catalogue BattleScribe (élément racine <{shown}>)",
                    en=f"not a BattleScribe game system or catalogue (root element <{shown}>)",
                ),
            )
        self.path = document.name
        self._head(kind == "gameSystem", root.attrib)
        if not self.id:
            raise BsDataError(
                document.name, Bilingual(fr="l'élément racine n'a pas d'identifiant", en="the root element has no id")
            )
        self._index(root)

    @classmethod
    def later(cls, path: Path, data: bytes, limits: Limits) -> _File | None:
        """The file ``path`` of bytes ``data``, known by its root element's attributes, parsed on first use.

        Only the start of the file is parsed now (up to its root element, checked as :func:`.safexml.parse_xml_bytes`
        checks a whole file). None when that is not enough to know it for sure: a zip, UTF-16, a root element
        that is no BattleScribe game system or catalogue, no id, anything odd: the caller then reads every file
        in full (:func:`_read_files`), which refuses a bad one with its own words.

        Its contents (:attr:`root`, :attr:`shared`, :attr:`roots`, :attr:`links`...) are parsed from ``data`` the
        first time one is asked for (:meth:`loaded`): an import on two cores parses in each process only the files
        that process reads (see :func:`.reader.read_bsdata`). A file whose full parse fails, or disagrees with
        its start, raises :class:`XmlInputError` then.
        """
        head = _root_start(data, str(path))
        if head is None:
            return None
        tag, attributes = head
        kind = _LOCAL.get(tag)
        if kind not in ("gameSystem", "catalogue") or not attributes.get("id"):
            return None
        file = cls.__new__(cls)
        file.path = str(path)
        file._tag = tag
        file._head(kind == "gameSystem", attributes)
        file._source = (data, path, limits, attributes)
        return file

    def _head(self, is_game_system: bool, attributes: dict[str, str]) -> None:
        """What the root element's attributes say (all an import needs to know of a file before reading it)."""
        self.is_game_system = is_game_system
        self.id = attributes.get("id") or ""
        self.name = attributes.get("name") or self.id
        self.revision = attributes.get("revision") or ""
        self.library = attributes.get("library") == "true"
        self.game_system_id = self.id if self.is_game_system else (attributes.get("gameSystemId") or "")
        self._anywhere: dict[str, Element] | None = None
        self._given: frozenset[str] | None = None
        self._source: tuple[bytes, Path, Limits, dict[str, str]] | None = None

    @property
    def loaded(self) -> bool:
        """Whether the file's contents are parsed (always, unless made by :meth:`later` and not used yet)."""
        return "root" in self.__dict__

    def __getattr__(self, name: str) -> object:
        # Only called for an attribute not set: the contents of a file made by later(), parsed now.
        source = self.__dict__.get("_source")
        if source is None or name not in _CONTENTS:
            raise AttributeError(name)
        data, path, limits, attributes = source
        documents = list(documents_of(data, path, limits, _MEMBER_SUFFIXES))
        root = documents[0].root
        if len(documents) != 1 or _LOCAL.get(root.tag) != _LOCAL.get(self._tag) or root.attrib != attributes:
            # (never seen: the same bytes parsed twice) the caller reads every file again, in full
            raise XmlInputError(path, "read differently the second time", "lu autrement la seconde fois")
        self._index(root)
        self._source = None
        return self.__dict__[name]

    def _index(self, root: Element) -> None:
        """Index the document's root: its shared entries, categories, root entries, links, cost types."""
        self.root = root
        self.shared: dict[str, Element] = {}
        self.categories: dict[str, str] = {}
        self.roots: list[Element] = []
        self.links: list[tuple[str, bool]] = []
        self.cost_types: dict[str, str] = {}
        for child in root:
            local = _LOCAL.get(child.tag)
            if local in _SHARED:
                for item in child:
                    item_id = item.get("id")
                    if item_id and item_id not in self.shared:
                        self.shared[item_id] = item
            elif local == "categoryEntries":
                for item in child:
                    item_id = item.get("id")
                    if item_id:
                        self.categories[item_id] = item.get("name") or ""
            elif local in ("selectionEntries", "entryLinks"):
                self.roots.extend(child)
            elif local == "catalogueLinks":
                for link in child:
                    target = link.get("targetId")
                    if target:
                        self.links.append((target, link.get("importRootEntries") == "true"))
            elif local == "costTypes":
                for item in child:
                    self.cost_types[item.get("id") or ""] = (item.get("name") or "").strip()

    def anywhere(self, item_id: str) -> Element | None:
        """Any link target with ``item_id``, nested or not (built on first use, in one pass)."""
        if self._anywhere is None:
            found: dict[str, Element] = {}
            wanted = _TARGET_TAGS
            for element in self.root.iter():
                if element.tag in wanted:
                    element_id = element.get("id")
                    if element_id and element_id not in found:
                        found[element_id] = element
            self._anywhere = found
        return self._anywhere.get(item_id)

    @property
    def given_categories(self) -> frozenset[str]:
        """Every category a selection made from this file may have: linked, or added or made primary by a modifier.

        Read over the whole file (conditions included, in one pass): a category no file of a catalogue's
        scope gives is one no selection of its forces ever has (see :meth:`.scope.Shared.force_undecided`).
        """
        if self._given is None:
            found: set[str] = set()
            for element in self.root.iter():
                local = _LOCAL.get(element.tag)
                if local == "categoryLink":
                    found.add(element.get("targetId") or "")
                elif local == "modifier" and element.get("field") == "category":
                    found.add(element.get("value") or "")
            self._given = frozenset(found - {""})
        return self._given


def _root_start(data: bytes, name: str) -> tuple[str, dict[str, str]] | None:
    """The tag and attributes of the root element of the XML ``data``, parsed from its start only; None when unsure.

    Each piece of the start is checked as a whole document is (:func:`.safexml.check_xml_bytes`: no DTD, an
    accepted encoding, no NUL byte) before the parser sees it; a zip or UTF-16 gets None at once.
    """
    if is_zip_data(data) or utf16_encoding(data) is not None:
        return None
    parser: XMLPullParser[Element] = XMLPullParser(events=("start",))
    fed = 0
    size = 4096
    while fed < len(data):
        end = min(len(data), size)
        try:
            check_xml_bytes(data[:end], name)
            parser.feed(data[fed:end])
            events = list(parser.read_events())  # (a parse error comes out here)
        except (XmlInputError, ParseError):
            return None
        fed = end
        if events:
            element: object = events[0][-1]
            return (str(element.tag), dict(element.attrib)) if isinstance(element, Element) else None
        size *= 4
    return None


def _read_files(
    paths: Sequence[Path],
    limits: Limits,
    progress: Progress | None,
    total: int,
    warnings: list[BsImportWarning],
    digests: list[str] | None = None,
) -> list[_File]:
    """The documents of ``paths``, indexed; the SHA-256 of each file's bytes (those parsed) added to ``digests``."""
    files: list[_File] = []
    by_id: dict[str, _File] = {}
    for index, path in enumerate(paths):
        if progress is not None:
            progress(index, total, path.name)
        data = read_file(path, max(limits.max_file_bytes, limits.max_zip_bytes))
        if digests is not None:
            digests.append(hashlib.sha256(data).hexdigest())
        documents = list(documents_of(data, path, limits, _MEMBER_SUFFIXES))
        if not documents:
            raise BsDataError(
                path, Bilingual(fr="ne contient aucun fichier .gst ou .cat", en="holds no .gst or .cat file")
            )
        for document in documents:
            file = _File(document)
            earlier = by_id.get(file.id)
            if earlier is not None:
                newer = _revision(file.revision) > _revision(earlier.revision)
                kept, dropped = (file, earlier) if newer else (earlier, file)
                warnings.append(
                    BsImportWarning(
                        dropped.path,
                        Bilingual(
                            fr=f"même catalogue que {kept.path} ({file.name}) ; "
                            f"la révision {kept.revision or '?'} est prise",
                            en=f"same catalogue as {kept.path} ({file.name}); revision {kept.revision or '?'} is used",
                        ),
                    )
                )
                if newer:
                    files[files.index(earlier)] = file
                    by_id[file.id] = file
                continue
            by_id[file.id] = file
            files.append(file)
    return files


def _revision(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _faction_id(file: _File, taken: set[str]) -> str:
    base = "bs-" + (slug(file.name) or slug(file.id))
    candidate = base if base not in taken else f"{base}-{slug(file.id)}"
    taken.add(candidate)
    return candidate
