"""Write a wheelhouse: every wheel one system needs, and a one-step installer for it.

    python tools/wheelhouse.py [--platform win_amd64] [--python-version 3.13] [--out wheelhouse]

The pins come from the lock file (requirements/run.txt, what CI tested), resolved for the
target system's own environment markers by uv (pip reads markers for the Python that runs it,
whatever --platform says: pip issue 11664), then fetched as exactly those wheels with their
hashes. The folder installs with no network: copy it to a USB stick.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "run.txt"
INSTALLERS = Path(__file__).resolve().parent / "installers"

# system -> (uv's target, the installer, pip's platform tags). pip widens a macOS or a
# manylinux2014 tag to the older ones it accepts, but not a manylinux_2_28 tag: name both.
SYSTEMS = {
    "win_amd64": ("x86_64-pc-windows-msvc", "install.bat", ["win_amd64"]),
    "macosx_11_0_arm64": ("aarch64-apple-darwin", "install.command", ["macosx_11_0_arm64"]),
    "macosx_10_13_x86_64": ("x86_64-apple-darwin", "install.command", ["macosx_10_13_x86_64"]),
    "manylinux_2_28_x86_64": (
        "x86_64-manylinux_2_28",
        "install.sh",
        ["manylinux_2_28_x86_64", "manylinux2014_x86_64"],
    ),
    "manylinux2014_x86_64": ("x86_64-manylinux2014", "install.sh", ["manylinux2014_x86_64"]),
    "manylinux_2_28_aarch64": (
        "aarch64-manylinux_2_28",
        "install.sh",
        ["manylinux_2_28_aarch64", "manylinux2014_aarch64"],
    ),
}


def this_platform() -> str:
    machine = platform.machine().lower()
    if sys.platform == "win32":
        return "win_amd64"
    if sys.platform == "darwin":
        return "macosx_11_0_arm64" if machine == "arm64" else "macosx_10_13_x86_64"
    return f"manylinux_2_28_{'aarch64' if machine in ('arm64', 'aarch64') else 'x86_64'}"


def this_python() -> str:
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def run(*command: str) -> None:
    subprocess.run(command, check=True)  # noqa: S603 - our own tools with our own arguments


def build(platform_tag: str, python_version: str, out: Path) -> Path:
    if platform_tag not in SYSTEMS:
        raise SystemExit(f"PLATFORM must be one of {', '.join(SYSTEMS)}, not {platform_tag!r}")
    target, installer, pip_platforms = SYSTEMS[platform_tag]
    folder = out / platform_tag
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pins = folder / "requirements.txt"
    bin_dir = Path(sysconfig.get_path("scripts"))
    uv = shutil.which("uv", path=str(bin_dir)) or shutil.which("uv") or "uv"
    run(
        uv,
        "pip",
        "compile",
        str(LOCK),
        "--quiet",
        "--generate-hashes",
        "--no-header",
        "--no-python-downloads",  # resolving for another Python needs no copy of it
        "--python-platform",
        target,
        "--python-version",
        python_version,
        "-o",
        str(pins),
    )
    platforms = [arg for tag in pip_platforms for arg in ("--platform", tag)]
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        *platforms,
        "--python-version",
        python_version,
        "--implementation",
        "cp",
        "--require-hashes",
        "-r",
        str(pins),
        "-d",
        str(folder),
    )
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(folder), str(ROOT))
    version = python_version
    for name in (installer,):
        text = (INSTALLERS / name).read_text(encoding="utf-8").replace("@PYTHON@", version)
        script = folder / name
        script.write_text(text, encoding="utf-8", newline="\r\n" if name.endswith(".bat") else "\n")
        script.chmod(0o755)
    (folder / "README.txt").write_text(
        f"Military Whist Director for {platform_tag}, Python {version}.\n"
        f"Install Python {version} first, then run {installer} from this folder "
        "(no internet needed).\n",
        encoding="utf-8",
    )
    return folder


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--platform", default="", help=f"one of {', '.join(SYSTEMS)}")
    parser.add_argument("--python-version", default="", help="3.11 or newer")
    parser.add_argument("--out", default=str(ROOT / "wheelhouse"))
    options = parser.parse_args(argv)
    tag = options.platform or this_platform()
    version = options.python_version or this_python()
    folder = build(tag, version, Path(options.out))
    wheels = sorted(folder.glob("*.whl"))
    size = sum(p.stat().st_size for p in wheels) / 1e6
    print(f"{folder}: {len(wheels)} wheels, {size:.0f} MB")  # noqa: T201


if __name__ == "__main__":
    main()
