"""Season coordinators, team-to-club matching and the archive's links."""

from __future__ import annotations

import pytest

from tests.leader_helpers import make_user
from tests.season_helpers import area, play_through, season
from tournaments import snapshot
from tournaments.archive import dumps, export_event
from tournaments.formats.csv_files import TeamRow
from tournaments.models import ClubEntry, ClubMatch, Event, SeasonRole, TeamSource
from tournaments.rules.clubs import Candidate, club_key, decide
from tournaments.rules.errors import RulesError
from tournaments.services import teams_replace
from tournaments.services.archive_import import import_event
from tournaments.services.clubs import match_confirm, match_separate
from tournaments.services.seasons import season_named

pytestmark = pytest.mark.django_db


def test_a_coordinator_leads_every_event_of_the_season_and_no_other(client):
    """A coordinator opens any event's set-up in the season; an event's leader only theirs."""
    made = season()
    other = area("elsewhere", 4, season=season_named("Other 2027"))
    coordinator = make_user("coord")
    SeasonRole.objects.create(season=made["area-1"].season, user=coordinator)
    leader = make_user("lead-1", made["area-1"])
    client.force_login(coordinator)
    for event in made.values():
        assert client.get(f"/events/{event.slug}/setup/").status_code == 200
        assert client.get(f"/events/{event.slug}/setup/links/").status_code == 200
    assert client.get(f"/events/{other.slug}/setup/").status_code == 403
    client.force_login(leader)
    assert client.get("/events/area-1/setup/").status_code == 200
    assert client.get("/events/area-2/setup/").status_code == 403
    assert client.get(f"/seasons/{made['area-1'].season.slug}/next-level/").status_code == 403


def test_a_coordinator_creates_the_next_level_from_the_seasons_page(client):
    """The next-level page makes the event with its links, for a coordinator who is not staff."""
    made = season(areas=2, tables=4)
    coordinator = make_user("coord")
    SeasonRole.objects.create(season=made["area-1"].season, user=coordinator)
    client.force_login(coordinator)
    response = client.post(
        f"/seasons/{made['area-1'].season.slug}/next-level/",
        {"name": "Zone 9", "slug": "zone-9", "level": "zone", "hands_per_day": "6",
         "sources": ["area-1", "area-2"]},
    )  # fmt: skip
    assert response.status_code == 302
    zone = Event.objects.get(slug="zone-9")
    assert zone.season == made["area-1"].season and zone.tables == 4
    assert set(TeamSource.objects.filter(event=zone).values_list("source_slug", flat=True)) == {
        "area-1", "area-2"
    }  # fmt: skip


def test_the_next_level_page_of_a_provincial_alone_says_why_nothing_is_offered(client):
    """A season holding only a Provincial offers no event to go on from and says why: a
    Provincial is the last level; no empty form is shown."""
    made = season(areas=2, tables=4)
    only = season_named("Provincial only 2027")
    provincial = area("prov-only", 4, season=only)
    Event.objects.filter(pk=provincial.pk).update(level="provincial")
    client.force_login(make_user("staff", is_staff=True))
    body = " ".join(client.get(f"/seasons/{only.slug}/next-level/").content.decode().split())
    assert "is a Provincial, the last level: no event comes after it" in body
    assert "This season has no Area or Zone event to go on from" in body
    assert 'type="checkbox"' not in body and "Create the event" not in body
    areas = client.get(f"/seasons/{made['area-1'].season.slug}/next-level/").content.decode()
    assert 'value="area-1"' in areas and "Create the event" in areas


def test_next_level_teams_keep_the_club_of_the_team_they_came_from():
    """A zone's team is linked to its area's team, so it is the same club, with certainty."""
    made = season()
    for entry in ClubEntry.objects.filter(event=made["provincial"]):
        link = TeamSource.objects.get(event=made["provincial"], team=entry.team)
        source = Event.objects.get(slug=link.source_slug)
        before = ClubEntry.objects.get(
            event=source, team=snapshot.team_at(source, link.source_table).name
        )
        assert entry.match == ClubMatch.LINKED and entry.club_id == before.club_id


def rows(names_players):
    return [TeamRow(0, t, name, "", *players) for t, (name, players) in enumerate(names_players, 1)]


def test_same_name_and_players_is_one_club_but_other_players_wait_for_the_leader(client):
    """Next year, a club with two players back is matched; one with new players is proposed,
    counts on no club page, and joins it only when the leader confirms."""
    first = area("area-2026", 3)
    next_year = area("area-2027", 3)
    teams_replace(
        event=next_year,
        rows=rows([
            ("area-2026 Club 1", ("A1 area-2026", "B1 area-2026", "New X", "New Y")),
            ("AREA-2026 club 2", ("P", "Q", "R", "S")),
            ("Somewhere Else", ("T", "U", "V", "W")),
        ]),
        actor=None,
    )  # fmt: skip
    entries = {e.team: e for e in ClubEntry.objects.filter(event=next_year)}
    old = {e.team: e for e in ClubEntry.objects.filter(event=first)}
    assert entries["area-2026 Club 1"].match == ClubMatch.SAME
    assert entries["area-2026 Club 1"].club_id == old["area-2026 Club 1"].club_id
    proposed = entries["AREA-2026 club 2"]
    assert proposed.match == ClubMatch.PROPOSED
    assert proposed.club_id == old["area-2026 Club 2"].club_id
    assert entries["Somewhere Else"].match == ClubMatch.NEW
    club_url = f"/clubs/{proposed.club.slug}/"
    play_through(next_year)
    assert "area-2027" not in client.get(club_url).content.decode()
    match_confirm(event=next_year, team="AREA-2026 club 2", actor=None)
    assert "Event area-2027" in client.get(club_url).content.decode()


def test_the_leader_can_say_a_proposed_team_is_another_club():
    """ "Another club" makes a club of its own, with its own page; the old club is unchanged."""
    area("area-a", 2)
    later = area("area-b", 2)
    teams_replace(
        event=later,
        rows=rows([("area-a Club 1", ("P", "Q", "R", "S")), ("Other", ("T", "U", "V", "W"))]),
        actor=None,
    )
    entry = match_separate(event=later, team="area-a Club 1", actor=None)
    assert entry.club.slug == "area-a-club-1-2" and entry.match == ClubMatch.CONFIRMED


def test_the_matching_rule_asks_about_a_renamed_club_with_the_same_players():
    """Three players in common under another name is a proposal, never a silent merge."""
    candidate = Candidate(7, club_key("Legion 25"), ("Ann", "Bob", "Cy", "Di"))
    assert decide("Legion Branch 25", ("ann", "BOB", "Cy", "Ed"), [candidate]).match == "proposed"
    assert decide("LEGION 25", ("Ann", "Bob", "Z", "Y"), [candidate]).match == "same"
    assert decide("Légion 25", ("Ann", "X", "Z", "Y"), [candidate]).match == "proposed"
    assert decide("Elsewhere", ("Ann", "X", "Z", "Y"), [candidate]).match == "new"


def test_a_provincial_archive_restores_with_its_links_on_another_installation():
    """Export, delete everything, import: the links and season come back, byte for byte."""
    made = season()
    text = dumps(export_event(made["provincial"]))
    links = sorted(TeamSource.objects.filter(event=made["provincial"]).values_list(
        "team", "source_slug", "place", "source_table"))  # fmt: skip
    season_name = made["provincial"].season.name
    import json

    archive = json.loads(text)
    assert archive["version"] == 2 and archive["links"]["sources"] == ["zone-1", "zone-2"]
    Event.objects.all().delete()
    restored = import_event(archive)
    assert restored.season.name == season_name
    assert sorted(TeamSource.objects.filter(event=restored).values_list(
        "team", "source_slug", "place", "source_table")) == links  # fmt: skip
    assert dumps(export_event(restored)) == text


def test_a_version_1_archive_still_imports_into_its_years_season():
    """An archive written before seasons imports, into the season of its first day's year."""
    made = season(areas=1, tables=4)
    archive = export_event(made["area-1"])
    archive["version"] = 1
    del archive["links"]
    del archive["event"]["season"]
    archive["event"]["starts_on"] = "2024-06-01"
    Event.objects.filter(slug="area-1").delete()
    assert import_event(archive).season.name == "2024"


@pytest.mark.parametrize("path", ["event.season", "links"])
def test_a_version_2_archive_without_its_season_or_links_is_refused(path):
    """A version 2 archive always carries its season and links: one without them was cut,
    and is refused with the field named, nothing imported."""
    made = season(areas=1, tables=4)
    archive = export_event(made["area-1"])
    if path == "links":
        del archive["links"]
    else:
        del archive["event"]["season"]
    Event.objects.filter(slug="area-1").delete()
    with pytest.raises(RulesError) as refused:
        import_event(archive)
    assert path in refused.value.message
    assert not Event.objects.filter(slug="area-1").exists()
