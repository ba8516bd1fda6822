# Military Whist Director. `make run` serves the demo; `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CHROMIUM ?= /usr/bin/chromium
HOST   ?= 127.0.0.1:8000

.PHONY: run install test lint browser bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet ".[test]"
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --verbosity 0
	$(BIN)/python manage.py load_demo
	@echo "Military Whist Director: open http://$(HOST)/ (Ctrl+C stops it)"
	$(BIN)/python manage.py runserver $(HOST)

# Browser tests drive Debian's Chromium (Playwright's own download cannot be fetched here).
browser:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Install Chromium first: sudo apt-get install chromium"; exit 1; fi; }

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: $(STAMP) browser lint
	$(BIN)/python manage.py makemigrations --check --dry-run --verbosity 0
	$(BIN)/pytest

bench: $(STAMP)
	cd bench && ../$(BIN)/python foundation.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
