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
app=${WHIST_APP_DIR:-"$HOME/Library/Application Support/military-whist-director/app"}
"$python" -m venv "$app"
"$app/bin/python" -m pip install --quiet --no-index --find-links "$here" --require-hashes -r "$here/requirements.txt"
"$app/bin/python" -m pip install --quiet --no-index --no-deps "$here"/military_whist_director-*.whl
launcher="$HOME/Desktop/Whist hall.command"
printf '#!/bin/sh\n"%s/bin/whist-director" hall\n' "$app" > "$launcher" && chmod +x "$launcher"
bin="$HOME/.local/bin"
mkdir -p "$bin"
ln -sf "$app/bin/whist-director" "$bin/whist-director"
echo "Installed. Double-click \"Whist hall\" on the desktop to serve the hall."
case ":$PATH:" in
  *":$bin:"*) echo "In a Terminal the command is: whist-director" ;;
  *)
    echo "In a Terminal the command is $bin/whist-director; to type just whist-director,"
    echo "run this once, then open a new Terminal window:"
    echo "  echo 'export PATH=\"\$HOME/.local/bin:\$PATH\"' >> ~/.zprofile" ;;
esac
