"""save.unpack under CircuitPython 10's own VM: restores load there too
(bytes.count(int), which CPython has, does not exist on CircuitPython:
_rebuild counts by hand)."""

import pytest

from sim.vm import cpvm

pytestmark = pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())

SCRIPT = """
from taki_core.game import Game
from taki_core import save, rng
g = Game()
h = Game()
buf = bytearray(76)
x = 5
ok = 0
bad = 0
for gi in range(3):
    g.reset(2 + 3 * gi, gi, 0, gi == 1)
    k = 0
    while not g.over() and k < 600:
        if k % 11 == 0:
            if save.unpack(h, save.pack(g)) == 0 and h.s == g.s:
                ok += 1
            else:
                bad += 1
        x = rng.step(x)
        g.apply(buf[x % g.legal_moves(buf)])
        k += 1
b = bytearray(save.pack(g))
b[2 + 10] = 255  # no run colour
b[2 + 4] = 1     # in a run
c = save.checksum(b, 162)
b[162] = c >> 8
b[163] = c & 255
print("ok", ok, "bad", bad, "forged", save.unpack(h, bytes(b)))
"""


def test_restores_load_and_refuse_under_circuitpython():
    words = cpvm.guest(SCRIPT).split()
    assert words[0::2] == ["ok", "bad", "forged"]
    ok, bad, forged = (int(w) for w in words[1::2])
    assert ok > 50 and bad == 0 and forged == 5
