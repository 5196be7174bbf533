# The two commands of the README: `make run` (the simulator) and `make test`.
# Both set up what they need first: a local virtual environment from the
# pinned requirements.txt, and the MicroPython build from package-lock.json.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup run test demo bench

setup: $(STAMP)

$(STAMP): requirements.txt package.json package-lock.json
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

run: setup
	$(PY) -m sim

test: setup
	$(PY) -m pytest -q

demo: setup
	$(PY) -m sim --demo --shots out/demo

bench: setup
	$(PY) -m sim.bench core
	$(PY) -m sim.bench ui
	$(PY) -m sim.bench bots --games 2000
