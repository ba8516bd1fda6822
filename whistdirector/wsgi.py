"""The WSGI application every server runs (waitress in the hall and behind a proxy).

Django's application, with the hall cache in front: public pages already rendered for the
event's current revision are handed back without going through Django again.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdirector.settings")

django_application = get_wsgi_application()

from tournaments.shared_pages.front import HallCache  # noqa: E402 - needs Django set up

application = HallCache(django_application)
