"""French requests leave the thread's language French (LocaleMiddleware activates it and
nothing resets it): each test here hands the next test the default language again."""

from __future__ import annotations

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language_afterwards():
    yield
    translation.deactivate()
