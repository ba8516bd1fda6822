from django.urls import path

from .views import public

app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="event_list"),
    path("healthz", public.healthz, name="healthz"),
    path("events/<slug:slug>/", public.event_home, name="event"),
    path("events/<slug:slug>/standings/", public.standings_page, name="standings"),
    path("events/<slug:slug>/rotation/", public.rotation_page, name="rotation"),
    path("events/<slug:slug>/standings.json", public.standings_json, name="standings_json"),
    path("events/<slug:slug>/rotation.json", public.rotation_json, name="rotation_json"),
]
