"""Addresses of the practice player: the card table and the JSON interface under api/."""

from django.urls import path

from ..views import practice

app_name = "practice"

urlpatterns = [
    path("", practice.page, name="page"),
    path("api/start/", practice.start, name="start"),
    path("api/state/", practice.state, name="state"),
    path("api/play/", practice.play, name="play"),
]
