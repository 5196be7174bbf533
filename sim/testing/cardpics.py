"""Pictures of the cards, as the simulated TFT draws them (desktop only).

    python -m sim.testing.cardpics [DIR]      (default docs/cards)

writes
    cards-1x.png          every face: the 13 symbols in each colour, the five
                          colourless cards and the back, a row of dimmed
                          (unplayable) cards, and the four colour marks on
                          swatches (cardart.mark), at the hand's size (1x)
    cards-4x.png          the same, scaled 4x as the simulator's window shows it
    deuteranopia-2x.png   left the cards as they are, right as a deuteranope
                          sees them (Machado, Oliveira & Fernandes 2009,
                          severity 1), both 2x
    tritanopia-2x.png     the same for tritanopia (blue/yellow)
    table-deuteranopia.png  a turn on the table screen, from the real app,
                          normal and deuteranopia side by side (2x)

Every card is a cardart.Card painted by the game's own code and drawn by the
simulated display (RGB565, as the TFT gets it), 160x128 pixels at a time.
The colour-blindness simulation works on those RGB pixels: sRGB to linear
light, Machado's 3x3 matrix, back to sRGB.
"""

import os
import sys

from sim import ROOT

CELL_W = 22
CELL_H = 30
MARGIN = 2
COLS = 13
BG = 0x000000  # the table: the panel's own black (taki_ui.stage)

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968),
                (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
TRITANOPIA = ((1.255528, -0.076749, -0.178779),
              (-0.078411, 0.930809, 0.147602),
              (0.004733, 0.691367, 0.303900))

# The dimmed row: one of each colour, specials, and the colourless cards.
DIMMED = ("R5", "G5", "B5", "Y5", "RSTOP", "GDIR", "BPLUS", "YTAKI", "R+2", "COLOR",
          "SUPERTAKI", "KING", "+3BREAK")


def rows():
    """The picture's card rows: lists of (card type or -1, dimmed)."""
    from taki_core.cards import card_type

    out = [[(c * 13 + s, False) for s in range(13)] for c in range(4)]
    out.append([(t, False) for t in range(52, 57)] + [(-1, False)])
    out.append([(card_type(n), True) for n in DIMMED])
    return out


def size():
    n = len(rows())
    return MARGIN + COLS * CELL_W, MARGIN + n * CELL_H + 14


def card_xy(row, col):
    """Top-left of the card in the picture at (row, col)."""
    return MARGIN + col * CELL_W, MARGIN + row * CELL_H


def swatch_xy(c):
    """Top-left of colour c's swatch (9x9, its mark at +2, +2)."""
    return MARGIN + c * CELL_W, MARGIN + len(rows()) * CELL_H


def build():
    """The picture as a displayio Group, and the objects it needs kept."""
    import displayio
    import vectorio
    from taki_ui import cardart
    from taki_ui import sheet as sheet_mod

    w, h = size()
    g = displayio.Group()
    pal = displayio.Palette(1)
    pal[0] = BG
    g.append(vectorio.Rectangle(pixel_shader=pal, x=0, y=0, width=w, height=h))
    sheet, missing = sheet_mod.load()
    assert missing is None, "cards.bmp is missing"
    card = None
    for r, row in enumerate(rows()):
        for col, (t, dimmed) in enumerate(row):
            card = cardart.Card(sheet)
            card.paint(t, dimmed)
            card.x, card.y = card_xy(r, col)
            g.append(card.tile)
    for c in range(4):
        x, y = swatch_xy(c)
        sp = displayio.Palette(1)
        sp[0] = cardart.COLOURS[c]
        g.append(vectorio.Rectangle(pixel_shader=sp, x=x, y=y, width=9, height=9))
        g.append(cardart.mark(card, c, x + 2, y + 2))
    return g


def render(group, w, h):
    """What the simulated TFT shows of group, w x h pixels (a pygame Surface),
    drawn a screen at a time."""
    import board
    import displayio
    import pygame

    d = board.DISPLAY
    page = displayio.Group()
    page.append(group)
    d.root_group = page
    out = pygame.Surface((w, h))
    for y in range(0, h, d.height):
        for x in range(0, w, d.width):
            page.x, page.y = -x, -y
            d.redraw()
            out.blit(d.surface(), (x, y))
    d.root_group = None
    page.remove(group)
    return out


def cards_surface():
    """The cards picture at 1x, rendered by the simulator."""
    from sim.testing import harness

    harness.install()
    w, h = size()
    return render(build(), w, h)


def _to_linear(v):
    import numpy as np

    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def _to_srgb(v):
    import numpy as np

    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055)


def simulate_rgb(rgb, matrix):
    """An (..., 3) uint8 array of sRGB pixels as someone with the colour
    vision deficiency of `matrix` sees them (uint8 again)."""
    import numpy as np

    lin = _to_linear(np.asarray(rgb, dtype=np.float64) / 255.0)
    out = np.clip(lin @ np.array(matrix).T, 0.0, 1.0)
    return np.rint(_to_srgb(out) * 255.0).astype(np.uint8)


def simulate(surface, matrix):
    """A pygame Surface as seen with the colour vision deficiency `matrix`."""
    import pygame

    return pygame.surfarray.make_surface(simulate_rgb(pygame.surfarray.array3d(surface), matrix))


def scaled(surface, k):
    import pygame

    return pygame.transform.scale(surface, (surface.get_width() * k, surface.get_height() * k))


def side_by_side(a, b, gap=8):
    import pygame

    out = pygame.Surface((a.get_width() + gap + b.get_width(), max(a.get_height(), b.get_height())))
    out.fill((255, 255, 255))
    out.blit(a, (0, 0))
    out.blit(b, (a.get_width() + gap, 0))
    return out


def table_surface():
    """A turn on the table screen, from the real app: a hand of every colour,
    some cards dimmed."""
    from sim.testing import harness

    sim = harness.Sim(render=True)
    st = sim.app.settings
    st.players = 2
    st.kinds[0] = st.kinds[1] = 0
    harness.arrange(sim, 2, [["R5", "G5", "B7", "Y5", "GSTOP", "B+2", "KING", "+3BREAK"],
                             ["Y3", "Y4"]], ["G3"], humans=(0, 1))
    sim.press("A")  # the pass screen: A hands the device on
    sim.display.redraw()
    return sim.display.surface().copy()


def make(d):
    import pygame

    os.makedirs(d, exist_ok=True)
    one = cards_surface()
    two = scaled(one, 2)
    pics = {
        "cards-1x.png": one,
        "cards-4x.png": scaled(one, 4),
        "deuteranopia-2x.png": side_by_side(two, simulate(two, DEUTERANOPIA)),
        "tritanopia-2x.png": side_by_side(two, simulate(two, TRITANOPIA)),
    }
    try:
        table = scaled(table_surface(), 2)
        pics["table-deuteranopia.png"] = side_by_side(table, simulate(table, DEUTERANOPIA))
    except Exception as e:  # the app's screens change more often than the cards
        print("table-deuteranopia.png not made: %s: %s" % (type(e).__name__, e))
    for name, surf in pics.items():
        path = os.path.join(d, name)
        pygame.image.save(surf, path)
        print(os.path.relpath(path, ROOT))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    make(argv[0] if argv else os.path.join(ROOT, "docs", "cards"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
