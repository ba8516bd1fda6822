#!/bin/sh
# Installs Military Whist Director from this folder alone: no internet needed.
set -e
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-python@PYTHON@}
command -v "$python" >/dev/null 2>&1 || python=python3
version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ "$version" != "@PYTHON@" ]; then
  echo "This folder is for Python @PYTHON@, but $python is Python $version."
  echo "Install Python @PYTHON@, or make a wheelhouse for Python $version."
  exit 1
fi
app=${WHIST_APP_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/military-whist-director/app}
"$python" -m venv "$app"
"$app/bin/python" -m pip install --quiet --no-index --find-links "$here" --require-hashes -r "$here/requirements.txt"
"$app/bin/python" -m pip install --quiet --no-index --no-deps "$here"/military_whist_director-*.whl
mkdir -p "$HOME/.local/bin"
ln -sf "$app/bin/whist-director" "$HOME/.local/bin/whist-director"
echo "Installed. Serve the hall with: $app/bin/whist-director hall"
