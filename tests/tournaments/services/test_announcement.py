"""The end of a day on every screen, and the leader's announcement (issue 41 points 1 and 8)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests.leader_helpers import make_event, make_user, play, sent_by_phone
from tournaments.models import AuditEntry, Event
from tournaments.rules.errors import RulesError
from tournaments.services.announcement import announcement_set, hand_clock_set
from tournaments.services.closing import day_close
from tournaments.services.table_entry import table_entry_submit, table_tokens_issue

pytestmark = pytest.mark.django_db

OVER = "Day 1 is over: leave the flags on the tables, count them, wait for the verifiers."


def close(event, day):
    """The leader closes ``day`` without the verifiers' counts (they are not what is tested)."""
    day_close(event=event, day=day, close_incomplete=True, override_note="counts later", actor=None)


def two_days(slug="notice", tables=4):
    return make_event(slug, tables=tables, hands_per_day=(3, 3))


def test_hall_json_says_day_one_is_over_once_its_last_hand_is_in(client):
    """Hands 1-3 in, day 1 not closed: hall.json has no hand, says day 1 is over, after hand 3;
    closing day 1 opens hand 4."""
    event = two_days()
    play(event, [1, 2, 3])
    body = client.get(f"/events/{event.slug}/hall.json").json()
    assert (body["hand"], body["day_over"], body["all_played"], body["hands_played"]) == (
        None,
        1,
        False,
        3,
    )
    close(event, 1)
    body = client.get(f"/events/{event.slug}/hall.json").json()
    assert (body["hand"], body["day_over"]) == (4, None)


@pytest.mark.parametrize(
    "page", ["projector/", "projector/movement/", "projector/hall/", "tables/2/", ""]
)
def test_every_screen_says_the_day_is_over(client, page):
    """The projector, the movement screen, the hall map, a table's page and the event home
    say what the room does at the end of day 1."""
    event = two_days()
    play(event, [1, 2, 3])
    assert OVER in client.get(f"/events/{event.slug}/{page}").content.decode()


def test_hall_page_says_the_day_is_over(client):
    """/hall/ names the end of day 1 under the event."""
    event = two_days()
    play(event, [1, 2, 3])
    assert OVER in client.get("/hall/").content.decode()


def test_the_end_of_the_event_says_final_standings_after_the_count(client):
    """Every hand in, the last day not closed: "All 6 hands are played: final standings after
    the count." on the projector."""
    event = two_days()
    play(event, range(1, 7))
    page = client.get(f"/events/{event.slug}/projector/").content.decode()
    assert "All 6 hands are played: final standings after the count." in page


def entry_token(event, table):
    return table_tokens_issue(event=event, actor=None)[table]


def test_a_phone_cannot_enter_hand_four_before_day_one_is_closed(client):
    """At the end of day 1 the phone's page says why no hand is open, and a posted hand 4 is
    refused naming the day and the close."""
    event = two_days()
    play(event, [1, 2, 3])
    token = entry_token(event, 1)
    page = client.get(f"/enter/{token}/").content.decode()
    assert "Day 1 is over" in page and "Hand 4 opens here once the leader closes day 1" in page
    with pytest.raises(RulesError, match="Day 1 is over: hand 4 waits until the leader closes"):
        table_entry_submit(event=event, table=1, sent=sent_by_phone("phone-0001", 4, 8))


def test_a_phone_enters_hand_four_once_day_one_is_closed():
    """Day 1 closed: the phone's hand 4 is recorded."""
    event = two_days()
    play(event, [1, 2, 3])
    close(event, 1)
    event.refresh_from_db()
    outcome = table_entry_submit(event=event, table=1, sent=sent_by_phone("phone-0002", 4, 8))
    assert outcome.hand == 4


def test_an_assistant_shows_an_announcement_on_the_hall_json_and_the_table_page(client):
    """An assistant's announcement is in hall.json and on a table's page, audited; clearing it
    takes it off."""
    event = two_days()
    helper = make_user("helper", event, role="assistant")
    announcement_set(event=event, text="  Lunch   until 13:30  ", actor=helper)
    assert client.get(f"/events/{event.slug}/hall.json").json()["announcement"] == (
        "Lunch until 13:30"
    )
    assert "Lunch until 13:30" in client.get(f"/events/{event.slug}/tables/3/").content.decode()
    assert AuditEntry.objects.filter(event=event, action="announcement").exists()
    announcement_set(event=event, text="", actor=helper)
    assert client.get(f"/events/{event.slug}/hall.json").json()["announcement"] == ""
    assert "Lunch until" not in client.get(f"/events/{event.slug}/tables/3/").content.decode()


def test_someone_without_a_role_cannot_announce():
    """A signed-in user with no role in the event is refused and nothing changes."""
    event = two_days()
    stranger = make_user("stranger")
    with pytest.raises(PermissionDenied):
        announcement_set(event=event, text="Free drinks", actor=stranger)
    assert Event.objects.get(pk=event.pk).announcement == ""


@pytest.mark.parametrize(
    ("text", "why"),
    [("x" * 201, "has 201 characters; at most 200"), ("one\ntwo", "one line"), (5, "text")],
)
def test_a_bad_announcement_is_refused_with_its_reason(text, why):
    """Too long, two lines or not text: refused, saying why, and nothing is shown."""
    event = two_days()
    with pytest.raises(RulesError, match=why):
        announcement_set(event=event, text=text, actor=None)
    assert Event.objects.get(pk=event.pk).announcement == ""


def test_the_form_on_the_event_home_shows_it_and_goes_back(client):
    """The leader types on the event home; the page they come back to says it is shown."""
    event = two_days()
    client.force_login(make_user("lead", event))
    home = f"/events/{event.slug}/"
    assert 'name="announcement"' in client.get(home).content.decode()
    answer = client.post(
        f"/events/{event.slug}/announcement/",
        {"announcement": "Day 2 starts at 9:00", "next": home},
        follow=True,
    )
    assert answer.redirect_chain[-1][0] == home
    assert "Shown on every screen of the hall: Day 2 starts at 9:00" in answer.content.decode()


def test_a_too_long_announcement_from_the_form_says_why(client):
    """201 characters from /hall/'s form: the page says the length and nothing is shown."""
    event = two_days()
    client.force_login(make_user("lead", event))
    assert 'name="announcement"' in client.get("/hall/").content.decode()
    answer = client.post(
        f"/events/{event.slug}/announcement/", {"announcement": "y" * 201, "next": "/hall/"}
    )
    assert answer.status_code == 302 and answer["Location"] == "/hall/"
    page = client.get("/hall/").content.decode()
    assert "201 characters" in page
    assert Event.objects.get(pk=event.pk).announcement == ""


def test_a_visitor_cannot_post_an_announcement(client):
    """Nobody signed in: sent to log in, nothing shown."""
    event = two_days()
    answer = client.post(f"/events/{event.slug}/announcement/", {"announcement": "Hi"})
    assert answer.status_code == 302 and "login" in answer["Location"]
    assert Event.objects.get(pk=event.pk).announcement == ""


def test_an_assistant_starts_the_hand_clock_and_hall_json_gives_its_end(client):
    """7 minutes from an assistant: hall.json gives the end, about 7 minutes from now, the
    start is audited; stopping it gives null."""
    event = two_days()
    helper = make_user("helper", event, role="assistant")
    before = timezone.now()
    hand_clock_set(event=event, minutes="7", actor=helper)
    ends = client.get(f"/events/{event.slug}/hall.json").json()["clock_ends_at"]
    left = datetime.fromisoformat(ends) - before
    assert timedelta(minutes=7) <= left < timedelta(minutes=7, seconds=30)
    assert AuditEntry.objects.filter(event=event, action="hand clock started").exists()
    hand_clock_set(event=event, minutes="", actor=helper)
    assert client.get(f"/events/{event.slug}/hall.json").json()["clock_ends_at"] is None


@pytest.mark.parametrize("minutes", ["0", "121", "seven", "7.5", True])
def test_a_hand_clock_outside_1_to_120_minutes_is_refused(minutes):
    """0, 121, words, fractions or a true/false: refused naming the range, no clock runs."""
    event = two_days()
    with pytest.raises(RulesError, match="from 1 to 120"):
        hand_clock_set(event=event, minutes=minutes, actor=None)
    assert Event.objects.get(pk=event.pk).clock_ends_at is None


def test_someone_without_a_role_cannot_start_the_clock():
    """A signed-in user with no role in the event is refused and no clock runs."""
    event = two_days()
    with pytest.raises(PermissionDenied):
        hand_clock_set(event=event, minutes="5", actor=make_user("stranger"))
    assert Event.objects.get(pk=event.pk).clock_ends_at is None


def test_the_clock_form_on_the_event_home_starts_and_stops_it(client):
    """The leader starts 5 minutes from the event home (the page says so and a table's page
    carries the clock), then stops it."""
    event = two_days()
    client.force_login(make_user("lead", event))
    home = f"/events/{event.slug}/"
    answer = client.post(
        f"/events/{event.slug}/clock/", {"minutes": "5", "next": home}, follow=True
    )
    assert "The hand clock runs on every screen: 5 min." in answer.content.decode()
    ends = Event.objects.get(pk=event.pk).clock_ends_at.isoformat()
    assert f'data-ends="{ends}"' in client.get(f"/events/{event.slug}/tables/1/").content.decode()
    client.post(f"/events/{event.slug}/clock/", {"stop": "1", "next": home})
    assert Event.objects.get(pk=event.pk).clock_ends_at is None


SCREENS = ("projector/", "projector/hall/", "tables/2/", "hall.json", "projector/playoffs/", "")


def screen_queries(client, tables: int, at_most) -> list[int]:
    """The queries each screen costs, read once, at the end of day 1 with an announcement."""
    event = two_days(f"count{tables}", tables=tables)
    play(event, [1, 2, 3])
    announcement_set(event=event, text="Count your flags", actor=None)
    counts = []
    for page in SCREENS:
        with at_most(14) as queries:
            assert client.get(f"/events/{event.slug}/{page}").status_code == 200
        counts.append(len(queries))
    return counts


def test_the_screens_cost_as_many_queries_at_40_tables_as_at_4(
    client, django_assert_max_num_queries
):
    """The projector, the hall map, a table's page, hall.json, the playoffs screen and the
    event home at the end of day 1 cost the same few queries at 4 tables as at 40."""
    few = screen_queries(client, 4, django_assert_max_num_queries)
    assert screen_queries(client, 40, django_assert_max_num_queries) == few
