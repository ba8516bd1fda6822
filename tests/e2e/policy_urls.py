"""The app's addresses and two that only the policy's browser tests open: a server error (the
app's own 500 page) and a page that breaks the policy (to show the tests hear a violation)."""

from django.http import HttpResponse
from django.urls import path

from whistdirector.urls import handler400
from whistdirector.urls import urlpatterns as app_patterns

BREAKS_THE_POLICY = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Inline</title></head><body><p id="styled" style="color: red">inline style</p>
<button type="button" onclick="document.title = 'handler ran'">inline handler</button>
<script>document.title = "script ran";</script></body></html>"""


def server_error(request):
    raise RuntimeError("a deliberate server error, for the 500 page")


def breaks_the_policy(request):
    return HttpResponse(BREAKS_THE_POLICY)


urlpatterns = [
    path("boom/", server_error),
    path("breaks-the-policy/", breaks_the_policy),
    *app_patterns,
]

__all__ = ["handler400", "urlpatterns"]
