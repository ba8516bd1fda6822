"""An event's archive read back into the database (``archive/export.py`` writes it): checked
whole before anything is written, then created in one transaction with the bulk API, matched to
its season's clubs, and noted in the installation's log.

``actor``: the staff member restoring it from the Records page, or None for the command line
(``import_event``, ``restore``, ``load_demo``). The event is new, so no other write can reach
it before this one commits: the slug, checked here and unique in the database, is its lock.
"""

from __future__ import annotations

from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import identify_hasher
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, transaction
from django.utils.translation import gettext

from ..archive import checks, schema
from ..archive.export import (
    EVENT_FIELDS,
    FORMAT,
    HAND_FIELDS,
    VERSIONS,
)
from ..models import (
    AuditEntry,
    DraftCount,
    Event,
    EventRole,
    Hand,
    HandResult,
    Loan,
    TableToken,
    Team,
)
from ..rules import rotation as rotation_rules
from ..rules.errors import RulesError
from ..rules.types import Hand as RulesHand
from ..rules.types import Rotation
from . import planner
from .accounts import has_published_password
from .archive_rows import parse_when, write_closes, write_links, write_playoffs, write_results
from .audit import audit, bump_season
from .clubs import match_event
from .seasons import default_season, season_named


def _check(archive: dict) -> None:
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise RulesError("This is not a Military Whist Director event archive", field="format")
    if archive.get("version") not in VERSIONS:
        raise RulesError(
            "Archive version %(version)r is not supported (expected %(expected)s)",
            field="version",
            version=archive.get("version"),
            expected=" or ".join(map(str, VERSIONS)),
        )
    if found := checks.problems(archive):
        raise schema.ArchiveErrors(found)


def import_event(archive: dict, *, actor=None, secrets: bool = False) -> Event:
    """Recreate an event from ``export_event``'s output (staff only); refuses a slug already in
    use. With ``secrets`` (the command line's ``restore`` and ``import_event``), the entry
    addresses and accounts a backup carries come back too; the accounts left unable to log in
    (a published password) are listed on the event as ``accounts_without_password``. The
    entry goes to the installation's log, not the event's, so the restored event's own
    archive stays byte-identical to the file."""
    if actor is not None and not getattr(actor, "is_staff", False):
        raise PermissionDenied(gettext("Only staff restore events."))
    with transaction.atomic():
        event = _import(archive, secrets)
        audit(None, actor, "event restored", event.slug, after={"name": event.name}).save()
    return event


def _import(archive: dict, secrets: bool) -> Event:
    _check(archive)
    try:
        data = archive["event"]
        if Event.objects.filter(slug=data["slug"]).exists():
            raise RulesError(
                "An event %(slug)r already exists here", field="slug", slug=data["slug"]
            )
        hands = [
            RulesHand(
                h["hand"], h["day"], h["session"], {i: t for i, t in enumerate(h["moves"], 1)}
            )
            for h in archive["hands"]
        ]
        rotation_rules.validate(Rotation(data["tables"], tuple(hands)))
        event = Event.objects.create(
            **{f: data[f] for f in EVENT_FIELDS},
            starts_on=data["starts_on"] or None,
            play_ends_after=data.get("play_ends_after"),
            # Archives from before the printouts had a language print in English.
            print_language=data.get("print_language", "en-ca"),
            # Version 1 archives (no season) go to the season of their first day's year; a
            # later one says its season, or null for an event exported without one.
            season=_season(data),
        )
        Event.objects.filter(pk=event.pk).update(created_at=parse_when(data["created_at"]))
        by_number = {
            h.number: h
            for h in Hand.objects.bulk_create(
                Hand(event=event, number=h["hand"], **{f: h[f] for f in HAND_FIELDS})
                for h in archive["hands"]
            )
        }
        Team.objects.bulk_create(Team(event=event, **t) for t in archive["teams"])
        write_results(event, archive["results"], {n: h.pk for n, h in by_number.items()})
        Loan.objects.bulk_create(Loan(event=event, **loan) for loan in archive["loans"])
        write_closes(event, archive["closes"])
        DraftCount.objects.bulk_create(
            DraftCount(event=event, **c) for c in archive.get("counts", [])
        )
        write_playoffs(event, archive.get("playoffs", []))
        write_links(event, archive.get("links", {"sources": [], "teams": []}))
        AuditEntry.objects.bulk_create(
            (
                AuditEntry(
                    event=event,
                    at=parse_when(a["at"]),
                    actor=a["actor"],
                    action=a["action"],
                    target=a["target"],
                    before=a["before"],
                    after=a["after"],
                )
                for a in archive["audit"]
            ),
            batch_size=500,
        )
        planner.written(
            len(archive["results"]) + len(archive["audit"]), HandResult, AuditEntry, Hand, Loan
        )
        kept_out = (
            _import_secrets(event, archive["secrets"]) if secrets and "secrets" in archive else []
        )
    except (KeyError, TypeError, ValueError, DatabaseError) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError("The archive is damaged or incomplete: %(error)r", error=error) from None
    event.refresh_from_db()
    event.accounts_without_password = kept_out
    match_event(event)  # this installation's clubs: the archive carries none
    bump_season(event.season_id)
    return event


def _season(data: dict):
    if data.get("season"):
        return season_named(data["season"])
    return None if "season" in data else default_season(_first_day(data))


def _first_day(data: dict):
    if data.get("starts_on"):
        return date.fromisoformat(data["starts_on"])
    return parse_when(data["created_at"]).date()


def _import_secrets(event: Event, secrets: dict) -> list[str]:
    """Bring ``secrets`` back for ``event`` (inside the import's transaction); what the leader
    should know (accounts kept or left without their password) comes back as sentences."""
    TableToken.objects.bulk_create(
        TableToken(
            event=event,
            table=t["table"],
            token=t["token"],
            issued_at=datetime.fromisoformat(t["issued_at"]),
            revoked_at=datetime.fromisoformat(t["revoked_at"]) if t["revoked_at"] else None,
        )
        for t in secrets.get("entry_addresses", [])
    )
    said = []
    users = get_user_model()
    for account in secrets.get("accounts", []):
        name, password = account["username"], account["password"]
        user = users.objects.filter(username=name).first()
        if user is None:
            user = users(username=name, is_staff=account["is_staff"], is_active=True)
            if not _usable(password) or has_published_password(password):
                user.set_unusable_password()
                said.append(name)
            else:
                user.password = password
            user.save()
        EventRole.objects.get_or_create(event=event, user=user, defaults={"role": account["role"]})
    return said


def _usable(password: str) -> bool:
    """A password as Django stores it, by a hasher this installation knows."""
    try:
        identify_hasher(password)
    except ValueError:
        return False
    return True
