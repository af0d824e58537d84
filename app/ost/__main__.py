"""``python -m ost`` runs the same entry point as the ``ost`` command."""

import sys

from ost.cli.main import main

sys.exit(main())
