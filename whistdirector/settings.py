"""Settings for Military Whist Director.

Three ways to run, chosen by ``WHIST_MODE`` (the launcher in ``whistdirector/launch.py`` sets it):
- ``dev`` (``make run``, the tests): debug on unless ``WHIST_DEBUG=0``, the development server.
- ``hall`` (``make hall``): the leader's laptop serving phones on the hall's plain-HTTP network:
  debug off, the laptop's own addresses allowed, no HTTPS redirect or Secure-only cookies.
- ``serve`` (``make serve``): a hosted server behind a TLS proxy: debug off,
  ``WHIST_SECRET_KEY`` required, HTTPS assumed (``WHIST_SSL_REDIRECT=0`` where TLS ends elsewhere).
"""

from __future__ import annotations

import os
import tempfile
from datetime import timedelta
from pathlib import Path

from . import config

# Settings like the others, kept in a module of their own: Django reads them here by name.
from .browser_policies import PERMISSIONS_POLICY, content_security_policy  # noqa: F401
from .paths import data_dir, hall_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = data_dir(BASE_DIR)

MODE = os.environ.get("WHIST_MODE", "dev")
if MODE not in ("dev", "hall", "serve"):
    raise config.ConfigurationError(f"WHIST_MODE must be dev, hall or serve, not {MODE!r}.")
DEBUG = MODE == "dev" and os.environ.get("WHIST_DEBUG", "1") == "1"
HALL = MODE == "hall"
CONTENT_SECURITY_POLICY = content_security_policy(MODE)  # browser_policies.py says why

# The hall keeps a key of its own in its data folder; a laptop's demo needs no secret one.
SECRET_KEY = config.secret_key(mode=MODE, debug=DEBUG) or (
    hall_secret_key(DATA_DIR) if HALL else "dev-only-not-secret-military-whist"  # noqa: S105
)


def _listed(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# The hall launcher adds the laptop's own network addresses (WHIST_HALL_HOSTS) so phones on the
# hall's Wi-Fi are answered without the leader editing anything.
ALLOWED_HOSTS = _listed("WHIST_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver") + _listed(
    "WHIST_HALL_HOSTS"
)
CSRF_TRUSTED_ORIGINS = _listed("WHIST_CSRF_TRUSTED_ORIGINS")
# The laptop's own addresses: its browser opening the hall's address is still the laptop.
HALL_OWN_ADDRESSES = frozenset(h for h in _listed("WHIST_HALL_HOSTS") if h[:1].isdigit())

# Automatic backups of every event (tournaments/publishing/backups.py); a USB stick is a good place.
BACKUP_DIR = Path(os.environ.get("WHIST_BACKUP_DIR", "") or DATA_DIR / "backups")
BACKUP_SECONDS = config.number("WHIST_BACKUP_SECONDS", "5")

# The base of every printed QR code and link ("" = the address the page was asked for).
PUBLIC_URL = os.environ.get("WHIST_PUBLIC_URL", "").rstrip("/")

# The app first: its French words (glossary) win over Django's own catalogs ("Se connecter",
# not admin's "Connexion").
INSTALLED_APPS = [
    "tournaments",
    "practice",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "csp",  # its checks read CONTENT_SECURITY_POLICY (browser_policies.py)
]

MIDDLEWARE = [
    "whistdirector.security.DebugForThisComputerMiddleware",  # before anything can fail
    "django.middleware.security.SecurityMiddleware",
    "whistdirector.security.PermissionsPolicyMiddleware",  # static files' answers too
    "csp.middleware.CSPMiddleware",  # likewise
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "whistdirector.quick_forms.QuickFormsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "whistdirector.hall_doors.HallDoorsMiddleware",  # the leader's pages on the laptop only
    "whistdirector.standby_doors.StandbyDoorsMiddleware",  # one writer; saves reach the standby
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "whistdirector.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],  # the app's own templates/ folder: they travel inside the wheel
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    # The few templates the hall renders most, in Jinja2 (tournaments/jinja.py says why).
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "tournaments.jinja.environment"},
    },
]

WSGI_APPLICATION = "whistdirector.wsgi.application"
# Forms show a refused value again cut to its start (tournaments/forms/echo.py).
FORM_RENDERER = "tournaments.forms.echo.Renderer"

# Each server thread keeps its connection (checked before reuse) instead of opening one per
# request: on PostgreSQL a connection costs a handshake, on SQLite its pragmas cost more than a
# cached page's whole answer.
DATABASES = {
    "default": config.database(
        f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        conn_max_age=int(config.number("WHIST_CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
# The entry grid posts five fields per table: 250 tables need 1,250, with room for more.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5000
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A laptop with one leader typing while phones refresh: wait for the write lock.
    # IMMEDIATE: a write transaction takes the lock when it starts, so two leaders saving at
    # once queue up instead of failing half-way.
    # WAL and full sync: a laptop that loses power mid-hand keeps every saved hand.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=20,
        transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
    )
    # Tests use a file too (one per run): an in-memory shared cache locks whole tables and
    # cannot wait, as concurrent saves must.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"whist-test-{os.getpid()}.sqlite3")
    }

# What is derived from an event (tournaments/snapshot/) is shared through Django's cache by
# every process that serves it: this process's memory for the hall's one server; a folder of
# the data directory for several workers on one host (--workers); Redis for a province's hosts
# (WHIST_REDIS_URL, e.g. redis://127.0.0.1:6379/0).
REDIS_URL = os.environ.get("WHIST_REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("WHIST_CACHE_PREFIX", "whist"),
        }
    }
elif int(os.environ.get("WHIST_WORKERS", "1") or 1) > 1:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": DATA_DIR / "cache",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "tournaments.services.accounts.PublishedPasswordValidator"},  # the README's
]

# Repeated wrong passwords for one user name from one address wait a quarter of an hour.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
if int(os.environ.get("WHIST_PROXY_COUNT", "0")):
    # Behind a proxy the visitor's address is in X-Forwarded-For; in the hall nobody is.
    AXES_IPWARE_PROXY_COUNT = int(os.environ["WHIST_PROXY_COUNT"])
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")

# Pages follow the reader: the switch's cookie, else the browser's languages, else English.
# Canadian variants: Django's fr_CA formats (25,5 ; 14 h 05) and our catalog in locale/fr.
# WHIST_LANGUAGE=fr-ca makes French the default: pages with no preference, command output.
LANGUAGE_CODE = os.environ.get("WHIST_LANGUAGE", "en-ca")
LANGUAGES = [("en-ca", "English"), ("fr-ca", "Français")]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # the switch is remembered for a year
TIME_ZONE = os.environ.get("WHIST_TIME_ZONE", "America/Toronto")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "staticfiles"
config.writable_folder(STATIC_ROOT)  # whitenoise serves from here once collectstatic has run
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production pages name hashed, compressed copies that whitenoise serves with long caching.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap4.html"

# Everything to standard error; a server error is logged with its traceback in every mode, an
# ordinary refusal (403, 404, 400) in one line.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "filters": {
        "refusals_in_one_line": {
            "()": "django.utils.log.CallbackFilter",
            "callback": "ext://whistdirector.logs.refusal_in_one_line",
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["refusals_in_one_line"],
        }
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "waitress": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}

if not DEBUG and not HALL:
    SECURE_SSL_REDIRECT = os.environ.get("WHIST_SSL_REDIRECT", "1") == "1"
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a load balancer's probe may use plain HTTP
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(config.number("WHIST_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
