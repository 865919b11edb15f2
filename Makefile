# Two commands on a fresh machine: `make run` (the main job) and `make test` (the whole suite).
# Both create .venv and install everything they need first.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test test-unit test-integration lint bench-wm clean

install: $(STAMP)

# CPU torch first, pinned (an unpinned torch pulls a multi-GB CUDA build), then the project.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/pip check
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/engram demo

test: $(STAMP)
	$(BIN)/pip check
	$(BIN)/ruff check .
	$(BIN)/pytest

test-unit: $(STAMP)
	$(BIN)/pytest -m "not integration"

test-integration: $(STAMP)
	$(BIN)/pytest -m integration

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench-wm: $(STAMP)
	$(BIN)/engram bench working-memory

clean:
	rm -rf $(VENV) .engram .pytest_cache
