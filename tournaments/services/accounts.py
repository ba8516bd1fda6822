"""Accounts of the installation: the leader who runs the hall, and the demo's published login.

Nobody in a hall may log in with a password printed in the README: no form or command takes
one (``PublishedPasswordValidator``, in AUTH_PASSWORD_VALIDATORS), and the hall and the server
refuse to start while an account still has one, naming for each account the command that fixes it.
"""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext

from ..cli.hints import manage_hint
from ..models import Event, EventRole, Role
from ..rules.errors import RulesError
from .audit import audit

DEMO_USER, DEMO_PASSWORD = "leader", "whist-demo"
DEMO_ARCHIVES = Path(__file__).resolve().parent.parent / "fixtures"  # the demo events' archives
# Every password the README prints (the demo's); its other examples are refused by Django's own
# checks already (``password``, ``PASSWORD``: common).
PUBLISHED_PASSWORDS = (DEMO_PASSWORD,)


class PublishedPasswordValidator:
    """Refuses a password printed in the README, wherever a password is set: createleader, the
    People page, a password change, the admin, changepassword. (The demo leader alone is made
    with it, by load_demo, which sets it without asking the validators.)"""

    def validate(self, password, user=None):
        if password.strip().casefold() in {p.casefold() for p in PUBLISHED_PASSWORDS}:
            raise ValidationError(
                gettext(
                    "This password is printed in the app's instructions, so anyone could log "
                    "in with it. Choose another."
                ),
                code="password_published",
            )

    def get_help_text(self):
        return gettext("Your password can't be one printed in the app's instructions.")


def published_password_users() -> list[str]:
    """User names of active accounts whose password is one printed in the README."""
    users = get_user_model().objects.filter(is_active=True).order_by("username")
    return [
        u.get_username()
        for u in users
        if u.has_usable_password() and any(u.check_password(p) for p in PUBLISHED_PASSWORDS)
    ]


def has_published_password(encoded: str) -> bool:
    """A password as Django stores it (a restored account's) is one printed in the README."""
    from django.contrib.auth.hashers import check_password

    return any(check_password(p, encoded) for p in PUBLISHED_PASSWORDS)


def open_door_fixes(names: list[str]) -> str:
    """One line per account with a published password: the one command that closes it (the
    demo leader leaves with ``remove_demo_leader``; any other account takes a new password)."""
    lines = []
    for name in names:
        if name == DEMO_USER:
            text = gettext("%(name)s (the demo leader): remove it with %(command)s")
            command = manage_hint("remove_demo_leader")
        else:
            text = gettext("%(name)s: give it a new password with %(command)s")
            command = manage_hint(f"changepassword {name}")
        lines.append("  " + text % {"name": name, "command": command})
    return "\n".join(lines)


def leader_exists() -> bool:
    """An installation has a leader once any staff account exists."""
    return get_user_model().objects.filter(is_active=True, is_staff=True).exists()


@transaction.atomic
def leader_create(*, username: str, password: str):
    """The installation's leader: staff and administrator, so they create events and accounts."""
    users = get_user_model()
    try:
        UnicodeUsernameValidator()(username)
        if users.objects.filter(username=username).exists():
            raise ValidationError(
                gettext("The user name %(username)r is taken.") % {"username": username}
            )
        validate_password(password, users(username=username))
    except ValidationError as error:
        said = " ".join(error.messages)  # Django's own words, already in the reader's language
        raise RulesError(said, field="password") from None
    user = users.objects.create_superuser(username=username, password=password)
    audit(None, None, "leader created", username).save()
    return user


def demo_events() -> list[Event]:
    """The demo events (the short names of the demo's own archives) that nobody but the demo
    leader leads: they leave with the demo leader, so no hall's phone lists them."""
    slugs = [path.stem for path in DEMO_ARCHIVES.glob("*-demo.json")]
    other_leaders = EventRole.objects.filter(event=OuterRef("pk"), role=Role.LEADER).exclude(
        user__username=DEMO_USER
    )
    return list(Event.objects.filter(slug__in=slugs).exclude(Exists(other_leaders)))


@transaction.atomic
def demo_leader_remove() -> bool:
    """Delete the demo leader account and the demo events it leads (``demo_events``), each
    audited; True when the demo leader was there."""
    for event in demo_events():
        slug, name = event.slug, event.name
        event.delete()
        audit(None, None, "demo event removed", slug, after={"name": name}).save()
    deleted, _ = get_user_model().objects.filter(username=DEMO_USER).delete()
    if deleted:
        audit(None, None, "demo leader removed", DEMO_USER).save()
    return bool(deleted)
