# simlab: `make demo` and `make test` create .venv when missing, install the project, then run.
PYTHON ?= python3
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install demo test warm-all test-suite test-stock warm-stock test-stock-suite bench bench-quick \
	lint clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "simlab needs Python 3.11 or newer (set PYTHON=...)")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "installing simlab into $(VENV) ..."
	@$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	@$(PY) -m pip install -q --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

## a million 4-player games of Attack of the Jelly Monster with four equal greedy players (the
## seat question), then the mixed line-up in every seating as a second table: the balance
## table and the path of the HTML report
demo: $(STAMP)
	$(VENV)/bin/simlab warm jelly
	$(VENV)/bin/simlab sweep scenarios/jelly-seat-balance.toml --jobs 2

## everything CI runs, each step timed ("make test: STEP N s"): the lazy-mode suite
## (SIMLAB_LAZY=1, the default): every kernel compiled once into the cache (games in parallel; the
## example custom bots' too, and the rule functions the game tests call from Python), then the
## suite on every core, the longest test files first (tests/conftest.py); then `make test-stock`.
## `pytest -m "not slow"` leaves out the long statistical runs when iterating
EXAMPLE_BOTS := $(wildcard examples/custom_bots/*.py)
# $(call timed,NAME,TARGET): make TARGET, then print how long it took (also when it fails)
timed = @t0=$$(date +%s); $(MAKE) --no-print-directory $(2) || { \
	echo "make test: $(1) failed after $$(( $$(date +%s) - t0 )) s"; exit 1; }; \
	echo "make test: $(1) $$(( $$(date +%s) - t0 )) s"

test: $(STAMP)
	$(call timed,warm,warm-all)
	$(call timed,pytest,test-suite)
	$(call timed,stock-warm,warm-stock)
	$(call timed,stock-pytest,test-stock-suite)

warm-all: $(STAMP)
	$(VENV)/bin/simlab warm --all --jobs $(JOBS) $(addprefix --plugin ,$(EXAMPLE_BOTS)) \
		--plugin examples/games/pig/game.py

test-suite: $(STAMP)
	$(PY) -m pytest -q -n $(JOBS) --dist loadfile --durations=15 -m "not stock_step"

## the stock-mode check (README "Upgrading numba"): SIMLAB_LAZY=0 runs numba's own code
## libraries (its own cache folder, src-<hash>-stock). The four default kernels are warmed in
## stock mode (games in parallel), then tests/core/test_lazy_switch.py plays 300 games of each
## game in both modes and compares them byte for byte (marker stock_step: only here), and the
## conformance case of each game marked `stock` runs in stock mode. The rule files are left to
## lazy mode: in stock mode every rule a test calls from Python compiles with all it calls (no
## lazy libraries), measured at 243 CPU s more on a cold cache, which CI's 12 minutes cannot pay.
STOCK_TESTS := tests/core/test_lazy_switch.py $(wildcard tests/*/test_conformance.py)
test-stock: $(STAMP)
	$(call timed,stock-warm,warm-stock)
	$(call timed,stock-pytest,test-stock-suite)

warm-stock: $(STAMP)
	SIMLAB_LAZY=0 $(VENV)/bin/simlab warm --jobs $(JOBS)

test-stock-suite: $(STAMP)
	SIMLAB_LAZY=0 $(PY) -m pytest -q -n $(JOBS) --dist loadfile -m "stock or stock_step" \
		--durations=10 $(STOCK_TESTS)

bench: $(STAMP)
	$(VENV)/bin/simlab bench

bench-quick: $(STAMP)
	$(VENV)/bin/simlab bench --quick

lint: $(STAMP)
	$(VENV)/bin/ruff check simlab tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build *.egg-info
