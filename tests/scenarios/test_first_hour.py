"""The first hour on a leader's laptop: the app names only commands the laptop has, says in one
line what to do about a configuration mistake, never announces an address no phone can reach,
and explains itself with --help in the leader's language without creating a database."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests import servers
from tournaments.cli import hints
from whistdirector import listening
from whistdirector.config import ConfigurationError
from whistdirector.network import lan_addresses

pytestmark = pytest.mark.servers


def whist_director(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """``whist-director ARGS`` (this checkout's), a fresh data folder, nobody at the keyboard."""
    environment = servers.environment(tmp_path / "data")
    environment.pop("DATABASE_URL", None)  # a laptop: SQLite in its data folder
    environment.update(env)
    return servers.launch(environment, *args)


# ---------------------------------------------------------------- --help


@pytest.mark.parametrize("args", [["--help"], ["hall", "--help"], ["restore", "--help"]])
def test_help_is_whole_sentences_without_markup_and_creates_no_database(tmp_path, args):
    """whist-director --help (and a command's) describes itself in whole sentences, with no
    double backticks, and leaves no database behind."""
    run = whist_director(tmp_path, *args)
    assert run.returncode == 0 and "``" not in run.stdout
    description = run.stdout.split("\n\n")[1]
    assert description.rstrip().endswith(".")
    assert not list((tmp_path / "data").rglob("*.sqlite3*"))


def test_the_command_alone_shows_what_it_can_do(tmp_path):
    """whist-director with no command prints its help, not an error."""
    run = whist_director(tmp_path)
    assert run.returncode == 0 and "whist-director hall" in run.stdout and not run.stderr


def test_each_command_shows_its_own_usage(tmp_path):
    """whist-director restore --help shows "usage: whist-director restore", its own options
    and none of Django's."""
    run = whist_director(tmp_path, "restore", "--help")
    assert run.stdout.startswith("usage: whist-director restore ")
    assert "--from" in run.stdout and "--pythonpath" not in run.stdout


def test_help_speaks_french_under_whist_language_fr_ca(tmp_path):
    """Under WHIST_LANGUAGE=fr-ca, --help is French, argparse's own words included."""
    run = whist_director(tmp_path, "restore", "--help", WHIST_LANGUAGE="fr-ca")
    assert run.stdout.startswith("utilisation\u00a0: whist-director restore ")
    assert "afficher cette aide et quitter" in run.stdout
    assert "Ramener des tournois dans une base de données vide" in run.stdout
    assert "usage" not in run.stdout and "show this help" not in run.stdout


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (["hall", "--listen"], "whist-director hall\u00a0: argument --listen\u00a0: une valeur"),
        (["hal"], "argument COMMANDE\u00a0: choix impossible\u00a0: 'hal' (choisissez parmi"),
        (["restore", "--from"], "whist-director restore\u00a0: argument --from\u00a0: une valeur"),
        (["manage", "import_teams"], "ces arguments sont requis\u00a0: slug, file"),
    ],
)
def test_a_mistyped_line_is_told_in_french_under_whist_language_fr_ca(tmp_path, args, told):
    """Under WHIST_LANGUAGE=fr-ca a mistyped command line is answered in French, argparse's
    own sentences included, with exit status 2."""
    run = whist_director(tmp_path, *args, WHIST_LANGUAGE="fr-ca")
    assert run.returncode == 2 and told in run.stderr
    assert "error" not in run.stderr


def test_manage_help_lists_the_apps_own_commands(tmp_path):
    """whist-director manage --help lists import_teams and the other commands of the app, each
    with its help, and no database is made for it."""
    run = whist_director(tmp_path, "manage", "--help")
    assert "import_teams" in run.stdout and "Replace an event's teams" in run.stdout
    assert not list((tmp_path / "data").rglob("*.sqlite3*"))


# ---------------------------------------------------------------- configuration mistakes


def one_line_refusal(run: subprocess.CompletedProcess) -> str:
    assert run.returncode != 0
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1
    return run.stderr


def test_serve_without_a_secret_key_says_how_to_make_one(tmp_path):
    """whist-director serve without WHIST_SECRET_KEY says in one line how to set one (and does
    not speak of WHIST_DEBUG, which the leader never set)."""
    said = one_line_refusal(whist_director(tmp_path, "serve"))
    assert "WHIST_SECRET_KEY" in said and "token_urlsafe" in said and "WHIST_DEBUG" not in said


def test_a_database_url_that_is_not_one_is_refused_in_one_line(tmp_path):
    """DATABASE_URL=mysql2://... (no driver here) is refused in one line naming the form it
    must take, without its password."""
    run = whist_director(tmp_path, "hall", DATABASE_URL="mysql2://lee:s3cret@db/whist")
    said = one_line_refusal(run)
    assert "postgres://user:password@host:5432/name" in said and "s3cret" not in said


@pytest.mark.parametrize("listen", ["0.0.0.0:8000", "192.168.1.20:8000", ":8000"])
def test_the_demo_refuses_to_listen_beyond_this_computer(tmp_path, listen):
    """whist-director demo (and make run) on an address other devices reach: one line naming
    the loopback address and the hall, exit status 2, nothing served or created."""
    run = whist_director(tmp_path, "demo", "--listen", listen)
    said = one_line_refusal(run)
    assert run.returncode == 2
    assert "127.0.0.1:8000" in said and "make hall" in said
    assert not list((tmp_path / "data").rglob("*.sqlite3*"))


def test_a_database_server_that_is_not_running_is_one_line(tmp_path):
    """A PostgreSQL address where no server listens: one line saying to check DATABASE_URL."""
    port = servers.free_port()
    url = f"postgres://whist:whist@127.0.0.1:{port}/whist"
    said = one_line_refusal(whist_director(tmp_path, "demo", DATABASE_URL=url))
    assert "DATABASE_URL" in said


def test_a_data_folder_that_cannot_be_made_is_one_line(tmp_path):
    """WHIST_DATA_DIR inside a file (a folder that cannot exist): one line naming the folder."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    run = whist_director(tmp_path, "hall", WHIST_DATA_DIR=str(blocker / "whist"))
    assert "WHIST_DATA_DIR" in one_line_refusal(run)


def test_a_port_in_use_is_one_line_saying_which_port_to_use_instead():
    """Starting on a port another program holds says so in one line and names another port."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigurationError) as refused:
            listening.listen_on(f"127.0.0.1:{port}")
    text = str(refused.value)
    assert "\n" not in text and f"--listen 127.0.0.1:{port + 1}" in text


def test_a_listen_address_without_a_port_is_refused_by_the_command_line(tmp_path):
    """--listen 8000 (no address) is refused before anything starts, saying how to write it."""
    run = whist_director(tmp_path, "hall", "--listen", "8000")
    assert run.returncode == 2 and "0.0.0.0:8000" in run.stderr and "Traceback" not in run.stderr


# ---------------------------------------------------------------- commands the laptop has


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("checkout", "named"), [(True, "make hall"), (False, "whist-director hall")]
)
def test_the_demo_login_message_names_how_this_copy_starts_the_hall(
    monkeypatch, capsys, checkout, named
):
    """load_demo says "make hall" in a checkout and "whist-director hall" once installed, where
    there is no make."""
    monkeypatch.setattr(hints, "CHECKOUT", checkout)
    call_command("load_demo")
    said = capsys.readouterr().out
    assert f"{named} asks for your own leader login" in said
    assert checkout or "make" not in said


@pytest.mark.django_db
def test_an_installed_copy_never_tells_the_room_to_use_make(client, monkeypatch, settings):
    """Installed, the hall page's loopback warning names whist-director hall, not make."""
    monkeypatch.setattr(hints, "CHECKOUT", False)
    settings.PUBLIC_URL = "http://127.0.0.1:8000"
    page = client.get(reverse("tournaments:hall")).content.decode()
    assert "<code>whist-director hall</code>" in page and "make hall" not in page


@pytest.mark.django_db
def test_an_installed_copy_names_its_manage_commands(monkeypatch):
    """Installed: whist-director createleader and whist-director manage import_teams; in a
    checkout, manage.py."""
    monkeypatch.setattr(hints, "CHECKOUT", False)
    assert hints.manage_hint("createleader") == "whist-director createleader"
    assert hints.manage_hint("import_teams a b") == "whist-director manage import_teams a b"
    monkeypatch.setattr(hints, "CHECKOUT", True)
    assert hints.manage_hint("createleader") == ".venv/bin/python manage.py createleader"


# ---------------------------------------------------------------- where the hall listens


def test_a_hall_listening_on_loopback_announces_no_phone_address(tmp_path):
    """whist-director hall --listen 127.0.0.1:PORT says it serves this laptop only and how to
    serve the phones; neither the console nor /hall/ offers an address or a QR code to phones."""
    env = servers.hall_installation(tmp_path)
    server = servers.start("hall", env, tmp_path, interface="127.0.0.1")
    try:
        status, _, page = server.get("/hall/", f"127.0.0.1:{server.port}")
    finally:
        console = server.stop()
    assert "serving this laptop only" in console and "make hall" in console
    assert "Phones open" not in console
    addresses = lan_addresses()
    assert status == 200 and not any(a.encode() in page for a in addresses)
    assert b"serves only itself" in page and b"<svg" not in page


def test_make_run_serves_the_demo_without_a_development_server_banner(tmp_path):
    """make run (whist-director demo) serves with the production server: no "development
    server" warning on the console."""
    env = servers.environment(tmp_path)
    env.pop("DATABASE_URL", None)
    server = servers.start("demo", env, tmp_path)
    try:
        status, _, _ = server.get("/", f"127.0.0.1:{server.port}")
    finally:
        console = server.stop()
    assert status == 200
    assert "development server" not in console.lower() and "open http://" in console


def test_make_wheelhouse_installs_what_running_needs_and_uv_only():
    """make wheelhouse installs requirements/run.txt and uv, never the test tools."""
    plan = subprocess.run(  # noqa: S603
        ["make", "-n", "-B", "wheelhouse"],  # noqa: S607
        cwd=servers.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "requirements/run.txt" in plan and "requirements/uv.txt" in plan
    assert "requirements/test.txt" not in plan


def test_manage_py_says_a_configuration_mistake_in_one_line(tmp_path):
    """In a checkout, manage.py with WHIST_DEBUG=0 and no secret key says how to set one, in one
    line, without a traceback."""
    env = servers.environment(tmp_path / "data", WHIST_DEBUG="0")
    run = subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, "manage.py", "check"],
        cwd=servers.ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "WHIST_SECRET_KEY" in one_line_refusal(run)
