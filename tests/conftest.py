"""What every test file shares: the `slow` mark (pytest.ini) and the
`shared` fixture, which builds a heavy artefact once per test run, for
every test and every xdist worker (`make test` runs the tests in parallel:
pytest -n).

    def test_x(shared):
        dev = shared.get("device", device_tier.Device)      # built once
        rec = shared.get("rec-2-people", lambda d: device_tier.record("2 people", d))

`shared.get(key, make)` calls `make(folder)` with an empty folder of its own
the first time any worker asks for `key` (the others wait for it, on a file
lock) and keeps what it returns, pickled, beside the folder; later calls
anywhere in the run get that value. So a value must be picklable (plain
data, paths into its folder, objects whose attributes are such), and what
it builds must not depend on the test that asks first. A module-scoped
fixture would build once per worker instead; a session-scoped one too.
"""

import fcntl
import os
import pickle
import shutil
import sys

import pytest


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves English in use: the language is the text module's
    state, and a test that measures English's texts without a Sim of its
    own (tests/test_ux.py's) failed after one that recorded games in three
    languages (tests/test_speed.py) had run in the same process."""
    yield
    text = sys.modules.get("taki_ui.text")
    if text is not None:
        text.lang.load("en")


class Shared:
    """Values built once per run, by whichever worker asks first."""

    def __init__(self, root):
        self.root = root
        self._memo = {}

    def get(self, key, make):
        if key in self._memo:
            return self._memo[key]
        folder = os.path.join(self.root, key)
        done = folder + ".pickle"
        with open(folder + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if os.path.exists(done):
                with open(done, "rb") as f:
                    value = pickle.load(f)
            else:
                if os.path.isdir(folder):
                    shutil.rmtree(folder)  # what a failed first try left
                os.makedirs(folder)
                value = make(folder)
                with open(done + ".part", "wb") as f:
                    pickle.dump(value, f)
                os.replace(done + ".part", done)
        self._memo[key] = value
        return value


def shared_root(base, worker):
    """The run's folder for shared values: under xdist each worker's
    basetemp is <the run's basetemp>/<worker>, so its parent is the run's."""
    return os.path.join(str(base.parent if worker else base), "shared")


@pytest.fixture(scope="session")
def shared(tmp_path_factory):
    root = shared_root(tmp_path_factory.getbasetemp(), os.environ.get("PYTEST_XDIST_WORKER"))
    os.makedirs(root, exist_ok=True)
    return Shared(root)
