"""Pairing a standby laptop with the hall, its key, the takeover and the replaced hall."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.leader_helpers import make_user
from tournaments.models import AuditEntry, LaptopRole, PairedStandby, StandbyPairing
from tournaments.rules.errors import RulesError
from tournaments.services import standby

pytestmark = pytest.mark.django_db
ORIGIN = "http://192.168.1.13:8000"


def test_a_pairing_code_is_exchanged_once_for_a_key_kept_hashed():
    """The code works once; the hall keeps the key's SHA-256 only; both steps are audited."""
    code = standby.issue_code(actor=make_user("lead", is_staff=True))
    key = standby.exchange_code(code=code.lower(), name="Spare", origin=ORIGIN)
    assert key.startswith(standby.KEY_PREFIX) and len(key) > 40
    peer = PairedStandby.objects.get()
    assert (peer.name, peer.origin) == ("Spare", ORIGIN)
    assert key not in peer.digest and standby.standby_for(key) == peer
    with pytest.raises(RulesError):
        standby.exchange_code(code=code, name="Other", origin=ORIGIN)
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"standby pairing code issued", "standby paired"} <= actions


def test_a_pairing_code_dies_after_ten_minutes():
    code = standby.issue_code(actor=None)
    StandbyPairing.objects.update(issued_at=timezone.now() - timedelta(minutes=11))
    with pytest.raises(RulesError):
        standby.exchange_code(code=code, name="Spare", origin=ORIGIN)
    assert not PairedStandby.objects.exists()


def test_only_the_leader_shows_a_pairing_code():
    with pytest.raises(RulesError):
        standby.issue_code(actor=make_user("helper"))


def test_a_wrong_key_is_no_standby():
    standby.exchange_code(code=standby.issue_code(actor=None), name="Spare", origin=ORIGIN)
    assert standby.standby_for("wds_" + "x" * 43) is None
    assert standby.standby_for("") is None


def test_a_takeover_makes_the_standby_the_hall_and_only_a_standby_takes_over():
    with pytest.raises(RulesError):
        standby.take_over()  # a hall takes over from nobody
    standby.become_standby(hall="http://192.168.1.12:8000", key="wds_k")
    became = standby.take_over()
    assert (became.role, became.key) == (LaptopRole.HALL, "")
    assert AuditEntry.objects.filter(action="took over the hall").exists()


def test_a_replaced_hall_names_the_standby_and_the_time():
    at = timezone.now()
    standby.replaced_by(standby=ORIGIN, since=at)
    words = standby.replaced_words(standby.role())
    assert words.startswith(f"This laptop was replaced by the standby at {ORIGIN} at ")
    assert words.endswith(": enter results there.")
