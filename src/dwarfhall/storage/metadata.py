"""The one MetaData of the product's tables; each part of the product defines its tables in its own module."""

from __future__ import annotations

from sqlalchemy import MetaData

# named constraints, so that later migrations can refer to them on every database
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING)
