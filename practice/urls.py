"""Addresses of the practice room: the whist table and its JSON interface under api/, and each
other game's table, rules page and JSON interface under its own name."""

from django.urls import path

from .views import room, whist

app_name = "practice"

urlpatterns = [
    path("", room.landing, name="page"),
    path("api/start/", whist.start, name="start"),
    path("api/state/", whist.state_view, name="state"),
    path("api/play/", whist.play, name="play"),
    path("api/undo/", whist.undo, name="undo"),
    path("api/hint/", whist.hint, name="hint"),
    path("api/review/", whist.review, name="review"),
    # The rules of each game; the practice room's other games (Militac, Militaire): room.py.
    path("<slug:game>/rules/", room.rules, name="rules"),
    path("<slug:game>/", room.table, name="table"),
    path("<slug:game>/api/start/", room.start, name="game_start"),
    path("<slug:game>/api/state/", room.state, name="game_state"),
    path("<slug:game>/api/move/", room.move, name="game_move"),
]
