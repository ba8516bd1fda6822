"""Who helps run an event: a leader names assistants (and co-leaders) without the admin.

Accounts have no power on their own; a role on an event is what lets someone enter results
(assistant) or run the event (leader). A leader may create an account for a helper who has
none yet, so a hall with no administrator at hand can still add a scorer.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from .. import permissions
from ..models import Event, EventRole, Role
from ..rules.errors import RulesError
from .audit import audit, bump_revision


@transaction.atomic
def role_grant(*, event: Event, username: str, role: str, password: str = "", actor) -> EventRole:
    """Give ``username`` a role on the event, creating the account when a password is given."""
    permissions.require(actor, event, permissions.LEAD)
    username = username.strip()
    if role not in Role.values:
        raise RulesError("Choose leader or assistant", field="role")
    if not username:
        raise RulesError("Give the helper's user name", field="username")
    users = get_user_model().objects
    user = users.filter(username=username).first()
    if user is None:
        if not password:
            raise RulesError(
                "There is no account %(username)r; give a password to create it",
                field="password",
                username=username,
            )
        candidate = get_user_model()(username=username)
        field = candidate._meta.get_field(candidate.USERNAME_FIELD)
        try:  # Django's own user-name rules: 150 characters, letters, digits and @.+-_
            field.clean(username, candidate)
        except ValidationError as error:
            raise RulesError(
                "User name %(username)r: %(problems)s",
                field="username",
                username=username,
                problems=" ".join(error.messages),
            ) from None
        try:
            validate_password(password, candidate)
        except ValidationError as error:
            said = " ".join(error.messages)  # Django's own words, already in the reader's language
            raise RulesError(said, field="password") from None
        user = users.create_user(username, password=password)
    elif password:
        raise RulesError(
            "%(username)r already has an account; leave the password empty",
            field="password",
            username=username,
        )
    current = EventRole.objects.filter(event=event, user=user).first()
    before = current.role if current else None
    grant, _ = EventRole.objects.update_or_create(event=event, user=user, defaults={"role": role})
    audit(event, actor, "role given", username, {"role": before}, {"role": role}).save()
    # The backups and the standby hold the event's accounts at once. No lock_event: a role on
    # a copy published from its hall stays the province's to give (the revision's own UPDATE
    # holds the event's row until the commit).
    bump_revision(event)
    return grant


@transaction.atomic
def role_remove(*, event: Event, username: str, actor) -> None:
    """Take a helper's role on the event away; a leader cannot remove the last leader."""
    permissions.require(actor, event, permissions.LEAD)
    grant = (
        EventRole.objects.select_for_update().filter(event=event, user__username=username).first()
    )
    if grant is None:
        raise RulesError(
            "%(username)r has no role on this event", field="username", username=username
        )
    leaders = EventRole.objects.filter(event=event, role=Role.LEADER).count()
    if grant.role == Role.LEADER and leaders == 1:
        raise RulesError("An event keeps at least one leader", field="username")
    grant.delete()
    audit(event, actor, "role removed", username, {"role": grant.role}, None).save()
    bump_revision(event)
