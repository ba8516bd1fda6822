"""The hall's side of publishing: the target and its address, the sender against a province
that answers as the real one does (in order, resend from the revision it needs, refusals),
the leader's status line, and a save that never waits for the network."""

from __future__ import annotations

import threading
import time
import urllib.error
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from tests.leader_helpers import make_event, make_user, play
from tournaments.models import PublishTarget
from tournaments.publishing import sender, target
from tournaments.rules.errors import RulesError
from tournaments.services import standby


class Province:
    """Answers publications as the province's door does, from what it holds."""

    def __init__(self) -> None:
        self.holds, self.source, self.received = 0, None, []
        self.down = False
        self.answer = None  # a fixed answer, (status, JSON)

    def post(self, url: str, key: str, body: bytes):
        import json

        if self.down:
            raise urllib.error.URLError("Network is unreachable")
        if self.answer is not None:
            return self.answer
        change = json.loads(body)
        if self.source not in (None, change["source"]):
            return 409, {"error": "Another hall publishes this event."}
        if change["base"] != self.holds:
            return 409, {"error": "send from there", "needs": self.holds}
        self.received.append(change)
        self.holds, self.source = change["revision"], change["source"]
        return 200, {"revision": change["revision"]}


@pytest.fixture(autouse=True)
def _fresh_sender(monkeypatch):
    """Each test starts with a sender that knows no target yet, as a fresh hall server."""
    monkeypatch.setattr(sender, "sender", sender.Sender())
    monkeypatch.setattr(sender, "GAP", 0)  # each round may publish (GAP: its own test)


@pytest.fixture
def province(monkeypatch):
    found = Province()
    monkeypatch.setattr(sender, "_post", found.post)
    return found


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("https://whist.example.org", "https://whist.example.org"),
        ("https://whist.example.org/", "https://whist.example.org"),
        ("https://example.org/province/", "https://example.org/province"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("http://localhost:8000/", "http://localhost:8000"),
        ("http://[::1]:8000", "http://[::1]:8000"),
    ],
)
def test_the_address_is_https_or_this_machine(url, kept):
    assert target.checked_url(url) == kept


@pytest.mark.parametrize(
    "url",
    ["http://whist.example.org", "http://192.168.1.10:8000", "ftp://x.org", "whist.example.org",
     "https://x.org/?a=1", ""],
)  # fmt: skip
def test_other_addresses_are_refused(url):
    with pytest.raises(RulesError):
        target.checked_url(url)


@pytest.mark.django_db
def test_the_command_refuses_http_to_the_internet():
    make_event("games", tables=4)
    with pytest.raises(CommandError, match="HTTPS"):
        call_command("publish", "games", "--to", "http://whist.example.org", "--key", "k")
    assert not PublishTarget.objects.exists()


@pytest.mark.django_db
def test_every_change_goes_in_order_once(province):
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    play(event, [1])
    sender.sender.round()
    play(event, [2])
    play(event, [3])
    sender.sender.round()
    sender.sender.round()  # nothing new: nothing sent
    event.refresh_from_db()
    steps = [(c["base"], c["revision"]) for c in province.received]
    assert steps[0][0] == 0 and steps[-1][1] == event.revision
    assert all(a[1] == b[0] for a, b in zip(steps, steps[1:], strict=False))
    assert [c["whole"] for c in province.received] == [True] + [False] * (len(steps) - 1)
    assert province.received[-1]["hands"] == [2, 3]
    assert "secrets" not in province.received[0]["archive"]
    assert "audit" not in province.received[0]["archive"]


@pytest.mark.django_db
def test_the_province_behind_gets_every_change_again_from_what_it_holds(province):
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    play(event, [1, 2])
    sender.sender.round()
    province.holds = 0  # the province's copy restored from an older state
    province.received.clear()
    play(event, [3])
    sender.sender.round()
    assert [c["base"] for c in province.received] == [0]
    assert province.received[0]["whole"]


@pytest.mark.django_db
def test_no_internet_is_shown_with_the_changes_waiting(client, province):
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    play(event, [1])
    sender.sender.round()
    leader = make_user("lead", event)
    client.force_login(leader)
    page = client.get(reverse("tournaments:setup", args=["games"])).content.decode()
    event.refresh_from_db()
    assert "Published to whist.example.org" in page
    assert f"(revision {event.revision})" in page
    province.down = True
    play(event, [2, 3])
    sender.sender.next_try.clear()
    sender.sender.round()
    assert sender.sender.next_try  # tried again later, not at once
    kept = sender.sender.known[event.pk]
    kept.failing_since = timezone.now() - timedelta(minutes=20)
    event.refresh_from_db()
    waiting = event.revision - kept.sent_revision
    page = client.get(reverse("tournaments:event", args=["games"])).content.decode()
    assert f"Not published for 20 min: no internet ({waiting} changes waiting)" in page
    province.down = False
    sender.sender.next_try.clear()
    sender.sender.round()
    page = client.get(reverse("tournaments:setup", args=["games"])).content.decode()
    assert "Not published" not in page
    assert f"(revision {event.revision})" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        ((403, {"error": "This publishing key is not valid for this event."}), "refused the key"),
        ((409, {"error": "Another hall publishes this event."}), "Another hall publishes"),
    ],
)
def test_a_refusal_resending_cannot_mend_stops_until_publish_again(province, answer, shown):
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    province.answer = answer
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    play(event, [1])
    sender.sender.round()
    found = PublishTarget.objects.get()
    assert found.stopped and shown in found.error
    province.answer = None
    sender.sender.round()
    assert not province.received  # stopped: not tried again by itself
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k2")
    assert len(province.received) == 1  # the command tries at once
    assert not PublishTarget.objects.get().stopped


@pytest.mark.django_db(transaction=True)
def test_a_save_never_waits_for_the_network(monkeypatch):
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    sending, release = threading.Event(), threading.Event()

    def stuck(url, key, body):
        sending.set()
        release.wait(30)  # a network that does not answer
        raise urllib.error.URLError("timed out")

    monkeypatch.setattr(sender, "_post", stuck)
    worker = sender.Sender()
    play(event, [1])
    thread = threading.Thread(target=worker.round, daemon=True)
    thread.start()
    assert sending.wait(10)
    began = time.monotonic()
    play(event, [2])
    took = time.monotonic() - began
    release.set()
    thread.join(10)
    assert took < 2, f"a save took {took:.1f} s while the sender waited on the network"
    assert "no internet" in PublishTarget.objects.get().error


@pytest.mark.django_db
def test_a_busy_hands_saves_make_one_publication_every_gap(province, monkeypatch):
    monkeypatch.setattr(sender, "GAP", 60)
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    for hand in (1, 2, 3):
        play(event, [hand])
        sender.sender.round()
    assert len(province.received) == 2  # the command's, then one; hands 2 and 3 wait
    sender.sender.next_try.clear()  # GAP seconds later
    sender.sender.round()
    assert province.received[-1]["hands"] == [2, 3]


@pytest.mark.django_db
def test_a_hall_replaced_by_its_standby_publishes_no_more(province):
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    call_command("publish", "games", "--to", "https://whist.example.org", "--key", "wdp_k")
    play(event, [1])
    sent = len(province.received)
    standby.replaced_by(standby="http://192.168.1.13:8000", since=timezone.now())
    sender.sender.round()
    assert len(province.received) == sent  # not even hand 1: the standby, which has it, will
    found = PublishTarget.objects.get()
    assert found.stopped and "replaced by its standby" in found.error


@pytest.mark.django_db
def test_publishing_stopped_and_started_again_resumes_as_the_same_halls_copy(province):
    """`publish --stop` at lunch, `publish --to … --key …` after it: the province, which
    refuses another hall's copy, takes the hall's next changes where it stopped."""
    event = make_event("games", tables=4, hands_per_day=(6, 4))
    url = "https://whist.example.org"
    call_command("publish", "games", "--to", url, "--key", "wdp_k")
    play(event, [1])
    sender.sender.round()
    sent = len(province.received)
    call_command("publish", "games", "--stop")
    play(event, [2])
    sender.sender.round()  # stopped: nothing sent, and no key kept
    assert len(province.received) == sent
    assert not PublishTarget.objects.exclude(key="").exists()
    call_command("publish", "games", "--to", url, "--key", "wdp_k")
    play(event, [3])
    sender.sender.round()
    event.refresh_from_db()
    assert province.holds == event.revision
    assert {c["source"] for c in province.received} == {province.source}
    again = province.received[sent:]
    assert not any(c["whole"] for c in again)  # resumed, not started afresh
    assert sorted(h for c in again for h in c["hands"]) == [2, 3]
