"""The standby's side of following: one change of an event from its hall (``archive.feed``, with
the event's secrets) applied in order, once, checked as a publication is.

An event the standby does not hold yet comes whole and is imported as a restore is, secrets
included; after that a change applies only on top of the hall's revision the standby holds
(``PublishedCopy.revision``), or whole. The followed events refuse every other write
(``locks.lock_event``), so the hall stays their one writer until a person takes over.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from ..archive.export import FORMAT, VERSION, result_records
from ..models import Event, EventRole, HandResult, PublishedCopy, TableSubmission, TableToken
from . import standby_publishing
from .archive_import import import_event
from .audit import bump_revision
from .locks import lock_event, write_transaction
from .publication import _check_envelope
from .publication_apply import apply_archive
from .published import applying
from .standby import SOURCE
from .standby_check import checked


def held() -> dict[str, int]:
    """The hall's revision of every event this standby holds."""
    copies = PublishedCopy.objects.filter(source=SOURCE).select_related("event")
    return {c.event.slug: c.revision for c in copies}


def follow(change: dict, secrets: dict) -> int:
    """Apply ``change`` of its event; the hall's revision the standby then holds (unchanged
    when the change does not start from it: the next ask says so and the hall resends)."""
    _check_envelope(change, change.get("event"))
    slug = change["event"]
    with write_transaction(), applying():
        event = Event.objects.filter(slug=slug).first()
        copy = PublishedCopy.objects.filter(event=event).first() if event else None
        if event is not None and copy is None:
            return 0  # an event of this laptop's own, never overwritten
        if event is None:
            if not change["whole"]:
                return 0
            archive = {**change["archive"], "audit": [], "format": FORMAT, "version": VERSION}
            # The entries and the publishing are not the archive's.
            kept = {k: v for k, v in secrets.items() if k not in ("entries", "publishing")}
            event = import_event({**archive, "secrets": kept}, secrets=True)
            _entries(event, secrets.get("entries", []))
            copy = PublishedCopy(event=event, source=SOURCE)
        else:
            lock_event(event)
            if change["base"] != copy.revision and not change["whole"]:
                return copy.revision
            change = completed(event, change)
            archive, read = checked(event, change)
            apply_archive(event, archive, whole=change["whole"], hands=change["hands"], held=read)
            bump_revision(
                event, hands="all" if change["whole"] else change["hands"], setup=change["whole"]
            )
            _secrets(event, secrets)
        standby_publishing.followed(event, secrets)
        copy.revision, copy.changed_at = change["revision"], timezone.now()
        copy.save()
        return copy.revision


def completed(event: Event, change: dict) -> dict:
    """``change`` with each hand it sends as its changed results only (``rows``) whole
    again: those results laid over the ones this standby holds of the hand."""
    rows = change.get("rows") or []
    if not rows:
        return change
    if not isinstance(rows, list) or not set(rows) <= set(change["hands"]):
        raise ValueError(f"the hands sent as their changed results {rows!r} are not its hands")
    held = HandResult.objects.filter(event=event, hand__number__in=rows)
    records = {(r["hand"], r["host_table"]): r for r in result_records(held)}
    records |= {(r["hand"], r["host_table"]): r for r in change["archive"]["results"]}
    results = [records[key] for key in sorted(records)]
    return {**change, "rows": [], "archive": {**change["archive"], "results": results}}


def _when(value: str | None):
    return datetime.fromisoformat(value) if value else None


def _secrets(event: Event, secrets: dict) -> None:
    """The entry addresses and accounts as the hall has them (only what differs is written;
    addresses the hall left out are unchanged)."""
    if "entry_addresses" in secrets:
        _addresses(event, secrets["entry_addresses"])
    accounts(secrets.get("accounts", []), event=event)
    _entries(event, secrets.get("entries", []))


def _addresses(event: Event, addresses: list[dict]) -> None:
    tokens = {t["token"]: t for t in addresses}
    rows = TableToken.objects.filter(event=event).values_list("pk", "token", "revoked_at")
    known = {token: (pk, revoked) for pk, token, revoked in rows}
    if gone := [pk for token, (pk, _revoked) in known.items() if token not in tokens]:
        TableToken.objects.filter(pk__in=gone).delete()
    for token, t in tokens.items():
        revoked = _when(t["revoked_at"])
        row = known.get(token)
        if row is None:
            TableToken.objects.create(
                event=event,
                table=t["table"],
                token=token,
                issued_at=_when(t["issued_at"]),
                revoked_at=revoked,
            )
        elif row[1] != revoked:
            TableToken.objects.filter(pk=row[0]).update(revoked_at=revoked)


def _entries(event: Event, entries: list[dict]) -> None:
    """The phones' entries as the hall has them, each under its phone's id."""
    # Only the rows of the phones sent: an event's entries run to 12,500 by its last hand.
    phones = {e["phone_id"] for e in entries}
    rows = TableSubmission.objects.filter(event=event, phone_id__in=phones)
    known = {(s.table, s.phone_id): s for s in rows} if phones else {}
    fields = ("hand", "tricks_played", "visitor_revokes", "host_revokes", "visitor_tricks")
    fields += ("status",)
    create = []
    for e in entries:
        row = known.get((e["table"], e["phone_id"]))
        values = {f: e[f] for f in fields}
        if row is None:
            create.append(
                TableSubmission(
                    event=event,
                    table=e["table"],
                    phone_id=e["phone_id"],
                    received_at=_when(e["received_at"]),
                    revision=event.revision,  # after this change's bump_revision
                    **values,
                )
            )
        elif any(getattr(row, f) != v for f, v in values.items()):
            TableSubmission.objects.filter(pk=row.pk).update(**values, revision=event.revision)
    TableSubmission.objects.bulk_create(create, batch_size=500)


def accounts(found: list[dict], *, event: Event | None = None) -> None:
    """Accounts as the hall has them (password hashes only): made or brought up to date, and
    given their role in ``event``."""
    users = get_user_model()
    for account in found:
        user, _made = users.objects.get_or_create(username=account["username"])
        changed = {
            f: account[f]
            for f in ("password", "is_staff", "is_superuser", "is_active")
            if f in account and getattr(user, f) != account[f]
        }
        if changed:
            users.objects.filter(pk=user.pk).update(**changed)
        if event is not None and "role" in account:
            EventRole.objects.update_or_create(
                event=event, user=user, defaults={"role": account["role"]}
            )
