# The two commands of the README: `make run` (the simulator) and `make test`.
# Both set up what they need first: a local virtual environment from the
# pinned requirements.txt. `make test-all` adds the slow tests (CI runs make test);
# `make mutate` first installs the mutation tool (requirements-mutate.txt).
# The CircuitPython 10 tools the device tier uses come from
# ../shared/circuitpython (or $TAKI_CIRCUITPYTHON; see the README).
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
MUTATE_STAMP := $(VENV)/.installed-mutate
# the tests run in parallel, a worker per core (pytest-xdist); JOBS=0: in this process
JOBS ?= auto
PYTEST := $(PY) -m pytest -q -n $(JOBS) --dist worksteal

.PHONY: setup qemu run test test-all demo bench mutate

setup: $(STAMP)

$(STAMP): requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The speed and ARM-count tests run CircuitPython as Cortex-M4 code under
# qemu-arm (../shared/circuitpython/arm). Installed here where we may (root
# with apt-get, as in CI); elsewhere those tests skip and say why.
qemu:
	@command -v qemu-arm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && apt-get install -y -qq qemu-user >/dev/null) \
	      || echo "qemu-user could not be installed: the ARM tests will skip"; \
	  else echo "no qemu-arm (apt-get install qemu-user): the ARM tests will skip"; fi; }

run: setup
	$(PY) -m sim

test: setup qemu
	$(PYTEST) -m "not slow"

test-all: setup qemu
	$(PYTEST)

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

$(MUTATE_STAMP): $(STAMP) requirements-mutate.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-mutate.txt
	touch $(MUTATE_STAMP)

mutate: setup $(MUTATE_STAMP)
	$(PY) -m sim.testing.mutate --jobs 2
