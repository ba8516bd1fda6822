"""The leader's pages (set-up, the hand grid, corrections, day close) and the public projector
and table pages (routes only)."""

from django.urls import path

from ..views import (
    announcement,
    closing,
    hand_grid,
    people,
    playoffs,
    playoffs_screen,
    records,
    setup,
    standings,
    table,
    table_links,
)

urlpatterns = [
    path("new-event/", setup.event_new, name="event_new"),
    path("restore/", records.event_restore, name="event_restore"),
    path("events/<slug:slug>/archive.json", records.event_archive, name="event_archive"),
    path("events/<slug:slug>/delete/", records.event_delete, name="event_delete"),
    path("events/<slug:slug>/setup/results/", records.results_import, name="results_import"),
    path("events/<slug:slug>/setup/", setup.setup, name="setup"),
    path("events/<slug:slug>/setup/teams/", setup.teams, name="teams"),
    path(
        "events/<slug:slug>/setup/teams/template.csv",
        setup.teams_template,
        name="teams_template",
    ),
    path("events/<slug:slug>/setup/people/", people.people_page, name="people"),
    path(
        "events/<slug:slug>/setup/table-entry/",
        table_links.table_links_page,
        name="table_links",
    ),
    path("events/<slug:slug>/setup/tables/", setup.tables_assign, name="tables_assign"),
    path("events/<slug:slug>/hands/", hand_grid.hand_list, name="hands"),
    path("events/<slug:slug>/hands/go/", hand_grid.hand_jump, name="hand_jump"),
    path("events/<slug:slug>/hands/<int:number>/", hand_grid.hand_grid, name="hand_grid"),
    path("events/<slug:slug>/hands/<int:number>/trump/", hand_grid.hand_trump, name="hand_trump"),
    path("events/<slug:slug>/hands/<int:number>/rows.json", hand_grid.hand_rows, name="hand_rows"),
    path(
        "events/<slug:slug>/hands/<int:number>/accept/", hand_grid.hand_accept, name="hand_accept"
    ),
    path("events/<slug:slug>/close/", closing.close_list, name="close_list"),
    path("events/<slug:slug>/close/<int:day>/", closing.close_day, name="close_day"),
    path(
        "events/<slug:slug>/close/<int:day>/<int:session>/",
        closing.close_day,
        name="close_session",
    ),
    path("events/<slug:slug>/close/<int:day>/counts/", closing.counts_typed, name="counts_typed"),
    path(
        "events/<slug:slug>/close/<int:day>/<int:session>/counts/",
        closing.counts_typed,
        name="session_counts_typed",
    ),
    path("events/<slug:slug>/playoffs/", playoffs.playoffs, name="playoffs"),
    path("events/<slug:slug>/announcement/", announcement.announcement, name="announcement"),
    path("events/<slug:slug>/clock/", announcement.hand_clock, name="hand_clock"),
    path("events/<slug:slug>/standings.csv", standings.standings_csv, name="standings_csv"),
    path("events/<slug:slug>/projector/", standings.projector, name="projector"),
    path("events/<slug:slug>/projector/hall/", standings.hall_map, name="hall_map"),
    path(
        "events/<slug:slug>/projector/playoffs/",
        playoffs_screen.playoffs_projector,
        name="playoffs_projector",
    ),
    path(
        "events/<slug:slug>/projector/movement/",
        standings.movement_projector,
        name="movement_projector",
    ),
    path("events/<slug:slug>/tables/<int:number>/", table.table_page, name="table"),
]
