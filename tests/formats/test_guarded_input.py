"""The one guarded file and zip reader: only regular files, clear words for everything else.

Every reader (list files, rosters, BattleScribe data) goes through
:func:`ost.core.fileio.read_regular` and :mod:`ost.formats.safexml`, so these
cases are checked once per entry point rather than once per format.
"""

from __future__ import annotations

import os
import socket
import stat
import struct
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import run_cli as run
from ost.core import listfile
from ost.core.fileio import InputFileError, InputProblem, read_regular
from ost.core.listfile import ListFileError
from ost.formats import safexml
from ost.formats.bsdata import BsDataError, find_files, read_bsdata
from ost.formats.lists.listreader import read_list, read_list_file
from ost.formats.lists.reading import ListReadError
from ost.formats.safexml import XmlInputError, parse_xml_bytes, read_documents
from readers_support import reader_catalogue, sample, zipped

CAT = reader_catalogue()
POSIX = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and sockets are POSIX")


def one_member_zip(name: bytes, payload: bytes) -> bytes:
    """A stored (uncompressed) one-member zip written by hand, so the member's name can be anything, even empty."""
    crc = zlib.crc32(payload)
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0x21, crc, len(payload), len(payload), len(name), 0)
    central = struct.pack(
        "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 0, 0, 0x21, crc, len(payload), len(payload), len(name), 0, 0, 0,
        0, 0, 0,
    )  # fmt: skip
    body = local + name + payload
    directory = central + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(directory), len(body), 0)
    return body + directory + end


# --- zip member names --------------------------------------------------------------------------------------------


def test_rosz_with_an_empty_member_name_is_read(tmp_path: Path) -> None:
    data = one_member_zip(b"", sample("ultramarines.ros"))
    result = read_list(data, "empty-name.rosz", CAT)
    assert result.army.unit_count() == 4
    path = tmp_path / "empty-name.rosz"
    path.write_bytes(data)
    assert read_list_file(path, CAT).army.unit_count() == 4


@pytest.mark.parametrize("name", [b"", b"/", b"\\", b"a" * 2000, b"\x1b]0;x\x07.ros", b"\xff\xfe.ros", b"dir/"])
def test_odd_member_names_never_crash_the_roster_reader(name: bytes) -> None:
    data = one_member_zip(name, sample("ultramarines.ros"))
    message = ""
    try:
        units = read_list(data, "odd.rosz", CAT).army.unit_count()
    except ListReadError as exc:
        units, message = 0, str(exc)
    assert units == 4 or (message.startswith("odd.rosz: ") and len(message) < 300)


def test_bsdata_zip_with_an_empty_member_name_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "empty.catz"
    path.write_bytes(one_member_zip(b"", b"<catalogue/>"))
    with pytest.raises(XmlInputError, match="empty name") as info:
        list(read_documents(path, member_suffixes=None))
    assert "(no name)" in str(info.value)
    assert "pas de nom" in info.value.message("fr")


def test_ost_check_on_an_empty_member_name(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path) -> None:
    path = tmp_path / "empty.rosz"
    path.write_bytes(one_member_zip(b"", sample("ultramarines.ros")))
    code, out, err = run(capsys, "--lang", "en", "check", "--catalogue", str(mini_db), str(path))
    assert code in (0, 1) and "Traceback" not in out + err  # read and checked, not "unreadable"
    assert str(path) in out and "unreadable" not in out


# --- kinds of files ---------------------------------------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[tuple[Path, threading.Thread]]:
    """A FIFO with a writer waiting on it: a reader that opens it gets ``<r/>`` instead of an error.

    So a reader that wrongly opens the FIFO fails the test (it reads a
    document) instead of hanging it. Afterwards the writer is released.
    """
    path = tmp_path / "pipe.ros"
    os.mkfifo(path)

    def writer() -> None:
        with open(path, "wb") as handle:  # blocks until someone opens the FIFO for reading
            handle.write(b"<r/>")

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    yield path, thread
    if thread.is_alive():  # nobody opened it: release the writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        thread.join()
        os.close(fd)


@POSIX
def test_fifo_is_refused_by_every_reader(fifo: tuple[Path, threading.Thread]) -> None:
    path, writer = fifo
    with pytest.raises(InputFileError, match="named pipe"):
        read_regular(path, 1000)
    with pytest.raises(XmlInputError, match="named pipe"):
        list(read_documents(path))
    with pytest.raises(ListFileError, match="named pipe"):
        listfile.load(path)
    with pytest.raises(ListReadError, match="named pipe"):
        read_list_file(path, CAT)
    with pytest.raises(XmlInputError, match="named pipe"):
        read_bsdata([path])
    assert writer.is_alive()  # nobody ever opened the FIFO for reading


@POSIX
def test_fifo_given_to_ost_import_bsdata(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fifo: tuple[Path, threading.Thread]
) -> None:
    path, _ = fifo
    code, _, err = run(capsys, "--db", str(tmp_path / "c.sqlite"), "--lang", "en", "import", "bsdata", str(path))
    assert code == 2 and "named pipe" in err and "Traceback" not in err


@POSIX
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_a_device_not_a_changing_file() -> None:
    for read in (lambda: list(read_documents("/dev/zero")), lambda: listfile.load("/dev/zero")):
        with pytest.raises((XmlInputError, ListFileError)) as info:
            read()
        assert "device" in str(info.value) and "changed" not in str(info.value)
    with pytest.raises(XmlInputError) as xml_info:
        list(read_documents("/dev/zero"))
    assert "périphérique" in xml_info.value.message("fr")


@POSIX
def test_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.ost"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        assert stat.S_ISSOCK(path.stat().st_mode)
        with pytest.raises(ListFileError, match="socket"):
            listfile.load(path)


@POSIX
def test_symlink_loop_is_refused_with_words(tmp_path: Path) -> None:
    a, b = tmp_path / "a.cat", tmp_path / "b.cat"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(XmlInputError, match="symbolic link loop"):
        list(read_documents(a))
    with pytest.raises(ListFileError, match="symbolic link loop"):
        listfile.load(a)
    with pytest.raises(BsDataError, match="symbolic link loop"):
        find_files([a])


@POSIX
def test_symlink_loop_given_to_ost_import_bsdata(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    loop = tmp_path / "loop.cat"
    loop.symlink_to(loop)
    code, _, err = run(capsys, "--db", str(tmp_path / "c.sqlite"), "--lang", "en", "import", "bsdata", str(loop))
    assert code == 2 and "symbolic link loop" in err and "Traceback" not in err
    # A folder holding a loop among real files: the loop is not a data file, the rest imports.
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "self.cat").symlink_to(folder / "self.cat")
    (folder / "sub").symlink_to(folder)  # a folder cycle
    assert find_files([folder]) == []


@POSIX
@pytest.mark.skipif(os.name == "posix" and os.geteuid() == 0, reason="root reads everything")
def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.ost"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    with pytest.raises(ListFileError, match="permission denied"):
        listfile.load(path)


@POSIX
def test_unreachable_paths_have_plain_words(tmp_path: Path) -> None:
    afile = tmp_path / "liste.ost"
    afile.write_text("{}", encoding="utf-8")
    with pytest.raises(ListFileError, match="not a folder"):
        listfile.load(afile / "inside.ost")
    with pytest.raises(ListFileError, match="too long"):
        listfile.load(tmp_path / ("x" * 5000 + ".ost"))
    with pytest.raises(InputFileError, match="not a valid path"):
        read_regular("bad\x00name.ost", 100)


def test_missing_file_has_plain_words(tmp_path: Path) -> None:
    with pytest.raises(XmlInputError, match="no such file") as info:
        list(read_documents(tmp_path / "absent.cat"))
    assert "introuvable" in info.value.message("fr")


def test_reading_counts_bytes_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.ost"
    path.write_bytes(b"x" * 5000)
    assert len(read_regular(path, 5000)) == 5000
    with pytest.raises(InputFileError, match="larger than"):
        read_regular(path, 4999)


def test_each_problem_has_its_kind(tmp_path: Path) -> None:
    """Callers tell problems apart by ``kind``, never by the English words (which may change)."""
    big = tmp_path / "big.ost"
    big.write_bytes(b"x" * 50)
    cases = {
        InputProblem.MISSING: tmp_path / "absent.ost",
        InputProblem.FOLDER: tmp_path,
        InputProblem.TOO_LARGE: big,
        InputProblem.BAD_PATH: tmp_path / ("x" * 5000 + ".ost"),
    }
    for kind, path in cases.items():
        with pytest.raises(InputFileError) as info:
            read_regular(path, 10)
        assert info.value.kind is kind, path
    with pytest.raises(XmlInputError) as xml_info:  # the XML reader keeps the kind it was given
        list(read_documents(tmp_path / "absent.cat"))
    assert xml_info.value.kind is InputProblem.MISSING
    with pytest.raises(InputFileError) as bad:
        read_regular("bad\x00name.ost", 100)
    assert bad.value.kind is InputProblem.BAD_PATH


def test_callers_answer_a_kind_not_a_wording(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder given as a list file and a too-large catalogue source get their own words, found by kind."""
    from ost.formats import yamltext
    from ost.formats.yamltext import SourceError

    with pytest.raises(ListFileError, match="is a folder, not a list file"):
        listfile.load(tmp_path)
    source = tmp_path / "units.yaml"
    source.write_text("a: 1\n" * 10, encoding="utf-8")
    monkeypatch.setattr(yamltext, "MAX_SOURCE_BYTES", 10)
    with pytest.raises(SourceError, match="too large for a catalogue source"):
        yamltext.load_yaml(source)

    # The same words from another kind of problem are not taken for it.
    def worded_like_a_limit(path: Path, limit: int) -> bytes:
        raise InputFileError(path, "cannot read: larger than life", kind=InputProblem.UNREADABLE)

    monkeypatch.setattr(yamltext, "read_regular", worded_like_a_limit)
    with pytest.raises(SourceError, match="larger than life"):
        yamltext.load_yaml(source)


# --- UTF-16 rosters ---------------------------------------------------------------------------------------------


def _utf16(text: str, codec: str, bom: bool) -> bytes:
    data = text.encode(codec)
    return ({"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[codec] if bom else b"") + data


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("bom", [True, False])
def test_utf16_rosters_are_read(codec: str, bom: bool) -> None:
    text = sample("ultramarines.ros").decode("utf-8")
    if not text.lstrip().startswith("<?xml"):
        text = '<?xml version="1.0" encoding="UTF-16"?>\n' + text
    else:
        text = text.replace('encoding="UTF-8"', 'encoding="UTF-16"').replace("encoding='UTF-8'", "encoding='UTF-16'")
    data = _utf16(text, codec, bom)
    result = read_list(data, "windows.ros", CAT)
    assert result.army.unit_count() == 4
    assert read_list(zipped({"w.ros": data}), "windows.rosz", CAT).army.unit_count() == 4


def test_utf16_cannot_smuggle_a_dtd() -> None:
    data = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>'.encode("utf-16")
    with pytest.raises(XmlInputError, match="DTD"):
        parse_xml_bytes(data, "evil.ros")


@pytest.mark.parametrize(
    "data",
    [
        "<r/>".encode("utf-32"),
        b"\xff\xfe<\x00r\x00\x00\xd8/\x00>\x00",  # a lone surrogate
    ],
)
def test_other_wide_encodings_are_refused_with_words(data: bytes) -> None:
    with pytest.raises(XmlInputError, match=r"NUL|UTF-16"):
        parse_xml_bytes(data, "wide.ros")


def test_utf16_detection() -> None:
    assert safexml.utf16_encoding(b"\xff\xfe<\x00") == "utf-16-le"
    assert safexml.utf16_encoding(b"\xfe\xff\x00<") == "utf-16-be"
    assert safexml.utf16_encoding(b"<\x00?\x00") == "utf-16-le"
    assert safexml.utf16_encoding(b"\x00<\x00?") == "utf-16-be"
    assert safexml.utf16_encoding(b"\xff\xfe\x00\x00<\x00\x00\x00") is None  # UTF-32
    assert safexml.utf16_encoding(b"<?xml") is None


# --- BattleScribe namespaces ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "root",
    [
        '<gameSystem id="g" name="G"/>',
        '<gameSystem xmlns="http://example.invalid/other" id="g" name="G"/>',
        '<catalogue xmlns="http://www.battlescribe.net/schema/gameSystemSchema2" id="c" name="C"/>',
    ],
)
def test_game_system_without_the_battlescribe_namespace(tmp_path: Path, root: str) -> None:
    path = tmp_path / "odd.gst"
    path.write_text(root, encoding="utf-8")
    with pytest.raises(BsDataError) as info:
        read_bsdata([path])
    assert "namespace" in str(info.value) and "battlescribe.net/schema" in str(info.value)
    assert "espace de noms" in info.value.message("fr")


def test_a_catalogue_is_still_told_from_a_foreign_root(tmp_path: Path) -> None:
    path = tmp_path / "odd.cat"
    path.write_text("<roster/>", encoding="utf-8")
    with pytest.raises(BsDataError, match="root element <roster>"):
        read_bsdata([path])


def test_guarded_reader_is_the_only_way_rosters_unzip() -> None:
    """The roster reader keeps no private zip code: the shared reader handles its archives."""
    import importlib
    import inspect
    import pkgutil

    from ost.formats.lists import roster

    modules = [
        roster,
        *(importlib.import_module(m.name) for m in pkgutil.iter_modules(roster.__path__, "ost.formats.lists.roster.")),
    ]
    assert len(modules) > 1
    for module in modules:
        source = inspect.getsource(module)
        assert "zipfile" not in source and "ZipFile" not in source, module.__name__
