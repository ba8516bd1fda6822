"""Addresses of the practice room: the whist table and its JSON interface under api/, and each
other game's table, rules page and JSON interface under its own name."""

from django.urls import path

from ..views import practice, practice_room

app_name = "practice"

urlpatterns = [
    path("", practice_room.landing, name="page"),
    path("api/start/", practice.start, name="start"),
    path("api/state/", practice.state, name="state"),
    path("api/play/", practice.play, name="play"),
    # The practice room's other games (Militac, Militaire): views/practice_room.py.
    path("<slug:game>/", practice_room.table, name="table"),
    path("<slug:game>/rules/", practice_room.rules, name="rules"),
    path("<slug:game>/api/start/", practice_room.start, name="game_start"),
    path("<slug:game>/api/state/", practice_room.state, name="game_state"),
    path("<slug:game>/api/move/", practice_room.move, name="game_move"),
]
