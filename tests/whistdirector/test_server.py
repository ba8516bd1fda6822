"""The hall and the hosted server as started by `make hall` and `make serve`: the production server
answers phones at the laptop's own address with styles and scripts, and refuses to open a
network door. Traffic goes to 127.0.0.1 only, with the phone's Host header."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time

import pytest

from tests import servers
from tests.content_policy import HOSTED_POLICY, POLICY, directives
from whistdirector.network import lan_addresses
from whistdirector.server import COLLECTOR_THRESHOLDS, IDLE_SECONDS, raise_open_files

pytestmark = pytest.mark.servers
LAN = (lan_addresses() or ["127.0.0.1"])[0]


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    data = tmp_path_factory.mktemp("hall")
    env = servers.hall_installation(data)
    server = servers.start("hall", env, data)
    print(f"\nmake hall to first page: {server.started_in:.1f} s")  # noqa: T201 - a figure
    yield server
    server.stop()


def host(server) -> str:
    return f"{LAN}:{server.port}"


def test_a_phone_opens_the_table_card_address_at_the_laptops_hall_address(hall):
    """The QR code on table 3's card opens table 3's page for a phone on the hall's Wi-Fi."""
    status, _, body = hall.get("/events/provincial-demo/tables/3/", host(hall))
    assert status == 200 and b"Table 3" in body


@pytest.mark.parametrize(
    "path",
    ["/events/provincial-demo/tables/3/", "/events/provincial-demo/standings.json", "/healthz"],
)
def test_a_link_checker_asking_for_the_head_of_a_page_is_answered(hall, path):
    """A HEAD (link checkers, uptime monitors) gets the page's status and type, with no body."""
    status, headers, body = hall.get(path, host(hall), method="HEAD")
    _, get_headers, _ = hall.get(path, host(hall))
    assert status == 200 and body == b""
    assert headers["Content-Type"] == get_headers["Content-Type"]


def test_the_hall_serves_pages_with_their_stylesheet_and_scripts(hall):
    """The standings' stylesheet and the projector's script are served, compressed and hashed."""
    _, _, standings = hall.get("/events/provincial-demo/standings/", host(hall))
    _, _, projector = hall.get("/events/provincial-demo/projector/", host(hall))
    wanted = servers.assets(standings) + servers.assets(projector)
    assert any(a.endswith(".css") for a in wanted) and any(a.endswith(".js") for a in wanted)
    for asset in wanted:
        assert re.search(r"\.[0-9a-f]{12}\.(css|js|svg)$", asset), asset
        status, headers, _ = hall.get(asset, host(hall), {"Accept-Encoding": "gzip"})
        assert status == 200 and headers.get("Content-Encoding") == "gzip", asset


def test_the_hall_page_shows_the_address_phones_open(hall):
    """/hall/ shows the laptop's hall address as text and as a QR code."""
    status, _, body = hall.get("/hall/", host(hall))
    assert status == 200
    assert f"http://{LAN}:{hall.port}".encode() in body and b"<svg" in body


def test_a_missing_table_gets_the_apps_own_not_found_page(hall):
    """Debug pages never reach the hall: a missing table is the app's own 404 page."""
    status, _, body = hall.get("/events/provincial-demo/tables/99/", host(hall))
    assert status == 404 and b"There is no such page" in body and b"Traceback" not in body


def test_the_hall_refuses_an_address_that_is_not_the_laptops(hall):
    """A request naming some other host is refused (400)."""
    assert hall.get("/", "whist.example.org")[0] == 400


def test_the_hall_does_not_redirect_phones_to_https(hall):
    """The hall is plain HTTP: the login page answers 200 with no Secure-only cookie."""
    status, headers, _ = hall.get("/accounts/login/", host(hall))
    assert status == 200
    assert "secure" not in headers.get("Set-Cookie", "").lower()


def test_the_hall_keeps_two_thousand_phones_connected_at_once_and_answers_each(hall):
    """2,000 phones each holding a connection open at the same moment are all answered on it,
    none turned away; a connection left idle is closed within seconds, as a phone's next
    refresh simply opens another."""
    raise_open_files()  # this process holds the 2,000 phones' ends
    resource = pytest.importorskip("resource")  # POSIX: the open-file limit this test needs
    allowed = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if allowed < 2200:
        pytest.skip(f"this machine lets a process open {allowed} files, fewer than 2,000 phones")
    phones = [socket.create_connection(("127.0.0.1", hall.port), timeout=60) for _ in range(2000)]
    try:
        request = f"GET /healthz HTTP/1.1\r\nHost: {host(hall)}\r\n\r\n".encode()
        for phone in phones:
            phone.sendall(request)
        # Each answer comes before any phone's connection could idle out: a phone over the
        # server's limit waits for others to be let go, seconds later.
        for phone in phones:
            phone.settimeout(IDLE_SECONDS - 1)
        answers = [phone.makefile("rb").readline() for phone in phones]
        assert answers.count(b"HTTP/1.1 200 OK\r\n") == 2000, set(answers)
        time.sleep(IDLE_SECONDS + 3)  # the idle phones' connections end at the server
        assert all(_closed_by_server(phone) for phone in phones[:50])
    finally:
        for phone in phones:
            phone.close()


def _closed_by_server(phone: socket.socket) -> bool:
    """True when the server has ended the connection: what is left reads to its end."""
    phone.settimeout(5)
    try:
        while chunk := phone.recv(65536):
            del chunk
    except TimeoutError:
        return False
    return True


def test_the_hall_process_leaves_what_it_loaded_at_start_to_itself():
    """The server's process sets Python's collector aside from what it loaded at start (it
    is never garbage) and runs it less often, so its full passes stop no phone for long."""
    check = (
        "import gc; from whistdirector import server; server.prepare_process(); "
        "print(gc.get_freeze_count(), *gc.get_threshold())"
    )
    run = subprocess.run(  # noqa: S603 - this interpreter, our own module
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    )
    frozen, *thresholds = map(int, run.stdout.split())
    assert frozen > 1_000  # none are, unless set aside
    assert tuple(thresholds) == COLLECTOR_THRESHOLDS and thresholds[0] > 700


@pytest.mark.parametrize(
    "path", ["/events/provincial-demo/standings/", "/hall/", "/accounts/login/", "/nowhere/"]
)
def test_the_hall_answers_under_the_content_security_policy(hall, path):
    """whist-director hall: public pages (asked twice, the second answer the kept one), the
    hall page, the login page and a not-found page carry the strict policy."""
    for _ in range(2):
        _, headers, _ = hall.get(path, host(hall))
        assert directives(headers.get("Content-Security-Policy")) == POLICY, path


def hall_with_nobody_at_the_keyboard(env: dict[str, str]) -> subprocess.CompletedProcess:
    return servers.launch(env, "hall", "--listen", "127.0.0.1:1")


def test_the_hall_refuses_to_start_while_the_demo_password_works(tmp_path):
    """With the demo leader's published password still valid, make hall says how to remove it."""
    env = servers.environment(tmp_path)
    env.pop("DATABASE_URL", None)
    servers.manage(env, "migrate", "--verbosity", "0")
    servers.manage(env, "load_demo")
    run = hall_with_nobody_at_the_keyboard(env)
    assert run.returncode != 0
    assert "remove_demo_leader" in run.stderr and "published password" in run.stderr


def test_the_hall_asks_for_a_leader_when_there_is_none(tmp_path):
    """On an installation without a leader, a hall started with nobody at the keyboard says
    how to create one instead of serving."""
    env = servers.environment(tmp_path)
    env.pop("DATABASE_URL", None)
    run = hall_with_nobody_at_the_keyboard(env)
    assert run.returncode != 0 and "createleader" in run.stderr


@pytest.mark.run_database
def test_the_hosted_server_serves_https_behind_its_proxy(tmp_path):
    """make serve: plain requests are sent to HTTPS; through the proxy pages and static files
    answer, pages under the strict Content-Security-Policy (on PostgreSQL when DATABASE_URL is
    set, as on a province's server)."""
    env = servers.environment(
        tmp_path,
        WHIST_SECRET_KEY="a-long-random-secret-for-the-hosted-test-0123456789",
        WHIST_ALLOWED_HOSTS="whist.example.org",
    )
    servers.manage(env, "migrate", "--verbosity", "0")
    leader_env = {**env, "WHIST_LEADER_PASSWORD": servers.LEADER_PASSWORD}
    servers.manage(leader_env, "createleader", "--username", f"lead{servers.free_port()}")
    server = servers.start("serve", env, tmp_path, probe_host="whist.example.org")
    try:
        status, headers, _ = server.get("/", "whist.example.org")
        assert status == 301 and headers["Location"].startswith("https://whist.example.org/")
        proxied = {"X-Forwarded-Proto": "https"}
        status, _, page = server.get("/accounts/login/", "whist.example.org", proxied)
        assert status == 200
        stylesheet = servers.assets(page)[0]
        assert server.get(stylesheet, "whist.example.org", proxied)[0] == 200
        _, headers, _ = server.get("/accounts/login/", "whist.example.org", proxied)
        assert directives(headers.get("Content-Security-Policy")) == HOSTED_POLICY
    finally:
        server.stop()


@pytest.mark.parametrize(
    "target, extra, listen",
    [
        ("hall", [], "0.0.0.0:8000"),
        ("hall", ["HOST=0.0.0.0:9000"], "0.0.0.0:9000"),
        ("serve", [], "127.0.0.1:8000"),
        ("run", [], "127.0.0.1:8000"),
        ("run", ["HOST=127.0.0.1:9000"], "127.0.0.1:9000"),
    ],
)
def test_make_starts_each_mode_on_its_documented_address(target, extra, listen):
    """make hall listens on every interface at port 8000 unless HOST= says otherwise; make serve
    and make run listen on this computer only, make run on another port with HOST= too."""
    plan = subprocess.run(  # noqa: S603
        ["make", "-n", "-o", ".venv/.installed", target, *extra],  # noqa: S607
        cwd=servers.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    mode = {"run": "demo"}.get(target, target)
    assert f"-m whistdirector {mode} --listen {listen}" in plan


def test_make_hall_backups_names_the_backups_folder():
    """make hall BACKUPS=/media/usb/whist backups starts the hall with that backups folder,
    spaces and all."""
    plan = subprocess.run(  # noqa: S603
        ["make", "-n", "-o", ".venv/.installed", "hall", "BACKUPS=/media/usb/whist backups"],  # noqa: S607
        cwd=servers.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert (
        '-m whistdirector hall --listen 0.0.0.0:8000 --backups "/media/usb/whist backups"' in plan
    )


def test_backups_option_points_the_backups_at_a_usb_stick(monkeypatch):
    """whist-director hall --backups E:/whist sets the backups folder for that run."""
    from whistdirector import launch

    seen = []
    monkeypatch.delenv("WHIST_BACKUP_DIR", raising=False)
    monkeypatch.setattr(launch, "hall", lambda listen: seen.append(os.environ["WHIST_BACKUP_DIR"]))
    launch.main(["hall", "--backups", "/media/usb/whist"])
    assert seen == ["/media/usb/whist"]
