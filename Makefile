# Military Whist Director. `make run` serves the demo; `make test` runs every test.
# `make hall` serves the hall's phones from the leader's laptop; `make serve` a hosted server.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test
CHROMIUM ?= /usr/bin/chromium
HOST   ?= 127.0.0.1:8000
# The hall listens on every interface unless HOST= says otherwise.
HALL_HOST := $(if $(filter command line environment,$(origin HOST)),$(HOST),0.0.0.0:8000)

.PHONY: run hall serve install test lint browser bench clean

# What running needs (the first command, at home with the internet; nothing after it does).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet .
	touch $(STAMP)

# The test tools on top.
$(TESTSTAMP): $(STAMP) pyproject.toml
	$(BIN)/pip install --quiet ".[test]"
	touch $(TESTSTAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/python -m whistdirector demo --listen $(HOST)

hall: $(STAMP)
	$(BIN)/python -m whistdirector hall --listen $(HALL_HOST)

serve: $(STAMP)
	$(BIN)/python -m whistdirector serve --listen $(HOST)

# Browser tests drive Debian's Chromium (Playwright's own download cannot be fetched here).
browser:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Install Chromium first: sudo apt-get install chromium"; exit 1; fi; }

lint: $(TESTSTAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: $(TESTSTAMP) browser lint
	$(BIN)/python manage.py makemigrations --check --dry-run --verbosity 0
	$(BIN)/pytest

bench: $(TESTSTAMP)
	cd bench && ../$(BIN)/python foundation.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles secret_key
