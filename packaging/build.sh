#!/bin/sh
# Build the desktop program in dist/ost-<version>/ and smoke-test it.
#   ./packaging/build.sh
# Needs the development environment of ./dev.sh (it installs PyInstaller into .venv/).
set -eu
cd "$(dirname "$0")/.."
./dev.sh test -q -x -k "not xvfb" >/dev/null 2>&1 || { echo "tests fail: fix them before packaging" >&2; exit 1; }
.venv/bin/python -m pip install --quiet --disable-pip-version-check "pyinstaller>=6"
.venv/bin/pyinstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller packaging/ost.spec
exec .venv/bin/python packaging/smoke_test.py dist
