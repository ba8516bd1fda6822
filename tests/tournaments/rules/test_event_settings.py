"""An event's settings are listed once (rules.event_settings.SETTINGS): the pages, the settings
service, the archive and its schema all follow that list."""

from __future__ import annotations

from tournaments.archive import export, schema
from tournaments.forms.setup import EventSettingsForm
from tournaments.models import Event
from tournaments.rules.event_settings import ARCHIVED, CHANGEABLE, LABELS, MOVES_FLAGS, SETTINGS
from tournaments.services import setup


def test_the_settings_page_offers_exactly_the_changeable_settings_with_their_names():
    """The settings page's fields are the settings that may change, each named as listed."""
    form = EventSettingsForm(instance=Event(tables=4))
    assert tuple(form.fields) == CHANGEABLE
    assert {f: str(form.fields[f].label) for f in CHANGEABLE} == {f: LABELS[f] for f in CHANGEABLE}


def test_the_settings_service_changes_the_listed_settings_and_rederives_for_the_flag_ones():
    """The service accepts the changeable settings and re-derives results for exactly the
    settings that move flags."""
    assert setup.SETTING_FIELDS == CHANGEABLE
    assert set(MOVES_FLAGS) == {"flags_per_table", "one_flag_at", "two_flags_at", "revoke_penalty"}


def test_the_archive_carries_every_archived_setting_with_a_type_for_each():
    """Export writes, import reads and the schema checks the archived settings, no more."""
    assert export.EVENT_FIELDS == ARCHIVED
    assert set(schema.SETTING_TYPES) == set(ARCHIVED)
    event_fields = set(schema.SCHEMA.fields["event"].fields)
    assert set(ARCHIVED) <= event_fields


def test_every_setting_but_the_sessions_is_a_column_of_the_event():
    """Each listed setting is stored on the event (sessions per day go into its hands)."""
    columns = {f.name for f in Event._meta.get_fields()}
    assert {s.field for s in SETTINGS} - columns == {"sessions_per_day"}
