# The two commands of the README: `make run` (the simulator) and `make test`.
# Both set up what they need first: a local virtual environment from the
# pinned requirements.txt. The CircuitPython 10 tools the device tier uses
# come from ../shared/circuitpython (or $TAKI_CIRCUITPYTHON; see the README).
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup run test demo bench mutate

setup: $(STAMP)

$(STAMP): requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
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
	$(PY) -m sim.bench device
	$(PY) -m sim.bench saves
	$(PY) -m sim.bench lang
	$(PY) -m sim.bench speed

mutate: setup
	$(PY) -m sim.mutate --jobs 2
