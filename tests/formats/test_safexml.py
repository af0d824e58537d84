"""Safe XML and zip reading: hostile inputs are refused quickly, in little memory, with a clear message."""

from __future__ import annotations

import zipfile
import zlib
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile import GIB, MIB, bounded, raw_zip, zero_stream
from ost.formats.safexml import (
    Limits,
    XmlInputError,
    _read_member,
    parse_xml_bytes,
    parse_xml_file,
    read_documents,
    read_zip_members,
)

# --- plain XML ------------------------------------------------------------------------------------------------------

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="&lol9;"/>
"""


def test_plain_document_parses(tmp_path: Path) -> None:
    path = tmp_path / "ok.cat"
    path.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n<a x="&amp;&#233;"><b>t</b></a>')
    document = parse_xml_file(path)
    assert document.root.tag == "a"
    assert document.root.get("x") == "&é"
    assert document.name == str(path)


def test_billion_laughs_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lol.cat"
    path.write_bytes(BILLION_LAUGHS)
    with bounded(parsed=0), pytest.raises(XmlInputError, match="DTD") as info:
        parse_xml_file(path)
    assert str(path) in str(info.value)
    assert "DTD" in info.value.message("fr") and "refusée" in info.value.message("fr")


def test_external_entity_to_a_local_file_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret", encoding="utf-8")
    path = tmp_path / "xxe.cat"
    path.write_text(
        f'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file://{secret}">]><r>&x;</r>', encoding="utf-8"
    )
    with bounded(parsed=0), pytest.raises(XmlInputError, match="DTD") as info:
        parse_xml_file(path)
    assert "top secret" not in str(info.value)


def test_external_dtd_is_refused() -> None:
    with pytest.raises(XmlInputError, match="DTD"):
        parse_xml_bytes(b'<!DOCTYPE r SYSTEM "http://example.com/r.dtd"><r/>', "remote.cat")


def test_undeclared_entity_is_malformed() -> None:
    with pytest.raises(XmlInputError, match="undefined entity"):
        parse_xml_bytes(b"<r>&nope;</r>", "entity.cat")


@pytest.mark.parametrize(
    "data",
    [
        '<?xml version="1.0" encoding="UTF-16"?><r/>'.encode("utf-32"),
        b'<?xml version="1.0" encoding="EBCDIC-CP-US"?><r/>',
        b'<?xml version="1.0" encoding="utf-7"?><r/>',
    ],
)
def test_other_encodings_are_refused(data: bytes) -> None:
    with pytest.raises(XmlInputError, match=r"encoding|NUL"):
        parse_xml_bytes(data, "odd.cat")


def test_latin1_and_bom_are_accepted() -> None:
    assert parse_xml_bytes(b'<?xml version="1.0" encoding="ISO-8859-1"?><r>\xe9</r>', "l.cat").text == "é"
    assert parse_xml_bytes(b"\xef\xbb\xbf<r/>", "bom.cat").tag == "r"


def test_truncated_file_names_line_and_says_truncated(tmp_path: Path) -> None:
    path = tmp_path / "cut.cat"
    path.write_bytes(b'<?xml version="1.0"?>\n<catalogue id="x">\n  <entries>\n    <entry name="a')
    with bounded(), pytest.raises(XmlInputError) as info:
        parse_xml_file(path)
    message = str(info.value)
    assert message.startswith(str(path)) and "line" in message and "truncated" in message
    assert "tronqué" in info.value.message("fr")


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.gst"
    path.write_bytes(b"")
    with pytest.raises(XmlInputError, match="no element found"):
        parse_xml_file(path)


def test_too_large_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.cat"
    with path.open("wb") as handle:  # a sparse file: large on paper, nothing written
        handle.truncate(2 * GIB)
    with bounded(megabytes=1, parsed=0), pytest.raises(XmlInputError, match="larger than 64 MB"):
        parse_xml_file(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(XmlInputError, match="no such file"):
        parse_xml_file(tmp_path / "absent.cat")
    with pytest.raises(XmlInputError, match="folder"):
        parse_xml_file(tmp_path)


@given(st.binary(max_size=300))
def test_random_bytes_never_crash(data: bytes) -> None:
    with suppress(XmlInputError):
        parse_xml_bytes(data, "random.cat")


@given(st.text(max_size=200))
def test_random_text_in_an_element_never_crashes(text: str) -> None:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;")
    with suppress(XmlInputError):  # control characters are not XML
        parse_xml_bytes(f"<r>{escaped}</r>".encode(), "random.cat")


# --- zip archives --------------------------------------------------------------------------------------------------


def write_zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_zip_members_are_read(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "data.catz", {"Orks.cat": b"<catalogue/>", "readme.txt": b"hello"})
    assert list(read_zip_members(path, suffixes=(".cat",))) == [("Orks.cat", b"<catalogue/>")]
    documents = list(read_documents(path, member_suffixes=(".cat", ".gst")))
    assert [d.name for d in documents] == [f"{path}:Orks.cat"]
    assert documents[0].root.tag == "catalogue"


def test_zip_member_with_a_dtd_is_refused(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "lol.catz", {"lol.cat": BILLION_LAUGHS})
    with bounded(parsed=0), pytest.raises(XmlInputError, match="DTD") as info:
        list(read_documents(path))
    assert f"{path}:lol.cat" in str(info.value)


def test_zip_declaring_a_1_gib_member_is_refused_before_decompressing(tmp_path: Path) -> None:
    stream = zero_stream(GIB)
    path = tmp_path / "bomb.catz"
    path.write_bytes(raw_zip("bomb.cat", stream, declared_size=GIB))
    with bounded(decompressed=0, parsed=0), pytest.raises(XmlInputError, match=r"declares 1024 MB"):
        list(read_documents(path))


def test_zip_lying_about_a_1_gib_member_stops_early(tmp_path: Path) -> None:
    stream = zero_stream(GIB)
    path = tmp_path / "liar.catz"
    path.write_bytes(raw_zip("liar.cat", stream, declared_size=1000))
    with bounded(decompressed=MIB, parsed=0), pytest.raises(XmlInputError, match="damaged zip member"):
        list(read_documents(path))


def test_decompression_is_counted_whatever_the_header_says(tmp_path: Path) -> None:
    """Even if the archive reader trusted the stream, reading stops at the member limit."""
    path = tmp_path / "liar.catz"
    path.write_bytes(raw_zip("liar.cat", zero_stream(GIB), declared_size=2**32 - 1))
    limits = Limits(max_member_bytes=4 * MIB, max_ratio=10**9)
    with (
        zipfile.ZipFile(path) as archive,
        bounded(decompressed=4 * MIB + 256 * 1024),
        pytest.raises(XmlInputError, match=r"larger than 4 MB"),
    ):
        _read_member(archive, archive.infolist()[0], "liar.cat", limits, budget=10 * GIB)


def test_ratio_limit_while_decompressing(tmp_path: Path) -> None:
    """Reading stops once 50 times the compressed size came out: counted in bytes, not seconds."""
    path = tmp_path / "liar.catz"
    stream = zero_stream(GIB)
    path.write_bytes(raw_zip("liar.cat", stream, declared_size=2**32 - 1))
    limits = Limits(max_member_bytes=GIB, ratio_floor=MIB, max_ratio=50)
    with (
        zipfile.ZipFile(path) as archive,
        bounded(decompressed=50 * len(stream) + 256 * 1024),
        pytest.raises(XmlInputError, match="50 times"),
    ):
        _read_member(archive, archive.infolist()[0], "liar.cat", limits, budget=10 * GIB)


def test_highly_compressed_member_is_refused_by_ratio(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "zeros.catz", {"zeros.cat": b"<r>" + b" " * (8 * MIB) + b"</r>"})
    with bounded(megabytes=32, decompressed=0), pytest.raises(XmlInputError, match="compression ratio"):
        list(read_documents(path))


def test_total_budget_of_a_zip(tmp_path: Path) -> None:
    members = {f"m{i}.cat": bytes(range(256)) * 4096 for i in range(3)}  # 1 MiB each, barely compressible
    path = write_zip(tmp_path / "many.catz", members)
    with pytest.raises(XmlInputError, match=r"more than 2 MB in all"):
        list(read_zip_members(path, Limits(max_total_bytes=2 * MIB)))


def test_too_many_members(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "many.catz", {f"f{i}.cat": b"<r/>" for i in range(20)})
    with pytest.raises(XmlInputError, match="20 members"):
        list(read_zip_members(path, Limits(max_members=10)))


@pytest.mark.parametrize("name", ["../evil.cat", "/etc/evil.cat", "C:/evil.cat", "a/../../evil.cat", "..\\evil.cat"])
def test_path_tricks_are_refused(tmp_path: Path, name: str) -> None:
    path = tmp_path / "tricky.catz"
    path.write_bytes(raw_zip(name, zlib.compress(b"<r/>")[2:-4], declared_size=4, crc=zlib.crc32(b"<r/>")))
    with pytest.raises(XmlInputError, match="unsafe member name"):
        list(read_zip_members(path))


def test_damaged_and_fake_zips(tmp_path: Path) -> None:
    good = write_zip(tmp_path / "good.catz", {"a.cat": b"<r>" + b"x" * 5000 + b"</r>"}).read_bytes()
    damaged = tmp_path / "damaged.catz"
    damaged.write_bytes(good[:40] + b"\xff" * 30 + good[70:])
    with pytest.raises(XmlInputError, match=r"damaged zip member|not a valid zip"):
        list(read_documents(damaged))
    truncated = tmp_path / "truncated.catz"
    truncated.write_bytes(good[: len(good) // 2])
    with pytest.raises(XmlInputError, match="not a valid zip"):
        list(read_documents(truncated))


@given(st.binary(min_size=4, max_size=400))
def test_random_zip_bytes_never_crash(data: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.catz"
        path.write_bytes(b"PK\x03\x04" + data)
        with suppress(XmlInputError):
            list(read_documents(path))


def test_a_flood_of_members_is_refused_before_zipfile_reads_them(tmp_path: Path) -> None:
    path = tmp_path / "flood.catz"
    with zipfile.ZipFile(path, "w") as archive:
        for i in range(3000):
            archive.writestr(f"{i}.cat", b"")
    with bounded(megabytes=8), pytest.raises(XmlInputError, match="3000 members"):
        list(read_zip_members(path))
    # The same archive with an end record that lies about the count: the table's size still gives it away.
    data = bytearray(path.read_bytes())
    end = data.rfind(b"PK\x05\x06")
    data[end + 8 : end + 12] = (1).to_bytes(2, "little") * 2
    path.write_bytes(bytes(data))
    with bounded(megabytes=8), pytest.raises(XmlInputError, match="table of members"):
        list(read_zip_members(path, Limits(max_directory_bytes=64 * 1024)))
