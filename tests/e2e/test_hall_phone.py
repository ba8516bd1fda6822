"""A phone in the hall: it asks for the laptop's hall address (reached through loopback with a
host-resolver rule, never the network) and gets styled pages and working scripts from the
production server that `make hall` starts."""

from __future__ import annotations

import pytest

from tests import servers
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, watch
from tests.e2e.waiting import wait_until
from whistdirector.network import lan_addresses

LAN = (lan_addresses() or ["127.0.0.1"])[0]


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    data = tmp_path_factory.mktemp("hall-phone")
    server = servers.start("hall", servers.hall_installation(data), data)
    yield server
    server.stop()


@pytest.fixture
def phone(browser_type, hall, no_policy_violations):
    # The phone's name for the laptop resolves to 127.0.0.1: the traffic stays on loopback.
    # A browser of its own, so watched here for policy violations (conftest watches the rest).
    browser = browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN} 127.0.0.1"],
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    watch(context, no_policy_violations)
    yield context.new_page()
    browser.close()


def test_a_phone_scanning_a_table_card_gets_the_styled_table_page(phone, hall):
    """The table card's QR target opens with the app's stylesheet applied."""
    phone.goto(f"http://{LAN}:{hall.port}/events/provincial-demo/tables/3/")
    assert "Table 3" in phone.inner_text("h1")
    header = phone.locator("header.site")
    assert header.evaluate("e => getComputedStyle(e).display") == "flex"


def test_the_projector_refreshes_itself_through_the_hall_server(phone, hall):
    """The projector's script runs and fetches standings.json from the laptop."""
    phone.goto(f"http://{LAN}:{hall.port}/events/provincial-demo/projector/")
    phone.evaluate("window.whistProjectorRefresh()")
    wait_until(phone, "document.getElementById('updated').textContent.includes('updated')")
    assert phone.locator("#projector-rows tr").count() == 16


def test_the_hall_page_shows_the_address_as_a_qr_code(phone, hall):
    """/hall/ shows the address phones open, and its QR code, at phone width too."""
    phone.goto(f"http://{LAN}:{hall.port}/hall/")
    assert phone.inner_text("#hall-url") == f"http://{LAN}:{hall.port}"
    box = phone.locator(".hall-qr svg").bounding_box()
    assert box and box["width"] > 200
