"""The hall's template tags: the script that follows the hall to its standby laptop."""

from __future__ import annotations

from tournaments.templatetags.whist_hall import follow_hall_js


def test_phone_pages_in_the_hall_load_the_script_that_follows_the_standby(settings):
    """In the hall (and a laptop's demo) a phone page loads follow_hall.js."""
    settings.MODE = "hall"
    assert "js/follow_hall.js" in follow_hall_js()


def test_the_provinces_hosted_server_loads_no_standby_script(settings):
    """The province's server has no standby laptop: its pages load no follow_hall.js (and so
    ask no /standby.json every 15 s)."""
    settings.MODE = "serve"
    assert follow_hall_js() == ""
