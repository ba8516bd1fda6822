"""Many new rows written in one statement, a value they share prepared once.

Saving a whole 250-table hand writes 250 results and 250 audit entries. Django's
``bulk_create`` prepares every value of every row through its field (each row's time stamp
again, among others), which cost a large share of the save; here the time every row shares is
prepared once, numbers, text and keys go as they are, and the rows go to ``executemany``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db import connection, models

_AS_THEY_ARE = (models.IntegerField, models.CharField, models.TextField, models.ForeignKey)


def insert(objects: Sequence[models.Model], shared: Mapping[str, object] | None = None) -> None:
    """INSERT ``objects`` (new instances of one model) with the values of ``shared`` (field
    name: the value every object has) prepared once. No primary keys are read back."""
    if not objects:
        return
    model, shared = type(objects[0]), shared or {}
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    once = {
        f.name: f.get_db_prep_save(shared[f.name], connection) for f in fields if f.name in shared
    }

    def value(field, obj):
        if field.name in once:
            return once[field.name]
        raw = getattr(obj, field.attname)
        return raw if isinstance(field, _AS_THEY_ARE) else field.get_db_prep_save(raw, connection)

    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    values = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({values})"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.executemany(sql, [[value(f, obj) for f in fields] for obj in objects])
