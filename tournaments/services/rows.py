"""Many new rows written in one statement, a value they share prepared once.

Saving a whole 250-table hand writes 250 results and 250 audit entries. Django's
``bulk_create`` prepares every value of every row through its field (each row's time stamp
again, among others), which cost a large share of the save; here the time every row shares is
prepared once, numbers, text and keys go as they are, and the rows go in one statement.
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
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    table = quote(model._meta.db_table)
    size = max(1, connection.ops.bulk_batch_size(fields, objects))
    with connection.cursor() as cursor:
        # One statement per batch, as bulk_create does: executemany is a statement per row
        # on PostgreSQL.
        for start in range(0, len(objects), size):
            batch = objects[start : start + size]
            values = ", ".join([one] * len(batch))
            params = [value(f, obj) for obj in batch for f in fields]
            cursor.execute(f"INSERT INTO {table} ({columns}) VALUES {values}", params)  # noqa: S608
