"""What the Set-up → Publishing page shows: on the province, the event's publishing keys, the
hall it follows and its last publications; on the hall, where the event is published."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, PublicationLog, PublishedCopy, PublishingKey, PublishTarget

SHOWN = 10  # publications listed, newest first


@dataclass(frozen=True)
class PublishingView:
    keys: list[PublishingKey]
    copy: PublishedCopy | None
    publications: list[PublicationLog]
    target: PublishTarget | None


def publishing_view(event: Event) -> PublishingView:
    return PublishingView(
        keys=list(PublishingKey.objects.filter(event=event)),
        copy=PublishedCopy.objects.filter(event=event).first(),
        publications=list(PublicationLog.objects.filter(event=event)[:SHOWN]),
        target=PublishTarget.objects.filter(event=event).exclude(key="").first(),
    )
