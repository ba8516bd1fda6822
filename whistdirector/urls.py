from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from tournaments.views.js_catalog import js_catalog

# Django's account pages but its password reset: the app sends no mail, so a reset could only
# fail (a leader gives a helper a new password: changepassword, or the admin).
ACCOUNT_PAGES = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include(ACCOUNT_PAGES)),
    # The English/Français switch sits on every page, public ones too: without a CSRF token
    # there, a phone's standings page stays one shared rendering
    # (tournaments/shared_pages/decorators.py). Someone else switching a reader's language is
    # harmless.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("i18n/catalog.js", js_catalog, name="js_catalog"),
    path("practice/", include("practice.urls")),
    path("", include("tournaments.urls")),
]

# A paste too large to read gets a page that says so (tournaments.views.errors).
handler400 = "tournaments.views.errors.bad_request"
