"""The leader's pages in the hall: a phone on the Wi-Fi reaches no login form and no admin unless
a leader let it in with a code from the laptop; the laptop, the demo and hosted servers are as
before; the demo's debug pages answer this computer only; no password-reset page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from tests.leader_helpers import PASSWORD, make_user
from tournaments.models import AuditEntry, HallDevice
from tournaments.services import devices
from tournaments.services.table_entry import table_tokens_issue
from tournaments.views.devices import WRONG_CODES

pytestmark = pytest.mark.django_db
PHONE, OTHER_PHONE, LAPTOP = "192.168.1.50", "192.168.1.51", "127.0.0.1"
hall_mode = override_settings(HALL=True)


def phone(address: str = PHONE) -> Client:
    return Client(REMOTE_ADDR=address, HTTP_USER_AGENT="Helper's phone")


def leader_with_password(event=None):
    leader = make_user("margaret", event, is_staff=event is None)
    leader.set_password(PASSWORD)
    leader.save()
    return leader


def code_from_the_laptop(leader) -> str:
    return devices.code_issue(actor=leader).code


def admitted_phone(leader, address: str = PHONE) -> Client:
    client = phone(address)
    answer = client.post("/hall/device/", {"code": code_from_the_laptop(leader), "next": "/"})
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    return client


def log_in(client: Client):
    return client.post("/accounts/login/", {"username": "margaret", "password": PASSWORD})


@hall_mode
@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/", "/admin/login/"])
def test_a_phone_in_the_hall_reaches_no_login_form(path):
    """A phone on the hall's Wi-Fi asking for the login or the admin gets the page saying
    where they open, and no password field."""
    answer = phone().get(path)
    text = answer.content.decode()
    assert answer.status_code == 403
    assert "Leader pages open on the hall laptop" in text and 'type="password"' not in text


@hall_mode
def test_a_phone_in_the_hall_is_sent_from_a_leader_page_to_no_login_form(event):
    """A leader page asked by a phone leads to the same page, never a login form."""
    answer = phone().get(f"/events/{event.slug}/setup/", follow=True)
    assert answer.status_code == 403 and 'type="password"' not in answer.content.decode()


@hall_mode
def test_a_phone_in_the_hall_still_reads_public_pages_and_enters_its_table(event):
    """Standings, the hall page and a table's entry address stay open to every phone."""
    token = table_tokens_issue(event=event, actor=None)[1]
    client = phone()
    for path in ("/", "/hall/", f"/events/{event.slug}/standings/", f"/enter/{token}/"):
        assert client.get(path).status_code == 200, path


@hall_mode
def test_the_laptop_in_the_hall_logs_in_as_before(db):
    """On the hall laptop itself the login form answers and the leader logs in."""
    leader_with_password()
    client = Client(REMOTE_ADDR=LAPTOP)
    assert 'type="password"' in client.get("/accounts/login/").content.decode()
    assert log_in(client).status_code == 302
    assert client.get("/hall/devices/").status_code == 200


@override_settings(HALL=True, HALL_OWN_ADDRESSES=frozenset({"192.168.1.20"}))
def test_the_laptops_browser_on_the_halls_own_address_is_still_the_laptop(db):
    """The leader's browser on the laptop opening http://192.168.1.20:8000 (the address the
    hall prints) gets the login form: that address is the laptop's own, not a phone's."""
    leader_with_password()
    client = Client(REMOTE_ADDR="192.168.1.20")
    assert 'type="password"' in client.get("/accounts/login/").content.decode()
    assert phone("192.168.1.21").get("/accounts/login/").status_code == 403


@hall_mode
def test_the_leader_makes_a_code_on_the_laptop_and_reads_it_there(event):
    """People links to the helpers' phones page, where a leader's new code shows."""
    leader = leader_with_password(event)
    laptop = Client(REMOTE_ADDR=LAPTOP)
    laptop.force_login(leader)
    assert "/hall/devices/" in laptop.get(f"/events/{event.slug}/setup/people/").content.decode()
    page = laptop.post("/hall/devices/", {"issue": "1"}, follow=True).content.decode()
    assert HallDevice.objects.get().code in page


@hall_mode
def test_a_phone_let_in_with_a_code_logs_in_and_opens_leader_pages(event):
    """With a code made on the laptop, the phone gets the login form and the leader's pages;
    making the code and letting the phone in are audited."""
    leader = leader_with_password(event)
    client = admitted_phone(leader)
    assert 'type="password"' in client.get("/accounts/login/").content.decode()
    assert log_in(client).status_code == 302
    assert client.get(f"/events/{event.slug}/setup/").status_code == 200
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"device code issued", "device admitted"} <= actions


@hall_mode
def test_a_code_lets_one_phone_in_once(event):
    """The same code typed on a second phone is refused, and that phone stays out."""
    leader = leader_with_password(event)
    code = code_from_the_laptop(leader)
    assert phone().post("/hall/device/", {"code": code}).status_code == 302
    second = phone(OTHER_PHONE)
    answer = second.post("/hall/device/", {"code": code})
    assert answer.status_code == 400 and "Ask the leader for a new one" in answer.content.decode()
    assert second.get("/accounts/login/").status_code == 403


@hall_mode
def test_a_code_older_than_ten_minutes_lets_nobody_in(event):
    """A code typed after its ten minutes is refused and admits nothing."""
    leader = leader_with_password(event)
    code = code_from_the_laptop(leader)
    HallDevice.objects.update(issued_at=timezone.now() - timedelta(minutes=11))
    assert phone().post("/hall/device/", {"code": code}).status_code == 400
    assert not HallDevice.objects.filter(admitted_at__isnull=False).exists()


@hall_mode
def test_wrong_codes_from_one_phone_are_stopped(event):
    """After ten wrong codes, even the right one from that phone waits."""
    code = code_from_the_laptop(leader_with_password(event))
    client = phone()
    for _ in range(WRONG_CODES):
        client.post("/hall/device/", {"code": "WRONG1"})
    answer = client.post("/hall/device/", {"code": code})
    assert answer.status_code == 400 and "Too many wrong codes" in answer.content.decode()


@hall_mode
def test_a_session_cookie_copied_to_another_phone_opens_nothing(event):
    """A helper's session cookie read off the Wi-Fi, used from another phone without the
    admitted device's cookie, is nobody's session there."""
    leader = leader_with_password(event)
    helper = admitted_phone(leader)
    log_in(helper)
    thief = phone(OTHER_PHONE)
    thief.cookies["sessionid"] = helper.cookies["sessionid"].value
    assert thief.get(f"/events/{event.slug}/setup/").status_code == 302


@hall_mode
def test_a_removed_phone_is_shut_out_again(event):
    """Once the leader removes the phone on the laptop, its login opens no leader page; the
    removal is audited."""
    leader = leader_with_password(event)
    helper = admitted_phone(leader)
    log_in(helper)
    laptop = Client(REMOTE_ADDR=LAPTOP)
    laptop.force_login(leader)
    device = HallDevice.objects.get(admitted_at__isnull=False)
    assert laptop.post("/hall/devices/", {"remove": device.pk}).status_code == 302
    assert helper.get(f"/events/{event.slug}/setup/").status_code == 302
    assert helper.get("/accounts/login/").status_code == 403
    assert AuditEntry.objects.filter(action="device removed").exists()


@hall_mode
def test_codes_are_made_on_the_laptop_only(event):
    """A leader logged in on an admitted phone cannot make codes for other phones."""
    leader = leader_with_password(event)
    helper = admitted_phone(leader)
    log_in(helper)
    assert helper.post("/hall/devices/", {"issue": "1"}).status_code == 403
    assert HallDevice.objects.filter(admitted_at__isnull=True).count() == 0


@hall_mode
def test_only_a_leader_makes_codes(event):
    """An assistant on the laptop may not let phones in, and no code is made."""
    assistant = make_user("sam", event, role="assistant")
    laptop = Client(REMOTE_ADDR=LAPTOP)
    laptop.force_login(assistant)
    assert laptop.post("/hall/devices/", {"issue": "1"}).status_code == 403
    assert not HallDevice.objects.exists()


def test_a_hosted_server_shows_its_login_form_to_any_device(db):
    """Outside the hall (a hosted server behind its proxy), the login form answers every
    visitor, and there are no device codes."""
    client = phone()
    assert 'type="password"' in client.get("/accounts/login/").content.decode()
    assert client.get("/hall/device/").status_code == 404


@pytest.mark.parametrize(
    "path", ["/accounts/password_reset/", "/accounts/password_reset/done/", "/accounts/reset/MQ/x/"]
)
def test_there_is_no_password_reset_page(db, path):
    """The app sends no mail, so no page offers a password reset."""
    assert Client().get(path).status_code == 404


@override_settings(DEBUG=True)
def test_the_demo_answers_another_device_with_no_page(db):
    """With debug on, a request from another device gets one line and no debug page, even for
    an address that does not exist; this computer still gets its pages."""
    answer = Client(REMOTE_ADDR="192.0.2.7", HTTP_HOST="localhost").get("/no-such-page/")
    assert answer.status_code == 403 and b"this computer only" in answer.content
    assert Client(REMOTE_ADDR=LAPTOP).get("/").status_code == 200
