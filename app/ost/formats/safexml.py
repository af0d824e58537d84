"""Bounded, safe reading of XML files and zip archives, for every Ost importer.

Everything Ost reads from outside (BattleScribe data ``.gst``/``.cat``, rosters
``.ros``) goes through here, so the same rules hold everywhere:

* **No DTD at all.** A document containing ``<!DOCTYPE`` or ``<!ENTITY`` is
  refused before it reaches the parser. Without a DTD an XML document cannot
  declare entities, so there is no entity expansion ("billion laughs") and no
  external entity or DTD to fetch (local files, URLs). BattleScribe files never
  carry a DTD.
* **Only encodings where that check is exact:** UTF-8 (with or without a BOM),
  US-ASCII and ISO-8859-1. A NUL byte (UTF-16/32 text) or another declared
  encoding is refused, because ``<!DOCTYPE`` could then hide behind other bytes.
* **Size limits:** a plain file above :attr:`Limits.max_file_bytes` is refused
  from its size on disk, before being read. Zip archives are refused above
  :attr:`Limits.max_members` members; each member is refused when its declared
  size, or the bytes actually produced while decompressing, pass
  :attr:`Limits.max_member_bytes` (reading stops at that point, so a "zip bomb"
  never fills memory), or when its compression ratio passes
  :attr:`Limits.max_ratio`. Member names with absolute paths, drive letters or
  ``..`` are refused; encrypted members too. The member table itself is
  bounded (count and size, read from the archive's end record) before
  Python's ``zipfile`` builds anything from it.

Why not ``defusedxml``: it swaps in the pure-Python ``XMLParser``, measured
25–30 % slower on the BattleScribe sample, and the importers must stay within
a few times the raw parse. Refusing any DTD up front is stricter than
defusedxml's defaults and lets the C parser run unchanged. The hostile-file
tests in ``tests/test_safexml.py`` hold both properties.

API: :func:`parse_xml_bytes` (bytes you already hold), :func:`parse_xml_file`,
:func:`read_zip_members`, and :func:`read_documents` (a path that is XML or a
zip of XML; the usual entry point). Every problem raises :class:`XmlInputError`,
whose message names the file (and the zip member) and says what is wrong, in
French and English.
"""

from __future__ import annotations

import re
import stat
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from xml.etree.ElementTree import Element, ParseError, XMLParser

__all__ = [
    "DEFAULT_LIMITS",
    "Limits",
    "XmlDocument",
    "XmlInputError",
    "is_zip",
    "parse_xml_bytes",
    "parse_xml_file",
    "read_documents",
    "read_zip_members",
]

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What Ost accepts from one input file. The defaults fit BattleScribe data comfortably.

    The largest real catalogue is about 4 MB, and XML compresses about 10–20
    times, so these leave a wide margin while bounding time and memory.
    """

    #: Largest plain XML file (bytes on disk).
    max_file_bytes: int = 64 * MiB
    #: Largest zip archive (bytes on disk).
    max_zip_bytes: int = 64 * MiB
    #: Most members (files and folders) a zip may list.
    max_members: int = 256
    #: Largest member once decompressed, declared or actual.
    max_member_bytes: int = 64 * MiB
    #: Largest total of decompressed bytes read from one zip.
    max_total_bytes: int = 256 * MiB
    #: Largest central directory (the zip's table of members), checked before Python's zipfile reads it.
    max_directory_bytes: int = 1 * MiB
    #: Highest uncompressed/compressed ratio, checked on members above ``ratio_floor`` bytes.
    max_ratio: float = 200.0
    ratio_floor: int = 1 * MiB


DEFAULT_LIMITS = Limits()

_CHUNK = 256 * 1024
_ALLOWED_ENCODINGS = frozenset({"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "latin-1", "latin1"})
_DECLARATION = re.compile(rb"^(?:\xef\xbb\xbf)?\s*<\?xml\s[^>]*?\bencoding\s*=\s*[\"']([A-Za-z0-9._:-]+)[\"']")
_FORBIDDEN_MARKUP = (b"<!DOCTYPE", b"<!ENTITY")


class XmlInputError(Exception):
    """An input file Ost refuses or cannot read; the message names the file and the problem.

    ``path`` is the file (``archive.catz:member.cat`` for a zip member);
    ``message_fr`` and ``message_en`` are the detail without the file name.
    ``str(error)`` is the English line; :meth:`message` picks a language.
    """

    def __init__(self, path: str | Path, message_en: str, message_fr: str | None = None) -> None:
        self.path = str(path)
        self.message_en = message_en
        self.message_fr = message_fr or message_en
        super().__init__(f"{self.path}: {message_en}")

    def message(self, lang: str) -> str:
        return f"{self.path}: {self.message_fr if lang == 'fr' else self.message_en}"


@dataclass(frozen=True)
class XmlDocument:
    """One parsed document: where it came from, its raw size and its root element."""

    name: str
    root: Element
    size: int


def _megabytes(count: int) -> str:
    return f"{count / MiB:.1f} MB"


def _check_safe(data: bytes, name: str) -> None:
    """Refuse what the C parser must never see: DTDs, entity declarations, exotic encodings."""
    if data.find(b"\x00") >= 0:
        raise XmlInputError(
            name,
            "contains NUL bytes (UTF-16/32 or binary data); only UTF-8 XML is accepted",
            "contient des octets nuls (UTF-16/32 ou données binaires) ; seul le XML en UTF-8 est accepté",
        )
    match = _DECLARATION.match(data[:512])
    if match is not None:
        encoding = match.group(1).decode("ascii").lower()
        if encoding not in _ALLOWED_ENCODINGS:
            raise XmlInputError(
                name,
                f"declares the encoding {encoding!r}; only UTF-8, US-ASCII and ISO-8859-1 are accepted",
                f"déclare l'encodage {encoding!r} ; seuls UTF-8, US-ASCII et ISO-8859-1 sont acceptés",
            )
    for markup in _FORBIDDEN_MARKUP:
        if data.find(markup) >= 0:
            raise XmlInputError(
                name,
                "contains a DTD or entity declaration (<!DOCTYPE/<!ENTITY), which Ost refuses for safety",
                "contient une DTD ou une déclaration d'entité (<!DOCTYPE/<!ENTITY), refusée par sécurité",
            )


def parse_xml_bytes(data: bytes, name: str | Path) -> Element:
    """Parse ``data`` (the content of ``name``) after the safety checks; returns the root element."""
    shown = str(name)
    _check_safe(data, shown)
    parser = XMLParser()
    try:
        parser.feed(data)
        root: Element = parser.close()
    except ParseError as exc:
        line, column = getattr(exc, "position", (None, None))
        detail = str(exc).split(":", 1)[0]
        where_en = f" (line {line}, column {column})" if line else ""
        where_fr = f" (ligne {line}, colonne {column})" if line else ""
        truncated = "no element found" in detail or "unclosed token" in detail
        hint_en = "; the file looks truncated" if truncated else ""
        hint_fr = " ; le fichier semble tronqué" if truncated else ""
        raise XmlInputError(
            shown,
            f"not well-formed XML: {detail}{where_en}{hint_en}",
            f"XML mal formé : {detail}{where_fr}{hint_fr}",
        ) from None
    return root


def _cannot_read(path: Path, exc: OSError) -> XmlInputError:
    reason = exc.strerror or str(exc)
    return XmlInputError(path, f"cannot read: {reason}", f"lecture impossible : {reason}")


def _check_size(path: Path, limit: int, what_en: str, what_fr: str) -> int:
    """The size of ``path``; folders and files above ``limit`` bytes are refused before reading."""
    try:
        info = path.stat()
    except OSError as exc:
        raise _cannot_read(path, exc) from None
    if stat.S_ISDIR(info.st_mode):
        raise XmlInputError(path, "is a folder, not a file", "est un dossier, pas un fichier")
    if info.st_size > limit:
        raise XmlInputError(
            path,
            f"{what_en} is too large ({_megabytes(info.st_size)}; the limit is {_megabytes(limit)})",
            f"{what_fr} trop gros ({_megabytes(info.st_size)} ; la limite est {_megabytes(limit)})",
        )
    return info.st_size


def _read_bounded(path: Path, limit: int) -> bytes:
    size = _check_size(path, limit, "the file", "fichier")
    try:
        with path.open("rb") as handle:
            data = handle.read(size + 1)  # the buffer is sized from the file, never from the limit
    except OSError as exc:
        raise _cannot_read(path, exc) from None
    if len(data) > size:  # the file grew between stat() and read()
        raise XmlInputError(path, "the file changed while being read", "le fichier a changé pendant sa lecture")
    return data


def parse_xml_file(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> XmlDocument:
    """Read and parse one plain XML file within ``limits``."""
    file = Path(path)
    data = _read_bounded(file, limits.max_file_bytes)
    return XmlDocument(str(file), parse_xml_bytes(data, file), len(data))


def is_zip(path: str | Path) -> bool:
    """True when ``path`` starts like a zip archive (whatever its name)."""
    try:
        with Path(path).open("rb") as handle:
            return handle.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def _safe_member_name(name: str) -> bool:
    if not name or "\x00" in name:
        return False
    posix = name.replace("\\", "/")
    if posix.startswith("/") or re.match(r"^[A-Za-z]:", posix):
        return False
    return ".." not in PurePosixPath(posix).parts


def read_zip_members(
    path: str | Path,
    limits: Limits = DEFAULT_LIMITS,
    suffixes: tuple[str, ...] | None = None,
) -> Iterator[tuple[str, bytes]]:
    """Yield ``(member name, content)`` for the files of a zip, within ``limits``.

    Only members whose lower-cased name ends with one of ``suffixes`` are read
    (all files when ``None``); folders are skipped. The whole archive is checked
    (member count, names, declared sizes and ratios) before the first member is
    decompressed; each member is then decompressed in chunks and abandoned as
    soon as it passes its limit.
    """
    file = Path(path)
    size = _check_size(file, limits.max_zip_bytes, "the archive", "archive")
    _check_directory(file, size, limits)
    try:
        archive = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        raise XmlInputError(file, f"not a readable zip archive ({exc})", f"archive zip illisible ({exc})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.max_members:
            raise XmlInputError(
                file,
                f"the zip lists {len(infos)} members; the limit is {limits.max_members}",
                f"le zip contient {len(infos)} éléments ; la limite est {limits.max_members}",
            )
        wanted: list[zipfile.ZipInfo] = []
        for info in infos:
            where = f"{file}:{info.filename}"
            if not _safe_member_name(info.filename):
                raise XmlInputError(
                    where,
                    "unsafe member name (absolute path, drive or '..')",
                    "nom d'élément dangereux (chemin absolu, lecteur ou '..')",
                )
            if info.is_dir():
                continue
            if suffixes is not None and not info.filename.lower().endswith(suffixes):
                continue
            if info.flag_bits & 0x1:
                raise XmlInputError(where, "the member is encrypted", "l'élément est chiffré")
            _check_declared(where, info, limits)
            wanted.append(info)
        total = 0
        for info in wanted:
            data = _read_member(archive, info, f"{file}:{info.filename}", limits, limits.max_total_bytes - total)
            total += len(data)
            yield info.filename, data


_END_OF_DIRECTORY = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_END = b"PK\x06\x06"


def _check_directory(path: Path, size: int, limits: Limits) -> None:
    """Refuse a zip whose table of members is too big, before ``zipfile`` builds an object per entry.

    The end record gives the number of entries and the table's size; both are
    checked (the table's size also bounds a table that lies about its count).
    A zip without a readable end record is left to ``zipfile`` to refuse.
    """
    try:
        with path.open("rb") as handle:
            handle.seek(max(0, size - (65535 + 22)))
            tail = handle.read()
            end = tail.rfind(_END_OF_DIRECTORY)
            if end < 0 or len(tail) - end < 22:
                return
            entries = int.from_bytes(tail[end + 10 : end + 12], "little")
            directory = int.from_bytes(tail[end + 12 : end + 16], "little")
            locator = end - 20
            zip64 = entries == 0xFFFF or directory == 0xFFFFFFFF
            if zip64 and locator >= 0 and tail[locator : locator + 4] == _ZIP64_LOCATOR:
                handle.seek(int.from_bytes(tail[locator + 8 : locator + 16], "little"))
                record = handle.read(56)
                if record[:4] == _ZIP64_END and len(record) == 56:
                    entries = int.from_bytes(record[32:40], "little")
                    directory = int.from_bytes(record[40:48], "little")
    except OSError as exc:
        raise _cannot_read(path, exc) from None
    if entries > limits.max_members:
        raise XmlInputError(
            path,
            f"the zip lists {entries} members; the limit is {limits.max_members}",
            f"le zip contient {entries} éléments ; la limite est {limits.max_members}",
        )
    if directory > limits.max_directory_bytes:
        raise XmlInputError(
            path,
            f"the zip's table of members is {_megabytes(directory)}; the limit is "
            f"{_megabytes(limits.max_directory_bytes)}",
            f"la table des éléments du zip fait {_megabytes(directory)} ; la limite est "
            f"{_megabytes(limits.max_directory_bytes)}",
        )


def _check_declared(where: str, info: zipfile.ZipInfo, limits: Limits) -> None:
    if info.file_size > limits.max_member_bytes:
        raise XmlInputError(
            where,
            f"declares {_megabytes(info.file_size)} once decompressed; "
            f"the limit is {_megabytes(limits.max_member_bytes)}",
            f"annonce {_megabytes(info.file_size)} décompressé ; la limite est {_megabytes(limits.max_member_bytes)}",
        )
    if info.file_size > limits.ratio_floor and info.file_size > limits.max_ratio * max(1, info.compress_size):
        ratio = info.file_size / max(1, info.compress_size)
        raise XmlInputError(
            where,
            f"compression ratio {ratio:.0f}:1 is suspicious (limit {limits.max_ratio:.0f}:1)",
            f"taux de compression {ratio:.0f}:1 suspect (limite {limits.max_ratio:.0f}:1)",
        )


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, where: str, limits: Limits, budget: int) -> bytes:
    """Decompress one member in chunks, counting bytes; stop at the first limit passed.

    ``budget`` is what the archive's total limit still allows.
    """
    limit = min(limits.max_member_bytes, budget)
    chunks: list[bytes] = []
    size = 0
    try:
        with archive.open(info) as stream:
            while True:
                chunk = stream.read(_CHUNK)
                if not chunk:
                    break
                size += len(chunk)
                if size > limit:
                    if limit < limits.max_member_bytes:
                        raise XmlInputError(
                            where,
                            f"the archive decompresses to more than {_megabytes(limits.max_total_bytes)} in all; "
                            "reading stopped",
                            f"l'archive se décompresse en plus de {_megabytes(limits.max_total_bytes)} au total ; "
                            "lecture arrêtée",
                        )
                    raise XmlInputError(
                        where,
                        f"decompresses to more than {_megabytes(limit)}; reading stopped",
                        f"se décompresse en plus de {_megabytes(limit)} ; lecture arrêtée",
                    )
                if size > limits.ratio_floor and size > limits.max_ratio * max(1, info.compress_size):
                    raise XmlInputError(
                        where,
                        f"decompresses more than {limits.max_ratio:.0f} times its compressed size; reading stopped",
                        f"se décompresse plus de {limits.max_ratio:.0f} fois sa taille compressée ; lecture arrêtée",
                    )
                chunks.append(chunk)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError, zlib.error) as exc:
        raise XmlInputError(where, f"damaged zip member ({exc})", f"élément de zip endommagé ({exc})") from None
    return b"".join(chunks)


def read_documents(
    path: str | Path,
    limits: Limits = DEFAULT_LIMITS,
    member_suffixes: tuple[str, ...] | None = None,
) -> Iterator[XmlDocument]:
    """The XML documents of ``path``: itself when it is XML, its members when it is a zip.

    A zip is recognised by its content, not its name. ``member_suffixes``
    selects zip members by name ending (e.g. ``(".cat", ".gst")``).
    """
    file = Path(path)
    if is_zip(file):
        for member, data in read_zip_members(file, limits, member_suffixes):
            name = f"{file}:{member}"
            yield XmlDocument(name, parse_xml_bytes(data, name), len(data))
    else:
        yield parse_xml_file(file, limits)
