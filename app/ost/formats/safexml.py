"""Bounded, safe reading of XML files and zip archives, for every Ost importer.

Everything Ost reads from outside (BattleScribe data ``.gst``/``.cat``, rosters
``.ros``) goes through here, so the same rules hold everywhere:

* **No DTD at all.** A document containing ``<!DOCTYPE`` or ``<!ENTITY`` is
  refused before it reaches the parser. Without a DTD an XML document cannot
  declare entities, so there is no entity expansion ("billion laughs") and no
  external entity or DTD to fetch (local files, URLs). BattleScribe files never
  carry a DTD.
* **Only encodings where that check is exact:** UTF-8 (with or without a BOM),
  US-ASCII and ISO-8859-1. UTF-16 (with a BOM, or starting ``<`` and a NUL,
  as Windows tools write rosters) is re-encoded to UTF-8 first, so the check
  runs on UTF-8. Any other NUL byte (UTF-32, binary data) or declared encoding
  is refused, because ``<!DOCTYPE`` could then hide behind other bytes.
* **Regular files only:** every file is read through
  :func:`ost.core.fileio.read_regular`: FIFOs, devices (``/dev/zero``) and
  sockets are refused by kind from ``stat()`` (a FIFO is never opened for
  reading, so nothing blocks), symlink loops and unreadable paths get their
  own words, and the bytes are counted up to the limit.
* **Size limits:** a plain file above :attr:`Limits.max_file_bytes` is refused
  from its size on disk, before being read. Zip archives are refused above
  :attr:`Limits.max_members` members; each member is refused when its declared
  size, or the bytes actually produced while decompressing, pass
  :attr:`Limits.max_member_bytes` (reading stops at that point, so a "zip bomb"
  never fills memory), or when its compression ratio passes
  :attr:`Limits.max_ratio`. The member table itself is bounded (count and
  size, read from the archive's end record) before Python's ``zipfile`` builds
  anything from it. Encrypted members are refused.
* **Member names:** where names matter (BattleScribe data), empty names,
  absolute paths, drive letters and ``..`` are refused; where they do not (the
  one file of a ``.rosz``), any name is accepted and only shown, cut short.

Why not ``defusedxml``: it swaps in the pure-Python ``XMLParser``, measured
25–30 % slower on the BattleScribe sample, and the importers must stay within
a few times the raw parse. Refusing any DTD up front is stricter than
defusedxml's defaults and lets the C parser run unchanged. The hostile-file
tests in ``tests/formats/test_safexml.py`` hold both properties.

API: :func:`read_file` (the guarded read of one file), :func:`parse_xml_bytes`
(bytes you already hold), :func:`parse_xml_file`, :func:`open_zip` (a checked
archive in memory), :func:`read_zip_bytes` and :func:`read_zip_members` (its
members), :func:`read_single_member` (a ``.rosz``), and :func:`read_documents`
(a path that is XML or a zip of XML; the usual entry point). Every problem
raises :class:`XmlInputError`, whose message names the file (and the zip
member) and says what is wrong, in French and English.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from xml.etree.ElementTree import Element, ParseError, XMLParser

import msgspec

from ost.core.fileio import InputFileError, read_regular
from ost.core.fileio import megabytes as _megabytes

__all__ = [
    "DEFAULT_LIMITS",
    "Limits",
    "SafeZip",
    "XmlDocument",
    "XmlInputError",
    "check_xml_bytes",
    "is_utf16_xml",
    "is_zip",
    "is_zip_data",
    "open_zip",
    "parse_xml_bytes",
    "parse_xml_file",
    "read_documents",
    "read_file",
    "read_single_member",
    "read_zip_bytes",
    "read_zip_members",
    "utf16_encoding",
]

MiB = 1024 * 1024


class Limits(msgspec.Struct, frozen=True):
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


class XmlInputError(InputFileError):
    """An input file Ost refuses or cannot read; the message names the file and the problem.

    ``path`` is the file (``archive.catz:member.cat`` for a zip member);
    ``message_fr`` and ``message_en`` are the detail without the file name.
    ``str(error)`` is the English line; :meth:`message` picks a language.
    """


class XmlDocument(msgspec.Struct, frozen=True):
    """One parsed document: where it came from, its raw size and its root element."""

    name: str
    root: Element
    size: int


def check_xml_bytes(data: bytes, name: str) -> None:
    """Refuse what the C parser must never see: DTDs, entity declarations, exotic encodings (UTF-8 ``data``).

    :func:`parse_xml_bytes` runs it on every document; a caller that parses only the start of one checks that.
    """
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


_UTF16_BOMS = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
_UTF16_NAMES = frozenset({"utf-16", "utf16", "utf-16le", "utf-16be", "utf-16-le", "utf-16-be", "ucs-2", "unicode"})
_XML_DECLARATION_TEXT = re.compile(r"^\ufeff?(\s*<\?xml\s[^>]*?)\bencoding\s*=\s*[\"'][^\"']*[\"']")


def utf16_encoding(data: bytes) -> str | None:
    """``"utf-16-le"``/``"utf-16-be"`` when ``data`` looks like UTF-16 XML (a BOM, or ``<`` with a NUL), else None.

    UTF-32 (``FF FE 00 00``) is not UTF-16: it gets None and is refused later.
    """
    if data.startswith(b"\xff\xfe\x00\x00"):
        return None
    for bom, encoding in _UTF16_BOMS:
        if data.startswith(bom):
            return encoding
    if len(data) >= 4 and data[0:2] == b"<\x00" and data[2] != 0 and data[3] == 0:
        return "utf-16-le"
    if len(data) >= 4 and data[0:2] == b"\x00<" and data[2] == 0 and data[3] != 0:
        return "utf-16-be"
    return None


def _without_bom(data: bytes) -> bytes:
    return data[2:] if data[:2] in (bom for bom, _ in _UTF16_BOMS) else data


def is_utf16_xml(data: bytes) -> bool:
    """True when ``data`` is UTF-16 text (with a BOM or not) whose first character, after spaces, is ``<``."""
    encoding = utf16_encoding(data)
    if encoding is None:
        return False
    return _without_bom(data)[:400].decode(encoding, "ignore").lstrip().startswith("<")


def _from_utf16(data: bytes, encoding: str, name: str) -> bytes:
    """UTF-16 XML re-encoded as UTF-8 (its declaration saying so), so the safety checks stay exact."""
    body = _without_bom(data)
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        raise XmlInputError(
            name,
            f"UTF-16 text that cannot be decoded (byte {exc.start + len(data) - len(body)})",
            f"texte UTF-16 indécodable (octet {exc.start + len(data) - len(body)})",
        ) from None
    declared = _XML_DECLARATION_TEXT.match(text)
    if declared is not None:
        # harden: the bytes say UTF-16, the declaration another encoding (UTF-7...): the file contradicts itself
        named = declared.group(0).rsplit("=", 1)[1].strip().strip("\"'").lower()
        if named not in _UTF16_NAMES | _ALLOWED_ENCODINGS:
            shown = named if len(named) <= 30 else named[:27] + "..."
            raise XmlInputError(
                name,
                f"is UTF-16 but declares the encoding {shown!r}; Ost does not guess which one is right",
                f"est en UTF-16 mais déclare l'encodage {shown!r} ; Ost ne devine pas lequel est le bon",
            )
    text = _XML_DECLARATION_TEXT.sub(lambda m: m.group(1) + 'encoding="UTF-8"', text, count=1)
    return text.encode("utf-8")


def parse_xml_bytes(data: bytes, name: str | Path) -> Element:
    """Parse ``data`` (the content of ``name``) after the safety checks; returns the root element.

    UTF-16 documents (with a BOM, or starting ``<`` and a NUL byte) are read
    by re-encoding them to UTF-8 first; the checks then run on the UTF-8 text.
    """
    shown = str(name)
    encoding = utf16_encoding(data)
    if encoding is not None:
        data = _from_utf16(data, encoding, shown)
    check_xml_bytes(data, shown)
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
    except (RecursionError, MemoryError) as exc:
        raise XmlInputError(
            shown, f"XML too deep or too large to read ({type(exc).__name__})", "XML trop profond ou trop gros"
        ) from None
    return root


def read_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``), or :class:`XmlInputError`.

    The one guarded way Ost reads an input file: see :func:`ost.core.fileio.read_regular`
    (FIFOs, devices and sockets are refused by kind without being opened for
    reading; symlink loops and unreadable paths get a message).
    """
    try:
        return read_regular(path, limit)
    except XmlInputError:
        raise
    except InputFileError as exc:
        raise XmlInputError(exc.path, exc.message_en, exc.message_fr, kind=exc.kind) from None


def parse_xml_file(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> XmlDocument:
    """Read and parse one plain XML file within ``limits``."""
    file = Path(path)
    data = read_file(file, limits.max_file_bytes)
    return XmlDocument(str(file), parse_xml_bytes(data, file), len(data))


_ZIP_MAGIC = b"PK\x03\x04"


def is_zip_data(data: bytes) -> bool:
    """True when ``data`` starts like a zip archive."""
    return data[:4] == _ZIP_MAGIC


def is_zip(path: str | Path) -> bool:
    """True when ``path`` is a regular file that starts like a zip archive (whatever its name)."""
    try:
        return is_zip_data(read_file(path, MiB * 1024)[:4]) if Path(path).is_file() else False
    except (XmlInputError, OSError):
        return False


def _shown_member(name: str) -> str:
    """A member name fit for a message: never empty, never very long."""
    if not name:
        return "(no name)"
    return name if len(name) <= 80 else name[:77] + "..."


def _member_problem(name: str) -> tuple[str, str] | None:
    """Why a member name is refused where names matter: (english, french), or None when it is fine."""
    if not name:
        return "a member has an empty name", "un élément n'a pas de nom"
    if "\x00" in name:
        return "a member name holds a NUL byte", "un nom d'élément contient un octet nul"
    posix = name.replace("\\", "/")
    if posix.startswith("/") or re.match(r"^[A-Za-z]:", posix) or ".." in PurePosixPath(posix).parts:
        return (
            "unsafe member name (absolute path, drive or '..')",
            "nom d'élément dangereux (chemin absolu, lecteur ou '..')",
        )
    return None


def _is_folder(info: zipfile.ZipInfo) -> bool:
    # ZipInfo.is_dir() fails on an empty name (it reads filename[-1]).
    return info.filename.endswith(("/", "\\"))


class SafeZip:
    """A zip archive held in memory, checked as a whole before any member is decompressed.

    Build it with :func:`open_zip`. ``files`` are the members that are files
    (folders skipped), in archive order; :meth:`read` decompresses one of them
    in chunks and stops at the first limit passed. With ``strict_names``
    (BattleScribe data), an empty, absolute or ``..`` member name refuses the
    whole archive; without (a roster, whose member name is never used), any
    name is accepted and only shown.
    """

    def __init__(self, archive: zipfile.ZipFile, name: str, limits: Limits, files: list[zipfile.ZipInfo]) -> None:
        self._archive = archive
        self.name = name
        self.limits = limits
        self.files = files
        self._total = 0

    def where(self, info: zipfile.ZipInfo) -> str:
        return f"{self.name}:{_shown_member(info.filename)}"

    def read(self, info: zipfile.ZipInfo) -> bytes:
        """The decompressed bytes of ``info``, within the member and archive limits."""
        if info.flag_bits & 0x1:
            raise XmlInputError(self.where(info), "the member is encrypted", "l'élément est chiffré")
        _check_declared(self.where(info), info, self.limits)
        budget = self.limits.max_total_bytes - self._total
        data = _read_member(self._archive, info, self.where(info), self.limits, budget)
        self._total += len(data)
        return data

    def close(self) -> None:
        self._archive.close()

    def __enter__(self) -> SafeZip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_zip(data: bytes, name: str | Path, limits: Limits = DEFAULT_LIMITS, *, strict_names: bool = True) -> SafeZip:
    """Check the zip archive ``data`` (the content of ``name``) and open it; :class:`XmlInputError` if refused.

    The archive's size, its table of members (count and size, read from the
    end record before ``zipfile`` builds anything), member names and declared
    sizes and ratios are all checked here.
    """
    shown = str(name)
    if len(data) > limits.max_zip_bytes:
        raise XmlInputError(
            shown,
            f"the archive is too large ({_megabytes(len(data))}; the limit is {_megabytes(limits.max_zip_bytes)})",
            f"archive trop grosse ({_megabytes(len(data))} ; la limite est {_megabytes(limits.max_zip_bytes)})",
        )
    _check_directory(data, shown, limits)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except Exception as exc:  # zipfile raises many types on damaged tables; all mean the same
        detail = str(exc)[:100] or type(exc).__name__
        raise XmlInputError(shown, f"not a valid zip archive ({detail})", f"archive zip illisible ({detail})") from None
    try:
        infos = archive.infolist()
        if len(infos) > limits.max_members:
            raise XmlInputError(
                shown,
                f"the zip lists {len(infos)} members; the limit is {limits.max_members}",
                f"le zip contient {len(infos)} éléments ; la limite est {limits.max_members}",
            )
        files: list[zipfile.ZipInfo] = []
        for info in infos:
            problem = _member_problem(info.filename) if strict_names else None
            if problem is not None:
                raise XmlInputError(f"{shown}:{_shown_member(info.filename)}", *problem)
            if not _is_folder(info):
                files.append(info)
    except BaseException:
        archive.close()
        raise
    return SafeZip(archive, shown, limits, files)


def read_single_member(
    data: bytes, name: str | Path, limits: Limits = DEFAULT_LIMITS, *, strict_names: bool = False
) -> tuple[str, bytes]:
    """The name and bytes of the one file in the zip ``data`` (a ``.rosz``), within ``limits``.

    Folders and macOS ``__MACOSX/`` metadata are skipped; no file, or a second
    one, is refused. The member's name is only shown (never used as a path),
    so any name is accepted unless ``strict_names``.
    """
    with open_zip(data, name, limits, strict_names=strict_names) as archive:
        files = [i for i in archive.files if not i.filename.startswith("__MACOSX/")]
        if not files:
            raise XmlInputError(
                str(name),
                "the archive is empty; one file is expected",
                "l'archive est vide ; un fichier est attendu",
            )
        if len(files) > 1:
            names = ", ".join(_shown_member(i.filename)[:40] for i in files[:4])
            raise XmlInputError(
                str(name),
                f"the archive holds {len(files)} files ({names}); only one is expected",
                f"l'archive contient {len(files)} fichiers ({names}) ; un seul est attendu",
            )
        return files[0].filename, archive.read(files[0])


def read_zip_bytes(
    data: bytes,
    name: str | Path,
    limits: Limits = DEFAULT_LIMITS,
    suffixes: tuple[str, ...] | None = None,
) -> Iterator[tuple[str, bytes]]:
    """Yield ``(member name, content)`` for the files of the zip ``data``, within ``limits``.

    Only members whose lower-cased name ends with one of ``suffixes`` are read
    (all files when ``None``). The whole archive is checked (member count,
    names, declared sizes and ratios) before the first member is decompressed;
    each member is then decompressed in chunks and abandoned as soon as it
    passes its limit.
    """
    with open_zip(data, name, limits) as archive:
        wanted = [i for i in archive.files if suffixes is None or i.filename.lower().endswith(suffixes)]
        for info in wanted:
            if info.flag_bits & 0x1:
                raise XmlInputError(archive.where(info), "the member is encrypted", "l'élément est chiffré")
            _check_declared(archive.where(info), info, limits)
        for info in wanted:
            yield info.filename, archive.read(info)


def read_zip_members(
    path: str | Path,
    limits: Limits = DEFAULT_LIMITS,
    suffixes: tuple[str, ...] | None = None,
) -> Iterator[tuple[str, bytes]]:
    """:func:`read_zip_bytes` on the regular file ``path`` (read whole, within ``limits.max_zip_bytes``)."""
    data = read_file(path, limits.max_zip_bytes)
    yield from read_zip_bytes(data, path, limits, suffixes)


_END_OF_DIRECTORY = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_END = b"PK\x06\x06"


def _check_directory(data: bytes, name: str, limits: Limits) -> None:
    """Refuse a zip whose table of members is too big, before ``zipfile`` builds an object per entry.

    The end record gives the number of entries and the table's size; both are
    checked (the table's size also bounds a table that lies about its count).
    A zip without a readable end record is left to ``zipfile`` to refuse.
    """
    base = max(0, len(data) - (65535 + 22))
    tail = data[base:]
    end = tail.rfind(_END_OF_DIRECTORY)
    if end < 0 or len(tail) - end < 22:
        return
    entries = int.from_bytes(tail[end + 10 : end + 12], "little")
    directory = int.from_bytes(tail[end + 12 : end + 16], "little")
    locator = end - 20
    zip64 = entries == 0xFFFF or directory == 0xFFFFFFFF
    if zip64 and locator >= 0 and tail[locator : locator + 4] == _ZIP64_LOCATOR:
        offset = int.from_bytes(tail[locator + 8 : locator + 16], "little")
        record = data[offset : offset + 56]
        if record[:4] == _ZIP64_END and len(record) == 56:
            entries = int.from_bytes(record[32:40], "little")
            directory = int.from_bytes(record[40:48], "little")
    if entries > limits.max_members:
        raise XmlInputError(
            name,
            f"the zip lists {entries} members; the limit is {limits.max_members}",
            f"le zip contient {entries} éléments ; la limite est {limits.max_members}",
        )
    if directory > limits.max_directory_bytes:
        raise XmlInputError(
            name,
            f"the zip's table of members is {_megabytes(directory)}; the limit is "
            f"{_megabytes(limits.max_directory_bytes)}",
            f"la table des éléments du zip fait {_megabytes(directory)} ; la limite est "
            f"{_megabytes(limits.max_directory_bytes)}",
        )


def _check_declared(where: str, info: zipfile.ZipInfo, limits: Limits) -> None:
    if info.file_size > limits.max_member_bytes:
        raise XmlInputError(
            where,
            f"is larger than {_megabytes(limits.max_member_bytes)} once unpacked "
            f"(it declares {_megabytes(info.file_size)})",
            f"dépasse {_megabytes(limits.max_member_bytes)} une fois décompressé "
            f"(il annonce {_megabytes(info.file_size)})",
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
                        f"is larger than {_megabytes(limit)} once unpacked; reading stopped",
                        f"dépasse {_megabytes(limit)} une fois décompressé ; lecture arrêtée",
                    )
                if size > limits.ratio_floor and size > limits.max_ratio * max(1, info.compress_size):
                    raise XmlInputError(
                        where,
                        f"decompresses more than {limits.max_ratio:.0f} times its compressed size; reading stopped",
                        f"se décompresse plus de {limits.max_ratio:.0f} fois sa taille compressée ; lecture arrêtée",
                    )
                chunks.append(chunk)
    except XmlInputError:
        raise
    except Exception as exc:  # zlib, bz2, lzma and zipfile each raise their own types on bad data
        detail = str(exc)[:100] or type(exc).__name__
        raise XmlInputError(where, f"damaged zip member ({detail})", f"élément de zip endommagé ({detail})") from None
    return b"".join(chunks)


def read_documents(
    path: str | Path,
    limits: Limits = DEFAULT_LIMITS,
    member_suffixes: tuple[str, ...] | None = None,
) -> Iterator[XmlDocument]:
    """The XML documents of ``path``: itself when it is XML, its members when it is a zip.

    The file is read once, through the guarded reader; a zip is recognised by
    its content, not its name. ``member_suffixes`` selects zip members by
    name ending (e.g. ``(".cat", ".gst")``).
    """
    file = Path(path)
    data = read_file(file, max(limits.max_file_bytes, limits.max_zip_bytes))
    yield from documents_of(data, file, limits, member_suffixes)


def documents_of(
    data: bytes,
    file: Path,
    limits: Limits = DEFAULT_LIMITS,
    member_suffixes: tuple[str, ...] | None = None,
) -> Iterator[XmlDocument]:
    """The XML documents of the bytes ``data`` of ``file``, read by :func:`read_file` (see :func:`read_documents`).

    For a caller that needs the bytes themselves too (the BattleScribe import
    hashes the very bytes it parses).
    """
    if is_zip_data(data):
        for member, content in read_zip_bytes(data, file, limits, member_suffixes):
            name = f"{file}:{_shown_member(member)}"
            yield XmlDocument(name, parse_xml_bytes(content, name), len(content))
        return
    if len(data) > limits.max_file_bytes:
        raise XmlInputError(
            file,
            f"the file is too large ({_megabytes(len(data))}; the limit is {_megabytes(limits.max_file_bytes)})",
            f"fichier trop gros ({_megabytes(len(data))} ; la limite est {_megabytes(limits.max_file_bytes)})",
        )
    yield XmlDocument(str(file), parse_xml_bytes(data, file), len(data))
