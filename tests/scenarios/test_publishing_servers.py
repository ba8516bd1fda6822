"""Publishing between two real servers on loopback: the hall (``hall``, SQLite in its data
folder) publishes to a province (``serve``, its own data folder); the province is stopped
while the hall plays on and started again, and catches up by itself, in order, each change
once."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from tests import servers

pytestmark = pytest.mark.servers


SLUG, TABLES = "games", 8
CATCH_UP = 10  # seconds the province may take to follow the hall once it answers


def installation(data: Path, **extra: str) -> dict[str, str]:
    env = servers.environment(data, **extra)
    env["DATABASE_URL"] = f"sqlite:///{data / 'db.sqlite3'}"
    servers.manage(env, "migrate", "--verbosity", "0")
    leader = {**env, "WHIST_LEADER_PASSWORD": servers.LEADER_PASSWORD}
    servers.manage(leader, "createleader", "--username", servers.LEADER)
    servers.manage(
        env, "create_event", "--name", "Games", "--slug", SLUG, "--tables", str(TABLES),
        "--hands-per-day", "6,4",
    )  # fmt: skip
    teams = data / "teams.csv"
    rows = [f"{t},Team {t},Zone {t % 2 + 1},A{t},B{t},X{t},Y{t}" for t in range(1, TABLES + 1)]
    header = "table,team,zone,player_a,player_b,player_x,player_y"
    teams.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    servers.manage(env, "import_teams", SLUG, str(teams))
    return env


def enter(env: dict[str, str], data: Path, hand: int, tricks: int) -> None:
    """The hall's leader imports a hand's results (another process, as a second leader)."""
    sheet = data / f"hand-{hand}.csv"
    rows = [f"{hand},{t},{(tricks + t) % 14}" for t in range(1, TABLES + 1)]
    sheet.write_text("\n".join(["hand,table,visitor_tricks", *rows]) + "\n", encoding="utf-8")
    servers.manage(env, "import_results", SLUG, str(sheet))


def standings(server: servers.Server) -> dict | None:
    status, _headers, body = server.get(f"/events/{SLUG}/standings.json", "127.0.0.1")
    return json.loads(body) if status == 200 else None


def followed(hall: servers.Server, province: servers.Server) -> bool:
    """The province shows the hall's standings within ``CATCH_UP`` seconds."""
    deadline = time.monotonic() + CATCH_UP
    while time.monotonic() < deadline:
        if standings(province) == standings(hall):
            return True
        time.sleep(0.25)
    return False


def start_province(env, data: Path, port: int) -> servers.Server:
    """``serve`` on ``port`` (the address the hall publishes to stays the same)."""
    original = servers.free_port
    servers.free_port = lambda: port
    try:
        return servers.start("serve", env, data)
    finally:
        servers.free_port = original


def test_the_province_follows_the_hall_through_a_stop(tmp_path):
    hall_data, province_data = tmp_path / "hall", tmp_path / "province"
    hall_data.mkdir()
    province_data.mkdir()
    province_env = installation(
        province_data,
        WHIST_SECRET_KEY="test-only-" + "p" * 40,
        WHIST_ALLOWED_HOSTS="127.0.0.1",
        WHIST_SSL_REDIRECT="0",
    )
    key = servers.manage(province_env, "publishing_key", SLUG).stdout.strip()
    hall_env = installation(hall_data)
    port = servers.free_port()
    province = start_province(province_env, province_data, port)
    url = f"http://127.0.0.1:{port}"
    published = servers.launch(hall_env, "publish", SLUG, "--to", url, "--key", key)
    assert published.returncode == 0, published.stderr
    assert f"{SLUG}: published to 127.0.0.1:{port}" in published.stdout
    hall = servers.start("hall", hall_env, hall_data)
    try:
        enter(hall_env, hall_data, 1, 7)
        assert followed(hall, province), (standings(hall), standings(province))
        province.stop()
        enter(hall_env, hall_data, 2, 9)
        enter(hall_env, hall_data, 3, 4)
        time.sleep(3)  # the sender tries and fails meanwhile
        province = start_province(province_env, province_data, port)
        assert followed(hall, province), (standings(hall), standings(province))
        assert standings(province)["hands_played"] == 3
    finally:
        hall_log = hall.stop()
        province.stop()
    with sqlite3.connect(province_data / "db.sqlite3") as db:
        steps = db.execute(
            "SELECT base, revision FROM tournaments_publicationlog ORDER BY id"
        ).fetchall()
    assert steps[0][0] == 0, steps
    assert all(a[1] == b[0] for a, b in zip(steps, steps[1:], strict=False)), steps
    assert "Traceback" not in hall_log
