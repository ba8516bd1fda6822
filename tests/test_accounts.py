"""Logins in a hall: the demo's published password opens no door, weak passwords are refused,
and repeated wrong passwords lock that user name out from that device for a while."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tests.leader_helpers import make_event
from tournaments import permissions
from tournaments.models import AuditEntry, Event
from tournaments.rules.errors import RulesError
from tournaments.services import accounts
from tournaments.services.people import role_grant

pytestmark = pytest.mark.django_db
Users = get_user_model()


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    return Users.objects.get(username=accounts.DEMO_USER)


def test_the_demo_leader_leads_the_demo_events_only(demo):
    """The demo login is not staff: it leads the demo events and no real one."""
    real = make_event("spring-cup")
    demo_event = real.__class__.objects.get(slug="area-demo")
    assert not demo.is_staff
    assert permissions.allowed(demo, demo_event, permissions.LEAD)
    assert not permissions.allowed(demo, real, permissions.LEAD)


def test_the_demo_password_is_found_and_removing_the_demo_leader_closes_it(demo):
    """The hall's check finds the published password, and remove_demo_leader removes it."""
    assert accounts.published_password_users() == [accounts.DEMO_USER]
    call_command("remove_demo_leader", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert accounts.published_password_users() == []
    assert AuditEntry.objects.filter(action="demo leader removed").exists()


def test_the_demo_events_leave_with_the_demo_leader(demo, client):
    """remove_demo_leader says it removes the demo events, then no public page lists them;
    a real event stays."""
    real = make_event("spring-cup")
    out = io.StringIO()
    call_command("remove_demo_leader", stdout=out)
    said = out.getvalue()
    assert "Removing the demo events area-demo, provincial-demo" in said
    assert said.index("Removing the demo events") < said.index("demo leader 'leader' is removed")
    assert list(Event.objects.values_list("slug", flat=True)) == [real.slug]
    for page in ("/", "/hall/"):
        text = client.get(page).content.decode()
        assert "demo" not in text.lower() and real.name in text
    assert client.get("/events/area-demo/").status_code == 404
    assert AuditEntry.objects.filter(action="demo event removed").count() == 2


def test_a_demo_event_another_leader_took_over_stays(demo):
    """A demo event that a real leader now leads is theirs: it stays."""
    from tournaments.models import EventRole, Role

    user = Users.objects.create_user("margaret")
    EventRole.objects.create(event=Event.objects.get(slug="area-demo"), user=user, role=Role.LEADER)
    call_command("remove_demo_leader", stdout=io.StringIO())
    assert list(Event.objects.values_list("slug", flat=True)) == ["area-demo"]


@pytest.mark.parametrize("weak", ["password", "12345678", "margaret1", "short"])
def test_a_leader_account_with_a_weak_password_is_refused(weak):
    """createleader refuses common, numeric, name-like and short passwords, creating nothing."""
    with pytest.raises(RulesError):
        accounts.leader_create(username="margaret", password=weak)
    assert not Users.objects.filter(username="margaret").exists()


def test_a_helper_account_with_a_common_password_is_refused():
    """A leader creating a scorer's account with the password 'password' is told why."""
    event = make_event()
    with pytest.raises(RulesError, match="too common"):
        role_grant(event=event, username="bob", role="assistant", password="password", actor=None)


def test_a_leader_user_name_follows_djangos_rules():
    """A user name with spaces or slashes is refused."""
    with pytest.raises(RulesError):
        accounts.leader_create(username="mar garet/1", password="Flag-Keeper-2026")


def test_createleader_makes_a_staff_account(monkeypatch):
    """createleader makes the installation's leader, who creates events."""
    monkeypatch.setenv("WHIST_LEADER_PASSWORD", "Flag-Keeper-2026")
    call_command("createleader", username="margaret", stdout=open("/dev/null", "w"))  # noqa: SIM115
    user = Users.objects.get(username="margaret")
    assert user.is_staff and user.check_password("Flag-Keeper-2026")
    assert accounts.leader_exists()


def test_five_wrong_passwords_lock_that_user_out_from_that_device(client):
    """After five wrong passwords even the right one is refused from that address, while the
    same user from another device still logs in."""
    Users.objects.create_user("margaret", password="Flag-Keeper-2026")
    login = reverse("login")
    for _ in range(5):
        client.post(login, {"username": "margaret", "password": "wrong"}, REMOTE_ADDR="10.1.1.5")
    locked = client.post(
        login, {"username": "margaret", "password": "Flag-Keeper-2026"}, REMOTE_ADDR="10.1.1.5"
    )
    assert locked.status_code == 429 and "Too many wrong passwords" in locked.content.decode()
    other = client.post(
        login, {"username": "margaret", "password": "Flag-Keeper-2026"}, REMOTE_ADDR="10.1.1.6"
    )
    assert other.status_code == 302


# ---------------------------------------------------------------- published passwords


def _refused_by_the_checks(password: str, user=None) -> bool:
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    try:
        validate_password(password, user)
    except ValidationError:
        return True
    return False


def test_every_password_the_readme_prints_is_refused():
    """Each password the README prints (the demo's login, a database address's, the examples
    of weak ones) is refused as an account's password, in any case."""
    import re

    from tests.servers import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    printed = {
        *re.findall(r"\(`[^`\s]+` / `([^`\s]+)`\)", text),  # a login: (`user` / `password`)
        *re.findall(r"://[\w.-]+:([^@\s]+)@", text),  # postgres://user:PASSWORD@host
        *re.findall(r"common such as\s+`([^`\s]+)`", text),  # a weak one
    }
    assert accounts.DEMO_PASSWORD in printed and "password" in printed
    for password in sorted(printed):
        for written in (password, password.upper(), password.capitalize()):
            assert _refused_by_the_checks(written), written


def test_createleader_refuses_the_demo_password():
    """createleader refuses the demo's published password, creating nothing."""
    with pytest.raises(RulesError, match="printed in the app's instructions"):
        accounts.leader_create(username="margaret", password=accounts.DEMO_PASSWORD)
    assert not Users.objects.filter(username="margaret").exists()


def test_the_people_page_refuses_the_demo_password_for_a_helper(client):
    """A leader adding a co-leader with the demo's password on the People page is told why,
    and no account is made."""
    event = make_event()
    leader = Users.objects.create_user("margaret", is_staff=True)
    client.force_login(leader)
    body = {"username": "helper9", "role": "leader", "password": accounts.DEMO_PASSWORD}
    answer = client.post(reverse("tournaments:people", args=[event.slug]), body)
    assert "printed in the app&#x27;s instructions" in answer.content.decode()
    assert not Users.objects.filter(username="helper9").exists()


def test_a_password_change_refuses_the_demo_password(client):
    """Changing one's own password to the demo's (any case) is refused; the old one stays."""
    Users.objects.create_user("margaret", password="Flag-Keeper-2026")
    client.force_login(Users.objects.get(username="margaret"))
    body = {
        "old_password": "Flag-Keeper-2026",
        "new_password1": "Whist-Demo",
        "new_password2": "Whist-Demo",
    }
    client.post(reverse("password_change"), body)
    assert Users.objects.get(username="margaret").check_password("Flag-Keeper-2026")


def test_the_admin_refuses_the_demo_password():
    """The admin's forms for a new account and a new password refuse the demo's."""
    from django.contrib.auth.forms import AdminPasswordChangeForm, UserCreationForm

    user = Users.objects.create_user("helper9")
    data = {"password1": accounts.DEMO_PASSWORD, "password2": accounts.DEMO_PASSWORD}
    assert not AdminPasswordChangeForm(user, data).is_valid()
    assert not UserCreationForm({"username": "helper10", **data}).is_valid()


def test_the_hall_refusal_names_the_command_that_fixes_each_account(demo):
    """An account given the demo's password before this check (a co-leader) is named with
    changepassword, the demo leader with remove_demo_leader."""
    helper = Users.objects.create_user("helper9")
    helper.set_password(accounts.DEMO_PASSWORD)  # as an older version let a leader do
    helper.save()
    names = accounts.published_password_users()
    said = accounts.open_door_fixes(names).splitlines()
    assert names == ["helper9", accounts.DEMO_USER]
    assert said[0].strip().startswith("helper9:") and said[0].endswith("changepassword helper9")
    assert said[1].strip().startswith("leader (the demo leader)")
    assert said[1].endswith("remove_demo_leader")
