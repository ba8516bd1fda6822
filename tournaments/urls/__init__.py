"""Event addresses. Page addresses stay stable: printed QR codes and bookmarks point at them.

The leader's pages and the printouts keep their routes in their own modules; they share the
``tournaments`` namespace.
"""

from django.urls import path

from ..views import devices, hall, public, publishing, publishing_page, standby, table_entry
from .leader import urlpatterns as leader_patterns
from .printing import urlpatterns as print_patterns
from .seasons import urlpatterns as season_patterns

app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="event_list"),
    path("healthz", public.healthz, name="healthz"),
    path("favicon.ico", public.favicon, name="favicon"),
    path("hall/", hall.hall_page, name="hall"),
    path("hall/device/", devices.hall_admit, name="hall_admit"),
    path("hall/devices/", devices.hall_devices, name="hall_devices"),
    path("hall/standby/", standby.standby_page, name="standby"),
    path("standby.json", standby.standby_json, name="standby_json"),
    path("standby/pair", standby.pair, name="standby_pair"),
    path("standby/changes", standby.changes, name="standby_changes"),
    path("events/<slug:slug>/", public.event_home, name="event"),
    path("events/<slug:slug>/standings/", public.standings_page, name="standings"),
    path("events/<slug:slug>/rotation/", public.rotation_page, name="rotation"),
    path("events/<slug:slug>/standings.json", public.standings_json, name="standings_json"),
    path("events/<slug:slug>/rotation.json", public.rotation_json, name="rotation_json"),
    path("events/<slug:slug>/hall.json", public.hall_json, name="hall_json"),
    path("enter/<str:token>/", table_entry.entry_page, name="table_entry"),
    path("events/<slug:slug>/publish/", publishing.publish, name="publish"),
    path(
        "events/<slug:slug>/setup/publishing/",
        publishing_page.publishing_page,
        name="publishing",
    ),
    *leader_patterns,
    *print_patterns,
    *season_patterns,
]
