"""A province's seasons, clubs and the open-data API (routes only)."""

from __future__ import annotations

from django.urls import path

from ..views import api, season_admin, seasons

urlpatterns: list = [
    path("seasons/", seasons.season_list, name="season_list"),
    path("seasons/<slug:slug>/", seasons.season_page, name="season"),
    path("seasons/<slug:slug>/results.csv", seasons.season_csv, name="season_csv"),
    path("seasons/<slug:slug>/results.pdf", seasons.season_sheet, name="season_sheet"),
    path("seasons/<slug:slug>/calendar.ics", seasons.season_calendar, name="season_calendar"),
    path("seasons/<slug:slug>/coordinators/", season_admin.season_people, name="season_people"),
    path("seasons/<slug:slug>/next-level/", season_admin.next_level, name="next_level"),
    # public_page keys a page by its address's first argument: every club's list has none.
    path("clubs/", seasons.club_list, {"slug": "all"}, name="club_list"),
    path("clubs/<slug:slug>/", seasons.club_page, name="club"),
    path("clubs/<slug:slug>/players/<str:player>/", seasons.club_player, name="club_player"),
    path("events/<slug:slug>/setup/links/", season_admin.event_links, name="event_links"),
    path("events/<slug:slug>/setup/clubs/", season_admin.club_matches, name="club_matches"),
    path("api/v1/seasons/", api.seasons, name="api_seasons"),
    path("api/v1/seasons/<str:slug>/", api.season, name="api_season"),
    path("api/v1/clubs/<str:slug>/", api.club, name="api_club"),
    path("api/v1/events/<str:slug>/standings", api.event_standings, name="api_standings"),
    path("api/v1/events/<str:slug>/rotation", api.event_rotation, name="api_rotation"),
    path("api/v1/events/<str:slug>/results", api.event_results, name="api_results"),
]
