from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("practice/", include("tournaments.urls.practice")),
    path("", include("tournaments.urls")),
]

# A paste too large to read gets a page that says so (tournaments.views.errors).
handler400 = "tournaments.views.errors.bad_request"
