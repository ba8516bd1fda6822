"""A hall and a province in one test database (plain functions, no fixtures).

One database cannot hold the hall's event and the province's copy under the same short name,
so the hall plays first and its changes are built (``archive.feed``) and kept, with its
standings after each; then the hall's event takes another short name and the province's
event takes the name, as a province creates it before issuing the key."""

from __future__ import annotations

import gzip
import json

from tests.leader_helpers import make_event, play
from tournaments.archive.feed import changes_since
from tournaments.models import Event
from tournaments.services.publishing_keys import key_issue

SOURCE = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"


def standings(client, slug: str) -> dict:
    answer = client.get(f"/events/{slug}/standings.json")
    assert answer.status_code == 200, answer.content[:300]
    return json.loads(b"".join(answer) if answer.streaming else answer.content)


def hall_changes(client, hall: Event, steps, source: str = SOURCE) -> list[tuple[dict, dict]]:
    """Play ``steps`` on ``hall`` (callables taking the event), keeping after each the change
    from the revision before it, and the hall's standings."""
    kept, base = [], 0
    for step in steps:
        step(hall)
        hall.refresh_from_db()
        change = changes_since(hall, base, source=source)
        kept.append((change, standings(client, hall.slug)))
        base = change["revision"]
    return kept


def province_of(hall: Event, tables: int | None = None) -> tuple[Event, str]:
    """The hall's event renamed out of the way, and the province's event (a placeholder of
    the same short name) with a publishing key."""
    slug = hall.slug
    Event.objects.filter(pk=hall.pk).update(slug=f"{slug}-hall")
    province = make_event(slug, tables=tables or hall.tables)
    _row, key = key_issue(event=province, actor=None)
    return province, key


def send(client, slug: str, key: str | None, change, *, packed: bool = True, raw=None):
    """POST ``change`` as the hall's sender does (gzipped JSON, the key as a bearer)."""
    body = raw if raw is not None else json.dumps(change).encode()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key is not None else {}
    if packed:
        body = gzip.compress(body)
        headers["HTTP_CONTENT_ENCODING"] = "gzip"
    return client.generic(
        "POST", f"/events/{slug}/publish/", body, content_type="application/json", **headers
    )


def hands(numbers, tricks: int = 8):
    """A step that plays ``numbers`` at every table."""
    return lambda event: play(event, numbers, tricks)


__all__ = ["hall_changes", "hands", "make_event", "province_of", "send", "standings"]
