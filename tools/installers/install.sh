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
bin="$HOME/.local/bin"
mkdir -p "$bin"
ln -sf "$app/bin/whist-director" "$bin/whist-director"
case ":$PATH:" in
  *":$bin:"*)
    echo "Installed. Serve the hall with: whist-director hall" ;;
  *)
    # A script cannot change the PATH of the shell that ran it: say exactly what to type.
    echo "Installed in $bin, which this terminal does not search yet. Either type:"
    echo "  export PATH=\"\$HOME/.local/bin:\$PATH\""
    echo "and then: whist-director hall"
    echo "or run it by its full name: $bin/whist-director hall"
    echo "New terminals find whist-director after your next login; if one does not, add the"
    echo "export line above to the end of ~/.profile." ;;
esac
