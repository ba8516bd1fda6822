"""PostgreSQL's planner statistics, read again after a bulk write."""

from __future__ import annotations

from django.db import connection, models, transaction

# Rows written at once after which PostgreSQL's planner statistics are refreshed at once.
_MANY = 1000


def written(count: int, *changed: type[models.Model]) -> None:
    """Note that a write of ``count`` rows to ``changed`` is under way. After a bulk write (a
    file of results, a restored archive) PostgreSQL reads its tables' statistics again once
    the write commits, instead of at autovacuum's next pass: until then its planner takes a
    table of 12,500 results for a nearly empty one and a save's queries scan it."""
    if count < _MANY or connection.vendor != "postgresql":
        return
    tables = ", ".join(connection.ops.quote_name(m._meta.db_table) for m in changed)

    def analyze() -> None:
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {tables}")

    transaction.on_commit(analyze)
