"""A write is seen at once, whoever made it: right after a command (or another server process)
returns, every server's very next standings.json shows it. No server trusts a revision it
remembers: it reads the event's own (on SQLite, only once SQLite says something changed).

``bench/fresh_reads.py`` makes the 200 tries of the issue and prints the figure."""

from __future__ import annotations

import json
import os

import pytest

from tests import servers
from tests.other_process import Writer, results_file
from tests.scenarios.test_laptop_dies import save_hand

pytestmark = pytest.mark.servers
EVENT = "area-demo"  # 8 tables, part-way through its afternoon
HOST = "whist.example.org"  # the hosted servers' address (the hall answers its own)
TRIES = 100  # imports by the other process, each read back at once (the bench makes 200)


def standings(server: servers.Server) -> dict:
    host = "127.0.0.1" if server.log.name == "hall.log" else HOST
    status, _, body = server.get(f"/events/{EVENT}/standings.json", host)
    assert status == 200, status
    return json.loads(body)


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    data = tmp_path_factory.mktemp("hall")
    env = servers.hall_installation(data)
    server = servers.start("hall", env, data)
    yield env, data, server
    server.stop()


def test_a_commands_import_is_on_the_halls_very_next_standings(hall):
    """``manage.py import_results`` on the hall's data folder: the standings.json the hall
    serves right after the command exits shows the imported hand."""
    env, data, server = hall
    hand = standings(server)["hands_played"] + 1
    writer = Writer(env, EVENT)
    try:
        for k in range(3):
            servers.manage(env, "import_results", EVENT, str(results_file(data, hand, k)))
            assert standings(server) == writer.standings()
    finally:
        writer.close()


def test_every_import_by_another_process_is_on_the_next_standings(hall):
    """Imports by another process, one after the other, each read back from the hall as soon
    as the import returned: every read shows it, none the standings before it."""
    env, data, server = hall
    hand = standings(server)["hands_played"] + 1
    writer = Writer(env, EVENT)
    stale = []
    try:
        for k in range(TRIES):
            written = writer.imported(results_file(data, hand, 100 + k))
            if standings(server) != written:
                stale.append(k)
    finally:
        writer.close()
    assert stale == []


def test_a_hand_saved_through_one_hall_is_on_the_others_next_page(tmp_path):
    """Two server processes on one data folder: a hand a leader saves through one is on the
    standings.json the other serves right after the save's answer."""
    env = servers.hall_installation(tmp_path)
    first = servers.start("hall", env, tmp_path)
    second = servers.start("hall", env, tmp_path)
    try:
        browser = servers.Browser(first.port)
        browser.login()
        first_open = standings(second)["hands_played"] + 1
        for hand in range(first_open, first_open + 3):
            save_hand(browser, hand)
            assert standings(second)["hands_played"] == hand
            assert standings(second) == standings(first)
    finally:
        first.stop()
        second.stop()


@pytest.mark.run_database
def test_a_commands_import_is_on_every_servers_next_standings(tmp_path):
    """Two hosted server processes sharing one database (PostgreSQL in the database run), each
    with its own cache: an import from the command line is on both one's and the other's
    very next standings.json."""
    env = servers.environment(
        tmp_path,
        WHIST_SECRET_KEY="test-only-" + "x" * 40,
        WHIST_ALLOWED_HOSTS=HOST,
        WHIST_SSL_REDIRECT="0",
        DATABASE_URL=os.environ.get("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}"),
    )
    servers.manage(env, "migrate", "--verbosity", "0")
    servers.manage(env, "flush", "--no-input")
    servers.manage(env, "load_demo")
    servers.manage(env, "remove_demo_leader")  # a hosted server refuses to start with it
    for archive in sorted(servers.DEMO_ARCHIVES.glob("*-demo.json")):
        servers.manage(env, "import_event", str(archive))
    leader = {**env, "WHIST_LEADER_PASSWORD": servers.LEADER_PASSWORD}
    servers.manage(leader, "createleader", "--username", servers.LEADER)
    running = [servers.start("serve", env, tmp_path, probe_host=HOST) for _ in range(2)]
    writer = Writer(env, EVENT)
    try:
        hand = standings(running[0])["hands_played"] + 1
        for k in range(TRIES // 2):
            written = writer.imported(results_file(tmp_path, hand, k))
            assert [standings(server) for server in running] == [written, written], k
    finally:
        writer.close()
        for server in running:
            server.stop()
