# Military Whist Director. `make run` serves the demo; `make test` runs every test.
# `make hall` serves the hall's phones from the leader's laptop; `make serve` a hosted server.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test
UVSTAMP := $(VENV)/.installed-uv
CHROMIUM ?= /usr/bin/chromium
HOST   ?= 127.0.0.1:8000
WORKERS ?= 1
# The hall listens on every interface unless HOST= says otherwise.
HALL_HOST := $(if $(filter command line environment,$(origin HOST)),$(HOST),0.0.0.0:8000)

PLATFORM ?=
PYTHON_VERSION ?=

.PHONY: run hall serve install test lint browser bench lock dist wheelhouse clean messages

# What running needs, exactly as locked (the first command, at home with the internet; nothing
# after it does).
$(STAMP): requirements/pip.txt requirements/run.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/pip.txt
	$(BIN)/pip install --quiet --require-hashes -r requirements/run.txt
	touch $(STAMP)

# The test tools on top, locked the same way.
$(TESTSTAMP): $(STAMP) requirements/test.txt
	$(BIN)/pip install --quiet --require-hashes -r requirements/test.txt
	touch $(TESTSTAMP)

# uv alone on top of what running needs: make wheelhouse resolves each system's pins with it.
$(UVSTAMP): $(STAMP) requirements/uv.txt
	$(BIN)/pip install --quiet --require-hashes -r requirements/uv.txt
	touch $(UVSTAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/python -m whistdirector demo --listen $(HOST)

# BACKUPS=FOLDER names the backups folder (a USB stick), as whist-director hall --backups does.
hall: $(STAMP)
	$(BIN)/python -m whistdirector hall --listen $(HALL_HOST)$(if $(BACKUPS), --backups "$(BACKUPS)")

serve: $(STAMP)
	$(BIN)/python -m whistdirector serve --listen $(HOST) --workers $(WORKERS)

# Browser tests drive Debian's Chromium (Playwright's own download cannot be fetched here); the
# catalog test needs Debian's gettext (makemessages, msgfmt); the printout tests read PDFs back
# with Debian's poppler-utils (pdftotext, pdftoppm); the workers' tests share a Redis server
# (Debian's redis-server, started by the tests on loopback); the printed QR codes are read back
# as a phone's camera would, by Debian's zbar-tools.
browser:
	@missing=""; test -x $(CHROMIUM) || missing="chromium"; \
	command -v msgfmt >/dev/null || missing="$$missing gettext"; \
	command -v pdftotext >/dev/null || missing="$$missing poppler-utils"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "Install them first: sudo apt-get install $$missing"; exit 1; fi; fi

# The French catalog: collect every marked string (new ones come out empty), then, once
# translated in tournaments/locale/fr/LC_MESSAGES/*.po, compile. tests/test_catalog.py checks both.
messages: $(TESTSTAMP)
	cd tournaments && ../$(BIN)/python ../manage.py makemessages -l fr --add-location file --no-obsolete
	cd tournaments && ../$(BIN)/python ../manage.py makemessages -d djangojs -l fr --add-location file --no-obsolete
	cd tournaments && ../$(BIN)/python ../manage.py compilemessages -l fr

lint: $(TESTSTAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The tests that keep to this process run on two workers (pytest-xdist); those that time a
# browser or start servers run after them, one at a time, so no other test's load skews them.
ALONE := e2e or servers or wheelhouse
test: $(TESTSTAMP) browser lint
	$(BIN)/python manage.py makemigrations --check --dry-run --verbosity 0
	$(BIN)/pytest -n 2 -m "not ($(ALONE))"
	$(BIN)/pytest -m "$(ALONE)"

# New versions of the dependencies: re-resolve the lock files (pip's too; every system, Python
# 3.11 up), install them and run every test.
lock: $(TESTSTAMP)
	$(BIN)/uv pip compile requirements/pip.in --python-version 3.11 --generate-hashes --upgrade --quiet -o requirements/pip.txt
	$(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes --upgrade --quiet -o requirements/run.txt
	$(BIN)/uv pip compile pyproject.toml --extra test --universal --python-version 3.11 --generate-hashes --quiet -c requirements/run.txt -o requirements/test.txt
	$(BIN)/uv pip compile requirements/uv.in --python-version 3.11 --generate-hashes --quiet -c requirements/test.txt -o requirements/uv.txt
	$(MAKE) test

# The installable wheel (whist-director) in dist/.
dist: $(STAMP)
	$(BIN)/pip wheel --quiet --no-deps -w dist .

# Every wheel one system needs plus its installer: wheelhouse/<system>/ (this machine's, or
# PLATFORM=win_amd64|macosx_11_0_arm64|macosx_10_13_x86_64|manylinux_2_28_x86_64 PYTHON_VERSION=3.13).
# Runs on Linux or macOS (make, a POSIX shell); it makes every system's folder, Windows's too.
wheelhouse: $(UVSTAMP)
	$(BIN)/python tools/wheelhouse.py $(if $(PLATFORM),--platform $(PLATFORM)) $(if $(PYTHON_VERSION),--python-version $(PYTHON_VERSION))

bench: $(TESTSTAMP)
	cd bench && ../$(BIN)/python foundation.py

clean:
	rm -rf $(VENV) db.sqlite3* staticfiles secret_key backups dist build wheelhouse
