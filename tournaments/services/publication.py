"""The province's side of publishing: a hall's change of an event (``archive.feed``) checked as
an archive import is, then applied atomically, in order, from one source only.

The change names the revision it starts from; the province applies it only when that is the
revision its copy holds, and otherwise answers with the revision it needs, so the hall resends
from there: nothing is applied twice or out of order. The copy remembers which hall's copy
(``source``) it follows and refuses any other, but the hall's standby after a takeover: its
first publication names the copy it ``succeeds`` and carries the event whole, and from then on
the copy follows the standby's, so the old hall is refused as any other would be. A refusal
for another hall's copy is kept on the copy (``refused_at``) for the event's leaders here.
While an event is published, no other write reaches it (``published.refuse_published``, where
every write locks the event).
"""

from __future__ import annotations

from django.db import DatabaseError
from django.utils import timezone

from ..archive import checks, feed
from ..archive.export import FORMAT, VERSION, export_event, result_records
from ..archive.schema import ArchiveErrors, schema_for
from ..archive.walk import check
from ..models import Event, HandResult, PublicationLog, PublishedCopy
from ..rules.errors import RulesError, gettext_noop
from .audit import audit, bump_revision
from .locks import lock_event, write_transaction
from .publication_apply import apply_archive
from .published import applying
from .publishing_keys import key_for

SOURCE_LONGEST = 64


class PublicationRefused(RulesError):
    """A publication that changed nothing: ``status`` is the HTTP answer's, ``needs`` the
    revision the province holds when the hall should resend from there."""

    def __init__(self, message: str, *, status: int = 400, needs: int | None = None, **values):
        super().__init__(message, field="publication", **values)
        self.status, self.needs = status, needs


class AnotherHall(PublicationRefused):
    """Refused: the event follows another hall's copy (kept for its leaders to see)."""


def publish(*, slug: str, key: str, change: object, size: int) -> PublishedCopy:
    """Apply ``change`` (a publication's JSON, ``size`` bytes as received) to the event
    ``slug`` with the publishing ``key``; ``PublicationRefused`` says why nothing changed."""
    found = key_for(key, slug)
    if found is None:
        raise PublicationRefused(
            gettext_noop("This publishing key is not valid for this event."), status=403
        )
    _check_envelope(change, slug)
    try:
        with write_transaction():
            try:
                with applying():
                    return _apply(found, change, size)
            except (LookupError, TypeError, ValueError, DatabaseError) as error:
                if isinstance(error, RulesError):
                    raise
                raise PublicationRefused(
                    gettext_noop("The publication is damaged: %(error)r"), error=error
                ) from None
    except AnotherHall:
        with write_transaction():  # the refused change is undone; its time is kept
            PublishedCopy.objects.filter(event=found.event).update(refused_at=timezone.now())
        raise


def _check_envelope(change: object, slug: str) -> None:
    def whole_number(value: object) -> bool:
        return type(value) is int and 0 <= value < 2**31

    if not isinstance(change, dict) or change.get("format") != feed.FORMAT:
        raise PublicationRefused(gettext_noop("This is not a publication of an event's changes."))
    if change.get("version") != feed.VERSION:
        raise PublicationRefused(
            gettext_noop(
                "Publication version %(version)r is not supported (expected %(expected)s)."
            ),
            version=change.get("version"),
            expected=feed.VERSION,
        )
    if change.get("event") != slug:
        raise PublicationRefused(gettext_noop("This publication is of another event."))
    source = change.get("source")
    if not isinstance(source, str) or not 0 < len(source) <= SOURCE_LONGEST:
        raise PublicationRefused(gettext_noop("The publication does not say its source."))
    succeeds = change.get("succeeds", "")
    if not isinstance(succeeds, str) or len(succeeds) > SOURCE_LONGEST:
        raise PublicationRefused(gettext_noop("The publication's former source is damaged."))
    base, revision, hands = change.get("base"), change.get("revision"), change.get("hands")
    if not whole_number(base) or not whole_number(revision) or revision <= base:
        raise PublicationRefused(
            gettext_noop("The publication's revisions are not a step forward.")
        )
    if type(change.get("whole")) is not bool or not isinstance(change.get("archive"), dict):
        raise PublicationRefused(gettext_noop("The publication is incomplete."))
    if not isinstance(hands, list) or not all(whole_number(h) for h in hands):
        raise PublicationRefused(gettext_noop("The publication's list of hands is damaged."))
    kept = feed.ALWAYS + (feed.WHOLE if change["whole"] else ())
    if extra := sorted(set(change["archive"]) - set(kept)):
        raise PublicationRefused(
            gettext_noop("The publication carries what it may not: %(keys)s."),
            keys=", ".join(map(str, extra))[:200],
        )


def _apply(found, change: dict, size: int) -> PublishedCopy:
    event = found.event
    lock_event(event)
    copy = PublishedCopy.objects.filter(event=event).first()
    # The hall's standby that took over carries on the copy, whole: the one other source taken.
    takes_over = (
        copy is not None
        and copy.source != change["source"]
        and change.get("succeeds") == copy.source
        and change["whole"]
    )
    if copy is not None and copy.source != change["source"] and not takes_over:
        raise AnotherHall(
            gettext_noop(
                "Another hall publishes this event: this copy follows another laptop's copy "
                "of it. Nothing was changed."
            ),
            status=409,
        )
    holds = copy.revision if copy else 0
    if change["base"] != holds:
        raise PublicationRefused(
            gettext_noop("This publication starts at revision %(base)s; send from %(holds)s."),
            status=409,
            needs=holds,
            base=change["base"],
            holds=holds,
        )
    if holds == 0 and not change["whole"]:
        raise PublicationRefused(
            gettext_noop("The first publication of an event carries it whole."), status=409
        )
    archive = _checked(event, change)
    apply_archive(event, archive, whole=change["whole"], hands=change["hands"])
    bump_revision(event, hands="all" if change["whole"] else change["hands"], setup=change["whole"])
    now = timezone.now()
    if copy is None:  # the event follows this hall from now on (each publication is logged)
        copy = PublishedCopy(event=event, source=change["source"])
        audit(event, None, "published from a hall", change["source"][:120]).save()
    elif takes_over:
        copy.source = change["source"]
        audit(event, None, "published from the hall's standby", change["source"][:120]).save()
    copy.revision, copy.changed_at = change["revision"], now
    copy.save()
    PublicationLog.objects.create(
        event=event, base=holds, revision=copy.revision, size=size, received_at=now
    )
    found.last_used_at = now
    found.save(update_fields=["last_used_at"])
    return copy


def _checked(event: Event, change: dict) -> dict:
    """The event as it will be once ``change`` is applied, checked whole as an archive import
    checks it (schema, rules, bounds); the change's own records first, so a damaged one is
    named by its own path and never merged."""
    held = export_event(event, records=False)
    sent = change["archive"]
    problems: list[str] = []
    alone = {**held, "results": [], "audit": [], **sent}
    check(schema_for({"version": VERSION}), alone, "", problems)
    if problems:
        raise PublicationRefused("%(problems)s", problems=ArchiveErrors(problems).message)
    named_once(change)
    hands, results = set(change["hands"]), sent["results"]
    if not change["whole"]:
        others = HandResult.objects.filter(event=event).exclude(hand__number__in=hands)
        results = sorted(
            [*result_records(others), *results], key=lambda r: (r["hand"], r["host_table"])
        )
    merged = {**held, **sent, "format": FORMAT, "version": VERSION, "audit": []}
    merged["results"] = results
    merged["event"] = {**sent["event"], "slug": event.slug}
    if "counts" not in sent:
        merged.pop("counts", None)
    # The held records came from this database, the sent ones passed the schema above.
    if found := checks.problems(merged, walked=True):
        raise PublicationRefused("%(problems)s", problems=ArchiveErrors(found).message)
    return merged


def named_once(change: dict) -> None:
    """The change's results are of the hands it names, in hand and table order, once each."""
    hands = set(change["hands"])
    if stray := [r["hand"] for r in change["archive"]["results"] if r["hand"] not in hands]:
        raise PublicationRefused(
            gettext_noop("The publication has results of hand %(hand)s, which it does not name."),
            hand=stray[0],
        )
    order = [(r["hand"], r["host_table"]) for r in change["archive"]["results"]]
    if order != sorted(set(order)):
        raise PublicationRefused(
            gettext_noop("The publication's results are not in hand and table order, once each.")
        )
