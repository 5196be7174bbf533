"""The project's own PRNG: the same seed deals the same game on every Python.

A Lehmer (Park-Miller style) generator modulo the prime P = 2**30 - 35 with
the primitive root A = 16808, stepped with Schrage's method so that no
intermediate value reaches 2**30: on MicroPython/CircuitPython every value
stays a small int and a step allocates nothing. The state is an int in
1..P-1 that the caller keeps (the game keeps it inside its state buffer).
"""

from micropython import const

P = const(1073741789)
_A = const(16808)
_Q = const(63882)  # P // A
_R = const(13133)  # P % A; Schrage needs R < Q


def seed_state(seed):
    """A valid state (1..P-1) from any int seed."""
    x = seed % (P - 1) + 1
    for _ in range(3):  # mix small seeds away from the low end
        x = step(x)
    return x


def step(x):
    """The next state after x."""
    x = _A * (x % _Q) - _R * (x // _Q)
    if x <= 0:
        x += P
    return x
