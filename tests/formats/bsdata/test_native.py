"""The compiled reader (ost.formats.bsdata.native): used only as a build of this very source, reads the same."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import BSDATA_FULL, BSDATA_SAMPLE, fake_native_build
from ost.formats.bsdata import native

APP = Path(native.__file__).resolve().parents[3]
#: One import, in a child, printed as JSON: whether the reader ran compiled, where its module says it lives, and
#: everything the import gives (datasheets, warnings, coverage).
READ = """
import json, sys
sys.path.insert(0, sys.argv[1])
from ost.formats.bsdata import read_bsdata, native
import ost.formats.bsdata.wargear as wargear
result = read_bsdata(sys.argv[2:], workers=2)
print(json.dumps({
    "compiled": native.active(),
    "file": wargear.__file__,
    "sheets": sorted(s.model_dump_json() for s in result.datasheets),
    "warnings": [(w.path, w.text.en) for w in result.warnings],
    "coverage": [repr(c) for c in result.coverage],
}))
"""


def test_a_build_of_this_source_is_used(tmp_path: Path) -> None:
    assert native.usable(fake_native_build(tmp_path))


def test_a_build_of_another_source_is_not(tmp_path: Path) -> None:
    """One module edited since the build, compiled or one they import: the whole reader is read from its source."""
    for edited in ("ost/formats/bsdata/wargear.py", "ost/core/catalogue.py"):
        hashes = native.source_hashes(native.dependencies())
        hashes[edited] = "0" * 64
        assert not native.usable(fake_native_build(tmp_path / edited.replace("/", "-"), hashes))


def test_a_build_depends_on_what_its_modules_import() -> None:
    """mypyc trusts the types of the modules it imports: a build records their sources too."""
    depends = native.dependencies()
    assert set(native.compiled_sources()) <= set(depends)
    assert {"ost/core/catalogue.py", "ost/formats/transport_text.py", "ost/formats/bsdata/files.py"} <= set(depends)
    assert not any(path.startswith(("ost/gui/", "ost/store/", "ost/pdf/")) for path in depends)


def test_a_partial_or_unrecorded_build_is_not(tmp_path: Path) -> None:
    build = fake_native_build(tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    helper = build / f"{native.HELPER}{suffix}"
    helper.write_bytes(b"compi")  # truncated
    assert not native.usable(build)
    helper.write_bytes(b"compiled")
    assert native.usable(build)
    build.joinpath(*native.PACKAGE.split("."), f"conditions{suffix}").unlink()
    assert not native.usable(build)
    (build / native.RECORD).write_text("{not json", encoding="utf-8")
    assert not native.usable(build)
    (build / native.RECORD).unlink()
    assert not native.usable(build)
    assert not native.usable(tmp_path / "nowhere")


def test_a_build_by_another_python_is_not(tmp_path: Path) -> None:
    build = fake_native_build(tmp_path)
    record = json.loads((build / native.RECORD).read_text(encoding="utf-8"))
    record["python"] = "cpython-399"
    (build / native.RECORD).write_text(json.dumps(record), encoding="utf-8")
    assert not native.usable(build)


def test_the_finder_answers_only_for_the_compiled_modules_of_a_usablefake_native_build(tmp_path: Path) -> None:
    finder = native.NativeFinder(fake_native_build(tmp_path))
    assert finder.find_spec("ost.formats.bsdata.reader") is None  # (never compiled: it forks, tests replace it)
    assert finder.find_spec("ost.core.catalogue") is None
    spec = finder.find_spec(f"{native.PACKAGE}.wargear")
    assert spec is not None and spec.origin is not None and spec.origin.startswith(str(tmp_path))
    stale = native.NativeFinder(fake_native_build(tmp_path / "stale", dict.fromkeys(native.dependencies(), "")))
    assert stale.find_spec(f"{native.PACKAGE}.wargear") is None
    assert stale.find_spec(native.HELPER) is None


def test_ost_native_names_the_folder_or_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(native.ENV, "")
    assert native.folder() is None
    monkeypatch.setenv(native.ENV, str(tmp_path))
    assert native.folder() == tmp_path
    monkeypatch.delenv(native.ENV)
    assert native.folder() == APP.parent / "build" / "native"


def _read(paths: list[Path], compiled: bool) -> dict[str, object]:
    env = dict(os.environ)
    if not compiled:
        env[native.ENV] = ""
    done = subprocess.run(
        [sys.executable, "-c", READ, str(APP), *map(str, paths)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def _compare(paths: list[Path]) -> None:
    where = native.folder()
    if where is None or not native.usable(where):
        # (With OST_REQUIRE_NATIVE set, a build that failed is a failure, not a skip.)
        missing = "no compiled reader built from this source (tools/native.py; ./dev.sh builds it)"
        if os.environ.get("OST_REQUIRE_NATIVE"):
            pytest.fail(missing)
        pytest.skip(missing)
    compiled, source = _read(paths, True), _read(paths, False)
    assert compiled.pop("compiled") is True and source.pop("compiled") is False
    # A compiled module still names its source (what the seed's code stamp hashes).
    assert compiled.pop("file") == source.pop("file") == str(APP / "ost" / "formats" / "bsdata" / "wargear.py")
    assert compiled == source


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason="needs the BattleScribe sample")
def test_the_compiled_reader_reads_the_sample_as_its_source_does() -> None:
    _compare([BSDATA_SAMPLE])


@pytest.mark.bsdata
@pytest.mark.slow
@pytest.mark.skipif(not BSDATA_FULL.is_dir(), reason="needs the full BattleScribe release")
def test_the_compiled_reader_reads_the_full_release_as_its_source_does() -> None:
    _compare([BSDATA_FULL])
