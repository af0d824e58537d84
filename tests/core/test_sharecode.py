"""Share codes: list → code → list, damaged codes refused with a clear message, codes read like files."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_properties import MINI, PROFILE, army_lists

from helpers import ListBuilder, mini_catalogue, run_cli
from ost.core import listfile, sharecode
from ost.core.armylist import ArmyList, ListOrigin, StatedOption
from ost.core.catalogue import WeaponProfile
from ost.core.sharecode import ShareCodeError
from ost.formats.lists.listreader import detect_format, read_list
from ost.store import CatalogueStore


@st.composite
def priced_lists(draw: st.DrawFn) -> ArmyList:
    """Random lists with what rosters add: stated prices, options the catalogue lacks, compositions, origin."""
    army = draw(army_lists())
    for _, unit in army.units():
        if draw(st.booleans()):
            unit.stated_points = draw(st.integers(0, 2000))
        if draw(st.integers(0, 3)) == 0:
            unit.extra_options = [
                StatedOption(
                    name=draw(st.text(min_size=1, max_size=12)),
                    count=draw(st.integers(0, 5)),
                    points=draw(st.integers(0, 100)),
                    weapons=[WeaponProfile(name="Lame", ap="-2")] if draw(st.booleans()) else [],
                )
            ]
        sheet = MINI.get(unit.datasheet)
        if sheet is not None and draw(st.booleans()):
            unit.composition = sheet.default_composition(unit.models)
        unit.custom_name = draw(st.one_of(st.none(), st.text(max_size=10)))
        unit.notes = draw(st.text(max_size=20))
    if draw(st.booleans()):
        army.stated_total = draw(st.integers(0, 5000))
        army.origin = ListOrigin(format="ros", data="Warhammer 40,000 9th Edition", revision="250")
    return army


@PROFILE
@given(priced_lists(), st.booleans())
def test_list_to_code_to_list(army: ArmyList, with_catalogue: bool) -> None:
    catalogue = MINI if with_catalogue else None
    code = sharecode.encode(army, catalogue)
    assert code.startswith(sharecode.PREFIX) and code.isascii() and not any(c.isspace() for c in code)
    assert sharecode.decode(code, catalogue) == army
    # Pasted with line breaks and spaces, it still reads.
    broken = "\n  ".join(code[i : i + 60] for i in range(0, len(code), 60))
    assert sharecode.decode(f"  {broken}\n", catalogue) == army


@PROFILE
@given(priced_lists(), st.data())
def test_any_changed_character_is_refused(army: ArmyList, data: st.DataObject) -> None:
    code = sharecode.encode(army, MINI)
    index = data.draw(st.integers(len(sharecode.PREFIX), len(code) - 1))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."
    replacement = data.draw(st.sampled_from([c for c in alphabet if c != code[index]]))
    damaged = code[:index] + replacement + code[index + 1 :]
    if damaged.upper() == code.upper() and index > code.rindex("."):
        return  # the checksum's hex digits are read in either case
    with pytest.raises(ShareCodeError) as info:
        sharecode.decode(damaged, MINI)
    assert "code de partage abîmé" in str(info.value) and "damaged share code" in str(info.value)


@PROFILE
@given(st.text(max_size=200))
def test_random_text_is_refused_cleanly(text: str) -> None:
    with pytest.raises(ShareCodeError):
        sharecode.decode(text)
    with pytest.raises(ShareCodeError):
        sharecode.decode("OST1-" + text)


def test_compact_and_the_catalogue_fills_snapshots_back() -> None:
    mini = mini_catalogue()
    b = ListBuilder(mini, limit=2000, name="Compagnie")
    for sheet in ("captain", "intercessors", "tactical", "rhino", "predator", "dreadnought") * 3:
        b.add(sheet)
    full = sharecode.encode(b.army)
    short = sharecode.encode(b.army, mini)
    assert len(short) < len(full) < len(listfile.dumps(b.army))
    assert len(short) < 600  # a QR code of this fits in two centimetres
    back = sharecode.decode(short, mini)
    assert back == b.army
    # Without the catalogue, the units keep the name, role and points the code gave.
    bare = sharecode.decode(short)
    unit = bare.detachments[0].units[0]
    assert (unit.snapshot.name, unit.snapshot.role.value, unit.snapshot.points) == ("Capitaine", "hq", 80)
    assert unit.snapshot.keywords == []


@pytest.mark.parametrize(
    ("code", "fr", "en"),
    [
        ("bonjour", "ce n'est pas un code de partage Ost", "not an Ost share code"),
        ("OST2-abc.00000000", "d'une autre version d'Ost (OST2)", "another Ost version (OST2)"),
        ("OST1-abcdef", "la somme de contrôle manque", "its checksum is missing"),
        ("OST1-abcdef.12345678", "la somme de contrôle ne correspond pas", "its checksum does not match"),
        ("OST1-" + "A" * (sharecode.MAX_CODE_CHARS + 1), "trop long", "too long"),
    ],
)
def test_damaged_codes_say_why_in_both_languages(code: str, fr: str, en: str) -> None:
    with pytest.raises(ShareCodeError) as info:
        sharecode.decode(code, source="collé")
    error = info.value
    assert fr in error.message("fr") and en in error.message("en")
    assert str(error).startswith("collé: ") and fr in str(error) and en in str(error)
    assert isinstance(error, listfile.ListFileError)


def _forged(payload: bytes) -> str:
    body = base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")
    return f"OST1-{body}.{zlib.crc32(body.encode('ascii')) & 0xFFFFFFFF:08X}"


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"not zlib at all", "does not unpack"),
        (zlib.compress(b'{"schema_version": 3, "detachments": 5}'), "the list is invalid"),
        (zlib.compress(b"[1, 2, 3]"), "it holds no list"),
        (zlib.compress(b'{"schema_version": 99}'), "the list is invalid"),
        (zlib.compress(b"{")[:-3], "does not unpack"),
        (zlib.compress(b"\xff\xfe"), "does not unpack"),
    ],
)
def test_forged_codes_with_a_right_checksum_are_refused(payload: bytes, why: str) -> None:
    with pytest.raises(ShareCodeError, match=why):
        sharecode.decode(_forged(payload))


def test_a_code_that_unpacks_to_too_much_stops_at_the_limit() -> None:
    bomb = zlib.compress(b"{" + b" " * (sharecode.MAX_JSON_BYTES + 10), 9)
    assert len(bomb) < 10_000
    with pytest.raises(ShareCodeError, match="too much data"):
        sharecode.decode(_forged(bomb))


# --- codes where lists are read --------------------------------------------------------------


def test_codes_are_a_list_format() -> None:
    mini = mini_catalogue()
    b = ListBuilder(mini, name="Partagée")
    b.add("captain", warlord=True)
    code = sharecode.encode(b.army, mini)
    assert detect_format(code.encode()) == "share"
    assert detect_format(b"\xef\xbb\xbf \n" + code.encode()) == "share"
    result = read_list(f"{code}\n".encode(), "code.txt", mini)
    assert result.army == b.army and result.reading.format == "share"
    assert [m.datasheet_id for m in result.reading.matched] == ["captain"]
    assert result.reading.summary("fr") == "Lecture (code de partage Ost) : 1 unité(s) reconnue(s)"
    with pytest.raises(listfile.ListFileError, match=r"^code\.txt: code de partage abîmé"):
        read_list(b"OST1-xyz.00000000", "code.txt", mini)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "mini.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(mini_catalogue())
    return path


def test_share_check_and_convert_from_the_command_line(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    mini = mini_catalogue()
    b = ListBuilder(mini, name="Ligne de commande")
    b.add("captain", warlord=True)
    b.add("intercessors")
    b.add("tactical")
    source = tmp_path / "liste.ost"
    listfile.save(b.army, source)
    code, out, err = run_cli(capsys, "share", "--catalogue", str(db), str(source))
    assert code == 0 and out.startswith("OST1-") and out.count("\n") == 1 and "caractères" in err
    share = out.strip()
    # ost check reads the code given in place of a file (codes are longer than a file name may be).
    code, out, _ = run_cli(capsys, "check", "--catalogue", str(db), share + "A" * 300)
    assert code == 2 and "code de partage abîmé" in out and "damaged" not in out
    code, out, _ = run_cli(capsys, "--lang", "en", "check", "--catalogue", str(db), share + "A" * 300)
    assert code == 2 and "damaged share code" in out and "abîmé" not in out
    code, out, _ = run_cli(capsys, "check", "--catalogue", str(db), share)
    assert code == 0 and "« Ligne de commande » : RÉGLEMENTAIRE" in out
    assert out.startswith(share[:24] + "… — ") and share not in out  # the code is cut in the title
    # ... and in a file.
    pasted = tmp_path / "code.txt"
    pasted.write_text(share + "\n", encoding="utf-8")
    target = tmp_path / "back.ost"
    code, out, _ = run_cli(capsys, "convert", "--catalogue", str(db), str(pasted), "-o", str(target))
    assert code == 0 and listfile.load(target) == b.army
    # ost convert writes codes too, to the screen.
    code, out, _ = run_cli(capsys, "convert", "--catalogue", str(db), str(source), "-o", "-", "--to", "share")
    assert code == 0 and out.strip() == share
    code, _, err = run_cli(capsys, "share", "--catalogue", str(db), str(tmp_path / "absente.ost"))
    assert code == 2 and "no such file" in err
