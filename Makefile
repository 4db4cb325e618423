# homegame: `make serve` runs the home-game server, `make test` runs every check.
# Both create .venv themselves on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all install test lint typecheck pytest bench serve play contract clean browser-deps

all: test

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench,rl]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .

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

serve: $(STAMP)
	$(BIN)/homegame serve

play: $(STAMP)
	$(BIN)/homegame play passem

browser-deps:
	bash scripts/ensure-chromium.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
