"""A contact sheet per language: every screen of the README's walk
(sim.testing.shots.walk) at 2x, every seat named with the widest names, so
the look of each language can be judged without a board.

    python -m sim.testing.sheets [DIR] [CODE ...]   (default docs/sheets; all languages)

Writes DIR/<code>.png: the screens in the walk's order, four a row, each
with its name above it.
"""

import os
import sys

from sim.testing import harness, shots

COLS = 4
SCALE = 2
CAPTION = 16  # pixels above each screen for its name
GAP = 8


def sheet(code, path):
    """Write language `code`'s sheet to path; the screens' names, in order."""
    import pygame

    frames = []
    for name, sim in shots.walk(code, long=True):
        sim.display.redraw()
        frames.append((name, pygame.transform.scale(sim.display.surface(), (160 * SCALE, 128 * SCALE))))
    w, h = 160 * SCALE, 128 * SCALE + CAPTION
    rows = (len(frames) + COLS - 1) // COLS
    out = pygame.Surface((COLS * (w + GAP) + GAP, rows * (h + GAP) + GAP))
    out.fill((40, 40, 40))
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    for i, (name, img) in enumerate(frames):
        x = GAP + (i % COLS) * (w + GAP)
        y = GAP + (i // COLS) * (h + GAP)
        out.blit(font.render("%s  %s" % (code, name), True, (230, 230, 230)), (x, y))
        out.blit(img, (x, y + CAPTION))
    pygame.image.save(out, path)
    return [name for name, _ in frames]


def make(d, codes=None):
    harness.install()
    from taki_ui import text

    os.makedirs(d, exist_ok=True)
    for code in codes or text.LANGS:
        path = os.path.join(d, code + ".png")
        names = sheet(code, path)
        print("%s: %d screens" % (path, len(names)))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    d = argv[0] if argv else os.path.join(harness.ROOT, "docs", "sheets")
    make(d, argv[1:] or None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
