"""Events: one by its short name, and the events page's list with how far play has got."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from ..models import Event
from ..rules.hand_now import HandNow
from .hand_now import hands_now


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


def _status(event: Event, entered: int, hand_now: HandNow, day: int) -> EventRow:
    if not entered:
        return EventRow(event, gettext("Not started"), False, False)
    if hand_now.current is None and not hand_now.all_played:  # the next day waits for its close
        status = gettext("Day %(day)s is over: counting the flags") % {"day": hand_now.day_over}
        return EventRow(event, status, False, True)
    if hand_now.current is None:
        return EventRow(event, gettext("Finished"), True, True)
    values = {"day": day, "hand": hand_now.current, "hands": event.last_hand}
    if len(event.day_hand_counts) > 1:
        status = gettext("Day %(day)s · playing hand %(hand)s of %(hands)s") % values
    else:
        status = gettext("playing hand %(hand)s of %(hands)s") % values
    return EventRow(event, status, False, True)


def event_rows(limit: int = 50) -> list[EventRow]:
    """The newest events first (by first day, then by creation), with the hand each hall plays
    now; a fixed number of queries, however many events."""
    events = list(
        Event.objects.annotate(entered=Count("results")).order_by(
            F("starts_on").desc(nulls_last=True), "-created_at"
        )[:limit]
    )
    now_by_event = hands_now(events)
    return [
        _status(e, e.entered, now_by_event[e.pk], _day_of(e, now_by_event[e.pk].current))
        for e in events
    ]


def _day_of(event: Event, hand: int | None) -> int:
    """The day ``hand`` is played on, from the event's hands per day."""
    first = 1
    for day, hands in enumerate(event.day_hand_counts, 1):
        if hand is None or hand < first + hands:
            return day
        first += hands
    return len(event.day_hand_counts)
