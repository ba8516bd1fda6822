"""Addresses of the practice room: the whist table and its JSON interface under api/, and each
other game's table, rules page and JSON interface under its own name."""

from django.urls import path

from .views import room, whist

app_name = "practice"

urlpatterns = [
    path("", room.landing, name="page"),
    path("api/start/", whist.start, name="start"),
    path("api/state/", whist.state, name="state"),
    path("api/play/", whist.play, name="play"),
    # The practice room's other games (Militac, Militaire): views/room.py.
    path("<slug:game>/", room.table, name="table"),
    path("<slug:game>/rules/", room.rules, name="rules"),
    path("<slug:game>/api/start/", room.start, name="game_start"),
    path("<slug:game>/api/state/", room.state, name="game_state"),
    path("<slug:game>/api/move/", room.move, name="game_move"),
]
