"""The Jinja2 environment (Django's own Jinja2 backend) of the few templates the hall renders
most: the parts of a table's page that change with every saved hand, and the standings' rows.
Django's template language took several times as long on them (bench/foundation.py).

Their words come translated from Python (``snapshot.fragments``, ``tables``): the catalog is
collected from Django's templates and the Python code, not from these.
"""

from __future__ import annotations

from jinja2 import Environment
from markupsafe import Markup


def environment(**options) -> Environment:
    """Every value escaped unless marked safe (Django's backend asks for it too)."""
    options.pop("autoescape", None)
    return Environment(autoescape=True, **options)


def own_words(words: dict[str, str]) -> dict[str, Markup]:
    """The app's own translated words (the catalog's, never a reader's) as Jinja2 markup, so
    they read as written ("leader's", not "leader&#39;s"); values filled into them with ``%``
    are escaped."""
    return {name: Markup(text) for name, text in words.items()}  # noqa: S704 - our catalog
