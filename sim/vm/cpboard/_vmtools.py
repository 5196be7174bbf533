"""drive.py's options (tests only; loaded only when a run asks for one, so
the stand-ins' own heap stays as it was): what the screen shows, a turn
that runs out of memory, a firmware without terminalio."""

import _vmhw
import board


def look(ns, watch):
    """Which watched texts a line of the screen shows now (first pass each)."""
    app = ns.get("app")
    if app is None:
        return
    for ln in app.stage.lines.lines:
        if ln.group is not None and not ln.tile.hidden:
            t = ln.text
            for w in watch:
                if watch[w] < 0 and w in t:
                    watch[w] = _vmhw.steps
    if all(watch[w] >= 0 for w in watch):
        _vmhw.on_step = None  # all seen: the passes run as fast as without


def screen():
    """The rows of every TileGrid drawn straight from the firmware font's
    bitmap (the crash screen), as str."""
    try:
        import terminalio
    except ImportError:  # hidden (--no-terminalio): nothing can show text
        return []
    from displayio import TileGrid

    out = []
    root = board.DISPLAY.root_group
    for item in root or ():
        if isinstance(item, TileGrid) and item.bitmap is terminalio.FONT.bitmap:
            for y in range(item.height):
                out.append("".join(chr(32 + item[x, y]) for x in range(item.width)).rstrip())
    return out


def crash_at(step):
    """Game.apply at loop pass >= step asks for heap until there is none;
    what it took hangs on the game, so only letting the app go frees it."""
    from taki_core import game

    real = game.Game.apply

    def apply(self, m):
        if _vmhw.steps >= step:
            self.junk = junk = []
            while True:
                junk.append(bytearray(256))
        return real(self, m)

    game.Game.apply = apply


def hide(name):
    """import `name` raises ImportError from now on, as where the firmware
    has no such module (a built-in cannot be shadowed by a file)."""
    import builtins

    real = builtins.__import__

    def imp(n, *args):
        if n == name:
            raise ImportError("no module named '%s'" % n)
        if n == "time":  # the wait that follows: end the run there
            return _Time
        return real(n, *args)

    builtins.__import__ = imp


class _Time:
    @staticmethod
    def sleep(s):
        raise _vmhw.Done()
