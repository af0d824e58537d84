"""Share codes: an army list as one line of text (``OST1-…``) to paste in a message or print as a QR code.

A code is ``OST1-`` + the list, compacted, compressed and base64url-encoded,
+ ``.`` + a checksum (CRC-32 of the encoded part, 8 hex digits). The list is
its ``.ost`` document with default values left out and each unit's snapshot
cut to its name, role and points when the encoding catalogue knows the
datasheet (the reading catalogue fills the rest back in); a unit whose
datasheet the catalogue lacks keeps its whole snapshot, so a code stays
readable anywhere.

Decoding refuses anything damaged with a message in French and English: a
wrong prefix, a newer version, a checksum that does not match (a character
lost or changed in copying), data that does not decompress or is not a list.
Decompression is bounded, so a forged code cannot make Ost unpack gigabytes.
Spaces and line breaks in a pasted code are ignored.

Pure Python on the standard library and the core models: the PDF layer may
import it to print the code.
"""

from __future__ import annotations

import binascii
import json
import re
import zlib
from typing import Any

from ost.core.armylist import SCHEMA_VERSION, ArmyList, snapshot_of
from ost.core.catalogue import Catalogue
from ost.core.listfile import ListFileError, check_references, migrate, scrub_document, scrub_text, validation_error
from ost.core.model import ValidationError

#: Version prefix of the codes this Ost writes.
PREFIX = "OST1-"
#: Longest code Ost reads (a 4,000-point list is a few kilobytes).
MAX_CODE_CHARS = 256 * 1024
#: Most bytes a code may unpack to.
MAX_JSON_BYTES = 4 * 1024 * 1024

_VERSION = re.compile(r"^OST(\d+)-", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_BODY = re.compile(r"[A-Za-z0-9_-]+")
_SNAPSHOT_KEPT = ("name", "role", "points")


class ShareCodeError(ListFileError):
    """A text that is not a readable share code; ``str()`` gives the reason in French and English."""

    def __init__(self, source: str | None, fr: str, en: str) -> None:
        self.message_fr = fr
        self.message_en = en
        super().__init__(source, f"{fr} / {en}")

    def message(self, lang: str) -> str:
        return self.message_fr if lang == "fr" else self.message_en

    def reason(self, lang: str) -> str:
        return self.message(lang)


def looks_like_code(text: str | bytes) -> bool:
    """Whether ``text`` starts like a share code (of any version), spaces aside."""
    if isinstance(text, bytes):
        text = text[:64].decode("ascii", "replace")
    return _VERSION.match(text.lstrip()[:16]) is not None


def _compact(army: ArmyList, catalogue: Catalogue | None) -> dict[str, Any]:
    document = army.model_dump(mode="json", exclude_defaults=True)
    document["schema_version"] = SCHEMA_VERSION
    for detachment in document.get("detachments", []):
        for unit in detachment.get("units", []):
            if catalogue is not None and unit["datasheet"] in catalogue:
                unit["snapshot"] = {k: v for k, v in unit["snapshot"].items() if k in _SNAPSHOT_KEPT}
    return document


def encode(army: ArmyList, catalogue: Catalogue | None = None) -> str:
    """The share code of ``army``; with ``catalogue``, snapshots of the datasheets it knows are left out."""
    text = json.dumps(_compact(army, catalogue), ensure_ascii=False, separators=(",", ":"))
    data = scrub_text(text)[0].encode("utf-8")  # harden: a lone surrogate becomes U+FFFD, as in a saved list
    import base64  # here: every list read sniffs for a code (:func:`looks_like_code`), few are codes

    body = base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")
    return f"{PREFIX}{body}.{_checksum(body)}"


def _checksum(body: str) -> str:
    return f"{zlib.crc32(body.encode('ascii')) & 0xFFFFFFFF:08X}"


def decode(
    code: str | bytes,
    catalogue: Catalogue | None = None,
    source: str | None = None,
    *,
    read_version: list[int] | None = None,
) -> ArmyList:
    """The list a share code holds; raises :class:`ShareCodeError` for anything damaged.

    Snapshots the code left out are filled from ``catalogue`` when it knows
    the datasheet (else the unit keeps the name, role and points the code gave).
    ``read_version`` (when given) receives the list schema version the code was
    written with, as :func:`ost.core.listfile.parse_noted` gives a file's: a code
    of an earlier Ost is mended as its list file would be.
    """
    if isinstance(code, bytes):
        if len(code) > MAX_CODE_CHARS * 4:
            raise _too_long(source)
        code = code.decode("utf-8", "replace")
    if len(code) > MAX_CODE_CHARS * 4:
        raise _too_long(source)
    text = _SPACES.sub("", code)
    if len(text) > MAX_CODE_CHARS:
        raise _too_long(source)
    version = _VERSION.match(text)
    if version is None:
        raise ShareCodeError(
            source,
            f"ce n'est pas un code de partage Ost (il commence par {PREFIX})",
            f"not an Ost share code (one starts with {PREFIX})",
        )
    number = version.group(1)
    if number.lstrip("0") != PREFIX[3:-1]:  # harden (fuzz): compared as text, a 10,000-digit version is no int()
        shown = number if len(number) <= 12 else number[:9] + "..."
        raise ShareCodeError(
            source,
            f"code de partage d'une autre version d'Ost (OST{shown}) : mettez Ost à jour pour le lire",
            f"share code of another Ost version (OST{shown}): update Ost to read it",
        )
    body, dot, check = text[version.end() :].rpartition(".")
    if not dot or not body:
        raise _damaged(source, "la somme de contrôle manque", "its checksum is missing")
    if _BODY.fullmatch(body) is None:
        raise _damaged(
            source,
            "il contient des caractères qu'un code n'a pas (seuls A–Z, a–z, 0–9, - et _)",
            "it holds characters a code never has (only A–Z, a–z, 0–9, - and _)",
        )
    if check.upper() != _checksum(body):
        raise _damaged(
            source,
            "la somme de contrôle ne correspond pas (un caractère perdu ou changé en le copiant ?)",
            "its checksum does not match (a character lost or changed in copying?)",
        )
    import base64

    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, MAX_JSON_BYTES)
        if unpacker.unconsumed_tail:
            raise _damaged(source, "il se décompresse en trop de données", "it unpacks to too much data")
        if not unpacker.eof:
            raise zlib.error("truncated")
        document = json.loads(data.decode("utf-8"))
    except ShareCodeError:
        raise
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, RecursionError):
        raise _damaged(source, "ses données ne se décompressent pas", "its data does not unpack") from None
    return _army_of(document, catalogue, source, read_version)


def _army_of(
    document: object, catalogue: Catalogue | None, source: str | None, read_version: list[int] | None = None
) -> ArmyList:
    if not isinstance(document, dict):
        raise _damaged(source, "il ne contient pas de liste", "it holds no list")
    try:
        written = document.get("schema_version")
        document = migrate(scrub_document(document)[0], source)
        if read_version is not None and isinstance(written, int):  # (migrate refused a bool or a newer one)
            read_version.append(written)
        for detachment in document.get("detachments", []):
            for unit in detachment.get("units", []):
                _fill_snapshot(unit, catalogue)
        army = ArmyList.model_validate(document)
        check_references(army, source)
    except ShareCodeError:
        raise
    except ListFileError as exc:
        raise _damaged(source, f"la liste est invalide ({exc.detail})", f"the list is invalid ({exc.detail})") from None
    except ValidationError as exc:  # harden: say which field and which bound, not only "ValidationError"
        error = validation_error(exc, None)
        raise _damaged(
            source, f"la liste est invalide ({error.reason('fr')})", f"the list is invalid ({error.reason('en')})"
        ) from None
    except (TypeError, AttributeError, KeyError) as exc:
        detail = type(exc).__name__
        raise _damaged(source, f"la liste est invalide ({detail})", f"the list is invalid ({detail})") from None
    return army


def _fill_snapshot(unit: dict[str, Any], catalogue: Catalogue | None) -> None:
    snapshot = unit.get("snapshot")
    sheet = (
        catalogue.get(unit["datasheet"]) if catalogue is not None and isinstance(unit.get("datasheet"), str) else None
    )
    if sheet is not None and isinstance(snapshot, dict) and set(snapshot) <= set(_SNAPSHOT_KEPT):
        unit["snapshot"] = snapshot_of(sheet).model_dump(mode="json")


def _damaged(source: str | None, fr: str, en: str) -> ShareCodeError:
    return ShareCodeError(source, f"code de partage abîmé : {fr}", f"damaged share code: {en}")


def _too_long(source: str | None) -> ShareCodeError:
    return ShareCodeError(
        source,
        f"texte trop long pour un code de partage (plus de {MAX_CODE_CHARS // 1024} Kio)",
        f"text too long for a share code (over {MAX_CODE_CHARS // 1024} KiB)",
    )
