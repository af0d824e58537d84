"""Hostile input kept in bounds: the work and memory a block may use, and zips written by hand to lie.

Shared by the tests of every reader that opens XML or zips (safe XML, the
BattleScribe importer, rosters, the catalogue database's imports).
"""

from __future__ import annotations

import struct
import tracemalloc
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from unittest.mock import patch
from xml.etree.ElementTree import XMLParser

from ost.formats import safexml

GIB = 1024**3
MIB = 1024**2


@dataclass
class Work:
    """What a block did: bytes decompressed from zip members, bytes given to the XML parser, peak memory."""

    decompressed: int = 0
    parsed: int = 0
    peak: int = 0


@contextmanager
def bounded(megabytes: float = 64, decompressed: int = 64 * MIB, parsed: int = 64 * MIB) -> Iterator[Work]:
    """The block may allocate at most ``megabytes`` at its peak, decompress and parse at most so many bytes.

    Work is measured (bytes counted as the readers produce them), never the
    clock, so the bound holds on a loaded machine.
    """
    work = Work()
    real_read = zipfile.ZipExtFile.read

    def counting_read(self: zipfile.ZipExtFile, n: int = -1) -> bytes:
        chunk = real_read(self, n)
        work.decompressed += len(chunk)
        return chunk

    class CountingParser(XMLParser):
        def feed(self, data: bytes | str) -> None:
            work.parsed += len(data)
            super().feed(data)

    tracemalloc.start()
    try:
        with (
            patch.object(zipfile.ZipExtFile, "read", counting_read),
            patch.object(safexml, "XMLParser", CountingParser),
        ):
            yield work
    finally:
        _, work.peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert work.peak < megabytes * MIB, f"peak memory {work.peak / MIB:.1f} MB"
    assert work.decompressed <= decompressed, f"decompressed {work.decompressed / MIB:.1f} MB"
    assert work.parsed <= parsed, f"parsed {work.parsed} bytes"


def zero_stream(total: int, piece: int = MIB) -> bytes:
    """A raw deflate stream that inflates to ``total`` zero bytes, built in a few milliseconds.

    One piece is compressed after a full flush (so it needs no earlier history)
    and repeated; only ``piece`` bytes are ever compressed.
    """
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(b"\0" * piece) + compressor.flush(zlib.Z_FULL_FLUSH)
    tail = compressor.flush(zlib.Z_FINISH)
    return block * (total // piece) + tail


def raw_zip(name: str, payload: bytes, declared_size: int, crc: int = 0, method: int = 8) -> bytes:
    """A one-member zip written by hand, so the header can say anything."""
    encoded = name.encode()
    local = struct.pack(
        "<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(payload), declared_size, len(encoded), 0
    )
    central = struct.pack(
        "<IHHHHHHIIIHHHHHII",
        0x02014B50,
        20,
        20,
        0,
        method,
        0,
        0x21,
        crc,
        len(payload),
        declared_size,
        len(encoded),
        0,
        0,
        0,
        0,
        0,
        0,
    )
    body = local + encoded + payload
    directory = central + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(directory), len(body), 0)
    return body + directory + end
