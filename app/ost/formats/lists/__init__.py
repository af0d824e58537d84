"""Army lists: reading them from other programs' files and texts, writing them out.

- :mod:`.registry` — the table of list formats (each declares itself in its own module);
- :mod:`.listreader` — read any list, the format told from its content;
- :mod:`.reading` — what every reader shares: the reading report, the read error, name matching;
- :mod:`.roster` — BattleScribe rosters (``.ros``, ``.rosz``);
- :mod:`.text` — army lists pasted as text, and Ost lists written as text;
- :mod:`.ostfile`, :mod:`.sharecode` — Ost's own list file and share code, as list formats;
- :mod:`.batch_report` — the one-row-per-list report of ``ost check --report``.

The catalogue's sources (Ost's YAML, BattleScribe data) are read by the
modules beside this package (:mod:`ost.formats.catalog_source`,
:mod:`ost.formats.bsdata`).
"""
