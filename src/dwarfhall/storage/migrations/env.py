"""Alembic's entry point: runs the migrations on the connection that `dwarfhall.storage.migrate` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from dwarfhall.storage.tables import metadata  # every table module, so autogenerate sees them all

connection = context.config.attributes.get("connection")
if isinstance(connection, Connection):
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:  # the alembic command line (e.g. `alembic revision --autogenerate`), given sqlalchemy.url
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url (alembic -x or alembic.ini) to run migrations from the command line")
    with create_engine(url).connect() as standalone:
        context.configure(connection=standalone, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
