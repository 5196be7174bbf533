"""Where the texts of a screen stand, pixel by pixel (issue 22, item 3).

`defects(sim)` reads the displayio tree the simulator shows as displayio
composes it (each layer over the ones before it, a Group's scale, a
palette's transparent index, vectorio shapes) and finds every text's ink:
the pool's lines (taki_ui.text) and display_text labels. A text is

    cut      when ink of it falls off the screen, or the line's own
             bookkeeping (harness.cut()) says a glyph did not fit
             its box;
    covered  when an opaque pixel of a layer above it hides ink of it, when
             its ink stands on a card, or shares a pixel with another text's.

Desktop only (tests, `python -m sim.bench lang`).
"""

import displayio
from boards import SCREEN_H, SCREEN_W

from sim.testing import harness

TEXT, CARD, OTHER = "text", "card", "other"
SHEET_W = 1280  # the card sheet's width (taki_ui.cardart.SHEET_W): its TileGrids are cards


def _layers(group, ox, oy, scale, texts, out, label=None):
    if group.hidden:
        return
    for item in group:
        x = ox + item.x * scale
        y = oy + item.y * scale
        if isinstance(item, displayio.Group):
            _layers(item, x, y, scale * item.scale, texts, out,
                    item if hasattr(item, "line_spacing") else label)
        elif isinstance(item, displayio.TileGrid):
            if item.hidden:
                continue
            if id(item) in texts:
                kind = texts[id(item)]
            elif label is not None:
                kind = TEXT
                texts[id(item)] = label
            else:
                kind = CARD if item.bitmap.width == SHEET_W else OTHER
            out.append((kind, x, y, scale, item))
        elif not getattr(item, "hidden", False):  # a vectorio shape
            out.append((OTHER, ox, oy, scale, item))


def _tile_pixels(tg):
    """(x, y, opaque, ink) of a TileGrid's pixels, in its own coordinates."""
    bm = tg.bitmap
    tw, th = tg.tile_width, tg.tile_height
    per_row = bm.width // tw
    pal = tg.pixel_shader
    clear = [pal.is_transparent(i) for i in range(len(pal))] if isinstance(pal, displayio.Palette) else None
    if tg.flip_x or tg.flip_y or tg.transpose_xy:
        raise ValueError("layout: a flipped TileGrid is not read here")
    for ty in range(tg.height):
        for tx in range(tg.width):
            t = tg[tx, ty]
            sx = (t % per_row) * tw
            sy = (t // per_row) * th
            for ly in range(th):
                for lx in range(tw):
                    v = bm[sx + lx, sy + ly]
                    yield tx * tw + lx, ty * th + ly, not (clear and clear[v]), v != 0


def _shape_pixels(shape, ox, oy, scale):
    """Screen pixels a vectorio shape paints (its colour not transparent)."""
    pal = shape.pixel_shader
    if isinstance(pal, displayio.Palette) and pal.is_transparent(shape.color_index):
        return
    if hasattr(shape, "points"):
        pts = [(ox + (shape.x + px) * scale, oy + (shape.y + py) * scale) for px, py in shape.points]
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        for y in range(max(0, y0), min(SCREEN_H, y1 + 1)):
            for x in range(max(0, x0), min(SCREEN_W, x1 + 1)):
                if _inside(pts, x + 0.5, y + 0.5):
                    yield x, y
        return
    if hasattr(shape, "radius"):
        r = shape.radius * scale
        cx, cy = ox + shape.x * scale, oy + shape.y * scale
        for y in range(max(0, cy - r), min(SCREEN_H, cy + r + 1)):
            for x in range(max(0, cx - r), min(SCREEN_W, cx + r + 1)):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                    yield x, y
        return
    x0, y0 = ox + shape.x * scale, oy + shape.y * scale
    for y in range(max(0, y0), min(SCREEN_H, y0 + shape.height * scale)):
        for x in range(max(0, x0), min(SCREEN_W, x0 + shape.width * scale)):
            yield x, y


def _inside(pts, x, y):
    n = len(pts)
    c = False
    for i in range(n):
        (ax, ay), (bx, by) = pts[i], pts[i - 1]
        if (ay > y) != (by > y) and x < ax + (bx - ax) * (y - ay) / (by - ay):
            c = not c
    return c


def _compose(sim):
    """The screen sim shows, composed: (texts by TileGrid id, layers, the
    topmost opaque layer of each pixel, each text's ink, what meets what)."""
    texts = {id(ln.tile): ln for ln in sim.app.stage.lines.lines}
    for ln in getattr(sim.app.screen, "rows", None) or ():
        texts.setdefault(id(ln.tile), ln)
    layers = []
    kinds = {k: TEXT for k in texts}
    _layers(sim.display.root_group, 0, 0, 1, kinds, layers)
    for k, v in kinds.items():
        if v != TEXT:  # a display_text label: its TileGrid
            texts[k] = v
    top = [[-1] * SCREEN_W for _ in range(SCREEN_H)]  # the topmost opaque layer
    card = [[-1] * SCREEN_W for _ in range(SCREEN_H)]  # the card whose pixel is on top
    ink_of = [[-1] * SCREEN_W for _ in range(SCREEN_H)]  # the text whose ink is on top
    inks = []  # (layer, [(x, y)]) of each text, off-screen ink included
    meets = set()  # (text, card or text) where ink of the first stands on the second
    for i, (kind, ox, oy, scale, item) in enumerate(layers):
        if not isinstance(item, displayio.TileGrid):
            for x, y in _shape_pixels(item, ox, oy, scale):
                top[y][x] = i
                card[y][x] = -1
                ink_of[y][x] = -1
            continue
        ink = []
        for lx, ly, opaque, on in _tile_pixels(item):
            if not opaque:
                continue
            on = on and kind == TEXT
            for dy in range(scale):
                for dx in range(scale):
                    x, y = ox + lx * scale + dx, oy + ly * scale + dy
                    if on:
                        ink.append((x, y))
                    if not (0 <= x < SCREEN_W and 0 <= y < SCREEN_H):
                        continue
                    if on and card[y][x] >= 0:
                        meets.add((i, card[y][x]))
                    if on and ink_of[y][x] >= 0:
                        meets.add((i, ink_of[y][x]))
                    top[y][x] = i
                    card[y][x] = i if kind == CARD else -1
                    ink_of[y][x] = i if on else -1
        if ink:
            inks.append((i, ink))
    return texts, layers, top, inks, meets


def defects(sim, cut_before=None):
    """[(kind, text)] of what is cut or covered on the screen sim shows.
    cut_before: harness.cut() before the screen was drawn (then the lines'
    own count of glyphs that did not fit is a cut too)."""
    texts, layers, top, inks, meets = _compose(sim)
    found = {}  # layer -> what is wrong with its text
    shown = set(v for row in top for v in row)
    for i, j in meets:  # what is wholly hidden after all (a notice over the header) meets nothing
        if j in shown:
            found.setdefault(i, set()).add("covered")
            if layers[j][0] == TEXT:
                found.setdefault(j, set()).add("covered")
    out = []
    for i, ink in inks:
        seen = [p for p in ink if 0 <= p[0] < SCREEN_W and 0 <= p[1] < SCREEN_H]
        wrong = found.get(i, set())
        if len(seen) < len(ink):
            wrong.add("cut")  # off the screen
        hidden = sum(1 for x, y in seen if top[y][x] != i)
        if 0 < hidden < len(seen):  # partly hidden (wholly: replaced, as a notice does the header)
            wrong.add("covered")
        if hidden == len(seen):
            wrong.discard("covered")
        name = texts[id(layers[i][4])].text
        for kind in sorted(wrong):
            out.append((kind, name))
    if cut_before is not None and harness.cut() != cut_before:
        out.append(("cut", "a glyph that did not fit its line"))
    return out


def text_boxes(sim):
    """[(key, text, x0, y0, x1, y1)] of each text's visible ink on the screen
    sim shows, top to bottom (the box's corners, inclusive). key: the same
    text element in every language (the texts a line of pictures shows, its
    line's place in the pool, or "label" and the label's place among the
    screen's labels)."""
    texts, layers, top, inks, _ = _compose(sim)
    pool = {id(ln.tile): k for k, ln in enumerate(sim.app.stage.lines.lines)}
    labels = []
    used = set()
    out = []
    for i, ink in inks:
        seen = [(x, y) for x, y in ink if 0 <= x < SCREEN_W and 0 <= y < SCREEN_H and top[y][x] == i]
        if seen:
            xs = [p[0] for p in seen]
            ys = [p[1] for p in seen]
            tg = layers[i][4]
            said = getattr(texts[id(tg)], "said", None)
            if said:  # the texts it shows (pictures): the same in every language
                key = ("text",) + tuple(said)
                while key in used:
                    key += ("again",)
                used.add(key)
            elif id(tg) in pool:
                key = pool[id(tg)]
            else:
                labels.append(tg)
                key = "label %d" % len(labels)
            out.append((key, texts[id(tg)].text, min(xs), min(ys), max(xs), max(ys)))
    out.sort(key=lambda b: (b[3], b[2]))
    return out


def element_boxes(sim):
    """[(key, kind, x0, y0, x1, y1)] of what else the screen sim shows (cards,
    shapes, the bar, the arrows): each one's visible pixels' box. key: its
    place among them in the tree (the same element in every language that
    lays the screen out alike)."""
    texts, layers, top, inks, _ = _compose(sim)
    boxes = {}
    for y in range(SCREEN_H):
        for x in range(SCREEN_W):
            i = top[y][x]
            if i >= 0 and layers[i][0] != TEXT:
                b = boxes.get(i)
                boxes[i] = (x, y, x, y) if b is None else (min(b[0], x), min(b[1], y),
                                                           max(b[2], x), max(b[3], y))
    order = [i for i, layer in enumerate(layers) if layer[0] != TEXT]
    return [(order.index(i), layers[i][0]) + boxes[i] for i in sorted(boxes)]
