"""The public address: one setting is the base of every printed QR code, the print page says
which address that is and warns when no phone can open it; /hall/ shows it for the projector."""

from __future__ import annotations

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.leader_helpers import make_event, make_user
from tournaments.links import is_loopback, public_base

pytestmark = pytest.mark.django_db


@pytest.fixture
def leader_client(client):
    event = make_event("qr", tables=2)
    client.force_login(make_user("lead", event))
    return client, event


def test_the_print_page_warns_when_codes_would_point_at_this_computer_only(leader_client):
    """Asked at 127.0.0.1, the print page names that address and warns phones cannot open it."""
    client, event = leader_client
    page = client.get(reverse("tournaments:print", args=[event.slug]), HTTP_HOST="127.0.0.1")
    text = page.content.decode()
    assert "point to <strong>http://127.0.0.1</strong>" in text and "no phone can open it" in text


def test_table_cards_point_at_the_public_address_setting(leader_client, settings, tmp_path):
    """With WHIST_PUBLIC_URL set, the card's QR code points there, not where the page was asked."""
    client, event = leader_client
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    page = client.get(reverse("tournaments:print", args=[event.slug]), HTTP_HOST="127.0.0.1")
    assert "no phone can open it" not in page.content.decode()
    pdf = client.get(
        reverse("tournaments:print_pdf", args=[event.slug]) + "?what=cards&tables=2",
        HTTP_HOST="127.0.0.1",
    )
    path = tmp_path / "card.pdf"
    path.write_bytes(pdf.content)
    text = PdfReader(path).pages[0].extract_text().replace("\n", "")  # the address wraps
    assert "http://192.168.1.20:8000/events/qr/tables/2/" in text


def test_the_hall_page_shows_the_address_and_its_qr_code(client, settings):
    """/hall/ is public and shows the hall address in large type beside its QR code."""
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    text = client.get(reverse("tournaments:hall")).content.decode()
    assert 'id="hall-url">http://192.168.1.20:8000<' in text and "<svg" in text


@pytest.mark.parametrize(
    "base, loopback",
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://192.168.1.20:8000", False),
        ("https://whist.example.org", False),
    ],
)
def test_loopback_addresses_are_recognised(base, loopback):
    """Only this computer's own addresses count as loopback."""
    assert is_loopback(base) is loopback


def test_without_a_request_or_setting_the_base_is_the_local_default(settings):
    """The command line with no setting prints codes for this computer (and says so)."""
    settings.PUBLIC_URL = ""
    assert public_base() == "http://127.0.0.1:8000"
