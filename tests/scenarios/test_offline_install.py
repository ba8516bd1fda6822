"""The leader's own laptop: one wheel, installed from a wheelhouse with no network, serves the hall;
the Windows and macOS sets resolve with their own markers; the hall path needs nothing that only
Unix has. These fetch wheels from PyPI (as `make wheelhouse` does at home) and take minutes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import zipfile

import pytest
from packaging.requirements import Requirement

from tests import servers
from tools import wheelhouse
from whistdirector.network import lan_addresses

pytestmark = pytest.mark.wheelhouse
LAN = (lan_addresses() or ["127.0.0.1"])[0]
LOCK = str(wheelhouse.LOCK)


def resolved(target: str, python: str) -> set[str]:
    """The package names the lock gives one system, with that system's markers."""
    out = subprocess.run(  # noqa: S603
        [
            sys.executable,
            "-m",
            "uv",
            "pip",
            "compile",
            LOCK,
            "--quiet",
            "--no-header",
            "--no-annotate",
            "--no-python-downloads",  # resolving for another Python needs no copy of it
            "--python-platform",
            target,
            "--python-version",
            python,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    return {line.split("==")[0] for line in out.splitlines() if "==" in line}


@pytest.mark.parametrize("python", ["3.11", "3.12", "3.13", "3.14"])
@pytest.mark.parametrize(
    "target", ["x86_64-pc-windows-msvc", "aarch64-apple-darwin", "x86_64-apple-darwin"]
)
def test_the_windows_and_macos_sets_resolve_with_their_own_markers(target, python):
    """Every system resolves on every Python from 3.11; Windows gets colorama, and 3.14 goes
    without endplay (the practice's stronger level) instead of failing."""
    names = resolved(target, python)
    assert {"django", "waitress", "reportlab", "whitenoise", "psutil"} <= names
    assert ("endplay" in names) == (python != "3.14")
    if "windows" in target and python != "3.14":
        assert "colorama" in names  # tqdm needs it there; pip on Linux would leave it out


def test_the_windows_set_installs_from_its_folder_alone(tmp_path):
    """The Windows wheelhouse for Python 3.12 holds every wheel: a dry-run install with no index
    finds all the app needs in the folder, and the app itself, as install.bat installs them
    (its requirements first, then the app with --no-deps); every requirement of the app on
    Windows (gunicorn is not one) is in the folder's list."""
    folder = wheelhouse.build("win_amd64", "3.12", tmp_path)
    assert (folder / "install.bat").read_bytes().count(b"\r\n") > 5
    windows_dry_run(folder, tmp_path, "--require-hashes", "-r", str(folder / "requirements.txt"))
    app = next(folder.glob("military_whist_director-*.whl"))
    windows_dry_run(folder, tmp_path, "--no-deps", str(app))
    # pip reads markers for the Python that runs it (pip issue 11664): check the app's own
    # requirements against the folder's list with Windows's markers.
    windows = {"sys_platform": "win32", "platform_system": "Windows", "python_version": "3.12"}
    with zipfile.ZipFile(app) as wheel:
        metadata = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        needs = [
            Requirement(line.split(":", 1)[1].strip())
            for line in wheel.read(metadata).decode().splitlines()
            if line.startswith("Requires-Dist:")
        ]
    listed = (folder / "requirements.txt").read_text(encoding="utf-8").lower().replace("_", "-")
    wanted = [r for r in needs if not r.marker or r.marker.evaluate({**windows, "extra": ""})]
    assert wanted and all(f"\n{r.name.lower().replace('_', '-')}==" in listed for r in wanted)
    assert "gunicorn" in {r.name for r in needs} - {r.name for r in wanted}


def windows_dry_run(folder, tmp_path, *what: str) -> None:
    """pip installs ``what`` for Windows, Python 3.12, from the folder alone (a dry run)."""
    subprocess.run(  # noqa: S603
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--quiet",
            "--no-index",
            "--find-links",
            str(folder),
            "--only-binary=:all:",
            "--platform",
            "win_amd64",
            "--python-version",
            "3.12",
            "--implementation",
            "cp",
            "--target",
            str(tmp_path / "t"),
            *what,
        ],
        check=True,
        timeout=600,
    )


def test_the_linux_wheelhouse_installs_offline_and_serves_the_hall(tmp_path):
    """install.sh installs the app from the folder with no index and, since this terminal's
    PATH lacks ~/.local/bin, says exactly what to type; its whist-director hall serves the home
    page and its stylesheet to a phone at the laptop's address."""
    folder = wheelhouse.build(wheelhouse.this_platform(), wheelhouse.this_python(), tmp_path / "w")
    home = tmp_path / "home"
    home.mkdir()
    env = {**servers.environment(tmp_path / "data"), "HOME": str(home), "PYTHON": sys.executable}
    env.pop("DATABASE_URL", None)
    (tmp_path / "data").mkdir()
    installed = subprocess.run(  # noqa: S603
        ["sh", str(folder / "install.sh")],  # noqa: S607
        env=env,
        check=True,
        timeout=900,
        capture_output=True,
        text=True,
    )
    assert 'export PATH="$HOME/.local/bin:$PATH"' in installed.stdout
    command = str(home / ".local" / "bin" / "whist-director")
    leader = {**env, "WHIST_LEADER_PASSWORD": servers.LEADER_PASSWORD}
    subprocess.run([command, "createleader", "--username", "margaret"], env=leader, check=True)  # noqa: S603
    server = servers.start("hall", env, tmp_path / "data", command=[command])
    try:
        status, _, page = server.get("/", f"{LAN}:{server.port}")
        assert status == 200
        stylesheet = next(a for a in servers.assets(page) if a.endswith(".css"))
        assert server.get(stylesheet, f"{LAN}:{server.port}")[0] == 200
    finally:
        server.stop()


def test_the_hall_path_needs_nothing_unix_only(tmp_path):
    """With fcntl, pwd, grp, resource, termios, pty and gunicorn hidden (as on Windows), the
    hall's settings, server, addresses, backups and pages all load and answer."""
    script = textwrap.dedent(
        """
        import sys
        # Third-party packages load their own system's backend first, as they would on Windows.
        import django, psutil, segno, platformdirs, waitress.server, whitenoise
        for name in ("fcntl", "pwd", "grp", "resource", "termios", "pty", "tty", "gunicorn"):
            sys.modules[name] = None
        from whistdirector import launch, network
        launch.setup("hall")
        from whistdirector.wsgi import application
        waitress.server.create_server(application, listen="127.0.0.1:0").close()
        network.lan_addresses()
        from tournaments.publishing import backups
        from django.core.management import call_command
        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        from django.test import Client
        assert Client().get("/hall/").status_code == 200
        """
    )
    env = servers.environment(tmp_path)
    env.pop("DATABASE_URL", None)
    subprocess.run(  # noqa: S603
        [sys.executable, "-c", script], cwd=servers.ROOT, env=env, check=True, timeout=300
    )
    assert os.listdir(tmp_path)
