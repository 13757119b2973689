"""Alembic migrations of the product's database; `dwarfhall.storage.migrate` applies them when a database opens.

A new table is a new file in `versions/` whose `down_revision` is the previous head.
"""
