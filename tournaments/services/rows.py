"""Many rows written or changed at once, from plain values, a value they share prepared once.

Saving a whole 250-table hand writes 250 results and 250 audit entries. Building a model
instance per row and letting ``bulk_create`` prepare every value through its field (each row's
time stamp again, among others) cost most of the save; here each row is a mapping of column
values, the time every row shares is prepared once, and numbers, text and keys go as they are.
SQLite runs one prepared statement per row in C; PostgreSQL takes new rows through COPY and
changes from arrays, one statement each.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence

from django.db import connection, models

_AS_THEY_ARE = (models.IntegerField, models.CharField, models.TextField, models.ForeignKey)


def insert(
    model: type[models.Model],
    rows: Sequence[Mapping[str, object]],
    shared: Mapping[str, object] | None = None,
) -> None:
    """INSERT ``rows`` of ``model``: each maps field attnames (``event_id``, not ``event``) to
    values; ``shared`` maps a field to the value every row has. A field found in neither
    takes its default. No primary keys are read back."""
    if not rows:
        return
    shared = dict(shared or {})
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    for f in fields:
        if f.attname not in rows[0] and f.attname not in shared:
            shared[f.attname] = f.get_default()
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    table = quote(model._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            _copy(cursor, f"COPY {table} ({columns}) FROM STDIN", _values(fields, rows, shared))
        else:  # SQLite prepares the one-row statement once and runs it per row in C
            one = ", ".join(["%s"] * len(fields))
            sql = f"INSERT INTO {table} ({columns}) VALUES ({one})"  # noqa: S608
            cursor.executemany(sql, _values(fields, rows, shared))


def _values(fields, rows, shared) -> list[list]:
    """Each row's values in the order of ``fields``, ready for the database."""
    copy = connection.vendor == "postgresql"  # COPY takes dates as they are

    def prepared(field, value):
        if isinstance(field, models.JSONField):  # as text, as Django writes it for SQLite
            return None if value is None else json.dumps(value, cls=field.encoder)
        return value if copy else field.get_db_prep_save(value, connection)

    once = {f.attname: prepared(f, shared[f.attname]) for f in fields if f.attname in shared}
    # Per column: its name, whether every row shares it, and the field when each row's value
    # needs preparing (a date or JSON; numbers, text and keys go as they are).
    plan = [
        (f.attname, f.attname in once, None if isinstance(f, _AS_THEY_ARE) else f) for f in fields
    ]
    out = []
    for row in rows:
        values = []
        for name, common, field in plan:
            if common:
                values.append(once[name])
            elif field is None:
                values.append(row[name])
            else:
                values.append(prepared(field, row[name]))
        out.append(values)
    return out


def _copy(cursor, sql: str, values: list[list]) -> None:
    """PostgreSQL: the rows through COPY, whose rows psycopg writes in C. An INSERT of
    thousands of placeholders, or of arrays of text, cost psycopg tens of milliseconds of
    Python on every save. Logged as a query wherever Django logs them (tests count them)."""
    debug = getattr(cursor, "debug_sql", None)
    with (
        debug(sql) if debug else contextlib.nullcontext(),
        cursor.db.wrap_database_errors,  # errors as Django's (IntegrityError...)
        cursor.cursor.copy(sql) as copy,
    ):
        for row in values:
            copy.write_row(row)


def update(
    model: type[models.Model],
    rows: Sequence[Mapping[str, object]],
    shared: Mapping[str, object] | None = None,
) -> None:
    """UPDATE existing rows of ``model``: each maps ``id`` and the attnames it changes to
    their values (every row the same names; numbers, text or keys, sent as they are);
    ``shared`` sets a value, prepared by its field, on every row. Django's
    ``bulk_update`` builds a CASE of every row for every field, which cost a correction of a
    whole 250-table hand most of a second."""
    if not rows:
        return
    shared = shared or {}
    by_name = {f.attname: f for f in model._meta.concrete_fields}
    changing = [by_name[name] for name in rows[0] if name != "id"]
    common = [by_name[name] for name in shared]
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    once = [f.get_db_prep_save(shared[f.attname], connection) for f in common]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            new = ["id", *(f.attname for f in changing)]
            sets = [f"{quote(f.column)} = new.{f.attname}" for f in changing]
            sets += [f"{quote(f.column)} = %s" for f in common]
            kinds = [by_name["id"].db_type(connection)] + [f.db_type(connection) for f in changing]
            arrays = ", ".join(f"%s::{kind}[]" for kind in kinds)
            sql = (
                f"UPDATE {table} SET {', '.join(sets)} FROM unnest({arrays}) "  # noqa: S608
                f"AS new ({', '.join(new)}) WHERE {table}.id = new.id"
            )
            columns = [[row[name] for row in rows] for name in new]
            cursor.execute(sql, once + columns)
        else:
            sets = [f"{quote(f.column)} = %s" for f in [*changing, *common]]
            sql = f"UPDATE {table} SET {', '.join(sets)} WHERE id = %s"  # noqa: S608
            names = [f.attname for f in changing]
            cursor.executemany(sql, [[row[n] for n in names] + once + [row["id"]] for row in rows])


def instances(
    model: type[models.Model],
    rows: Sequence[Mapping[str, object]],
    shared: Mapping[str, object] | None = None,
) -> list[models.Model]:
    """Model instances of ``rows`` as ``insert`` wrote them (without their primary keys),
    built from positional values: quicker than keyword arguments through each relation."""
    shared = shared or {}
    names = [f.attname for f in model._meta.concrete_fields]
    return [model(*[row.get(n, shared.get(n)) for n in names]) for row in rows]
