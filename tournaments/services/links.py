"""Links between a season's events: which events a next-level event came from, and which of its
teams came from which event, place and table. ``create_next_level`` records them; a leader of
the next-level event (a season's coordinator among them) fixes them on its links page.

Links name events by their short names, so an archive carries them to another installation
where the source events may not be; pages show an unknown one by its short name.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from .. import permissions
from ..archive.export import link_rows
from ..models import Event, EventSource, TeamSource
from ..rules.seasons import check_links
from .audit import audit, bump_revision
from .locks import lock_event


@transaction.atomic
def links_record(
    *,
    event: Event,
    sources: Sequence[str],
    teams: Sequence[tuple[str, str, int, int]],
    actor,
) -> None:
    """Replace the event's links: its ``sources`` (short names, in zone order) and, for each
    team by name, (source short name, place there, table there)."""
    permissions.require(actor, event, permissions.LEAD)
    check_links(event.slug, sources, teams)
    lock_event(event)
    before = _links(event)
    EventSource.objects.filter(event=event).delete()
    TeamSource.objects.filter(event=event).delete()
    EventSource.objects.bulk_create(
        EventSource(event=event, position=i, source_slug=slug) for i, slug in enumerate(sources, 1)
    )
    TeamSource.objects.bulk_create(
        TeamSource(event=event, team=team, source_slug=slug, place=place, source_table=table)
        for team, slug, place, table in teams
    )
    after = _links(event)
    if after != before:
        audit(event, actor, "links recorded", event.slug, before or None, after).save()
        bump_revision(event)


def _links(event: Event) -> dict:
    sources, teams = link_rows(event)
    return {"sources": sources, "teams": [list(row) for row in teams]}
