"""Alembic migrations of the catalogue database.

``HEAD_REVISION`` names the newest migration so that opening an up-to-date
database needs no Alembic import; a test checks it against Alembic's own head.
"""

HEAD_REVISION = "0007"
