"""Many rows written in one statement, their values prepared once.

Saving a whole 250-table hand writes 250 results and 250 audit entries. Django's
``bulk_create`` prepares every value of every row through its field (each row's time stamp,
event and JSON again), which cost a large share of the save; here a value shared by every
row (the time, the event) is prepared once and the rows go to ``executemany``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection
from django.db.models import Model


def prepared(model: type[Model], field: str, value):
    """``value`` as the database takes it for ``model.field`` (prepare a shared value once)."""
    return model._meta.get_field(field).get_db_prep_save(value, connection)


def insert(model: type[Model], fields: Sequence[str], rows: Iterable[Sequence]) -> None:
    """INSERT ``rows`` (values in ``fields`` order, already as the database takes them)."""
    rows = list(rows)
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(model._meta.get_field(f).column) for f in fields)
    values = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({values})"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
