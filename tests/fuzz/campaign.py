"""Ost's standing fuzz campaign: every reader, fed mutated real inputs, gives a result or its clear error.

The readers (see :func:`readers`): Ost list files, BattleScribe rosters
(``.ros``), zipped rosters (``.rosz``), pasted text, BattleScribe data,
catalogue YAML sources, list files in odd places (links, FIFOs, folders,
devices, names that are not UTF-8, relative paths; saved back through the
link with no temporary file left), and share codes when
``ost.core.sharecode`` exists. Inputs are made from the real
files in ``tests/data`` and ``examples/`` by:

* byte mutations: flips, insertions, deletions, duplicated and long repeated
  runs, truncations, splices of two inputs, and plain random bytes;
* structure-aware mutations: XML elements deleted, duplicated, nested deep,
  renamed, attributes set to edge values; JSON values swapped for other
  types, huge numbers, long strings, deep nesting; text lines repeated,
  padded with long runs of spaces, digits and brackets; zip members renamed
  (empty, ``..``, control characters), doubled, stored or damaged;
* round two: numbers past every bound (10^300, 2^31, 4,400 digits), lone
  surrogates, 1,600-character names, 80 unknown units in one paste, XML
  declaring unknown encodings or switching late, YAML values swapped for
  huge integers, surrogate escapes, tags, anchors and deep nesting.

A list a reader returns must save as UTF-8 and read back, and its reading
report must print through the terminal filter to a strict UTF-8 stream.

An outcome is ``ok`` (a result, which for list readers must also save and
load back), ``refused`` (the reader's clear error type), or ``crash`` (any
other exception: a bug). Inputs are generated from a seed, so any finding can
be replayed.

By hand (the figures in the README come from this)::

    nice python tests/fuzz/campaign.py -n 10000            # every reader, 10,000 inputs each
    python tests/fuzz/campaign.py -n 500 --readers text    # one reader

Each input runs in a worker process; one that does not answer within
``--hang-seconds`` (wall clock) is a hang (the worker is killed and
replaced). The report gives per reader the inputs, crashes, hangs, inputs
over one second and the slowest input, in CPU time of the worker (so other
programs running meanwhile do not inflate the figures). ``tests/fuzz/test_fuzz.py`` runs the same generator in CI at a
small size, bounding work instead of time.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import copy
import io
import json
import multiprocessing
import os
import random
import shutil
import struct
import sys
import tempfile
import time
import traceback
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
ROOT = TESTS.parent
for _path in (str(ROOT / "app"), str(TESTS)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from ost.cli.common import TerminalSafe  # noqa: E402
from ost.core import listfile  # noqa: E402
from ost.core.catalogue import Catalogue  # noqa: E402
from ost.core.listfile import ListFileError  # noqa: E402
from ost.formats.bsdata import read_bsdata  # noqa: E402
from ost.formats.lists.roster import read_roster  # noqa: E402
from ost.formats.lists.text import decode_text, read_text  # noqa: E402
from ost.formats.safexml import XmlInputError  # noqa: E402

#: Largest input the generator makes (bytes): big enough for long runs, small enough for 10,000 inputs.
MAX_INPUT = 256 * 1024
#: Most elements, JSON values or lines a structure-aware mutation builds before its input is cut to MAX_INPUT.
_MAX_NODES = 20_000

# --- the readers --------------------------------------------------------------------------------------------------


@dataclass
class Reader:
    """One reader under test: its seed inputs, how to run it, and the errors that count as clear refusals."""

    name: str
    kind: str  # "json", "xml", "zip", "text", "code": which structure-aware mutations apply
    seeds: Callable[[], list[bytes]]
    read: Callable[[bytes], object]
    clear: tuple[type[BaseException], ...]


_CATALOGUE: Catalogue | None = None


def catalogue() -> Catalogue:
    global _CATALOGUE  # one per process, built on first use (the worker builds its own)
    if _CATALOGUE is None:
        from readers_support import reader_catalogue

        _CATALOGUE = reader_catalogue()
    return _CATALOGUE


def _files(folder: Path, pattern: str) -> list[bytes]:
    return [path.read_bytes() for path in sorted(folder.glob(pattern))]


def _list_seeds() -> list[bytes]:
    return (
        _files(ROOT / "examples" / "legal", "*.ost")
        + _files(ROOT / "examples" / "illegal", "*.ost")[:8]
        + _files(TESTS / "data" / "lists", "*.ost")
    )


def _roster_seeds() -> list[bytes]:
    return _files(TESTS / "data" / "readers", "*.ros")


def _zip_seeds() -> list[bytes]:
    return [zip_members([("roster.ros", data)]) for data in _roster_seeds()]


def _text_seeds() -> list[bytes]:
    return _files(TESTS / "data" / "readers", "*.txt")


def _bsdata_seeds() -> list[bytes]:
    return _files(TESTS / "data" / "bsdata", "*")


def _checked_list(army: Any, report: Any = None) -> None:
    """A list a reader returns must be a valid Ost list: it saves (as UTF-8 bytes) and loads back.

    Its reading report must print to a strict terminal (any code point, lone surrogates included).
    """
    listfile.parse(listfile.dumps(army).encode("utf-8"), "fuzz.ost")
    if report is not None:
        terminal = TerminalSafe(io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict"))
        for lang in ("fr", "en"):
            for line in report.lines(lang):
                terminal.write(line + "\n")


def _read_listfile(data: bytes) -> object:
    army = listfile.parse(data, "fuzz.ost")
    _checked_list(army)
    return army


def _read_roster(data: bytes) -> object:
    army, report = read_roster(data, catalogue(), "fuzz.ros")
    _checked_list(army, report)
    return army


def _read_text(data: bytes) -> object:
    army, report = read_text(decode_text(data, "collé.txt"), catalogue(), "collé.txt")
    _checked_list(army, report)
    return army


_BSDATA_FOLDER: Path | None = None


def _read_bsdata(data: bytes) -> object:
    """The mutated file replaces one file of the small BattleScribe set (chosen by its size), read as a folder."""
    global _BSDATA_FOLDER  # one scratch folder per process
    if _BSDATA_FOLDER is None:
        _BSDATA_FOLDER = Path(tempfile.mkdtemp(prefix="ost-fuzz-bsdata-"))
    names = sorted(p.name for p in (TESTS / "data" / "bsdata").iterdir())
    victim = names[len(data) % len(names)]
    for name in names:
        source = TESTS / "data" / "bsdata" / name
        (_BSDATA_FOLDER / name).write_bytes(data if name == victim else source.read_bytes())
    return read_bsdata([_BSDATA_FOLDER])


def _sharecode_reader() -> Reader | None:
    """Share codes, when this Ost has them: ``ost.core.sharecode`` with ``encode(army, catalogue)`` and ``decode``."""
    try:
        from ost.core import sharecode  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return None

    def seeds() -> list[bytes]:
        codes = []
        for data in _list_seeds()[:6]:
            army = listfile.parse(data, "seed.ost")
            codes.append(str(sharecode.encode(army, catalogue())).encode("utf-8"))
        return codes

    def read(data: bytes) -> object:
        army = sharecode.decode(data, catalogue(), "fuzz")
        _checked_list(army)
        return army

    return Reader("sharecode", "code", seeds, read, (ListFileError,))


def _catalogue_seeds() -> list[bytes]:
    """The points bands, and the first datasheets of two faction files (small: many inputs stay quick)."""
    import yaml

    seeds = [(ROOT / "catalog" / "bands.yaml").read_bytes()]
    for name in ("necrons", "orks"):
        document = yaml.safe_load((ROOT / "catalog" / "factions" / f"{name}.yaml").read_text(encoding="utf-8"))
        document["datasheets"] = document["datasheets"][:3]
        seeds.append(yaml.safe_dump(document, allow_unicode=True, sort_keys=False).encode("utf-8"))
    return seeds


_SCRATCH: Path | None = None


def _scratch() -> Path:
    global _SCRATCH  # one scratch folder per process
    if _SCRATCH is None:
        _SCRATCH = Path(tempfile.mkdtemp(prefix="ost-fuzz-"))
    return _SCRATCH


def _read_catalogue_source(data: bytes) -> object:
    """An edited catalogue source file, read as Ost reads ``catalog/`` (bands or a faction)."""
    from ost.formats.catalog_source import read_bands, read_faction_file

    path = _scratch() / "source.yaml"
    path.write_bytes(data)
    return read_bands(path) if b"bands:" in data[:2000] else read_faction_file(path)


#: What a list file may be on disk (round two: files and places). The input's first byte picks one.
_PLACES = ("plain", "odd-name", "link", "dangling", "loop", "fifo", "folder", "device", "relative")


def _mutate_file(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    place = rng.randrange(len(_PLACES))
    return f"file-{_PLACES[place]}", bytes([place]) + data


def _read_list_file(data: bytes) -> object:
    """A list file in an odd place (a link, a FIFO, a folder...): read, then saved through a link, no temporary left."""
    from ost.formats.lists.listreader import read_list_file

    place = _PLACES[data[0] % len(_PLACES)] if data else "plain"
    body = data[1:]
    folder = Path(tempfile.mkdtemp(dir=_scratch()))
    try:
        path = folder / (os.fsdecode(b"liste\xff.ost") if place == "odd-name" else "liste.ost")
        target = folder / "cible.ost"
        if place in ("link", "dangling"):
            if place == "link":
                target.write_bytes(body)
            path.symlink_to(target)
        elif place == "loop":
            path.symlink_to(path)
        elif place == "fifo":
            os.mkfifo(path)
        elif place == "folder":
            path.mkdir()
        elif place == "device":
            path = Path("/dev/zero")
        else:
            path.write_bytes(body)
        named = Path(os.path.relpath(path)) if place == "relative" else path
        result = read_list_file(named, catalogue())
        _checked_list(result.army, result.reading)
        if place in ("plain", "odd-name", "link"):
            listfile.save(result.army, path)  # through the link: the link stays
            assert place != "link" or path.is_symlink()
            leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
            assert not leftovers, leftovers
        return result.army
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def readers() -> list[Reader]:
    from ost.formats.yamltext import SourceError

    found = [
        Reader("listfile", "json", _list_seeds, _read_listfile, (ListFileError,)),
        Reader("roster", "xml", _roster_seeds, _read_roster, (ListFileError,)),
        Reader("rosz", "zip", _zip_seeds, _read_roster, (ListFileError,)),
        Reader("text", "text", _text_seeds, _read_text, (ListFileError,)),
        Reader("bsdata", "xml", _bsdata_seeds, _read_bsdata, (XmlInputError,)),
        Reader("catalogue", "yaml", _catalogue_seeds, _read_catalogue_source, (SourceError,)),
        Reader("files", "file", lambda: _list_seeds()[:4], _read_list_file, (ListFileError,)),
    ]
    codes = _sharecode_reader()
    if codes is not None:
        found.append(codes)
    return found


#: The share-code hook: None until ``ost.core.sharecode`` is on the branch (then the campaign includes it).
SHARECODE_HOOK = _sharecode_reader

# --- zips written by hand (so member names can be anything) ------------------------------------------------------


def zip_members(members: list[tuple[str | bytes, bytes]], *, compress: bool = True) -> bytes:
    """A zip archive of ``members``, written by hand: names may be empty, hold ``..`` or control characters."""
    body = b""
    directory = b""
    for name, payload in members:
        raw_name = name.encode("utf-8", "surrogateescape") if isinstance(name, str) else name
        data = zlib.compress(payload)[2:-4] if compress else payload
        method = 8 if compress else 0
        crc = zlib.crc32(payload)
        header = struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 20, 0x800, method, 0, 0x21, crc, len(data), len(payload), len(raw_name), 0
        )
        central = struct.pack(
            "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0x800, method, 0, 0x21, crc, len(data), len(payload),
            len(raw_name), 0, 0, 0, 0, 0, len(body),
        )  # fmt: skip
        body += header + raw_name + data
        directory += central + raw_name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(directory), len(body), 0)
    return body + directory + end


# --- mutations ---------------------------------------------------------------------------------------------------

_EDGE_VALUES = [
    "", "-1", "0", "1e999", "-1e999", "NaN", "inf", "9" * 40, "3.5", " ", "\t", "<", "&", "\u202e", "\x1b[2J",
    "Warlord", "HQ", "pts", "points", "true", "::", "a::b::c", "x" * 5000, "é" * 300, "[", "(", "++",
    "1" + "0" * 300, "1e300", "2147483648", "1001", "100001", "9" * 4400, "B" * 1600,
]  # fmt: skip
#: XML declarations a file may start with (round two: unknown encodings, UTF-7, contradictions).
_DECLARATIONS = [
    b'<?xml version="1.0" encoding="x-unknown"?>', b'<?xml version="1.0" encoding="UTF-7"?>',
    b'<?xml version="1.0" encoding="utf-16"?>', b'<?xml version="1.0" encoding="ISO-8859-1"?>',
    b'<?xml version="1.0" encoding="utf 7"?>', b'<?xml version="1.0"\tencoding = \'ebcdic-cp-us\'?>',
]  # fmt: skip
_LONG_RUNS = [b" ", b"\t", b"0", b"9", b"[", b"(", b"+", b"-", b":", b"x", b"\xc3\xa9", b"<a>", b"\n"]
_TEXT_LINES = [
    "++ Battalion Detachment +5CP (Imperium - Adeptus Astartes) [60 PL, 1000pts] ++",
    "+ HQ +",
    "Captain [5 PL, 80pts]: Warlord",
    ". 5x Intercessor: 5x Bolt rifle",
    "Boyz x20 (170 pts)",
    "Warboss" + " " * 200 + "80 pts",
    "x" + " " * 2000 + "1" + " " * 2000 + "pts",
    "1" * 3000,
    "[" * 2000 + "]" * 2000,
    "(" * 1000 + "pts",
    "Total: 1000pts",
    "\u202e\x1b]0;x\x07",
    "99999999999999x Boyz",
    "9999x Boyz",
    "Limite : 2147483648 points",
    "Boyz (99999999999999999999 pts)",
    "B" * 1600 + " (50 pts)",
    "\n".join(f"Unknown Unit Number {i} (50 pts)" for i in range(80)),
]


def _mutate_bytes(rng: random.Random, data: bytes, pool: list[bytes]) -> tuple[str, bytes]:
    out = bytearray(data)
    op = rng.choice(["flip", "insert", "delete", "duplicate", "run", "truncate", "splice", "random", "many"])
    if op == "flip" and out:
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    elif op == "insert":
        at = rng.randint(0, len(out))
        out[at:at] = rng.randbytes(rng.randint(1, 16))
    elif op == "delete" and out:
        at = rng.randrange(len(out))
        del out[at : at + rng.randint(1, 256)]
    elif op == "duplicate" and out:
        at = rng.randrange(len(out))
        out[at:at] = out[at : at + rng.randint(1, 4096)]
    elif op == "run":
        at = rng.randint(0, len(out))
        out[at:at] = rng.choice(_LONG_RUNS) * rng.choice([10, 100, 1000, 10_000, 50_000])
    elif op == "truncate":
        out = out[: rng.randint(0, len(out))]
    elif op == "splice":
        other = rng.choice(pool)
        out = out[: rng.randint(0, len(out))] + other[rng.randint(0, len(other)) :]
    elif op == "random":
        out = bytearray(rng.randbytes(rng.choice([0, 1, 4, 16, 256, 4096])))
    else:
        for _ in range(rng.randint(2, 20)):
            if out:
                at = rng.randrange(len(out))
                out[at] = rng.randrange(256)
    return op, bytes(out[:MAX_INPUT])


def _mutate_xml(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return "xml-unparsed", data
    elements = list(root.iter())
    parents = {child: parent for parent in elements for child in parent}
    ops = []
    for _ in range(rng.randint(1, 6)):
        op = rng.choice(["delete", "duplicate", "attribute", "rename", "nest", "text", "namespace", "strip"])
        ops.append(op)
        target = rng.choice(elements)
        parent = parents.get(target)
        if op == "delete" and parent is not None:
            parent.remove(target)
            elements = list(root.iter())
            parents = {child: p for p in elements for child in p}
        elif op == "duplicate" and parent is not None:
            copies = rng.choice([1, 2, 10, 50])
            if len(elements) + copies * sum(1 for _ in target.iter()) > _MAX_NODES:
                continue  # inputs stay within MAX_INPUT-ish sizes: no exponential growth
            for _ in range(copies):
                parent.append(copy.deepcopy(target))
            elements = list(root.iter())
            parents = {child: p for p in elements for child in p}
        elif op == "attribute":
            key = rng.choice([*target.attrib.keys(), "name", "number", "value", "type", "id", "entryId", "primary"])
            target.set(key, rng.choice(_EDGE_VALUES))
        elif op == "rename":
            target.tag = rng.choice(elements).tag
        elif op == "nest":
            if len(elements) > _MAX_NODES:
                continue
            inner = ElementTree.Element(target.tag, dict(target.attrib))
            for _ in range(rng.choice([5, 50, 200])):
                wrapper = ElementTree.Element(target.tag, dict(target.attrib))
                wrapper.append(inner)
                inner = wrapper
            target.append(inner)
            elements = list(root.iter())
            parents = {child: p for p in elements for child in p}
        elif op == "text":
            target.text = rng.choice(_EDGE_VALUES)
        elif op == "namespace":
            target.tag = target.tag.split("}", 1)[-1]
        elif op == "strip":
            target.attrib.clear()
    return "xml-" + "+".join(ops), ElementTree.tostring(root)[:MAX_INPUT]


_JSON_EDGES: list[Any] = [
    None, True, False, 0, -1, 1e308, -1e308, 10**40, 2**63, 0.5, "", " ", "x" * 10_000, "\x00\x1b", "\u202e",
    [], {}, [None] * 100, {"": None}, "captain", "u1", 3, 1000,
    10**300, 2**31, 1001, 100_001, "\ud800", "a\udc80b", "B" * 1600,
]  # fmt: skip


def _json_nodes(document: Any, max_depth: int = 40) -> list[tuple[Any, Any]]:
    """Every (container, key) of ``document`` down to ``max_depth``, without recursion."""
    found: list[tuple[Any, Any]] = []
    stack: list[tuple[Any, int]] = [(document, 0)]
    while stack:
        node, depth = stack.pop()
        if depth >= max_depth:
            continue
        keys = list(node) if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else []
        for key in keys:
            found.append((node, key))
            stack.append((node[key], depth + 1))
    return found


def _mutate_json(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    try:
        document = json.loads(data)
    except ValueError:
        return "json-unparsed", data
    ops = []
    for _ in range(rng.randint(1, 5)):
        nodes = _json_nodes(document)
        if not nodes:
            break
        container, key = rng.choice(nodes)
        op = rng.choice(["replace", "delete", "duplicate", "nest", "unknown-key"])
        ops.append(op)
        if op == "replace":
            container[key] = copy.deepcopy(rng.choice(_JSON_EDGES))  # a copy: later ops must not change the edges
        elif op == "delete":
            del container[key]
        elif op == "duplicate" and isinstance(container, list) and len(nodes) < _MAX_NODES // 50:
            with contextlib.suppress(RecursionError):  # a value nested thousands deep by an earlier op: left as is
                container.extend(copy.deepcopy(container[key]) for _ in range(rng.choice([1, 5, 50])))
        elif op == "nest":
            value: Any = container[key]
            for _ in range(rng.choice([10, 100, 2000])):
                value = [value]
            container[key] = value
        elif op == "unknown-key" and isinstance(container, dict):
            container[rng.choice(["zz", "", "schema_version", "id"])] = copy.deepcopy(rng.choice(_JSON_EDGES))
    try:
        text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
    except (ValueError, RecursionError):
        return "json-unserialisable", data
    try:
        encoded = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: JSON writes it as "\\udXXX", as a list file would
        encoded = json.dumps(document, ensure_ascii=True).encode("ascii")
    return "json-" + "+".join(ops), encoded[:MAX_INPUT]


def _mutate_text(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    lines = data.decode("utf-8", "replace").splitlines()
    ops = []
    for _ in range(rng.randint(1, 6)):
        op = rng.choice(["adversarial", "duplicate", "delete", "shuffle", "pad", "digits"])
        ops.append(op)
        at = rng.randint(0, len(lines))
        if op == "adversarial":
            lines.insert(at, rng.choice(_TEXT_LINES))
        elif op == "duplicate" and lines and len(lines) < _MAX_NODES // 200:
            lines[at:at] = [lines[min(at, len(lines) - 1)]] * rng.choice([2, 10, 200])
        elif op == "delete" and lines:
            del lines[min(at, len(lines) - 1)]
        elif op == "shuffle":
            rng.shuffle(lines)
        elif op == "pad" and lines:
            index = min(at, len(lines) - 1)
            cut = rng.randint(0, len(lines[index]))
            lines[index] = (
                lines[index][:cut]
                + rng.choice([" ", "\t", "0", "["]) * rng.choice([50, 800, 5000])
                + lines[index][cut:]
            )
        elif op == "digits" and lines:
            index = min(at, len(lines) - 1)
            lines[index] = "".join(rng.choice("0123456789") if ch.isdigit() else ch for ch in lines[index])
    return "text-" + "+".join(ops), "\n".join(lines).encode("utf-8")[:MAX_INPUT]


_ODD_NAMES: list[str | bytes] = [
    "", "/", "../../evil.ros", "\x1b]0;x\x07.ros", "a" * 3000, "C:/r.ros", b"\xff\xfe", "d/",
]  # fmt: skip


def _mutate_zip(rng: random.Random, data: bytes, rosters: list[bytes]) -> tuple[str, bytes]:
    roster = rng.choice(rosters)
    op = rng.choice(["name", "two", "stored", "mutated-member", "macosx", "bytes"])
    if op == "name":
        return op, zip_members([(rng.choice(_ODD_NAMES), roster)])
    if op == "two":
        return op, zip_members([("a.ros", roster), (rng.choice(_ODD_NAMES), roster)])
    if op == "stored":
        return op, zip_members([("r.ros", roster)], compress=False)
    if op == "mutated-member":
        _, inner = _mutate_xml(rng, roster) if rng.random() < 0.5 else _mutate_bytes(rng, roster, rosters)
        return op, zip_members([(rng.choice(["r.ros", ""]), inner)])
    if op == "macosx":
        return op, zip_members([("__MACOSX/._r.ros", b"\x00\x05"), ("r.ros", roster)])
    label, mutated = _mutate_bytes(rng, data, [data])
    return f"zip-bytes-{label}", mutated


def _mutate_code(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A share code whose content is mutated, then packed again with a valid checksum (so decoding goes deep)."""
    text = data.decode("ascii", "replace").strip()
    prefix, _, rest = text.partition("-")
    body = rest.rsplit(".", 1)[0]
    try:
        document = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (ValueError, zlib.error):
        return "code-undecodable", data
    op = rng.choice(["json", "json", "bomb", "version", "garbage"])
    if op == "json":
        label, payload = _mutate_json(rng, document)
        op = f"code-{label}"
    elif op == "bomb":
        payload = b"[" + b" " * rng.choice([100_000, 5_000_000]) + b"]"  # the larger one passes the unpacked limit
    elif op == "version":
        prefix, payload = rng.choice(["OST2", "OST0", "OST99999999999999999999", "ost1", "OST"]), document
    else:
        payload = rng.randbytes(rng.choice([0, 10, 1000]))
    packed = base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode("ascii").rstrip("=")
    checksum = f"{zlib.crc32(packed.encode('ascii')) & 0xFFFFFFFF:08X}"
    return op if op.startswith("code-") else f"code-{op}", f"{prefix}-{packed}.{checksum}".encode("ascii")


def _mutate_encoding(rng: random.Random, data: bytes, label: str) -> tuple[str, bytes]:
    """The document with an odd declaration first, a late one, or wide bytes contradicting it."""
    _, mark, rest = data.partition(b"?>")
    body = rest if mark and data.lstrip().startswith(b"<?xml") else data
    op = rng.choice(["declared", "late", "wide"])
    if op == "declared":
        return f"{label}+enc-declared", rng.choice(_DECLARATIONS) + body
    if op == "late":
        at = body.find(b">") + 1
        return f"{label}+enc-late", body[:at] + rng.choice(_DECLARATIONS) + body[at:]
    wide = rng.choice(_DECLARATIONS) + body
    return f"{label}+enc-wide", wide.decode("utf-8", "replace").encode("utf-16")[:MAX_INPUT]


_YAML_EDGES = [
    "9" * 20, "9" * 4400, "2147483648", "1001", "-1", "1e400", ".nan", '"\\ud800"', '"a\\udc80b"',
    "!!python/object:os.system", "&a [1]", "*a", "[" * 100 + "]" * 100, "{" * 70 + "}" * 70, "B" * 1600, "~", "''",
]  # fmt: skip


def _mutate_yaml(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A catalogue source with values swapped for huge integers, surrogate escapes, tags, anchors, deep nesting."""
    lines = data.decode("utf-8", "replace").splitlines()
    ops = []
    for _ in range(rng.randint(1, 4)):
        candidates = [i for i, line in enumerate(lines) if ": " in line and not line.lstrip().startswith("#")]
        if not candidates:
            break
        index = rng.choice(candidates)
        op = rng.choice(["value", "value", "duplicate", "delete", "indent"])
        ops.append(op)
        if op == "value":
            key = lines[index].split(": ", 1)[0]
            lines[index] = f"{key}: {rng.choice(_YAML_EDGES)}"
        elif op == "duplicate":
            lines.insert(index, lines[index])
        elif op == "delete":
            del lines[index]
        else:
            lines[index] = " " * rng.choice([1, 3, 40]) + lines[index]
    return "yaml-" + "+".join(ops), "\n".join(lines).encode("utf-8")[:MAX_INPUT]


def inputs(reader: Reader, count: int, seed: int = 0) -> Iterator[tuple[str, bytes]]:
    """``count`` inputs for ``reader`` (label, bytes), the same for the same seed."""
    rng = random.Random(seed * 1_000_003 + zlib.crc32(reader.name.encode()))
    seeds = reader.seeds()
    rosters = _roster_seeds() if reader.kind == "zip" else []
    for index in range(count):
        base = rng.choice(seeds)
        structured = rng.random() < 0.5
        if index < len(seeds):
            label, data = "seed", base
        elif structured and reader.kind == "xml":
            label, data = _mutate_xml(rng, base)
        elif structured and reader.kind == "json":
            label, data = _mutate_json(rng, base)
        elif structured and reader.kind == "text":
            label, data = _mutate_text(rng, base)
        elif structured and reader.kind == "zip":
            label, data = _mutate_zip(rng, base, rosters)
        elif structured and reader.kind == "code":
            label, data = _mutate_code(rng, base)
        elif structured and reader.kind == "yaml":
            label, data = _mutate_yaml(rng, base)
        elif reader.kind == "file":
            label, data = _mutate_file(rng, base)
        else:
            label, data = _mutate_bytes(rng, base, seeds)
        if reader.kind == "xml" and rng.random() < 0.1:  # round two: encodings declared or switched late
            label, data = _mutate_encoding(rng, data, label)
        if rng.random() < 0.1:  # a second round now and then
            more, data = _mutate_bytes(rng, data, seeds)
            label += f",{more}"
        yield f"{reader.name}#{index}:{label}", data


# --- running -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    kind: str  # "ok", "refused", "crash", "hang"
    detail: str = ""


def run_one(reader: Reader, data: bytes) -> Outcome:
    """Run one input: its result, its clear refusal, or a crash (any other exception, with its traceback)."""
    try:
        reader.read(data)
    except reader.clear as exc:
        message = str(exc)
        if not message or len(message) > 2000:
            return Outcome("crash", f"unclear message ({len(message)} characters): {message[:200]!r}")
        return Outcome("refused", message[:200])
    except Exception:  # a bug: the reader let another exception out
        return Outcome("crash", traceback.format_exc(limit=8))
    return Outcome("ok")


def counted(run: Callable[[], Any]) -> tuple[Any, int]:
    """Run ``run`` and count the function calls it makes (Python and built-in): work, measured without a clock."""
    calls = 0

    def profile(_frame: Any, event: str, _arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        result = run()
    finally:
        sys.setprofile(previous)
    return result, calls


@dataclass
class Figures:
    reader: str
    inputs: int = 0
    ok: int = 0
    refused: int = 0
    crashes: list[tuple[str, str]] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    over_one_second: int = 0
    slowest: float = 0.0
    slowest_input: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.reader:10} {self.inputs:7} inputs  {self.ok:6} read  {self.refused:6} refused  "
            f"{len(self.crashes):3} crashes  {len(self.hangs):3} hangs  {self.over_one_second:3} over 1 s  "
            f"slowest {self.slowest * 1000:7.1f} ms ({self.slowest_input})"
        )


def _worker(connection: Any) -> None:
    """Runs inputs sent by the campaign, answering (outcome kind, detail, CPU seconds)."""
    by_name = {reader.name: reader for reader in readers()}
    catalogue()
    while True:
        message = connection.recv()
        if message is None:
            return
        name, data = message
        start = time.process_time()  # CPU time: what the input costs, whatever else runs on the machine
        outcome = run_one(by_name[name], data)
        connection.send((outcome.kind, outcome.detail, time.process_time() - start))


class Pool:
    """One worker process; an input that does not answer within ``hang_seconds`` is a hang (the worker is replaced)."""

    def __init__(self, hang_seconds: float) -> None:
        self.hang_seconds = hang_seconds
        self._context = multiprocessing.get_context("spawn")
        self._start()

    def _start(self) -> None:
        self.connection, child = self._context.Pipe()
        self.process = self._context.Process(target=_worker, args=(child,), daemon=True)
        self.process.start()

    def run(self, name: str, data: bytes) -> tuple[Outcome, float]:
        self.connection.send((name, data))
        if not self.connection.poll(self.hang_seconds):
            self.process.kill()
            self.process.join()
            self._start()
            return Outcome("hang"), self.hang_seconds
        kind, detail, seconds = self.connection.recv()
        return Outcome(kind, detail), seconds

    def close(self) -> None:
        self.connection.send(None)
        self.process.join(5)


def campaign(count: int, seed: int, names: list[str] | None, hang_seconds: float, save: Path | None) -> list[Figures]:
    pool = Pool(hang_seconds)
    results: list[Figures] = []
    try:
        for reader in readers():
            if names and reader.name not in names:
                continue
            figures = Figures(reader.name)
            started = time.perf_counter()
            for label, data in inputs(reader, count, seed):
                outcome, seconds = pool.run(reader.name, data)
                figures.inputs += 1
                if seconds > figures.slowest:
                    figures.slowest, figures.slowest_input = seconds, f"{label} ({len(data)} bytes)"
                figures.over_one_second += seconds > 1.0
                if outcome.kind == "ok":
                    figures.ok += 1
                elif outcome.kind == "refused":
                    figures.refused += 1
                elif outcome.kind == "hang":
                    figures.hangs.append(label)
                else:
                    figures.crashes.append((label, outcome.detail))
                if save is not None and outcome.kind in ("crash", "hang"):
                    save.mkdir(parents=True, exist_ok=True)
                    (save / f"{label.split(':', 1)[0].replace('#', '-')}.bin").write_bytes(data)
            figures.seconds = time.perf_counter() - started
            results.append(figures)
            print(figures.line(), flush=True)
    finally:
        pool.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("-n", type=int, default=int(os.environ.get("OST_FUZZ_N", "10000")), help="inputs per reader")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("OST_FUZZ_SEED", "0")))
    parser.add_argument("--readers", help="comma-separated reader names (default: all)")
    parser.add_argument("--hang-seconds", type=float, default=10.0, help="an input running longer is a hang")
    parser.add_argument("--save", type=Path, help="folder where crashing and hanging inputs are written")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    names = args.readers.split(",") if args.readers else None
    available = [reader.name for reader in readers()]
    print(f"readers: {', '.join(available)}" + ("" if "sharecode" in available else " (no ost.core.sharecode yet)"))
    results = campaign(args.n, args.seed, names, args.hang_seconds, args.save)
    total = sum(f.inputs for f in results)
    crashes = sum(len(f.crashes) for f in results)
    hangs = sum(len(f.hangs) for f in results)
    slow = sum(f.over_one_second for f in results)
    slowest = max(results, key=lambda f: f.slowest)
    print(
        f"total: {total} inputs, {crashes} crashes, {hangs} hangs, {slow} over 1 s; "
        f"slowest {slowest.slowest * 1000:.1f} ms ({slowest.slowest_input})"
    )
    for figures in results:
        for label, detail in figures.crashes[:5]:
            print(f"\nCRASH {label}\n{detail}")
        for label in figures.hangs[:5]:
            print(f"\nHANG {label}")
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                [
                    {
                        "reader": f.reader,
                        "inputs": f.inputs,
                        "ok": f.ok,
                        "refused": f.refused,
                        "crashes": len(f.crashes),
                        "hangs": len(f.hangs),
                        "over_one_second": f.over_one_second,
                        "slowest_ms": round(f.slowest * 1000, 1),
                        "slowest_input": f.slowest_input,
                        "seconds": round(f.seconds, 1),
                    }
                    for f in results
                ],
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
