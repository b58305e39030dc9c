# simlab: `make demo` and `make test` create .venv when missing, install the project, then run.
PYTHON ?= python3
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test bench bench-quick lint clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "simlab needs Python 3.11 or newer (set PYTHON=...)")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "installing simlab into $(VENV) ..."
	@$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	@$(PY) -m pip install -q --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

## a million 4-player games of Attack of the Jelly Monster with four equal greedy players (the
## seat question), then the mixed line-up in every seating as a second table: the balance
## table and the path of the HTML report
demo: $(STAMP)
	$(VENV)/bin/simlab warm jelly
	$(VENV)/bin/simlab sweep scenarios/jelly-seat-balance.toml --jobs 2

## everything CI runs: every kernel compiled once into the cache (games in parallel; the example
## custom bots' too), then the suite on every core, the longest test files first
## (tests/conftest.py); `pytest -m "not slow"` leaves out the long statistical runs when iterating
EXAMPLE_BOTS := $(wildcard examples/custom_bots/*.py)
test: $(STAMP)
	$(VENV)/bin/simlab warm --all --jobs $(JOBS) $(addprefix --plugin ,$(EXAMPLE_BOTS)) --plugin examples/games/pig/game.py
	$(PY) -m pytest -q -n $(JOBS) --dist loadfile --durations=15

bench: $(STAMP)
	$(VENV)/bin/simlab bench

bench-quick: $(STAMP)
	$(VENV)/bin/simlab bench --quick

lint: $(STAMP)
	$(VENV)/bin/ruff check simlab tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build *.egg-info
