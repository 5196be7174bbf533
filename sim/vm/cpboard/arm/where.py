"""Replay a recorded game through code.py under the ARM VM with a marker
around every call of chosen functions of the game (sim.bench where; never
on a board).

    where.py CODE SCHEDULE WRAP

As speed.py (passes.bin, the same columns), and besides the markers "R",
"A", "B" of each pass (board.py): "+name" when a wrapped function is
entered and "-name" when it returns. WRAP is a comma-separated list of
what to wrap: "module" (every function and method of taki_ui.<module> or
taki_core.<module>), "module.func", "module.Class" or
"module.Class.method". They are wrapped at the end of each pass in the
modules imported by then (a module imported during a pass is seen from the
next one on; a function imported by name into another module before it
was wrapped is called there unwrapped). Each marker costs ~260
instructions, counted in the function that makes it; each wrapper is a
frame more on the 2048-byte pystack (wrap what you look at, not all).
"""

import sys

import speed

WRAP = sys.argv[3].split(",") if len(sys.argv) > 3 and sys.argv[3] else []
GC_EACH_PASS = len(sys.argv) > 4 and sys.argv[4] == "gc"  # no collection inside a pass
_done = {}  # module name -> the module object wrapped


def _wrap(name, f):
    w = sys.stderr.write
    enter = "+" + name + "\n"
    leave = "-" + name + "\n"

    def g(*a, **k):
        w(enter)
        r = f(*a, **k)
        w(leave)
        return r

    return g


def _is_fun(f):
    return type(f) is type(_is_fun)


def _wrap_class(short, cls, only=None):
    for m in dir(cls):
        if (only is not None and m != only) or (m.startswith("__") and m != "__init__"):
            continue
        f = getattr(cls, m, None)
        if _is_fun(f):
            setattr(cls, m, _wrap(short + "." + cls.__name__ + "." + m, f))


def _instrument():
    for spec in WRAP:
        parts = spec.split(".")
        for pkg in ("taki_ui.", "taki_core.", "boards."):
            mod = sys.modules.get(pkg + parts[0])
            if mod is not None:
                break
        if mod is None or _done.get(spec) is mod:
            continue
        _done[spec] = mod
        short = parts[0]
        if len(parts) == 1:
            for n in dir(mod):
                v = getattr(mod, n)
                if _is_fun(v):
                    setattr(mod, n, _wrap(short + "." + n, v))
                elif type(v) is type and n[0].isupper() and getattr(mod, n) is v:
                    _wrap_class(short, v)
            continue
        v = getattr(mod, parts[1], None)
        if _is_fun(v):
            setattr(mod, parts[1], _wrap(short + "." + parts[1], v))
        elif type(v) is type:
            _wrap_class(short, v, parts[2] if len(parts) > 2 else None)


_after = speed.after


_stat = [0, 0]


def after(px):
    import takirender

    a, c = takirender.stat(1), takirender.stat(2)
    sys.stderr.write("=%d areas %d chunks\n" % (a - _stat[0], c - _stat[1]))
    _stat[0], _stat[1] = a, c
    _instrument()
    if GC_EACH_PASS:
        import gc

        gc.collect()
    _after(px)


speed.after = after
speed.game(sys.argv[1], sys.argv[2])
