"""Entry point of the frozen program (PyInstaller needs a script, not a console_scripts entry)."""

import sys

from ost.cli.main import main

sys.exit(main())
