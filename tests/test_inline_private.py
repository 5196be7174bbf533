"""sim.build.inline.privatize: the .mpy bundle makes a module's own public const()
names private where nothing else in the bundle names them, so that
MicroPython keeps them out of the module's globals (heap on the board)."""

from sim.build import inline

SRC = '''from micropython import const

WIDTH = const(160)
HEIGHT = const(WIDTH - 32)
SHARED = const(7)
REBOUND = const(1)
_ALREADY = const(2)
NOT_CONST = 5


def area(obj):
    REBOUND_LOCAL = REBOUND
    return WIDTH * HEIGHT + obj.WIDTH + _ALREADY + SHARED + REBOUND_LOCAL


def again():
    global REBOUND
    REBOUND = 3
'''


def test_a_const_nobody_else_names_becomes_private():
    out = inline.privatize(SRC, ["import other\nother.SHARED\n"])
    assert "_WIDTH = const(160)" in out and "_HEIGHT = const(_WIDTH - 32)" in out
    assert "return _WIDTH * _HEIGHT + obj.WIDTH + _ALREADY" in out  # an attribute stays
    assert "\nSHARED = const(7)" in out and "+ SHARED +" in out  # named elsewhere: kept
    assert "\nREBOUND = const(1)" in out and "REBOUND = 3" in out  # bound again: kept
    assert "NOT_CONST = 5" in out and "__ALREADY" not in out
    assert out.count("\n") == SRC.count("\n")  # line numbers stay
    compile(out, "m.py", "exec")


def test_nothing_to_do_leaves_the_source_as_it_is():
    src = "x = 1\n"
    assert inline.privatize(src, []) is src


def test_a_name_in_an_f_string_stays():
    src = 'from micropython import const\nN = const(3)\n\n\ndef f():\n    return f"{N}"\n'
    assert inline.privatize(src, []) == src


def test_the_bundle_s_modules_still_compile_and_keep_what_others_use():
    from sim.build import bundle

    files = bundle.contents()
    sources = {}
    for dst, src in files.items():
        if dst.endswith(".py") and dst != "code.py":
            with open(src, encoding="utf-8") as f:
                sources[inline.module_name(dst)] = f.read()
    consts = inline.constants(sources)
    inlined = {m: inline.inline(s, m, consts) for m, s in sources.items()}
    made = 0
    for m, s in inlined.items():
        out = inline.privatize(s, [o for n, o in inlined.items() if n != m])
        compile(out, m, "exec")
        made += out.count(" = const(") and (out != s)
    assert made >= 10  # taki_core.table, game, cards, strings, states, ...
