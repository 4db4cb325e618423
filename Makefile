# homegame: `make serve` runs the home-game server (`make serve PORT=8080`), `make test` runs every check.
# Both create .venv themselves on a fresh machine: `make serve` installs only what serving needs (the
# package and its dependencies), `make test` the test, benchmark and research extras on top.
PY ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
SERVE_STAMP := $(VENV)/.installed-serve
STAMP := $(VENV)/.installed

.PHONY: all install test lint typecheck pytest bench serve play contract clean browser-deps

all: test

# what serving and playing need; then the evaluator's kernels compiled once (homegame warm)
$(SERVE_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/homegame warm
	touch $(SERVE_STAMP)

# everything else: tests, benchmarks, research (a separate stamp, so `make test` after `make serve` adds them)
$(STAMP): $(SERVE_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench,rl,charts]'
	touch $(STAMP)

install: $(SERVE_STAMP)

# ruff, then the layers (import-linter's contracts in pyproject.toml): a package imports only those below it
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# the suite on TEST_WORKERS processes (pytest-xdist; 2 for this 2-core machine, 1 runs it serially):
# worksteal hands a long test's neighbours to an idle worker, so the long panels do not make a tail;
# the 15 slowest tests are listed at the end, so that a new long pole is seen (and split) early
TEST_WORKERS ?= 2
pytest: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=15

test: lint typecheck pytest

contract: $(STAMP)
	$(BIN)/python ../shared/contract_check.py

# every benchmark, each printing its tables (bots and server in a short mode: see bench/README.md)
bench: $(STAMP)
	$(BIN)/python bench/evaluator.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/equity.py
	-$(BIN)/python bench/bots.py --deals 4 --games holdem,passem --players 2
	$(BIN)/python bench/server.py --tables 10 --seconds 5
	$(BIN)/python bench/memory.py --tables 10 --hands 1
	$(BIN)/python bench/tournament.py

serve: $(SERVE_STAMP)
	$(BIN)/homegame serve --port $(PORT)

play: $(SERVE_STAMP)
	$(BIN)/homegame play passem

browser-deps:
	bash scripts/ensure-chromium.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
