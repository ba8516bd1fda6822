"""Events: one by its short name, and the events page's list with how far play has got."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Max
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from ..models import Event


def recent_events(limit: int = 50) -> list[Event]:
    """The newest events first (one query)."""
    return list(Event.objects.order_by("-created_at")[:limit])


def event_by_slug(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("season"), slug=slug)


@dataclass(frozen=True)
class EventRow:
    """An event as the events page lists it: its dates and how far play has got."""

    event: Event
    status: str
    finished: bool
    started: bool


def _status(event: Event, last_hand: int | None, entered: int) -> EventRow:
    counts = event.day_hand_counts
    total = event.last_hand  # the leader may end play early
    if not entered:
        return EventRow(event, gettext("Not started"), False, False)
    if entered >= event.tables * total:
        return EventRow(event, gettext("Finished"), True, True)
    day, first = 1, 1
    for day, hands in enumerate(counts, 1):  # noqa: B007 - the day of the last hand entered
        if (last_hand or 0) < first + hands:
            break
        first += hands
    values = {"day": day, "hand": last_hand, "hands": total}
    if len(counts) > 1:
        status = gettext("Day %(day)s · hand %(hand)s of %(hands)s") % values
    else:
        status = gettext("hand %(hand)s of %(hands)s") % values
    return EventRow(event, status, False, True)


def event_rows(limit: int = 50) -> list[EventRow]:
    """The newest events first (by first day, then by creation), with their status; one query."""
    events = Event.objects.annotate(
        last=Max("results__hand__number"), entered=Count("results")
    ).order_by(F("starts_on").desc(nulls_last=True), "-created_at")[:limit]
    return [_status(e, e.last, e.entered) for e in events]
