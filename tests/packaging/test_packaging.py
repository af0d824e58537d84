"""The desktop build's recipe, checked without building (issue 23).

PyInstaller freezes what its import analysis sees; a module Ost loads by name
(the CLI's sub-commands, Alembic's migration scripts) is missing from the
program unless the spec collects it, and the program then fails only when that
command runs. These tests run the spec's own collection rules (with a
stand-in for PyInstaller's ``collect_submodules``, so PyInstaller need not be
installed) and check every module loaded by name is collected; a new place
that loads a module by name fails the last test until it is covered here.
The Linux desktop integration is installed into a temporary XDG data folder.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
import types
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import ROOT, fake_native_build
from ost.cli.main import COMMANDS
from ost.formats.lists.registry import BUILTIN_MODULES, builtin_formats

APP = ROOT / "app"
PACKAGING = ROOT / "packaging"
MIGRATIONS = APP / "ost" / "store" / "migrations"


def _modules_under(package: str) -> list[tuple[str, bool]]:
    """Every module of ``package`` on disk, as (dotted name, is a package); ``ost`` is this checkout's."""
    found = importlib.util.find_spec(package)
    assert found is not None and found.submodule_search_locations, f"{package} is not a package"
    top = Path(next(iter(found.submodule_search_locations)))
    modules = []
    for path in sorted(top.rglob("*.py")):
        parts = path.relative_to(top).with_suffix("").parts
        folders = [top.joinpath(*parts[:depth]) for depth in range(len(parts))]
        if "__pycache__" in parts or not all((folder / "__init__.py").is_file() for folder in folders):
            continue
        if parts[-1] == "__init__":
            modules.append((".".join((package, *parts[:-1])), True))
        else:
            modules.append((".".join((package, *parts)), False))
    return modules


def _collect_submodules(package: str, filter: Callable[[str], bool] = lambda name: True, **_: Any) -> list[str]:
    """PyInstaller's rule: the package and its submodules; a package the filter refuses hides its own."""
    refused: list[str] = []
    kept = []
    for name, is_package in _modules_under(package):
        if any(name.startswith(prefix + ".") for prefix in refused):
            continue
        if filter(name):
            kept.append(name)
        elif is_package:
            refused.append(name)
    return kept


class _Recorder:
    calls: dict[str, dict[str, Any]]

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        _Recorder.calls[kind] = {"args": args, **kwargs}
        self.pure = self.scripts = self.binaries = self.datas = []


def _analysis(spec_text: str, specpath: Path = PACKAGING) -> dict[str, Any]:
    """What a spec (by default ``packaging/ost.spec``, run from ``specpath``) hands to PyInstaller's ``Analysis``."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = _collect_submodules  # type: ignore[attr-defined]
    fake = {name: types.ModuleType(name) for name in ("PyInstaller", "PyInstaller.utils")}
    fake["PyInstaller.utils.hooks"] = hooks
    saved_modules = {name: sys.modules.get(name) for name in fake}
    saved_path = list(sys.path)
    _Recorder.calls = {}
    namespace: dict[str, Any] = {"SPECPATH": str(specpath), "__file__": str(specpath / "ost.spec")}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT"):
        namespace[kind] = lambda *a, _kind=kind, **kw: _Recorder(_kind, *a, **kw)
    sys.modules.update(fake)
    try:
        exec(compile(spec_text, "ost.spec", "exec"), namespace)
    finally:
        sys.path[:] = saved_path
        for name, module in saved_modules.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return _Recorder.calls["Analysis"]


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return _analysis((PACKAGING / "ost.spec").read_text(encoding="utf-8"))


def _commands_missing(analysis: dict[str, Any]) -> set[str]:
    wanted = {f"ost.cli.{module}" for module, _aliases, _help in COMMANDS.values()}
    assert wanted, "the CLI's table of sub-commands is empty?"
    return wanted - set(analysis["hiddenimports"])


def test_every_cli_command_module_is_collected(spec: dict[str, Any]) -> None:
    missing = _commands_missing(spec)
    assert not missing, f"loaded by name but not collected by ost.spec: {sorted(missing)}"


def test_migrations_are_collected_and_shipped_as_files(spec: dict[str, Any]) -> None:
    """Alembic runs env.py and the version scripts from their files: ship the files, freeze their imports."""
    hidden = set(spec["hiddenimports"])
    scripts = {
        ".".join(p.relative_to(APP).with_suffix("").parts)
        for p in MIGRATIONS.rglob("*.py")
        if p.name != "__init__.py" and "__pycache__" not in p.parts
    }
    assert "ost.store.migrations.env" in scripts and len(scripts) >= 5
    assert not scripts - hidden, f"migration scripts not collected: {sorted(scripts - hidden)}"
    datas = {(Path(src).resolve(), dest) for src, dest in spec["datas"]}
    assert (MIGRATIONS.resolve(), "ost/store/migrations") in datas


def test_shipped_files_land_where_the_program_looks(spec: dict[str, Any]) -> None:
    datas = {(Path(src).resolve(), dest) for src, dest in spec["datas"]}
    assert (ROOT / "catalog", "ost/_data/catalog") in datas
    assert (ROOT / "resources", "ost/_data/resources") in datas
    assert spec["args"][0] == [str(PACKAGING / "launch.py")]


def test_the_seed_database_ships_where_a_packaged_ost_looks_for_it(spec: dict[str, Any]) -> None:
    """build.sh makes build/seed/ before the build; the spec ships it as ost/_data/seed/ (ost.store.seed)."""
    from ost.store.seed import SEED_NAME

    datas = {(Path(src).resolve(), dest) for src, dest in spec["datas"]}
    made = (ROOT / "build" / "seed" / SEED_NAME).is_file()
    assert (((ROOT / "build" / "seed").resolve(), "ost/_data/seed") in datas) == made
    assert "catalogue seed build/seed/" + SEED_NAME in (PACKAGING / "build.sh").read_text(encoding="utf-8")


def test_reportlab_barcodes_are_collected(spec: dict[str, Any]) -> None:
    """reportlab.graphics.barcode imports its widgets' modules with exec(): the share code's QR code needs them."""
    assert "reportlab.graphics.barcode" in (APP / "ost" / "pdf" / "sheet.py").read_text(encoding="utf-8")
    hidden = set(spec["hiddenimports"])
    barcodes = {name for name, _is_package in _modules_under("reportlab.graphics.barcode")}
    assert {"reportlab.graphics.barcode.qr", "reportlab.graphics.barcode.code128"} <= barcodes
    assert not barcodes - hidden, f"not collected: {sorted(barcodes - hidden)}"


def test_the_whole_package_is_collected(spec: dict[str, Any]) -> None:
    """Not only today's modules loaded by name: a module added later is frozen too."""
    hidden = set(spec["hiddenimports"])
    every = {name for name, _is_package in _modules_under("ost")}
    assert not every - hidden, f"modules of ost not collected: {sorted(every - hidden)}"


def test_builtin_list_formats_are_collected(spec: dict[str, Any]) -> None:
    """The registry loads each built-in format's module by name: the spec collects every one."""
    assert len(BUILTIN_MODULES) >= 4
    assert not set(BUILTIN_MODULES) - set(spec["hiddenimports"])


def test_a_spec_leaving_out_a_command_module_is_caught() -> None:
    """The check bites: ost.spec with one command module filtered out, or with the old hand-kept list."""
    text = (PACKAGING / "ost.spec").read_text(encoding="utf-8")
    rule = 'collect_submodules("ost")'
    assert rule in text
    filtered = text.replace(rule, 'collect_submodules("ost", filter=lambda name: name != "ost.cli.check_cmd")')
    assert _commands_missing(_analysis(filtered)) == {"ost.cli.check_cmd"}
    by_hand = text.replace(rule, '["ost.store.migrations.env"]')
    assert _commands_missing(_analysis(by_hand)) == {f"ost.cli.{m}" for m, _a, _h in COMMANDS.values()}


#: Where Ost loads a module by name, and the test above that covers it.
KNOWN_LOADS_BY_NAME = {
    ("ost/cli/main.py", "import_module"): "test_every_cli_command_module_is_collected",
    ("ost/store/database.py", "script_location"): "test_migrations_are_collected_and_shipped_as_files",
    ("ost/formats/lists/registry.py", "import_module"): "test_builtin_list_formats_are_collected",
    (
        "ost/formats/bsdata/native.py",
        "spec_from_file_location",
    ): "test_the_frozen_program_carries_a_checked_compiled_reader",
}
_BY_NAME_CALLS = {"import_module", "__import__", "spec_from_file_location", "load_python_file", "run_path"}


def test_the_frozen_program_carries_a_checked_compiled_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ost.spec ships build/native/ only when it is a build of this very source; the frozen program trusts it.

    The frozen program has no source files to hash: its own package data is where it looks, and a whole build
    there (by this Python, every file at its recorded size) is used as sealed with its code.
    """
    from ost.formats.bsdata import native

    # The spec: shipped when current, left out when stale.
    checkout = tmp_path / "checkout"
    shutil.copytree(PACKAGING, checkout / "packaging")
    shutil.copytree(APP, checkout / "app", ignore=shutil.ignore_patterns("__pycache__"))
    (checkout / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    current = fake_native_build(checkout / "build" / "native")
    spec = (checkout / "packaging" / "ost.spec").read_text(encoding="utf-8")
    assert (str(current), "ost/_data/native") in _analysis(spec, checkout / "packaging")["datas"]
    fake_native_build(current, dict.fromkeys(native.dependencies(), "0" * 64))
    assert (str(current), "ost/_data/native") not in _analysis(spec, checkout / "packaging")["datas"]

    # The frozen program: its package data, trusted without sources.
    frozen = tmp_path / "frozen"
    shipped = fake_native_build(frozen / "ost" / "_data" / "native")
    monkeypatch.setattr(native, "_APP", frozen)
    monkeypatch.delenv(native.ENV, raising=False)
    assert native.folder() == shipped
    assert not native.usable(shipped)  # (not frozen: the sources, absent here, are compared)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert native.usable(shipped)
    (shipped / native.built_files()[0]).write_bytes(b"s")  # truncated
    assert not native.usable(shipped)


def test_no_other_module_is_loaded_by_name() -> None:
    """A new import by name must be collected by ost.spec and checked here before it ships."""
    found = set()
    for path in sorted((APP / "ost").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(APP).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in _BY_NAME_CALLS:
                    found.add((where, name))
                if name == "set_main_option" and node.args and getattr(node.args[0], "value", "") == "script_location":
                    found.add((where, "script_location"))
    assert found == set(KNOWN_LOADS_BY_NAME), (
        "modules loaded by name changed: make packaging/ost.spec collect them and cover them in this file; "
        f"found {sorted(found)}"
    )


# --- the Linux desktop integration -----------------------------------------------------------

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def _mime_types() -> dict[str, list[str]]:
    root = ET.parse(PACKAGING / "ost-mime.xml").getroot()
    return {
        t.get("type", ""): [g.get("pattern", "") for g in t.iter(f"{MIME_NS}glob")]
        for t in root.iter(f"{MIME_NS}mime-type")
    }


def test_mime_types_cover_every_list_file_ending() -> None:
    """Each file ending of the formats registry (but plain .txt) opens Ost on a double-click."""
    globs = {pattern for patterns in _mime_types().values() for pattern in patterns}
    endings = {suffix for fmt in builtin_formats() for suffix in fmt.suffixes if suffix != ".txt"}
    assert endings == {".ost", ".ros", ".rosz"}
    assert {f"*{suffix}" for suffix in endings} == globs
    desktop = (PACKAGING / "ost.desktop").read_text(encoding="utf-8")
    declared = next(line for line in desktop.splitlines() if line.startswith("MimeType="))
    assert set(declared.removeprefix("MimeType=").strip(";").split(";")) == set(_mime_types())


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG desktop is Linux's")
def test_install_desktop_into_a_temporary_xdg_home(tmp_path: Path) -> None:
    program = tmp_path / "ost dir" / "ost"  # a space in the path, as in a user's folder name
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    data, config = tmp_path / "data", tmp_path / "config"
    env = {**os.environ, "XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(config), "HOME": str(tmp_path)}
    script = PACKAGING / "install-desktop.sh"

    done = subprocess.run([script, program], env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / "ost.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert f'Exec="{program}" gui %F' in lines and "Icon=ost" in lines
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "ost.svg").is_file()
    assert (data / "mime" / "packages" / "ost.xml").read_bytes() == (PACKAGING / "ost-mime.xml").read_bytes()
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", entry], capture_output=True, text=True, check=False)
        assert checked.returncode == 0 and not checked.stdout, checked.stdout
    if shutil.which("update-mime-database"):  # the desktop now knows the file types by their endings
        globs = (data / "mime" / "globs2").read_text(encoding="utf-8")
        for mime, patterns in _mime_types().items():
            assert all(f"{mime}:{pattern}" in globs for pattern in patterns)
    if shutil.which("xdg-mime"):
        defaults = (config / "mimeapps.list").read_text(encoding="utf-8")
        assert all(f"{mime}=ost.desktop" in defaults for mime in _mime_types())

    removed = subprocess.run([script, "--uninstall"], env=env, capture_output=True, text=True, timeout=60, check=False)
    assert removed.returncode == 0, removed.stderr
    assert not entry.exists() and not (data / "mime" / "packages" / "ost.xml").exists()
    if shutil.which("update-mime-database"):
        assert "*.ost" not in (data / "mime" / "globs2").read_text(encoding="utf-8")


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG desktop is Linux's")
def test_install_desktop_refuses_a_missing_program(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [PACKAGING / "install-desktop.sh", tmp_path / "nowhere" / "ost"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "not a program" in done.stderr
    assert not (tmp_path / "data" / "applications" / "ost.desktop").exists()


@pytest.mark.slow
def test_a_wheel_built_in_isolation_carries_a_fresh_seed(tmp_path: Path) -> None:
    """``pip wheel .`` (an isolated build environment, as ``pip install .`` makes) runs the seed hook.

    pip's isolated environment rewrites ``sys.path`` when Python starts: a hook that reached ``ost``
    through PYTHONPATH alone failed there (a wheel could not be built at all).
    """
    import zipfile

    out = tmp_path / "wheels"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    if done.returncode != 0 and ("No matching distribution" in done.stderr or "connection" in done.stderr.lower()):
        pytest.skip(f"the build's requirements cannot be fetched here: {done.stderr[-300:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = out.glob("ost-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert {"ost/_data/seed/catalogue-seed.sqlite", "ost/_data/seed/catalogue-seed.json"} <= names
        assert archive.read("ost/_data/seed/catalogue-seed.sqlite").startswith(b"SQLite format 3\x00")
