# Two commands on a fresh machine: `make run` (the main job) and `make test` (the whole suite).
# Both create .venv and install everything they need first.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

CHROMIUM := /usr/bin/chromium

.PHONY: install browser run demo test test-unit test-integration lint bench-wm clean

install: $(STAMP)

# CPU torch first, pinned (an unpinned torch pulls a multi-GB CUDA build), then the project.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev,agents]'
	$(BIN)/pip check
	touch $(STAMP)

# Browser tests drive Debian's Chromium (no browser download at run time); without root or apt
# they are skipped with that reason.
browser:
	@test -x $(CHROMIUM) || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
		|| echo "chromium not installed: browser tests will be skipped"

run: $(STAMP)
	$(BIN)/jiyi up --demo

demo: $(STAMP)
	$(BIN)/jiyi demo

test: $(STAMP) browser
	$(BIN)/pip check
	$(BIN)/ruff check .
	$(BIN)/pytest

test-unit: $(STAMP)
	$(BIN)/pytest -m "not integration"

test-integration: $(STAMP) browser
	$(BIN)/pytest -m integration

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench-wm: $(STAMP)
	$(BIN)/jiyi bench working-memory

clean:
	rm -rf $(VENV) .jiyi .pytest_cache
